"""The Equilibrium bench functions return their figures (no timing assertions: speed is
measured by `companion bench`, not tested)."""

from __future__ import annotations

from companion.games import registry
from companion.games.equilibrium.bench import (
    CONFIGS,
    decision_times,
    main,
    random_playouts,
    win_rate,
)


def test_playouts_report_speed_and_length_random_and_with_the_policy() -> None:
    plain = random_playouts(seconds=0.05, expansions=("books",))
    policy = random_playouts(seconds=0.05, players=2, policy=True)
    for figures in (plain, policy):
        assert figures["playouts_per_second"] > 0 and figures["steps_per_playout"] > 20


def test_decision_times_have_a_median_and_a_mean_per_bot() -> None:
    figures = decision_times(decisions=2, kinds=("greedy",))
    assert set(figures) == {"greedy_median_move_ms", "greedy_mean_move_ms"}
    assert all(v >= 0 for v in figures.values())


def test_win_rate_counts_won_games_and_cities() -> None:
    figures = win_rate("random", games=2, expansions=CONFIGS["squares"])
    assert figures["games"] == 2 and figures["win_rate"] == 0.0
    assert 0 <= figures["mean_cities"] <= 16


def test_difficulty_table_prints_one_line_per_bot_and_configuration(capsys) -> None:
    assert main(["--games", "1", "--bots", "random", "--configs", "base,books"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith('{"bot": "random", "config": "base"')
    assert out[-1].startswith("random") and out[-1].count("%") == 2


def test_bench_is_offered_to_companion_bench() -> None:
    assert callable(registry.get("equilibrium").extras["bench"])
