"""Point sticks (値軸) and the points ledger shared by the 紙机戦 games.

- Sticks: white 1, red 5, black 25 (`sticks_for` changes points into the fewest sticks).
- `ParentRate`: the 親 and the 親の加点 (starts at 2, +1 when the 親 wins a season and stays
  親, back to 2 when another player becomes 親; it multiplies a payment only when the 親 pays
  or receives it — lanerme-games.md §2 DECISION 3, §14.2).
- `Session`: the ledger of a game at the table, an immutable value. Each `Step` (a season's
  payments, a call, a hand's pot…) is added with `add`, taken back with `undo` and put again with
  `redo`; every operation returns a new `Session`, so a screen's undo stack just keeps values.
  Points are conserved: a step's payments plus what it leaves in the pot add up to zero.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from companion.history import PlayMode, PlayRecord, SeatResult
from companion.scoresheet import competition_ranks

#: Stick values, largest first: black 25, red 5, white 1.
STICK_VALUES: tuple[int, ...] = (25, 5, 1)
STICK_NAMES: dict[int, tuple[str, str]] = {25: ("黒", "black"), 5: ("赤", "red"),
                                           1: ("白", "white")}
#: The suggested equal stock at the table: 40 = one black, two red, five white (rules C2).
SUGGESTED_STOCK = 40
SUGGESTED_STOCK_STICKS: tuple[int, ...] = (1, 2, 5)
FIRST_RATE = 2


def sticks_for(points: int) -> tuple[int, ...]:
    """The fewest sticks worth `points` (≥ 0): (black, red, white)."""
    if points < 0:
        raise ValueError(f"sticks cannot show a negative amount ({points})")
    result = []
    for value in STICK_VALUES:
        result.append(points // value)
        points %= value
    return tuple(result)


def sticks_text(points: int, lang: str = "en") -> str:
    """"1 black, 2 red, 5 white" (only the colours used)."""
    parts = []
    for value, count in zip(STICK_VALUES, sticks_for(abs(points)), strict=True):
        if count:
            ja, en = STICK_NAMES[value]
            parts.append(f"{ja}{count}本" if lang == "ja" else f"{count} {en}")
    if not parts:
        return "なし" if lang == "ja" else "none"
    return "・".join(parts) if lang == "ja" else ", ".join(parts)


@dataclass(frozen=True)
class ParentRate:
    """The 親 (a seat) and the 親の加点 in force this season."""

    parent: int
    rate: int = FIRST_RATE

    def multiplier(self, payer: int, receiver: int) -> int:
        """The 加点 when the 親 pays or receives, else 1."""
        return self.rate if self.parent in (payer, receiver) else 1

    def after(self, winner: int | None) -> ParentRate:
        """Next season's 親 and 加点: the winner becomes (or stays) 親; no winner changes
        nothing."""
        if winner is None:
            return self
        if winner == self.parent:
            return ParentRate(self.parent, self.rate + 1)
        return ParentRate(winner, FIRST_RATE)


def split_pot(pot: int, winners: Sequence[int], parent: int, players: int) -> list[int]:
    """Each seat's share of a pot split between `winners`: equal shares, the odd points one at a
    time in seating order starting after the 親 (rules §14.4)."""
    shares = [0] * players
    if not winners:
        return shares
    each, odd = divmod(pot, len(winners))
    for seat in winners:
        shares[seat] = each
    order = [(parent + i) % players for i in range(1, players + 1)]
    for seat in [s for s in order if s in winners][:odd]:
        shares[seat] += 1
    return shares


def first_after(parent: int, seats: Sequence[int], players: int) -> int:
    """The seat of `seats` that comes first in seating order after the 親 (the 親 last)."""
    order = [(parent + i) % players for i in range(1, players + 1)]
    return next(s for s in order if s in seats)


@dataclass(frozen=True)
class Step:
    """One entry of the ledger: payments per category, what went into the pot, who is 親
    afterwards, and a sentence in both languages."""

    kind: str  # "season", "call", "four_set", "hand", "game" …
    parts: tuple[tuple[str, tuple[int, ...]], ...]  # (category, delta per seat)
    text_ja: str = ""
    text_en: str = ""
    pot: int = 0  # points left in (positive) or taken from (negative) the pot
    ends_round: bool = False  # a season / hand / deal / game is over
    parent_after: int | None = None
    rate_after: int | None = None

    @property
    def deltas(self) -> tuple[int, ...]:
        if not self.parts:
            return ()
        width = len(self.parts[0][1])
        return tuple(sum(values[i] for _, values in self.parts) for i in range(width))

    def text(self, lang: str) -> str:
        return self.text_ja if lang == "ja" else self.text_en

    def problems(self, players: int, zero_sum: bool = True) -> list[str]:
        found = [f"{name}: {len(values)} values for {players} players"
                 for name, values in self.parts if len(values) != players]
        if not found and zero_sum and sum(self.deltas) + self.pot != 0:
            found.append(f"payments {self.deltas} and pot {self.pot} do not balance")
        return found


@dataclass(frozen=True)
class Session:
    """A game at the table: players, starting points, the agreed number of rounds (seasons,
    hands or deals) and the steps so far. Immutable: every change returns a new value."""

    game_id: str
    names: tuple[str, ...]
    start: tuple[int, ...]
    parent: int = 0
    rate: int = FIRST_RATE
    rounds: int = 4
    categories: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    redo_stack: tuple[Step, ...] = ()
    options: tuple[tuple[str, Any], ...] = ()
    #: Payments balance (a points game); False for a tally of wins.
    zero_sum: bool = True
    started_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))

    def __post_init__(self) -> None:
        if len(self.start) != len(self.names):
            raise ValueError(f"{len(self.start)} starting amounts for {len(self.names)} players")
        if not 0 <= self.parent < len(self.names):
            raise ValueError(f"the 親 must be one of the {len(self.names)} players")

    @property
    def players(self) -> int:
        return len(self.names)

    # --- changes ----------------------------------------------------------------------------
    def add(self, step: Step) -> Session:
        problems = step.problems(self.players, self.zero_sum)
        if problems:
            raise ValueError("; ".join(problems))
        if step.ends_round and self.is_over():
            raise ValueError("every round is already entered; undo to correct an entry")
        return replace(self, steps=(*self.steps, step), redo_stack=())

    def can_undo(self) -> bool:
        return bool(self.steps)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> Session:
        if not self.steps:
            return self
        return replace(self, steps=self.steps[:-1], redo_stack=(self.steps[-1], *self.redo_stack))

    def redo(self) -> Session:
        if not self.redo_stack:
            return self
        return replace(self, steps=(*self.steps, self.redo_stack[0]),
                       redo_stack=self.redo_stack[1:])

    # --- what follows -----------------------------------------------------------------------
    def totals(self) -> tuple[int, ...]:
        totals = list(self.start)
        for step in self.steps:
            for seat, delta in enumerate(step.deltas):
                totals[seat] += delta
        return tuple(totals)

    def pot(self) -> int:
        return sum(step.pot for step in self.steps)

    def breakdown(self, seat: int) -> dict[str, int]:
        result = dict.fromkeys(self.categories, 0)
        for step in self.steps:
            for name, values in step.parts:
                result[name] = result.get(name, 0) + values[seat]
        return result

    def parent_rate(self) -> ParentRate:
        """The 親 and 加点 for the next entry."""
        parent, rate = self.parent, self.rate
        for step in self.steps:
            if step.parent_after is not None:
                parent = step.parent_after
            if step.rate_after is not None:
                rate = step.rate_after
        return ParentRate(parent, rate)

    def rounds_played(self) -> int:
        return sum(1 for step in self.steps if step.ends_round)

    def is_over(self) -> bool:
        return self.rounds_played() >= self.rounds

    def winners(self) -> list[int]:
        totals = self.totals()
        best = max(totals)
        return [s for s, t in enumerate(totals) if t == best]

    def problems(self) -> list[str]:
        """Why the session cannot be saved yet, as sentences; empty when it can."""
        names = [n.strip() for n in self.names]
        if any(not n for n in names):
            return ["Every player needs a name."]
        if len(set(names)) != len(names):
            return ["Two players have the same name."]
        if not self.steps:
            return ["Nothing has been entered yet."]
        return []

    def to_play_record(self, location: str = "", notes: str = "",
                       finished_at: datetime | None = None) -> PlayRecord:
        """The play for the history (mode TABLE): totals, the breakdown per category (plus
        the starting points where there were any), competition ranks and the winners."""
        totals = self.totals()
        ranks = competition_ranks(list(totals))
        winners = set(self.winners())
        parent = self.parent
        seats = []
        for seat, name in enumerate(self.names):
            breakdown = {k: float(v) for k, v in self.breakdown(seat).items()}
            if any(self.start):
                breakdown = {"start": float(self.start[seat]), **breakdown}
            seats.append(SeatResult(seat=seat, player=name.strip(), score=float(totals[seat]),
                                    breakdown=breakdown, rank=ranks[seat],
                                    winner=seat in winners, start_player=seat == parent))
        options = dict(self.options)
        options["rounds"] = self.rounds
        return PlayRecord(self.game_id, PlayMode.TABLE, self.started_at, seats,
                          finished_at=finished_at or datetime.now().replace(microsecond=0),
                          options=options, location=location, notes=notes)


def pot_step(players: int, parent: int, carried: int, paid: Sequence[int],
             winners: Sequence[int], kind: str, text_ja: str, text_en: str,
             parent_after: int | None = None, ends_round: bool = True) -> Step:
    """A round of a stake game: each seat `paid` into the pot (which already held `carried`),
    `winners` share it (odd points after the 親); no winner leaves it on the table."""
    if len(paid) != players:
        raise ValueError(f"{len(paid)} payments for {players} players")
    total = carried + sum(paid)
    shares = split_pot(total, list(winners), parent, players) if winners else [0] * players
    return Step(kind, (("pots", tuple(shares)), ("stakes", tuple(-p for p in paid))),
                text_ja, text_en, pot=sum(paid) - sum(shares), ends_round=ends_round,
                parent_after=parent_after)


def check_players(title: str, names: Sequence[str], most: int) -> None:
    """Refuse a table of other than 2 to `most` players, in a sentence that names the game."""
    if not 2 <= len(names) <= most:
        raise ValueError(f"{title} is for 2 to {most} players, not {len(names)}")


def wins_session(game_id: str, names: Sequence[str], games: int, parent: int) -> Session:
    """A session that tallies the wins of `games` games (no points change hands)."""
    return Session(game_id, tuple(names), (0,) * len(names), parent=parent, rounds=games,
                   categories=("wins",), options=(("games", games),), zero_sum=False)


def seat_name(names: Sequence[str], seat: int, lang: str) -> str:
    """A seat as a list names it: the player's name, else "seat n"."""
    if 0 <= seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return f"{seat + 1}番目の席" if lang == "ja" else f"seat {seat + 1}"


def sentence_name(names: Sequence[str], seat: int, lang: str) -> str:
    """A seat's name inside a sentence: bidi-isolated, so that an Arabic or Hebrew name does
    not reorder the words around it."""
    from companion.display import isolate

    return isolate(seat_name(names, seat, lang))
