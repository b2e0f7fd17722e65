"""A stored row the app cannot read (written by another program, or before the history's
checks) is one unreadable play on the History page, never a broken page (issue 33.6); it is
not offered to resume, opened, edited or replayed: a sentence says why, and whoever may delete
plays is offered to delete it."""

from __future__ import annotations

import sqlite3
import uuid
from typing import Any

import pytest

import db
from ui.i18n import language
from ui.shell.startup import offer_resume

BAD_PLAY = ("INSERT INTO plays (uid, game_id, mode, started_at, finished_at, options, "
            "location, notes, updated_at) VALUES (?, 'juusai', ?, '2026-11-01 18:00:00', "
            "?, ?, '', '', '2026-11-01 18:00:00')")


def written_by_another_program(database: db.Database, mode: str, options: str,
                               finished: str | None = "2026-11-01 19:00:00") -> int:
    """A play put into the history file by a program that skips the app's checks."""
    assert database.path is not None
    conn = sqlite3.connect(database.path)
    try:
        with conn:
            conn.execute("DROP TRIGGER IF EXISTS ck_plays_insert")
            play_id = conn.execute(BAD_PLAY, (str(uuid.uuid4()), mode, finished,
                                              options)).lastrowid
    finally:
        conn.close()
    assert play_id is not None
    return int(play_id)


def open_history(window: Any, person: Any) -> Any:
    person.click_sidebar(window, "History")
    page = window.current_page()
    page.reload()
    return page


def row_of(page: Any, text: str) -> int:
    return next(i for i, row in enumerate(page.visible_rows()) if text in row[1])


def test_the_history_page_shows_an_unreadable_play_as_such(window, person, database):
    play_id = written_by_another_program(database, "blitz", "{}")
    page = open_history(window, person)
    rows = page.visible_rows()
    assert len(rows) == 6 and page.count_label.text() == "6 plays"  # the others are all there
    assert rows[0] == ["2026-11-01 18:00", f"Unreadable play #{play_id}", "—", "—", "—"]
    sentence = (f"Play #{play_id} cannot be read: its stored “mode” holds a value this app "
                "cannot read.")
    assert page.proxy.index(0, 1).data(0x3) == sentence  # its tooltip says why
    person.click_row(page.table, 0)
    assert not page.edit_button.isEnabled() and page.edit_button.toolTip() == sentence
    seen: list[str] = []
    person.answer_dialogs("Cancel", seen=seen)  # it cannot be opened: delete it?
    person.click(page.open_button)
    assert [text.strip() for text in seen] == [f"{sentence} Delete it? This cannot be undone."]
    assert page.error_label.text() == sentence and len(page.visible_rows()) == 6
    page.replay_selected()
    assert page.error_label.text() == sentence
    person.click_row(page.table, 1)  # a readable play still opens
    dialog = page.open_selected()
    assert dialog is not None
    dialog.reject()


def test_in_japanese_too(window, person, database):
    play_id = written_by_another_program(database, "table", "[1, 2]")
    page = open_history(window, person)
    language().set("ja")
    page.reload()
    assert page.visible_rows()[0][1] == f"読み取れない対局 #{play_id}"
    person.click_row(page.table, 0)
    person.answer_dialogs("キャンセル")
    person.click(page.open_button)
    assert page.error_label.text() == (f"対局 #{play_id} は読み取れません（保存されている"
                                       "「options」の値がこのアプリでは読めません）。")


def test_the_organiser_may_delete_an_unreadable_play(window, person, database):
    play_id = written_by_another_program(database, "blitz", "{}")
    page = open_history(window, person)
    person.click_row(page.table, 0)
    person.answer_dialogs("Delete")
    person.click(page.open_button)
    assert page.error_label.text() == f"Play #{play_id} was deleted."
    assert len(page.visible_rows()) == 5 and db.get_play(database, play_id) is None


@pytest.mark.usefixtures("person")
def test_an_unreadable_unfinished_game_is_not_offered_to_resume(window, database):
    play_id = written_by_another_program(database, "digital", '"x"', finished=None)
    assert offer_resume(window) is None  # nothing readable to resume
    assert window.status_label.text() == (f"1 play could not be read and was left out: "
                                          f"#{play_id}.")
