"""The Statistics page at the smallest window (issue 34): chart titles and bar labels are
shown whole (on two lines where a chart is narrow), and plays per month keeps a place for a
month without plays."""

from __future__ import annotations

from datetime import datetime

import pytest

import db
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.shots import save_shot
from ui.events import events
from ui.i18n import language


def play(when: datetime, *names: str, game: str = "juusai") -> PlayRecord:
    return PlayRecord(game, PlayMode.TABLE, when,
                      [SeatResult(i, n, score=10 - i, winner=i == 0) for i, n in enumerate(names)],
                      finished_at=when)


@pytest.fixture
def statistics(window, person, qtbot):
    db.add_plays(window.ctx.db, [play(datetime(2026, 6, 3, 20), "Mary Ann", "Jo Lee"),
                                 play(datetime(2026, 6, 9, 20), "Jo Lee", "Mary Ann")])
    events().history_changed.emit()
    window.resize(window.minimumSize())
    person.click_sidebar(window, "Statistics")
    page = window.current_page()
    qtbot.wait(20)
    yield page
    language().set("en")


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_chart_titles_and_bar_labels_are_whole(statistics, qtbot, lang) -> None:
    language().set(lang)
    qtbot.wait(20)
    page = statistics
    for chart in (page.wins_chart, page.scores_chart, page.months_chart):
        assert "".join(chart.title_lines()).replace(" ", "") == chart.title.replace(" ", ""), \
            chart.title_lines()
    wins = page.wins_chart
    for index, name in enumerate(wins.labels):
        assert " ".join(wins.label_lines(index)) == name, wins.label_lines(index)
    assert wins.labels_turned()  # six bars in a third of 760px: names written downwards
    page.window().resize(1366, 768)
    qtbot.waitUntil(lambda: not wins.labels_turned(), timeout=2000)
    for index, name in enumerate(wins.labels):
        assert " ".join(wins.label_lines(index)) == name, wins.label_lines(index)
    save_shot(page.window(), f"statistics_{lang}.png")


def test_plays_per_month_leaves_a_gap_for_months_without_plays(statistics) -> None:
    chart = statistics.months_chart
    assert chart.labels == ["2026-06", "2026-07", "2026-08", "2026-09", "2026-10"]
    assert chart.values == [2, 0, 0, 1, 4]


def test_months_in_a_row_across_a_new_year() -> None:
    from companion.history import PeriodCount
    from ui.shell.statistics import MONTHS, recent_months

    rows = [PeriodCount("2025-11", "Ann", 1, 0), PeriodCount("2026-02", "Ann", 2, 1)]
    assert recent_months(rows) == ["2025-11", "2025-12", "2026-01", "2026-02"]
    long_ago = [PeriodCount("2020-01", "Ann", 1, 0),
                PeriodCount("2026-02", "Ann", 1, 0)]
    assert len(recent_months(long_ago)) == MONTHS and recent_months(long_ago)[-1] == "2026-02"
