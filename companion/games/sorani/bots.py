"""Sorani for the shared bots: an evaluation (greedy, MCTS estimates), a playout policy, a
faster playout, and the search hooks for a game with long playouts and many placements.

The evaluation values a board as it stands, looking a little ahead: star tiles (clusters and
guiding stars) score when their nodes match, and one that can still be matched (enough empty
cross spaces around it) counts half its stars; untouched planets score by the pad's chart;
special features by their criterion now; a branch line pointing at a dark sky costs 1, at an
empty space (which a later tile may still fill) `OPEN_LINE`; a held tile is worth the best
spot it has now. The game's end is scored exactly (bonus tiles and tie-break included).

The playout policy drafts at random and places a tile at the best of `SAMPLED` legal spots by
`gain` (what the placement changes on the board, the same measure as the evaluation); a share
of `RANDOM_SHARE` moves stays random. For the search (companion.bots.mcts, where it offers the
hooks): `candidates` keeps the `BRANCHING` best placements, `horizon` ends a playout after
about one round and `estimate` turns the `outlook` into shares of victory.

The outlook is the evaluation plus what the greedy bot cannot see one move ahead: planets
score in sets and groups that grow (a lone planet scores nothing, four colours 12), so the
untouched planets a board holds count half of what they fall short of `PLANET_SHARE` VP each.
Measured at two seats (20 games on the same seeds, seats alternating), MCTS against greedy
went from 55% to 85% with it; at four seats MCTS alone against three greedy bots won 12 of 20.
"""

from __future__ import annotations

import math
from typing import Any

from companion.core.api import CHANCE, TERMINAL, GameState
from companion.games.sorani import board as bd
from companion.games.sorani.board import Board
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.lattice import turn_mask
from companion.games.sorani.moves import Discard, Place
from companion.games.sorani.scoring import planet_split, tile_score

#: Cost of a branch line pointing at an empty space (a later tile may still connect it).
OPEN_LINE = 0.4
#: Share of a star tile's stars counted while it can still be matched.
HOPE = 0.5
#: Value of a dark sky surrounded this round (a special-feature pick to come).
SURROUND = 3.0
#: A win counts this much in the greedy evaluation of a finished game.
WIN = 1000.0
#: Legal placements the playout policy compares; share of its moves left random.
SAMPLED = 6
RANDOM_SHARE = 0.15
#: Moves a search considers at a decision; most steps of a search playout.
BRANCHING = 12
MAX_HORIZON = 30
#: VP that make a seat e (2.718…) times likelier to be the winner in `estimate`.
ESTIMATE_SCALE = 4.0
#: The search's outlook on planets: an untouched planet is worth about `PLANET_SHARE` VP in
#: the sets and groups it will join (4 colours make 12), and `PLANET_HOPE` of what the
#: planets held fall short of that now is counted (a lone planet scores nothing yet).
PLANET_SHARE = 3.0
PLANET_HOPE = 0.5


# --- what a placement changes -----------------------------------------------------------------
def _star_value(stars: int, white: int, nodes: int, open_crosses: int) -> float:
    """A star tile's worth: its VP when matched, `HOPE` × stars while still reachable."""
    points = tile_score(stars, white, nodes)
    if points:
        return float(points)
    if nodes < stars and nodes + open_crosses >= stars:
        return HOPE * stars * (nodes + 1) / (stars + 1)
    return 0.0


def _tile_stars(code: str) -> tuple[int, int] | None:
    """(stars, white) of a guiding star or cluster code, else None."""
    if bd.is_guiding(code):
        return bd.guiding_stars(code), 0
    if bd.is_cluster(code):
        kind = catalogue().cluster(code)
        return kind.stars, kind.white
    return None


def _space_state(board: Board, space: int) -> tuple[int, int]:
    """(nodes, empty crosses) around a round space."""
    crosses = board.crosses
    lines = empty = 0
    for cross, bit in _GEO.around[space]:
        mask = crosses[cross]
        if not mask:
            empty += 1
        elif mask & bit:
            lines += 1
    return lines, empty


def _planet_counts(board: Board) -> list[int]:
    return bd.untouched_planets(board)


def gain_round(board: Board, tile: str, space: int) -> float:
    """What putting round tile `tile` on `space` is worth now."""
    lines, empty = _space_state(board, space)
    value = float(lines)  # the lines pointing here stop costing (they were unconnected)
    stars = _tile_stars(tile)
    if stars is not None:
        return value + _star_value(stars[0], stars[1], lines, empty)
    if bd.is_planet(tile):
        if lines:
            return value
        counts = _planet_counts(board)
        before = planet_split(counts).points
        counts[_COLOURS.index(tile)] += 1
        return value + planet_split(counts).points - before + 0.5
    if bd.is_feature(tile):
        feature = catalogue().feature(tile)
        board.cells[space] = tile
        try:
            points = feature.score(bd.feature_measure(board, space, feature.measure))
        finally:
            board.cells[space] = bd.EMPTY
        return value + points + 1.0
    return value


def gain_branch(board: Board, mask: int, cross: int) -> float:
    """What laying a branch with lines `mask` on `cross` is worth now."""
    cells = board.cells
    value = 0.0
    planets_hit: list[str] = []
    for bit, space in enumerate(_GEO.arms[cross]):
        code = cells[space]
        if not mask >> bit & 1:
            continue
        if code == bd.EMPTY:
            value -= OPEN_LINE
        elif code == bd.DARK:
            value -= 1.0
        elif bd.is_planet(code):
            if _space_state(board, space)[0] == 0:
                planets_hit.append(code)
        else:
            stars = _tile_stars(code)
            if stars is not None:
                lines, empty = _space_state(board, space)
                value += (_star_value(stars[0], stars[1], lines + 1, empty - 1)
                          - _star_value(stars[0], stars[1], lines, empty))
    if planets_hit:
        counts = _planet_counts(board)
        before = planet_split(counts).points
        for colour in planets_hit:
            counts[_COLOURS.index(colour)] -= 1
        value -= before - planet_split(counts).points + 0.5 * len(planets_hit)
    for space in _GEO.arms[cross]:
        if cells[space] == bd.DARK and all(board.crosses[x] or x == cross
                                            for x, _ in _GEO.around[space]):
            value += SURROUND
    return value


def gain(board: Board, move: Any) -> float:
    """What a placement move is worth to its board now (0 for other moves)."""
    if type(move) is not Place:
        return 0.0
    lattice = catalogue().lattice
    if bd.is_branch(move.tile):
        cross = lattice.cross_index(move.space)
        assert cross is not None
        return gain_branch(board, turn_mask(catalogue().branch(move.tile).mask, move.turn // 90),
                           cross)
    space = lattice.space_index(move.space)
    assert space is not None
    return gain_round(board, move.tile, space)


def best_spot(board: Board, tile: str) -> float:
    """The best gain a held tile has on the board now (0 when it fits nowhere)."""
    if bd.is_branch(tile):
        turns = catalogue().branch(tile).turns()
        values = [gain_branch(board, mask, x) for x in bd.branch_spots(board, _GEO)
                  for _, mask in turns]
    else:
        values = [gain_round(board, tile, s) for s in bd.round_spots(board, _GEO)]
    return max(values, default=0.0)


# --- the evaluation ---------------------------------------------------------------------------
def board_value(board: Board) -> float:
    """The board's worth as it stands, with hope for what can still come (see the module)."""
    cells = board.cells
    value = 0.0
    for space, code in enumerate(cells):
        stars = _tile_stars(code)
        if stars is not None:
            lines, empty = _space_state(board, space)
            value += _star_value(stars[0], stars[1], lines, empty)
    value += planet_split(_planet_counts(board)).points
    value += sum(points for _, points in bd.feature_points(board))
    for cross, mask in enumerate(board.crosses):
        if mask:
            for bit, space in enumerate(_GEO.arms[cross]):
                if mask >> bit & 1:
                    code = cells[space]
                    if code == bd.EMPTY:
                        value -= OPEN_LINE
                    elif code == bd.DARK:
                        value -= 1.0
    value += sum(best_spot(board, tile) for tile in board.held)
    return value


def values(state: GameState) -> list[float]:
    """Every seat's evaluation: exact VP once the game is over (plus a hair for the
    tie-break's star cluster VP), `board_value` before."""
    from companion.games.sorani.rules import SoraniState

    assert isinstance(state, SoraniState)
    if state.is_over():
        result = state.result()
        return [t + 0.01 * b["clusters"] for t, b in zip(result.totals, result.breakdowns,
                                                          strict=True)]
    return [board_value(b) for b in state.boards]


def planet_hope(board: Board) -> float:
    """VP the untouched planets may still add as their sets and groups grow."""
    counts = _planet_counts(board)
    return PLANET_HOPE * max(0.0, PLANET_SHARE * sum(counts) - planet_split(counts).points)


def outlook(state: GameState) -> list[float]:
    """Every seat's expected VP at the end, for the search's estimate: `values` plus the
    planets' hope (the greedy bot's `evaluate` reads `values` alone)."""
    vals = values(state)
    if state.is_over():
        return vals
    boards = state.boards  # type: ignore[attr-defined]
    return [v + planet_hope(b) for v, b in zip(vals, boards, strict=True)]


def evaluate(state: GameState, seat: int) -> float:
    """Higher is better for `seat`: its value against the best other seat's (solo: its own);
    a finished game is decided (±`WIN`)."""
    vals = values(state)
    if state.num_players == 1:
        return vals[0]
    best_other = max(v for s, v in enumerate(vals) if s != seat)
    margin = vals[seat] - best_other
    if state.is_over():
        outcome = state.outcome()
        assert outcome is not None
        return margin + (WIN / len(outcome.winners) if seat in outcome.winners else -WIN)
    return margin


# --- playouts ---------------------------------------------------------------------------------
def playout_move(state: GameState, rng: Any) -> Any:
    """The policy's move for the seat to move (a legal move of `state`)."""
    return _choose(state, rng, use_policy=True)


def _choose(state: Any, rng: Any, use_policy: bool) -> Any:
    moves = state.legal_moves()
    if len(moves) == 1 or not use_policy or rng.random() < RANDOM_SHARE:
        return moves[int(rng.random() * len(moves))]
    first = moves[0]
    if type(first) is not Place and type(first) is not Discard:
        return moves[int(rng.random() * len(moves))]
    board = state.boards[state.to_move()]
    sample = moves if len(moves) <= SAMPLED else [moves[int(rng.random() * len(moves))]
                                                   for _ in range(SAMPLED)]
    scored = [(gain(board, m), i) for i, m in enumerate(sample)]
    top = max(v for v, _ in scored)
    return rng.choice([sample[i] for v, i in scored if v == top])


def playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    """Play `state` on in place for at most `max_steps` steps: chance with its odds, seats by
    the policy (or uniformly at random); returns the steps taken."""
    from companion.games.sorani.rules import SoraniState

    assert isinstance(state, SoraniState)
    steps = 0
    while steps < max_steps:
        mover = state.to_move()
        if mover == TERMINAL:
            break
        if mover == CHANCE:
            state._apply(state.sample_chance(rng))
        else:
            state._apply(_choose(state, rng, use_policy))
        steps += 1
    return steps


# --- the search's hooks -----------------------------------------------------------------------
def candidates(state: GameState) -> list[Any]:
    """The moves a search considers: all drafts and card choices, and the `BRANCHING` best
    placements by `gain` (in the order of the legal moves)."""
    moves = state.legal_moves()
    if len(moves) <= BRANCHING or type(moves[0]) is not Place:
        return moves
    board = state.boards[state.to_move()]  # type: ignore[attr-defined]
    scores = [gain(board, m) for m in moves]
    ranked = sorted(range(len(moves)), key=lambda i: -scores[i])[:BRANCHING]
    return [moves[i] for i in sorted(ranked)]


def horizon(state: GameState) -> int:
    """Steps of a search's playout: about one round (the draws, two picks and two
    placements a seat), at most `MAX_HORIZON`."""
    return min(6 * state.num_players + 8, MAX_HORIZON)


def estimate(state: GameState) -> tuple[float, ...]:
    """Each seat's share of victory as the `outlook` points (solo: the VP share)."""
    vals = outlook(state)
    if state.num_players == 1:
        from companion.games.sorani.rules import SOLO_UTILITY_VP

        return (max(0.0, min(1.0, vals[0] / SOLO_UTILITY_VP)),)
    best = max(vals)
    weights = [math.exp((v - best) / ESTIMATE_SCALE) for v in vals]
    total = sum(weights)
    return tuple(w / total for w in weights)


_GEO = bd.geometry()
_COLOURS = [c.id for c in catalogue().colours]
