"""Figures of the 紙机戦 games for `companion bench` (no assertions): playout speed, the bots'
decision times (median and mean), and MCTS win rates at any number of seats with a 95%
confidence interval."""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any


def random_playouts(game_id: str, players: int, seconds: float = 1.0) -> dict[str, float]:
    """Whole random games (chance included) per second, and their length in steps."""
    from companion.games import registry
    from companion.games.bench import random_playout_figures

    return random_playout_figures(registry.get(game_id).create(players), seconds)


def decision_times(game_id: str, players: int, kind: str = "mcts",
                   decisions: int = 20) -> dict[str, float]:
    """Milliseconds per real decision (more than one legal move) of bot `kind` over seeded
    games, every seat played by that bot: median and mean."""
    from companion.bots import make_bot
    from companion.core.record import Game

    bot = make_bot(kind)
    rng = random.Random(1)
    game = Game.new(game_id, players, seed=1)
    times: list[float] = []
    while len(times) < decisions:
        game.resolve_chance()
        if game.state.is_over():
            game = Game.new(game_id, players, seed=rng.randrange(2**31))
            continue
        seat = game.state.to_move()
        view = game.state.view(seat)
        choices = len(view.legal_moves())
        began = time.perf_counter()
        move = bot.choose(view, seat, rng)
        if choices > 1:
            times.append(1000.0 * (time.perf_counter() - began))
        game.play(move)
    return {"median_ms": statistics.median(times), "mean_ms": statistics.fmean(times)}


def win_rate(game_id: str, players: int, opponent: str, games: int, bot: str = "mcts",
             seed: int = 1000, options: dict[str, Any] | None = None) -> dict[str, float]:
    """`bot` in one seat (rotating) against `opponent` in all the others: its share of the
    victories (a shared victory counts 1/k), the 95% interval (normal approximation) and the
    share an equal player would get (1 / players)."""
    from companion.bots.runner import play_bots

    won = 0.0
    began = time.perf_counter()
    for index in range(games):
        seat = index % players
        bots = [opponent] * players
        bots[seat] = bot
        winners = play_bots(game_id, bots, seed + index, options).outcome.winners
        if seat in winners:
            won += 1.0 / len(winners)
    rate = won / games if games else 0.0
    half = 1.96 * math.sqrt(rate * (1 - rate) / games) if games else 0.0
    return {"games": float(games), "win_rate": rate, "low": max(0.0, rate - half),
            "high": min(1.0, rate + half), "fair_share": 1.0 / players,
            "seconds": time.perf_counter() - began}


def quick_figures(game_id: str, quick: bool = True) -> dict[str, float]:
    """What `companion bench` prints for a 紙机戦 game besides the generic lines: playout
    length and the MCTS (default strength) median decision time at 2 and at the most seats."""
    from companion.games import registry

    info = registry.get(game_id)
    figures = {"steps_per_playout": random_playouts(game_id, info.min_players,
                                                    0.3 if quick else 1.0)["steps_per_playout"]}
    for players in sorted({info.min_players, info.max_players}):
        times = decision_times(game_id, players, "mcts", 3 if quick else 20)
        figures[f"mcts_median_{players}p_ms"] = times["median_ms"]
    return figures
