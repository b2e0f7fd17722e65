"""Computer opponents that use only the `GameState` API (plus a game's `GameInfo.evaluate`).

A bot is asked for a move with the position *as its seat sees it* (`state.view(seat)`), its
seat and its own `random.Random`; the same inputs always give the same move.

    make_bot("random" | "greedy" | "mcts" | "mcts:weak" | "mcts:normal" | "mcts:strong")
"""

from __future__ import annotations

import random
from typing import Any, Protocol

from companion.core.api import GameState


class Bot(Protocol):
    """Anything that picks a legal move for `seat` in `state`."""

    name: str

    def choose(self, state: GameState, seat: int, rng: random.Random) -> Any: ...


BOT_KINDS: tuple[str, ...] = ("random", "greedy", "mcts", "mcts:weak", "mcts:strong")


def make_bot(kind: str) -> Bot:
    """The bot named `kind`; `ValueError` listing the known kinds otherwise."""
    from companion.bots.greedy import GreedyBot
    from companion.bots.mcts import STRENGTHS, MCTSBot
    from companion.bots.random_bot import RandomBot

    name, _, strength = kind.strip().lower().partition(":")
    if name == "random" and not strength:
        return RandomBot()
    if name == "greedy" and not strength:
        return GreedyBot()
    if name == "mcts" and (not strength or strength in STRENGTHS):
        return MCTSBot(strength or "normal")
    known = ", ".join(BOT_KINDS)
    raise ValueError(f"unknown bot {kind!r}; known bots: {known} (mcts:normal is mcts)")


__all__ = ["BOT_KINDS", "Bot", "make_bot"]
