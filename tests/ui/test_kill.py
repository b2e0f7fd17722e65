"""A game killed with SIGKILL mid-game resumes at exactly the last autosaved position.

A real child process plays 獣裁 (a person against a bot) with autosave into a database in a
temporary COMPANION_DATA_DIR. After every autosave (on the controller's save thread) it prints
the saved position — as the interface thread saw it when the save was queued — and waits for
the parent's go-ahead; after N saves the parent kills it with SIGKILL. The parent then finds
the unfinished play in the database, replays it, and opens it with `resume_play`. The bot's
worker processes, orphaned by the kill, end by themselves.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from companion.core.record import Game, GameRecord
from ui.play.pyside_guard import protect_singletons

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py

db = pytest.importorskip("db")
if not all(hasattr(db, n) for n in ("open_database", "save_autosave", "unfinished_plays")):
    pytest.skip("db repository functions not available yet", allow_module_level=True)

SAVES_BEFORE_KILL = 9

CHILD = r"""
import json, os, sys, types
from PySide6.QtCore import QCoreApplication
app = QCoreApplication([])
from ui.play.pyside_guard import protect_singletons
protect_singletons()
import db
from companion.core.record import Game
from ui.play.controller import GameController, Seat, process_bots

database = db.open_database(sys.argv[1])
original = db.save_autosave
controller = None

def save_and_tell(database, play):
    play_id = original(database, play)  # committed when it returns
    print(json.dumps({"id": play_id, "record": play.record,
                      "describe": described[len(play.record["moves"])],
                      "workers": process_bots().pool.pids()}), flush=True)
    sys.stdin.readline()  # wait for the parent's go-ahead (the game goes on meanwhile)
    return play_id

described = {}

def note_then_autosave():
    described[len(controller.game.record.entries)] = controller.state.describe()
    queue_autosave()

db.save_autosave = save_and_tell
game = Game.new("juusai", 2, {"start_points": 50, "rounds": 999}, seed=2024)
controller = GameController(types.SimpleNamespace(db=database), game,
                            [Seat("花子"), Seat("", "random")])
queue_autosave = controller.autosave
controller.autosave = note_then_autosave
controller.start()
while not controller.finished:
    app.processEvents()
    if controller.is_human_turn():
        controller.play(controller.legal_moves()[0])
print("FINISHED", flush=True)
"""


def _ends_soon(pid: int, seconds: float = 10.0) -> bool:
    """Whether process `pid` is gone (or a zombie) within `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except (OSError, IndexError):
            return True
        if state in ("Z", "X"):
            return True
        time.sleep(0.05)
    return False


def test_sigkill_mid_game_resumes_at_the_last_autosave(tmp_path: Path, qtbot) -> None:
    url = f"sqlite:///{tmp_path / 'companion.db'}"
    paths = [os.environ.get("PYTHONPATH", ""), str(Path(__file__).resolve().parents[2])]
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join(p for p in paths if p))
    child = subprocess.Popen([sys.executable, "-c", CHILD, url], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    saves = []
    try:
        assert child.stdout is not None and child.stdin is not None
        while len(saves) < SAVES_BEFORE_KILL:
            line = child.stdout.readline()
            assert line and line != "FINISHED\n", child.stderr.read() if child.stderr else ""
            saves.append(json.loads(line))
            if len(saves) < SAVES_BEFORE_KILL:
                child.stdin.write("go\n")
                child.stdin.flush()
        os.kill(child.pid, signal.SIGKILL)
        assert child.wait(timeout=10) == -signal.SIGKILL
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
    last = saves[-1]
    assert last["workers"] and all(_ends_soon(pid) for pid in last["workers"])
    assert len({s["id"] for s in saves}) == 1  # one play, saved again and again
    assert len(last["record"]["moves"]) > 5  # mid-game, bot moves included

    database = db.open_database(url)
    (play,) = db.unfinished_plays(database)
    assert play.id == last["id"] and play.finished_at is None
    assert play.record == last["record"]
    game = Game.replay(GameRecord.from_dict(play.record))
    assert game.state.describe() == last["describe"]
    assert not game.state.is_over()

    from PySide6.QtCore import QSettings

    from ui.context import AppContext
    from ui.play.resume import resume_play

    ctx = AppContext.create(database, QSettings(str(tmp_path / "s.ini"),
                                                QSettings.Format.IniFormat))
    view = resume_play(ctx, play)
    qtbot.addWidget(view)
    controller = view.controller  # type: ignore[attr-defined]
    assert controller.state.describe() == last["describe"]
    assert controller.game.record.to_dict() == last["record"]
    assert controller.play_id == play.id
    assert controller.seats[0].name == "花子"
    controller.close()
