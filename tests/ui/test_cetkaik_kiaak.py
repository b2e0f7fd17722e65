"""Cerke Online records (棋譜) in the app (issue 36): File › Import… asks who played and stores
the game once; a faulty record is refused naming the move; the imported play replays with its
seasons and points, and "Play from here" goes on from it; the play's dialog writes it back.

The records are real Cerke Online games from the public repository
cetkaik/cerke_online_kiaak_parser (src/index.test.ts; see tests/data/kiaak/README.md).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QPushButton

import db
from companion.core.record import Game
from companion.history import PlayMode, PlayRecord, SeatResult
from ui.i18n import language
from ui.shell import history as history_page
from ui.shell import transfer
from ui.shell.kiaak_import import KiaakNamesDialog

DATA = Path(__file__).resolve().parents[1] / "data" / "kiaak"
CASE1 = DATA / "case1_2022-05-31.txt"


def name_and_import(qtbot: Any, black: str, red: str, seen: list[str]) -> None:
    """When the names dialog opens: type the two names and press Import."""
    def answer(tries: int = 250) -> None:
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, KiaakNamesDialog):
            if tries:
                QTimer.singleShot(20, lambda: answer(tries - 1))
            return
        seen.append(dialog.summary.text())
        dialog.black.setText(black)
        dialog.red.setText(red)
        buttons = [b for b in dialog.findChildren(QPushButton)
                   if b.text() in ("Import", "読み込む")]
        buttons[0].click()

    QTimer.singleShot(20, answer)


def imported(window: Any) -> PlayRecord:
    plays = [p for p in db.list_plays(window.ctx.db) if p.game_id == "cetkaik"
             and p.started_at.year == 2022]
    assert len(plays) == 1
    return plays[0]


def test_file_import_asks_who_played_and_stores_the_game_once(qtbot, window) -> None:
    before = db.count_plays(window.ctx.db)
    seen: list[str] = []
    name_and_import(qtbot, "Ann", "Ben", seen)
    result = transfer.import_history(window, CASE1)
    assert result is not None and result.imported == 1
    assert seen == ["“case1_2022-05-31.txt” is a Cerke Online record of one 机戦 game: 3 seasons, "
                    "59 moves, points 黒 40 – 0 赤. Every move was checked. Who played?"]
    assert window.status_label.text() == "Imported 1 plays from case1_2022-05-31.txt."
    play = imported(window)
    assert [(s.player, s.score, s.winner) for s in play.seats] == [("Ann", 40.0, True),
                                                                   ("Ben", 0.0, False)]
    assert play.mode is PlayMode.DIGITAL and play.is_finished
    language().set("ja")
    name_and_import(qtbot, "", "", seen)
    again = transfer.import_history(window, CASE1)
    assert again is not None and again.imported == 0
    assert seen[1].startswith("「case1_2022-05-31.txt」は机戦 1 局の Cerke Online の棋譜です")
    assert db.count_plays(window.ctx.db) == before + 1


def test_a_faulty_record_is_refused_naming_the_move(window, person, tmp_path) -> None:
    path = tmp_path / "bad.txt"
    path.write_text(CASE1.read_text(encoding="utf-8").replace("CAI巫CAMA橋一手赤馬",
                                                              "CAI巫CAMA橋一手黒馬"),
                    encoding="utf-8")
    before = db.count_plays(window.ctx.db)
    seen: list[str] = []
    person.answer_dialogs("Close", seen=seen)
    assert transfer.import_history(window, path) is None
    assert seen[0].strip() == (
        "“bad.txt” was not imported: move 9 (春): CAI巫CAMA橋一手黒馬: the move captures the "
        "赤馬, not the 黒馬 the record names. Nothing was written.")
    assert db.count_plays(window.ctx.db) == before


def stored_record(window: Any, name: str = "case3_2022-04-01.txt") -> PlayRecord:
    from companion.games.cetkaik.kiaak import kiaak_play

    play = kiaak_play((DATA / name).read_text(encoding="utf-8"), ["Ann", "Ben"])
    play.id = int(db.add_play(window.ctx.db, play))
    return play


def test_an_imported_record_replays_with_its_seasons_and_goes_on_from_any_move(
        qtbot, window) -> None:
    from ui.play.controller import Seat
    from ui.play.replay import open_replay

    play = stored_record(window)
    view = open_replay(None, play)
    qtbot.addWidget(view)
    qtbot.waitExposed(view)
    end = view.replay.state(view.last())
    assert end.over and end.scores == [0, 40]
    assert [(r.season, r.declarer, r.points) for r in end.results] == [(0, 0, 5), (1, 1, 15),
                                                                        (2, 1, 10)]
    assert [h.name("ja") for h in end.results[1].hands] == ["地心", "王", "獣"]
    view.go(40)
    at_move = view.replay.state(40).describe()
    game: Any = view.start_branch([Seat("Ann"), Seat("", "random")])  # a window of its own
    assert game is not None and game.isWindow()
    qtbot.addWidget(game)
    controller = game.controller
    assert controller.state.describe() == at_move
    assert [s.bot for s in controller.seats] == [None, "random"]
    assert isinstance(controller.game, Game) and not controller.finished


def test_the_plays_dialog_writes_the_record_back(qtbot, window, monkeypatch, tmp_path) -> None:
    play = stored_record(window)
    path = tmp_path / "back.txt"
    monkeypatch.setattr(history_page, "ask_save_path", lambda *a, **k: path)
    dialog = window.show_page("history").open_play(play.id)
    assert dialog.kiaak_button.isVisible()
    assert dialog.kiaak_button.text() == "Export 棋譜 (Cerke Online)…"
    dialog.kiaak_button.click()
    assert dialog.status.text() == f"棋譜 written: {path}"
    assert path.read_text(encoding="utf-8") == \
        (DATA / "case3_2022-04-01.txt").read_text(encoding="utf-8")
    dialog.reject()


def test_a_rule_set_the_format_cannot_hold_is_told(qtbot, window, monkeypatch) -> None:
    from datetime import datetime

    game = Game.new("cetkaik_education", 2, {}, seed=3)
    game.resolve_chance()
    play = PlayRecord("cetkaik_education", PlayMode.DIGITAL, datetime(2026, 11, 7, 19),
                      [SeatResult(0, "Ann"), SeatResult(1, "Ben")],
                      record=game.record.to_dict())
    play.id = int(db.add_play(window.ctx.db, play))
    monkeypatch.setattr(history_page, "ask_save_path", lambda *a, **k: None)
    dialog = window.show_page("history").open_play(play.id)
    language().set("ja")
    dialog.kiaak_button.click()
    assert dialog.status.text() == (
        "この対局は Cerke Online の棋譜として書けません: "
        "教育机戦（5×7 の盤）は Cerke Online の棋譜形式では書けません。")
    dialog.reject()
