"""The strongest bot says how long it may think (issue 35): the new-game form and the turn
line show its time limit, in both languages; the search keeps within it."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from types import SimpleNamespace

import pytest
from PySide6.QtCore import QSettings

import companion.bots
import companion.bots.mcts
from companion.bots import TIME_LIMITS, make_bot, time_limit
from companion.bots.bench import decision_positions
from companion.bots.mcts import LIMIT_MARGIN, MCTSBot
from companion.games import registry
from ui.games.sticks import play as sticks_play
from ui.i18n import language
from ui.new_game_dialog import GameSetup, NewGameForm, SeatChoice


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    language().set("en")
    yield
    language().set("en")


def test_only_the_strong_level_has_a_limit_and_its_trees_share_it() -> None:
    assert time_limit("mcts:strong") == TIME_LIMITS["strong"] == 3.0
    assert [time_limit(k) for k in ("random", "greedy", "mcts", "mcts:weak")] == [None] * 4
    strong = make_bot("mcts:strong")
    assert isinstance(strong, MCTSBot) and strong.seconds is not None and strong.trees
    # grown one after the other, the trees end before the limit, with the margin to spare
    assert strong.seconds * strong.trees == pytest.approx(3.0 - LIMIT_MARGIN)
    assert make_bot("mcts").limit is None  # the default strength: a budget, no limit shown


def test_a_strong_search_stops_at_its_share_of_the_time(monkeypatch) -> None:
    """On a clock that moves 0.05 s at each reading (one reading per iteration), a tree
    stops at its budget, after about 14 iterations of 0.675 s, not its 512."""
    clock = [0.0]

    def slow_clock() -> float:
        clock[0] += 0.05
        return clock[0]

    monkeypatch.setattr(companion.bots.mcts, "time", SimpleNamespace(perf_counter=slow_clock))
    bot = make_bot("mcts:strong")
    assert isinstance(bot, MCTSBot) and bot.seconds is not None
    state = registry.get("etariya").create(2)
    root = bot.search(state, state.to_move(), random.Random(1))
    assert root.visits <= bot.seconds / 0.05 + 1 < 512


def test_the_trees_of_a_strong_move_share_its_limit(monkeypatch) -> None:
    """Grown one after the other on a slow machine (0.05 s per clock reading), the trees
    stop when the move's limit, less the margin, is reached: the first tree takes it all,
    and the others, which would begin after it, are not grown."""
    clock = [0.0]

    def slow_clock() -> float:
        clock[0] += 0.05
        return clock[0]

    monkeypatch.setattr(companion.bots.mcts, "time", SimpleNamespace(perf_counter=slow_clock))
    monkeypatch.setattr(companion.bots.mcts, "tree_seconds", lambda limit, trees: 10.0)
    bot = make_bot("mcts:strong")
    [(view, seat)] = decision_positions("etariya", 2, 1)
    visits: list[int] = []
    grow = bot.search

    def counted(*args: object, **kwargs: object) -> object:
        root = grow(*args, **kwargs)  # type: ignore[arg-type]
        visits.append(root.visits)
        return root

    monkeypatch.setattr(bot, "search", counted)
    bot.choose(view, seat, random.Random(1))
    assert len(visits) == 1
    assert visits[0] <= (TIME_LIMITS["strong"] - LIMIT_MARGIN) / 0.05


def test_the_form_shows_the_strong_level_with_its_time(qtbot) -> None:
    form = NewGameForm(registry.get("juusai"), QSettings())
    qtbot.addWidget(form)
    kinds = form.rows[1].kind
    texts = [kinds.itemText(i) for i in range(kinds.count())]
    assert "Computer · MCTS strong (up to 3 s)" in texts
    assert "Computer · MCTS" in texts  # the default strength has no limit to show
    language().set("ja")
    texts = [kinds.itemText(i) for i in range(kinds.count())]
    assert "コンピューター・MCTS 強（最長 3 秒）" in texts


def test_the_turn_line_says_how_long_the_strong_bot_may_think(qtbot, monkeypatch) -> None:
    class Waiting:
        """A bot that never answers during the test: the turn line is read while it thinks."""

        def choose(self, view, seat, rng, stop=None):
            while stop is None or not stop():
                time.sleep(0.01)
            raise companion.bots.Cancelled("stopped")

    monkeypatch.setattr(companion.bots, "make_bot", lambda kind: Waiting(), raising=False)
    view = sticks_play.sticks_play_view(None, "juusai")
    qtbot.addWidget(view)
    view.resize(1100, 640)
    view.show()
    view.start(GameSetup("juusai", {}, [SeatChoice("", "mcts:strong"), SeatChoice("Ann")], 7))
    assert view.turn_label.text().endswith("is thinking (up to 3 s)…")
    language().set("ja")
    assert view.turn_label.text().endswith("が考えています（最長 3 秒）…")
    view.shutdown()
