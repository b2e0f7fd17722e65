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
    found = largest_rectangle(grid)
    return found.area if found is not None else 0


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
    """The largest orthogonally connected group of `colour` (empty when it has no cell)."""
    found = groups(grid, colour)
    return found[0] if found else frozenset()


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
                group_sizes: Mapping[str, int | None] | None = None) -> SheetResult:
    """Score one sheet: `checks` has one entry per visiting colour (the owner is not one);
    `group_sizes` may give a colour's largest group as typed instead of from the map."""
    if owner in checks:
        raise ValueError(f"the owner's colour {owner} cannot have a track on its own sheet")
    ranks = competition_ranks(checks)
    visitors = []
    for colour in checks:
        typed = (group_sizes or {}).get(colour)
        group = largest_group(grid, colour) if typed is None else frozenset()
        size = len(group) if typed is None else typed
        points = rank_points(ranks[colour], size, len(checks))
        visitors.append(VisitorResult(colour, checks[colour], ranks[colour], group, points,
                                      typed))
    visitors.sort(key=lambda v: (v.rank, v.colour))
    return SheetResult(owner, largest_rectangle(grid), tuple(visitors))


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


def check_game(sheets: Sequence[PlayerSheet], virtual: str | None) -> list[str]:
    """Mistakes that stop a whole game from being scored, as messages (empty when fine)."""
    problems: list[str] = []
    owners = [s.owner for s in sheets]
    n = len(sheets)
    if n not in (3, 4, 5):
        return [f"a game has 3–5 sheets, not {n}"]
    if len(set(owners)) != n:
        problems.append("two sheets have the same colour")
    if (n == 3) != (virtual is not None):
        problems.append("three players need a virtual colour; four or five have none"
                        if n == 3 or virtual is None else
                        "only a three-player game has a virtual colour")
    if virtual is not None and virtual in owners:
        problems.append(f"the virtual colour {virtual} is also a player's colour")
    expected_visitors = set(owners) | ({virtual} if virtual else set())
    rounds = rounds_for(n) if n in (3, 4, 5) else 0
    for sheet in sheets:
        want = expected_visitors - {sheet.owner}
        if set(sheet.checks) != want:
            missing = ", ".join(sorted(want - set(sheet.checks))) or "none"
            extra = ", ".join(sorted(set(sheet.checks) - want)) or "none"
            problems.append(f"sheet {sheet.owner}: tracks must be {', '.join(sorted(want))}"
                            f" (missing: {missing}; unexpected: {extra})")
        if len(sheet.areas) > rounds:
            problems.append(f"sheet {sheet.owner}: {len(sheet.areas)} area boxes, "
                            f"the game has {rounds} rounds")
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


def score_game(sheets: Sequence[PlayerSheet], virtual: str | None = None) -> GameResult:
    """Score a finished game from every player's sheet; `ValueError` lists the mistakes."""
    problems = check_game(sheets, virtual)
    if problems:
        raise ValueError("; ".join(problems))
    rounds = rounds_for(len(sheets))
    results = tuple(score_sheet(s.grid, s.owner, s.checks, s.group_sizes) for s in sheets)
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
