"""Sorani's bot hooks (companion/games/sorani/bots.py) and the engine's fast paths the
playouts use: each test fails if its hook returns an illegal move, orders two known positions
the wrong way, or draws chance with other odds than the rules'."""

from __future__ import annotations

import random
from collections import Counter

from companion.core.record import Game
from companion.games.sorani import board as bd
from companion.games.sorani.rules import SoraniState


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
