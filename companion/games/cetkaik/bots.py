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
import zlib
from typing import Any

from companion.bots.estimate import logistic
from companion.core.api import GameState
from companion.games.cetkaik.compiled import GENERAL_CODES, KIND_OF, SIDE_OF, TAM
from companion.games.cetkaik.hands import count_index
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


def _guarded(state: Any, sq: int, owner: int) -> bool:
    """Whether `owner`'s piece on `sq` stands next to a 将 of `owner` on 皇処."""
    board = state.board
    hue = state.tables.hue[state.tam]
    generals = GENERAL_CODES[owner]
    return any(board[n] in generals and hue[n] for n in state.tables.neighbours[sq])


def best_capture(state: Any, side: int, rng: random.Random) -> Any | None:
    """The capture (without stepping) of the most valuable enemy piece, ties at random; None
    when no piece of `side` can capture."""
    t = state.tables
    board = state.board
    hue = t.hue[state.tam]
    best: list[Any] = [-1, -1, -1, 0]  # value, src, target, how many tie

    def consider(occupant: int, src: int, target: int) -> None:
        value = KIND_VALUES[KIND_OF[occupant]]
        if value > best[0]:
            best[:] = [value, src, target, 1]
        elif value == best[0]:
            best[3] += 1
            if rng.random() * best[3] < 1:
                best[1:3] = [src, target]

    for src, code in enumerate(board):
        if code <= TAM or SIDE_OF[code] != side:
            continue
        steps, rays = t.moves[code][hue[src]][src]
        for target, empty in steps:
            occupant = board[target]
            if occupant > TAM and SIDE_OF[occupant] != side and not (
                    empty and any(board[b] for b in empty)):
                consider(occupant, src, target)
        for line, passes in rays:
            passed = 0
            for target in line:
                occupant = board[target]
                if not occupant:
                    continue
                if occupant > TAM and SIDE_OF[occupant] != side:
                    consider(occupant, src, target)
                if passed >= passes:
                    break
                passed += 1
    if best[0] < 0 or _guarded(state, best[2], 1 - side):
        return None
    return t.simple(best[1], best[2])


def random_quiet_move(state: Any, side: int, rng: random.Random) -> Any | None:
    """A move of a random piece of `side` to a random empty square it reaches without
    stepping; None when no piece has one."""
    t = state.tables
    board = state.board
    hue = t.hue[state.tam]
    mine = [sq for sq, code in enumerate(board) if code > TAM and SIDE_OF[code] == side]
    if not mine:
        return None
    first = rng.randrange(len(mine))
    for src in mine[first:] + mine[:first]:
        steps, rays = t.moves[board[src]][hue[src]][src]
        targets = [target for target, empty in steps if not board[target]
                   and not (empty and any(board[b] for b in empty))]
        for line, _ in rays:
            for target in line:
                if board[target]:
                    break
                targets.append(target)
        if targets:
            return t.simple(src, rng.choice(targets))
    return None


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
    move = best_capture(s, s.mover, rng) or random_quiet_move(s, s.mover, rng)
    return move if move is not None else rng.choice(state.legal_moves())


# --- 古机戦 -------------------------------------------------------------------------------------
#: Piece values in 古机戦 (ships cannot be taken: nothing), by profession.
OLD_VALUES: dict[Profession, int] = {
    Profession.VESSEL: 0, Profession.PAWN: 2, Profession.BOW: 5, Profession.CHARIOT: 6,
    Profession.TIGER: 5, Profession.GENERAL: 5, Profession.KING: 0,
}
#: Points per unit of material (a pawn is 2 units); a finished game is ±WIN.
OLD_MATERIAL_WEIGHT = 1.0


def evaluate_old(state: GameState, seat: int) -> float:
    """Higher is better for `seat`: ±WIN once decided (0 for a draw), else the material on
    the board, by `OLD_VALUES`."""
    from companion.games.cetkaik.compiled import PROFESSION_OF

    s: Any = state
    if s.over:
        return 0.0 if s.winner < 0 else WIN if s.winner == seat else -WIN
    total = 0.0
    for code in s.board:
        if code:
            value = OLD_VALUES[Profession(PROFESSION_OF[code])]
            total += value if SIDE_OF[code] == seat else -value
    return OLD_MATERIAL_WEIGHT * total


def playout_move_old(state: GameState, rng: random.Random) -> Any:
    """A quick move for 古机戦 playouts: take the king when possible, else the most valuable
    piece (ties at random), else a random move."""
    from companion.games.cetkaik.compiled import PROFESSION_OF

    s: Any = state
    moves = state.legal_moves()
    if s.phase != "move":
        return rng.choice(moves)
    board = s.board
    index = s.tables.index
    best, found = -1, []
    for move in moves:
        taken = s._taken_square(index[move.src], index[move.dest], move)
        if taken < 0:
            continue
        profession = Profession(PROFESSION_OF[board[taken]])
        value = 100 if profession is Profession.KING else OLD_VALUES[profession]
        if value > best:
            best, found = value, [move]
        elif value == best:
            found.append(move)
    return rng.choice(found or moves)


# --- MCTS hooks (`GameInfo.extras`: candidates, horizon, estimate) ----------------------------
#: Moves the search considers at a decision of the MOVE phase (of about 250 legal ones).
CANDIDATES = 8
#: Playout steps before the evaluation takes over (`estimate`).
HORIZON = 6
#: Points of evaluation that make a 73 % favourite (the logistic scale of `estimate`).
ESTIMATE_SCALE = 6.0
#: Chance that a stepping cast lets the piece go `d` squares (at least `d` of 5 sticks up).
REACH_ODDS = (1.0, 31 / 32, 26 / 32, 16 / 32, 6 / 32, 1 / 32)
WATER_ODDS = 16 / 32
#: A 皇 move or a drop that gains nothing ranks below a quiet piece move.
IDLE = -0.05


def move_gain(state: Any, move: Any) -> float:
    """A quick guess at what `move` gains the mover (points at the current rate, material by
    the evaluation's weights), weighted by the odds of its casts; no copy is made."""
    from companion.games.cetkaik.moves import Drop, PieceMove, TamMove

    if type(move) is PieceMove:
        return _piece_gain(state, move)
    if type(move) is TamMove:
        again = state.tam_moved or move.path[-1] == move.path[0]
        return IDLE - (3.0 * state.rate if again else 0.0)
    if type(move) is Drop:
        side = state.mover
        held = state.hop[side]
        after = list(held)
        after[count_index(move.colour, move.profession)] -= 1
        table = state.hand_table
        return IDLE - (table.score(held) - table.score(after)) * state.rate / state.scale
    return 0.0


def _piece_gain(state: Any, move: Any) -> float:
    t = state.tables
    index = t.index
    side = state.mover
    gain, odds = 0.0, 1.0
    if move.via:
        via = index[move.via]
        if state.board[via] == TAM:
            gain -= 5.0 * state.rate
        if not move.dest or move.towards:
            return gain + IDLE
        if "step" in state.casts_for(move):
            odds = REACH_ODDS[min(5, t.board.distance(via, index[move.dest]))]
    elif "water" in state.casts_for(move):
        odds = WATER_ODDS
    occupant = state.board[index[move.dest]]
    if occupant > TAM and SIDE_OF[occupant] != side:
        kind = KIND_OF[occupant]
        held = state.hop[side]
        after = list(held)
        after[kind] += 1
        table = state.hand_table
        hands = (table.score(after) - table.score(held)) * state.rate / state.scale
        gain += odds * (hands + 2 * MATERIAL_WEIGHT * KIND_VALUES[kind])
    return gain


def _spread(state: Any, move: Any) -> int:
    """A fixed pseudo-random order among moves of equal gain (the same in every run)."""
    return zlib.crc32(f"{state.turns} {move}".encode())


def candidates(state: GameState, width: int = CANDIDATES) -> list[Any]:
    """The moves the search considers: at a move decision the `width` moves of best
    `move_gain` (equal gains in a fixed pseudo-random order); every legal move otherwise
    (declarations, casts' outcomes, completing a stepping move)."""
    from companion.games.cetkaik.rules import MOVE

    s: Any = state
    moves = state.legal_moves()
    if s.phase != MOVE or len(moves) <= width:
        return moves
    ranked = sorted(moves, key=lambda m: (-move_gain(s, m), _spread(s, m)))
    return ranked[:width]


def horizon(state: GameState) -> int:
    """Playout steps before `estimate` judges the position."""
    return HORIZON


def estimate(state: GameState) -> tuple[float, float]:
    """Each seat's expected share of victory: the evaluation through a logistic curve."""
    value = evaluate(state, 0) / ESTIMATE_SCALE
    share = logistic(value, limit=50.0)
    return share, 1.0 - share


def old_gain(state: Any, move: Any) -> float:
    """古机戦: the value of the piece `move` takes (the king: the game), else 0."""
    from companion.games.cetkaik.compiled import PROFESSION_OF

    index = state.tables.index
    taken = state._taken_square(index[move.src], index[move.dest], move)
    if taken < 0:
        return 0.0
    profession = Profession(PROFESSION_OF[state.board[taken]])
    return WIN if profession is Profession.KING else float(OLD_VALUES[profession])


def candidates_old(state: GameState, width: int = CANDIDATES) -> list[Any]:
    """古机戦: the `width` moves that take the most (equal gains in a fixed order)."""
    s: Any = state
    moves = state.legal_moves()
    if s.phase != "move" or len(moves) <= width:
        return moves
    return sorted(moves, key=lambda m: (-old_gain(s, m), _spread(s, m)))[:width]


def estimate_old(state: GameState) -> tuple[float, float]:
    """古机戦: each side's expected share of victory from the material (`evaluate_old`)."""
    value = evaluate_old(state, 0) / ESTIMATE_SCALE
    share = logistic(value, limit=50.0)
    return share, 1.0 - share
