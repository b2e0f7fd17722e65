"""Every table page speaks to a screen reader (issue 37): every control a person can reach
by Tab has an accessible name in the interface's language, the painted sticks, result and
chart say what they show, and keys of the page's main actions are named on their buttons.
Checked through Qt's accessibility interface, as a screen reader reads it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QComboBox,
    QScrollArea,
    QTabWidget,
    QWidget,
)

from companion.games.registry import all_games
from tests.ui.screen_reader import description_of, name_of
from ui import views
from ui.games.sticks import sticks_widget
from ui.games.sticks.table import sticks_table_view
from ui.i18n import language
from ui.play.keys import last_announcement
from ui.play.pyside_guard import protect_singletons

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py

CJK = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
ENGLISH_WORD = re.compile(r"\b[A-Za-z]{3,}\b")


def reachable_controls(page: QWidget) -> list[QWidget]:
    """The visible widgets Tab stops on (not a spin box's or combo box's own line edit, nor
    a container that only scrolls or holds tabs)."""
    found = []
    for widget in page.findChildren(QWidget):
        if not widget.isVisible() or not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            continue
        if isinstance(widget.parent(), (QAbstractSpinBox, QComboBox)):
            continue
        if type(widget) in (QScrollArea, QTabWidget):
            continue
        found.append(widget)
    return found


@pytest.fixture
def pages(qtbot):
    """Build a game's table page, shown, in a language."""
    sticks_widget.set_animations_enabled(False)

    def build(game_id: str, lang: str) -> Any:
        language().set(lang)
        page = views.table_view(game_id)(None, game_id)  # type: ignore[misc, arg-type]
        qtbot.addWidget(page)
        page.resize(1000, 760)
        page.show()
        qtbot.waitExposed(page)
        return page

    yield build
    language().set("en")
    sticks_widget.set_animations_enabled(True)


GAME_IDS = [info.id for info in all_games() if views.table_view(info.id) is not None]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_control_of_every_table_tab_has_a_name_in_the_interface_language(
        pages, game_id: str) -> None:
    for lang in ("en", "ja"):
        page = pages(game_id, lang)
        for index in range(page.tabs.count()):
            page.tabs.setCurrentIndex(index)
            unnamed = [f"{type(w).__name__}#{w.objectName()}" for w in reachable_controls(page)
                       if not name_of(w).strip()]
            assert not unnamed, f"{game_id} tab {index} ({lang}): no name for {unnamed}"
            if lang == "ja":  # a Japanese interface names its controls in Japanese
                english = [(type(w).__name__, name_of(w)) for w in reachable_controls(page)
                           if ENGLISH_WORD.search(name_of(w)) and not CJK.search(name_of(w))
                           and not w.objectName().startswith(("table_name", "name"))]
                assert not english, f"{game_id} tab {index}: English names {english}"
        page.close()


def test_the_thrower_says_its_sticks_result_and_counts_in_both_languages(pages) -> None:
    page = pages("juusai", "en")
    thrower = page.tab(0)
    assert name_of(thrower.sticks) == "Sticks"
    assert description_of(thrower.sticks) == "Not thrown yet."
    assert name_of(thrower.badge) == "Result: none yet"
    thrower.throw()
    up = thrower.log.points
    assert description_of(thrower.sticks) == f"{up} of 5 sticks landed marked side up."
    assert name_of(thrower.badge) == f"Result: {up}"
    assert f"{up}: 1 times" in description_of(thrower.chart)
    assert name_of(thrower.seed_box) == "Seed" and name_of(thrower.history) == "Throws"
    assert description_of(thrower.throw_button) == "Key: Space"
    language().set("ja")
    assert name_of(thrower.sticks) == "投げ棒"
    assert description_of(thrower.sticks) == f"5 本中 {up} 本が印の面を上にして落ちました。"
    assert name_of(thrower.badge) == f"出目: {up}"
    assert f"{up}: 1 回" in description_of(thrower.chart)
    assert description_of(thrower.throw_button) == "キー: スペース"


def test_a_form_field_is_named_by_its_label_and_follows_the_language(pages) -> None:
    page = pages("juusai", "en")
    sheet = page.tab(1)
    assert name_of(sheet.date_edit) == "Date" and name_of(sheet.place_edit) == "Place"
    assert name_of(sheet.table) == "Scores" and name_of(sheet.notes_edit) == "Notes"
    language().set("ja")
    assert name_of(sheet.date_edit) == "日付" and name_of(sheet.table) == "得点"


def test_the_key_list_names_the_current_tabs_keys_in_the_interface_language(qtbot) -> None:
    language().set("en")
    page = sticks_table_view(None, "juusai")
    qtbot.addWidget(page)
    rows = dict(page.key_rows())
    assert rows["Space"] == "Throw the sticks" and rows["Ctrl+S"] == "Save to history"
    assert "Ctrl+N" not in rows  # the score sheet's New play is not a key of the thrower tab
    page.tabs.setCurrentIndex(1)
    rows = dict(page.key_rows())
    assert rows["Ctrl+N"] == "New play" and "Space" not in rows
    dialog = page.findChild(QWidget, "key_help")
    assert dialog is None
    language().set("ja")
    rows = dict(page.key_rows())
    assert rows["Ctrl+N"] == "新しい対局" and rows["Ctrl+S"] == "履歴に保存"
    language().set("en")


@pytest.mark.parametrize("game_id", ["netxiju", "tudepijume"])
def test_a_followed_games_board_says_what_happens_now(pages, game_id: str) -> None:
    page = pages(game_id, "en")
    tab = page.tab(0)
    assert name_of(tab.board) == "Board"
    assert description_of(tab.board) == tab.turn_label.text()
    tab.draw_first()
    assert description_of(tab.board) == tab.turn_label.text() != ""
    language().set("ja")
    assert name_of(tab.board) == "盤" and description_of(tab.board) == tab.turn_label.text()


def test_an_entry_and_the_status_line_are_announced(pages, qtbot) -> None:
    page = pages("netxiju", "en")
    tab = page.tab(0)
    tab.draw_first()
    assert last_announcement(tab) == tab.turn_label.text() and "throws" in tab.turn_label.text()
    tab.enter_value(3)
    assert last_announcement(tab) == tab.turn_label.text() and "threw 3" in last_announcement(tab)
    page.save()  # nothing to save yet: the status line says why, and is heard
    assert last_announcement(page.status) == page.status.text() != ""
    language().set("ja")
    assert last_announcement(page.status) == page.status.text()  # said again in Japanese
