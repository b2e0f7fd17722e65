"""Issue 34 on Equilibrium's table companion: the tracker's refusals in the interface's
language, a refusal that makes way for the next step done, and the players' names (not "seat
1") in the tracker's line."""

from __future__ import annotations

from typing import Any

import pytest

from ui.i18n import language


def open_tracker(window: Any, lang: str, names: tuple[str, ...] = ("花子", "Ben")) -> Any:
    language().set(lang)
    page = window.open_game("equilibrium", "table").widget("table")
    page.players.set_count(len(names))
    for edit, name in zip(page.players.edits, names, strict=False):
        edit.setText(name)
    page.tracker_tab.new_game()
    page.tabs.setCurrentIndex(1)  # setup, tracker, result sheet
    return page


@pytest.mark.parametrize(("lang", "draw_first", "penalty_first"), [
    ("ja", "カードはフェイズIIで引きます。先にフェイズIを終えてください。",
     "罰を待っている混沌カードはありません。"),
    ("en", "Cards are drawn in phase II; end phase I first.",
     "No chaos card is waiting for a penalty."),
], ids=["ja", "en"])
def test_a_refused_step_is_said_in_the_interface_language_and_gives_way_to_the_next(
        window, person, lang: str, draw_first: str, penalty_first: str) -> None:
    page = open_tracker(window, lang)
    tracker = page.tracker_tab
    person.click(tracker.buttons["draw"])  # phase I: nothing is drawn yet
    assert page.status.text() == draw_first
    assert tracker.model.phase == 1
    person.click(tracker.buttons["penalty1"])  # no chaos card waits
    assert page.status.text() == penalty_first
    person.click(tracker.buttons["end_phase"])  # the step the refusal pointed to
    assert tracker.model.phase == 2
    assert page.status.text() == ""
    language().set("en")


@pytest.mark.parametrize(("lang", "first", "second"), [
    ("en", "Turn 1, 花子, phase I", "Turn 2, Ben, phase I"),
    ("ja", "ターン1・花子・フェイズI", "ターン2・Ben・フェイズI"),
], ids=["en", "ja"])
def test_the_tracker_names_whose_turn_it_is(window, person, lang: str, first: str,
                                            second: str) -> None:
    page = open_tracker(window, lang)
    tracker = page.tracker_tab
    page.players.edits[0].setText("花子")
    assert tracker.status_label.text().startswith(first)
    for key in ("end_phase", "end_turn"):
        person.click(tracker.buttons[key])
    assert tracker.status_label.text().startswith(second)
    assert "seat" not in tracker.status_label.text()
    language().set("en")


def words_cut(button: Any) -> bool:
    """A move button shows less than its words (a wrapped label too short, or one line of
    text wider than the button)."""
    label = getattr(button, "label", None)
    if label is not None:
        return bool(label.heightForWidth(label.width()) > label.height() + 2)
    return bool(button.fontMetrics().horizontalAdvance(button.text()) + 12 > button.width())


@pytest.mark.parametrize("size", [(1366, 768), (760, 524)], ids=["1366x768", "smallest"])
def test_two_seats_see_both_sides_of_every_city_and_whole_move_buttons(
        window, qtbot, quiet_games, size: tuple[int, int]) -> None:
    """The city column gets the room it needs (not the move list), and a long move ("swap C5
    on the right of city 1 with SW1 on the right of city 3") wraps instead of being cut."""
    from PySide6.QtCore import QEvent
    from PySide6.QtWidgets import QApplication

    window.resize(*size)
    area = window.open_game("equilibrium", "play").widget("play")
    area.show_form()
    area.form.set_players(2)
    for row, name in zip(area.form.rows, ("花子", "Ben"), strict=True):
        row.set_bot(None)
        row.name.setText(name)
    area.form.seed_edit.setText("3")
    area.form.start()
    view = area.view
    board = view.board
    longest = 0
    for _ in range(120):
        if view.is_covered():
            view.reveal()
        qtbot.wait(1)
        QApplication.sendPostedEvents(None, QEvent.Type.LayoutRequest)
        buttons = [b for b in view.move_buttons() if b.isVisible()
                   and b.objectName().startswith("move:swap")]
        for button in buttons:
            longest = max(longest, len(button.text()))
            assert button.width() <= board.viewport().width(), button.text()
            assert not words_cut(button), button.text()
        assert not board.horizontalScrollBar().isVisible()
        if not view.legal_moves():
            break
        moves = view.legal_moves()
        swaps = [m for m in moves if str(m).startswith("swap")]
        view.play(swaps[-1] if swaps else moves[0])
    assert longest > 40  # a two-card swap was offered and checked
    if size[0] > 1000:
        assert board.width() > view.side_scroll.width()
