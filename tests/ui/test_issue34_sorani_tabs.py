"""Sorani's board tabs at the smallest window (issue 34): with three seats in Japanese a tab
bar cut them to "ボット · ランダム (…"; each is now named by its board (the seat's role), its
owner's whole name in the tooltip and for screen readers, and they take two rows when one is
too narrow, so no tab's text is cut with 2 to 4 seats, in both languages, whatever the names."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from companion.display import strip_isolates
from tests.ui.form_start import play_from_form
from tests.ui.layout_checks import clipped, describe
from ui.i18n import language

LONG_NAME = "Alexandra Konstantinopoulou-Wolfeschlegelsteinhausen"
#: Pixels a button's frame and margins take around its text, at least.
TEXT_MARGIN = 12


def sorani(qtbot: Any, window: Any, seats: int, name: str) -> Any:
    """Sorani's play page with `name` and computers, at the smallest window."""
    window.resize(window.minimumSize())
    return play_from_form(qtbot, window, "sorani", seats, name)


def cut_tabs(tabs: Any) -> list[str]:
    """The tabs whose text is wider than the room their tab gives it."""
    metrics = tabs.fontMetrics()
    return [f"{tabs.tabText(i)!r} in {tabs.tabRect(i).width()}px" for i in range(tabs.count())
            if metrics.horizontalAdvance(tabs.tabText(i)) + TEXT_MARGIN
            > tabs.tabRect(i).width()]


@pytest.mark.parametrize("lang", ["ja", "en"])
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_no_board_tab_is_cut(qtbot, window, monkeypatch, seats, lang) -> None:
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    language().set(lang)
    try:
        view = sorani(qtbot, window, seats, LONG_NAME)
        tabs = view.screens.seat_tabs
        state = view.controller.state
        roles = [view.screens.seat_role(state, seat) for seat in range(seats)]
        assert all(roles) and len(set(roles)) == seats
        assert [tabs.tabText(i) for i in range(seats)] == roles  # the boards' own names
        assert not cut_tabs(tabs), cut_tabs(tabs)
        assert LONG_NAME in tabs.tabToolTip(0) and roles[0] in tabs.tabToolTip(0)
        assert tabs.buttons[0].accessibleName() == tabs.tabToolTip(0)
        inside = view.screens.canvas.parentWidget().rect()
        assert all(inside.contains(tabs.mapTo(tabs.parentWidget(), tabs.tabRect(i).center()))
                   for i in range(seats))
        cut = [f"{describe(w)}: {why}" for w, why in clipped(view) if tabs.isAncestorOf(w)]
        assert not cut, "\n".join(cut)
    finally:
        language().set("en")


def test_a_tab_shows_its_board_and_says_whose_it_is(qtbot, window, monkeypatch) -> None:
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    language().set("ja")
    try:
        view = sorani(qtbot, window, 3, "花子")
        screens, state = view.screens, view.controller.state
        tabs = screens.seat_tabs
        assert tabs.rows() == 2  # three Japanese boards' names need two rows at this width
        qtbot.mouseClick(tabs.buttons[2], Qt.MouseButton.LeftButton)
        assert screens.canvas.board == state.boards[2] and tabs.currentIndex() == 2
        role = screens.seat_role(state, 2)
        # the computer's name without the board that told it apart (the board follows)
        title = strip_isolates(screens.board_label.text())
        assert title == f"ボット · ランダム のボード · {role}"
        assert tabs.tabToolTip(2) == title
        qtbot.mouseClick(tabs.buttons[0], Qt.MouseButton.LeftButton)
        assert screens.canvas.board == state.boards[0] and tabs.currentIndex() == 0
        assert strip_isolates(screens.board_label.text()).startswith("花子 のボード")
    finally:
        language().set("en")


def test_the_tabs_take_one_row_where_they_fit(qtbot, window, monkeypatch) -> None:
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    view = sorani(qtbot, window, 3, "Hanako")
    tabs = view.screens.seat_tabs
    assert tabs.rows() == 1  # "Coyote", "First Woman", "Fire Man" fit beside each other
    assert len({tabs.tabRect(i).top() for i in range(3)}) == 1
