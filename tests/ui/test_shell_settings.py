"""Settings: where the history is kept from the next start, the data folder, and how the
start-up chooses the database and the language."""

from __future__ import annotations

from argparse import Namespace
from pathlib import Path

from PySide6.QtGui import QDesktopServices

from ui.app import database_url, initial_language


def open_settings(window, person):
    person.click_sidebar(window, "Settings")
    return window.current_page()


def test_shows_the_database_in_use(window, person, database) -> None:
    page = open_settings(window, person)
    assert page.current_value.text() == database.url
    assert page.english.isChecked() and not page.japanese.isChecked()


def test_a_new_location_is_used_from_the_next_start(window, person, tmp_path) -> None:
    page = open_settings(window, person)
    person.type(page.db_edit, str(tmp_path / "club.db"))
    person.click(page.save_button)
    url = f"sqlite:///{tmp_path / 'club.db'}"
    assert window.ctx.settings.value("database/url") == url
    assert page.db_status.text() == f"From the next start the history is kept in {url}."
    assert page.current_value.text() == window.ctx.db.url  # nothing changes now
    assert database_url(Namespace(db=None), window.ctx.settings) == url
    # --db (or COMPANION_DB_URL) on the command line still wins
    assert database_url(Namespace(db="postgresql://h/x"), window.ctx.settings) == "postgresql://h/x"
    person.type(page.db_edit, "postgresql://club.example/games")
    person.click(page.save_button)
    assert window.ctx.settings.value("database/url") == "postgresql://club.example/games"
    person.click(page.default_button)
    assert window.ctx.settings.value("database/url") is None
    assert page.db_edit.text() == ""
    assert database_url(Namespace(db=None), window.ctx.settings) is None


def test_open_data_folder(window, person, monkeypatch, database) -> None:
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl",
                        staticmethod(lambda url: opened.append(url.toLocalFile()) or True))
    page = open_settings(window, person)
    person.click(page.folder_button)
    assert opened == [str(Path(database.path).parent)]


def test_language_at_start(settings) -> None:
    assert initial_language(Namespace(lang="ja"), settings) == "ja"
    settings.setValue("language", "en")
    assert initial_language(Namespace(lang=None), settings) == "en"
    assert initial_language(Namespace(lang="ja"), settings) == "ja"


def test_a_mistyped_location_is_refused_with_a_sentence(window, person, tmp_path) -> None:
    page = open_settings(window, person)
    window.ctx.settings.setValue("database/url", "sqlite:////kept.db")
    cases = {
        "not a url ::": "“not a url ::” is neither a file path (starting with / or ~) nor a "
                        "database URL such as postgresql://host/db.",
        "sqlite:////nonexistent/dir/x.db": "The folder /nonexistent/dir does not exist, so no "
                                           "history can be kept at /nonexistent/dir/x.db (is the "
                                           "location mistyped?).",
        "foo://bar": "foo://bar names a database this app does not use (foo); use a file, "
                     "sqlite:///path or postgresql://host/db.",
        str(tmp_path): f"{tmp_path} is a folder; give the history file inside it, such as "
                       f"{tmp_path / 'companion.db'}.",
    }
    for typed, sentence in cases.items():
        person.type(page.db_edit, typed)
        person.click(page.save_button)
        assert page.db_status.text() == sentence
        assert window.ctx.settings.value("database/url") == "sqlite:////kept.db"
    assert not Path("/nonexistent").exists()
    person.type(page.db_edit, "~/club.db")
    person.click(page.save_button)
    assert window.ctx.settings.value("database/url") == f"sqlite:///{Path.home() / 'club.db'}"
