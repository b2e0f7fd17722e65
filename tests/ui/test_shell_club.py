"""A club's server history in the app: the password never shows (Settings, the status bar, the
start-up dialog) and never reaches the settings file; the masked field saves it to the
keyring, or says where to put it; a password an older version stored is moved at start; an
unencrypted connection to another computer is warned about once."""

from __future__ import annotations

import types
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLineEdit, QMessageBox

import db
from db.transport import Notice
from ui.app import database_url, move_stored_password
from ui.shell.startup import (
    KEY_WARNED,
    DatabaseProblemDialog,
    offer_resume,
    open_database_interactively,
    warn_once,
)

SECRET = "Zq3x9-Kwv"  # no three letters of it appear in any text the page shows
SERVER = "postgresql+psycopg://ann@club.example.org/games"
WITH_PASSWORD = f"postgresql+psycopg://ann:{SECRET}@club.example.org/games"


@pytest.fixture
def typed_run(monkeypatch):
    """The passwords typed in this run start empty (and are forgotten after the test)."""
    monkeypatch.setattr(db.credentials, "_TYPED_THIS_RUN", {}, raising=False)


def type_at_focus(person, text: str, watch=None) -> None:
    """Type `text` key by key wherever the keyboard focus is, as a person does; `watch()` is
    called after every key."""
    from PySide6.QtWidgets import QApplication

    for char in text:
        person.qtbot.keyClicks(QApplication.focusWidget(), char)
        if watch is not None:
            watch()


def never_in_clear(page, secret: str):
    """A check that no part of `secret` is on screen (the location, every label)."""
    def check() -> None:
        shown = shown_texts(page)
        parts = {secret[i:i + 3] for i in range(len(secret) - 2)}
        assert not [part for part in parts if part in shown], shown
    return check


def open_settings(window, person):
    person.click_sidebar(window, "Settings")
    return window.current_page()


def settings_file(window) -> str:
    window.ctx.settings.sync()
    return Path(window.ctx.settings.fileName()).read_text(encoding="utf-8")


def shown_texts(widget) -> str:
    from PySide6.QtWidgets import QLabel

    return " ".join([label.text() for label in widget.findChildren(QLabel)]
                    + [edit.displayText() for edit in widget.findChildren(QLineEdit)])


def test_without_a_keyring_the_page_says_where_the_password_goes(window, person, typed_run):
    page = open_settings(window, person)
    person.type(page.db_edit, SERVER)
    assert page.password_edit.isEnabled()  # a password can be typed all the same
    assert page.password_note.text().startswith("This computer has no system keyring: a "
                                                "database server's password typed here is "
                                                "kept in memory only while the app runs")
    assert "~/.pgpass" in page.password_note.text()
    person.type(page.password_edit, SECRET)
    person.click(page.save_button)
    assert window.ctx.settings.value("database/url") == SERVER
    assert page.db_status.text() == (
        f"From the next start the history is kept in {SERVER}. Its password is kept in memory "
        "only while the app runs (this computer has no system keyring); for the next starts "
        "put it in ~/.pgpass (a line host:port:database:user:password, readable by you only), "
        "in a libpq service file, or in PGPASSWORD — in ~/.pgpass the line is "
        "club.example.org:5432:games:ann:PASSWORD.")
    assert db.credentials.password_for(SERVER) == SECRET  # for this run
    assert SECRET not in shown_texts(page) and SECRET not in settings_file(window)
    assert database_url(types.SimpleNamespace(db=None), window.ctx.settings) == SERVER


def test_the_masked_field_saves_to_the_keyring(window, person, memory_keyring):
    page = open_settings(window, person)
    person.type(page.db_edit, SERVER)
    assert page.password_edit.isEnabled()
    assert page.password_edit.echoMode() == QLineEdit.EchoMode.Password
    assert "memory keyring" in page.password_note.text()
    person.type(page.password_edit, SECRET)
    assert SECRET not in page.password_edit.displayText()
    person.click(page.save_button)
    assert page.db_status.text() == (f"From the next start the history is kept in {SERVER}. "
                                     "Its password is kept in the system keyring.")
    assert memory_keyring.stored == {("Tabletop Companion", "ann@club.example.org:5432/games"):
                                     SECRET}
    assert page.password_edit.text() == "" and SECRET not in settings_file(window)
    person.type(page.db_edit, str(Path.home() / "club.db"))
    assert not page.password_edit.isEnabled()  # a file has no password


def test_a_location_in_use_or_stored_is_shown_without_its_password(window, person, settings):
    settings.setValue("database/url", WITH_PASSWORD)  # as an older version left it
    window.ctx.db = types.SimpleNamespace(url=WITH_PASSWORD, path=None)
    page = open_settings(window, person)
    page.refresh_current()
    assert page.current_value.text() == "postgresql+psycopg://ann:***@club.example.org/games"
    assert page.db_edit.text() == SERVER  # saving it again stores no mask as a password
    assert SECRET not in shown_texts(page)
    window.ctx.db = None


def test_a_password_an_older_version_stored_moves_to_the_keyring(settings, memory_keyring,
                                                                 english):
    settings.setValue("database/url", WITH_PASSWORD)
    note = move_stored_password(settings)
    assert note == ("The password that an older version saved with the history's address "
                    f"({SERVER}) is now kept in the system keyring, no longer in the settings "
                    "file.")
    assert settings.value("database/url") == SERVER
    assert SECRET not in Path(settings.fileName()).read_text(encoding="utf-8")
    assert list(memory_keyring.stored.values()) == [SECRET]
    assert move_stored_password(settings) is None  # once


def test_without_a_keyring_an_old_stored_password_is_dropped_with_a_note(settings, english):
    settings.setValue("database/url", WITH_PASSWORD)
    note = move_stored_password(settings)
    assert note is not None and note.startswith(
        f"The password that an older version saved with the history's address ({SERVER}) was "
        "removed from the settings file, and this computer has no system keyring to keep it: "
        "put it in ~/.pgpass")
    assert settings.value("database/url") == SERVER
    assert SECRET not in Path(settings.fileName()).read_text(encoding="utf-8")
    settings.setValue("database/url", "sqlite:////tmp/x.db")
    assert move_stored_password(settings) is None


def test_the_start_up_dialog_never_shows_the_password(qtbot, english):
    seen: list[str] = []

    def ask(error, parent):
        dialog = DatabaseProblemDialog(error, parent)
        qtbot.addWidget(dialog)
        dialog.details_button.click()
        seen.append(shown_texts(dialog))
        return DatabaseProblemDialog.QUIT

    url = f"postgresql+psycopg://ann:{SECRET}@127.0.0.1:1/none"
    assert open_database_interactively(url, None, ask=ask) is None
    assert open_database_interactively(f"{url}?password={SECRET}", None, ask=ask) is None
    assert len(seen) == 2 and all("Cannot connect" in text for text in seen)
    assert all(SECRET not in text for text in seen)
    stray = DatabaseProblemDialog(RuntimeError(f"lost {url}"))
    qtbot.addWidget(stray)
    assert SECRET not in shown_texts(stray)


def test_the_status_bar_never_shows_the_password(window, monkeypatch):
    def fail(database):
        raise RuntimeError(f"server postgresql://ann:{SECRET}@club.example.org/games went away")

    monkeypatch.setattr(db, "unfinished_plays", fail)
    offer_resume(window)
    assert window.status_label.text().startswith("Unfinished games could not be read: server")
    assert SECRET not in window.status_label.text()


def test_an_unencrypted_server_elsewhere_is_warned_about_once(window, settings):
    notice = Notice("ann@club.example.org:5432/games", "The history is reached without TLS.",
                    "TLS なしで接続しています。")
    database = types.SimpleNamespace(notice=notice)
    box = warn_once(window, database)
    assert isinstance(box, QMessageBox) and box.isVisible()
    assert box.text() == "The history is reached without TLS."
    box.accept()
    assert warn_once(window, database) is None  # the same history: not again
    assert settings.value(KEY_WARNED, [], type=list) == ["ann@club.example.org:5432/games"]
    other = types.SimpleNamespace(notice=Notice("bo@x:5432/g", "Another.", "別。"))
    second = warn_once(window, other)
    assert second is not None
    second.accept()
    assert warn_once(window, types.SimpleNamespace(notice=None)) is None


def test_the_start_moves_an_old_password_before_opening(qtbot, person, settings, english):
    from argparse import Namespace

    from ui.app import build_window, start_history

    stored = f"postgresql+psycopg://ann:{SECRET}@127.0.0.1:1/none"
    settings.setValue("database/url", stored)
    window = build_window(Namespace(lang="en", db=None), settings)
    qtbot.addWidget(window)
    window.show()
    seen: list[str] = []
    person.answer_dialogs("OK", "Quit", seen=seen)  # the note, then the server is unreachable
    assert start_history(window, Namespace(db=None)) is False
    assert seen[0].strip().startswith("The password that an older version saved with the history's "
                              "address (postgresql+psycopg://ann@127.0.0.1:1/none) was removed")
    assert "Cannot connect to the history database postgresql+psycopg://ann@127.0.0.1:1/none" \
        in seen[1]
    assert settings.value("database/url") == "postgresql+psycopg://ann@127.0.0.1:1/none"
    assert SECRET not in " ".join(seen) + Path(settings.fileName()).read_text(encoding="utf-8")


# --- a password typed into the location never shows ------------------------------------------
def test_a_password_typed_into_the_location_moves_to_the_masked_field_as_it_is_typed(
        window, person, typed_run):
    page = open_settings(window, person)
    person.activate(window)
    page.db_edit.clear()
    page.db_edit.setFocus()
    type_at_focus(person, WITH_PASSWORD, never_in_clear(page, SECRET))
    assert page.db_edit.text() == SERVER
    assert page.password_edit.text() == SECRET
    assert page.password_edit.echoMode() == QLineEdit.EchoMode.Password
    person.click(page.save_button)
    assert window.ctx.settings.value("database/url") == SERVER
    assert SECRET not in shown_texts(page) + settings_file(window)


def test_a_password_in_the_query_moves_too(window, person, typed_run):
    page = open_settings(window, person)
    person.activate(window)
    page.db_edit.clear()
    page.db_edit.setFocus()
    type_at_focus(person, f"{SERVER}?password={SECRET}&sslmode=require",
                  never_in_clear(page, SECRET))
    assert page.db_edit.text() == f"{SERVER}?sslmode=require"
    assert page.password_edit.text() == SECRET


@pytest.mark.parametrize("secret", ["p@ss/w rd?#", "S3cret-pw", "1234"])
def test_a_pasted_url_leaves_its_password_in_the_masked_field(window, person, secret):
    from urllib.parse import quote

    from PySide6.QtWidgets import QApplication

    page = open_settings(window, person)
    for pasted in (f"postgresql+psycopg://ann:{secret}@club.example.org/games",
                   f"postgresql+psycopg://ann:{quote(secret, safe='')}@club.example.org/games"):
        page.db_edit.clear()
        QApplication.clipboard().setText(pasted)
        person.key(page.db_edit, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
        assert page.db_edit.text() == SERVER
        assert page.password_edit.text() == secret


def test_a_refused_location_keeps_no_password_in_clear(window, person, typed_run):
    page = open_settings(window, person)
    window.ctx.settings.setValue("database/url", "sqlite:////kept.db")
    person.activate(window)
    page.db_edit.clear()
    page.db_edit.setFocus()
    type_at_focus(person, f"postgresql+psycopg://ann:{SECRET}@club.example.org:port/games",
                  never_in_clear(page, SECRET))
    person.click(page.save_button)
    assert page.db_status.text().endswith("is not a database URL such as postgresql://host/db.")
    assert window.ctx.settings.value("database/url") == "sqlite:////kept.db"
    never_in_clear(page, SECRET)()
    assert page.password_edit.text() == SECRET  # there, masked, for the corrected address


def test_an_ambiguous_at_sign_is_refused_in_settings(window, person, typed_run):
    page = open_settings(window, person)
    window.ctx.settings.setValue("database/url", "sqlite:////kept.db")
    person.type(page.db_edit, "postgresql+psycopg://olga@home@club.example.org/games")
    person.click(page.save_button)
    assert page.db_status.text().startswith("The address postgresql+psycopg://***/games has "
                                            "more than one “@” before its server's name")
    assert "%40" in page.db_status.text()
    assert window.ctx.settings.value("database/url") == "sqlite:////kept.db"
    assert "home" not in settings_file(window)
