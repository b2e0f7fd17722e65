"""行山 evaluation and playout policy for the shared bots.

Everything is counted in 米: a square of progress is worth `SQUARE` (a move costs 10 米 and
covers a square or more), 銭 is 5 米, a card in hand is worth a little less than the 2 米 it
fetches when discarded, and a placed card is worth what it brings per turn (`PER_TURN`) over
the turns it has left (black: three minus its markers; red: a horizon of `RED_TURNS`). The
evaluation is the seat's worth minus the best rival's; a finished game is ±1000.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from companion.core.api import GameState
from companion.games.mokzo.board import GOAL
from companion.games.mokzo.cards import ALL_CARDS, BLACK, HIDDEN, Card
from companion.games.mokzo.moves import (
    MONEY,
    RICE,
    Discard,
    Dismantle,
    Exchange,
    MovePiece,
    Place,
    Target,
    Use,
)
from companion.games.mokzo.rules import card_cost

SQUARE = 12.0
HAND_CARD = 1.5
RED_TURNS = 6
WIN = 1000.0
#: What an acting card brings per turn, in 米.
PER_TURN = {"船": 0.0, "無": 1.0, "兵": 2.0, "弓": 4.0, "車": 2.5, "虎": 2.0, "馬": 8.0,
            "筆": 2.5, "巫": 5.0, "将": 6.0, "王": 10.0, "皇": 12.0}
RANDOM_SHARE = 0.1


def card_worth(card: Card, markers: int = 0) -> float:
    """A placed card's worth over the turns it has left."""
    turns = max(0, 3 - markers) if card.colour == BLACK else RED_TURNS
    return PER_TURN[card.rank] * turns


#: A fresh card's worth, by card (playouts ask it at every step).
_FRESH = {card: card_worth(card) for card in ALL_CARDS}


def worth(state: GameState, seat: int) -> float:
    """How well `seat` stands, in 米."""
    from companion.games.mokzo.rules import MokzoState

    assert isinstance(state, MokzoState)
    value = SQUARE * state.square[seat] + state.wealth(seat)
    value += HAND_CARD * len(state.hands[seat])
    value += sum(card_worth(p.card, p.markers) for _, p in state.placed(seat))
    return value


def evaluate(state: GameState, seat: int) -> float:
    """Higher is better for `seat`."""
    outcome = state.outcome()
    if outcome is not None:
        return WIN / len(outcome.winners) if seat in outcome.winners else -WIN
    rivals = max(worth(state, s) for s in range(state.num_players) if s != seat)
    return worth(state, seat) - rivals


@cache
def _net(card: Card, discount: int) -> float:
    """What placing `card` gains with `discount` 車 acting: its worth less its cost (in 米;
    a 銭 is 5), or 10 for a 船 (it pays 2 銭)."""
    if card.rank == "船":
        return 10.0
    cost = max(0, card_cost(card) - discount) * (1 if card.colour == BLACK else 5)
    return _FRESH[card] - cost


def _net_place(state: Any, seat: int, card: Card) -> float:
    return _net(card, state.acting[seat].get("車", 0))


def _worth_discarding(state: Any, seat: int, card: Card) -> bool:
    """A card not worth its cost, or that cannot be placed now, goes for 2 米 (a 船 is
    placed instead: it pays 2 銭)."""
    if card.rank == "船":
        return False
    if _net_place(state, seat, card) <= 0:
        return True
    return not (None in state.rows[seat] and state.can_pay(seat, card))


def _wants_money(state: Any, seat: int) -> bool:
    """A red card in hand is worth placing but the 銭 to pay for it are missing."""
    return any(c.colour != BLACK and c.rank != HIDDEN.rank and _net_place(state, seat, c) > 0
               and state.place_cost(seat, c) > state.money[seat] for c in state.hands[seat])


def _score(state: Any, seat: int, move: Any, wants_money: bool = False) -> float:
    kind = type(move)
    if kind is MovePiece:
        stride = state.stride(seat)
        if state.square[seat] + stride >= GOAL:
            return 1000.0
        cost = state.move_cost(seat, move.resource) * (1 if move.resource == RICE else 5)
        return SQUARE * stride - cost + 1.0
    if kind is Place:
        return _net_place(state, seat, move.card)
    if kind is Discard:
        return 0.5 if _worth_discarding(state, seat, move.card) else -5.0
    if kind is Exchange:
        return 2.0 if wants_money and move.money == state.rice[seat] // 5 else -1.0
    if kind is Use:
        if move.victim is not None:
            return 1.0 + (4.0 if move.resource == MONEY else 0.0) + state.square[move.victim]
        return 1.0
    if kind is Target:
        placed = state.rows[move.owner][move.slot - 1]
        value = card_worth(placed.card, placed.markers) if placed is not None else 0.0
        return -value if move.owner == seat else value
    if kind is Dismantle:
        return -10.0
    return 0.0


def playout_move(state: GameState, rng: Any) -> Any:
    """A quick, sensible move for playouts: use effects (rob the richest, strike the best
    rival card), place cards worth more than they cost, discard the rest for 米, exchange for a
    red card worth placing, move whenever a square is worth the price, a winning move first;
    now and then a random move."""
    mokzo: Any = state  # a MokzoState: its cached moves are read without a copy
    moves = mokzo._legal if mokzo._legal is not None else mokzo.legal_moves()
    if len(moves) == 1 or rng.random() < RANDOM_SHARE:
        return moves[int(rng.random() * len(moves))]
    seat = mokzo.mover
    wants = type(moves[0]) is Exchange and _wants_money(mokzo, seat)
    best, chosen = -1e18, moves[0]
    for move in moves:
        value = _score(mokzo, seat, move, wants)
        if value > best:
            best, chosen = value, move
    return chosen
