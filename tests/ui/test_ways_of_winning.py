"""A game's way of winning on the screens (issue 32.3): a game the app does not know is logged
as won by the lowest total or co-operatively, the choice is offered again for its next play,
and History, the player page, the PDF sheet and the BG Stats export follow it."""

from __future__ import annotations

import json

from PySide6.QtCore import Qt

import db
from companion.export.sheets import play_sheet
from companion.history import WinMode
from ui.shell.play_entry import PlayEntryDialog
from ui.shell.transfer import render
from ui.table.score_sheet import ScoreSheetTab


def open_entry(window, person) -> tuple[object, PlayEntryDialog]:
    person.click_sidebar(window, "History")
    page = window.current_page()
    person.activate(window)
    person.key(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    (dialog,) = [d for d in page.findChildren(PlayEntryDialog) if d.isVisible()]
    return page, dialog


def pick(person, combo, text: str) -> None:
    person.choose(combo, text)
    combo.activated.emit(combo.currentIndex())  # what a person's pick sends


def test_a_game_where_the_lowest_total_wins(window, person) -> None:
    page, dialog = open_entry(window, person)
    person.type(dialog.other_name, "Golf")
    assert dialog.win_combo.isEnabled() and dialog.win_combo.currentText() == (
        "Highest total wins")
    pick(person, dialog.win_combo, "Lowest total wins")
    for row, (name, score) in zip(dialog.rows, (("Ann", "30"), ("Ben", "41")), strict=True):
        person.type(row.name, name)
        person.type(row.score, score)
    assert [r.rank.text() for r in dialog.rows] == ["1.", "2."]
    assert [r.winner.isChecked() for r in dialog.rows] == [True, False]
    person.click(dialog.save_button)
    (play,) = db.list_plays(window.ctx.db, game_id="other:Golf")
    assert [(s.rank, s.winner) for s in play.seats] == [(1, True), (2, False)]
    assert page.visible_rows()[0][1:4] == ["Golf", "Ann, Ben", "Ann"]
    _, again = open_entry(window, person)  # the next play of Golf starts with the choice
    person.type(again.other_name, "Golf")
    assert again.win_combo.currentText() == "Lowest total wins"
    person.answer_dialogs("Discard")
    again.reject()
    players = window.show_page("players")
    assert players.open_player("Ann")
    ann = players.player_page
    assert ann.game_rows()[0][:5] == ["Golf", "1", "1", "100%", "30"]
    assert ann.rival_rows()[0][:5] == ["Ben", "1", "1", "0", "0"]
    sheet = play_sheet(play, "en")
    assert sheet.extra_rows[0][1] == ["1", "2"] and sheet.highlight_columns == {0}
    (game,) = json.loads(render([play], "bgstats"))["games"]
    assert (game["highestWins"], game["noPoints"], game["cooperative"]) == (False, False, False)


def test_a_cooperative_game_the_app_does_not_know(window, person) -> None:
    page, dialog = open_entry(window, person)
    person.type(dialog.other_name, "Pandemic")
    pick(person, dialog.win_combo, "Co-operative (all win or lose together)")
    assert dialog.team_check.isVisible() and not dialog.rows[0].winner.isVisible()
    person.type(dialog.rows[0].name, "Ann")
    person.type(dialog.rows[1].name, "Ben")
    person.click(dialog.team_check)
    person.click(dialog.save_button)
    (play,) = db.list_plays(window.ctx.db, game_id="other:Pandemic")
    assert play.win_mode is WinMode.COOPERATIVE and play.winners() == ["Ann", "Ben"]
    assert page.visible_rows()[0][3] == "won"
    (game,) = json.loads(render([play], "bgstats"))["games"]
    assert game["cooperative"] is True


def test_the_score_sheet_of_a_lowest_wins_game(window, person) -> None:
    window.show_page("library")
    page = window.page("library").open_other_game("Golf")
    assert page is not None
    (tab,) = page.current_widget().findChildren(ScoreSheetTab)
    pick(person, tab.win_combo, "Lowest total wins")
    tab.sheet.rename_player(0, "Ann")
    tab.sheet.rename_player(1, "Ben")
    tab.sheet.set_score(0, "score", 30)
    tab.sheet.set_score(1, "score", 41)
    assert tab.winner_label.text() == "Winner: \u2068Ann\u2069"  # the name isolated
    tab.page.save()
    (play,) = db.list_plays(window.ctx.db, game_id="other:Golf")
    assert [(s.player, s.rank, s.winner) for s in play.seats] == [
        ("Ann", 1, True), ("Ben", 2, False)]
    assert play.win_mode is WinMode.LOWEST
