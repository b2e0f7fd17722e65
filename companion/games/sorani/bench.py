"""Sorani figures for `companion bench` and the closing notes (no assertions): playout speed,
bot decision times (median) and win rates of MCTS against the random and greedy bots at 2 and
4 players, with 95% Wilson intervals. Every function returns a dict."""

from __future__ import annotations

import math
import random
import statistics
import time
from typing import Any

GAME = "sorani"


def playouts_per_second(players: int = 2, seconds: float = 1.0,
                        use_policy: bool = True) -> dict[str, float]:
    """Whole games from the first decision to the end per second (the game's own playout,
    with its policy or at random)."""
    from companion.core.record import Game
    from companion.games.sorani.bots import playout

    game = Game.new(GAME, players, seed=1)
    game.resolve_chance()
    rng = random.Random(0)
    count = steps = 0
    began = time.perf_counter()
    while True:
        steps += playout(game.state.copy(), rng, 10_000, use_policy)
        count += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return {"playouts_per_second": count / elapsed, "steps_per_playout": steps / count}


def decision_times(kind: str, players: int = 2, decisions: int = 20,
                   seed: int = 1) -> dict[str, float]:
    """Median and mean milliseconds of bot `kind` over real decisions (more than one legal
    move) of a seeded game played by that bot in every seat."""
    from companion.bots import make_bot
    from companion.core.record import Game

    bot = make_bot(kind)
    rng = random.Random(seed)
    game = Game.new(GAME, players, seed=seed)
    times: list[float] = []
    while len(times) < decisions:
        game.resolve_chance()
        if game.state.is_over():
            game = Game.new(GAME, players, seed=rng.randrange(2**31))
            continue
        seat = game.state.to_move()
        choices = len(game.state.legal_moves())
        began = time.perf_counter()
        move = bot.choose(game.state.view(seat), seat, rng)
        if choices > 1:
            times.append(1000.0 * (time.perf_counter() - began))
        game.play(move)
    return {"median_ms": statistics.median(times), "mean_ms": statistics.fmean(times),
            "decisions": float(len(times))}


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval of a win share (wins may be fractional: shared wins)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


def win_rate(bot: str = "mcts", opponent: str = "random", players: int = 2, games: int = 10,
             seed: int = 2000) -> dict[str, Any]:
    """Share of games `bot` wins with one seat against `opponent` in all the others (its seat
    moves round the table from game to game; a k-way shared win counts 1/k), with the 95%
    interval and the seconds taken."""
    from companion.bots.runner import play_bots

    won = 0.0
    began = time.perf_counter()
    for index in range(games):
        seat = index % players
        bots = [opponent] * players
        bots[seat] = bot
        winners = play_bots(GAME, bots, seed + index).outcome.winners
        if seat in winners:
            won += 1.0 / len(winners)
    low, high = wilson(won, games)
    return {"bot": bot, "opponent": opponent, "players": players, "games": games,
            "win_rate": won / games if games else 0.0, "low95": low, "high95": high,
            "chance_level": 1.0 / players, "seconds": time.perf_counter() - began}


def quick_figures(quick: bool = True) -> dict[str, float]:
    """What `companion bench` prints for Sorani besides the generic lines (names ending in
    `_ms` are milliseconds). Win rates take long: call `win_rate` for them."""
    figures = {"policy_playouts_per_second": playouts_per_second(2, 0.3 if quick else 1.0)[
        "playouts_per_second"]}
    for players in (2, 4):
        times = decision_times("greedy", players, 5 if quick else 20)
        figures[f"greedy_{players}p_median_ms"] = times["median_ms"]
    if not quick:
        for players in (2, 4):
            times = decision_times("mcts", players, 20)
            figures[f"mcts_{players}p_median_ms"] = times["median_ms"]
    return figures
