"""Table pages used with the keyboard alone (issue 37): Tab moves the focus to every field
and button, the main actions have keys (new game, draw, throw, the throw's value, the
actions on offer, next, save) and `?` / F1 list them. Keys go to the focused widget; no
mouse, no method of the page called to make an entry."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QAbstractButton, QApplication, QWidget

import db
from companion.games.netxiju.board import GOAL
from tests.ui.keyboard import activate, focus_into, focused, key_lists_after, press, tab_until
from tests.ui.screen_reader import description_of
from tests.ui.test_a11y_table_pages import GAME_IDS, reachable_controls
from ui import views
from ui.games.sticks import sticks_widget
from ui.i18n import language

Key = Qt.Key
CTRL = Qt.KeyboardModifier.ControlModifier
DIGIT = {n: getattr(Key, f"Key_{n}") for n in range(10)}


def type_text(qtbot: Any, text: str) -> None:
    """Type `text` key by key into whatever has the focus (the first key may open an
    editor, which takes the rest)."""
    for char in text:
        qtbot.keyClicks(focused(), char)


def open_table(window: Any, person: Any, qtbot: Any, game_id: str) -> Any:
    """The game's table page in the active main window, the focus brought onto it by Tab."""
    page = window.open_game(game_id, "table").widget("table")
    person.activate(window)
    focus_into(qtbot, page)
    return page


def saved_plays(window: Any, game_id: str) -> list[Any]:
    return [p for p in db.list_plays(window.ctx.db) if p.game_id == game_id]


def named(name: str) -> Any:
    return lambda widget: widget.objectName() == name


def test_the_race_table_is_followed_and_saved_with_keys_alone(window, person, qtbot,
                                                              quiet_games) -> None:
    page = open_table(window, person, qtbot, "netxiju")
    tab = page.tab(0)
    tab_until(qtbot, lambda w: w is tab.players_box.players or
              w.parent() is tab.players_box.players)
    press(qtbot, Key.Key_Down)  # 3 → 2 players
    assert tab.players_box.count() == 2
    for seat, name in enumerate(["Ann", "Ben"]):
        tab_until(qtbot, named(f"table_name:{seat}"))
        type_text(qtbot, name)
    assert tab.players_box.names() == ("Ann", "Ben")
    press(qtbot, Key.Key_R, CTRL)  # who begins: drawn
    assert tab.log.state().first >= 0 and tab.throw_box.isVisible()
    for _turn in range(200):  # the sticks showed what brings the mover home soonest
        state = tab.log.state()
        if state.is_over():
            break
        here = state.positions[state.mover]
        value = max(1, min(5, GOAL - here))
        if here + value in state.positions and here + value != GOAL:
            value -= 1  # not onto the other: that sends them back and the race goes on
        press(qtbot, DIGIT[value] if tab.throw_box.isVisible() else Key.Key_1)
    assert tab.log.state().is_over()
    press(qtbot, Key.Key_S, CTRL)
    (play,) = saved_plays(window, "netxiju")
    assert [s.player for s in play.seats] == ["Ann", "Ben"]


def test_the_ship_tracker_takes_throws_and_numbered_actions_from_keys(window, person, qtbot,
                                                                      quiet_games) -> None:
    page = open_table(window, person, qtbot, "tudepijume")
    tab = page.tab(0)
    press(qtbot, Key.Key_R, CTRL)  # who begins: drawn
    press(qtbot, Key.Key_4)  # the sticks showed 4
    actions = tab.action_buttons()
    assert actions and actions[0].text().startswith("1. ")
    first = actions[0].objectName().removeprefix("table_move:")
    mover = tab.log.state().mover
    press(qtbot, Key.Key_1)
    assert tab.log.entries[-1].move == first and tab.log.entries[-1].seat == mover
    press(qtbot, Key.Key_Z, CTRL)  # the page's Undo
    assert tab.log.entries[-1].move != first


def test_the_thrower_and_score_sheet_with_keys_alone(window, person, qtbot,
                                                     quiet_games) -> None:
    page = open_table(window, person, qtbot, "juusai")
    thrower = page.tab(0)
    press(qtbot, Key.Key_Space)
    press(qtbot, Key.Key_Space)
    assert thrower.log.total == 2
    press(qtbot, Key.Key_PageDown, CTRL)  # the score sheet
    sheet = page.tab(1)
    assert page.current_tab() is sheet
    table = tab_until(qtbot, lambda w: w is sheet.table)
    for column, (name, score) in enumerate((("Ann", "12"), ("Ben", "7"))):
        table.setCurrentIndex(sheet.model.index(0, column))  # where arrows would bring it
        type_text(qtbot, name)
        press(qtbot, Key.Key_Return)
        press(qtbot, Key.Key_Down)
        while sheet.model.index(table.currentIndex().row(), column).flags() \
                & Qt.ItemFlag.ItemIsEditable == Qt.ItemFlag.NoItemFlags:
            press(qtbot, Key.Key_Down)
        type_text(qtbot, score)
        press(qtbot, Key.Key_Return)
    assert sheet.sheet.players == ["Ann", "Ben"]
    assert "Ann" in sheet.winner_text()
    press(qtbot, Key.Key_S, CTRL)
    (play,) = [p for p in saved_plays(window, "juusai") if p.seats[0].player == "Ann"]
    assert play.seats[0].winner


def in_reached_group(widget: QWidget, seen: set[QWidget]) -> bool:
    """An exclusive button (a radio button, a paint choice) whose group was reached: Tab
    stops on the group's checked one, the arrows choose within it."""
    if not isinstance(widget, QAbstractButton):
        return False
    group = widget.group()
    if group is not None and group.exclusive():
        return any(button in seen for button in group.buttons())
    return widget.autoExclusive() and any(
        isinstance(other, QAbstractButton) and other.autoExclusive()
        and other.parentWidget() is widget.parentWidget() for other in seen)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_tab_reaches_every_control_of_every_table_tab(table, qtbot, game_id: str) -> None:
    """From the tab bar, Tab presses visit every visible field and button of the tab."""
    page = table(game_id)
    for index in range(page.tabs.count()):
        page.tabs.setCurrentIndex(index)
        page.tabs.tabBar().setFocus()
        wanted = {w for w in reachable_controls(page) if w.isEnabled()}
        seen: set[QWidget] = set()
        for _ in range(len(wanted) * 2 + 10):
            widget = QApplication.focusWidget()
            if widget is not None:
                seen.add(widget)
                seen.add(widget.parentWidget()) if widget.parentWidget() else None
            press(qtbot, Key.Key_Tab)
        missed = [f"{type(w).__name__}#{w.objectName()}" for w in wanted - seen
                  if not in_reached_group(w, seen)]
        assert not missed, f"{game_id} tab {index}: Tab never reaches {missed}"


def test_question_mark_lists_the_pages_keys_in_the_interface_language(window, person, qtbot,
                                                                       quiet_games) -> None:
    page = open_table(window, person, qtbot, "netxiju")
    helps = key_lists_after(qtbot, page, Key.Key_Question)
    text = helps[0].text()
    assert "Ctrl+R — Draw at random" in text and "0 … 9 — The throw's value" in text
    assert "Ctrl+S — Save to history" in text
    helps[0].close()
    language().set("ja")
    person.activate(window)
    page.tabs.tabBar().setFocus()
    qtbot.waitUntil(lambda: page.tabs.tabBar().hasFocus(), timeout=3000)
    text = key_lists_after(qtbot, page, Key.Key_Question)[0].text()
    assert "Ctrl+S — 履歴に保存" in text and "0 … 9 — 出目の値" in text
    language().set("en")


def test_f1_lists_the_keys_of_a_table_page_on_its_own(table, qtbot) -> None:
    """F1 (outside the main window, whose F1 opens the game's rules)."""
    page = table("juusai")
    page.tabs.tabBar().setFocus()
    helps = key_lists_after(qtbot, page, Key.Key_F1)
    assert "Space — Throw the sticks" in helps[0].text()


# --- each game's own table tools, by keys ------------------------------------------------
@pytest.fixture
def table(qtbot):
    """A game's table page on its own, shown and active, the focus on its tab bar."""
    sticks_widget.set_animations_enabled(False)
    language().set("en")

    def build(game_id: str) -> Any:
        page = views.table_view(game_id)(None, game_id)  # type: ignore[misc, arg-type]
        qtbot.addWidget(page)
        page.resize(1000, 760)
        page.show()
        qtbot.waitExposed(page)
        activate(qtbot, page)
        focus_into(qtbot, page)
        return page

    yield build
    sticks_widget.set_animations_enabled(True)


def next_tab(qtbot: Any, page: Any) -> Any:
    press(qtbot, Key.Key_PageDown, CTRL)
    focus_into(qtbot, page)  # the focus may have stood on the tab left behind
    return page.current_tab()


def test_alluvium_setup_tracker_and_map_painting_by_keys(table, qtbot) -> None:
    page = table("alluvium")
    press(qtbot, Key.Key_N, CTRL)  # a new game with the setup shown
    start = page.tracker.index
    press(qtbot, Key.Key_Return, CTRL)
    press(qtbot, Key.Key_Return, CTRL)
    assert page.tracker.index == start + 2
    press(qtbot, Key.Key_Backspace, CTRL)
    assert page.tracker.index == start + 1
    sheets = next_tab(qtbot, page)
    tab_until(qtbot, lambda w: w is sheets.map)
    press(qtbot, Key.Key_Right)
    press(qtbot, Key.Key_Down)
    cell = sheets.map_keys.cursor
    assert cell is not None and cell != (0, 0)
    press(qtbot, Key.Key_Return)  # paints the cell with the chosen paint
    grid = page.game.grids[sheets.map.player]
    assert grid[cell[0]][cell[1]] == sheets.map.value
    assert description_of(sheets.map).startswith(f"Row {cell[0] + 1}, column {cell[1] + 1}: ")
    press(qtbot, Key.Key_Z, CTRL)
    assert grid[cell[0]][cell[1]] != sheets.map.value


def test_sorani_mokzo_equilibrium_and_etariya_trackers_step_by_keys(table, qtbot) -> None:
    page = table("sorani")
    tracker = next_tab(qtbot, page)
    before = tracker.state
    press(qtbot, Key.Key_Return, CTRL)
    assert tracker.state != before
    page = table("mokzo")
    deal = page.current_tab()
    seed = deal.seed
    press(qtbot, Key.Key_N, CTRL)
    assert deal.seed != seed
    tracker = next_tab(qtbot, page)
    mover = tracker.model.mover if hasattr(tracker.model, "mover") else None
    turn = tracker.model
    press(qtbot, Key.Key_Return, CTRL)  # the turn ends
    assert tracker.model != turn and getattr(tracker.model, "mover", None) != mover
    page = table("equilibrium")
    tracker = next_tab(qtbot, page)
    assert tracker.model.phase == 1
    press(qtbot, Key.Key_Return, CTRL)  # phase I ends
    assert tracker.model.phase == 2
    page = table("etariya")
    setup = page.current_tab()
    press(qtbot, Key.Key_N, CTRL)  # a new setup
    assert setup.setup is not None


def test_cetkaik_sticks_and_hand_calculator_by_keys(table, qtbot) -> None:
    page = table("cetkaik")
    hands = page.current_tab()
    button = tab_until(qtbot, lambda w: w.objectName().startswith("add:"))
    press(qtbot, Key.Key_Space)
    assert hands.has_begun() or page.undo_button.isEnabled()
    press(qtbot, Key.Key_Backspace, CTRL)  # Clear
    del button
    next_tab(qtbot, page)
    cast = next_tab(qtbot, page)
    tab_until(qtbot, lambda w: w is cast.throw_button)  # Space on a radio button checks it
    press(qtbot, Key.Key_Space)
    assert cast.history.count() == 1
    tab_until(qtbot, lambda w: w is cast.typed or w.parent() is cast.typed)
    qtbot.keyClicks(focused(), "3")
    press(qtbot, Key.Key_Return, CTRL)
    assert cast.history.count() == 2


def test_a_card_calculator_takes_its_cards_from_the_picker_by_keys(table, qtbot) -> None:
    page = table("taxot")
    calculator = next_tab(qtbot, page)
    form = next(w for w in calculator.findChildren(QWidget) if type(w).__name__ == "CardsForm")
    field = tab_until(qtbot, lambda w: w in form.inputs)
    assert form.current is field  # reached by Tab: the picker adds to it
    press(qtbot, Key.Key_Plus)  # to the picker
    picker = focused()
    assert picker is form.picker
    press(qtbot, Key.Key_Home)
    press(qtbot, Key.Key_Space)
    press(qtbot, Key.Key_Right)
    press(qtbot, Key.Key_Return)
    assert len(field.chosen()) == 2
    assert description_of(picker) and "face-down" not in description_of(picker)
    press(qtbot, Key.Key_Escape)  # back to the input
    assert focused() is field
    press(qtbot, Key.Key_Home)
    press(qtbot, Key.Key_Space)  # the card under the cursor goes back
    assert len(field.chosen()) == 1


def test_etariya_map_faces_are_edited_by_keys_and_spoken(table, qtbot) -> None:
    page = table("etariya")
    maps = next_tab(qtbot, page)
    tab_until(qtbot, lambda w: w is maps.face)
    press(qtbot, Key.Key_Home)
    cell = maps.face_keys.cursor
    before = maps.face.rows_[cell[0]][cell[1]]
    said = description_of(maps.face)
    assert said.startswith(f"Row {cell[0] + 1}, column {cell[1] + 1}: ")
    press(qtbot, Key.Key_Return)  # Light ⇄ Dark
    assert maps.face.rows_[cell[0]][cell[1]] != before
    assert description_of(maps.face) != said
    press(qtbot, Key.Key_Space)  # and back
    assert maps.face.rows_[cell[0]][cell[1]] == before


def test_space_on_a_focused_box_or_button_keeps_its_meaning(table, qtbot) -> None:
    page = table("juusai")
    thrower = page.current_tab()
    tab_until(qtbot, lambda w: w is thrower.seeded)
    press(qtbot, Key.Key_Space)  # ticks "Fixed seed", throws nothing
    assert thrower.seeded.isChecked() and thrower.log.total == 0
    tab_until(qtbot, lambda w: w is thrower.history)
    press(qtbot, Key.Key_Space)  # elsewhere Space throws
    assert thrower.log.total == 1


def test_digits_typed_in_a_name_are_a_name_not_a_throw(table, qtbot) -> None:
    page = table("netxiju")
    tab = page.current_tab()
    press(qtbot, Key.Key_R, CTRL)  # who begins: drawn; the throw buttons are offered
    entries = len(tab.log.entries)
    tab.players_box.set_folded(False)
    tab_until(qtbot, lambda w: w.objectName() == "table_name:0")
    type_text(qtbot, "Ann2")
    assert tab.players_box.names()[0] == "Ann2" and len(tab.log.entries) == entries
