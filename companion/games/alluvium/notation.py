"""The plain-text Alluvium sheet file: read, write, and the `companion score` report.

    # comments start with '#'; blank lines are ignored
    virtual G              # three players only: the virtual colour
    sheet R Alice          # a sheet: the owner's colour letter, then the name (optional)
    areas 6 9 -            # optional: area bonuses written in the round boxes ('-' = empty;
                           # the last round is taken from the map when empty or missing)
    track Y 7              # checks of each visiting colour on this sheet
    track B 3
    track N 0
    .........              # the map, one line per row: '.' empty, a colour letter filled
    ..RRR....              # (spaces between cells are allowed)
    ...

One sheet is scored alone (its rectangle and the bonus each visitor earns); three to five
sheets are a whole game (totals and the winner). Every mistake is reported with its line and
column, counted from 1.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.alluvium.profile import SheetProfile, sheet_profile
from companion.games.alluvium.scoring import (
    EMPTY,
    GameResult,
    PlayerSheet,
    SheetResult,
    check_game,
    score_game,
    score_sheet,
)

KEYWORDS = ("virtual", "sheet", "areas", "track")
#: The longest count a sheet holds (areas and checks are small numbers).
MAX_DIGITS = 4


def is_count(word: str) -> bool:
    """A whole number ≥ 0 in ASCII digits, short enough to be a count on a sheet."""
    return word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS


def _shown(word: str) -> str:
    """A word of the file inside a message (a long one cut short)."""
    return repr(word) if len(word) <= 20 else repr(word[:20]) + "…"


class SheetParseError(ValueError):
    """A mistake in a sheet file, at a line and column (from 1)."""

    def __init__(self, line: int, column: int, message: str) -> None:
        super().__init__(f"line {line}, column {column}: {message}")
        self.line, self.column, self.message = line, column, message


@dataclass
class SheetFile:
    """What a sheet file holds: the sheets in order and the virtual colour (three players)."""

    sheets: list[PlayerSheet] = field(default_factory=list)
    virtual: str | None = None
    #: Line number of each sheet's `sheet` line (for messages).
    lines: list[int] = field(default_factory=list)


def _colour(profile: SheetProfile, token: str, line: int, column: int) -> str:
    if len(token) != 1 or token not in profile.letters():
        raise SheetParseError(line, column, f"{token!r} is not a colour letter "
                                            f"(use one of {profile.letters()})")
    return token


def _tokens(text: str) -> list[tuple[int, str]]:
    """(column from 1, word) for each word of a line."""
    found: list[tuple[int, str]] = []
    start = None
    for i, ch in enumerate(text + " "):
        if ch.isspace():
            if start is not None:
                found.append((start + 1, text[start:i]))
                start = None
        elif start is None:
            start = i
    return found


class _Reader:
    def __init__(self, profile: SheetProfile) -> None:
        self.profile = profile
        self.result = SheetFile()
        self.rows: list[str] = []
        self.sheet_line = 0

    def feed(self, number: int, raw: str) -> None:
        text = raw.split("#", 1)[0].rstrip()
        words = _tokens(text)
        if not words:
            return
        keyword = words[0][1]
        if keyword in KEYWORDS:
            getattr(self, f"_{keyword}")(number, words)
        elif keyword.lower() in KEYWORDS or (keyword.isalpha() and len(keyword) > 1
                                             and not keyword.isupper()):
            raise SheetParseError(number, words[0][0], f"unknown word {keyword!r} "
                                  f"(expected one of {', '.join(KEYWORDS)} or a map row)")
        else:
            self._map_row(number, text)

    def _current(self, number: int, column: int) -> PlayerSheet:
        if not self.result.sheets:
            raise SheetParseError(number, column, "this belongs to a sheet: start one with "
                                  "'sheet <colour> [name]' first")
        return self.result.sheets[-1]

    def _virtual(self, number: int, words: list[tuple[int, str]]) -> None:
        if self.result.sheets:
            raise SheetParseError(number, 1, "'virtual' must come before the first sheet")
        if len(words) != 2:
            raise SheetParseError(number, 1, "write 'virtual <colour letter>'")
        self.result.virtual = _colour(self.profile, words[1][1], number, words[1][0])

    def _sheet(self, number: int, words: list[tuple[int, str]]) -> None:
        self.finish_map()
        if len(words) < 2:
            raise SheetParseError(number, 1, "write 'sheet <colour letter> [name]'")
        owner = _colour(self.profile, words[1][1], number, words[1][0])
        for earlier, line in zip(self.result.sheets, self.result.lines, strict=True):
            if earlier.owner == owner:
                raise SheetParseError(number, words[1][0],
                                      f"colour {owner} already has a sheet (line {line})")
        name = " ".join(w for _, w in words[2:])
        self.result.sheets.append(PlayerSheet(owner, (), {}, name, []))
        self.result.lines.append(number)
        self.sheet_line = number
        self.rows = []

    def _areas(self, number: int, words: list[tuple[int, str]]) -> None:
        sheet = self._current(number, 1)
        values: list[int | None] = []
        for column, word in words[1:]:
            if word in ("-", "_"):
                values.append(None)
            elif is_count(word):
                values.append(int(word))
            else:
                raise SheetParseError(number, column,
                                      f"{_shown(word)} is not an area (a whole number of at "
                                      f"most {MAX_DIGITS} digits, or '-')")
        if len(values) > 4:
            raise SheetParseError(number, words[5][0], "at most 4 round boxes")
        sheet.areas = values

    def _track(self, number: int, words: list[tuple[int, str]]) -> None:
        sheet = self._current(number, 1)
        if len(words) != 3:
            raise SheetParseError(number, 1, "write 'track <colour letter> <checks>'")
        colour = _colour(self.profile, words[1][1], number, words[1][0])
        if colour == sheet.owner:
            raise SheetParseError(number, words[1][0], f"{colour} owns this sheet: the tracks "
                                  "are for the visiting colours")
        if colour in sheet.checks:
            raise SheetParseError(number, words[1][0], f"a second track for {colour}")
        column, word = words[2]
        if not is_count(word):
            raise SheetParseError(number, column,
                                  f"{_shown(word)} is not a number of checks (a whole number "
                                  f"≥ 0 of at most {MAX_DIGITS} digits)")
        sheet.checks[colour] = int(word)

    def _map_row(self, number: int, text: str) -> None:
        sheet = self._current(number, 1)
        if len(self.rows) >= self.profile.rows:
            raise SheetParseError(number, 1, f"the map has only {self.profile.rows} rows")
        cells: list[str] = []
        for index, ch in enumerate(text):
            if ch.isspace():
                continue
            if ch != EMPTY and ch not in self.profile.letters():
                raise SheetParseError(number, index + 1, f"{ch!r} is not a cell (use '.' for "
                                      f"empty or one of {self.profile.letters()})")
            if len(cells) == self.profile.cols:
                raise SheetParseError(number, index + 1,
                                      f"a map row has {self.profile.cols} cells; this is one more")
            cells.append(ch)
        if len(cells) < self.profile.cols:
            raise SheetParseError(number, len(text) + 1, f"a map row has {self.profile.cols} "
                                  f"cells; this one has {len(cells)}")
        self.rows.append("".join(cells))
        sheet.grid = tuple(self.rows)

    def finish_map(self, number: int | None = None) -> None:
        if not self.result.sheets:
            return
        sheet = self.result.sheets[-1]
        if len(self.rows) != self.profile.rows:
            where = number if number is not None else self.sheet_line
            raise SheetParseError(where, 1, f"the map of sheet {sheet.owner} (line "
                                  f"{self.sheet_line}) has {len(self.rows)} rows, "
                                  f"not {self.profile.rows}")
        if len(sheet.checks) not in (3, 4):
            raise SheetParseError(self.sheet_line, 1, f"sheet {sheet.owner} has "
                                  f"{len(sheet.checks)} tracks; a sheet has one per visiting "
                                  "colour (3 with three or four players, 4 with five)")


def parse_sheets(text: str, profile: SheetProfile | None = None) -> SheetFile:
    """Read a sheet file; `SheetParseError` names the line and column of the first mistake."""
    reader = _Reader(profile or sheet_profile())
    lines = text.splitlines()
    for number, raw in enumerate(lines, start=1):
        reader.feed(number, raw)
    if not reader.result.sheets:
        raise SheetParseError(max(1, len(lines)), 1, "no sheet found: start one with "
                              "'sheet <colour> [name]'")
    reader.finish_map(len(lines) + 1 if lines else 1)
    return reader.result


def format_sheet(sheet: PlayerSheet) -> str:
    """One sheet in the file notation (parse_sheets reads it back)."""
    lines = [f"sheet {sheet.owner} {sheet.name}".rstrip()]
    if sheet.areas:
        lines.append("areas " + " ".join("-" if a is None else str(a) for a in sheet.areas))
    lines += [f"track {colour} {count}" for colour, count in sheet.checks.items()]
    lines += list(sheet.grid)
    return "\n".join(lines) + "\n"


def format_sheets(sheets: Sequence[PlayerSheet], virtual: str | None = None) -> str:
    head = f"virtual {virtual}\n\n" if virtual else ""
    return head + "\n".join(format_sheet(s) for s in sheets)


# --- the report ------------------------------------------------------------------------------
def _rect_text(result: SheetResult) -> str:
    rect = result.rectangle
    if rect is None:
        return "0 (the map is empty)"
    return (f"{rect.area} = {rect.height} × {rect.width} (rows {rect.top + 1}–"
            f"{rect.top + rect.height}, columns {rect.left + 1}–{rect.left + rect.width})")


def _sheet_lines(sheet: PlayerSheet, result: SheetResult) -> list[str]:
    title = f"Sheet {sheet.owner}" + (f" ({sheet.name})" if sheet.name else "")
    lines = [title, f"  largest rectangle: {_rect_text(result)}"]
    for v in result.visitors:
        lines.append(f"  {v.colour}: {v.checks} checks, rank {v.rank}, "
                     f"largest group {v.group_size} -> {v.points}")
    lines.append("  map (the largest rectangle in small letters):")
    lines += [f"    {row}" for row in marked_map(sheet.grid, result)]
    return lines


def marked_map(grid: Sequence[str], result: SheetResult) -> list[str]:
    """The map with the cells of the largest rectangle in small letters."""
    cells = result.rectangle.cells() if result.rectangle is not None else frozenset()
    return ["".join(ch.lower() if (r, c) in cells else ch for c, ch in enumerate(row))
            for r, row in enumerate(grid)]


def _game_lines(game: GameResult) -> list[str]:
    lines = ["Game"]
    for p in game.players:
        who = p.owner + (f" {p.name}" if p.name else "")
        coop = " + ".join(f"{pts} ({owner})" for owner, pts in p.cooperation)
        star = "  ★ winner" if p.winner else ""
        lines.append(f"  {who}: area {' + '.join(map(str, p.areas))} = {p.area_total}, "
                     f"co-operation {coop} = {p.cooperation_total}, total {p.total}, "
                     f"rank {p.rank}{star}")
    names = ", ".join(w.name or w.owner for w in game.winners())
    lines.append(("Shared victory: " if game.shared_victory else "Winner: ") + names)
    return lines


def _sheet_json(sheet: PlayerSheet, result: SheetResult) -> dict[str, Any]:
    rect = result.rectangle
    return {
        "owner": sheet.owner,
        "name": sheet.name,
        "area": result.area,
        "rectangle": None if rect is None else {
            "row": rect.top + 1, "column": rect.left + 1,
            "height": rect.height, "width": rect.width},
        "visitors": [{"colour": v.colour, "checks": v.checks, "rank": v.rank,
                      "largest_group": v.group_size, "points": v.points}
                     for v in result.visitors],
    }


def _game_json(game: GameResult) -> dict[str, Any]:
    return {
        "virtual": game.virtual,
        "players": [{"colour": p.owner, "name": p.name, "areas": list(p.areas),
                     "area_total": p.area_total,
                     "cooperation": {owner: pts for owner, pts in p.cooperation},
                     "cooperation_total": p.cooperation_total, "total": p.total,
                     "rank": p.rank, "winner": p.winner} for p in game.players],
        "winners": [p.owner for p in game.winners()],
        "shared_victory": game.shared_victory,
    }


def score_text(text: str, as_json: bool = False) -> str:
    """The `companion score alluvium FILE` report: every sheet, then the game when the file
    holds 3–5 sheets. `ValueError` (with line and column) for a mistake."""
    parsed = parse_sheets(text)
    results = [score_sheet(s.grid, s.owner, s.checks) for s in parsed.sheets]
    game: GameResult | None = None
    if len(parsed.sheets) >= 3:
        problems = check_game(parsed.sheets, parsed.virtual)
        if problems:
            raise SheetParseError(parsed.lines[0], 1, "; ".join(problems))
        game = score_game(parsed.sheets, parsed.virtual)
    if as_json:
        data: dict[str, Any] = {
            "sheets": [_sheet_json(s, r) for s, r in zip(parsed.sheets, results, strict=True)]}
        if game is not None:
            data["game"] = _game_json(game)
        return json.dumps(data, ensure_ascii=False, indent=2)
    lines: list[str] = []
    for sheet, result in zip(parsed.sheets, results, strict=True):
        lines += [*_sheet_lines(sheet, result), ""]
    if game is not None:
        lines += _game_lines(game)
    return "\n".join(lines).rstrip()
