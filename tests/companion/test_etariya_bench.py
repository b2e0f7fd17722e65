"""The Etariya bench functions return their figures (no timing assertions: speed is measured
by `companion bench`, not tested)."""

from __future__ import annotations

from companion.games import registry
from companion.games.etariya.bench import mcts_move_times, random_playouts, win_rate


def test_random_playouts_reports_speed_and_length() -> None:
    figures = random_playouts(seconds=0.05, expansions=("A", "C"))
    assert figures["playouts_per_second"] > 0 and figures["steps_per_playout"] > 49


def test_mcts_move_times_has_one_figure_per_strength_and_greedy() -> None:
    figures = mcts_move_times(decisions=1, strengths=("weak",))
    assert set(figures) == {"mcts_weak_move_ms", "greedy_move_ms"}
    assert all(v >= 0 for v in figures.values())


def test_win_rate_counts_games_with_alternating_seats() -> None:
    figures = win_rate("random", "random", games=2)
    assert figures["games"] == 2 and 0 <= figures["win_rate"] <= 1


def test_bench_is_offered_to_companion_bench() -> None:
    bench = registry.get("etariya").extras["bench"]
    assert callable(bench)
