"""Sorani figures for `companion bench` (no assertions): the shared two-seat figures
(`companion.games.bench`: policy playouts, MCTS and greedy decision times, duels) and the same
at four seats, where one bot plays against three copies of its opponent (`win_rate`)."""

from __future__ import annotations

import os
import time
from typing import Any

GAME = "sorani"
#: Four-seat pairings: (bot, opponent).
FOUR_SEAT_PAIRINGS = (("mcts", "random"), ("mcts", "greedy"))


def win_rate(bot: str = "mcts", opponent: str = "random", players: int = 4, games: int = 4,
             seed: int = 2000) -> dict[str, Any]:
    """Share of games `bot` wins with one seat against `opponent` in all the others (its seat
    moves round the table from game to game; a k-way shared win counts 1/k), with the 95%
    Wilson interval, the chance level (1 / players) and the seconds taken."""
    from companion.bots.runner import play_bots
    from companion.games.bench import wilson_interval

    won = 0.0
    began = time.perf_counter()
    for index in range(games):
        seat = index % players
        bots = [opponent] * players
        bots[seat] = bot
        winners = play_bots(GAME, bots, seed + index).outcome.winners
        if seat in winners:
            won += 1.0 / len(winners)
    rate = won / games if games else 0.0
    low, high = wilson_interval(rate, games)
    return {"win_rate": rate, "low95": low, "high95": high, "chance_level": 1.0 / players,
            "games": games, "seconds": time.perf_counter() - began}


def quick_figures(quick: bool = True) -> dict[str, float]:
    """What `companion bench` prints for Sorani (names ending in `_ms` are milliseconds,
    `_pct` percentages): the shared two-seat figures, then `4p_…` decision times and, in a
    full run, four-seat win rates over `COMPANION_BENCH_DUELS` games (default 4)."""
    from companion.games.bench import bench_figures, decision_figures

    figures = bench_figures(GAME, 2, quick)
    four = decision_figures(GAME, 4, 3 if quick else 10)
    figures.update({f"4p_{name}": value for name, value in four.items()})
    if not quick:
        games = int(os.environ.get("COMPANION_BENCH_DUELS", "4"))
        for bot, opponent in FOUR_SEAT_PAIRINGS:
            duel = win_rate(bot, opponent, 4, games)
            name = f"4p_{bot}_vs_{opponent}"
            figures[f"{name}_win_pct"] = 100 * duel["win_rate"]
            figures[f"{name}_low_pct"] = 100 * duel["low95"]
            figures[f"{name}_high_pct"] = 100 * duel["high95"]
    return figures
