"""Etariya figures for `companion bench` (no assertions): playout speed, bot decision time,
and win rates of MCTS against the random and greedy bots. Every function returns a dict."""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from typing import Any

GAME = "etariya"


def _options(expansions: Sequence[str]) -> dict[str, Any]:
    return {"expansions": sorted(expansions)}


def random_playouts(seconds: float = 1.0, expansions: Sequence[str] = ()) -> dict[str, float]:
    """Whole random games (setup chance included) per second."""
    from companion.games.bench import random_playout_figures
    from companion.games.etariya.rules import new_state

    return random_playout_figures(new_state(2, _options(expansions)), seconds)


def mcts_move_times(decisions: int = 10, strengths: Sequence[str] = ("weak", "normal",
                                                                       "strong"),
                    expansions: Sequence[str] = ()) -> dict[str, float]:
    """Mean milliseconds per real decision (more than one legal move) of MCTS per strength,
    plus the greedy bot, over the opening decisions of seeded games."""
    from companion.bots import make_bot
    from companion.core.record import Game

    figures: dict[str, float] = {}
    kinds = [f"mcts:{s}" for s in strengths] + ["greedy"]
    for kind in kinds:
        bot = make_bot(kind)
        rng = random.Random(1)
        game = Game.new(GAME, 2, _options(expansions), seed=1)
        total, timed = 0.0, 0
        while timed < decisions:
            game.resolve_chance()
            if game.state.is_over():
                game = Game.new(GAME, 2, _options(expansions), seed=rng.randrange(2**31))
                continue
            seat = game.state.to_move()
            choices = len(game.state.legal_moves())
            began = time.perf_counter()
            move = bot.choose(game.state.view(seat), seat, rng)
            if choices > 1:
                total += time.perf_counter() - began
                timed += 1
            game.play(move)
        figures[f"{kind.replace(':', '_')}_move_ms"] = 1000.0 * total / timed
    return figures


def win_rate(bot: str = "mcts", opponent: str = "random", games: int = 200,
             expansions: Sequence[str] = (), seed: int = 1000) -> dict[str, float]:
    """Share of victories of `bot` against `opponent` (seats alternate; a draw counts half)."""
    from companion.bots.runner import play_bots

    won = 0.0
    draws = 0
    began = time.perf_counter()
    for index in range(games):
        seat = index % 2
        bots = [bot, opponent] if seat == 0 else [opponent, bot]
        result = play_bots(GAME, bots, seed + index, _options(expansions))
        if not result.outcome.winners:
            draws += 1
            won += 0.5
        elif seat in result.outcome.winners:
            won += 1.0
    return {"games": float(games), "win_rate": won / games, "draws": float(draws),
            "seconds": time.perf_counter() - began}


def quick_figures(quick: bool = True) -> dict[str, float]:
    """What `companion bench` prints for Etariya besides the generic playout line: playout
    length and bot decision times per strength (names ending in `_ms` are milliseconds).
    Win rates take minutes: call `win_rate` for them."""
    figures = {"steps_per_playout": random_playouts(0.3 if quick else 1.0)["steps_per_playout"]}
    figures.update(mcts_move_times(3 if quick else 20,
                                   ("weak",) if quick else ("weak", "normal", "strong")))
    return figures
