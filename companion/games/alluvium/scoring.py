"""Alluvium scoring: the area bonus, the co-operation bonus, totals and the winner.

A map is a tuple of strings, one per row: `.` for an empty cell, a colour letter for a filled
one. Rules (rulebook, phase 3 and game end; decisions in shared/rules/alluvium.md):

- Area bonus of a round: the area of the largest axis-aligned rectangle of filled cells, any
  colours (`largest_rectangle`, O(rows × cols) with the histogram stack method).
- On each sheet at the end, the visiting colours are ranked by their checks on that sheet, ties
  sharing a rank and skipping the next ("1, 2, 2, 4"). Rank 1 receives the size of that colour's
  largest orthogonally connected group on the sheet, rank 2 half of it, rank 3 a quarter
  (rounded down); a rank equal to the number of visiting colours (the last place) receives
  nothing, so four players have no 3rd place. With three players the virtual colour is ranked
  too (its points go to nobody).
- Total = area bonuses + co-operation bonuses; highest total wins; a tie goes to the higher
  co-operation total; still tied, the victory is shared.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache

Grid = tuple[str, ...]
Cell = tuple[int, int]
EMPTY = "."

#: Divisors of the co-operation bonus by rank (rank 1: full, 2: half, 3: quarter).
RANK_DIVISORS = {1: 1, 2: 2, 3: 4}


@dataclass(frozen=True)
class Rectangle:
    """Rows top..top+height-1, columns left..left+width-1."""

    top: int
    left: int
    height: int
    width: int

    @property
    def area(self) -> int:
        return self.height * self.width

    def cells(self) -> frozenset[Cell]:
        return frozenset((r, c) for r in range(self.top, self.top + self.height)
                         for c in range(self.left, self.left + self.width))


def is_filled(value: str) -> bool:
    return value != EMPTY


def largest_rectangle(grid: Sequence[str]) -> Rectangle | None:
    """The largest all-filled axis-aligned rectangle (the first found, scanning rows top to
    bottom, on equal areas), or None for a map without a filled cell. O(rows × cols)."""
    if not grid:
        return None
    cols = len(grid[0])
    heights = [0] * cols
    best: Rectangle | None = None
    best_area = 0
    for row, line in enumerate(grid):
        for col in range(cols):
            heights[col] = heights[col] + 1 if line[col] != EMPTY else 0
        stack: list[int] = []  # column indexes with increasing heights
        for col in range(cols + 1):
            height = heights[col] if col < cols else 0
            while stack and heights[stack[-1]] >= height:
                top_height = heights[stack.pop()]
                left = stack[-1] + 1 if stack else 0
                area = top_height * (col - left)
                if area > best_area:
                    best_area = area
                    best = Rectangle(row - top_height + 1, left, top_height, col - left)
            stack.append(col)
    return best


def area_bonus(grid: Sequence[str]) -> int:
    """The area of the largest all-filled rectangle (0 for an empty map)."""
    if not grid:
        return 0
    return largest_area([sum(1 << c for c, v in enumerate(line) if v != EMPTY)
                         for line in grid], len(grid[0]))


def largest_area(row_masks: Sequence[int], cols: int) -> int:
    """The area of the largest all-filled rectangle of a map given as one bit mask per row
    (bit c set when column c is filled). Faster than `largest_rectangle` when only the area
    matters."""
    filled = 0
    for row, mask in enumerate(row_masks):
        filled |= mask << (row * cols)
    return largest_area_bits(filled, len(row_masks), cols)


def largest_area_bits(filled: int, rows: int, cols: int) -> int:
    """`largest_area` of a map given as one bit mask (bit r × cols + c for row r, column c):
    for each width w, the cells where a run of w filled cells starts, and the longest column
    of such cells, all in a few bit operations per width and height."""
    starts = _run_starts(rows, cols)
    best = 0
    runs = filled  # cells where a run of `width` filled cells starts
    tallest = rows
    for width in range(1, cols + 1):
        if width > 1:
            runs &= (filled >> (width - 1)) & starts[width]
        if not runs or cols * tallest <= best:
            break  # a wider band is never taller than a narrower one: nothing better to come
        column, height = runs, 0
        while column:
            height += 1
            column &= column >> cols
        tallest = height
        if width * height > best:
            best = width * height
    return best


@cache
def _run_starts(rows: int, cols: int) -> tuple[int, ...]:
    """For each width w (index w), the cells a run of w cells may start at without leaving
    its row."""
    return (0, *(sum(1 << (r * cols + c) for r in range(rows) for c in range(cols - w + 1))
                 for w in range(1, cols + 1)))


def groups(grid: Sequence[str], colour: str) -> list[frozenset[Cell]]:
    """The orthogonally connected groups of `colour`, largest first (ties: top-left first)."""
    seen: set[Cell] = set()
    found: list[frozenset[Cell]] = []
    rows, cols = len(grid), len(grid[0]) if grid else 0
    for r in range(rows):
        for c in range(cols):
            if grid[r][c] != colour or (r, c) in seen:
                continue
            group = {(r, c)}
            todo = [(r, c)]
            while todo:
                y, x = todo.pop()
                for ny, nx in ((y - 1, x), (y + 1, x), (y, x - 1), (y, x + 1)):
                    if (0 <= ny < rows and 0 <= nx < cols and grid[ny][nx] == colour
                            and (ny, nx) not in group):
                        group.add((ny, nx))
                        todo.append((ny, nx))
            seen |= group
            found.append(frozenset(group))
    found.sort(key=lambda g: (-len(g), min(g)))
    return found


def largest_group(grid: Sequence[str], colour: str) -> frozenset[Cell]:
    """The largest orthogonally connected group of `colour` (empty when it has no cell; on
    equal sizes the one reaching furthest up, then left, as `groups` orders them)."""
    if not grid:
        return frozenset()
    cols = len(grid[0])
    best = _largest_group_bits(grid, colour)
    return frozenset(divmod(i, cols) for i in range(best.bit_length()) if best >> i & 1)


def largest_group_size(grid: Sequence[str], colour: str) -> int:
    """The size of `largest_group`."""
    return _largest_group_bits(grid, colour).bit_count() if grid else 0


def _largest_group_bits(grid: Sequence[str], colour: str) -> int:
    """`largest_group` as a bit mask, grown one ring of neighbours at a time."""
    cols = len(grid[0])
    left, right, _every = edge_masks(len(grid), cols)
    cells = letter_bits("".join(grid), colour)
    best = 0
    while cells:
        group = cells & -cells  # the first cell not yet grouped
        while True:
            grown = (group | ((group & ~left) >> 1) | ((group & ~right) << 1)
                     | (group >> cols) | (group << cols)) & cells
            if grown == group:
                break
            group = grown
        cells &= ~group
        if group.bit_count() > best.bit_count():
            best = group
    return best


@cache
def edge_masks(rows: int, cols: int) -> tuple[int, int, int]:
    """Bit masks (bit i = cell index i, row by row) of the left column, the right column
    and every cell of a map."""
    left = sum(1 << (r * cols) for r in range(rows))
    return left, left << (cols - 1), (1 << (rows * cols)) - 1


def letter_bits(cells: str, letter: str) -> int:
    """Bit i set when `cells[i]` is `letter` (a map's rows joined)."""
    return int(cells.translate(_only(letter))[::-1], 2)


@cache
def _only(letter: str) -> dict[int, str]:
    """A `str.translate` table: `letter` → "1", any other cell → "0"."""
    table = dict.fromkeys(range(128), "0")
    table[ord(letter)] = "1"
    return table


def competition_ranks(checks: Mapping[str, int]) -> dict[str, int]:
    """Ranks by checks, most first; ties share a rank and skip the next: 1, 2, 2, 4."""
    return {colour: 1 + sum(1 for other in checks.values() if other > mine)
            for colour, mine in checks.items()}


def rank_points(rank: int, group_size: int, visitors: int) -> int:
    """The co-operation bonus of a colour at `rank` among `visitors` visiting colours."""
    if rank >= visitors:  # last place (and below, which competition ranks never give)
        return 0
    divisor = RANK_DIVISORS.get(rank)
    return group_size // divisor if divisor else 0


@dataclass(frozen=True)
class VisitorResult:
    """One visiting colour on one sheet: checks, rank, largest group and the bonus earned."""

    colour: str
    checks: int
    rank: int
    group: frozenset[Cell]
    points: int
    #: A typed size of the largest group (when the map was not painted); None = from `group`.
    typed_size: int | None = None

    @property
    def group_size(self) -> int:
        return len(self.group) if self.typed_size is None else self.typed_size


@dataclass(frozen=True)
class SheetResult:
    """What one sheet gives at the end: its last area, and a bonus per visiting colour."""

    owner: str
    rectangle: Rectangle | None
    visitors: tuple[VisitorResult, ...]

    @property
    def area(self) -> int:
        return self.rectangle.area if self.rectangle is not None else 0

    def points_for(self, colour: str) -> int:
        return next((v.points for v in self.visitors if v.colour == colour), 0)


def score_sheet(grid: Sequence[str], owner: str, checks: Mapping[str, int],
                group_sizes: Mapping[str, int | None] | None = None,
                with_rectangle: bool = True) -> SheetResult:
    """Score one sheet: `checks` has one entry per visiting colour (the owner is not one);
    `group_sizes` may give a colour's largest group as typed instead of from the map. Without
    `with_rectangle` the result places neither the last rectangle nor the groups (it gives
    their sizes: totals need no more)."""
    if owner in checks:
        raise ValueError(f"the owner's colour {owner} cannot have a track on its own sheet")
    ranks = competition_ranks(checks)
    visitors = []
    for colour in checks:
        typed = (group_sizes or {}).get(colour)
        if typed is None and not with_rectangle:
            typed = largest_group_size(grid, colour)
        group = largest_group(grid, colour) if typed is None else frozenset()
        size = len(group) if typed is None else typed
        points = rank_points(ranks[colour], size, len(checks))
        visitors.append(VisitorResult(colour, checks[colour], ranks[colour], group, points,
                                      typed))
    visitors.sort(key=lambda v: (v.rank, v.colour))
    return SheetResult(owner, largest_rectangle(grid) if with_rectangle else None,
                       tuple(visitors))


@dataclass
class PlayerSheet:
    """One player's sheet at the end: colour, name, map, checks per visiting colour, and the
    area bonuses written in the round boxes (None = not written: the last one is taken from
    the map)."""

    owner: str
    grid: Grid
    checks: dict[str, int] = field(default_factory=dict)
    name: str = ""
    areas: list[int | None] = field(default_factory=list)
    #: Largest group sizes typed per visiting colour (None or missing = from the map).
    group_sizes: dict[str, int | None] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayerResult:
    owner: str
    name: str
    areas: tuple[int, ...]
    cooperation: tuple[tuple[str, int], ...]  # (sheet owner, points received), sheet order
    rank: int
    winner: bool

    @property
    def area_total(self) -> int:
        return sum(self.areas)

    @property
    def cooperation_total(self) -> int:
        return sum(points for _, points in self.cooperation)

    @property
    def total(self) -> int:
        return self.area_total + self.cooperation_total

    def breakdown(self) -> dict[str, float]:
        """Score categories for the history: area per round, co-operation, total."""
        parts: dict[str, float] = {f"area{i + 1}": a for i, a in enumerate(self.areas)}
        parts["area"] = self.area_total
        parts["cooperation"] = self.cooperation_total
        return parts


@dataclass(frozen=True)
class GameResult:
    sheets: tuple[SheetResult, ...]
    players: tuple[PlayerResult, ...]
    virtual: str | None

    def winners(self) -> list[PlayerResult]:
        return [p for p in self.players if p.winner]

    @property
    def shared_victory(self) -> bool:
        return len(self.winners()) > 1


def rounds_for(players: int) -> int:
    """4 rounds with three or four players, 3 with five."""
    if players not in (3, 4, 5):
        raise ValueError(f"Alluvium takes 3–5 players, not {players}")
    return 3 if players == 5 else 4


def check_game(sheets: Sequence[PlayerSheet], virtual: str | None,
               lang: str = "en") -> list[str]:
    """Mistakes that stop a whole game from being scored, as messages in `lang` ("en" or
    "ja"; empty when fine)."""
    def say(en: str, ja: str) -> str:
        return ja if lang == "ja" else en

    problems: list[str] = []
    owners = [s.owner for s in sheets]
    n = len(sheets)
    if n not in (3, 4, 5):
        return [say(f"a game has 3–5 sheets, not {n}", f"シートは 3〜5 枚です({n} 枚ではなく)")]
    if len(set(owners)) != n:
        problems.append(say("two sheets have the same colour", "同じ色のシートが 2 枚あります"))
    if (n == 3) != (virtual is not None):
        problems.append(
            say("three players need a virtual colour; four or five have none",
                "3 人のゲームには仮想の色が必要です(4・5 人にはありません)")
            if n == 3 or virtual is None else
            say("only a three-player game has a virtual colour",
                "仮想の色があるのは 3 人のゲームだけです"))
    if virtual is not None and virtual in owners:
        problems.append(say(f"the virtual colour {virtual} is also a player's colour",
                            f"仮想の色 {virtual} はプレイヤーの色と重なっています"))
    expected_visitors = set(owners) | ({virtual} if virtual else set())
    rounds = rounds_for(n) if n in (3, 4, 5) else 0
    none = say("none", "なし")
    for sheet in sheets:
        want = expected_visitors - {sheet.owner}
        if set(sheet.checks) != want:
            missing = ", ".join(sorted(want - set(sheet.checks))) or none
            extra = ", ".join(sorted(set(sheet.checks) - want)) or none
            tracks = ", ".join(sorted(want))
            problems.append(say(
                f"sheet {sheet.owner}: tracks must be {tracks} "
                f"(missing: {missing}; unexpected: {extra})",
                f"シート {sheet.owner}: トラックは {tracks} です"
                f"(不足: {missing}、余分: {extra})"))
        if len(sheet.areas) > rounds:
            problems.append(say(
                f"sheet {sheet.owner}: {len(sheet.areas)} area boxes, the game has {rounds} "
                "rounds",
                f"シート {sheet.owner}: 面積の欄が {len(sheet.areas)} 個ありますが、ラウンドは "
                f"{rounds} です"))
    return problems


def round_areas(sheet: PlayerSheet, rounds: int) -> tuple[int, ...]:
    """The sheet's area bonus per round: written values, the last round from the map when not
    written; rounds before the last left empty count 0."""
    values = list(sheet.areas) + [None] * (rounds - len(sheet.areas))
    if values[-1] is None:
        values[-1] = area_bonus(sheet.grid)
    return tuple(v or 0 for v in values)


def winners_of(totals: Sequence[tuple[int, int]]) -> list[int]:
    """Indexes of the winners among (total, co-operation) pairs: best total, then the higher
    co-operation total; equal on both = shared victory."""
    best = max(totals)
    return [i for i, t in enumerate(totals) if t == best]


def score_game(sheets: Sequence[PlayerSheet], virtual: str | None = None,
               with_rectangles: bool = True) -> GameResult:
    """Score a finished game from every player's sheet; `ValueError` lists the mistakes.
    Without `with_rectangles` the sheets do not place their last rectangles (the totals,
    ranks and winners are the same)."""
    problems = check_game(sheets, virtual)
    if problems:
        raise ValueError("; ".join(problems))
    rounds = rounds_for(len(sheets))
    results = tuple(score_sheet(s.grid, s.owner, s.checks, s.group_sizes, with_rectangles)
                    for s in sheets)
    areas = [round_areas(s, rounds) for s in sheets]
    coops = [tuple((r.owner, r.points_for(s.owner)) for r in results if r.owner != s.owner)
             for s in sheets]
    coop_totals = [sum(points for _, points in c) for c in coops]
    keys = [(sum(a) + c, c) for a, c in zip(areas, coop_totals, strict=True)]
    winners = set(winners_of(keys))
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    players = tuple(
        PlayerResult(s.owner, s.name, areas[i], coops[i], ranks[i], i in winners)
        for i, s in enumerate(sheets))
    return GameResult(results, players, virtual)


def filled_cells(grid: Iterable[str]) -> int:
    return sum(1 for line in grid for ch in line if ch != EMPTY)
