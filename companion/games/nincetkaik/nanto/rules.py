"""開樽 nanto: two hidden cards each, one betting orbit, the best 役 takes the pot.

A deal (lanerme-games.md §8 and its decisions): everyone pays the entry fee (1) into the pot;
the cards are gathered and shuffled and each seat gets two. In turn from the 親 each seat
chooses 無行 (``pass``: out of this deal, the fee is lost) or 加行 (``bet N``: at least the
previous 加行's amount, at least 1, at most what the seat holds). The 加行 seats show their
cards together and the best hand takes the pot; equal hands split it (odd points one at a time
in seating order after the 親). A single 加行 seat takes the pot unseen; when everyone chose
無行 the pot stays for the next deal. If the 親 chose 無行, the next seat is 親 for the next
deal. The game ends after the agreed number of deals (option ``deals``) or when a seat cannot
pay the entry fee; a pot still on the table then is split among everyone.

Hands, strongest first: the named 役 (筆兵無傾, 皇王, 地心, 馬弓兵, 行行, 闇戦之集), then 連番,
セット, 一枚. Equal rank: more cards, then the larger number, then one colour over mixed; still
equal, the next-best 役 of the remaining cards. With two cards only 皇王, a two-card run, a pair
or singles occur. The 船 is wild inside a 役 (船 + 王 or 皇 = 皇王, 船 + a numbered card of its
colour = a run, 船 + 船 = the weakest pair).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, ClassVar, Self

from companion.core.errors import MoveParseError
from companion.games.nincetkaik.cardgame import Amount, Word, seat_order
from companion.games.nincetkaik.deck import (
    COLOUR_OF,
    PROFESSION_OF,
    STRENGTH_OF,
    Card,
    Profession,
    format_cards,
)
from companion.games.nincetkaik.hands import HandRules, Kind, readings, sub_multisets
from companion.games.nincetkaik.ledger import split_pot
from companion.games.nincetkaik.stakes import StakeGameState

ENTRY_FEE = 1
HAND_SIZE = 2
P = Profession

#: The named 役, strongest first: (name, reading, professions).
NAMED: tuple[tuple[str, str, tuple[int, ...]], ...] = (
    ("筆兵無傾", "kua-elme", (P.PAWN, P.BOW, P.GENERAL, P.CLERK, P.SHAMAN)),
    ("皇王", "tan-caupla", (P.TAM, P.KING)),
    ("地心", "mo-hu-ep", (P.CLERK, P.SHAMAN, P.GENERAL)),
    ("馬弓兵", "bepice-elme", (P.PAWN, P.BOW, P.HORSE)),
    ("行行", "tude-tude", (P.SHIP, P.CHARIOT, P.HORSE)),
    ("闇戦之集", "kapa-nip-mol", (P.PAWN,) * 5),
)
RUN_RANK, SET_RANK, SINGLE_RANK = 3, 2, 1
NAMED_RANK = {name: 9 - i for i, (name, _, _) in enumerate(NAMED)}
RUNS = HandRules(min_run=2)


@dataclass(frozen=True)
class Yaku:
    """One 役 of a 開樽 hand and its comparison key (rank, cards, number, one colour)."""

    name: str  # a named 役, or 連番 / セット / 一枚
    cards: tuple[Card, ...]
    key: tuple[int, int, int, int]

    def label(self, lang: str = "en") -> str:
        if self.name in NAMED_RANK:
            return self.name
        en = {"連番": "run", "セット": "set", "一枚": "single"}[self.name]
        if self.name == "一枚":
            return self.name if lang == "ja" else en
        return f"{len(self.cards)}枚{self.name}" if lang == "ja" else f"{len(self.cards)}-card {en}"


def _one_colour(cards: Sequence[Card]) -> int:
    return int(len({COLOUR_OF[c] for c in cards}) == 1)


def _take(need: list[int], items: Sequence[int]) -> bool:
    """Remove `items` from `need` (a multiset); False when one of them is not in it."""
    for item in items:
        if item not in need:
            return False
        need.remove(item)
    return True


def _named(cards: tuple[Card, ...]) -> list[Yaku]:
    """The named 役 these cards make. A 船 may be a member itself (行行); the other 船 stand in
    for a missing member, and only next to at least one other card."""
    wild = sum(1 for c in cards if PROFESSION_OF[c] == P.SHIP)
    tame = [PROFESSION_OF[c] for c in cards if PROFESSION_OF[c] != P.SHIP]
    found = []
    for name, _, professions in NAMED:
        if len(professions) != len(cards):
            continue
        need = list(professions)
        real = min(need.count(P.SHIP), wild)
        for _ in range(real):
            need.remove(P.SHIP)
        if not _take(need, tame):
            continue
        stand_ins = wild - real
        if P.SHIP in need or (stand_ins and not tame):
            continue
        number = max(STRENGTH_OF[p * 2] for p in professions)
        found.append(Yaku(name, cards, (NAMED_RANK[name], len(cards), number,
                                        _one_colour(cards))))
    return found


def yaku_of(cards: tuple[Card, ...]) -> list[Yaku]:
    """Every reading of exactly these cards as one 開樽 役."""
    found = _named(cards)
    for combo in readings(cards, RUNS):
        if combo.kind is Kind.RUN:
            found.append(Yaku("連番", cards, (RUN_RANK, len(cards), combo.rank, 1)))
        elif combo.kind is Kind.SET:
            found.append(Yaku("セット", cards, (SET_RANK, len(cards), combo.rank,
                                                _one_colour(cards))))
        elif combo.kind is Kind.SINGLE:
            found.append(Yaku("一枚", cards, (SINGLE_RANK, 1, combo.rank, 1)))
    return found


@lru_cache(maxsize=65536)
def hand_value(cards: tuple[Card, ...]) -> tuple[tuple[int, int, int, int], ...]:
    """The hand's comparison key: its best 役's key, then the next-best of what is left…"""
    if not cards:
        return ()
    best: tuple[tuple[int, int, int, int], ...] = ()
    for size in range(len(cards), 0, -1):
        for group in sub_multisets(cards, size):
            rest = list(cards)
            for c in group:
                rest.remove(c)
            tail = hand_value(tuple(rest))
            for yaku in yaku_of(group):
                candidate = (yaku.key, *tail)
                if candidate > best:
                    best = candidate
    return best


def best_yaku(cards: Sequence[Card]) -> Yaku:
    """The 役 a hand shows first (the strongest reading of any of its cards)."""
    ordered = tuple(sorted(cards))
    options = [y for size in range(len(ordered), 0, -1) for g in sub_multisets(ordered, size)
               for y in yaku_of(g)]
    return max(options, key=lambda y: y.key)


def showdown(hands: dict[int, Sequence[Card]]) -> list[int]:
    """The seats whose hands are best (several when equal)."""
    values = {seat: hand_value(tuple(sorted(h))) for seat, h in hands.items()}
    best = max(values.values())
    return sorted(s for s, v in values.items() if v == best)


@dataclass(frozen=True)
class DealResult:
    """How a deal ended, as the table saw it."""

    deal: int
    bets: tuple[int, ...]  # per seat, 0 = 無行
    shown: tuple[tuple[int, tuple[Card, ...]], ...]  # (seat, cards) revealed
    winners: tuple[int, ...]
    pot: int
    shares: tuple[int, ...]


@dataclass
class NantoState(StakeGameState):
    game_id: ClassVar[str] = "nanto"
    round_word: ClassVar[str] = "deal"

    deals: int = 10
    order: list[int] = field(default_factory=list)
    turn: int = 0
    bets: list[int | None] = field(default_factory=list)
    least: int = 1  # the smallest 加行 allowed now
    parent_passed: bool = False
    last: DealResult | None = None

    @classmethod
    def start(cls, num_players: int, options: dict[str, Any]) -> NantoState:
        state = cls(num_players, dict(options))
        state._init_stakes(options)
        state.deals = int(options.get("deals", 10))
        state.bets = [None] * num_players
        return state

    def _copy_into(self, other: Self) -> None:
        super()._copy_into(other)
        other.order = list(self.order)
        other.bets = list(self.bets)

    # --- flow -------------------------------------------------------------------------------
    def _after_chance(self) -> None:
        if self.round_no == 0:
            self._begin_deal()

    def _begin_deal(self) -> None:
        if self._at_horizon():
            return
        short = [s for s in range(self.num_players) if self.points[s] < ENTRY_FEE]
        if self.round_no >= self.deals or short:
            self._finish("no seat can pay the entry fee" if short else
                         f"{self.deals} deals played")
            return
        self.round_no += 1
        self._gather()
        for seat in range(self.num_players):
            self._stake(seat, ENTRY_FEE)
        self.order = seat_order(self.parent, self.num_players)
        self.turn = 0
        self.bets = [None] * self.num_players
        self.least = 1
        self.parent_passed = False
        self.queue = self._deal_queue(HAND_SIZE)

    def _seat_to_move(self) -> int:
        return self.order[self.turn]

    def _seat_moves(self) -> list[Any]:
        seat = self._seat_to_move()
        return [PASS] + [Amount("bet", k) for k in range(self.least, self.points[seat] + 1)]

    def _apply_seat_move(self, move: Any) -> None:
        seat = self._seat_to_move()
        if isinstance(move, Amount):
            self._stake(seat, move.amount)
            self.bets[seat] = move.amount
            self.least = move.amount
        else:
            self.bets[seat] = 0
            if seat == self.parent:
                self.parent_passed = True
        self.turn += 1
        if self.turn == self.num_players:
            self._settle()

    def _settle(self) -> None:
        bettors = [s for s in self.order if self.bets[s]]
        shown: tuple[tuple[int, tuple[Card, ...]], ...] = ()
        if len(bettors) >= 2:
            shown = tuple((s, tuple(self.hands[s])) for s in bettors)
            winners = showdown({s: self.hands[s] for s in bettors})
        else:
            winners = bettors
        pot = self.pot
        shares = split_pot(pot, winners, self.parent, self.num_players) if winners else \
            [0] * self.num_players
        self._pay_out(shares)
        self.last = DealResult(self.round_no, tuple(b or 0 for b in self.bets), shown,
                               tuple(winners), pot, tuple(shares))
        if self.parent_passed:
            self.parent = (self.parent + 1) % self.num_players
        self._round_over()
        self._begin_deal()

    def _finish(self, reason: str) -> None:
        if self.pot:
            self._pay_out(split_pot(self.pot, list(range(self.num_players)), self.parent,
                                    self.num_players))
        self.over = True
        self.reason = reason

    # --- notation ---------------------------------------------------------------------------
    def _parse_seat_move(self, text: str) -> Any:
        words = text.split()
        if words and words[0].lower() == "pass" and len(words) == 1:
            return PASS
        if words and words[0].lower() == "bet":
            return Amount.parse(text)
        raise MoveParseError(text, "a 開樽 move: 'pass' (無行) or 'bet N' (加行)")

    def _why_not(self, move: Any) -> str:
        seat = self._seat_to_move()
        if isinstance(move, Amount) and move.verb == "bet":
            if move.amount > self.points[seat]:
                return self._too_much(move.amount, seat)
            return f"a 加行 must be at least {self.least} (the previous 加行)"
        return "in 開樽 a seat passes (無行) or bets (加行)"

    # --- result -----------------------------------------------------------------------------
    def describe(self) -> str:
        bets = ",".join("-" if b is None else str(b) for b in self.bets)
        return (f"Nanto {self.num_players}p deal {self.round_no}/{self.deals}, "
                f"{self._flow_text()}; "
                f"親 {self.parent + 1}; points {','.join(map(str, self.points))} pot {self.pot}; "
                f"bets [{bets}] least {self.least}; hands {self._hands_text()}; "
                f"deck {self.deck_size}")

    def invariant_errors(self) -> Sequence[str]:
        errors = self.stake_errors()
        if self.over and self.pot and not self.truncated:
            errors.append("the game is over with points in the pot")
        return errors


PASS = Word("pass")


def hand_text(cards: Sequence[Card]) -> str:
    return format_cards(sorted(cards))


def new_state(num_players: int, options: dict[str, Any]) -> NantoState:
    return NantoState.start(num_players, options)
