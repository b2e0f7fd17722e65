"""The 机戦 bench functions return their figures (no timing assertions: speed is measured by
`companion bench`, not tested)."""

from __future__ import annotations

from companion.games import registry
from companion.games.cetkaik.bench import mcts_decisions, move_generation, policy_playouts


def test_move_generation_counts_lists_of_249_moves() -> None:
    figures = move_generation(seconds=0.02)
    assert figures["movegen_per_second"] > 0
    assert abs(figures["moves_per_second"] / figures["movegen_per_second"] - 249) < 1e-6


def test_policy_playouts_report_speed_and_length() -> None:
    figures = policy_playouts(seconds=0.02)
    assert figures["policy_playouts_per_second"] > 0 and figures["steps_per_policy_playout"] > 1


def test_decision_times_have_wall_and_cpu_figures() -> None:
    figures = mcts_decisions(decisions=1, kind="greedy")
    assert set(figures) == {"greedy_decision_median_ms", "greedy_decision_mean_ms",
                            "greedy_decision_cpu_median_ms"}
    assert all(v >= 0 for v in figures.values())


def test_bench_is_offered_to_companion_bench() -> None:
    assert callable(registry.get("cetkaik").extras["bench"])


def test_each_rule_set_has_its_bench_from_its_own_start() -> None:
    for game_id, moves in (("cetkaik_education", 148), ("cetkaik_old", 32)):
        assert callable(registry.get(game_id).extras["bench"])
        figures = move_generation(seconds=0.02, game_id=game_id)
        assert abs(figures["moves_per_second"] / figures["movegen_per_second"] - moves) < 1e-6
