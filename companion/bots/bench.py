"""Speed figures of the engines and bots (no assertions: `companion bench` prints them).

Engine figures (playouts, copies) count this thread's CPU time, so that other programs busy
on the machine do not skew them; bot decision times are wall-clock, as a person waits them."""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Iterator
from typing import TYPE_CHECKING

from companion.bots import make_bot
from companion.bots.playout import playout
from companion.core.api import GameState
from companion.games import registry

if TYPE_CHECKING:
    from companion.core.record import Game


def playouts_per_second(game_id: str, num_players: int, seconds: float = 1.0) -> float:
    """Random playouts from the start position to the end, per second."""
    start = registry.get(game_id).create(num_players)
    rng = random.Random(0)
    count = 0
    began = time.thread_time()
    while True:
        playout(start.copy(), rng)
        count += 1
        elapsed = time.thread_time() - began
        if elapsed >= seconds:
            return count / elapsed


def bot_move_time(game_id: str, kind: str, num_players: int, moves: int = 20) -> float:
    """Mean milliseconds per decision of bot `kind` over the first `moves` decisions of a
    seeded game (chance drawn in between; a new game starts if one ends)."""
    from companion.core.record import Game

    bot = make_bot(kind)
    rng = random.Random(1)
    game = Game.new(game_id, num_players, seed=1)
    total = 0.0
    for _ in range(moves):
        game.resolve_chance()
        if game.state.is_over():
            game = Game.new(game_id, num_players, seed=rng.randrange(2**31))
            game.resolve_chance()
        seat = game.state.to_move()
        began = time.perf_counter()
        move = bot.choose(game.state.view(seat), seat, rng)
        total += time.perf_counter() - began
        game.play(move)
    return 1000.0 * total / moves


def bot_decision_time(game_id: str, kind: str, num_players: int, decisions: int = 20,
                      max_steps: int = 5000) -> tuple[float | None, int]:
    """Mean milliseconds of bot `kind` over real decisions (more than one legal move), and how
    many were timed; (None, 0) for a game whose seats never choose (such as plain 獣裁)."""
    wall, _cpu, timed = bot_decision_times(game_id, kind, num_players, decisions, max_steps)
    return wall, timed


def bot_decision_times(game_id: str, kind: str, num_players: int, decisions: int = 20,
                       max_steps: int = 5000) -> tuple[float | None, float | None, int]:
    """`bot_decision_time` as (wall-clock ms, this thread's CPU ms, decisions timed): the CPU
    time is what the search costs when other programs share the machine."""

    bot = make_bot(kind)
    rng = random.Random(1)
    wall, cpu, timed = 0.0, 0.0, 0
    for game, seat, view in _turns(game_id, num_players, 1, rng, max_steps):
        if timed >= decisions:
            break
        choices = len(game.state.legal_moves())
        began, began_cpu = time.perf_counter(), time.thread_time()
        move = bot.choose(view, seat, rng)
        if choices > 1:
            wall += time.perf_counter() - began
            cpu += time.thread_time() - began_cpu
            timed += 1
        game.play(move)
    if not timed:
        return None, None, 0
    return 1000.0 * wall / timed, 1000.0 * cpu / timed, timed


def decision_positions(game_id: str, num_players: int, count: int, seed: int = 1,
                       max_steps: int = 20_000) -> list[tuple[GameState, int]]:
    """Up to `count` real decisions (more than one legal move) of seeded games played by
    the greedy bot: each the position as its seat sees it, and the seat."""

    rng = random.Random(seed)
    greedy = make_bot("greedy")
    found: list[tuple[GameState, int]] = []
    for game, seat, view in _turns(game_id, num_players, seed, rng, max_steps):
        if len(found) >= count:
            break
        if len(view.legal_moves()) > 1:
            found.append((view, seat))
        game.play(greedy.choose(view, seat, rng))
    return found


def _turns(game_id: str, num_players: int, seed: int, rng: random.Random,
           max_steps: int) -> Iterator[tuple[Game, int, GameState]]:
    """Each turn of seeded games played one after another (a new game, seeded from `rng`,
    when one ends): the game, the seat to move and what it sees. The caller plays the move."""
    from companion.core.record import Game

    game = Game.new(game_id, num_players, seed=seed)
    for _ in range(max_steps):
        game.resolve_chance()
        if game.state.is_over():
            game = Game.new(game_id, num_players, seed=rng.randrange(2**31))
            continue
        seat = game.state.to_move()
        yield game, seat, game.state.view(seat)


def decision_times(kind: str, positions: list[tuple[GameState, int]],
                   ) -> list[tuple[float, float]]:
    """Bot `kind`'s milliseconds on each position, wall clock and this thread's CPU time
    (its trees grown one after the other, in this process: a strong search's longest case)."""
    bot = make_bot(kind)
    times = []
    for view, seat in positions:
        began, began_cpu = time.perf_counter(), time.thread_time()
        bot.choose(view.copy(), seat, random.Random(2))
        times.append((1000 * (time.perf_counter() - began),
                      1000 * (time.thread_time() - began_cpu)))
    return times


def percentile(values: list[float], share: float) -> float:
    """The value below which `share` (0..1) of `values` lie (nearest rank: 0.5 of 1..10 is
    5, 0.9 is 9)."""
    if not values:
        raise ValueError("no values")
    ordered = sorted(values)
    rank = max(1, math.ceil(share * len(ordered)))
    return ordered[rank - 1]


def time_summary(times: list[tuple[float, float]]) -> dict[str, float]:
    """Median, 90th percentile and longest of decision times given as (wall-clock ms, CPU
    ms), each rounded to 0.1 ms: median_ms, p90_ms, max_ms, cpu_ms (the CPU median),
    cpu_p90_ms, cpu_max_ms."""
    wall, cpu = [w for w, _ in times], [c for _, c in times]
    return {"median_ms": round(statistics.median(wall), 1),
            "p90_ms": round(percentile(wall, 0.9), 1), "max_ms": round(max(wall), 1),
            "cpu_ms": round(statistics.median(cpu), 1),
            "cpu_p90_ms": round(percentile(cpu, 0.9), 1), "cpu_max_ms": round(max(cpu), 1)}


def head_to_head(game_id: str, bot: str, opponent: str, games: int,
                 seed: int = 1000) -> dict[str, float]:
    """Share of `games` two-seat games that `bot` wins against `opponent` (seats alternate; a
    shared victory counts half), and the seconds it took."""
    from companion.bots.runner import play_bots

    won = 0.0
    began = time.perf_counter()
    for index in range(games):
        seat = index % 2
        bots = [bot, opponent] if seat == 0 else [opponent, bot]
        winners = play_bots(game_id, bots, seed + index).outcome.winners
        if seat in winners:
            won += 1.0 / len(winners)
    return {"win_rate": won / games if games else 0.0,
            "seconds": time.perf_counter() - began}


def contest_seats(game_id: str) -> int:
    """The fewest seats at which bots play against one another: two for a game that can
    also be played alone (solo, a bot's game says nothing of its rival), the fewest for a
    co-operative game (partners win or lose together: each bot is measured on its own)."""
    info = registry.get(game_id)
    if info.extras.get("cooperative"):
        return info.min_players
    return max(info.min_players, min(2, info.max_players))


def has_choices(game_id: str, players: int | None = None, seed: int = 1,
                max_steps: int = 3000) -> bool:
    """Whether a seat ever has more than one legal move (a random game at the fewest seats):
    False for games of pure chance such as plain 獣裁."""
    from companion.core.record import Game

    info = registry.get(game_id)
    game = Game.new(game_id, players or info.min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(max_steps):
        game.resolve_chance()
        if game.state.is_over():
            return False
        moves = game.state.legal_moves()
        if len(moves) > 1:
            return True
        game.play(rng.choice(moves))
    return False


def mid_game_position(game_id: str, players: int, seed: int = 1) -> GameState:
    """The position halfway through a seeded random game (a typical position to copy)."""
    from companion.core.record import Game

    game = Game.new(game_id, players, seed=seed)
    rng = random.Random(seed)
    states = []
    while not game.state.is_over():
        game.resolve_chance()
        if game.state.is_over():
            break
        states.append(game.state.copy())
        game.play(rng.choice(game.state.legal_moves()))
    return states[len(states) // 2] if states else game.state


def copy_microseconds(game_id: str, players: int, repeat: int = 2000,
                      deep: bool = False) -> float:
    """Mean microseconds of `copy()` of a mid-game position (with `deep`, of `deepcopy`, the
    API's default, for comparison)."""
    import copy

    state = mid_game_position(game_id, players)
    duplicate = copy.deepcopy if deep else type(state).copy
    began = time.thread_time()
    for _ in range(repeat):
        duplicate(state)
    return 1e6 * (time.thread_time() - began) / repeat
