"""The one place where the Etariya screens read the engine (`companion.games.etariya`).

Everything here turns engine objects into what a widget shows (a `BoardPicture`, a line of
text) or passes a person's action to the engine; no rule is decided here. It also keeps the
user's edited map faces: a JSON file (the engine's `faces_to_data` format) in the user data
folder next to the history database (`COMPANION_DATA_DIR` overrides the folder).
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any

from companion.games.etariya import board as eb
from ui.games.etariya.board_widget import STONE_CODES, BoardPicture, Slot, stone_hex
from ui.i18n import language, tr

if TYPE_CHECKING:
    from ui.context import AppContext

LIGHT, DARK = eb.LIGHT, eb.DARK
FACES_FILE = "etariya_faces.json"
Cell = tuple[int, int]


# --- names --------------------------------------------------------------------------------
def cell_name(cell: Cell) -> str:
    return eb.cell_name(cell)


def colour_codes() -> tuple[str, ...]:
    return eb.CODES


def colour_name(code: str, lang: str | None = None) -> str:
    """"Red" / "赤"."""
    name = eb.colour_name(code, lang or language().code)
    return name[:1].upper() + name[1:]


def faction_name(faction: str, lang: str | None = None) -> str:
    en, ja = eb.FACTION_NAMES[faction]
    return ja if (lang or language().code) == "ja" else en.capitalize()


def other_faction(faction: str) -> str:
    return DARK if faction == LIGHT else LIGHT


def side_name(state: Any, seat: int) -> str:
    """"Light" / "Dark" for a seat of a game (its faction)."""
    factions = getattr(state, "factions", None)
    if factions and seat < len(factions) and factions[seat] in (LIGHT, DARK):
        return faction_name(factions[seat])
    return tr(f"Seat {seat + 1}", f"席 {seat + 1}")


def hand_style(key: str) -> str:
    """A button's colours for a placement group (a stone colour, or the power chip)."""
    if key in STONE_CODES:
        from ui.games.etariya.board_widget import stone_colour, text_on

        colour = stone_colour(key)
        return (f"QPushButton {{ background: {colour.name()}; color: {text_on(colour).name()};"
                " font-weight: bold; border: 2px solid #333; border-radius: 5px;"
                " padding: 4px 6px; } QPushButton:checked { border: 4px solid #1f9d3a; }")
    return ("QPushButton { background: #e8eefc; border: 2px solid #1565c0; border-radius: 5px;"
            " padding: 4px 6px; } QPushButton:checked { border: 4px solid #1565c0; }")


# --- map faces ----------------------------------------------------------------------------
def default_faces() -> tuple[eb.MapFace, ...]:
    return eb.default_faces()


def face_problems(face: eb.MapFace) -> list[str]:
    return list(eb.face_problems(face))


def count_faction(face: eb.MapFace) -> tuple[int, int]:
    cells = face.pattern
    return cells.count(LIGHT), cells.count(DARK)


def face_label(index: int, lang: str, faces: Sequence[eb.MapFace] | None = None) -> str:
    face = (faces or default_faces())[index]
    return (f"シート {face.sheet} · {face.side} 面" if lang == "ja"
            else f"Sheet {face.sheet} · side {face.side}")


def toggled(face: eb.MapFace, row: int, col: int) -> eb.MapFace:
    """The face with one cell turned Light ⇄ Dark."""
    rows = [list(line) for line in face.rows]
    rows[row][col] = other_faction(rows[row][col])
    return replace(face, rows=tuple("".join(line) for line in rows))


def data_dir() -> Path:
    override = os.environ.get("COMPANION_DATA_DIR")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("TabletopCompanion", False))


def faces_path() -> Path:
    return data_dir() / FACES_FILE


def _read_faces_file(path: Path) -> list[eb.MapFace] | None:
    """The faces saved by the editor, valid or not (None when there is no usable file)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        found = {(int(s["sheet"]), str(side)): tuple(str(r).upper() for r in rows)
                 for s in data["sheets"] for side, rows in s["faces"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return [replace(face, rows=found.get((face.sheet, face.side), face.rows))
            for face in default_faces()]


#: Faces edited without a context (no file to keep them in), for this run only.
_session_faces: list[eb.MapFace] | None = None


def load_user_faces(ctx: AppContext | None) -> list[eb.MapFace]:
    """The faces the editor shows: the saved ones (even unfinished), else the defaults."""
    if ctx is None:
        return list(_session_faces or default_faces())
    saved = _read_faces_file(faces_path())
    return saved if saved is not None else list(default_faces())



def save_user_faces(ctx: AppContext | None, faces: Sequence[eb.MapFace]) -> list[str]:
    """Keep the edited faces (atomically) and hand them to the engine when all are valid.

    Returns the problems (empty when the set is valid and in use)."""
    global _session_faces
    _session_faces = list(faces)
    if ctx is not None:
        path = faces_path()
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(eb.faces_to_data(list(faces)), ensure_ascii=False,
                                  indent=1), encoding="utf-8")
        os.replace(tmp, path)
    problems = [p for face in faces for p in eb.face_problems(face)]
    _use_faces(None if problems else list(faces))
    return problems


_active: tuple[eb.MapFace, ...] | None = None


def _use_faces(faces: Sequence[eb.MapFace] | None) -> None:
    """Tell the engine which faces setups and new games use (None: the defaults)."""
    global _active
    _active = tuple(faces) if faces is not None and tuple(faces) != default_faces() else None
    hook = getattr(eb, "set_user_faces", None)
    if hook is not None:
        hook(_active)


def apply_user_faces(ctx: AppContext | None) -> None:
    """Load the user's faces (if valid) into the engine: call before a setup or a game."""
    faces = load_user_faces(ctx)
    valid = not any(eb.face_problems(face) for face in faces)
    _use_faces(faces if valid else None)


def active_faces() -> tuple[eb.MapFace, ...] | None:
    """The edited faces in use, or None for the defaults."""
    return _active


# --- setup --------------------------------------------------------------------------------
def conflicting_expansions(chosen: Sequence[str], newest: str) -> list[str]:
    """The other chosen expansions the engine will not play together with `newest`."""
    from companion.games.registry import OptionError, get

    check = get("etariya").check_options
    if check is None:
        return []

    def refused(expansions: Sequence[str]) -> bool:
        try:
            check({"expansions": sorted(expansions)})
        except OptionError:
            return True
        return False

    return [other for other in chosen
            if other != newest and refused([newest, other])]


def new_setup(expansions: Sequence[str]) -> Any:
    import random

    from companion.games.etariya.setup import randomize_setup

    seed = random.SystemRandom().randrange(2**31)
    return randomize_setup(seed, tuple(expansions), faces=active_faces())


def setup_from_code(code: str) -> Any:
    from companion.games.etariya.setup import setup_from_code as read

    return read(code, faces=active_faces())


def setup_code(setup: Any) -> str:
    code = setup.code
    return str(code() if callable(code) else code)


def setup_expansions(setup: Any) -> tuple[str, ...]:
    return tuple(getattr(setup, "expansions", ()) or ())


def setup_pairing(setup: Any) -> tuple[int, ...]:
    pairing = getattr(setup, "score_pairing", None) if setup is not None else None
    return tuple(pairing) if pairing else ()


def default_pairing() -> tuple[int, ...]:
    """Score chips in colour order when no setup drew them (the table pairs them itself)."""
    from companion.games.etariya.rules import SCORE_VALUES

    return tuple(SCORE_VALUES)


def setup_picture(setup: Any, lang: str) -> BoardPicture:
    from companion.games.etariya.texts import slot_label

    slots = []
    for p in sorted(setup.placements, key=lambda p: p.slot):
        top, left, rows, cols = eb.SLOTS[p.slot - 1]
        slots.append(Slot(top, left, rows, cols, slot_label(p, lang)))
    slots.append(Slot(3, 3, 1, 1, ""))  # the centre: the second player's small sheet
    return BoardPicture(factions=tuple(setup.board()), slots=tuple(slots),
                        no_first_stone=eb.CORNERS)


def empty_picture() -> BoardPicture:
    return BoardPicture(no_first_stone=eb.CORNERS)


def setup_summary_html(setup: Any) -> str:
    """First player, centre sheet and (E) the score chip on each dominance chip, as chips."""
    first = faction_name(setup.first)
    centre = faction_name(other_faction(setup.first))
    parts = [tr(f"First player: <b>{first}</b> · centre sheet: <b>{centre}</b>",
                f"先手: <b>{first}</b> · 中央のシート: <b>{centre}</b>")]
    pairing = setup_pairing(setup)
    if pairing:
        chips = " ".join(
            f"<span style='background:{stone_hex(code)}; color: white; font-weight: bold;'>"
            f"&nbsp;{escape(colour_name(code))} {value}&nbsp;</span>"
            for code, value in zip(eb.CODES, pairing, strict=False))
        parts.append(tr("Score chips (E): ", "得点チップ(E): ") + chips)
    return "<br>".join(parts)


def setup_lines(setup: Any, lang: str) -> list[str]:
    """What to do at the table, one line per step (the same words as the printed card)."""
    from companion.games.etariya.texts import setup_lines as lines

    return lines(setup, lang)


# --- digital play -------------------------------------------------------------------------
POWER = "power"


def new_game(options: Mapping[str, Any], seed: int, code: str = "") -> Any:
    """A new digital game on the faces in use (the record keeps every map event's cells, so
    undo and resume replay it whatever the faces are later). With a setup `code`, the game is
    laid out exactly as that table setup (map, first player, E pairing, its expansions)."""
    from companion.core.record import Game
    from companion.games.etariya import INFO
    from companion.games.etariya.rules import new_state

    setup = setup_from_code(code) if code else None
    if setup is not None:
        options = dict(options, **setup.options())
    checked = INFO.validate_options(dict(options))
    return Game(new_state(2, checked, faces=active_faces(), setup=setup), seed)


def move_cell(move: Any) -> Cell | None:
    cell = getattr(move, "cell", None)
    if isinstance(cell, int):
        return eb.cell_at(cell)
    return (int(cell[0]), int(cell[1])) if cell is not None else None


def move_group(move: Any) -> str | None:
    """The placement group of a move: its stone colour, "power", or None (no cell)."""
    if move_cell(move) is None:
        return None
    colour = getattr(move, "colour", None)
    return str(colour) if colour else POWER


def placement_groups(legal: Sequence[Any], state: Any = None) -> dict[str, str]:
    """Groups of the cell moves now offered, in colour order: key -> button text."""
    keys = {g for m in legal if (g := move_group(m)) is not None}
    groups = {}
    for code in eb.CODES:
        if code in keys:
            groups[code] = colour_name(code)
    if POWER in keys:
        chip = ""
        if state is not None:
            seat = _call(state, "to_move", default=-1)
            chip = _seat_item(getattr(state, "power_hand", ()), seat, "")
        shown = {"W": tr(" ○ white", " ○ 白"), "B": tr(" ● black", " ● 黒")}.get(chip, "")
        groups[POWER] = tr("Power chip", "勢力チップ") + shown
    return groups


def move_at(legal: Sequence[Any], group: str | None, cell: Cell) -> Any | None:
    """The legal move of `group` on `cell` (any group when that is the only one there)."""
    here = [m for m in legal if move_cell(m) == cell]
    chosen = [m for m in here if move_group(m) == group]
    if chosen:
        return chosen[0]
    return here[0] if len({move_group(m) for m in here}) == 1 else None


def _letters(codes: Sequence[str]) -> str:
    return " ".join(colour_name(code) for code in codes)


def move_text(move: Any, state: Any = None) -> str:
    """A decision without a cell, in words (with the stones it takes, when known)."""
    text = str(move)
    if text == "accel":
        return tr("Accelerate (one more stone)", "加速(神石をもう1個)")
    if text.startswith("set "):
        number = int(text.split()[1])
        sets = getattr(state, "sets", None) or []
        stones = _letters(sets[number - 1]) if 0 < number <= len(sets) else ""
        head = tr(f"Take set {number}", f"{number} 組目を取る")
        return f"{head}: {stones}" if stones else head
    if text.startswith("end "):
        end = text.split()[1]
        line = list(getattr(state, "line", None) or [])
        taken = line[:3] if end == "left" else line[-3:][::-1]
        head = tr(f"Take from the {end} end", "左端から取る" if end == "left" else "右端から取る")
        return f"{head}: {_letters(taken)}" if taken else head
    return text


def record_move_text(text: str) -> str:
    """A move of the record in words of the interface language: "赤 d4", "Take set 2"."""
    words = text.split()
    if len(words) == 2 and words[0] in eb.CODES:
        return f"{colour_name(words[0])} {words[1]}"
    if len(words) == 2 and words[0] == "power":
        return tr(f"Power chip {words[1]}", f"勢力チップ {words[1]}")
    if len(words) == 2 and words[0] == "first":  # the players chose who starts
        return chance_text(text) or text
    return move_text(text)


def chance_text(text: str) -> str | None:
    """A chance entry of the record as the move list shows it after the move that caused it:
    stones drawn from the bag, a power chip turned up, who starts; None for the setup's map
    and score chips (the board shows them)."""
    words = text.split()
    if len(words) == 2 and words[0] == "draw" and words[1] in eb.CODES:
        name = colour_name(words[1])
        return tr(f" · drew {name}", f" · {name}を引いた")
    if len(words) == 2 and words[0] == "chip":
        chip = tr("white", "白") if words[1] == "W" else tr("black", "黒")
        return tr(f" · power chip {chip} turned up", f" · 勢力チップ {chip} を表に")
    if len(words) == 2 and words[0] == "first" and words[1] in eb.FACTION_NAMES:
        side = faction_name(words[1])
        return tr(f"{side} moves first", f"{side}が先手")
    return None


def prompt(state: Any, legal: Sequence[Any]) -> str:
    groups = placement_groups(legal)
    if any(move_cell(m) is None for m in legal) and not groups:
        return tr("Choose on the right.", "右側から選んでください。")
    if POWER in groups and len(groups) == 1:
        return tr("Place your power chip on a dashed cell.",
                  "勢力チップを点線のマスに置いてください。")
    return tr("Choose a stone, then a green cell.", "神石を選んで、緑のマスに置いてください。")


def _call(state: Any, name: str, *args: Any, default: Any = None) -> Any:
    value = getattr(state, name, None)
    if value is None:
        return default
    try:
        return value(*args) if callable(value) else value
    except (TypeError, KeyError, ValueError, IndexError):
        return default


def board_picture(state: Any, legal: Sequence[Any], group: str | None,
                  last: Sequence[Cell] = ()) -> BoardPicture:
    """The board of a game, with the cells where the chosen group may go outlined."""
    factions = _call(state, "board_factions", default=(LIGHT * 7,) * 7)
    stones: dict[Cell, tuple[str, ...]] = {}
    chips: dict[Cell, tuple[str, ...]] = {}
    for r in range(eb.SIZE):
        for c in range(eb.SIZE):
            stack = _call(state, "stack", (r, c), default=())
            if stack:
                stones[(r, c)] = tuple(stack)
            power = _call(state, "power_chips", (r, c), default=())
            if power:
                chips[(r, c)] = tuple(power)
    cells = [(move_cell(m), move_group(m)) for m in legal]
    stone_targets = frozenset(c for c, g in cells if c is not None and g == group != POWER)
    chip_targets = frozenset(c for c, g in cells if c is not None and g == group == POWER)
    return BoardPicture(factions=tuple(factions), stones=stones, chips=chips,
                        stone_targets=stone_targets, chip_targets=chip_targets,
                        last=frozenset(last), no_first_stone=eb.CORNERS)


def last_turn_cells(entries: Sequence[Any]) -> list[Cell]:
    """Cells of the latest seat's run of moves (its turn so far, or its last turn): the record
    is read from its end, only as far back as that turn."""
    cells: list[Cell] = []
    seat = None
    for entry in reversed(entries):
        if entry.is_chance:
            continue
        if seat is None:
            seat = entry.seat
        elif entry.seat != seat:
            break
        words = entry.move.split()
        if len(words) == 2 and words[0] != "set" and words[0] != "end":
            try:
                cells.append(eb.parse_cell(words[1]))
            except ValueError:
                continue
    return cells


def stone_letter(code: str) -> str:
    """A stone's short name: its letter in English, its one-character name in Japanese."""
    return colour_name(code) if language().code == "ja" else code


def _stones_html(codes: Sequence[str]) -> str:
    if not codes:
        return "—"
    return " ".join(f"<span style='color:{stone_hex(code)}; font-size: xx-large;'>●"
                    f"</span>{escape(stone_letter(code))}" for code in codes)


def info_html(state: Any) -> str:
    """Bag, open sets (A), the line (B), in rich text."""
    parts = []
    expansions = set(getattr(state, "expansions", ()) or ())
    bag = _call(state, "bag_count")
    if bag is not None and "B" not in expansions:
        parts.append(tr(f"Stones in the bag: <b>{bag}</b>", f"袋の神石: <b>{bag}</b> 個"))
    sets = getattr(state, "sets", None)
    if sets and "A" in expansions:
        for i, stones in enumerate(sets, start=1):
            parts.append(tr(f"Set {i}: ", f"{i} 組目: ") + _stones_html(stones))
    line = getattr(state, "line", None)
    if line and "B" in expansions:
        left, right = line[:4], line[-4:]
        parts.append(tr(f"Line ({len(line)}): left end ", f"神石列({len(line)}個): 左端 ")
                     + _stones_html(left) + " … " + _stones_html(right)
                     + tr(" right end", " 右端"))
    return "<br>".join(parts)


def _seat_item(values: Any, seat: int, default: Any) -> Any:
    try:
        return values[seat]
    except (TypeError, IndexError, KeyError):
        return default


def sides_html(state: Any, names: Sequence[str]) -> str:
    """Per seat: stones in hand, power chip (D), acceleration chips (C), dominance chips and
    score points (E)."""
    rows = []
    dominance: Mapping[str, str] = getattr(state, "dominance", {}) or {}
    pairing: Mapping[str, int] = getattr(state, "pairing", {}) or {}
    expansions = set(getattr(state, "expansions", ()) or ())
    factions = getattr(state, "factions", None) or ()
    for seat, name in enumerate(names):
        faction = factions[seat] if seat < len(factions) else None
        bits = [f"<b>{escape(name)}</b>"]
        hand = _call(state, "hand", seat, default=())
        bits.append(tr("hand: ", "手元: ") + _stones_html(hand))
        if "D" in expansions:
            chip = _seat_item(getattr(state, "power_hand", ()), seat, "")
            shown = {"W": tr("white ○ (makes Light)", "白 ○(光にする)"),
                     "B": tr("black ● (makes Dark)", "黒 ●(闇にする)")}.get(chip or "", "—")
            bits.append(tr("power chip: ", "勢力チップ: ") + shown)
        if "C" in expansions:
            bits.append(tr("acceleration chips: ", "加速チップ: ")
                        + str(_seat_item(getattr(state, "accel", ()), seat, 0)))
        won = [code for code in eb.CODES if faction and dominance.get(code) == faction]
        chips = " ".join(f"<span style='background:{stone_hex(code)}; "
                         f"color: white;'>&nbsp;◆{escape(stone_letter(code))}"
                         + (f" {pairing[code]}" if "E" in expansions and code in pairing else "")
                         + "&nbsp;</span>" for code in won) or "—"
        bits.append(tr(f"dominance chips ({len(won)}/4): ", f"支配チップ({len(won)}/4 枚): ")
                    + chips)
        if "E" in expansions:
            points = sum(pairing.get(code, 0) for code in won)
            bits.append(tr(f"score: <b>{points}</b> / 7", f"得点: <b>{points}</b> / 7"))
        rows.append("<br>".join(bits))
    if "E" in expansions and pairing:
        free = [f"{colour_name(code)} {pairing[code]}" for code in eb.CODES
                if code in pairing and code not in dominance]
        if free:
            rows.append(tr("Score chips still free: ", "未獲得の得点チップ: ")
                        + escape(", ".join(free)))
    return "<hr>".join(rows)


def outcome_text(state: Any, outcome: Any) -> str:
    """Why the game ended, in the interface language."""
    from companion.games.etariya.texts import outcome_text as words

    return words(state, outcome, language().code)


# --- the table tracker --------------------------------------------------------------------
@dataclass(frozen=True)
class TableGame:
    """A game at the table as taps: the engine's `Tracker` is rebuilt by replaying them, so
    the value is immutable (one per undo step) and saves as plain JSON."""

    first: str = LIGHT
    expansions: tuple[str, ...] = ()
    pairing: tuple[int, ...] = ()  # E: score chip per colour, in colour order
    taps: tuple[tuple[str, str, int], ...] = ()
    started_at: str = field(default_factory=lambda: datetime.now().replace(
        microsecond=0).isoformat())
    _cache: list[Any] = field(default_factory=list, compare=False, repr=False)

    def tracker(self) -> Any:
        if not self._cache:
            from companion.games.etariya.tracker import Tracker

            pairing = dict(zip(eb.CODES, self.pairing, strict=True)) if self.pairing else {}
            tracker = Tracker(self.first, self.expansions, pairing,
                              started_at=datetime.fromisoformat(self.started_at))
            for colour, faction, step in self.taps:
                (tracker.add if step > 0 else tracker.remove)(colour, faction)
            self._cache.append(tracker)
        return self._cache[0]


def new_tracker(pairing: Iterable[int], first: str = LIGHT) -> TableGame:
    values = tuple(pairing)
    return TableGame(first, ("E",) if values else (), values)


def tracker_step(model: TableGame, colour: str, faction: str, step: int) -> TableGame:
    """The game after one tap; `ValueError` (the engine's words) when it cannot be."""
    probe = copy.deepcopy(model.tracker())
    (probe.add if step > 0 else probe.remove)(colour, faction)
    after = replace(model, taps=(*model.taps, (colour, faction, step)), _cache=[])
    after._cache.append(probe)
    return after


def tracker_with_first(model: TableGame, first: str) -> TableGame:
    return replace(model, first=first, _cache=[])


def setup_first(setup: Any) -> str:
    return str(getattr(setup, "first", LIGHT))


def tracker_to_dict(model: TableGame) -> dict[str, Any]:
    return {"first": model.first, "expansions": list(model.expansions),
            "pairing": list(model.pairing), "taps": [list(t) for t in model.taps],
            "started_at": model.started_at}


def tracker_from_dict(data: Mapping[str, Any]) -> TableGame:
    model = TableGame(str(data.get("first", LIGHT)), tuple(data.get("expansions", ())),
                      tuple(int(v) for v in data.get("pairing", ())),
                      tuple((str(c), str(f), int(s)) for c, f, s in data.get("taps", ())),
                      str(data.get("started_at") or datetime.now().replace(
                          microsecond=0).isoformat()))
    model.tracker()  # raises ValueError when the saved taps do not replay
    return model


def tracker_started(model: TableGame) -> bool:
    return bool(model.taps)


def tracker_uses_scores(model: TableGame) -> bool:
    return bool(model.pairing)


def tracker_count(model: TableGame, colour: str, faction: str) -> int:
    return int(model.tracker().count(colour, faction))


def tracker_can_add(model: TableGame, colour: str, faction: str) -> bool:
    try:
        tracker_step(model, colour, faction, 1)
    except ValueError:
        return False
    return True


def tracker_chip(model: TableGame, colour: str) -> str | None:
    owner = model.tracker().dominance().get(colour)
    return str(owner) if owner else None


def tracker_score_chip(model: TableGame, colour: str) -> int | None:
    if not model.pairing:
        return None
    return model.pairing[eb.CODES.index(colour)]


def tracker_winner(model: TableGame) -> str | None:
    winner = model.tracker().winner()
    return str(winner) if winner else None


def tracker_over(model: TableGame) -> bool:
    return bool(model.tracker().is_over())


def tracker_totals(model: TableGame, names: Mapping[str, str], lang: str) -> str:
    tracker = model.tracker()
    lines: list[str] = []
    for faction in (LIGHT, DARK):
        count = int(tracker.chips(faction))
        line = (f"{names[faction]}: 支配チップ {count} 枚" if lang == "ja"
                else f"{names[faction]}: {count} dominance chip{'s' if count != 1 else ''}")
        if model.pairing:
            points = tracker.points(faction)
            line += f"、得点 {points} 点" if lang == "ja" else \
                f", {points} point{'s' if points != 1 else ''}"
        lines.append(line)
    placed = tracker.placed()
    goal = ("7 点で勝利" if model.pairing else "4 枚で勝利") if lang == "ja" else \
        ("7 points win" if model.pairing else "4 chips win")
    stones = f"盤上の神石 {placed} / 49" if lang == "ja" else f"stones on the board: {placed} / 49"
    return "\n".join(lines) + f"\n{stones} ({goal})"


def tracker_play_record(model: TableGame, names: Mapping[str, str], setup: Any) -> Any:
    """The finished table play for the history; seat 0 is the first player."""
    tracker = copy.deepcopy(model.tracker())
    tracker.names = [names[model.first], names[other_faction(model.first)]]
    play = tracker.to_play_record()
    if setup is not None and setup_first(setup) == model.first and \
            tuple(sorted(setup_expansions(setup))) == tuple(sorted(model.expansions)):
        play.options = dict(play.options, setup_code=setup_code(setup))  # the board played
    return play
