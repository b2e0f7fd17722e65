"""Statistics show the numbers of the seeded plays and follow new ones."""

from __future__ import annotations

from datetime import datetime

import db
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.shots import save_shot
from ui.events import events


def open_statistics(window, person):
    person.click_sidebar(window, "Statistics")
    return window.current_page()


def test_per_player_and_game(window, person) -> None:
    page = open_statistics(window, person)
    rows = page.rows()
    assert ["花子", "Juusai (Foolish Sticks)", "3", "2", "67%", "25.3", "40"] in rows
    assert ["Ben", "Shinyu (Number Bets)", "1", "1", "100%", "30", "30"] in rows
    assert not any(row[0].startswith("Bot") for row in rows)  # computers are not counted
    save_shot(window, "shell_statistics.png")


def test_all_games_together_and_one_game(window, person) -> None:
    page = open_statistics(window, person)
    person.choose(page.game_filter, "All games together")
    rows = {row[0]: row for row in page.rows()}
    assert rows["Ben"] == ["Ben", "All games", "3", "2", "67%", "19.3", "30"]
    assert rows["Cho"][2:5] == ["4", "1", "25%"]
    person.choose(page.game_filter, "Rengeki Juusai (Chained Sticks)")
    assert sorted(page.rows()) == [
        ["Cho", "Rengeki Juusai (Chained Sticks)", "1", "1", "100%", "11", "11"],
        ["Dan", "Rengeki Juusai (Chained Sticks)", "1", "0", "0%", "7", "7"]]


def test_charts_show_wins_scores_and_months(window, person) -> None:
    page = open_statistics(window, person)
    wins = dict(zip(page.wins_chart.labels, page.wins_chart.values, strict=True))
    assert wins == {"Ben": 2, "花子": 2, "Cho": 1, "Dan": 0}
    assert page.scores_chart.title == "Scores over time — Juusai (Foolish Sticks)"
    assert [v for _t, v in page.scores_chart.series["花子"]] == [24, 12, 40]
    assert page.months_chart.labels == ["2026-09", "2026-10"]
    assert page.months_chart.values == [1, 4]  # plays, not seats (3 and 8 seats of people)


def test_plays_per_month_counts_plays_and_names_who_played(window, person, qtbot) -> None:
    from PySide6.QtCore import QEvent
    from PySide6.QtGui import QHelpEvent
    from PySide6.QtWidgets import QApplication, QToolTip

    page = open_statistics(window, person)
    chart = page.months_chart
    assert chart.title == "Plays per month"
    october = chart.bar_rect(1).center().toPoint()
    QApplication.sendEvent(chart, QHelpEvent(QEvent.Type.ToolTip, october,
                                             chart.mapToGlobal(october)))
    tip = QToolTip.text()
    assert "2026-10: 4 plays" in tip
    for name, plays in (("Cho", 3), ("Ben", 2), ("花子", 2), ("Dan", 1)):
        assert f"\u2068{name}\u2069 {plays}" in tip  # each player's plays, name isolated
    QToolTip.hideText()


def test_sorting_by_plays_is_by_number(window, person) -> None:
    page = open_statistics(window, person)
    person.choose(page.game_filter, "All games together")
    page.table.sortByColumn(2, page.table.horizontalHeader().sortIndicatorOrder().DescendingOrder)
    assert [row[2] for row in page.rows()] == ["4", "3", "3", "1"]


def test_a_finished_play_updates_the_numbers(window, person) -> None:
    page = open_statistics(window, person)
    db.add_play(window.ctx.db, PlayRecord(
        "rengeki", PlayMode.TABLE, datetime(2026, 11, 2, 20, 0),
        [SeatResult(0, "Dan", score=20, winner=True), SeatResult(1, "Cho", score=4)],
        finished_at=datetime(2026, 11, 2, 20, 30)))
    events().history_changed.emit()
    assert ["Dan", "Rengeki Juusai (Chained Sticks)", "2", "1", "50%", "13.5", "20"] in page.rows()
    assert page.months_chart.labels == ["2026-09", "2026-10", "2026-11"]


def test_long_score_lines_are_averaged_over_time() -> None:
    from datetime import timedelta

    from ui.shell.statistics import BINS, averaged

    start = datetime(2026, 1, 1)
    few = [(start + timedelta(days=i), float(i)) for i in range(10)]
    assert averaged(few) == few
    many = [(start + timedelta(days=i), 10.0 if i % 2 else 20.0) for i in range(480)]
    shown = averaged(many)
    assert len(shown) == BINS
    assert all(abs(score - 15.0) < 0.1 for _when, score in shown)
    assert [w for w, _s in shown] == sorted(w for w, _s in shown)


def test_month_labels_shorten_to_fit(qtbot) -> None:
    from PySide6.QtGui import QFont, QFontMetrics

    from ui.shell.charts import fit_label

    metrics = QFontMetrics(QFont())
    assert fit_label("2026-10", metrics, 500) == "2026-10"
    assert fit_label("2026-10", metrics, metrics.horizontalAdvance("26-10")) == "26-10"
    assert fit_label("2026-10", metrics, metrics.horizontalAdvance("10")) == "10"
