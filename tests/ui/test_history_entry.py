"""History's quick entry, edit and "Play again", used as a person would: keyboard and clicks,
what is shown afterwards, and what the history holds."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

import db
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.shots import save_shot
from ui.shell.play_entry import PlayEntryDialog


def open_history(window, person):
    person.click_sidebar(window, "History")
    return window.current_page()


def entry_dialog(page) -> PlayEntryDialog:
    dialogs = [d for d in page.findChildren(PlayEntryDialog) if d.isVisible()]
    assert len(dialogs) == 1
    return dialogs[0]


def type_seats(person, dialog, seats: list[tuple[str, str]]) -> None:
    for row, (name, score) in zip(dialog.rows, seats, strict=False):
        person.type(row.name, name)
        person.type(row.score, score)


def test_log_a_game_the_app_does_not_know_with_the_keyboard(window, person) -> None:
    page = open_history(window, person)
    person.activate(window)
    person.key(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)  # Add play…
    dialog = entry_dialog(page)
    assert dialog.game_combo.currentText() == "Other game…" and dialog.other_name.isVisible()
    person.type(dialog.other_name, "Catan")
    type_seats(person, dialog, [("花子", "10"), ("Ben", "8")])
    assert [r.winner.isChecked() for r in dialog.rows] == [True, False]  # the best total
    assert [r.rank.text() for r in dialog.rows] == ["1.", "2."]
    person.type(dialog.duration.minutes.lineEdit(), "75")
    person.type(dialog.place_edit, "Club")
    save_shot(dialog, "history_entry_en.png")
    person.key(dialog.notes_edit, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert not dialog.isVisible()
    (play,) = db.list_plays(window.ctx.db, game_id="other:Catan")
    assert [(s.player, s.score, s.winner, s.rank) for s in play.seats] == [
        ("花子", 10, True, 1), ("Ben", 8, False, 2)]
    assert (play.duration_s, play.location, play.mode) == (75 * 60, "Club", PlayMode.TABLE)
    assert page.visible_rows()[0][1:4] == ["Catan", "花子, Ben", "花子"]
    person.choose(page.game_filter, "Catan")  # the name is kept for next time
    assert len(page.visible_rows()) == 1
    library = window.page("library")
    library.reload()
    names = library.other_card.name_combo
    assert [names.itemText(i) for i in range(names.count())] == ["Catan"]


def test_a_known_name_is_offered_and_a_new_spelling_joins_it(window, person) -> None:
    db.add_play(window.ctx.db, PlayRecord("other:Azul", PlayMode.TABLE, datetime(2026, 11, 1),
                                          [SeatResult(0, "Ben", score=3, winner=True)],
                                          finished_at=datetime(2026, 11, 1)))
    page = open_history(window, person)
    page.reload()
    person.click(page.add_button)
    dialog = entry_dialog(page)
    person.choose(dialog.game_combo, "Azul")
    dialog._game_chosen()
    assert not dialog.other_name.isVisible() and dialog.entry.game_id == "other:Azul"
    person.choose(dialog.game_combo, "Other game…")
    dialog._game_chosen()
    person.type(dialog.other_name, "AZUL")
    type_seats(person, dialog, [("Ben", ""), ("Cho", "")])
    person.click(dialog.rows[1].winner)  # no scores: the winner ticked by hand
    person.click(dialog.save_button)
    assert db.count_plays(window.ctx.db, game_id="other:Azul") == 2
    assert db.list_plays(window.ctx.db, game_id="other:Azul")[0].winners() == ["Cho"]


def test_mistakes_are_refused_with_sentences_and_nothing_is_written(window, person) -> None:
    page = open_history(window, person)
    person.click(page.add_button)
    dialog = entry_dialog(page)
    person.type(dialog.rows[0].name, "Ben")
    person.type(dialog.rows[1].score, "abc")
    assert dialog.error_label.text() == "The score of player 2 is not a number: “abc”."
    person.click(dialog.save_button)
    assert dialog.error_label.text() == (
        "Type the name of the game. Every player needs a name. "
        "The score of player 2 is not a number: “abc”.")
    assert dialog.isVisible() and db.count_plays(window.ctx.db) == 5
    person.answer_dialogs("Discard")
    person.click(dialog.cancel_button)  # typed data: asked before it goes
    assert not dialog.isVisible() and db.count_plays(window.ctx.db) == 5


def test_the_timer_fills_the_duration(window, person) -> None:
    page = open_history(window, person)
    page.game_filter.setCurrentIndex(page.game_filter.findData("shinyu"))
    person.click(page.add_button)
    dialog = entry_dialog(page)
    assert dialog.game_combo.currentText() == "Shinyu (Number Bets)"
    timer = dialog.duration.timer_widget
    assert timer.toggle_button.text() == "Start timer" and timer.shown_time() == "0:00"
    person.type(dialog.duration.minutes.lineEdit(), "45")  # started 45 minutes ago
    assert timer.shown_time() == "45:00"
    person.click(timer.toggle_button)
    assert timer.toggle_button.text() == "Pause"
    person.click(timer.toggle_button)
    assert timer.toggle_button.text() == "Resume"
    assert dialog.duration.minutes.value() == 45
    type_seats(person, dialog, [("Ben", "3"), ("Cho", "5")])
    person.click(dialog.save_button)
    play = db.list_plays(window.ctx.db, game_id="shinyu")[0]
    assert play.duration_s == 45 * 60 and play.winners() == ["Cho"]


def test_edit_a_saved_play_and_statistics_follow(window, person) -> None:
    page = open_history(window, person)
    person.click_row(page.table, 4)  # 2026-09-05: 花子 24, Ben 10, Cho 6
    person.click(page.open_button)
    from ui.shell.history import PlayDialog

    opened = next(d for d in page.findChildren(PlayDialog) if d.isVisible())
    person.click(opened.edit_button)
    dialog = entry_dialog(page)
    assert dialog.windowTitle().startswith("Edit play #")
    assert [r.name.text() for r in dialog.rows] == ["花子", "Ben", "Cho"]
    person.type(dialog.rows[1].score, "30")  # Ben's total was mistyped
    person.type(dialog.notes_edit, "corrected")
    person.click(dialog.save_button)
    stored = db.list_plays(window.ctx.db, game_id="juusai")[-1]
    assert [(s.player, s.score, s.winner) for s in stored.seats] == [
        ("花子", 24, False), ("Ben", 30, True), ("Cho", 6, False)]
    assert stored.notes == "corrected" and db.count_plays(window.ctx.db) == 5
    assert page.visible_rows()[4][3] == "Ben"
    stats = {(s.player, s.game_id): s.wins for s in db.player_stats(window.ctx.db)}
    assert stats[("Ben", "juusai")] == 2 and stats[("花子", "juusai")] == 1
    statistics = window.show_page("statistics")
    assert ["Ben", "Juusai (Foolish Sticks)", "2", "2"] in [r[:4] for r in statistics.rows()]


def digital_play(window) -> int:
    return db.add_play(window.ctx.db, PlayRecord(
        "juusai", PlayMode.DIGITAL, datetime(2026, 11, 3, 20, 0),
        [SeatResult(0, "花子", score=25, winner=True, rank=1),
         SeatResult(1, "Bot · MCTS strong", is_bot=True, bot_kind="mcts:strong", score=15,
                    rank=2),
         SeatResult(2, "Ben", score=5, rank=3)],
        finished_at=datetime(2026, 11, 3, 20, 20), options={"rounds": 4},
        record={"game": "juusai", "moves": []}))


def test_a_digital_play_keeps_its_results_when_edited(window, person) -> None:
    play_id = digital_play(window)
    page = open_history(window, person)
    page.reload()
    person.click_row(page.table, 0)
    person.click(page.edit_button)
    dialog = entry_dialog(page)
    assert not dialog.rows[0].score.isEnabled() and not dialog.rows[0].winner.isEnabled()
    assert not dialog.rows[1].name.isEnabled() and not dialog.add_button.isVisible()
    assert "come from its moves" in dialog.results_note.text()
    person.type(dialog.rows[2].name, "Benjamin")
    person.click(dialog.save_button)
    stored = db.get_play(window.ctx.db, play_id)
    assert [s.player for s in stored.seats] == ["花子", "Bot · MCTS strong", "Benjamin"]
    assert stored.winners() == ["花子"] and stored.record == {"game": "juusai", "moves": []}


def test_play_again_after_a_digital_play_fills_the_new_game_form(window, person) -> None:
    digital_play(window)
    page = open_history(window, person)
    page.reload()
    person.click_row(page.table, 0)
    person.activate(window)
    person.key(window, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    QApplication.processEvents()
    assert window.current_key() == "library"
    form = window.page("library").stack.currentWidget().current_widget().form
    assert form.isVisible() and form.players.value() == 3
    assert [(s.name, s.bot) for s in form.seats()] == [("花子", None), ("", "mcts:strong"),
                                                       ("Ben", None)]
    assert form.options()["rounds"] == 4
    save_shot(window, "history_play_again_form.png")


def test_play_again_after_a_table_play_opens_an_entry_with_the_players(window, person) -> None:
    page = open_history(window, person)
    person.click_row(page.table, 2)  # shinyu: Ben, Cho
    person.click(page.again_button)
    dialog = entry_dialog(page)
    assert dialog.game_combo.currentText() == "Shinyu (Number Bets)"
    assert [r.name.text() for r in dialog.rows] == ["Ben", "Cho"]
    assert [r.score.text() for r in dialog.rows] == ["", ""]
    assert dialog.entry.base is None  # a new play
    dialog._dirty = False
    dialog.reject()


def test_enter_opens_the_selected_play(window, person) -> None:
    from ui.shell.history import PlayDialog

    page = open_history(window, person)
    person.click_row(page.table, 0)
    person.key(page.table, Qt.Key.Key_Return)
    assert any(d.isVisible() for d in page.findChildren(PlayDialog))


def test_the_play_shows_how_long_it_took(window, person) -> None:
    from companion.display import strip_isolates

    play_id = db.add_play(window.ctx.db, PlayRecord(
        "other:Catan", PlayMode.TABLE, datetime(2026, 11, 7, 19, 0),
        [SeatResult(0, "Eve", score=10, winner=True)], finished_at=datetime(2026, 11, 7, 20, 15),
        duration_s=75 * 60))
    page = open_history(window, person)
    page.reload()
    dialog = page.open_play(play_id)
    assert dialog.title.text() == "Catan — 2026-11-07 19:00"
    assert "Played for 1:15:00" in strip_isolates(dialog.facts.text())
    dialog.close()


def test_play_again_asks_before_leaving_a_game_in_progress(window, person) -> None:
    from PySide6.QtWidgets import QWidget

    class GameInProgress(QWidget):
        def is_in_progress(self) -> bool:
            return True

    play_id = digital_play(window)
    area = window.page("library").open_game("juusai", "play").widget("play")
    game = GameInProgress()
    area.set_view(game)
    window.show_page("history")
    play = db.get_play(window.ctx.db, play_id)
    seen: list[str] = []
    person.answer_dialogs("Cancel", seen=seen)
    assert not window.page("library").play_again(play)
    assert "stays in the History as unfinished" in seen[0] and area.view is game
    person.answer_dialogs("New game")
    assert window.page("library").play_again(play)
    assert area.view is None and area.form.rows[0].name.text() == "花子"
