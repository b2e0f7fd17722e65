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

from companion.bots.estimate import logistic
from companion.core.api import GameState
from companion.core.record import sample_outcome
from companion.games.mokzo.board import GOAL
from companion.games.mokzo.cards import ALL_CARDS, BLACK, CARD_ORDER, HIDDEN, Card
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
from companion.games.mokzo.rules import (
    _COST,
    _DISCARDS,
    _DISMANTLES,
    _END,
    _MOVES,
    _PLACES,
    DRAWING,
    MAIN,
    OVER,
    RICE_PER_MONEY,
    _exchange,
    card_cost,
)

SQUARE = 12.0
HAND_CARD = 1.5
RED_TURNS = 6
WIN = 1000.0
#: What an acting card brings per turn, in 米.
PER_TURN = {"船": 0.0, "無": 1.0, "兵": 2.0, "弓": 4.0, "車": 2.5, "虎": 2.0, "馬": 8.0,
            "筆": 2.5, "巫": 5.0, "将": 6.0, "王": 10.0, "皇": 12.0}
RANDOM_SHARE = 0.1
#: Logistic scale of `estimate`, in 米 of worth (a fit over 3,000 positions of policy playouts:
#: 30–40 gave the lowest log loss, 0.52 against 0.69 for a coin).
SHARE_SCALE = 35.0
#: Playout steps (draws, casts, moves) before `estimate` judges: about six rounds of two seats.
HORIZON = 60


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


def estimate(state: GameState) -> tuple[float, ...]:
    """Each seat's expected share of victory where an MCTS playout stopped: its worth against
    the best rival's, read through a logistic of scale `SHARE_SCALE` 米 (fitted on positions of
    playouts with `playout_move` against how those playouts ended), made to sum to 1."""
    outcome = state.outcome()
    if outcome is not None:
        return state.returns()
    values = [worth(state, s) for s in range(state.num_players)]
    shares = []
    for seat, value in enumerate(values):
        margin = (value - max(v for s, v in enumerate(values) if s != seat)) / SHARE_SCALE
        shares.append(logistic(margin))
    total = sum(shares)
    return tuple(share / total for share in shares)


def horizon(state: GameState) -> int:
    """Playout steps before `estimate` judges the position."""
    return HORIZON


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


def _main_choice(state: Any, random: Any) -> Any:
    """`playout_move` in the main phase (steps 4–7) without its move list: the same move for
    the same draws of `random` (the list is made only for the tenth of moves made at random).
    Moves are met in `MokzoState._main_moves`'s order and scored as `_score` scores them (of
    equal exchanges and dismantles only the first that can win); the first best wins."""
    seat = state.mover
    rice, money, row = state.rice[seat], state.money[seat], state.rows[seat]
    discount = state.acting[seat].get("車", 0)
    step, mode = state.step, state.mode
    count = 1  # `end`
    found: list[tuple[float, Any]] = []
    room = None in row
    # per card in hand: (card, its net worth placed, whether it can be placed now)
    hand = [(card, _net(card, discount), card.rank == "船" or (
        room and (rice if card.colour == BLACK else money) >= _COST[card.rank] - discount))
        for card in sorted({c for c in state.hands[seat] if c.rank != HIDDEN.rank},
                           key=CARD_ORDER.__getitem__)] if step <= 6 else []
    exchanges = rice // RICE_PER_MONEY if step <= 4 else 0
    if exchanges:
        count += exchanges
        wanted = any(card.colour != BLACK and net > 0 and _COST[card.rank] - discount > money
                     for card, net, _ in hand)  # `_wants_money`
        found.append((2.0, _exchange(exchanges)) if wanted else (-1.0, _exchange(1)))
    if step <= 5:
        for slot, placed in enumerate(row, 1):
            if placed is not None and (rice if placed.card.colour == BLACK else money) \
                    >= _COST[placed.card.rank] - discount:
                count += 1
                found.append((-10.0, _DISMANTLES[slot]))
    if mode != "discard":
        for card, net, placeable in hand:
            if placeable:
                count += 1
                found.append((net, _PLACES[card]))
    if mode != "place":
        for card, net, placeable in hand:  # `_worth_discarding`
            count += 1
            worth_it = card.rank != "船" and (net <= 0 or not placeable)
            found.append((0.5 if worth_it else -5.0, _DISCARDS[card]))
    stride = state.stride(seat)
    arrives = state.square[seat] + stride >= GOAL
    for resource, per_unit, have in ((RICE, 1, rice), (MONEY, RICE_PER_MONEY, money)):
        cost = state.move_cost(seat, resource)
        if have >= cost:
            count += 1
            found.append((1000.0 if arrives else SQUARE * stride - cost * per_unit + 1.0,
                          _MOVES[resource]))
    if count == 1:
        random()  # the policy draws the index of its only move
        return _END
    if random() < RANDOM_SHARE:
        moves = state._main_moves()
        return moves[int(random() * len(moves))]
    best, chosen = 0.0, _END  # `end` is worth 0 and comes last: it wins only over losses
    for value, move in reversed(found):
        if value >= best:
            best, chosen = value, move
    return chosen


def playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    """Play `state` to its end in place, exactly as `companion.bots.playout.generic_playout`
    would with random moves (or `playout_move` when `use_policy`): the same moves and chance
    for the same `rng`; returns the steps. Draws are sampled from the pile without a list of
    outcomes, and the main phase's policy move is found without its move list."""
    mokzo: Any = state
    random, choice = rng.random, rng.choice
    steps = 0
    while steps < max_steps:
        phase = mokzo.phase
        if phase == OVER:
            break
        steps += 1
        if phase == DRAWING:
            mokzo._legal = None
            mokzo._draw(_sampled_draw(mokzo.deck, random()))
        elif phase == MAIN and use_policy:
            mokzo._apply(_main_choice(mokzo, random))
        elif mokzo.is_chance():
            mokzo._apply(sample_outcome(mokzo, rng))
        elif use_policy:
            mokzo._apply(playout_move(mokzo, rng))
        else:
            mokzo._apply(choice(mokzo.legal_moves()))
    return steps


def _sampled_draw(deck: dict[Card, int], u: float) -> Card:
    """The card `sample_outcome` draws with `u` from the pile's chance outcomes."""
    total = sum(deck.values())
    acc, drawn = 0.0, HIDDEN
    for card, n in deck.items():
        if n > 0:
            acc += n / total
            drawn = card
            if u < acc:
                break
    return drawn
