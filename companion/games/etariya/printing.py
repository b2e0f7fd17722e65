"""Printable Etariya sheets (reportlab through `companion.export.pdf`).

- `setup_card(setup, lang)`: the board to build (which sheet, which face, which slot, turned or
  not), the first player, the expansions, the E score-chip pairing and the setup code.
- `result_sheets(...)` / `play_sheets(play, lang)`: a finished digital play — the chips each side
  won, the final board in the palette's colours (each stone with its colour's letter, stacks
  with their height too; power chips), the move list.
- `blank_tracker_sheet(lang)`: a tally sheet for a game at the table (stones of each colour on
  Light and Dark cells, the dominance chip, the score chip).

The board is drawn from plain data (`PrintBoard`) so the same drawing serves every sheet.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from companion.colours import ETARIYA_CELLS, ETARIYA_STONES, Palette, ink_on
from companion.export.pdf import (
    Rect,
    SheetSpec,
    draw_text,
    fit_text,
    label,
    text_width,
    wrap_text,
)
from companion.games.etariya.texts import outcome_text, setup_lines, slot_label

Cell = tuple[int, int]
SIZE = 7
LIGHT, DARK = "L", "D"

LIGHT_RGB = ETARIYA_CELLS.rgb(LIGHT, Palette.STANDARD)
DARK_RGB = ETARIYA_CELLS.rgb(DARK, Palette.STANDARD)
_GREY = (0.4, 0.4, 0.4)

_TEXT = {
    "title": ("Etariya", "エタリヤ"),
    "setup": ("Setup card", "準備カード"),
    "result": ("Result sheet", "結果シート"),
    "tracker": ("Tally sheet for play at the table", "卓上プレイ用集計シート"),
    "code": ("Setup code", "準備コード"),
    "first": ("First player", "先手"),
    "expansions": ("Expansions", "拡張"),
    "none": ("none", "なし"),
    "light": ("Light", "光"),
    "dark": ("Dark", "闇"),
    "colour": ("Colour", "色"),
    "stones_light": ("Stones on Light cells", "光のマスの神石"),
    "stones_dark": ("Stones on Dark cells", "闇のマスの神石"),
    "dominance": ("Dominance chip", "支配チップ"),
    "score_chip": ("Score chip (E)", "得点チップ(E)"),
    "chips": ("Dominance chips", "支配チップ"),
    "points": ("Score chips (E)", "得点チップ(E)"),
    "pairing": ("Score chips on the dominance chips (E)", "支配チップに乗せる得点チップ(E)"),
    "board": ("The board to build", "作るボード"),
    "final": ("The board at the end", "終了時のボード"),
    "centre": ("centre: small sheet of the second player", "中央: 後手の陣営のマップシート(小)"),
    "tracker_help": (
        "Tick one box per stone as it is placed (a stacked stone counts for its cell). "
        "4 stones of one colour on one side's cells win that colour's dominance chip at once; "
        "4 chips win (E: 7 points of score chips).",
        "神石を置くたびに1つチェック(重ねた神石もそのマスに数える)。同じ色の神石が一方の陣営の"
        "マスに4個になった時点で、その陣営がその色の支配チップを得る。4枚で勝利(E: 得点チップ"
        "7点)。"),
    "winner": ("Winner", "勝者"),
    "turned": ("turned 180°", "180°回転"),
    "sheet": ("Sheet", "シート"),
    "face": ("face", "面"),
}


def text(key: str, lang: str) -> str:
    en, ja = _TEXT[key]
    return ja if lang == "ja" else en


def _light(rgb: tuple[float, float, float], amount: float) -> tuple[float, float, float]:
    return tuple(v + (1 - v) * amount for v in rgb)  # type: ignore[return-value]


def stone_rgb(code: str) -> tuple[float, float, float]:
    """A stone's colour (red, orange, yellow, green, blue, indigo, violet by its one-letter
    code) in the palette in use."""
    letter = code.upper()[:1]
    if letter not in ETARIYA_STONES.palettes[Palette.STANDARD]:
        return (0.5, 0.5, 0.5)
    return ETARIYA_STONES.rgb(letter)


def _on(rgb: tuple[float, float, float]) -> tuple[float, float, float]:
    return ink_on(rgb)


@dataclass(frozen=True)
class PrintSlot:
    top: int
    left: int
    rows: int
    cols: int
    label: str


@dataclass
class PrintBoard:
    """What a printed board shows (rows top to bottom; `factions` 7 strings of 'L'/'D')."""

    factions: tuple[str, ...]
    stones: Mapping[Cell, Sequence[str]] = field(default_factory=dict)
    chips: Mapping[Cell, Sequence[str]] = field(default_factory=dict)
    slots: Sequence[PrintSlot] = ()
    cell_name: Callable[[Cell], str] | None = None
    caption: str = ""
    corners: bool = False  # mark the corners (no first stone of a colour) with ×


def default_cell_name(cell: Cell) -> str:
    return f"{'abcdefg'[cell[1]]}{SIZE - cell[0]}"


def draw_board(board: PrintBoard, canvas: Canvas, rect: Rect) -> None:
    """Draw the 7 × 7 board centred in `rect` (a `SheetSpec.drawings` hook)."""
    name = board.cell_name or default_cell_name
    caption_room = 16.0 if board.caption else 0.0
    cell = min((rect.width - 30) / SIZE, (rect.height - 30 - caption_room) / SIZE, 58.0)
    width = cell * SIZE
    left = rect.x + (rect.width - width) / 2
    top = rect.top - 6 - caption_room
    bottom = top - width
    if board.caption:
        draw_text(canvas, rect.x, rect.top - 11, board.caption, 10, bold=True, color=_GREY)

    def xy(c: Cell) -> tuple[float, float]:
        return left + c[1] * cell, bottom + (SIZE - 1 - c[0]) * cell

    for r in range(SIZE):
        for c in range(SIZE):
            x, y = xy((r, c))
            dark = board.factions[r][c] == DARK
            canvas.saveState()
            canvas.setFillColorRGB(*(DARK_RGB if dark else LIGHT_RGB))
            canvas.setStrokeColorRGB(0.55, 0.55, 0.55)
            canvas.setLineWidth(0.5)
            canvas.rect(x, y, cell, cell, 1, 1)
            canvas.restoreState()
            chips = board.chips.get((r, c), ())
            if chips:
                _draw_chip(canvas, x, y, cell, chips)
            stack = board.stones.get((r, c), ())
            if stack:
                _draw_stack(canvas, x, y, cell, stack)
            elif board.corners and r in (0, SIZE - 1) and c in (0, SIZE - 1):
                draw_text(canvas, x + cell / 2, y + cell * 0.32, "×", cell * 0.45,
                          align="center", color=(0.6, 0.6, 0.6) if not dark
                          else (0.75, 0.75, 0.8))
    canvas.saveState()
    canvas.setLineWidth(1.6)
    canvas.rect(left, bottom, width, width, 1, 0)
    canvas.restoreState()
    for c in range(SIZE):
        x, _ = xy((SIZE - 1, c))
        draw_text(canvas, x + cell / 2, bottom - 10, name((SIZE - 1, c))[:1], 8,
                  align="center", color=_GREY)
    for r in range(SIZE):
        _, y = xy((r, 0))
        draw_text(canvas, left - 5, y + cell / 2 - 3, name((r, 0))[1:], 8, align="right",
                  color=_GREY)
    for slot in board.slots:
        _draw_slot(canvas, slot, xy, cell)


def _draw_chip(canvas: Canvas, x: float, y: float, cell: float, chips: Sequence[str]) -> None:
    white = chips[-1].upper().startswith("W")
    radius = cell * 0.14
    cx, cy = x + cell - radius - 2.5, y + cell - radius - 2.5
    canvas.saveState()
    canvas.setFillColorRGB(*((1, 1, 1) if white else (0.05, 0.05, 0.05)))
    canvas.setStrokeColorRGB(*((0.35, 0.35, 0.35) if white else (0.85, 0.85, 0.85)))
    canvas.setLineWidth(0.8)
    canvas.circle(cx, cy, radius, 1, 1)
    canvas.restoreState()
    if len(chips) > 1:
        draw_text(canvas, cx, cy - radius * 0.45, str(len(chips)), radius * 1.2,
                  align="center", color=(0, 0, 0) if white else (1, 1, 1))


def _draw_stack(canvas: Canvas, x: float, y: float, cell: float, stack: Sequence[str]) -> None:
    rgb = stone_rgb(stack[-1])
    radius = cell * 0.31
    cx, cy = x + cell / 2, y + cell / 2
    canvas.saveState()
    canvas.setLineWidth(0.9)
    for i in range(min(len(stack) - 1, 3), 0, -1):
        canvas.setFillColorRGB(*(v * 0.75 for v in rgb))
        canvas.circle(cx, cy - i * cell * 0.045, radius, 1, 1)
    canvas.setFillColorRGB(*rgb)
    canvas.circle(cx, cy, radius, 1, 1)
    canvas.restoreState()
    letter = stack[-1].upper()[:1]  # the colour's letter always, and a stack's height
    shown = f"{letter}{len(stack)}" if len(stack) > 1 else letter
    size = cell * (0.3 if len(shown) < 2 else 0.26)
    draw_text(canvas, cx, cy - size * 0.36, shown, size, align="center", color=_on(rgb),
              bold=len(stack) > 1)


def _draw_slot(canvas: Canvas, slot: PrintSlot,
               xy: Callable[[Cell], tuple[float, float]], cell: float) -> None:
    x0, _ = xy((slot.top, slot.left))
    _, y0 = xy((slot.top + slot.rows - 1, slot.left))
    w, h = slot.cols * cell, slot.rows * cell
    canvas.saveState()
    canvas.setStrokeColorRGB(0.75, 0.22, 0.17)
    canvas.setLineWidth(2.2)
    canvas.rect(x0 + 1.5, y0 + 1.5, w - 3, h - 3, 1, 0)
    canvas.restoreState()
    if not slot.label:
        return
    lines = slot.label.split("\n")
    size = max(6.5, min(10.0, cell * 0.2))
    fitted_lines = [fit_text(line, size, w - 10, min_size=5.5) for line in lines]
    box_w = min(w - 4, max(text_width(line, fitted) for line, fitted in fitted_lines) + 10)
    box_h = len(lines) * size * 1.25 + 6
    bx, by = x0 + (w - box_w) / 2, y0 + (h - box_h) / 2
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setStrokeColorRGB(0.75, 0.22, 0.17)
    canvas.setLineWidth(0.8)
    canvas.roundRect(bx, by, box_w, box_h, 3, 1, 1)
    canvas.restoreState()
    for i, (line, fitted) in enumerate(fitted_lines):
        draw_text(canvas, bx + box_w / 2, by + box_h - 3 - (i + 1) * size * 1.2 + 1, line,
                  fitted, align="center", color=(0.48, 0.12, 0.08))


# --- the blank tally sheet --------------------------------------------------------------------
def blank_tracker_sheet(lang: str = "ja", colour_names: Sequence[str] = (),
                        names: Sequence[str] = ()) -> SheetSpec:
    """A sheet to keep count at the table: one row per colour, boxes to tick per side."""
    colours = list(colour_names) or [
        ("赤", "橙", "黄", "緑", "青", "藍", "紫")[i] if lang == "ja" else
        ("Red", "Orange", "Yellow", "Green", "Blue", "Indigo", "Violet")[i] for i in range(7)]
    given = [*names, "", ""]
    return SheetSpec(
        title=text("title", lang),
        subtitle=text("tracker", lang),
        meta=[(label("date", lang), ""), (label("place", lang), ""),
              (text("light", lang), given[0]), (text("dark", lang), given[1])],
        columns=[text("stones_light", lang), text("stones_dark", lang),
                 text("dominance", lang), text("score_chip", lang)],
        rows=colours,
        cells=None,
        total_row=[None] * 4,
        extra_rows=[(text("winner", lang), [None] * 4)],
        notes=text("tracker_help", lang),
        notes_lines=2,
        lang=lang,
    )


# --- the setup card ---------------------------------------------------------------------------
def faction_name(faction: str, lang: str) -> str:
    return text("light" if faction == LIGHT else "dark", lang)


def _setup_code(setup: Any) -> str:
    code = setup.code
    return str(code() if callable(code) else code)


def setup_board(setup: Any, lang: str) -> PrintBoard:
    from companion.games.etariya.board import SLOTS

    slots = []
    for p in sorted(setup.placements, key=lambda p: p.slot):
        top, left, rows, cols = SLOTS[p.slot - 1]
        slots.append(PrintSlot(top, left, rows, cols, slot_label(p, lang)))
    slots.append(PrintSlot(3, 3, 1, 1, ""))  # the centre: the second player's small sheet
    return PrintBoard(tuple(setup.board()), slots=slots, caption=text("board", lang),
                      corners=True)


def _draw_steps(lines: Sequence[str], canvas: Canvas, rect: Rect) -> None:
    size = 10.5
    y = rect.top - size
    for line in lines:
        for part in wrap_text(line, size, rect.width - 16):
            draw_text(canvas, rect.x + 12, y, part, size)
            y -= size * 1.35
        canvas.circle(rect.x + 4, y + size * 1.35 + size * 0.35, 1.8, 1, 1)
        y -= 3


def setup_card(setup: Any, lang: str = "ja") -> SheetSpec:
    """One page: code, first player, expansions, the board to build, the steps."""
    expansions = tuple(getattr(setup, "expansions", ()) or ())
    return SheetSpec(
        title=text("title", lang),
        subtitle=text("setup", lang),
        meta=[(text("code", lang), _setup_code(setup)),
              (text("first", lang), faction_name(setup.first, lang)),
              (text("expansions", lang), ", ".join(expansions) or text("none", lang))],
        drawings=[partial(draw_board, setup_board(setup, lang)),
                  partial(_draw_steps, setup_lines(setup, lang))],
        lang=lang,
    )


# --- the result sheet of a digital play -------------------------------------------------------
def final_board(state: Any, lang: str) -> PrintBoard:
    stones: dict[Cell, Sequence[str]] = {}
    chips: dict[Cell, Sequence[str]] = {}
    for r in range(SIZE):
        for c in range(SIZE):
            stack = tuple(state.stack((r, c)))
            if stack:
                stones[(r, c)] = stack
            power = tuple(state.power_chips((r, c))) if hasattr(state, "power_chips") else ()
            if power:
                chips[(r, c)] = power
    return PrintBoard(tuple(state.board_factions()), stones, chips,
                      caption=text("final", lang))


def result_sheet(state: Any, names: Sequence[str], lang: str = "ja",
                 meta: Sequence[tuple[str, str]] = (), log: Sequence[str] = ()) -> SheetSpec:
    """The chips of each side, the final board and the move list of a finished game."""
    from companion.games.etariya.board import CODES, colour_name

    outcome = state.outcome()
    expansions = set(state.options.get("expansions", ()) or ())
    dominance = dict(state.dominance)
    pairing = dict(getattr(state, "pairing", {}) or {})
    seats = range(len(names))
    factions = list(state.factions)
    rows = [text("colour", lang)]
    cells: list[list[str | None]] = [[faction_name(factions[s], lang) for s in seats]]
    for code in CODES:
        owner = dominance.get(code)
        rows.append(colour_name(code, lang))
        cells.append([("◆" + (f" {pairing[code]}" if "E" in expansions and code in pairing
                                else "")) if owner == factions[s] else "" for s in seats])
    rows.append(text("chips", lang))
    cells.append([str(sum(1 for o in dominance.values() if o == factions[s])) for s in seats])
    if "E" in expansions:
        rows.append(text("points", lang))
        cells.append([str(sum(pairing.get(c, 0) for c, o in dominance.items()
                              if o == factions[s])) for s in seats])
    winners = outcome.winners if outcome is not None else frozenset()
    total: list[str | None] = [f"{outcome.scores[s]:g}" if outcome is not None else ""
                               for s in seats]
    return SheetSpec(
        title=text("title", lang),
        subtitle=text("result", lang),
        meta=[*meta, (text("expansions", lang),
                      ", ".join(sorted(expansions)) or text("none", lang))],
        columns=list(names),
        rows=rows,
        cells=cells,
        total_row=total,
        extra_rows=[(text("winner", lang), ["★" if s in winners else "" for s in seats])],
        highlight_columns=frozenset(winners),
        notes=outcome_text(state, outcome, lang) if outcome is not None else "",
        drawings=[partial(draw_board, final_board(state, lang))],
        log=list(log),
        log_columns=4,
        lang=lang,
    )


def record_log(record: Any, names: Sequence[str], lang: str = "en") -> list[str]:
    """Numbered seat moves of a game record (chance draws left out): "3. 光 赤 d4"."""
    from companion.games.etariya.texts import move_text

    lines: list[str] = []
    for entry in record.entries:
        if entry.is_chance:
            continue
        who = names[entry.seat] if 0 <= entry.seat < len(names) else f"#{entry.seat}"
        lines.append(f"{len(lines) + 1}. {who} {move_text(entry.move, lang)}")
    return lines


def play_sheets(play: Any, lang: str = "ja") -> list[SheetSpec] | None:
    """The result sheet of a saved digital play (its record replayed to the end); None when
    the play has no finished Etariya record."""
    from companion.core.record import Game, GameRecord
    from companion.export.sheets import format_when

    if not play.record or not play.record.get("moves"):
        return None
    record = GameRecord.from_dict(play.record)
    if record.game_id != "etariya":
        return None
    game = Game.replay(record)
    state: Any = game.state
    if not state.is_over():
        return None
    by_seat = {s.seat: s.player for s in play.seats}
    names = [by_seat.get(i) or faction_name(state.factions[i], lang) for i in range(2)]
    meta = [(label("date", lang), format_when(play.started_at))]
    if play.id is not None:
        meta.append(("#", str(play.id)))
    return [result_sheet(state, names, lang, meta, record_log(game.record, names, lang))]
