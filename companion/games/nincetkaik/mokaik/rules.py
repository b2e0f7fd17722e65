"""行戦 mokaik: each round every player lays a 役 face up or gives up cards face down; the
strongest 役 takes the round, and the winner of the last round wins the season.

A season (lanerme-games.md §3 and its decisions): the cards are gathered and shuffled; with 2–4
players each gets 10 cards, with 5–6 players 8; the rest is not used. The leader (the 親 in the
first round, later the winner of the previous round) lays any 役 face up: ``play r5b5`` — a
single, a set of any size, or a run of three or more (one colour; the 船 is wild inside a 役 of
two or more cards). Clockwise, every other player either lays a 役 of the same type and size,
the same colours and stronger than the last 役 laid face up (``play …``), or puts as many cards
face down (``down r1b2``). The last 役 laid face up wins the round: its player keeps their own
played cards face up in front of them (公開札); every other card goes to 捨札. When the hands are
empty the winner of the last round wins the season and every other player pays them (6 − their
own 公開札 count); a negative amount is paid by the winner. A payment the 親 makes or receives is
multiplied by the 親の加点. The season winner is the next 親 (the 加点 rises by 1 when the 親
wins, and is 2 for a new 親). The game runs an agreed number of seasons (option ``seasons``, 4);
most points wins, ties share.

A group of cards that reads two ways (only two 船 with one other card can) counts as a set.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Self

from companion.core.api import Outcome, Termination
from companion.core.errors import MoveParseError
from companion.games.nincetkaik.cardgame import CardGameState, CardsMove
from companion.games.nincetkaik.deck import (
    COLOUR_OF,
    NUMBER_OF,
    PROFESSION_OF,
    STRENGTH_OF,
    Card,
    Profession,
    format_cards,
    missing_from,
    remove_cards,
)
from companion.games.nincetkaik.hands import Combo, Kind, readings, sub_multisets
from companion.games.nincetkaik.ledger import FIRST_RATE, ParentRate

CATEGORIES = ("seasons",)
#: Bots' search (`determinize`) plays rounds ahead until about this many plays, then judges
#: the hands (6 rounds with 2 players, 2 with 6).
SEARCH_PLAYS = 12
#: 公開札 a player may hold before they pay nothing (the book's "6 − count").
PAR = 6


def hand_size(players: int) -> int:
    """Cards dealt to each player: 10 with 2–4 players, 8 with 5–6."""
    return 10 if players <= 4 else 8


def read(cards: Sequence[Card]) -> Combo | None:
    """How a group of cards counts in 行戦: a set when it can be one, else its strongest run or
    single; None when it is no 役."""
    found = readings(cards)
    if not found:
        return None
    sets = [r for r in found if r.kind is Kind.SET]
    if sets:
        return sets[0]
    return max(found, key=lambda r: r.rank)


def follows(combo: Combo, lead: Combo) -> bool:
    """Same type and size as the lead, and the same colours: one colour for a single or a run
    (the lead's), the same mix for a set (a 船 keeps its own colour)."""
    if combo.shape != lead.shape:
        return False
    if combo.kind is Kind.SET:
        return combo.colours == lead.colours
    return COLOUR_OF[combo.cards[0]] == COLOUR_OF[lead.cards[0]]


def beating(cards: Sequence[Card], lead: Combo, best: Combo) -> Combo | None:
    """The reading of `cards` that follows the lead and beats `best` (the last 役 laid face up),
    or None. A follower may use any reading of their cards (the strongest that fits)."""
    fitting = [r for r in readings(cards) if follows(r, lead) and r.rank > best.rank]
    return max(fitting, key=lambda r: r.rank) if fitting else None


@lru_cache(maxsize=50_000)
def leads_of(hand: tuple[Card, ...]) -> tuple[tuple[Card, ...], ...]:
    """Every distinct group of cards in `hand` that is a 役: singles, sets (船 may join) and
    one-colour runs of three or more."""
    ships = [c for c in hand if PROFESSION_OF[c] == Profession.SHIP]
    found: dict[tuple[Card, ...], None] = {}
    for c in hand:
        found[(c,)] = None
    by_level: dict[int, list[Card]] = {}
    for c in hand:
        if PROFESSION_OF[c] != Profession.SHIP:
            level = read((c,))
            assert level is not None
            by_level.setdefault(level.rank, []).append(c)
    for cards in [*by_level.values(), []]:
        pool = sorted([*cards, *ships])
        for size in range(2, len(pool) + 1):
            for group in sub_multisets(pool, size):
                if read(group) is not None:
                    found[group] = None
    for colour in (0, 1):
        pool = sorted(c for c in hand if COLOUR_OF[c] == colour and
                      (NUMBER_OF[c] is not None or PROFESSION_OF[c] == Profession.SHIP))
        for size in range(3, len(pool) + 1):
            for group in sub_multisets(pool, size):
                if any(r.kind is Kind.RUN for r in readings(group)):
                    found[group] = None
    return tuple(sorted(found, key=lambda g: (len(g), g)))


@lru_cache(maxsize=50_000)
def groups_of(hand: tuple[Card, ...], size: int) -> tuple[tuple[Card, ...], ...]:
    """The distinct groups of `size` cards of `hand`."""
    return tuple(sub_multisets(hand, size))


@lru_cache(maxsize=100_000)
def follow_moves(hand: tuple[Card, ...], lead: Combo, rank: int) -> tuple[CardsMove, ...]:
    """A follower's moves: every 役 that follows `lead` and is stronger than `rank` (the last
    face-up 役), then every group of as many cards face down."""
    groups = groups_of(hand, lead.size)
    if lead.size == 1:  # the common case, without reading every card as a 役
        colour = COLOUR_OF[lead.cards[0]]
        plays = [g for g in groups
                 if COLOUR_OF[g[0]] == colour and STRENGTH_OF[g[0]] > rank
                 and PROFESSION_OF[g[0]] != Profession.SHIP]
    else:
        best = Combo(lead.kind, lead.cards, rank, lead.width)
        colours = lead.colours  # a cheap test first: the colours must match anyway
        if lead.kind is Kind.SET:
            fitting = [g for g in groups if tuple(sorted(COLOUR_OF[c] for c in g)) == colours]
        else:
            fitting = [g for g in groups if all(COLOUR_OF[c] == colours[0] for c in g)]
        plays = [g for g in fitting if beating(g, lead, best) is not None]
    return (*(play_move(g) for g in plays), *(down_move(g) for g in groups))


@dataclass(frozen=True)
class Lay:
    """One play of a round, as the table saw it: a 役 face up (its cards and reading), or
    `count` cards face down (their faces stay in the player's `asides`)."""

    seat: int
    count: int
    combo: Combo | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        """The face-up cards (none for a face-down play)."""
        return self.combo.cards if self.combo is not None else ()


@dataclass(frozen=True)
class SeasonResult:
    """How a season ended: the winner, everyone's 公開札 count, the payments, the 親 and 加点."""

    season: int
    winner: int
    counts: tuple[int, ...]
    deltas: tuple[int, ...]
    rate: ParentRate
    last_trick: tuple[Lay, ...] = ()


@dataclass
class MokaikState(CardGameState):
    game_id: ClassVar[str] = "mokaik"
    round_word: ClassVar[str] = "season"
    reward_scale: ClassVar[float] = 6.0

    seasons: int = 4
    rate: int = FIRST_RATE
    trick: list[Lay] = field(default_factory=list)  # this round's plays, in order
    won: list[list[Card]] = field(default_factory=list)  # per seat: 公開札
    discards: list[Card] = field(default_factory=list)  # face-up cards that lost (捨札)
    leader: int = 0
    mover: int = 0
    tricks: int = 0  # rounds finished this season
    horizon_tricks: int | None = None  # search only: stop after this many rounds
    last_trick: tuple[Lay, ...] = ()
    last: SeasonResult | None = None

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> MokaikState:
        state = cls(num_players, dict(options))
        state.seasons = int(options.get("seasons", 4))
        state._init_seats(0)
        state.won = [[] for _ in range(num_players)]
        state.queue = [("parent", -1)]
        return state

    def _copy_into(self, other: Self) -> None:
        other.trick = list(self.trick)
        other.won = [list(w) for w in self.won]
        other.discards = list(self.discards)

    def _table_cards(self) -> Iterable[Card]:
        return [*self.discards, *(c for w in self.won for c in w),
                *(c for lay in self.trick for c in lay.cards)]

    def parent_rate(self) -> ParentRate:
        return ParentRate(self.parent, self.rate)

    # --- seasons ----------------------------------------------------------------------------
    def _after_chance(self) -> None:
        if self.round_no == 0:
            self._begin_season()
        elif not self.trick:
            self.leader = self.mover = self.parent

    def _begin_season(self) -> None:
        if not self._next_season(self.seasons):
            return
        self.won = [[] for _ in range(self.num_players)]
        self.discards, self.trick, self.tricks = [], [], 0
        self.last_trick = ()
        self.queue = self._deal_queue(hand_size(self.num_players))

    # --- rounds -----------------------------------------------------------------------------
    def lead(self) -> Combo | None:
        """The 役 that led this round."""
        return self.trick[0].combo if self.trick else None

    def best(self) -> Lay | None:
        """The last 役 laid face up this round (it wins if nobody beats it)."""
        for lay in reversed(self.trick):
            if lay.combo is not None:
                return lay
        return None

    def _seat_to_move(self) -> int:
        return self.mover

    def _seat_moves(self) -> list[Any]:
        hand = tuple(self.hands[self.mover])
        lead = self.lead()
        if lead is None:
            return [play_move(g) for g in leads_of(hand)]
        best = self.best()
        assert best is not None and best.combo is not None
        return list(follow_moves(hand, lead, best.combo.rank))

    def _apply_seat_move(self, move: Any) -> None:
        seat = self.mover
        cards = move.cards
        remove_cards(self.hands[seat], cards)
        if move.verb == "play":
            lead, best = self.lead(), self.best()
            if lead is None or best is None or best.combo is None:
                combo = read(cards)
            else:
                combo = beating(cards, lead, best.combo)
            self.trick.append(Lay(seat, len(cards), combo))
        else:
            self.asides[seat] += cards
            self.asides[seat].sort()
            self.trick.append(Lay(seat, len(cards)))
        if len(self.trick) < self.num_players:
            self.mover = (seat + 1) % self.num_players
            return
        self._end_trick()

    def _end_trick(self) -> None:
        best = self.best()
        assert best is not None
        winner = best.seat
        for lay in self.trick:
            if lay.combo is None:
                continue
            if lay.seat == winner:
                self.won[winner] += lay.cards
            else:
                self.discards += lay.cards
        self.last_trick = tuple(self.trick)
        self.trick = []
        self.tricks += 1
        self.leader = self.mover = winner
        if self.hand_size(winner) == 0:
            self._end_season(winner)
        elif self.horizon_tricks is not None and self.tricks >= self.horizon_tricks:
            self.over = self.truncated = True

    def _end_season(self, winner: int) -> None:
        counts = tuple(len(w) for w in self.won)
        rate = self.parent_rate()
        deltas = season_payments(counts, winner, rate)
        for seat, delta in enumerate(deltas):
            self.points[seat] += delta
        self.last = SeasonResult(self.round_no, winner, counts, deltas, rate, self.last_trick)
        after = rate.after(winner)
        self.parent, self.rate = after.parent, after.rate
        self._round_over()
        self._begin_season()

    # --- search -------------------------------------------------------------------------------
    def determinize(self, seat: int, rng: Any) -> Self:
        """As for every card game, and the search stops after a few rounds."""
        state = super().determinize(seat, rng)
        state.horizon_tricks = self.tricks + max(1, SEARCH_PLAYS // self.num_players)
        return state

    def returns(self) -> tuple[float, ...]:
        """At a search horizon inside a season: the points gained plus what the hands promise
        (the greedy bot's evaluation)."""
        if not self.truncated or self.horizon_tricks is None or self.tricks < self.horizon_tricks:
            return super().returns()
        from companion.games.nincetkaik.bots import evaluate_mokaik
        from companion.games.nincetkaik.cardgame import horizon_returns

        gains = [evaluate_mokaik(self, s) - self.horizon_points[s]
                 for s in range(self.num_players)]
        return horizon_returns(gains, self.reward_scale)

    # --- notation ---------------------------------------------------------------------------
    def _parse_seat_move(self, text: str) -> Any:
        head = text.split()[0].lower() if text.split() else ""
        if head in ("play", "down"):
            move = CardsMove.parse(text)
            return play_move(move.cards) if head == "play" else down_move(move.cards)
        raise MoveParseError(text, "a 行戦 move: 'play r5b5' (a 役 face up) or 'down r1b2' "
                                   "(as many cards face down)")

    def _why_not(self, move: Any) -> str:
        seat = self.mover
        if not isinstance(move, CardsMove) or move.verb not in ("play", "down"):
            return "not a 行戦 move"
        short = missing_from(move.cards, self.hands[seat])
        if short:
            return f"{format_cards(short)} not in seat {seat + 1}'s hand"
        lead = self.lead()
        if lead is None:
            if move.verb == "down":
                return "the leader lays a 役 face up"
            return (f"{format_cards(move.cards)} is no 役 (a single, a set, or a one-colour "
                    "run of three or more)")
        if len(move.cards) != lead.size:
            return f"the lead has {lead.size} cards: play or put down {lead.size}"
        best = self.best()
        assert best is not None and best.combo is not None
        return (f"{format_cards(move.cards)} does not beat {format_cards(best.cards)} with "
                f"the same type, size and colours as the lead {format_cards(lead.cards)}")

    # --- result -----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        breakdown = tuple({"seasons": float(p)} for p in self.points)
        return self._points_outcome(breakdown, Termination.ROUND_LIMIT)

    def describe(self) -> str:
        trick = " ".join(f"{lay.seat + 1}:{format_cards(lay.cards) or f'down{lay.count}'}"
                         for lay in self.trick) or "-"
        won = "|".join(format_cards(w) or "-" for w in self.won)
        return (f"Mokaik {self.num_players}p season {self.round_no}/{self.seasons}, "
                f"{self._flow_text()}; 親 {self.parent + 1} 加点 {self.rate}; points "
                f"{','.join(map(str, self.points))}; hands {self._hands_text()}; trick {trick}; "
                f"won {won}; discards {format_cards(self.discards) or '-'}; rounds "
                f"{self.tricks}; deck {self.deck_size}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.card_errors()
        if sum(self.points) != 0:
            errors.append(f"points do not add up to zero: {self.points}")
        if not self.queue and not self.over:
            played = {lay.seat: lay.count for lay in self.trick}
            sizes = {self.hand_size(s) + played.get(s, 0) for s in range(self.num_players)}
            if len(sizes) != 1:
                errors.append(f"hands of different sizes in one round: {sorted(sizes)}")
        return errors


def season_payments(counts: Sequence[int], winner: int, rate: ParentRate) -> tuple[int, ...]:
    """Every other player pays the winner (6 − their own 公開札 count), × 加点 when the 親 pays
    or receives; a negative amount goes the other way."""
    deltas = [0] * len(counts)
    for seat, count in enumerate(counts):
        if seat == winner:
            continue
        amount = (PAR - count) * rate.multiplier(seat, winner)
        deltas[seat] -= amount
        deltas[winner] += amount
    return tuple(deltas)


_PLAYS: dict[tuple[Card, ...], CardsMove] = {}
_DOWNS: dict[tuple[Card, ...], CardsMove] = {}


def play_move(cards: tuple[Card, ...]) -> CardsMove:
    """``play …`` for these cards (one object per group of cards)."""
    move = _PLAYS.get(cards)
    if move is None:
        move = _PLAYS[cards] = CardsMove("play", cards)
    return move


def down_move(cards: tuple[Card, ...]) -> CardsMove:
    """``down …`` for these cards."""
    move = _DOWNS.get(cards)
    if move is None:
        move = _DOWNS[cards] = CardsMove("down", cards)
    return move


def new_state(num_players: int, options: dict[str, Any]) -> MokaikState:
    return MokaikState.start(num_players, options)
