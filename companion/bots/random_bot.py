"""The random bot: any legal move, uniformly."""

from __future__ import annotations

import random
from typing import Any

from companion.core.api import GameState


class RandomBot:
    """Picks a legal move uniformly at random."""

    name = "random"

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any:
        moves = state.legal_moves()
        if not moves:
            raise ValueError(f"no legal move for seat {seat}: {state.describe()}")
        return rng.choice(moves)
