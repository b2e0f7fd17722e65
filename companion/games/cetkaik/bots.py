"""机戦 for the shared bots: an evaluation (points, hands, material) and a playout policy.

`evaluate(state, seat)` estimates the final point difference for `seat`: the points held, plus
part of what the hands each side holds would pay at the current rate, plus material (pieces on
the board and captured, by the old per-piece values of the book, 古計算法). A finished game is
±1000 (and the point difference).

`playout_move(state, rng)` is fast rather than wise: it captures when it can (the most valuable
piece first), otherwise moves a piece at random without stepping, and completes every stepping
move a cast allows. It declares 終季 only when the payment ends the game (the other side cannot
pay it) and 再行 otherwise, so a playout is decided by the race for hands in the current season
(the side ahead needs less) and stays short. A small share of moves is uniformly random over all
legal moves, so that 皇 moves, steps and drops happen in playouts too.
"""

from __future__ import annotations

import random
from typing import Any

from companion.core.api import GameState
from companion.games.cetkaik.compiled import EMPTY, KIND_OF, SIDE_OF, TAM
from companion.games.cetkaik.moves import AfterCast, Declare
from companion.games.cetkaik.pieces import Profession

#: Piece values ×10 of the book's old counting (古計算法), by profession.
PIECE_VALUES: dict[Profession, int] = {
    Profession.VESSEL: 1, Profession.PAWN: 2, Profession.CLERK: 3, Profession.BOW: 4,
    Profession.HORSE: 4, Profession.CHARIOT: 5, Profession.SHAMAN: 5, Profession.TIGER: 6,
    Profession.GENERAL: 6, Profession.KING: 10,
}
#: By kind (profession * 2 + colour).
KIND_VALUES: tuple[int, ...] = tuple(PIECE_VALUES[Profession(k >> 1)] for k in range(20))
#: Share of what the hands held would pay that counts before it is paid.
HAND_WEIGHT = 0.45
#: Points per unit of material (a pawn is 2 units).
MATERIAL_WEIGHT = 0.08
WIN = 1000.0
#: Share of playout moves chosen uniformly among all legal moves.
RANDOM_SHARE = 0.01

END = Declare(False)
AGAIN = Declare(True)


def material(state: Any, side: int) -> int:
    """The side's pieces on the board and in hand, by value."""
    total = sum(n * KIND_VALUES[k] for k, n in enumerate(state.hop[side]))
    for code in state.board:
        if code > TAM and SIDE_OF[code] == side:
            total += KIND_VALUES[KIND_OF[code]]
    return total


def evaluate(state: GameState, seat: int) -> float:
    """Higher is better for `seat` (see the module doc)."""
    from companion.games.cetkaik.rules import CetkaikState

    assert isinstance(state, CetkaikState)
    other = 1 - seat
    points = float(state.scores[seat] - state.scores[other])
    if state.over:
        lead = state.leader()
        return points + (0.0 if lead is None else WIN if lead == seat else -WIN)
    hands = (state.hand_points(seat) - state.hand_points(other)) * state.rate
    stuff = material(state, seat) - material(state, other)
    return points + HAND_WEIGHT * hands + MATERIAL_WEIGHT * stuff


def first_leg_moves(state: Any, side: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Moves of `side`'s pieces that step on nothing, as ``src * size + target``: captures
    (with the captured piece's value) and moves to empty squares."""
    t = state.tables
    size = t.size
    board = state.board
    hue = t.hue[state.tam]
    guarded = state._protected(1 - side)
    captures: list[tuple[int, int]] = []
    quiet: list[int] = []
    table = t.moves
    for src in range(size):
        code = board[src]
        if code <= TAM or SIDE_OF[code] != side:
            continue
        steps, rays = table[code][hue[src]][src]
        base = src * size
        for target, empty in steps:
            if empty and any(board[b] for b in empty):
                continue
            occupant = board[target]
            if occupant == EMPTY:
                quiet.append(base + target)
            elif occupant > TAM and SIDE_OF[occupant] != side and not guarded[target]:
                captures.append((KIND_VALUES[KIND_OF[occupant]], base + target))
        for line, passes in rays:
            passed = 0
            for target in line:
                occupant = board[target]
                if occupant == EMPTY:
                    quiet.append(base + target)
                    continue
                if occupant > TAM and SIDE_OF[occupant] != side and not guarded[target]:
                    captures.append((KIND_VALUES[KIND_OF[occupant]], base + target))
                if passed >= passes:
                    break
                passed += 1
    return captures, quiet


def playout_move(state: GameState, rng: random.Random) -> Any:
    """A quick, plausible move for MCTS playouts (see the module doc)."""
    from companion.games.cetkaik.rules import AFTER_CAST, DECLARE, MOVE

    s: Any = state
    phase = s.phase
    if phase == DECLARE:
        value = s.declaration_value()
        if value >= s.scores[1 - s.mover] or s.rate >= s.variant.rate_cap:
            return END
        return AGAIN
    if phase == AFTER_CAST:
        return AfterCast(s.tables.names[s.reach[-1]])
    if phase != MOVE or rng.random() < RANDOM_SHARE:
        return rng.choice(state.legal_moves())
    captures, quiet = first_leg_moves(s, s.mover)
    if captures:
        best = max(value for value, _ in captures)
        chosen = rng.choice([move for value, move in captures if value == best])
    elif quiet:
        chosen = rng.choice(quiet)
    else:
        return rng.choice(state.legal_moves())
    src, target = divmod(chosen, s.tables.size)
    return s.tables.simple(src, target)
