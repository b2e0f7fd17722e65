"""Sorani's bot hooks (companion/games/sorani/bots.py) and the engine's fast paths the
playouts use: each test fails if its hook returns an illegal move, orders two known positions
the wrong way, or draws chance with other odds than the rules'."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from companion.core.record import Game
from companion.games.sorani import board as bd
from companion.games.sorani import bots
from companion.games.sorani.moves import Place
from companion.games.sorani.rules import SoraniState
from tests.companion.test_sorani_play import cross, space


def started(players: int, seed: int) -> SoraniState:
    game = Game.new("sorani", players, seed=seed)
    game.resolve_chance()
    assert isinstance(game.state, SoraniState)
    return game.state


def random_positions(players: int, seed: int, every: int = 5) -> list[SoraniState]:
    """Copies of the positions of a random game (every `every` steps, chance included)."""
    state, rng, found = started(players, seed), random.Random(seed), []
    step = 0
    while not state.is_over():
        if step % every == 0:
            found.append(state.copy())
        moves = state.legal_moves()
        state._apply(state.sample_chance(rng) if state.is_chance() else rng.choice(moves))
        step += 1
    return found


def test_the_playouts_chance_draw_has_the_rules_odds() -> None:
    state = started(2, seed=4)
    rng = random.Random(0)
    deals = [p for p in random_positions(2, 4, every=1) if p.is_chance()]
    kinds = {p.pending[0][0] for p in deals}
    assert {"cluster", "branch"} <= kinds
    for position in deals[:40]:
        assert position.sample_chance(rng) in dict(position.chance_outcomes())
    bag = state.copy()
    bag.pending = [("cluster", 0)]
    odds = dict(bag.chance_outcomes())
    drawn = Counter(bag.sample_chance(rng) for _ in range(4000))
    for outcome, probability in odds.items():
        assert abs(drawn[outcome] / 4000 - probability) < 0.03, outcome


def test_spots_are_the_empty_spaces_next_to_what_the_rules_ask() -> None:
    for position in random_positions(3, 8, every=7):
        geo = bd.geometry()
        for board in position.boards:
            rounds = [s for s, code in enumerate(board.cells) if code == bd.EMPTY
                      and any(board.crosses[x] for x, _ in geo.around[s])]
            branches = [x for x, mask in enumerate(board.crosses) if not mask
                        and any(bd.is_round_tile(board.cells[s]) for s in geo.arms[x])]
            assert bd.round_spots(board) == rounds
            assert bd.branch_spots(board) == branches


# --- the bots' hooks ----------------------------------------------------------------------------
def two_boards(first: bd.Board, second: bd.Board) -> SoraniState:
    """A two-seat position in the middle of round 5 with the given boards."""
    state = started(2, seed=6)
    state.boards = [first, second]
    state.round = 5
    return state


def planets_board(*names: str) -> bd.Board:
    """An empty board with a branch on B2 (a line to c3) and planets on `names`."""
    board = bd.Board.empty()
    board.crosses[cross("B2")] = 0b0100
    board.cells[space("c3")] = "3"
    for name, colour in zip(names, "RBGY", strict=False):
        board.cells[space(name)] = colour
    return board


def test_the_playout_policy_and_the_candidates_give_legal_moves_only() -> None:
    rng = random.Random(3)
    seen: set[str] = set()
    for position in random_positions(2, 12, every=3) + random_positions(4, 13, every=9):
        if position.is_chance() or position.is_over():
            continue
        legal = position.legal_moves()
        assert bots.playout_move(position, rng) in legal
        chosen = bots.candidates(position)
        assert chosen and set(chosen) <= set(legal)
        assert len(chosen) == min(len(legal), bots.BRANCHING) or not isinstance(legal[0], Place)
        seen.add(type(legal[0]).__name__)
    assert {"Take", "Place"} <= seen


def test_the_candidates_keep_the_placement_that_gains_most() -> None:
    for position in random_positions(2, 14, every=2):
        legal = position.legal_moves() if not position.is_chance() else []
        if len(legal) <= bots.BRANCHING or not isinstance(legal[0], Place):
            continue
        board = position.boards[position.to_move()]
        best = max(bots.gain(board, m) for m in legal)
        assert max(bots.gain(board, m) for m in bots.candidates(position)) == best
        return
    raise AssertionError("no position with more placements than the search considers")


def test_the_policys_playout_ends_the_game_and_a_horizon_cuts_it() -> None:
    state = started(2, seed=9)
    cut = state.copy()
    assert bots.playout(cut, random.Random(1), bots.horizon(cut), True) == bots.horizon(cut)
    assert not cut.is_over() and not cut.invariant_errors()
    steps = bots.playout(state, random.Random(1), 5000, True)
    assert state.is_over() and 150 < steps < 5000


def test_untouched_planets_raise_the_outlook_touched_ones_do_not() -> None:
    plain = two_boards(planets_board(), planets_board())
    held = two_boards(planets_board("a1", "f6"), planets_board())  # untouched: a set of 2
    touched = two_boards(planets_board("d4"), planets_board())
    touched.boards[0].crosses[cross("C3")] = 0b0100  # a line to d4
    assert bots.planet_hope(held.boards[0]) == bots.PLANET_HOPE * (2 * bots.PLANET_SHARE - 3)
    assert bots.planet_hope(touched.boards[0]) == 0.0
    assert bots.outlook(held)[0] > bots.outlook(plain)[0]
    assert bots.outlook(held)[1] == bots.outlook(plain)[1]


def test_the_estimate_shares_victory_by_the_outlook() -> None:
    matched = planets_board()
    for name, mask in (("B3", 0b0010), ("C2", 0b1000)):  # three lines to the cluster on c3
        matched.crosses[cross(name)] = mask
    ahead = two_boards(matched, planets_board())
    even = two_boards(planets_board(), planets_board())
    shares = bots.estimate(ahead)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > 0.5 > shares[1]
    assert bots.estimate(even) == pytest.approx((0.5, 0.5))
    assert bots.evaluate(ahead, 0) > bots.evaluate(even, 0) > bots.evaluate(ahead, 1)
