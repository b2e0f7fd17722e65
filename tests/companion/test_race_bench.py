"""The figures the race games give `companion bench` (values are not judged: names, counts
and the arithmetic of the win-rate intervals are)."""

from __future__ import annotations

import pytest

from companion.games import registry
from companion.games.bench import decision_figures, duel_figures, wilson_interval


def test_wilson_interval_known_values() -> None:
    low, high = wilson_interval(0.5, 10)
    assert (round(low, 4), round(high, 4)) == (0.2366, 0.7634)
    low, high = wilson_interval(1.0, 20)
    assert round(low, 4) == 0.8389 and high == 1.0
    assert wilson_interval(0.0, 0) == (0.0, 1.0)


def test_a_game_without_choices_has_no_decision_times() -> None:
    assert decision_figures("netxiju", 2, 3) == {"decisions": 0.0}
    figures = registry.get("netxiju").extras["bench"](True)
    assert figures["decisions"] == 0 and figures["steps_per_playout"] > 20
    assert not any(name.endswith("_win_pct") for name in figures)


def test_duels_give_the_share_with_its_interval_and_the_games() -> None:
    figures = duel_figures("tudepijume", "greedy", "random", 2)
    assert figures["greedy_vs_random_games"] == 2
    assert figures["greedy_vs_random_low_pct"] <= figures["greedy_vs_random_win_pct"] \
        <= figures["greedy_vs_random_high_pct"]


@pytest.mark.parametrize("game_id", ["mokzo", "tudepijume"])
def test_decision_times_are_medians_of_real_choices(game_id: str) -> None:
    figures = decision_figures(game_id, 2, 1)
    assert figures["decisions"] == 1
    assert figures["mcts_median_ms"] > 0 and figures["greedy_cpu_median_ms"] >= 0
