"""File › Import history… with a BG Stats export (issue 32.6): the confirmation lists the
players matched and the new ones and the plays left out (by number, date and game); Import
stores the plays, Cancel nothing, and the same file again adds nothing."""

from __future__ import annotations

import db
from companion.history import WinMode
from companion.winning import play_win_mode
from tests.companion.bgstats_sample import sample_text
from ui.shell import transfer


def test_confirm_then_import_once(window, person, tmp_path) -> None:
    path = tmp_path / "BGStatsExport.json"
    path.write_text(sample_text(), encoding="utf-8")
    seen: list[str] = []
    person.answer_dialogs("Cancel", seen=seen)
    assert transfer.import_history(window, path) is None
    assert db.count_plays(window.ctx.db) == 5  # the sample history only
    lines = seen[0].strip().split("\n")
    assert lines[:6] == [
        "“BGStatsExport.json” is a BG Stats export with 4 plays to import.",
        "Players already in the history: Ben.",
        "New players: Cy, Di, ann.",
        "2 plays cannot be read and are left out:",
        "Play 5 (2026-03-05 19:00, Golf): its player number 9 is not in the file's list of "
        "players",
        "Play 6 (yesterday, Pandemic): its date 'yesterday' cannot be read"]
    person.answer_dialogs("Import")
    result = transfer.import_history(window, path)
    assert result is not None and result.imported == 4
    golf = db.list_plays(window.ctx.db, game_id="other:Golf")[0]
    assert play_win_mode(golf) is WinMode.LOWEST and golf.winners() == ["ann"]
    history = window.show_page("history")
    (juusai,) = [row for row in history.visible_rows() if row[0].startswith("2026-03-04")]
    assert juusai[1:4] == ["Juusai (Foolish Sticks)", "Di, Ben", "Ben"]
    person.answer_dialogs("Import")
    again = transfer.import_history(window, path)
    assert again is not None and again.imported == 0
    assert db.count_plays(window.ctx.db) == 9


def test_a_file_that_is_no_export_is_refused_and_nothing_written(window, person,
                                                                   tmp_path) -> None:
    path = tmp_path / "other.json"
    path.write_text('{"plays": "none"}', encoding="utf-8")
    seen: list[str] = []
    person.answer_dialogs("Close", seen=seen)
    assert transfer.import_history(window, path) is None
    assert seen[0].strip().startswith("“other.json” was not imported:")
    assert seen[0].strip().endswith("Nothing was written.")
    assert db.count_plays(window.ctx.db) == 5
