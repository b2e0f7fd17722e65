"""Random playouts shared by the bots and the benchmarks.

A game may offer a faster playout of its own (`GameInfo.extras["playout"]`, called as
`playout(state, rng, max_steps, use_policy)`): random moves, or its playout policy's when
`use_policy`, chance with its odds, played on the state in place; it returns the number of
steps. `playout()` uses it for random playouts and for the game's own policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.core.api import CHANCE, TERMINAL, GameState
from companion.core.record import sample_outcome as sample_chance

#: A game's playout policy (`GameInfo.extras["playout_policy"]`): a seat's move in a playout.
Policy = Callable[[GameState, random.Random], Any]
#: A game's own playout (`GameInfo.extras["playout"]`): (state, rng, max_steps, use_policy).
FastPlayout = Callable[[GameState, random.Random, int, bool], int]
#: Plays a state to its end in place with an rng; returns the steps taken.
Runner = Callable[[GameState, random.Random], int]

#: A playout longer than this is cut off (and scores nothing): a guard against endless games.
MAX_PLAYOUT_STEPS = 5000


def playout(state: GameState, rng: random.Random, max_steps: int = MAX_PLAYOUT_STEPS,
            policy: Policy | None = None) -> int:
    """Play random moves (or `policy`'s, which must return a legal move) to the end, in place;
    returns the number of steps taken. The game's own playout is used where it has one."""
    return playout_runner(state, policy, max_steps)(state, rng)


def playout_runner(state: GameState, policy: Policy | None = None,
                   max_steps: int = MAX_PLAYOUT_STEPS) -> Runner:
    """How to play positions of `state`'s game to the end with `policy` (None: random):
    the game's own playout when it offers one for that policy, else the generic loop.
    Resolved once, used for every playout of a search."""
    fast: FastPlayout | None = game_extra(state, "playout")
    if fast is not None and (policy is None or policy is game_policy(state)):
        use_policy = policy is not None
        return lambda position, rng: fast(position, rng, max_steps, use_policy)
    return lambda position, rng: generic_playout(position, rng, max_steps, policy)


def generic_playout(state: GameState, rng: random.Random,
                    max_steps: int = MAX_PLAYOUT_STEPS, policy: Policy | None = None) -> int:
    """The playout every game has: through `legal_moves()`, `chance_outcomes()`, `_apply`."""
    steps = 0
    to_move, apply, choice = state.to_move, state._apply, rng.choice
    while steps < max_steps:
        mover = to_move()
        if mover == TERMINAL:
            break
        if mover == CHANCE:
            move = sample_chance(state, rng)
        elif policy is not None:
            move = policy(state, rng)
        else:
            move = choice(state.legal_moves())
        apply(move)  # drawn from the legal moves: no need to check again
        steps += 1
    return steps


def game_policy(state: GameState) -> Policy | None:
    """The playout policy the game offers in `GameInfo.extras["playout_policy"]`, if any."""
    policy: Policy | None = game_extra(state, "playout_policy")
    return policy


def game_extra(state: GameState, name: str) -> Any:
    """The hook `name` of the state's game (`GameInfo.extras`), or None."""
    from companion.games import registry

    try:
        return registry.get(state.game_id).extras.get(name)
    except registry.OptionError:
        return None
