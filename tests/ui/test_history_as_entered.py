"""History shows only what was entered, and plays logged in the same minute keep their order
(issue 32.4)."""

from __future__ import annotations

import json
from datetime import datetime

import pytest
from PySide6.QtCore import Qt

import db
from companion import play_entry
from companion.export import bgstats
from companion.export.sheets import play_sheets
from ui.shell.play_entry import PlayEntryDialog


def open_history(window, person):
    person.click_sidebar(window, "History")
    return window.current_page()


def entry_dialog(page) -> PlayEntryDialog:
    (dialog,) = [d for d in page.findChildren(PlayEntryDialog) if d.isVisible()]
    return dialog


def test_an_equilibrium_loss_without_a_score_shows_no_figures(window, person) -> None:
    page = open_history(window, person)
    person.activate(window)
    person.key(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dialog = entry_dialog(page)
    person.choose(dialog.game_combo, "Equilibrium")
    dialog.game_combo.activated.emit(dialog.game_combo.currentIndex())  # as a pick does
    person.type(dialog.rows[0].name, "Ann")
    person.type(dialog.rows[1].name, "Ben")
    assert dialog.team_check.isVisible() and not dialog.team_check.isChecked()  # lost
    person.click(dialog.save_button)
    (play,) = db.list_plays(window.ctx.db, game_id="equilibrium")
    assert [s.score for s in play.seats] == [None, None]
    assert page.visible_rows()[0][1:4] == ["Equilibrium", "Ann, Ben", "lost"]
    sheet = play_sheets(play, "en")[0]
    assert "0 / 12" not in str(sheet.cells) and "0" not in sheet.total_row


class _Clock(datetime):
    @classmethod
    def now(cls, tz=None):  # type: ignore[override]
        return cls(2026, 11, 21, 20, 15, 42)


def test_a_play_logged_by_hand_keeps_its_seconds(window, person,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(play_entry, "datetime", _Clock)
    page = open_history(window, person)
    person.activate(window)
    person.key(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
    dialog = entry_dialog(page)
    person.type(dialog.other_name, "Azul")
    person.type(dialog.rows[0].name, "Ann")
    person.type(dialog.rows[1].name, "Ben")
    person.click(dialog.save_button)
    (first,) = db.list_plays(window.ctx.db, game_id="other:Azul")
    assert first.started_at == datetime(2026, 11, 21, 20, 15, 42)


def test_plays_of_the_same_minute_keep_their_order(window, person,
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    page = open_history(window, person)
    person.activate(window)
    for second, names in ((10, ("Zed", "Ann")), (50, ("Ann", "Zed"))):  # logged in this order
        class Clock(datetime):
            @classmethod
            def now(cls, tz=None, second=second):  # type: ignore[override]
                return cls(2026, 11, 21, 20, 15, second)

        monkeypatch.setattr(play_entry, "datetime", Clock)
        person.key(window, Qt.Key.Key_N, Qt.KeyboardModifier.ControlModifier)
        dialog = entry_dialog(page)
        person.type(dialog.other_name, "Azul")
        for row, name in zip(dialog.rows, names, strict=True):
            person.type(row.name, name)
        person.click(dialog.save_button)
    plays = db.list_plays(window.ctx.db, game_id="other:Azul")
    assert [p.started_at.second for p in plays] == [50, 10]  # newest first
    exported = json.loads(bgstats.dumps(list(plays)))["plays"]  # oldest first, as logged
    assert [p["playDate"] for p in exported] == ["2026-11-21 20:15:10", "2026-11-21 20:15:50"]
