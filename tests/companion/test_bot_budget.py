"""The default bot's time budget (issue 35): an anytime search that stops at its iterations or
at its budget, whichever comes first; the bench's figures against the goals. Clocks are
controlled here: no test depends on how fast the machine is."""

from __future__ import annotations

import random
from types import SimpleNamespace

import pytest

import companion.bots.mcts
from companion.bots import make_bot
from companion.bots.bench import decision_positions, percentile, time_summary
from companion.bots.mcts import BUDGETS, STRENGTHS, MCTSBot
from companion.games import registry


def _ticking(monkeypatch: pytest.MonkeyPatch, step: float) -> list[float]:
    """Make the search's clock move `step` seconds at each reading; [its last reading]."""
    clock = [0.0]

    def tick() -> float:
        clock[0] += step
        return clock[0]

    monkeypatch.setattr(companion.bots.mcts, "time", SimpleNamespace(perf_counter=tick))
    return clock


def test_the_default_level_has_a_budget_well_under_the_goal() -> None:
    bot = make_bot("mcts")
    assert isinstance(bot, MCTSBot) and bot.seconds == BUDGETS["normal"] <= 0.15
    assert bot.iterations == STRENGTHS["normal"] and bot.limit is None
    assert make_bot("mcts:weak").seconds is None  # 64 iterations are quick everywhere
    assert MCTSBot(iterations=50).seconds is None  # a count asked for is run whole


def test_the_default_search_stops_at_its_budget_on_a_slow_machine(monkeypatch) -> None:
    """On a clock that moves 0.01 s per reading (one reading per iteration, one at the
    start), the search stops after its 0.15 s: about 15 iterations, not its 256."""
    _ticking(monkeypatch, 0.01)
    state = registry.get("etariya").create(2)
    bot = make_bot("mcts")
    assert isinstance(bot, MCTSBot)
    root = bot.search(state, state.to_move(), random.Random(1))
    assert BUDGETS["normal"] / 0.01 - 1 <= root.visits <= BUDGETS["normal"] / 0.01 + 1


def test_the_search_begins_no_iteration_it_expects_to_end_past_its_budget(monkeypatch) -> None:
    """Iterations of 0.1 s against the budget of 0.15 s: after the first (0.1 s), a second
    would end at 0.2 s, past the budget, so the search stops at one and within its budget
    (stopping only once past the deadline, it would have run two and ended at 0.2 s)."""
    clock = _ticking(monkeypatch, 0.1)
    state = registry.get("etariya").create(2)
    bot = make_bot("mcts")
    assert isinstance(bot, MCTSBot) and bot.seconds == 0.15
    root = bot.search(state, state.to_move(), random.Random(1))
    assert root.visits == 1
    assert clock[0] <= 0.1 + bot.seconds  # its last reading, from its first (0.1)


def test_the_default_search_runs_its_iterations_on_a_fast_machine(monkeypatch) -> None:
    """When its iterations take no time, the budget never cuts the search: the same move
    as a search of a fixed count (deterministic given the rng)."""
    _ticking(monkeypatch, 0.0)
    [(view, seat)] = decision_positions("etariya", 2, 1)
    bot = make_bot("mcts")
    assert isinstance(bot, MCTSBot)
    root = bot.search(view.copy(), seat, random.Random(5))
    assert root.visits == STRENGTHS["normal"]
    counted = MCTSBot(iterations=STRENGTHS["normal"])
    assert bot.choose(view.copy(), seat, random.Random(5)) == \
        counted.choose(view.copy(), seat, random.Random(5))


def test_percentiles_and_the_time_summary() -> None:
    values = [float(v) for v in range(10, 0, -1)]
    assert percentile(values, 0.5) == 5.0 and percentile(values, 0.9) == 9.0
    assert percentile([3.0], 0.9) == 3.0
    with pytest.raises(ValueError):
        percentile([], 0.5)
    summary = time_summary([(100.0, 40.0), (300.0, 90.0), (200.0, 60.0)])
    assert summary == {"median_ms": 200.0, "p90_ms": 300.0, "max_ms": 300.0,
                       "cpu_ms": 60.0, "cpu_p90_ms": 90.0, "cpu_max_ms": 90.0}


def test_a_strong_move_thought_in_parts_keeps_within_its_shown_limit(monkeypatch) -> None:
    """Thought as the worker processes think it (one part per tree; here one after the other,
    the longest case), on a clock that moves 0.01 s per reading: the four trees together end
    before the limit the interface shows, with the margin kept back for the rest."""
    from companion.bots import TIME_LIMITS
    from companion.bots.mcts import LIMIT_MARGIN
    from companion.bots.worker import BotRequest, decide
    from companion.core.record import Game

    game = Game.new("etariya", 2, seed=4)
    game.resolve_chance()
    request = BotRequest(game.record.to_dict(), game.state.to_move(), "mcts:strong")
    assert len(game.state.legal_moves()) > 1
    clock = [0.0]

    def tick() -> float:
        clock[0] += 0.01
        return clock[0]

    monkeypatch.setattr(companion.bots.mcts, "time", SimpleNamespace(perf_counter=tick))
    move = decide(request)
    assert move in {str(m) for m in game.state.legal_moves()}
    assert TIME_LIMITS["strong"] - LIMIT_MARGIN < clock[0] <= TIME_LIMITS["strong"]
