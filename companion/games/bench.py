"""Figures a game's `extras["bench"]` gives `companion bench` (no assertions: figures only).

`bench_figures(game_id, players, quick)` measures, for the game at `players` seats:

- ``steps_per_playout`` and ``policy_playouts_per_second``: whole games played by the game's
  playout policy (the moves MCTS simulates), from the start;
- ``mcts_median_ms`` / ``mcts_cpu_median_ms`` and ``greedy_median_ms``: the median time of a
  real decision (more than one legal move) at the default strength, wall clock and CPU time
  (on a shared machine the CPU time is the steadier figure), over ``decisions`` decisions;
- per pairing (MCTS against random and against greedy, greedy against random):
  ``<bot>_vs_<opponent>_win_pct`` with its 95% Wilson interval (``…_low_pct``, ``…_high_pct``)
  over ``…_games`` two-seat games, seats alternating, a shared victory counting half.

Duels take minutes (an MCTS game is a few hundred decisions): `--quick` plays 2 per pairing, a
full run `COMPANION_BENCH_DUELS` (default 10). A game whose seats never choose (六裁) has no
decision times and no duels: its bots cannot differ.
"""

from __future__ import annotations

import math
import os
import random
import statistics
import time
from typing import Any

from companion.core.api import GameState

#: Pairings of the duels: (bot, opponent).
PAIRINGS = (("mcts", "random"), ("mcts", "greedy"), ("greedy", "random"))
Z95 = 1.96


def bench_figures(game_id: str, players: int, quick: bool) -> dict[str, float]:
    """Every figure above (names ending in `_ms` are milliseconds)."""
    figures = playout_figures(game_id, players, 0.3 if quick else 1.0)
    timed = decision_figures(game_id, players, 3 if quick else 20)
    figures.update(timed)
    if timed["decisions"]:
        games = 2 if quick else int(os.environ.get("COMPANION_BENCH_DUELS", "10"))
        for bot, opponent in PAIRINGS:
            figures.update(duel_figures(game_id, bot, opponent, games))
    return figures


def playout_figures(game_id: str, players: int, seconds: float) -> dict[str, float]:
    """Whole policy playouts from the start position, per second, and their length."""
    from companion.bots.playout import game_policy, playout
    from companion.games import registry

    start = registry.get(game_id).create(players)
    policy = game_policy(start)
    rng = random.Random(0)
    count, steps = 0, 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds or count == 0:
        steps += playout(start.copy(), rng, policy=policy)
        count += 1
    return {"policy_playouts_per_second": count / (time.perf_counter() - began),
            "steps_per_playout": steps / count}


def random_playout_figures(start: GameState, seconds: float) -> dict[str, float]:
    """Whole random playouts (chance included) of copies of `start`, one at least, until
    `seconds` have passed: how many per second and their mean length in steps."""
    from companion.bots.playout import playout

    rng = random.Random(0)
    count, steps = 0, 0
    began = time.perf_counter()
    while True:
        steps += playout(start.copy(), rng)
        count += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return {"playouts_per_second": count / elapsed, "steps_per_playout": steps / count}


def decision_figures(game_id: str, players: int, decisions: int) -> dict[str, float]:
    """Median wall-clock and CPU times of MCTS (default strength) and greedy over the same
    real decisions of seeded games played by greedy."""
    from companion.bots import make_bot
    from companion.core.record import Game

    rng = random.Random(1)
    positions: list[tuple[Any, int]] = []
    game = Game.new(game_id, players, seed=1)
    greedy = make_bot("greedy")
    for _ in range(20_000):
        if len(positions) >= decisions:
            break
        game.resolve_chance()
        if game.state.is_over():
            game = Game.new(game_id, players, seed=rng.randrange(2**31))
            continue
        seat = game.state.to_move()
        view = game.state.view(seat)
        if len(view.legal_moves()) > 1:
            positions.append((view, seat))
        game.play(greedy.choose(view, seat, rng))
    figures: dict[str, float] = {"decisions": float(len(positions))}
    if not positions:
        return figures
    for kind in ("mcts", "greedy"):
        bot = make_bot(kind)
        walls, cpus = [], []
        for view, seat in positions:
            wall, cpu = time.perf_counter(), time.process_time()
            bot.choose(view.copy(), seat, random.Random(2))
            walls.append(1000 * (time.perf_counter() - wall))
            cpus.append(1000 * (time.process_time() - cpu))
        figures[f"{kind}_median_ms"] = statistics.median(walls)
        figures[f"{kind}_cpu_median_ms"] = statistics.median(cpus)
    return figures


def duel_figures(game_id: str, bot: str, opponent: str, games: int) -> dict[str, float]:
    """`bot`'s share of victories against `opponent` with its 95% interval."""
    from companion.bots.bench import head_to_head

    name = f"{bot}_vs_{opponent}"
    rate = head_to_head(game_id, bot, opponent, games)["win_rate"]
    low, high = wilson_interval(rate, games)
    return {f"{name}_win_pct": 100 * rate, f"{name}_low_pct": 100 * low,
            f"{name}_high_pct": 100 * high, f"{name}_games": float(games)}


def wilson_interval(rate: float, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a share `rate` observed over `games` trials."""
    if games <= 0:
        return 0.0, 1.0
    denominator = 1 + z * z / games
    centre = (rate + z * z / (2 * games)) / denominator
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)
