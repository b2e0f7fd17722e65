"""Random playouts shared by the bots and the benchmarks."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.core.api import GameState
from companion.core.record import sample_outcome as sample_chance

#: A game's playout policy (`GameInfo.extras["playout_policy"]`): a seat's move in a playout.
Policy = Callable[[GameState, random.Random], Any]

#: A playout longer than this is cut off (and scores nothing): a guard against endless games.
MAX_PLAYOUT_STEPS = 5000


def step_randomly(state: GameState, rng: random.Random, policy: Policy | None = None) -> None:
    """Play one random move (or the `policy`'s move), or one chance outcome with its odds
    (state changed in place)."""
    if state.is_chance():
        move = sample_chance(state, rng)
    elif policy is not None:
        move = policy(state, rng)
    else:
        move = rng.choice(state.legal_moves())
    state._apply(move)  # drawn from the legal moves: no need to check again


def playout(state: GameState, rng: random.Random, max_steps: int = MAX_PLAYOUT_STEPS,
            policy: Policy | None = None) -> int:
    """Play random moves (or `policy`'s, which must return a legal move) to the end, in place;
    returns the number of steps taken."""
    steps = 0
    while not state.is_over() and steps < max_steps:
        step_randomly(state, rng, policy)
        steps += 1
    return steps


def game_policy(state: GameState) -> Policy | None:
    """The playout policy the game offers in `GameInfo.extras["playout_policy"]`, if any."""
    from companion.games import registry

    try:
        policy: Policy | None = registry.get(state.game_id).extras.get("playout_policy")
    except registry.OptionError:
        return None
    return policy
