"""Equilibrium figures (no assertions): playout speed, bot decision times, and the difficulty
table — the win rate of each bot over seeded solo games, base game and with each expansion.

    python -m companion.games.equilibrium.bench --games 500 [--bots random,greedy,mcts]

prints one JSON line per (bot, configuration) and then the table. The same games are played by
`companion play equilibrium --bots mcts --players 1 --games 500 --seed 1 [--expansions …]`.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

GAME = "equilibrium"
#: The configurations of the difficulty table: name → expansions.
CONFIGS: dict[str, tuple[str, ...]] = {"base": (), "books": ("books",),
                                       "squares": ("squares",),
                                       "books+squares": ("books", "squares")}
BOTS = ("random", "greedy", "mcts")


def _options(expansions: Sequence[str]) -> dict[str, Any]:
    return {"expansions": sorted(expansions)}


def random_playouts(seconds: float = 1.0, expansions: Sequence[str] = (), players: int = 1,
                    policy: bool = False) -> dict[str, float]:
    """Whole games (setup included) per second, random or with the playout policy."""
    from companion.bots.playout import playout
    from companion.games.equilibrium.bots import playout_move
    from companion.games.equilibrium.rules import new_state

    start = new_state(players, _options(expansions))
    rng = random.Random(0)
    count, steps = 0, 0
    began = time.perf_counter()
    while True:
        steps += playout(start.copy(), rng, policy=playout_move if policy else None)
        count += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return {"playouts_per_second": count / elapsed, "steps_per_playout": steps / count}


def decision_times(decisions: int = 10, kinds: Sequence[str] = ("mcts",),
                   expansions: Sequence[str] = (), players: int = 1) -> dict[str, float]:
    """Median and mean milliseconds per real decision (more than one legal move) of each bot
    over seeded games."""
    from companion.bots import make_bot
    from companion.core.record import Game

    figures: dict[str, float] = {}
    for kind in kinds:
        bot = make_bot(kind)
        rng = random.Random(1)
        game = Game.new(GAME, players, _options(expansions), seed=1)
        times: list[float] = []
        while len(times) < decisions:
            game.resolve_chance()
            if game.state.is_over():
                game = Game.new(GAME, players, _options(expansions), seed=rng.randrange(2**31))
                continue
            seat = game.state.to_move()
            choices = len(game.state.legal_moves())
            began = time.perf_counter()
            move = bot.choose(game.state.view(seat), seat, rng)
            if choices > 1:
                times.append(1000.0 * (time.perf_counter() - began))
            game.play(move)
        name = kind.replace(":", "_")
        figures[f"{name}_median_move_ms"] = statistics.median(times)
        figures[f"{name}_mean_move_ms"] = statistics.fmean(times)
    return figures


def win_rate(bot: str = "mcts", games: int = 100, expansions: Sequence[str] = (),
             players: int = 1, seed: int = 1) -> dict[str, float]:
    """Share of won games of `bot` in every seat (seeds `seed` … `seed + games − 1`, the seeds
    of `companion play`), the mean cities claimed and the seconds it took."""
    from companion.bots.runner import play_bots

    won, cities = 0, 0.0
    began = time.perf_counter()
    for index in range(games):
        result = play_bots(GAME, [bot] * players, seed + index, _options(expansions))
        won += bool(result.outcome.winners)
        cities += result.outcome.scores[0]
    return {"games": float(games), "win_rate": won / games if games else 0.0,
            "mean_cities": cities / games if games else 0.0,
            "seconds": time.perf_counter() - began}


def quick_figures(quick: bool = True) -> dict[str, float]:
    """What `companion bench` prints for Equilibrium besides the generic lines: playout length
    and speed with the playout policy, and MCTS decision times (names ending in `_ms` are
    milliseconds). The difficulty table takes hours: run this module for it."""
    figures = {f"policy_{k}": v for k, v in random_playouts(
        0.3 if quick else 2.0, policy=True).items()}
    figures.update(decision_times(3 if quick else 30, ("mcts",)))
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--bots", default=",".join(BOTS))
    parser.add_argument("--configs", default=",".join(CONFIGS))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    table: dict[tuple[str, str], dict[str, float]] = {}
    configs = [c for c in args.configs.split(",") if c]
    bots = [b for b in args.bots.split(",") if b]
    for config in configs:
        for bot in bots:
            figures = win_rate(bot, args.games, CONFIGS[config], seed=args.seed)
            table[(bot, config)] = figures
            print(json.dumps({"bot": bot, "config": config, **figures}), flush=True)
    print(f"win rate over {args.games} seeded solo games (seeds {args.seed}…):")
    print("bot      " + "".join(f"{c:>15}" for c in configs))
    for bot in bots:
        print(f"{bot:<9}" + "".join(f"{100 * table[(bot, c)]['win_rate']:>14.1f}%"
                                    for c in configs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
