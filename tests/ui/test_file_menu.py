"""File menu: import a history file (checked whole, nothing written when it is refused,
duplicates skipped), export JSON/CSV/BG Stats, back up — with the keyboard too, in both
languages; the outcome on the status bar, a failure in a sentence."""

from __future__ import annotations

import csv
import io
import json
import os
import sqlite3
import stat

from PySide6.QtCore import Qt

import db
from companion.export import history_json
from companion.history import PlayMode, PlayRecord, SeatResult
from ui.i18n import language
from ui.shell import transfer


def catan_play() -> PlayRecord:
    from datetime import datetime

    return PlayRecord("other:Catan", PlayMode.TABLE, datetime(2026, 11, 7, 19, 0),
                      [SeatResult(0, "Eve", score=10, rank=1, winner=True),
                       SeatResult(1, "Ben", score=7, rank=2)],
                      finished_at=datetime(2026, 11, 7, 20, 30), duration_s=90 * 60)


def test_the_menu_reads_in_both_languages(window) -> None:
    texts = [a.text() for a in window.file_menu.actions() if a.text()]
    assert texts == ["&Import history…", "&Export history", "&Back up history…", "&Quit"]
    language().set("ja")
    texts = [a.text() for a in window.file_menu.actions() if a.text()]
    assert texts == ["履歴の読み込み(&I)…", "履歴の書き出し(&E)", "履歴のバックアップ(&B)…",
                     "終了(&Q)"]
    assert [a.text() for a in window.export_menu.actions()] == [
        "JSON（再読み込み用）…", "CSV（表計算）…", "BG Stats 形式…"]


def test_import_from_the_keyboard_skips_what_is_there(window, person, tmp_path,
                                                      monkeypatch) -> None:
    existing = db.list_plays(window.ctx.db)[0]
    path = tmp_path / "club.json"
    path.write_text(history_json.dumps([catan_play(), existing]), encoding="utf-8")
    monkeypatch.setattr(transfer.QFileDialog, "getOpenFileName",
                        lambda *a, **k: (str(path), "JSON (*.json)"))
    history = window.show_page("history")
    person.activate(window)
    person.key(window, Qt.Key.Key_I, Qt.KeyboardModifier.ControlModifier)
    person.qtbot.waitUntil(lambda: bool(window.status_label.text()), timeout=10000)
    assert window.status_label.text() == (
        "Imported 1 plays from club.json; 1 were already in the history.")
    assert db.count_plays(window.ctx.db) == 6
    assert history.visible_rows()[0][1:4] == ["Catan", "Eve, Ben", "Eve"]


def test_a_bad_file_is_refused_with_a_sentence_and_nothing_is_written(window, person,
                                                                      tmp_path) -> None:
    data = history_json.plays_to_json([catan_play(), catan_play()])
    data["plays"][1]["seats"][0]["score"] = "abc"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    seen: list[str] = []
    person.answer_dialogs("Close", seen=seen)
    assert transfer.import_history(window, path) is None
    assert [text.strip() for text in seen] == [  # the play as a person finds it (issue 32.7)
        "“bad.json” was not imported: play 2 (2026-11-07 19:00, Catan), seat 1, score: "
        "expected a number, got 'abc'. Nothing was written."]
    assert db.count_plays(window.ctx.db) == 5
    language().set("ja")
    person.answer_dialogs("閉じる", seen=seen)
    transfer.import_history(window, path)
    assert seen[1].strip() == ("「bad.json」は読み込めませんでした: 2 件目の対局（2026-11-07 "
                               "19:00、Catan）の 1 番目の席（score）: 数が必要ですが 'abc' "
                               "でした。何も書き込んでいません。")


def test_export_every_format(window, tmp_path) -> None:
    db.add_play(window.ctx.db, catan_play())
    old_mask = os.umask(0)  # a permissive umask: the exports stay the user's own
    try:
        for key, *_rest in transfer.FORMATS:
            assert transfer.export_history(window, key, tmp_path / f"out.{key}") == 6
            assert stat.S_IMODE((tmp_path / f"out.{key}").stat().st_mode) == 0o600
    finally:
        os.umask(old_mask)
    plays = history_json.plays_from_json((tmp_path / "out.json").read_bytes())
    assert plays[-1].game_id == "other:Catan" and plays[-1].duration_s == 90 * 60
    rows = list(csv.DictReader(io.StringIO((tmp_path / "out.csv").read_text("utf-8-sig"))))
    assert {(r["game_name"], r["duration_min"]) for r in rows if r["player"] == "Eve"} == {
        ("Catan", "90")}
    bgstats = json.loads((tmp_path / "out.bgstats").read_text("utf-8"))
    catan = next(g for g in bgstats["games"] if g["name"] == "Catan")
    assert [p["durationMin"] for p in bgstats["plays"] if p["gameRefId"] == catan["id"]] == [90]
    assert window.status_label.text() == f"Exported 6 plays to {tmp_path / 'out.bgstats'}."


def test_an_export_that_cannot_be_written_says_so(window, person, tmp_path) -> None:
    seen: list[str] = []
    person.answer_dialogs("Close", seen=seen)
    target = tmp_path / "missing" / "out.json"
    assert transfer.export_history(window, "json", target) is None
    assert seen[0].strip().startswith(f"The history could not be written to {target}: ")
    assert not target.parent.exists()


def test_back_up_the_history_file(window, tmp_path) -> None:
    target = transfer.backup_history(window, tmp_path / "copy.db")
    assert target == tmp_path / "copy.db"
    with sqlite3.connect(target) as conn:
        assert conn.execute("SELECT count(*) FROM plays").fetchone()[0] == 5
    assert window.status_label.text().startswith(f"Backup written: {target} (a copy")


def test_a_backup_is_user_only_whatever_the_umask(window, tmp_path) -> None:
    folder = tmp_path / "backups"
    folder.mkdir()
    old = os.umask(0o022)
    try:
        target = transfer.backup_history(window, folder / "copy.db")
    finally:
        os.umask(old)
    assert target is not None
    assert stat.S_IMODE(target.stat().st_mode) == 0o600
    assert [p.name for p in folder.iterdir()] == ["copy.db"]  # no journal or temp left


def test_long_work_shows_how_far_it_is_and_errors_come_back(qtbot, english) -> None:
    import threading

    import pytest
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication, QProgressDialog, QWidget

    parent = QWidget()
    qtbot.addWidget(parent)
    parent.show()
    release = threading.Event()
    seen: list[tuple[str, int, int]] = []

    def look() -> None:  # the interface stays live while the work runs
        dialog = QApplication.activeModalWidget()
        if isinstance(dialog, QProgressDialog) and dialog.isVisible():
            seen.append((dialog.labelText(), dialog.value(), dialog.maximum()))
            release.set()
        else:
            QTimer.singleShot(20, look)

    def work(progress) -> str:
        progress(1, 4)
        release.wait(20)  # until the person has seen the dialog
        return "done"

    QTimer.singleShot(0, look)
    assert transfer.run_in_background(parent, "Working…", work) == "done"
    assert seen == [("Working…", 1, 4)]
    with pytest.raises(ValueError, match="broken"):
        transfer.run_in_background(parent, "Working…", lambda progress: int("broken"))


def test_an_export_the_history_refuses_is_told_in_japanese(window, person, tmp_path,
                                                            monkeypatch) -> None:
    """The history's own Japanese sentence, not its English one, inside the dialog's."""
    import db
    from ui.i18n import language

    def busy(*_args, **_kwargs):
        raise db.HistoryBusyError("The history is busy.", ja="履歴は使用中です。")

    monkeypatch.setattr(transfer, "_export", busy)
    language().set("ja")
    seen: list[str] = []
    person.answer_dialogs("閉じる", seen=seen)
    assert transfer.export_history(window, "json", tmp_path / "out.json") is None
    assert "書き出せませんでした: 履歴は使用中です。何も書き込んでいません。" in seen[0]
    assert "busy" not in seen[0]


def test_an_import_says_which_stored_plays_differ_from_the_file(window, tmp_path) -> None:
    """A play edited since its export is kept as stored; the status line says so (issue 32
    item 2), after a rename that the import does not mind."""
    stored = db.list_plays(window.ctx.db)[0]
    path = tmp_path / "old.json"
    path.write_text(history_json.dumps([stored]), encoding="utf-8")
    edited = db.get_play(window.ctx.db, stored.id)
    edited.notes = "corrected"
    db.update_play(window.ctx.db, edited)
    name = stored.seats[0].player
    player = next(p for p in db.list_players(window.ctx.db) if p.name == name)
    db.rename_player(window.ctx.db, player.id, name + " (renamed)")
    transfer.import_history(window, path)
    lines = window.status_label.text().splitlines()
    assert lines[0] == "Imported 0 plays from old.json; 1 were already in the history."
    assert lines[1].startswith("1 of these differ from the stored play with the same identity")
    assert lines[2].startswith(f"#{stored.id} {stored.started_at:%Y-%m-%d %H:%M} ")
    assert db.get_play(window.ctx.db, stored.id).notes == "corrected"
    language().set("ja")
    transfer.import_history(window, path)
    lines = window.status_label.text().splitlines()
    assert lines[1].startswith("1 件の対局は保存済みの同じ対局と内容が異なります")
