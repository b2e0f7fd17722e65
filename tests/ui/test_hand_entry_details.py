"""Hand entry as BG Stats users expect it (issue 32.5): the start player, teams, the
expansions and variant played and a new player typed inline; History's search also finds the
place and the notes."""

from __future__ import annotations

from PySide6.QtCore import Qt

import db
from companion.play_entry import PlayEntry
from ui.shell.play_entry import PlayEntryDialog


def open_entry(window, person):
    person.click_sidebar(window, "History")
    page = window.current_page()
    person.activate(window)
    person.key(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    (dialog,) = [d for d in page.findChildren(PlayEntryDialog) if d.isVisible()]
    return page, dialog


def test_start_player_expansions_variant_and_a_new_player(window, person) -> None:
    _, dialog = open_entry(window, person)
    person.type(dialog.other_name, "Catan")
    person.type(dialog.rows[0].name, "花子")  # in the Players list
    person.type(dialog.rows[1].name, "Zoe")  # typed inline: a new player
    assert not dialog.rows[0].new_mark.isVisible() and dialog.rows[1].new_mark.isVisible()
    assert dialog.rows[1].new_mark.text() == "new"
    person.type(dialog.rows[0].score, "10")
    person.type(dialog.rows[1].score, "8")
    person.click(dialog.rows[1].start)
    person.type(dialog.expansions_edit, "Seafarers, Cities & Knights")
    person.type(dialog.variant_edit, "friendly robber")
    person.click(dialog.save_button)
    (play,) = db.list_plays(window.ctx.db, game_id="other:Catan")
    assert [(s.player, s.start_player) for s in play.seats] == [("花子", False), ("Zoe", True)]
    assert play.options == {"expansions": ["Seafarers", "Cities & Knights"],
                            "variant": "friendly robber"}
    assert "Zoe" in [p.name for p in db.list_players(window.ctx.db)]
    edit = PlayEntryDialog(window.ctx, PlayEntry.from_play(play), window)
    assert edit.expansions_edit.text() == "Seafarers, Cities & Knights"
    assert edit.variant_edit.text() == "friendly robber" and edit.rows[1].start.isChecked()


def test_teams_are_entered_per_player(window, person) -> None:
    _, dialog = open_entry(window, person)
    person.type(dialog.other_name, "Codenames")
    person.choose(dialog.win_combo, "Teams")
    dialog.win_combo.activated.emit(dialog.win_combo.currentIndex())
    person.click(dialog.add_button)
    person.click(dialog.add_button)
    assert all(row.team.isVisible() for row in dialog.rows)
    for row, (name, team, score) in zip(dialog.rows, (("Ann", "red", "5"), ("Ben", "red", "0"),
                                                      ("Cy", "blue", "4"), ("Di", "blue", "0")),
                                        strict=True):
        person.type(row.name, name)
        person.type(row.team, team)
        person.type(row.score, score)
    assert [r.winner.isChecked() for r in dialog.rows] == [True, True, False, False]
    person.click(dialog.save_button)
    (play,) = db.list_plays(window.ctx.db, game_id="other:Codenames")
    assert [(s.team, s.winner) for s in play.seats] == [
        ("red", True), ("red", True), ("blue", False), ("blue", False)]


def test_the_search_finds_the_place_and_the_notes(window, person) -> None:
    person.click_sidebar(window, "History")
    page = window.current_page()
    person.type(page.search, "Club")  # a play's place (sample plays: the first one)
    assert [row[1:3] for row in page.visible_rows()] == [["Juusai (Foolish Sticks)",
                                                          "花子, Ben, Cho"]]
    person.type(page.search, "a <b>&amp; note")  # a play's notes
    assert len(page.visible_rows()) == 1
