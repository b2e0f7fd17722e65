"""The greedy bot: one ply deep, the move with the best expected evaluation.

Chance right after a move is averaged with its probabilities. The evaluation is the game's
`GameInfo.evaluate(state, seat)`; a game without one is judged by random playouts (the
average share of victory for the seat; hidden parts sampled with `determinize`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from companion.bots.playout import playout
from companion.core.api import GameState
from companion.games import registry

#: Playouts per position when the game has no evaluation of its own.
ROLLOUTS = 16
#: How many chance steps in a row are averaged exactly before evaluating.
CHANCE_DEPTH = 2

Evaluate = Callable[[GameState, int], float]


class GreedyBot:
    """Best expected one-ply value; ties broken by the bot's rng."""

    name = "greedy"

    def __init__(self, evaluate: Evaluate | None = None, rollouts: int = ROLLOUTS) -> None:
        self._evaluate = evaluate
        self.rollouts = rollouts

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no legal move for seat {seat}: {state.describe()}")
        if len(moves) == 1:
            return moves[0]
        evaluate = self._evaluate or _game_evaluation(state) or self._rollout_value(rng)
        scored = [(self.move_value(state, move, seat, evaluate), i) for i, move in
                  enumerate(moves)]
        best = max(value for value, _ in scored)
        choices = [moves[i] for value, i in scored if value >= best - 1e-12]
        return rng.choice(choices)

    def move_value(self, state: GameState, move: Any, seat: int, evaluate: Evaluate) -> float:
        """The expected evaluation for `seat` after `move` (chance averaged)."""
        after = state.copy()
        after.play(move)
        return _expected(after, seat, evaluate, CHANCE_DEPTH)

    def _rollout_value(self, rng: random.Random) -> Evaluate:
        def value(state: GameState, seat: int) -> float:
            total = 0.0
            hidden = state.has_hidden_information()
            for _ in range(self.rollouts):
                trial = state.determinize(seat, rng) if hidden else state.copy()
                playout(trial, rng)
                total += trial.returns()[seat]
            return total / self.rollouts

        return value


def _game_evaluation(state: GameState) -> Evaluate | None:
    try:
        return registry.get(state.game_id).evaluate
    except registry.OptionError:
        return None


def _expected(state: GameState, seat: int, evaluate: Evaluate, depth: int) -> float:
    if not state.is_chance() or depth == 0:
        return evaluate(state, seat)
    total = 0.0
    for outcome, probability in state.chance_outcomes():
        child = state.copy()
        child.play(outcome)
        total += probability * _expected(child, seat, evaluate, depth - 1)
    return total
