"""The table companions of 六裁, 行山 and 連船之遊 as a person uses them: names typed, who
begins chosen, the physical throws entered by clicking (or thrown by the app), actions picked
from those the engine allows; the board and the tally follow; Undo/Redo; Save to history says
why it waits and then saves the play; Print writes the board at playing size."""

from __future__ import annotations

from pathlib import Path

from pypdf import PdfReader
from PySide6.QtWidgets import QLineEdit, QPushButton, QSpinBox

import db
from companion.history import PlayMode


def button(widget, name: str) -> QPushButton:
    found = widget.findChild(QPushButton, name)
    assert found is not None, name
    return found


def visible_buttons(widget, prefix: str) -> list[QPushButton]:
    return [b for b in widget.findChildren(QPushButton)
            if b.objectName().startswith(prefix) and b.isVisible()]


def type_names(person, page, names: list[str]) -> None:
    for seat, name in enumerate(names):
        person.type(page.findChild(QLineEdit, f"table_name:{seat}"), name)


def saved_plays(window, game_id: str) -> list:
    return [p for p in db.list_plays(window.ctx.db) if p.game_id == game_id]


def test_netxiju_race_followed_from_the_throws_and_saved(window, person, qtbot, quiet_games,
                                                          tmp_path: Path) -> None:
    page = window.open_game("netxiju", "table").widget("table")
    tab = page.tab(0)
    tab.players_box.players.setValue(2)
    type_names(person, page, ["花子", "Ben"])
    assert not page.save_button.isEnabled()
    assert page.save_button.toolTip().startswith("Finish the game first")
    tab.first_combo.setCurrentIndex(1)
    person.click(button(tab, "table_begin"))  # Ben begins
    person.click(button(tab, "table_throw:3"))  # Ben to square 3: two lines
    assert tab.log.state().positions == [0, 3]
    assert [tab.tally.item(r, 1).text() for r in range(2)] == ["0", "2"]
    assert "Ben" in tab.turn_label.text() and "花子" in tab.turn_label.text()
    person.click(button(tab, "table_throw:3"))  # 花子 lands on Ben: Ben goes back
    assert tab.log.state().positions == [3, 0]
    assert tab.tally.item(1, 2).text() == "1"  # sent back once
    page.undo_button.click()
    assert tab.log.state().positions == [0, 3]
    page.redo_button.click()
    assert tab.log.state().positions == [3, 0]
    for _ in range(400):  # the app throws until the race is over
        if tab.log.state().is_over():
            break
        person.click(button(tab, "table_app_throw"))
    assert tab.log.state().is_over() and "Winner" in tab.turn_label.text()
    assert page.save_button.isEnabled()
    person.click(page.save_button)
    (play,) = saved_plays(window, "netxiju")
    assert play.mode is PlayMode.TABLE and [s.player for s in play.seats] == ["花子", "Ben"]
    assert sum(1 for s in play.seats if s.winner) == 1
    out = tmp_path / "board.pdf"
    tab.export_pdf(out)
    text = PdfReader(str(out)).pages[0].extract_text()
    assert "playing size" in text and "3 cm" in text


def test_tudepijume_tracker_offers_the_engines_actions_and_saves(
        window, person, qtbot, quiet_games) -> None:
    page = window.open_game("tudepijume", "table").widget("table")
    tab = page.tab(0)
    tab.players_box.players.setValue(2)
    rounds = tab.findChild(QSpinBox, "table_option:rounds")
    rounds.setValue(10)
    rounds.editingFinished.emit()
    assert tab.log.options["rounds"] == 10
    type_names(person, page, ["Ann", "محمد"])
    person.click(button(tab, "table_draw_first"))
    assert not tab.first_box.isVisible() and tab.throw_box.isVisible()
    person.click(button(tab, "table_throw:0"))  # a 0: the turn passes by itself
    assert tab.log.state().turns == 1 and tab.throw_box.isVisible()
    person.click(button(tab, "table_throw:4"))
    offered = [b.objectName() for b in visible_buttons(tab, "table_move:")]
    assert "table_move:supply 1" in offered and "table_move:build 2" in offered
    assert not tab.throw_box.isVisible()
    seat = tab.log.state().mover
    person.click(button(tab, "table_move:supply 1"))
    assert tab.log.state().cargo[seat][0] == 5 + 4
    assert tab.tally.item(seat, 2).text() == "start · 9"  # English: no 始 (issue 34)
    for _ in range(200):
        state = tab.log.state()
        if state.is_over():
            break
        if tab.throw_box.isVisible():
            person.click(button(tab, "table_throw:3"))
        else:
            person.click(visible_buttons(tab, "table_move:")[0])
    assert tab.log.state().is_over()
    person.click(page.save_button)
    (play,) = saved_plays(window, "tudepijume")
    assert [s.player for s in play.seats] == ["Ann", "محمد"]
    assert play.seats[0].breakdown.keys() == {"goal", "start", "cargo"}


def test_mokzo_tracker_counts_costs_income_markers_and_the_win(
        window, person, qtbot, quiet_games) -> None:
    page = window.open_game("mokzo", "table").widget("table")
    page.tabs.setCurrentIndex(1)
    tracker = page.tracker_tab
    type_names(person, page, ["花子", "Ben"])
    mover = tracker.model.mover
    tracker.seat_combo.setCurrentIndex(mover)
    person.click(button(tracker, "mokzo_res:2"))  # +5 米
    tracker.colour_combo.setCurrentIndex(1)  # 黒
    tracker.rank_combo.setCurrentIndex(1)  # 無: costs 0, +1 米 every own turn
    person.click(button(tracker, "mokzo_place"))
    assert tracker.model.players[mover].rice == 5
    assert [str(c.card) for c in tracker.model.players[mover].cards] == ["黒無"]
    person.click(button(tracker, "mokzo_end_turn"))
    person.click(button(tracker, "mokzo_end_turn"))  # back to the first: 無 pays, a marker
    player = tracker.model.players[mover]
    assert player.rice == 6 and player.cards[0].markers == 1
    assert tracker.table.item(mover, 0).text() == "6"
    person.click(button(tracker, "mokzo_move_rice"))  # 10 米 needed, 6 held: refused
    assert "not enough" in page.status.text()
    assert tracker.model.players[mover].square == 0
    page.undo_button.click()
    assert tracker.model.players[mover].rice == 5  # the income taken back with the turn
    page.redo_button.click()
    assert not page.save_button.isEnabled()
    other = 1 - mover  # a correction: the other piece is put on 皇山, and wins
    tracker.seat_combo.setCurrentIndex(other)
    tracker.square_spin.setValue(24)
    put = next(b for b in tracker.findChildren(QPushButton) if b.text() == "Put on square")
    person.click(put)
    assert tracker.model.is_over() and "wins" in tracker.turn_label.text()
    assert not button(tracker, "mokzo_end_turn").isEnabled()
    person.click(page.save_button)
    (play,) = saved_plays(window, "mokzo")
    assert [s.winner for s in play.seats] == [s.seat == other for s in play.seats]


def test_mokzo_deal_and_effects_print(window, person, qtbot, tmp_path: Path) -> None:
    page = window.open_game("mokzo", "table").widget("table")
    deal = page.deal_tab
    type_names(person, page, ["花子", "Ben"])
    assert any("花子" in deal.steps.item(i).text() for i in range(deal.steps.count()))
    out = tmp_path / "sheets.pdf"
    deal.export_pdf(out)
    assert len(PdfReader(str(out)).pages) == 3
    page.tabs.setCurrentIndex(2)
    effects = page.tab(2)
    assert effects.table.rowCount() == 12 and effects.table.item(6, 0).text() == "馬"
    out = tmp_path / "effects.pdf"
    effects.export_pdf(out)
    assert "Card effects" in PdfReader(str(out)).pages[0].extract_text()
