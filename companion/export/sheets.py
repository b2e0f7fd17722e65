"""Generic sheets for any game: a blank one to play on paper, a filled one from a finished play.

Games with their own sheet layout offer `GameInfo.extras["blank_sheet"]`, a callable
`(players, names, lang) -> list[SheetSpec]`; `blank_sheets` prefers it over the generic one.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from companion.display import category_label, chance_text, displayed_play, move_text, names_text
from companion.export.pdf import SheetSpec, label
from companion.history import PlayMode, PlayRecord, WinMode
from companion.other_games import is_other_game, other_game_name
from companion.winning import play_win_mode, win_mode_name

#: Unlabelled rows of a blank sheet for a game without score categories (running tallies).
FREE_ROWS = 10
#: Ruled note lines at the bottom of a blank sheet.
BLANK_NOTE_LINES = 3


def _game_info(game_id: str) -> Any | None:
    """The registry entry, or None when unknown or when the game module cannot be loaded."""
    try:
        from companion.games import registry

        return registry.get(game_id)
    except Exception:  # a name lookup must never stop a sheet from printing
        return None


def game_name(game_id: str, lang: str) -> str:
    """The game's name in `lang` (an other game's own name), falling back to its id."""
    if is_other_game(game_id):
        return other_game_name(game_id)
    info = _game_info(game_id)
    return str(info.name(lang)) if info is not None else game_id


def _category_labels(game_id: str, lang: str) -> dict[str, str]:
    info = _game_info(game_id)
    if info is None:
        return {}
    return {key: (ja if lang == "ja" else en) for key, ja, en in info.score_categories}


def format_number(value: float | None) -> str:
    """12.0 -> "12", 2.5 -> "2.5", None -> ""."""
    if value is None:
        return ""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").rstrip(".")


def format_when(when: datetime) -> str:
    return when.strftime("%Y-%m-%d %H:%M")


def _duration(play: PlayRecord) -> str:
    minutes = play.duration_minutes() if play.finished_at is not None else None
    if minutes is None:
        return ""
    return f"{minutes} 分" if minutes < 60 else f"{minutes // 60}:{minutes % 60:02d}"


def play_sheet(play: PlayRecord, lang: str = "ja") -> SheetSpec:
    """A filled score sheet of any play: players as columns, breakdown categories as rows,
    then total, rank and a winner mark; the move log (digital plays) set small below.
    `play` is printed as stored: `play_sheets` first makes it read in `lang`."""
    seats = sorted(play.seats, key=lambda s: s.seat)
    keys: list[str] = []
    for seat in seats:
        keys += [key for key in seat.breakdown if key not in keys]
    names = _category_labels(play.game_id, lang)
    rows = [names.get(key) or category_label(play.game_id, key, lang) for key in keys]
    cells: list[list[str | None]] = [
        [format_number(seat.breakdown.get(key)) for seat in seats] for key in keys
    ]
    if any(seat.faction for seat in seats):
        rows.insert(0, label("faction", lang))
        cells.insert(0, [seat.faction for seat in seats])
    mode = label("digital" if play.mode is PlayMode.DIGITAL else "table", lang)
    meta = [
        (label("date", lang), format_when(play.started_at)),
        (label("place", lang), play.location),
        (label("mode", lang), mode),
        (label("winner", lang), names_text(play.winners(), lang)),
    ]
    won_by = play_win_mode(play)
    if won_by is not WinMode.HIGHEST:  # the highest total is what a sheet is read as
        meta.append((label("won_by", lang), win_mode_name(won_by, lang)))
    duration = _duration(play)
    if duration:
        meta.append((label("time", lang), duration if lang == "ja"
                     else duration.replace(" 分", " min")))
    return SheetSpec(
        title=game_name(play.game_id, lang),
        subtitle=label("score_sheet", lang) + (f" · #{play.id}" if play.id is not None else ""),
        meta=meta,
        columns=[seat.player for seat in seats],
        rows=rows,
        cells=cells,
        total_row=[format_number(seat.score) for seat in seats],
        extra_rows=[
            (label("rank", lang), [str(s.rank) if s.rank is not None else "" for s in seats]),
            (label("winner", lang), ["★" if s.winner else "" for s in seats]),
        ],
        highlight_columns=frozenset(i for i, s in enumerate(seats) if s.winner),
        notes=play.notes,
        log=move_log_lines(play.record, {s.seat: s.player for s in seats}, lang),
        log_columns=4,
        lang=lang,
    )


def move_log_lines(record: Mapping[str, Any] | None, players: Mapping[int, str],
                   lang: str = "en") -> list[str]:
    """Compact numbered lines of a game record, one per decision: "12. 太郎 投げる → =3" (each
    move and chance outcome as the game says it in `lang`, see `companion.display.move_text`).

    Chance outcomes (a throw, a draw) follow the decision they came after, as "→ outcome", in
    the order they happened; chance before the first decision gets a line of its own; chance
    the game reads as "" (a card dealt into a hand) is left out.
    """
    if not record:
        return []
    lines: list[str] = []
    opening: list[str] = []
    game_id = str(record.get("game", ""))
    for entry in record.get("moves", []):
        if not isinstance(entry, Mapping):
            continue
        if "chance" in entry:
            shown = chance_text(game_id, str(entry["chance"]), lang)
            if not shown:  # the game keeps it secret (a card dealt into a hand)
                continue
            outcome = f"→ {shown}"
            if lines:
                lines[-1] += " " + outcome
            else:
                opening.append(outcome)
            continue
        seat = entry.get("seat")
        who = players.get(seat, f"#{seat}") if isinstance(seat, int) else "?"
        move = move_text(game_id, str(entry.get("move", "")), lang)
        lines.append(f"{len(lines) + 1}. {who} {move}")
    return ([" ".join(opening)] if opening else []) + lines


def blank_sheet(
    game_id: str,
    players: int,
    names: Sequence[str] | None = None,
    lang: str = "ja",
    categories: Sequence[str] | None = None,
) -> SheetSpec:
    """A blank sheet to play on paper: one column per player (named, or left to fill in),
    one tall row per score category (or free rows), a total row, date/place/winner lines."""
    names = list(names or [])
    if players < 1:
        raise ValueError(f"a sheet needs at least one player, not {players}")
    if len(names) > players:
        raise ValueError(f"{len(names)} names given for {players} players")
    if categories is None:
        categories = list(_category_labels(game_id, lang).values())
    rows = list(categories) if categories else [""] * FREE_ROWS
    width = players
    return SheetSpec(
        title=game_name(game_id, lang),
        subtitle=label("blank_sheet", lang),
        meta=[(label("date", lang), ""), (label("place", lang), ""),
              (label("winner", lang), "")],
        columns=names + [""] * (players - len(names)),
        rows=rows,
        cells=None,
        total_row=[None] * width,
        notes_lines=BLANK_NOTE_LINES,
        lang=lang,
    )


def blank_sheets(
    game_id: str, players: int, names: Sequence[str] | None = None, lang: str = "ja"
) -> list[SheetSpec]:
    """The game's own blank sheets (`extras["blank_sheet"]`) or the generic one."""
    info = _game_info(game_id)
    custom = info.extras.get("blank_sheet") if info is not None else None
    if custom is not None:
        return list(custom(players, list(names or []), lang))
    return [blank_sheet(game_id, players, names, lang)]


def play_sheets(play: PlayRecord, lang: str = "ja") -> list[SheetSpec]:
    """A play's filled sheets, as it reads in `lang` (bots named in the language, the end
    reason translated): the game's own (`extras["play_sheets"]`, which may decline with None,
    e.g. for a table play without maps) or the generic one-page sheet."""
    play = displayed_play(play, lang)
    info = _game_info(play.game_id)
    custom = info.extras.get("play_sheets") if info is not None else None
    if custom is not None:
        sheets = custom(play, lang)
        if sheets:
            return list(sheets)
    return [play_sheet(play, lang)]
