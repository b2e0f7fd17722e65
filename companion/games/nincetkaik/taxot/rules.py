"""終季 taxot: draw one, discard one, until six cards split into a winning shape.

A season (lanerme-games.md §4 and its decisions): the cards are gathered and shuffled and each
seat gets five; with the option 光 one card is turned up as an indicator. From the 親, clockwise,
a turn is: draw one card (chance), then ``declare`` (終季 on one's own draw, when the whole hand
wins), ``lay r5r5b5b5`` (lay out a four-card set from the hand: 四友, every other seat pays 1),
then ``discard r5``. When a card is discarded every other seat is asked about it, each once, in
seating order after the discarder, whether or not it could take it (so being asked shows
nothing of a hand): ``declare`` (終季 with it), ``call r4r6`` (開: complete a 3-set, 3-run or
4-set with the named hand cards) or ``pass``. A declaration takes the card at once (the seats
before it let it go); a call waits until the seats after the caller have answered, since a
終季 of theirs comes first (§4 D3): later seats may then only declare or pass. Then the caller
lays out the 役, pays the discarder 1, discards and play goes on to the caller's left. (Games
saved before this was so ask only the seats that could claim: first those who could declare,
then those who could call, each call taken at once; option ``claims``, see the package.)
A 終季 on one's own draw is paid by every other seat, one on a discard by the
discarder; the declarer is the next 親 (the 加点 rises when the 親 wins, resets to 2 otherwise).
When the 山札 runs out no one pays and the 親 stays. The game runs an agreed number of seasons
(option ``seasons``, 4); most points wins, ties share.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from companion.core.api import Outcome, Termination
from companion.core.errors import MoveParseError
from companion.games.nincetkaik.cardgame import CardGameState, CardsMove, Word, seat_order
from companion.games.nincetkaik.deck import (
    ALL_CARDS,
    Card,
    format_card,
    format_cards,
    missing_from,
)
from companion.games.nincetkaik.hands import Combo, Kind, readings
from companion.games.nincetkaik.ledger import FIRST_RATE, ParentRate
from companion.games.nincetkaik.taxot import ABLE, CLAIMS, EVERYONE
from companion.games.nincetkaik.taxot.scoring import (
    HAND,
    TaxotScore,
    call_options,
    four_sets,
    is_winning,
    payments,
    score_hand,
)

if TYPE_CHECKING:
    from companion.games.nincetkaik.bots import TaxotClues

CATEGORIES = ("seasons", "calls", "four_sets")
#: Bots' search (`determinize`) plays this many more turns of every seat, then judges the
#: hands before the next draw (0: it judges them after this turn; a playout's draws say less
#: about six discards than the chance that the hand left wins: 2 turns won 52.5% against
#: greedy, 4 turns 56.7%).
SEARCH_TURNS_PER_SEAT = 0


@dataclass(frozen=True)
class SeasonResult:
    """How a season ended, as the table saw it."""

    season: int
    winner: int | None  # None: the 山札 ran out
    discarder: int | None  # None: on the winner's own draw
    hand: tuple[Card, ...]  # the cards in hand shown (the winning card included)
    melds: tuple[tuple[Card, ...], ...]
    score: TaxotScore | None
    deltas: tuple[int, ...]
    rate: ParentRate  # the 親 and 加点 in force during the season
    indicators: tuple[Card, ...] = ()


@dataclass
class TaxotState(CardGameState):
    game_id: ClassVar[str] = "taxot"
    round_word: ClassVar[str] = "season"
    reward_scale: ClassVar[float] = 6.0

    seasons: int = 4
    light: bool = False
    rate: int = FIRST_RATE
    melds: list[list[Combo]] = field(default_factory=list)
    discards: list[Card] = field(default_factory=list)
    discarders: list[int] = field(default_factory=list)  # who discarded each of `discards`
    indicators: list[Card] = field(default_factory=list)
    phase: str = ""  # turn, after_call, claim
    after: str = ""  # what follows the queued chance: start, turn, score
    mover: int = 0
    claim_card: Card = -1
    claim_from: int = -1
    #: Who is asked about the discard, in order: (seat, "claim") for every other seat, or
    #: (seat, "win" | "call") for the seats that can (`claims` ABLE, old records).
    asks: list[tuple[int, str]] = field(default_factory=list)
    claims: str = EVERYONE
    #: A call waiting for the later seats' answers: the caller and the cards it named, shown
    #: on the table meanwhile (back into the hand if a later seat declares 終季).
    call: tuple[int, tuple[Card, ...]] | None = None
    parent_draws: int = 0
    turns: int = 0  # draws this season
    horizon_turns: int | None = None  # search only: stop before this draw
    search_seat: int = -1  # search only: the seat whose search this is
    search_discards: int = 0  # search only: the discards lying when it began
    danger: tuple[float, ...] = ()  # search only: per card, the chance a discard of it loses
    laid: bool = False
    pending: tuple[int, int | None] | None = None  # (winner, discarder) awaiting the score
    tally: list[list[int]] = field(default_factory=list)  # per seat: seasons, calls, four_sets
    last: SeasonResult | None = None

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> TaxotState:
        state = cls(num_players, dict(options))
        state.seasons = int(options.get("seasons", 4))
        state.light = bool(options.get("light", False))
        state.claims = str(options.get(CLAIMS, EVERYONE))
        state._init_seats(0)
        state.melds = [[] for _ in range(num_players)]
        state.tally = [[0, 0, 0] for _ in range(num_players)]
        state.queue = [("parent", -1)]
        return state

    def _copy_into(self, other: Self) -> None:
        other.melds = [list(m) for m in self.melds]
        other.discards = list(self.discards)
        other.discarders = list(self.discarders)
        other.indicators = list(self.indicators)
        other.asks = list(self.asks)
        other.tally = [list(t) for t in self.tally]

    def _table_cards(self) -> Iterable[Card]:
        return [*self.discards, *self.indicators, *(self.call[1] if self.call else ()),
                *(c for melds in self.melds for m in melds for c in m.cards)]

    # --- seasons ----------------------------------------------------------------------------
    def parent_rate(self) -> ParentRate:
        return ParentRate(self.parent, self.rate)

    def _after_chance(self) -> None:
        if self.round_no == 0:
            self._begin_season()
        elif self.after == "start":
            self._begin_turn(self.parent)
        elif self.after == "turn":
            self.phase, self.laid = "turn", False
        elif self.after == "score" and self.pending is not None:
            self._score(*self.pending)

    def _place(self, kind: str, target: int, c: Card) -> None:
        if kind == "up":
            self.indicators.append(c)
        else:
            super()._place(kind, target, c)

    def _begin_season(self) -> None:
        if not self._next_season(self.seasons):
            return
        self.melds = [[] for _ in range(self.num_players)]
        self.discards, self.discarders, self.indicators, self.asks = [], [], [], []
        self.phase, self.after, self.parent_draws, self.pending = "", "start", 0, None
        self.turns = 0
        self.queue = self._deal_queue(HAND)
        if self.light:
            self.queue.append(("up", -1))

    def _begin_turn(self, seat: int) -> None:
        self.mover, self.phase, self.asks, self.call = seat, "", [], None
        if self.deck_size == 0:
            self._end_season(None, None)
            return
        if self.horizon_turns is not None and self.turns >= self.horizon_turns:
            self.over = self.truncated = True
            return
        self.turns += 1
        if seat == self.parent:
            self.parent_draws += 1
        self.after = "turn"
        self.queue = [("draw", seat)]

    # --- moves ------------------------------------------------------------------------------
    def _seat_to_move(self) -> int:
        return self.asks[0][0] if self.phase == "claim" else self.mover

    def _seat_moves(self) -> list[Any]:
        if self.phase == "claim":
            return self._claim_moves(*self.asks[0])
        hand = self.hands[self.mover]
        discards: list[Any] = [DISCARDS[c] for c in sorted(set(hand))]
        if self.phase == "after_call":
            return discards
        moves: list[Any] = []
        if is_winning(hand, self.melds[self.mover]):
            moves.append(DECLARE)
        if not self.laid:
            moves += [CardsMove("lay", g) for g in four_sets(hand)]
        return moves + discards

    def _claim_moves(self, seat: int, kind: str) -> list[Any]:
        """What `seat` may answer about the discard: 終季, 開 (not after an earlier seat's
        call: the nearest caller takes it), or let it go."""
        held = tuple(self.hands[seat])
        moves: list[Any] = []
        if kind in ("claim", "win") and is_winning([*held, self.claim_card], self.melds[seat]):
            moves.append(DECLARE)
        if kind == "call" or (kind == "claim" and self.call is None):
            moves += [CardsMove("call", g) for g in call_options(held, self.claim_card)]
        return [*moves, PASS]

    def _apply_seat_move(self, move: Any) -> None:
        seat = self._seat_to_move()
        if self.phase == "claim":
            self._claim(seat, move)
        elif move == DECLARE:
            self._declare(seat, None)
        elif move.verb == "lay":
            self._lay_out(seat, move.cards)
            self._four_set(seat)
            self.laid = True
        else:
            self._discard(seat, move.cards[0])

    def _lay_out(self, seat: int, cards: Sequence[Card]) -> None:
        """Lay `cards` out as one 役 (its type is fixed; a 船's number is not: the hand is
        judged with the reading that scores most, `scoring.meld_readings`)."""
        for c in cards:
            self.hands[seat].remove(c)
        combo = max((r for r in readings(cards) if r.kind in (Kind.SET, Kind.RUN)),
                    key=lambda r: (r.kind, r.rank))
        self.melds[seat].append(combo)

    def _four_set(self, seat: int) -> None:
        """四友: every other seat pays 1 at once."""
        for other in range(self.num_players):
            if other != seat:
                self.points[other] -= 1
                self.tally[other][2] -= 1
        self.points[seat] += self.num_players - 1
        self.tally[seat][2] += self.num_players - 1

    def _discard(self, seat: int, c: Card) -> None:
        self.hands[seat].remove(c)
        self.discards.append(c)
        self.discarders.append(seat)
        self.claim_card, self.claim_from = c, seat
        order = seat_order(seat, self.num_players)[1:]
        if self.claims == ABLE:
            wins = [(s, "win") for s in order
                    if is_winning([*self.hands[s], c], self.melds[s])]
            calls = [(s, "call") for s in order if call_options(tuple(self.hands[s]), c)]
            self.asks = wins + calls
        else:
            self.asks = [(s, "claim") for s in order]
        if self.asks:
            self.phase = "claim"
        else:
            self._begin_turn((seat + 1) % self.num_players)

    def _claim(self, seat: int, move: Any) -> None:
        if move == DECLARE:
            self._call_back()
            self.hands[seat].append(self._take_discard())
            self.hands[seat].sort()
            self._declare(seat, self.claim_from)
            return
        if move != PASS and self.claims == ABLE:
            self._take_call(seat, move.cards)
            return
        if move != PASS:  # the seats after it may still declare: the call waits, shown
            for c in move.cards:
                self.hands[seat].remove(c)
            self.call = (seat, move.cards)
        self.asks.pop(0)
        if self.asks:
            return
        if self.call is not None:
            caller, cards = self._call_back()
            self._take_call(caller, cards)
        else:
            self._begin_turn((self.claim_from + 1) % self.num_players)

    def _call_back(self) -> tuple[int, tuple[Card, ...]]:
        """The waiting call's cards back into the caller's hand; (caller, cards)."""
        if self.call is None:
            return -1, ()
        seat, cards = self.call
        self.hands[seat] = sorted([*self.hands[seat], *cards])
        self.call = None
        return seat, cards

    def _take_discard(self) -> Card:
        self.discarders.pop()
        return self.discards.pop()

    def _take_call(self, seat: int, cards: tuple[Card, ...]) -> None:
        """開: the caller lays the 役 out with the discard, pays the discarder 1, discards."""
        card = self._take_discard()
        self.hands[seat].append(card)
        self._lay_out(seat, (*cards, card))
        self.points[seat] -= 1
        self.points[self.claim_from] += 1
        self.tally[seat][1] -= 1
        self.tally[self.claim_from][1] += 1
        if self.melds[seat][-1].size == 4:
            self._four_set(seat)
        self.mover, self.phase, self.asks, self.call = seat, "after_call", [], None

    def _declare(self, winner: int, discarder: int | None) -> None:
        self.pending = (winner, discarder)
        self.phase, self.asks, self.call = "", [], None
        if self.light and self.deck_size:
            self.after = "score"
            self.queue = [("up", -1)]
        else:
            self._score(winner, discarder)

    def _score(self, winner: int, discarder: int | None) -> None:
        first_round = self.parent_draws <= 1
        score = score_hand(self.hands[winner], self.melds[winner], first_round, self.indicators)
        assert score is not None, "a declared hand always wins"
        payers = [discarder] if discarder is not None else \
            [s for s in range(self.num_players) if s != winner]
        deltas = payments(score, self.parent_rate(), winner, payers, self.num_players)
        self._end_season(winner, discarder, score, deltas)

    def _end_season(self, winner: int | None, discarder: int | None,
                    score: TaxotScore | None = None, deltas: Sequence[int] = ()) -> None:
        deltas = list(deltas) or [0] * self.num_players
        for seat, delta in enumerate(deltas):
            self.points[seat] += delta
            self.tally[seat][0] += delta
        hand = tuple(self.hands[winner]) if winner is not None else ()
        melds = tuple(m.cards for m in self.melds[winner]) if winner is not None else ()
        self.last = SeasonResult(self.round_no, winner, discarder, hand, melds, score,
                                 tuple(deltas), self.parent_rate(), tuple(self.indicators))
        after = self.parent_rate().after(winner)
        self.parent, self.rate = after.parent, after.rate
        self.pending = None
        self.phase = ""
        self._round_over()
        self._begin_season()

    # --- search -------------------------------------------------------------------------------
    def determinize(self, seat: int, rng: Any) -> Self:
        """As for every card game, but the other hands are guessed as hands their players
        kept (after a turn or two: a dealt hand is random), and the search stops before
        the next draw (`begin_search`)."""
        from companion.games.nincetkaik.bots import taxot_guess_tries

        state = super().determinize(seat, rng)
        tries = taxot_guess_tries(self)
        for other in range(self.num_players):
            if other != seat and self.hidden[other] and tries > 1:
                state._guess_hand(other, tries, rng)
        state.begin_search(seat)
        return state

    def _guess_hand(self, seat: int, tries: int, rng: Any) -> None:
        """Deal `seat` a hand it might have kept (`bots.taxot_guess_hand`) from the cards it
        might hold."""
        from companion.games.nincetkaik.bots import taxot_guess_hand

        pool = [*self.hands[seat], *(c for c in ALL_CARDS for _ in range(self.stock[c]))]
        best = taxot_guess_hand(pool, len(self.hands[seat]), self.clues(seat), tries, rng)
        for c in self.hands[seat]:
            self.stock[c] += 1
        for c in best:
            self.stock[c] -= 1
        self.hands[seat] = best

    def clues(self, seat: int) -> TaxotClues:
        """What the table shows of `seat`'s hand (for guessing it): its laid-out 役, the
        cards it discarded this season, the latest discards (it let them pass)."""
        from companion.games.nincetkaik.bots import TAXOT_PASSED, TaxotClues

        thrown = tuple(c for c, s in zip(self.discards, self.discarders, strict=True)
                       if s == seat)
        return TaxotClues(tuple(sorted(m.size for m in self.melds[seat])), thrown,
                          tuple(self.discards[-TAXOT_PASSED:]))

    def begin_search(self, seat: int) -> None:
        """Make this (full) state the start of `seat`'s search: it ends with the season or
        before the draw `SEARCH_TURNS_PER_SEAT` rounds of turns on, where each seat's gain in
        search value from here is its reward (`returns`)."""
        from companion.games.nincetkaik.bots import taxot_danger

        self.horizon, self.horizon_points = self.round_no, tuple(self.points)
        self.horizon_turns = self.turns + SEARCH_TURNS_PER_SEAT * self.num_players
        self.search_seat = seat
        self.search_discards = len(self.discards)
        self.danger = taxot_danger(self, seat)
        self.horizon_values = tuple(self.search_value(s) for s in range(self.num_players))

    def search_value(self, seat: int) -> float:
        """The search's evaluation of `seat` (`bots.taxot_search_value`; a season over: the
        points): the searching seat's hand is judged a draw further than the others' (theirs
        are guesses), less what its discards risk."""
        from companion.games.nincetkaik.bots import taxot_search_value

        if (self.over and not self.truncated) or self.season_ended():
            return float(self.points[seat])
        value = taxot_search_value(self, seat, deep=seat == self.search_seat)
        if seat == self.search_seat:
            value -= self._risk_taken(seat)
        return value

    def _risk_taken(self, seat: int) -> float:
        """What the discards `seat` made during its search may cost: for each still lying,
        the chance another seat wins with it (`danger`) times about what that win pays."""
        from companion.games.nincetkaik.bots import taxot_win_points

        risk = sum(self.danger[c] for c, s in zip(self.discards[self.search_discards:],
                                                   self.discarders[self.search_discards:],
                                                   strict=True) if s == seat)
        if not risk:
            return 0.0
        cost = max(taxot_win_points(self, s) for s in range(self.num_players) if s != seat)
        return risk * cost

    def season_ended(self) -> bool:
        """Whether this season is scored (the next one not dealt yet)."""
        return self.last is not None and self.last.season == self.round_no

    def returns(self) -> tuple[float, ...]:
        """Where a search stops before the game ends (its horizon, or the season's end): each
        seat's gain in search value over the search, against the others'."""
        if not self.truncated or not self.horizon_values:
            return super().returns()
        from companion.games.nincetkaik.cardgame import horizon_returns

        gains = [self.search_value(s) - v for s, v in enumerate(self.horizon_values)]
        return horizon_returns(gains, self.reward_scale)

    # --- notation ---------------------------------------------------------------------------
    def _parse_seat_move(self, text: str) -> Any:
        words = text.split()
        head = words[0].lower() if words else ""
        if len(words) == 1 and head in ("declare", "pass"):
            return Word(head)
        if head in ("discard", "lay", "call"):
            move = CardsMove.parse(text)
            if head != "discard" or len(move.cards) == 1:
                return move
        raise MoveParseError(text, "a 終季 move: 'discard r5', 'declare', 'lay r5r5b5b5', "
                                   "'call r4r6' or 'pass'")

    def _why_not(self, move: Any) -> str:
        seat = self._seat_to_move()
        hand = self.hands[seat]
        if isinstance(move, CardsMove):
            short = missing_from(move.cards, hand)
            if short:
                return f"{format_cards(short)} not in seat {seat + 1}'s hand"
        if self.phase == "claim":
            kind = self.asks[0][1]
            card = format_card(self.claim_card)
            if move == DECLARE and kind != "call":
                return f"{card} does not make the hand of seat {seat + 1} a winning hand"
            if isinstance(move, CardsMove) and move.verb == "call" and self.call is not None:
                return (f"seat {self.call[0] + 1} calls {card} first: seat {seat + 1} may only "
                        "declare 終季 or pass")
            if isinstance(move, CardsMove) and move.verb == "call" and kind != "win":
                return (f"{format_cards(move.cards)} with {card} is not a 3-set, 3-run or "
                        "4-set (or leaves no card to discard)")
            if kind == "claim":
                return f"seat {seat + 1} may declare with {card}, call it or pass"
            return (f"seat {seat + 1} may only {'declare' if kind == 'win' else 'call'} "
                    f"{card} or pass")
        if move == DECLARE:
            if self.phase == "after_call":
                return "after a call the caller discards"
            return "the hand does not split into a winning shape"
        if isinstance(move, CardsMove) and move.verb == "lay":
            if self.laid or self.phase == "after_call":
                return "a four-card set is laid out once, on one's own turn after drawing"
            return f"{format_cards(move.cards)} is not a four-card set"
        return f"seat {seat + 1} must discard now"

    # --- result -----------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        breakdown = tuple(dict(zip(CATEGORIES, map(float, t), strict=True)) for t in self.tally)
        return self._points_outcome(breakdown, Termination.ROUND_LIMIT)

    def describe(self) -> str:
        melds = "|".join(",".join(str(m) for m in ms) or "-" for ms in self.melds)
        asks = ",".join(f"{s + 1}{k}" for s, k in self.asks) or "-"
        if self.call is not None:
            asks += f" (seat {self.call[0] + 1} calls {format_cards(self.call[1])})"
        claim = format_card(self.claim_card) if self.claim_card >= 0 else "-"
        return (f"Taxot {self.num_players}p season {self.round_no}/{self.seasons}, "
                f"{self._flow_text()} ({self.phase or '-'}, turn of {self.mover + 1}); 親 "
                f"{self.parent + 1} 加点 {self.rate} draws {self.parent_draws}; points "
                f"{','.join(map(str, self.points))}; hands {self._hands_text()}; melds {melds}; "
                f"discards {format_cards(self.discards) or '-'}; claim {claim} from "
                f"{self.claim_from + 1 if self.claim_from >= 0 else '-'} asks {asks}; light "
                f"{format_cards(self.indicators) or '-'}"
                f"; deck {self.deck_size}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.card_errors()
        if sum(self.points) != 0:
            errors.append(f"points do not add up to zero: {self.points}")
        if [sum(t) for t in self.tally] != self.points:
            errors.append(f"the tally {self.tally} does not match the points {self.points}")
        if self.phase in ("turn", "after_call"):
            held = self.hand_size(self.mover) + sum(m.size for m in self.melds[self.mover])
            if held != HAND + 1:
                errors.append(f"seat {self.mover + 1} holds {held} cards on its turn")
        return errors


DECLARE = Word("declare")
DISCARDS = tuple(CardsMove("discard", (c,)) for c in ALL_CARDS)
PASS = Word("pass")


def new_state(num_players: int, options: dict[str, Any]) -> TaxotState:
    return TaxotState.start(num_players, options)
