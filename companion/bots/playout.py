"""Random playouts shared by the bots and the benchmarks."""

from __future__ import annotations

import random

from companion.core.api import GameState
from companion.core.record import sample_outcome as sample_chance

#: A playout longer than this is cut off (and scores nothing): a guard against endless games.
MAX_PLAYOUT_STEPS = 5000


def step_randomly(state: GameState, rng: random.Random) -> None:
    """Play one random move, or one chance outcome with its odds (state changed in place)."""
    move = sample_chance(state, rng) if state.is_chance() else rng.choice(state.legal_moves())
    state._apply(move)  # drawn from the legal moves: no need to check again


def playout(state: GameState, rng: random.Random, max_steps: int = MAX_PLAYOUT_STEPS) -> int:
    """Play random moves to the end (in place); returns the number of steps taken."""
    steps = 0
    while not state.is_over() and steps < max_steps:
        step_randomly(state, rng)
        steps += 1
    return steps
