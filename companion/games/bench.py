"""Figures a game's `extras["bench"]` returns for `companion bench` (no assertions here)."""

from __future__ import annotations

import random
import time


def bench_figures(game_id: str, players: int, quick: bool) -> dict[str, float]:
    """Steps per random playout and the mean MCTS (default strength) and greedy decision times
    in ms, over seeded games (names ending in `_ms` are milliseconds)."""
    from companion.bots.bench import bot_decision_time
    from companion.bots.playout import playout
    from companion.games import registry

    start = registry.get(game_id).create(players)
    rng = random.Random(0)
    count, steps = 0, 0
    began = time.perf_counter()
    while time.perf_counter() - began < (0.3 if quick else 1.0):
        steps += playout(start.copy(), rng)
        count += 1
    figures = {"steps_per_playout": steps / count}
    for kind in ("mcts", "greedy"):
        ms, _timed = bot_decision_time(game_id, kind, players, 2 if quick else 10)
        if ms is not None:
            figures[f"{kind}_decision_ms"] = ms
    return figures
