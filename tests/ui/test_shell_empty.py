"""A new user's empty history: History, Players and Statistics say what to do instead of
showing empty tables, and the way there is one click away."""

from __future__ import annotations

import pytest

from tests.ui.shots import save_shot
from ui.i18n import language


@pytest.fixture
def empty_window(qtbot, tmp_path, settings, english, monkeypatch):
    import db
    from tests.ui.conftest import shown_window
    from ui.context import AppContext

    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    database = db.open_database(f"sqlite:///{tmp_path / 'empty.db'}")
    win = shown_window(qtbot, AppContext(db=database, settings=settings, lang=language()))
    yield win
    win.close()
    database.close()


@pytest.mark.parametrize(("key", "words"), [
    ("history", "No plays yet — play a game or log a table play"),
    ("players", "No players yet"),
    ("statistics", "No finished plays yet"),
])
def test_an_empty_page_says_what_to_do(empty_window, person, key, words) -> None:
    page = empty_window.show_page(key)
    assert page.empty_state.isVisible()
    assert words in page.empty_state.text()
    save_shot(empty_window, f"shell_empty_{key}.png")
    person.click(page.empty_state.button)
    assert empty_window.current_key() == "library"


def test_the_japanese_empty_history(empty_window) -> None:
    language().set("ja")
    page = empty_window.show_page("history")
    assert "まだ対局がありません" in page.empty_state.text()


def test_a_first_play_replaces_the_advice_with_the_table(empty_window) -> None:
    from datetime import datetime

    import db
    from companion.history import PlayMode, PlayRecord, SeatResult
    from ui.events import events

    pages = [empty_window.show_page(key) for key in ("players", "statistics", "history")]
    db.add_play(empty_window.ctx.db, PlayRecord(
        "juusai", PlayMode.TABLE, datetime(2026, 11, 2, 20, 0),
        [SeatResult(0, "Dan", score=20, winner=True), SeatResult(1, "Cho", score=4)],
        finished_at=datetime(2026, 11, 2, 20, 30)))
    events().history_changed.emit()
    for page in pages:
        empty_window.show_page(page.objectName().split(":")[1])
        assert not page.empty_state.isVisible()
    assert pages[2].table.isVisible()


def test_filters_that_match_nothing_say_so(window, person) -> None:
    page = window.show_page("history")
    person.type(page.search, "nobody-at-all")
    assert page.empty_state.isVisible()
    assert page.empty_state.text() == "No plays match the search or the filters."
    assert not page.empty_state.button.isVisible()
