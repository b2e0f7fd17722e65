"""Alluvium for the shared bots: a playout policy and a fast playout for MCTS.

Most of a seat's moves are a card's piece drawn on a map (own map, or the map of another seat
in phase 2, where action B may fill a hole instead). Listing every placement is what makes
Alluvium's legal moves slow, so a playout samples them: a placement (or an action-B cell)
drawn at random among all of the card's placements (and the inner cells) is kept when it is
legal, which is a uniform draw among the legal moves; after `TRIES` misses (a crowded map)
the legal moves are counted by bit masks (per orientation of the piece, the cells where it
fits; the action-B cells) and one is drawn among them, uniformly again, without listing them
(`Pass` is the move when there is none). Round 1's pieces, which must cover a start cell, are
always listed. Card draws pick a card left in the deck, each as likely.

The policy (`playout_move`) keeps the best of `CANDIDATES` sampled legal moves, scored by:

- on the seat's own map (its own card, or the virtual colour's): the largest filled
  rectangle the piece leaves (the area bonus of every round), then how many filled cells it
  touches and how many of its cells lie on the border (compact maps grow large rectangles);
- on another seat's map: the edges shared with the owner's cells (one check each on the
  owner's track, ranked for the co-operation bonus) and, half as much, the edges shared with
  the seat's own cells there (the largest group is what the bonus pays).

A share of `RANDOM_SHARE` moves stays random, so that playouts do not all look alike.

For the search (`companion.bots.mcts`): `candidates` keeps the `BRANCHING` best-scored moves
of a decision (a few hundred placements would leave each one a visit or two), `horizon` ends
a playout after most of a round, and `estimate` turns the totals that position points to
(areas written so far, the current rectangle for every round left, the co-operation bonus as
the tracks and groups stand) into shares of victory.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any

from companion.core.api import GameState
from companion.games.alluvium.rules import (
    FACE,
    HAND,
    OTHER,
    VIRTUAL,
    AlluviumState,
    Fill,
    Pass,
    _all_placements,
    board_mask,
    edges_between,
    fillable_bits,
    fitting_anchors,
    letter_mask,
    mask_area,
    move_mask,
    nth_bit,
)
from companion.games.alluvium.scoring import edge_masks, score_game

#: Sampled placements tried before the legal moves are listed.
TRIES = 24
#: Legal candidates the policy compares.
CANDIDATES = 5
#: Share of policy moves chosen at random instead.
RANDOM_SHARE = 0.15
#: Weight of the edges shared with the seat's own colour on another seat's map.
GROUP_WEIGHT = 0.5
#: Weight of a piece's cells on the map's border (they are as good as filled neighbours).
BORDER_WEIGHT = 0.5
#: Weight of the rectangle a piece leaves on its own map (the round's area bonus).
AREA_WEIGHT = 2.0
#: Longest playout of a search, in steps.
MAX_HORIZON = 16
#: Snuggest pieces whose rectangle a search's candidate list weighs (the rest are dropped).
SHORTLIST = 30
#: Moves a search considers at a decision.
BRANCHING = 10
#: Points of estimated total that make a seat e (2.718…) times likelier to be the winner.
ESTIMATE_SCALE = 3.0


def playout_move(state: GameState, rng: Any) -> Any:
    """The policy's move for the seat to move (a legal move of `state`)."""
    return _choose(state, rng, use_policy=True)


def playout(state: GameState, rng: Any, max_steps: int, use_policy: bool) -> int:
    """Play `state` to its end in place: card draws with their odds (each card left equally
    likely), seat moves sampled uniformly among the legal ones (or by `playout_move`);
    returns the steps taken."""
    assert isinstance(state, AlluviumState)
    steps = 0
    random = rng.random
    while steps < max_steps:
        if state.draws:
            left = state.decks[state.draws[0][0]]
            state._deal(left[int(random() * len(left))])
        elif state.actions:
            state._draw_cells(_pick(state, rng, use_policy)[1])
        else:
            break
        steps += 1
    return steps


def _choose(state: Any, rng: Any, use_policy: bool) -> Any:
    """The playout's move for the seat to move."""
    return _pick(state, rng, use_policy)[0]


def _pick(state: Any, rng: Any, use_policy: bool) -> tuple[Any, int]:
    """The playout's move for the seat to move, with the mask of the cells it draws on."""
    seat, kind = state.actions[0]
    if kind == HAND or (kind == FACE and state.round == 1):
        return _from_list(state, rng, use_policy)
    sheet = state.held_sheet(seat)
    rows, cols = state.rows, state.cols
    board = _board(rows, cols)
    filled = state.sheet_bits(sheet)[0]
    card = state.face[state.virtual] if kind == VIRTUAL else state.face[state.colours[seat]]
    pieces = _all_placements(card, rows, cols)
    holes = board.inner if kind == OTHER else ()
    wanted = CANDIDATES if use_policy and rng.random() >= RANDOM_SHARE else 1
    found: list[tuple[Any, int]] = []
    random, placed = rng.random, len(pieces)
    count = placed + len(holes)
    for _ in range(TRIES):
        j = int(random() * count)  # uniform (randrange's exactness is not needed here)
        move: Any
        if j < placed:
            move, mask = pieces[j]
            if mask & filled:
                continue
        else:
            cell = holes[j - placed]
            mask = 1 << cell
            if filled & mask or board.around(mask) & ~filled:
                continue
            move = Fill(divmod(cell, cols))
        found.append((move, mask))
        if len(found) == wanted:
            break
    if len(found) < wanted:  # a crowded map: draw among the legal moves, counted by masks
        found += _sample_legal(card, filled, kind == OTHER, wanted - len(found), random,
                               rows, cols)
        if not found:
            return Pass(), 0
    if wanted == 1:
        return found[0]
    return _best(state, seat, sheet, filled, found, rng)


def _sample_legal(card: str, filled: int, holes: bool, count: int, random: Any, rows: int,
                  cols: int) -> list[tuple[Any, int]]:
    """`count` moves drawn uniformly (with replacement) among the card's placements on the
    empty cells of the mask `filled` and, with `holes`, the action-B cells (none: no move)."""
    layers: list[tuple[int, int, tuple[int, ...] | None]] = []
    free = ~filled & board_mask(rows, cols)
    for anchors, placement in fitting_anchors(free, card, rows, cols):
        layers.append((anchors.bit_count(), anchors, placement))
    if holes and (cells := fillable_bits(filled, rows, cols)):
        layers.append((cells.bit_count(), cells, None))
    total = sum(size for size, _, _ in layers)
    if not total:
        return []
    pieces = _all_placements(card, rows, cols)
    found: list[tuple[Any, int]] = []
    for _ in range(count):
        k = int(random() * total)
        for size, bits, index in layers:
            if k < size:
                bit = nth_bit(bits, k)
                found.append(pieces[index[bit]] if index is not None
                             else (Fill(divmod(bit, cols)), 1 << bit))
                break
            k -= size
    return found


def _from_list(state: Any, rng: Any, use_policy: bool) -> tuple[Any, int]:
    """A move from the listed legal moves, with its mask: at random, or the policy's best
    of a sample."""
    moves = state.legal_moves()
    if not use_policy or len(moves) == 1 or rng.random() < RANDOM_SHARE:
        move = rng.choice(moves)
        return move, move_mask(move, state.cols)
    seat = state.actions[0][0]
    sheet = state.held_sheet(seat)
    sample = _masked(state, [moves[rng.randrange(len(moves))] for _ in range(CANDIDATES)])
    return _best(state, seat, sheet, state.sheet_bits(sheet)[0], sample, rng)


def _masked(state: Any, moves: list[Any]) -> list[tuple[Any, int]]:
    """(move, cell mask) pairs (a pass covers no cell)."""
    cols = state.cols
    return [(move, move_mask(move, cols)) for move in moves]


def _scores(state: Any, seat: int, sheet: int, filled: int,
            found: list[tuple[Any, int]]) -> list[float]:
    """The policy's score of each candidate (move, cell mask)."""
    board = _board(state.rows, state.cols)
    if sheet == seat:
        return [_compact(board, filled, mask) for _, mask in found]
    owner = state.sheet_bits(sheet)[1]
    mine = letter_mask(state.grids[sheet], state.colours[seat])
    return [board.edges(mask, owner) + GROUP_WEIGHT * board.edges(mask, mine)
            for _, mask in found]


def _best(state: Any, seat: int, sheet: int, filled: int, found: list[tuple[Any, int]],
          rng: Any) -> tuple[Any, int]:
    """The best-scored candidate (move, cell mask) (ties: the rng's pick)."""
    scores = _scores(state, seat, sheet, filled, found)
    top = max(scores)
    return rng.choice([item for item, score in zip(found, scores, strict=True)
                       if score == top])


def _compact(board: _Board, filled: int, mask: int) -> float:
    """Own map: the rectangle the piece leaves (the round's area bonus) first, then how
    snugly it sits."""
    return AREA_WEIGHT * board.area(filled | mask) + _snug(board, filled, mask)


def _snug(board: _Board, filled: int, mask: int) -> float:
    """How snugly a piece sits: filled neighbours, cells on the border."""
    return board.edges(mask, filled) + BORDER_WEIGHT * (mask & board.border).bit_count()


class _Board:
    """Bit-mask geometry of a map of `rows` × `cols` (bit i = cell index i, row by row)."""

    def __init__(self, rows: int, cols: int) -> None:
        self.rows, self.cols = rows, cols
        self.west, self.east, self.all = edge_masks(rows, cols)
        self.inner = tuple(r * cols + c for r in range(1, rows - 1) for c in range(1, cols - 1))
        self.border = self.all & ~sum(1 << i for i in self.inner)

    def around(self, mask: int) -> int:
        """The cells next to `mask` (orthogonally), inside the map."""
        return self.all & (((mask & ~self.west) >> 1) | ((mask & ~self.east) << 1)
                           | (mask >> self.cols) | (mask << self.cols))

    def area(self, filled: int) -> int:
        """The largest all-filled rectangle of a map given as one mask."""
        return mask_area(filled, self.rows, self.cols)

    def edges(self, mask: int, other: int) -> int:
        """Edges between the cells of `mask` and the cells of `other`."""
        return edges_between(mask, other, self.rows, self.cols)


@cache
def _board(rows: int, cols: int) -> _Board:
    return _Board(rows, cols)


# --- the search's hooks -------------------------------------------------------------------------


def candidates(state: GameState) -> list[Any]:
    """The `BRANCHING` best moves by the policy's score (all of them when there are few),
    in the order of the legal moves."""
    moves = state.legal_moves()
    if len(moves) <= BRANCHING:
        return moves
    assert isinstance(state, AlluviumState)
    seat = state.actions[0][0]
    sheet = state.held_sheet(seat)
    filled = state.sheet_bits(sheet)[0]
    found = _masked(state, moves)
    indexes = list(range(len(moves)))
    if sheet == seat and len(found) > SHORTLIST:  # the rectangle only for the snug ones
        board = _board(state.rows, state.cols)
        snug = [_snug(board, filled, mask) for _, mask in found]
        indexes = sorted(sorted(indexes, key=lambda i: -snug[i])[:SHORTLIST])
    scores = _scores(state, seat, sheet, filled, [found[i] for i in indexes])
    ranked = sorted(range(len(indexes)), key=lambda k: -scores[k])[:BRANCHING]
    return [moves[indexes[k]] for k in sorted(ranked)]


def horizon(state: GameState) -> int:
    """Steps of a search's playout: most of a round (about four moves a seat, the draws),
    at most `MAX_HORIZON` (five seats would take the search past its time)."""
    return min(4 * state.num_players + 4, MAX_HORIZON)


def estimate(state: GameState) -> tuple[float, ...]:
    """Each seat's share of victory as the position points: the totals it would give if
    every round left scored the rectangle each map holds now and the tracks and groups
    stayed as they are, weighed by how far each total is from the best."""
    assert isinstance(state, AlluviumState)
    sheets = state.player_sheets()
    for sheet, player in enumerate(sheets):
        left = state.rounds - len(state.areas[sheet])
        player.areas = [*state.areas[sheet], *[state.current_area(sheet)] * left]
    result = score_game(sheets, state.virtual, with_rectangles=False)
    totals = [p.total + p.cooperation_total / 100 for p in result.players]  # ties: co-op
    best = max(totals)
    weights = [math.exp((t - best) / ESTIMATE_SCALE) for t in totals]
    return tuple(w / sum(weights) for w in weights)
