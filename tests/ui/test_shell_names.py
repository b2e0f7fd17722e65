"""Long, emoji and right-to-left names: cut with "…" and shown whole in a tooltip, never
widening a page or cut off silently; inside sentences each name is bidi-isolated, so an
Arabic name does not reorder the Japanese sentence around it."""

from __future__ import annotations

from datetime import datetime

import pytest
from PySide6.QtGui import QTextLayout
from PySide6.QtWidgets import QApplication

import db
from companion.display import FSI, PDI, names_text, strip_isolates
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.layout_checks import layout_problems
from tests.ui.shots import save_shot
from ui.i18n import language

SARA, ALI = "سارة", "علي"
LONG = "花子 " + SARA + " 😀" + "とても長い名前のプレイヤー" * 8


@pytest.fixture
def named_window(window):
    db.add_play(window.ctx.db, PlayRecord(
        "juusai", PlayMode.TABLE, datetime(2026, 11, 3, 20, 0),
        [SeatResult(0, LONG, score=30, winner=True), SeatResult(1, SARA, score=30, winner=True),
         SeatResult(2, ALI, score=4)],
        finished_at=datetime(2026, 11, 3, 20, 30)))
    window.resize(window.minimumSize())
    language().set("ja")
    return window


def x_of(text: str, part: str) -> float:
    """Where the middle of `part` of `text` is drawn, laid out as Qt lays out a line (inside a
    run: at a run's edge the cursor position is ambiguous)."""
    layout = QTextLayout(text, QApplication.font())
    layout.beginLayout()
    line = layout.createLine()
    line.setLineWidth(2000)
    layout.endLayout()
    return line.cursorToX(text.index(part) + len(part) // 2)[0]


def test_arabic_names_keep_their_order_in_a_japanese_sentence(qtbot) -> None:
    isolated = f"勝者: {names_text([SARA, ALI], 'ja')}"
    assert x_of(isolated, SARA) < x_of(isolated, ALI)  # read as written: سارة、علي
    plain = f"勝者: {SARA}、{ALI}"
    assert x_of(plain, SARA) > x_of(plain, ALI)  # without isolation the names swap


def test_players_page_cuts_a_long_name_and_shows_it_whole(named_window, person) -> None:
    page = named_window.show_page("players")
    assert page.select(LONG)
    label = page.selected_label
    assert label.text() == LONG and label.shown_text().endswith("…")
    assert label.toolTip() == LONG
    row = next(r for r in range(page.table.rowCount()) if page.table.item(r, 0).text() == LONG)
    assert page.table.item(row, 0).toolTip() == LONG
    assert layout_problems(page) == []
    save_shot(named_window, "shell_names_players.png")


def test_renaming_says_both_names_isolated(named_window, person) -> None:
    page = named_window.show_page("players")
    page.select(SARA)
    person.type(page.new_name, ALI + "2")
    person.click(page.rename_button)
    assert page.status.text() == f"「{FSI}{SARA}{PDI}」を「{FSI}{ALI}2{PDI}」に変更しました。"


def test_history_cuts_long_names_with_a_tooltip(named_window) -> None:
    page = named_window.show_page("history")
    index = page.proxy.index(0, 2)
    from PySide6.QtCore import Qt

    assert strip_isolates(index.data()) == f"{LONG}、{SARA}、{ALI}"
    assert index.data(Qt.ItemDataRole.ToolTipRole) == f"{LONG}、{SARA}、{ALI}"
    assert layout_problems(page) == []
    dialog = page.open_play(page.model.plays[0].id)
    facts = strip_isolates(dialog.facts.text())
    assert "勝者: 花子 " in facts and "…、" + SARA in facts  # the long name cut in the sentence
    assert dialog.sheet.horizontalHeaderItem(0).toolTip() == LONG
    save_shot(dialog, "shell_names_dialog.png")
    dialog.close()
    save_shot(named_window, "shell_names_history.png")


def test_statistics_cut_long_names(named_window) -> None:
    page = named_window.show_page("statistics")
    assert LONG in page.legend.toolTip()
    assert any(LONG in tip for tip in page.wins_chart.tips)
    assert layout_problems(page) == []
    save_shot(named_window, "shell_names_statistics.png")
