"""The 行山 table companion: the deal aid, and a tracker of every player's 米, 銭, square and
placed cards (with their markers) for a game played with the physical cards.

The hands stay in the players' hands: the tracker knows only what lies open. It is an
immutable value: each entry returns a new `MokzoTracker`, so undo/redo is keeping the previous
value. The rules it applies by itself are the ones that need no choice: costs (with 車), the
hand limit (with 兵), income of 無 and 王 at the start of a turn, markers on black cards and
their removal at three, a move's price and length (皇処, 弓, 馬, 巫), the win on 皇山.
`guide()` tells the player to move what is left for them to do by hand (虎, 筆, 巫, 将, 皇).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from companion.games.mokzo.board import GOAL, KOU, ROUTE
from companion.games.mokzo.cards import BLACK, Card
from companion.games.mokzo.effects import effect_of
from companion.games.mokzo.moves import MONEY, RICE
from companion.games.mokzo.rules import (
    HAND_LIMIT,
    MAX_PLACED,
    MOVE_MONEY,
    MOVE_RICE,
    REMOVE_AT,
    RICE_PER_MONEY,
    card_cost,
)
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.table.log import TableError, names_or_seats

#: Effects a player resolves by hand in step 3 (a choice or a cast).
BY_HAND = ("虎", "筆", "巫", "将", "皇")


@dataclass(frozen=True)
class MokzoSetup:
    """The deal aid: who begins and the steps to set up."""

    players: int
    names: tuple[str, ...]
    first: int

    def lines(self, lang: str = "ja") -> list[str]:
        names = names_or_seats(self.names, self.players, lang)
        order = [names[(self.first + i) % self.players] for i in range(self.players)]
        if lang == "ja":
            return ["紙机戦の札48枚をよく混ぜ、裏向きの山札にする(最初は誰も引かない)。",
                    "全員の駒を g3(中央5×5の右下)に置く。米・銭は全員0から。",
                    f"先手: {names[self.first]}。手番の順: {' → '.join(order)}。",
                    "手番の最初に手札が3枚になるまで引く(兵1枚ごとに+1)。",
                    "白の点棒を米(1)、赤の点棒を銭(5米分)として使う。"]
        return ["Shuffle the 48 紙机戦 cards face down: that is the draw pile (nobody draws yet).",
                "Every piece on g3 (the lower-right corner of the central 5 × 5). "
                "Everybody starts with 0 米 and 0 銭.",
                f"First player: {names[self.first]}. Turn order: {' → '.join(order)}.",
                "At the start of a turn draw up to 3 cards (one more per 兵).",
                "White point sticks count 米 (1), red ones 銭 (worth 5 米)."]


def setup(seed: int, players: int, names: Sequence[str] = ()) -> MokzoSetup:
    """A seeded deal aid (who begins is drawn)."""
    if not 2 <= players <= 4:
        raise TableError(f"行山 is for 2 to 4 players, not {players}",
                         f"行山は2〜4人で遊びます({players}人ではできません)。")
    return MokzoSetup(players, tuple(names), random.Random(seed).randrange(players))


@dataclass(frozen=True)
class TrackedCard:
    card: Card
    markers: int = 0
    fresh: bool = True  # placed this turn: acts from its owner's next turn


@dataclass(frozen=True)
class PlayerTrack:
    name: str
    rice: int = 0
    money: int = 0
    square: int = 0
    cards: tuple[TrackedCard, ...] = ()

    def acting(self, rank: str) -> int:
        return sum(1 for c in self.cards if not c.fresh and c.card.rank == rank)


@dataclass(frozen=True)
class TurnGuide:
    """What the player to move needs to know this turn."""

    seat: int
    hand_limit: int
    by_hand: tuple[tuple[str, int], ...]  # (rank, copies) still to resolve by hand
    move_rice: int
    move_money: int
    stride: int

    def lines(self, lang: str = "ja") -> list[str]:
        texts = [f"{effect_of(rank).rank}×{n}: {effect_of(rank).text(lang)}"
                 for rank, n in self.by_hand]
        if lang == "ja":
            return [f"手札の上限 {self.hand_limit} 枚", *texts,
                    f"移動: {self.move_rice}米 または {self.move_money}銭 で {self.stride} マス"]
        return [f"Hand limit {self.hand_limit}", *texts,
                f"Move: {self.move_rice} 米 or {self.move_money} 銭 for {self.stride} "
                f"square{'' if self.stride == 1 else 's'}"]


@dataclass(frozen=True)
class MokzoTracker:
    """A game at the table; `mover` is the player whose turn it is."""

    players: tuple[PlayerTrack, ...]
    first: int = 0
    mover: int = 0
    round: int = 1
    winner: int | None = None
    started_at: datetime = field(default_factory=lambda: datetime.now().replace(microsecond=0))

    # --- queries ------------------------------------------------------------------------------
    def player(self, seat: int) -> PlayerTrack:
        if not 0 <= seat < len(self.players):
            raise TableError(f"there is no seat {seat + 1}", f"{seat + 1}番席はありません。")
        return self.players[seat]

    def place_cost(self, seat: int, card: Card) -> int:
        return max(0, card_cost(card) - self.player(seat).acting("車"))

    def move_cost(self, seat: int, resource: str, halvings: int = 0) -> int:
        cost = MOVE_RICE if resource == RICE else MOVE_MONEY
        for _ in range(halvings):
            cost = -(-cost // 2)
        if resource == RICE:
            cost -= self.player(seat).acting("車")
        return max(0, cost)

    def stride(self, seat: int) -> int:
        p = self.player(seat)
        return 1 + (p.square in KOU) + p.acting("弓") + 2 * p.acting("馬")

    def guide(self, halvings: int = 0) -> TurnGuide:
        p = self.player(self.mover)
        counts = [(rank, p.acting(rank)) for rank in BY_HAND if p.acting(rank)]
        return TurnGuide(self.mover, HAND_LIMIT + p.acting("兵"), tuple(counts),
                         self.move_cost(self.mover, RICE, halvings),
                         self.move_cost(self.mover, MONEY, halvings), self.stride(self.mover))

    def is_over(self) -> bool:
        return self.winner is not None

    # --- entries (each returns a new tracker) -------------------------------------------------
    def _with(self, seat: int, **changes: Any) -> MokzoTracker:
        if self.is_over():
            raise TableError(f"the game is over: {self.player(self.winner or 0).name} won",
                             "ゲームは終わっています。")
        players = list(self.players)
        players[seat] = replace(self.player(seat), **changes)
        return replace(self, players=tuple(players))

    def gain(self, seat: int, rice: int = 0, money: int = 0) -> MokzoTracker:
        """Add (or, negative, take away) resources; never below zero."""
        p = self.player(seat)
        if p.rice + rice < 0 or p.money + money < 0:
            raise TableError(f"{p.name or seat + 1} has {p.rice} 米 and {p.money} 銭: "
                             "not enough",
                             f"{p.name or seat + 1} は米{p.rice}・銭{p.money}: 足りません。")
        return self._with(seat, rice=p.rice + rice, money=p.money + money)

    def exchange(self, seat: int, money: int) -> MokzoTracker:
        """Buy `money` 銭 for 5 米 each (never back)."""
        if money < 1:
            raise TableError("exchange at least 1 銭", "両替は1銭から。")
        return self.gain(seat, rice=-RICE_PER_MONEY * money, money=money)

    def take(self, seat: int, victim: int, resource: str) -> MokzoTracker:
        """虎: `seat` takes 1 米 or 1 銭 from `victim`."""
        if resource == RICE:
            return self.gain(victim, rice=-1).gain(seat, rice=1)
        return self.gain(victim, money=-1).gain(seat, money=1)

    def place(self, seat: int, card: Card) -> MokzoTracker:
        """Pay and place `card` (a 船 pays 2 銭 instead)."""
        p = self.player(seat)
        if card.rank == "船":
            return self.gain(seat, money=2)
        if len(p.cards) >= MAX_PLACED:
            raise TableError(f"{MAX_PLACED} cards are placed already",
                             f"札はもう{MAX_PLACED}枚置かれています。")
        cost = self.place_cost(seat, card)
        paid = self.gain(seat, rice=-cost) if card.colour == BLACK else \
            self.gain(seat, money=-cost)
        return paid._with(seat, cards=(*p.cards, TrackedCard(card)))

    def discard_for_rice(self, seat: int, count: int = 1) -> MokzoTracker:
        """Step 6: `count` hand cards discarded for 2 米 each."""
        return self.gain(seat, rice=2 * count)

    def _card(self, seat: int, index: int) -> TrackedCard:
        cards = self.player(seat).cards
        if not 0 <= index < len(cards):
            raise TableError(f"seat {seat + 1} has no card number {index + 1}",
                             f"{seat + 1}番席に{index + 1}枚目の札はありません。")
        return cards[index]

    def remove(self, seat: int, index: int) -> MokzoTracker:
        """A placed card leaves (destroyed by 将, or removed)."""
        self._card(seat, index)
        cards = self.player(seat).cards
        return self._with(seat, cards=cards[:index] + cards[index + 1:])

    def dismantle(self, seat: int, index: int) -> MokzoTracker:
        card = self._card(seat, index).card
        cost = self.place_cost(seat, card)
        paid = self.gain(seat, rice=-cost) if card.colour == BLACK else \
            self.gain(seat, money=-cost)
        return paid.remove(seat, index)

    def mark(self, seat: int, index: int) -> MokzoTracker:
        """A marker on a placed card (将's low cast)."""
        card = self._card(seat, index)
        cards = list(self.player(seat).cards)
        cards[index] = replace(card, markers=card.markers + 1)
        return self._with(seat, cards=tuple(cards))

    def set_square(self, seat: int, square: int) -> MokzoTracker:
        """A correction: put the piece of `seat` on route square `square` (0–24)."""
        if not 0 <= square <= GOAL:
            raise TableError(f"the road has squares 0 to {GOAL}, not {square}",
                             f"道のマスは0〜{GOAL}です({square}はありません)。")
        moved = self._with(seat, square=square)
        return replace(moved, winner=seat) if square == GOAL else moved

    def advance(self, seat: int) -> MokzoTracker:
        """The piece advances by its stride (皇, 巫's high cast); it may win."""
        return self.set_square(seat, min(GOAL, self.player(seat).square + self.stride(seat)))

    def move(self, seat: int, resource: str, halvings: int = 0) -> MokzoTracker:
        """Step 7: pay and move."""
        cost = self.move_cost(seat, resource, halvings)
        paid = self.gain(seat, rice=-cost) if resource == RICE else \
            self.gain(seat, money=-cost)
        return paid.advance(seat)

    def end_turn(self) -> MokzoTracker:
        """The next player's turn begins: their new cards act, cards with three markers go,
        無 and 王 pay, and their black cards take a marker."""
        if self.is_over():
            raise TableError("the game is over", "ゲームは終わっています。")
        mover = (self.mover + 1) % len(self.players)
        round_ = self.round + (mover == self.first)
        return replace(self, mover=mover, round=round_)._start_turn()

    def _start_turn(self) -> MokzoTracker:
        seat = self.mover
        p = self.player(seat)
        kept = [replace(c, fresh=False) for c in p.cards if c.markers < REMOVE_AT]
        rice = p.rice + sum(1 for c in kept if c.card.rank == "無")
        money = p.money + 2 * sum(1 for c in kept if c.card.rank == "王")
        marked = tuple(replace(c, markers=c.markers + 1) if c.card.colour == BLACK else c
                       for c in kept)
        return self._with(seat, rice=rice, money=money, cards=marked)

    # --- history ------------------------------------------------------------------------------
    def to_play_record(self, location: str = "", notes: str = "",
                       finished_at: datetime | None = None) -> PlayRecord:
        """The play (mode TABLE): score = square reached, breakdown 米, 銭, cards placed."""
        seats = []
        keys = [(self.winner == seat, p.square) for seat, p in enumerate(self.players)]
        for seat, p in enumerate(self.players):
            seats.append(SeatResult(
                seat=seat, player=p.name.strip(), score=float(p.square),
                breakdown={"square": float(p.square), "rice": float(p.rice),
                           "money": float(p.money), "placed": float(len(p.cards))},
                rank=1 + sum(1 for key in keys if key > keys[seat]),
                winner=self.winner == seat, start_player=seat == self.first))
        return PlayRecord("mokzo", PlayMode.TABLE, self.started_at, seats,
                          finished_at=(finished_at or datetime.now().replace(microsecond=0))
                          if self.is_over() else None,
                          options={}, location=location, notes=notes)


def new_tracker(names: Sequence[str], first: int = 0) -> MokzoTracker:
    """A tracker at the start: everybody on g3 with nothing; `first` begins."""
    if not 2 <= len(names) <= 4:
        raise TableError(f"行山 is for 2 to 4 players, not {len(names)}",
                         f"行山は2〜4人で遊びます({len(names)}人ではできません)。")
    players = tuple(PlayerTrack(name) for name in names)
    return MokzoTracker(players, first, first)


def square_label(square: int) -> str:
    """"g3" etc., with ★ on a 皇処."""
    return ROUTE[square] + ("★" if square in KOU else "")
