"""The table companion's Etariya tracker: stones of each colour on Light and on Dark cells.

A person taps +/− as stones are placed on the physical board; dominance chips (four stones of a
colour on one faction's cells, stacks included), score chips (E) and the winner follow
automatically. `add` and `remove` are inverses, so the UI's undo stack needs nothing else.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from companion.games.etariya.board import CODES, DARK, FACTIONS, LIGHT, STONES_PER_COLOUR
from companion.games.etariya.board import colour_name as _colour_name
from companion.games.etariya.rules import WIN_CHIPS, WIN_POINTS, other
from companion.history import PlayMode, PlayRecord, SeatResult

FACTION_KEYS = {LIGHT: "light", DARK: "dark"}


@dataclass
class Tracker:
    """One physical game. Seat 0 is the first player, of faction `first`."""

    first: str = LIGHT
    expansions: tuple[str, ...] = ()
    #: E: colour code → value of the score chip on its dominance chip.
    score_pairing: Mapping[str, int] = field(default_factory=dict)
    names: list[str] = field(default_factory=lambda: ["", ""])
    started_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))
    stones: dict[str, dict[str, int]] = field(
        default_factory=lambda: {c: {LIGHT: 0, DARK: 0} for c in CODES})

    def __post_init__(self) -> None:
        if self.first not in FACTIONS:
            raise ValueError(f"first must be L or D, not {self.first!r}")
        if "E" in self.expansions and sorted(self.score_pairing) != sorted(CODES):
            raise ValueError("expansion E needs a score chip on each of the seven colours")

    @classmethod
    def from_setup(cls, setup: Any, names: Sequence[str] = ("", "")) -> Tracker:
        """A tracker for a `Setup` from the randomizer."""
        return cls(setup.first, tuple(setup.expansions), setup.pairing(), list(names))

    # --- entries ------------------------------------------------------------------------------
    def count(self, colour: str, faction: str) -> int:
        return self.stones[colour][faction]

    def add(self, colour: str, faction: str) -> None:
        """One stone of `colour` placed on a cell of `faction` (a stacked stone counts too)."""
        self._check(colour, faction)
        if self.is_over():
            raise ValueError(f"the game is over ({self.result_text()}); remove a stone to "
                             "correct an entry")
        if sum(self.stones[colour].values()) >= STONES_PER_COLOUR:
            raise ValueError(f"all {STONES_PER_COLOUR} {_colour_name(colour)} stones are "
                             "already counted")
        self.stones[colour][faction] += 1

    def remove(self, colour: str, faction: str) -> None:
        """Take back one stone (a correction, or undo)."""
        self._check(colour, faction)
        if self.stones[colour][faction] <= 0:
            raise ValueError(f"no {_colour_name(colour)} stone is counted on "
                             f"{FACTION_KEYS[faction]} cells")
        self.stones[colour][faction] -= 1

    def _check(self, colour: str, faction: str) -> None:
        if colour not in CODES:
            raise ValueError(f"unknown colour {colour!r}; use one of {' '.join(CODES)}")
        if faction not in FACTIONS:
            raise ValueError(f"unknown faction {faction!r}; use L or D")

    # --- what follows -------------------------------------------------------------------------
    def faction(self, seat: int) -> str:
        return self.first if seat == 0 else other(self.first)

    def dominance(self) -> dict[str, str]:
        """Colour → faction holding its dominance chip (four stones on its cells)."""
        return {c: f for c in CODES for f in FACTIONS if self.stones[c][f] >= 4}

    def chips(self, faction: str) -> int:
        return sum(1 for f in self.dominance().values() if f == faction)

    def points(self, faction: str) -> int:
        """E: the score chips that came with the faction's dominance chips."""
        return sum(self.score_pairing.get(c, 0) for c, f in self.dominance().items()
                   if f == faction)

    def measure(self, faction: str) -> int:
        return self.points(faction) if "E" in self.expansions else self.chips(faction)

    def placed(self) -> int:
        return sum(n for per in self.stones.values() for n in per.values())

    def winner(self) -> str | None:
        """The faction that has won: 4 chips (E: 7 points), or the lead once all stones are
        placed; None while the game goes on or for a draw."""
        goal = WIN_POINTS if "E" in self.expansions else WIN_CHIPS
        for f in FACTIONS:
            if self.measure(f) >= goal:
                return f
        if self.placed() == len(CODES) * STONES_PER_COLOUR:
            light, dark = self.measure(LIGHT), self.measure(DARK)
            if light != dark:
                return LIGHT if light > dark else DARK
        return None

    def is_over(self) -> bool:
        return self.winner() is not None or self.placed() == len(CODES) * STONES_PER_COLOUR

    def result_text(self, lang: str = "en") -> str:
        win = self.winner()
        if win is None:
            if not self.is_over():
                return "対局中" if lang == "ja" else "in progress"
            return "引き分け" if lang == "ja" else "a draw"
        seat = 0 if win == self.first else 1
        name = self.names[seat].strip() or (f"{seat + 1}人目" if lang == "ja" else
                                             f"player {seat + 1}")
        if lang == "ja":
            return f"{name}({'光' if win == LIGHT else '闇'})の勝ち"
        return f"{name} ({FACTION_KEYS[win]}) wins"

    # --- history ------------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the play cannot be saved yet, as sentences; empty when it can."""
        found = []
        names = [n.strip() for n in self.names]
        if any(not n for n in names):
            found.append("Every player needs a name.")
        elif names[0] == names[1]:
            found.append("The two players have the same name.")
        return found

    def to_play_record(self, location: str = "", notes: str = "",
                       finished_at: datetime | None = None) -> PlayRecord:
        """The play for the history (mode TABLE): seat 0 the first player; score = dominance
        chips (E: points), breakdown chips and points, rank, winner."""
        win = self.winner()
        seats = []
        for seat in (0, 1):
            f = self.faction(seat)
            seats.append(SeatResult(
                seat=seat, player=self.names[seat].strip(), faction=FACTION_KEYS[f],
                score=float(self.measure(f)),
                breakdown={"chips": float(self.chips(f)), "points": float(self.points(f))},
                rank=1 if win in (None, f) else 2, winner=win == f, start_player=seat == 0))
        options: dict[str, Any] = {"expansions": sorted(self.expansions),
                                   "first_faction": FACTION_KEYS[self.first]}
        if self.score_pairing:
            options["score_pairing"] = dict(self.score_pairing)
        return PlayRecord("etariya", PlayMode.TABLE, self.started_at, seats,
                          finished_at=finished_at or datetime.now().replace(microsecond=0),
                          options=options, location=location, notes=notes)
