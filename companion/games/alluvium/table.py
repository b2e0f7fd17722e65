"""The table companion's Alluvium score entry (pure model; the Qt page adapts it).

A person paints each player's map cell by cell (or types the numbers), enters the checks of
every track and the area boxes; the model scores the game with `scoring.score_game`. Changes
are announced to `listeners`. Undo commands in the UI call `paint`, `set_checks`, `set_area`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from companion.games.alluvium.profile import SheetProfile, sheet_profile
from companion.games.alluvium.scoring import (
    EMPTY,
    GameResult,
    PlayerSheet,
    area_bonus,
    check_game,
    rounds_for,
    score_game,
)
from companion.history import PlayMode, PlayRecord, SeatResult

Cell = tuple[int, int]


@dataclass
class TableGame:
    """Every sheet of one play at the table."""

    names: list[str]
    colours: list[str]
    virtual: str | None = None
    profile: SheetProfile = field(default_factory=sheet_profile)
    grids: list[list[list[str]]] = field(default_factory=list)
    checks: list[dict[str, int]] = field(default_factory=list)
    areas: list[list[int | None]] = field(default_factory=list)
    #: Typed largest-group sizes per sheet and visiting colour (None = from the map).
    group_sizes: list[dict[str, int | None]] = field(default_factory=list)
    started_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))
    listeners: list[Callable[[], None]] = field(default_factory=list, repr=False, compare=False)

    def __post_init__(self) -> None:
        n = len(self.names)
        if len(self.colours) != n:
            raise ValueError("one colour per player")
        rows, cols = self.profile.rows, self.profile.cols
        if not self.grids:
            self.grids = [[[EMPTY] * cols for _ in range(rows)] for _ in range(n)]
        if not self.checks:
            self.checks = [{v: 0 for v in self.visitors(i)} for i in range(n)]
        if not self.areas:
            self.areas = [[None] * self.rounds for _ in range(n)]
        if not self.group_sizes:
            self.group_sizes = [{v: None for v in self.visitors(i)} for i in range(n)]

    # --- shape --------------------------------------------------------------------------------
    @property
    def players(self) -> int:
        return len(self.names)

    @property
    def rounds(self) -> int:
        return rounds_for(self.players)

    def visitors(self, player: int) -> list[str]:
        """The visiting colours of a player's sheet: the other players, then the virtual one."""
        found = [c for i, c in enumerate(self.colours) if i != player]
        return found + ([self.virtual] if self.virtual else [])

    def grid(self, player: int) -> tuple[str, ...]:
        return tuple("".join(row) for row in self.grids[player])

    # --- changes ------------------------------------------------------------------------------
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def paint(self, player: int, cells: Iterable[Cell], value: str) -> dict[Cell, str]:
        """Set cells to a colour letter (or '.' to clear); returns their previous values."""
        if value != EMPTY and value not in self.profile.letters():
            raise ValueError(f"{value!r} is not a colour")
        grid = self.grids[player]
        before: dict[Cell, str] = {}
        for r, c in cells:
            if self.profile.in_bounds((r, c)):
                before[(r, c)] = grid[r][c]
                grid[r][c] = value
        self._changed()
        return before

    def restore(self, player: int, values: dict[Cell, str]) -> None:
        grid = self.grids[player]
        for (r, c), value in values.items():
            grid[r][c] = value
        self._changed()

    def set_checks(self, player: int, colour: str, count: int) -> None:
        if colour not in self.checks[player]:
            raise KeyError(f"{colour} has no track on this sheet")
        if count < 0:
            raise ValueError("checks cannot be negative")
        self.checks[player][colour] = count
        self._changed()

    def set_area(self, player: int, round_index: int, value: int | None) -> None:
        self.areas[player][round_index] = value
        self._changed()

    def set_group_size(self, player: int, colour: str, size: int | None) -> None:
        """Type a visitor's largest group on a sheet (None: count it on the painted map)."""
        if colour not in self.group_sizes[player]:
            raise KeyError(f"{colour} does not visit this sheet")
        self.group_sizes[player][colour] = size
        self._changed()

    def rename(self, player: int, name: str) -> None:
        self.names[player] = name
        self._changed()

    # --- results ------------------------------------------------------------------------------
    def map_area(self, player: int) -> int:
        return area_bonus(self.grid(player))

    def sheets(self) -> list[PlayerSheet]:
        return [PlayerSheet(self.colours[i], self.grid(i), dict(self.checks[i]), self.names[i],
                            list(self.areas[i]), dict(self.group_sizes[i]))
                for i in range(self.players)]

    def is_blank(self) -> bool:
        """Nothing entered yet: no cell painted, no check, area or group size typed."""
        return (all(cell == EMPTY for grid in self.grids for row in grid for cell in row)
                and not any(any(c.values()) for c in self.checks)
                and all(a is None for areas in self.areas for a in areas)
                and all(g is None for sizes in self.group_sizes for g in sizes.values()))

    def problems(self, lang: str = "en") -> list[str]:
        """Why the play cannot be saved yet, as sentences in `lang` (empty when it can)."""
        ja = lang == "ja"
        found = check_game(self.sheets(), self.virtual)
        names = [n.strip() for n in self.names]
        missing = [i + 1 for i, n in enumerate(names) if not n]
        if missing:
            seats = ", ".join(str(i) for i in missing)
            found.append(f"プレイヤー {seats} の名前を入力してください。" if ja else
                         f"Type the name of player {seats}." if len(missing) == 1 else
                         f"Type the names of players {seats}.")
        twice = sorted({n for n in names if n and names.count(n) > 1})
        if twice:
            found.append("同じ名前が2回あります: " + "、".join(twice) + "。" if ja else
                         "A name appears twice: " + ", ".join(twice) + ".")
        if self.is_blank():
            found.append("まだ何も入力されていません: 地図を塗るか、面積とチェックを入力して"
                         "ください。" if ja else
                         "Nothing entered yet: paint the maps or type the areas and checks.")
        return found

    def result(self) -> GameResult:
        return score_game(self.sheets(), self.virtual)

    def to_play_record(self, location: str = "", notes: str = "") -> PlayRecord:
        """The finished play for the history: seats with colour, breakdown, rank, winner."""
        game = self.result()
        seats = [SeatResult(i, p.name, faction=self.profile.colour(p.owner).en,
                            score=float(p.total), breakdown=p.breakdown(), rank=p.rank,
                            winner=p.winner) for i, p in enumerate(game.players)]
        options: dict[str, object] = {"colours": "".join(self.colours)}
        if self.virtual:
            options["virtual"] = self.virtual
        return PlayRecord("alluvium", PlayMode.TABLE, self.started_at, seats,
                          finished_at=datetime.now().replace(microsecond=0),
                          options=options, location=location, notes=notes)


def default_colours(players: int, letters: Sequence[str]) -> list[str]:
    return list(letters[:players])
