"""Computer opponents that use only the `GameState` API (plus a game's `GameInfo.evaluate`).

A bot is asked for a move with the position *as its seat sees it* (`state.view(seat)`), its
seat and its own `random.Random`; the same inputs always give the same move, unless the search
is stopped by its time (the default MCTS's budget, the strong level's limit, "mcts:2s"), which a
slower or busier machine reaches after fewer iterations.

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
#: Longest time budget a bot may be given, in seconds.
MAX_THINK_SECONDS = 600.0
#: MCTS strength -> the longest one of its moves takes, in seconds (the new-game form and the
#: status line say so while it thinks).
TIME_LIMITS: dict[str, float] = {"strong": 3.0}


class Cancelled(Exception):
    """A search stopped because its answer is no longer wanted."""


def think_seconds(strength: str) -> float | None:
    """The time budget of a kind's strength part ("2s" → 2.0), None if it is not one."""
    if not strength.endswith("s"):
        return None
    try:
        seconds = float(strength[:-1])
    except ValueError:
        return None
    return seconds if 0 < seconds <= MAX_THINK_SECONDS else None


def time_limit(kind: str) -> float | None:
    """The longest a move of bot `kind` ("mcts:strong") takes, in seconds; None: no limit."""
    name, _, strength = kind.strip().lower().partition(":")
    return TIME_LIMITS.get(strength) if name == "mcts" else None


def make_bot(kind: str) -> Bot:
    """The bot named `kind`; `ValueError` listing the known kinds otherwise."""
    from companion.bots.greedy import GreedyBot
    from companion.bots.mcts import STRENGTHS, UNBOUNDED, MCTSBot
    from companion.bots.random_bot import RandomBot

    name, _, strength = kind.strip().lower().partition(":")
    if name == "random" and not strength:
        return RandomBot()
    if name == "greedy" and not strength:
        return GreedyBot()
    if name == "mcts" and (not strength or strength in STRENGTHS):
        return MCTSBot(strength or "normal")
    seconds = think_seconds(strength)
    if name == "mcts" and seconds is not None:
        return MCTSBot(iterations=UNBOUNDED, seconds=seconds, trees=None,
                       name=f"mcts:{seconds:g}s")
    known = ", ".join(BOT_KINDS)
    raise ValueError(f"unknown bot {kind!r}; known bots: {known}, or mcts:<N>s to think N "
                     f"seconds (at most {MAX_THINK_SECONDS:g}); mcts:normal is mcts")


__all__ = ["BOT_KINDS", "TIME_LIMITS", "Bot", "Cancelled", "make_bot", "think_seconds",
           "time_limit"]
