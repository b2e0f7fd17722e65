"""机戦 figures for `companion bench` (no assertions): move generation, playouts and MCTS
decision time. Every function returns a dict of figures. Win rates come from the shared
`companion bench --only winrates --game cetkaik` (`companion.bots.bench.head_to_head`)."""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Mapping
from typing import Any

GAME = "cetkaik"


def start_position(game_id: str = GAME) -> Any:
    """The start of a game of `game_id` with its first mover drawn (seeded)."""
    from companion.core.record import Game

    game = Game.new(game_id, 2, {}, seed=0)
    game.resolve_chance()
    return game.state


def move_generation(seconds: float = 1.0, game_id: str = GAME) -> dict[str, float]:
    """Complete legal-move lists from the start position (標準: 249 moves) per second."""
    state = start_position(game_id)
    count = 0
    began = time.perf_counter()
    while True:
        state._legal = None
        moves = state.legal_moves()
        count += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return {"movegen_per_second": count / elapsed,
                    "moves_per_second": count * len(moves) / elapsed}


def policy_playouts(seconds: float = 1.0, game_id: str = GAME) -> dict[str, float]:
    """Whole games played by the MCTS playout policy from the start, per second."""
    from companion.bots.playout import game_policy, playout

    start = start_position(game_id)
    policy = game_policy(start)
    rng = random.Random(0)
    count, steps = 0, 0
    began = time.perf_counter()
    while True:
        steps += playout(start.copy(), rng, policy=policy)
        count += 1
        elapsed = time.perf_counter() - began
        if elapsed >= seconds:
            return {"policy_playouts_per_second": count / elapsed,
                    "steps_per_policy_playout": steps / count}


def mcts_decisions(decisions: int = 10, kind: str = "mcts",
                   options: Mapping[str, Any] | None = None,
                   game_id: str = GAME) -> dict[str, float]:
    """Milliseconds per real decision (more than one legal move) of bot `kind` over the
    decisions of seeded games: the median and the mean of the wall clock, and the median of
    the process's CPU time (steadier on a machine shared with other work)."""
    from companion.bots import make_bot
    from companion.core.record import Game

    bot = make_bot(kind)
    rng = random.Random(1)
    game = Game.new(game_id, 2, dict(options or {}), seed=1)
    times: list[float] = []
    cpu: list[float] = []
    while len(times) < decisions:
        game.resolve_chance()
        if game.state.is_over():
            game = Game.new(game_id, 2, dict(options or {}), seed=rng.randrange(2**31))
            continue
        seat = game.state.to_move()
        choices = len(game.state.legal_moves())
        began, began_cpu = time.perf_counter(), time.process_time()
        move = bot.choose(game.state.view(seat), seat, rng)
        if choices > 1:
            times.append(1000.0 * (time.perf_counter() - began))
            cpu.append(1000.0 * (time.process_time() - began_cpu))
        game.play(move)
    name = kind.replace(":", "_")
    return {f"{name}_decision_median_ms": statistics.median(times),
            f"{name}_decision_mean_ms": statistics.fmean(times),
            f"{name}_decision_cpu_median_ms": statistics.median(cpu)}


def quick_figures(quick: bool = True, game_id: str = GAME) -> dict[str, float]:
    """What `companion bench` prints for a 机戦 rule set besides the generic lines (names
    ending in `_ms` are milliseconds)."""
    figures = move_generation(0.3 if quick else 1.0, game_id)
    figures.update(policy_playouts(0.3 if quick else 2.0, game_id))
    figures.update(mcts_decisions(3 if quick else 20, game_id=game_id))
    return figures
