"""The generic game controller: bots in a worker process (a thread for stand-ins), chance,
autosave after every move off the interface thread, undo rules (hot-seat vs against bots),
stale bot answers ignored, the finished play saved (or kept pending with a retry)."""

from __future__ import annotations

import contextlib
import copy
import functools
import gc
import json
import os
import subprocess
import sys
import threading
import time
import types
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from PySide6.QtCore import QTimer

import companion.bots
from companion.core.api import CHANCE, TERMINAL, GameState, Outcome
from companion.core.chance import stick_distribution
from companion.core.record import Game
from companion.games import registry
from ui.play.controller import GameController, Seat
from ui.play.pyside_guard import protect_singletons

protect_singletons()  # PySide6 6.12.0 on Python 3.11, see ui/play/pyside_guard.py

GOAL = 8


@dataclass
class ToyState(GameState):
    """Seats take turns: "throw" (five sticks, the result is added) or "wait"; first to 8."""

    game_id = "toy"
    points: list[int] = field(default_factory=list)
    turn: int = 0
    throwing: bool = False

    def __post_init__(self) -> None:
        self.points = self.points or [0] * self.num_players

    def to_move(self) -> int:
        if max(self.points) >= GOAL:
            return TERMINAL
        return CHANCE if self.throwing else self.turn

    def legal_moves(self) -> list[str]:
        if self.is_over():
            return []
        if self.throwing:
            return [str(k) for k in range(6)]
        return ["throw", "wait"]

    def chance_outcomes(self) -> list[tuple[str, float]]:
        return [(str(k), p) for k, p in stick_distribution()] if self.throwing else []

    def _apply(self, move: str) -> None:
        if self.throwing:
            self.points[self.turn] += int(move)
            self.throwing = False
            self.turn = (self.turn + 1) % self.num_players
        elif move == "throw":
            self.throwing = True
        else:
            self.turn = (self.turn + 1) % self.num_players

    def parse_move(self, text: str) -> str:
        return text

    def outcome(self) -> Outcome | None:
        if not self.is_over():
            return None
        best = max(self.points)
        return Outcome(tuple(float(p) for p in self.points),
                       frozenset(i for i, p in enumerate(self.points) if p == best),
                       breakdown=tuple({"points": float(p)} for p in self.points))

    def describe(self) -> str:
        return f"points {self.points}, turn {self.turn}, throwing {self.throwing}"


TOY = registry.GameInfo("toy", "玩具", "Toy", 1, 4, frozenset({registry.Mode.PLAY}),
                        new_state=lambda n, options: ToyState(n, options))


class FakeDb(types.ModuleType):
    """Stands in for the db package: records every call (and the thread of each save)."""

    def __init__(self) -> None:
        super().__init__("db")
        self.autosaves: list = []
        self.finished: list = []
        self.threads: list[int] = []

    def save_autosave(self, database, play) -> int:
        self.threads.append(threading.get_ident())
        self.autosaves.append(copy.deepcopy(play))
        return 41

    def update_play(self, database, play) -> None:
        self.finished.append(play)

    def add_play(self, database, play) -> int:
        self.finished.append(play)
        return 42


class SlowBot:
    """Throws always, after `delay` seconds; records its thread."""

    def __init__(self, delay: float = 0.0) -> None:
        self.delay = delay
        self.threads: set[int] = set()

    def choose(self, view, seat, rng):
        self.threads.add(threading.get_ident())
        time.sleep(self.delay)
        return "throw"


@pytest.fixture
def toy(monkeypatch):
    with contextlib.suppress(ImportError):  # the real games may not be importable yet
        registry._load()
    monkeypatch.setitem(registry._REGISTRY, "toy", TOY)
    fake = FakeDb()
    monkeypatch.setitem(sys.modules, "db", fake)
    bot = SlowBot()
    monkeypatch.setattr(companion.bots, "make_bot", lambda kind: bot, raising=False)
    return types.SimpleNamespace(db=fake, bot=bot)


def controller(seats, seed=3, ctx=True) -> GameController:
    game = Game.new("toy", len(seats), {}, seed)
    context = types.SimpleNamespace(db=object()) if ctx else None
    return GameController(context, game, seats)


def test_every_move_is_autosaved_in_order_off_the_interface_thread(qtbot, toy) -> None:
    c = controller([Seat("A"), Seat("B")])
    c.start()
    c.play("throw")
    c.play("wait")
    assert c.flush_saves()
    assert len(toy.db.autosaves) == 3 and c.play_id == 41
    assert [len(p.record["moves"]) for p in toy.db.autosaves] == [0, 2, 3]  # in order
    assert [p.id for p in toy.db.autosaves] == [None, 41, 41]  # one play, saved again
    assert threading.get_ident() not in toy.db.threads
    last = toy.db.autosaves[-1]
    assert last.record == c.game.record.to_dict() and last.finished_at is None
    assert [s.player for s in last.seats] == ["A", "B"]


def test_closing_waits_for_the_last_autosave(qtbot, toy, monkeypatch) -> None:
    slow = toy.db.save_autosave

    def save_slowly(database, play):
        time.sleep(0.05)
        return slow(database, play)

    monkeypatch.setattr(toy.db, "save_autosave", save_slowly)
    c = controller([Seat("A"), Seat("B")])
    c.start()
    c.play("wait")
    c.close()
    assert toy.db.autosaves[-1].record == c.game.record.to_dict()


def test_an_autosave_waits_for_the_interface_but_not_a_flush(qtbot, toy, monkeypatch) -> None:
    """A write starts a moment after the move (the interface finishes the move without
    sharing the interpreter), and never later than a flush: closing or finishing."""
    from ui.play import controller as controller_module

    monkeypatch.setattr(controller_module, "WRITE_LAG_S", 60.0)
    c = controller([Seat("A"), Seat("B")])
    c.start()
    c.play("throw")
    qtbot.wait(30)
    assert toy.db.autosaves == []  # still waiting for the interface
    assert c.flush_saves(5000)  # a flush does not wait out the lag
    assert [len(p.record["moves"]) for p in toy.db.autosaves] == [0, 2]
    monkeypatch.setattr(controller_module, "WRITE_LAG_S", 0.01)
    c.play("wait")
    qtbot.waitUntil(lambda: len(toy.db.autosaves) == 3, timeout=5000)  # and lands unasked


def test_a_call_posted_from_a_thread_runs_on_the_interface_thread(qtbot, monkeypatch) -> None:
    """Even when a thread is the first to post (the mailbox is then made on that thread)."""
    from ui.play import controller

    monkeypatch.setattr(controller, "_made_mailbox",
                        functools.cache(controller._made_mailbox.__wrapped__))
    ran_on: list[threading.Thread] = []
    poster = threading.Thread(
        target=lambda: controller.on_interface_thread(
            lambda: ran_on.append(threading.current_thread())))
    poster.start()
    poster.join()
    qtbot.waitUntil(lambda: bool(ran_on), timeout=5000)
    assert ran_on == [threading.main_thread()]


def test_stand_in_bots_move_in_a_thread_until_a_person_is_to_move(qtbot, toy) -> None:
    """A bot that exists only in this interpreter (here a test's stand-in for `make_bot`)
    cannot be built in a worker process: it thinks in a thread instead."""
    c = controller([Seat("A"), Seat("", "random"), Seat("", "random")])
    seen = []
    c.thinking.connect(lambda seat, on: seen.append((seat, on)))
    c.start()
    c.play("throw")
    qtbot.waitUntil(lambda: c.to_move() in (0, TERMINAL), timeout=5000)
    assert seen[:2] == [(1, True), (1, False)] and (2, True) in seen
    assert threading.get_ident() not in toy.bot.threads
    assert c.game.record.entries[2].seat == 1  # the bot's own throw is in the record


def test_the_event_loop_runs_while_a_bot_thinks(qtbot, toy, monkeypatch) -> None:
    ticks: list[int] = []
    seen: list[int] = []

    class BusyBot:
        def choose(self, view, seat, rng):
            deadline = time.monotonic() + 20
            while len(ticks) < 3 and time.monotonic() < deadline:
                sum(i * i for i in range(2000))  # holds the interpreter, like a search
            seen.append(len(ticks))
            return "throw"

    monkeypatch.setattr(companion.bots, "make_bot", lambda kind: BusyBot(), raising=False)
    c = controller([Seat("", "mcts:strong"), Seat("A")])
    timer = QTimer()
    timer.timeout.connect(lambda: ticks.append(1))
    timer.start(10)
    c.start()
    assert c.thinking_seat() == 0
    qtbot.waitUntil(lambda: c.to_move() == 1, timeout=30000)
    timer.stop()
    assert seen == [3] or seen[0] >= 3  # the timer kept firing while the bot was busy


def test_a_bot_answer_after_undo_is_ignored(qtbot, toy) -> None:
    toy.bot.delay = 0.3
    c = controller([Seat("A"), Seat("", "random")])
    c.start()
    c.play("wait")
    assert c.thinking_seat() == 1
    assert c.undo()  # back to A's turn before the bot's answer arrives
    assert c.to_move() == 0 and c.thinking_seat() is None
    c.wait_for_workers()
    qtbot.wait(50)
    assert c.game.record.moves() == [] and c.to_move() == 0


def test_undo_against_bots_goes_back_to_the_persons_previous_turn(qtbot, toy) -> None:
    c = controller([Seat("A"), Seat("", "random")])
    c.start()
    c.play("wait")
    qtbot.waitUntil(lambda: c.to_move() == 0, timeout=5000)
    assert len(c.game.record.entries) == 3  # A waits, the bot throws (+ chance)
    assert c.undo()
    assert c.game.record.moves() == [] and c.to_move() == 0
    assert not c.can_undo()


def test_hot_seat_undo_takes_back_one_step(qtbot, toy) -> None:
    c = controller([Seat("A"), Seat("B")])
    c.start()
    c.play("throw")
    c.play("wait")
    assert c.undo() and c.to_move() == 1 and len(c.game.record.entries) == 2
    assert c.undo() and c.to_move() == 0 and c.game.record.entries == []
    c.flush_saves()  # the autosave lands a moment after the move (after the interface's work)
    assert toy.db.autosaves[-1].record["moves"] == []


def test_the_finished_play_is_saved_with_ranks_and_winners(qtbot, toy) -> None:
    from ui.events import events

    c = controller([Seat("A"), Seat("B")], seed=5)
    outcomes = []
    c.game_over.connect(outcomes.append)
    changed = []
    events().history_changed.connect(lambda: changed.append(1))
    c.start()
    while not c.finished:
        c.play("throw")
    assert c.saving and not toy.db.finished  # the write is off the interface thread
    c.flush_saves()
    assert not c.saving and not c.save_pending
    (outcome,) = outcomes
    (play,) = toy.db.finished
    assert play.id == 41 and play.finished_at is not None
    assert [s.score for s in play.seats] == list(outcome.scores)
    assert [s.rank for s in play.seats] == list(outcome.ranks())
    assert {s.seat for s in play.seats if s.winner} == set(outcome.winners)
    assert play.seats[0].breakdown == {"points": outcome.scores[0]}
    assert changed and c.legal_moves() == []


def test_close_ignores_a_bot_still_thinking(qtbot, toy) -> None:
    toy.bot.delay = 0.2
    c = controller([Seat("", "random"), Seat("A")])
    c.start()
    c.close()
    c.wait_for_workers()
    qtbot.wait(50)
    assert c.game.record.entries == []


def test_a_failing_save_is_reported_and_the_game_goes_on(qtbot, toy, monkeypatch) -> None:
    def broken(database, play):
        raise OSError("disk full")

    monkeypatch.setattr(toy.db, "save_autosave", broken)
    c = controller([Seat("A"), Seat("B")])
    errors = []
    c.error.connect(errors.append)
    c.start()
    c.play("wait")
    c.flush_saves()
    assert "disk full" in errors[-1] and c.to_move() == 1


def test_a_paused_bot_move_is_dropped_by_undo_during_the_pause(qtbot, toy) -> None:
    c = controller([Seat("A"), Seat("", "random")])
    c.bot_delay_ms = 200
    c.start()
    c.play("wait")
    assert c.thinking_seat() == 1
    assert c.undo()
    qtbot.wait(400)
    c.wait_for_workers()
    qtbot.wait(20)
    assert c.game.record.entries == [] and c.to_move() == 0
    c.play("wait")
    qtbot.waitUntil(lambda: c.to_move() == 0, timeout=5000)  # the bot moves after its pause
    assert c.game.record.entries[1].seat == 1


def test_a_finished_play_whose_save_fails_is_kept_and_saved_on_retry(qtbot, toy,
                                                                     monkeypatch) -> None:
    def locked(database, play):
        raise RuntimeError("database is locked")

    monkeypatch.setattr(toy.db, "update_play", locked)
    c = controller([Seat("A"), Seat("B")], seed=5)
    failed, saved, outcomes = [], [], []
    c.save_failed.connect(failed.append)
    c.saved.connect(saved.append)
    c.game_over.connect(outcomes.append)
    c.start()
    while not c.finished:
        c.play("throw")
    c.flush_saves()
    assert outcomes and c.save_pending and not c.saving and not saved
    assert "database is locked" in failed[-1] and "unfinished" in failed[-1]
    # The history holds the game as unfinished with every move: resuming it finishes it.
    assert toy.db.autosaves[-1].record == c.game.record.to_dict()
    assert toy.db.autosaves[-1].finished_at is None
    monkeypatch.undo()
    monkeypatch.setitem(sys.modules, "db", toy.db)
    assert c.retry_save() and c.saving
    assert not c.retry_save()  # one save at a time
    c.flush_saves()
    assert not c.save_pending and saved == [41]
    (play,) = toy.db.finished
    assert play.finished_at is not None and play.record == c.game.record.to_dict()
    assert not c.retry_save()  # nothing pending any more


def test_one_refresh_signal_per_move_and_the_thinking_seat_is_current(qtbot, toy) -> None:
    c = controller([Seat("", "random"), Seat("", "random")], seed=5)
    seen: list[int | None] = []
    c.state_changed.connect(lambda: seen.append(c.thinking_seat()))
    c.start()
    qtbot.waitUntil(lambda: c.finished, timeout=20000)
    decisions = sum(1 for e in c.game.record.entries if e.seat >= 0)
    assert len(seen) == decisions + 1  # the start, then one per move
    assert seen[-1] is None  # game over
    assert all(seat is not None for seat in seen[:-1])  # the next bot was already thinking


def test_the_start_up_heap_is_frozen_out_of_the_collector(qtbot, toy) -> None:
    controller([Seat("A"), Seat("B")]).start()
    assert gc.get_freeze_count() > 0


def test_each_game_starts_with_a_full_collection(qtbot, toy) -> None:
    """The collector's full pass runs when a game starts (while its page is built), not at a
    moment of its own choosing in the middle of a game a few games into an evening."""
    full: list[int] = []

    def watch(phase: str, info: dict[str, int]) -> None:
        if phase == "start" and info["generation"] == 2:
            full.append(1)

    gc.callbacks.append(watch)
    try:
        for _ in range(2):
            before = len(full)
            controller([Seat("A"), Seat("B")]).start()
            assert len(full) == before + 1
    finally:
        gc.callbacks.remove(watch)


# --- real bots in worker processes --------------------------------------------------------


def test_real_bots_think_in_a_worker_process(qtbot) -> None:
    from ui.play.controller import ProcessBots

    game = Game.new("rengeki", 2, {"rounds": 2}, seed=11)
    c = GameController(None, game, [Seat("", "mcts:weak"), Seat("", "greedy")])
    assert isinstance(c.bots, ProcessBots)
    answers = []
    c.bots.think = _spy(c.bots.think, answers)  # type: ignore[method-assign]
    c.start()
    qtbot.waitUntil(lambda: c.finished, timeout=60000)
    assert answers and all(a.pid not in (0, os.getpid()) for a in answers)
    assert set(c.bots.pool.pids()) >= {a.pid for a in answers}
    assert c.state.outcome() is not None
    c.close()


def _spy(think, answers):
    def wrapped(request, callback):
        def record(answer):
            answers.append(answer)
            callback(answer)

        return think(request, record)

    return wrapped


def test_undo_cancels_the_search_in_the_worker(qtbot) -> None:
    game = Game.new("etariya", 2, seed=3)
    c = GameController(None, game, [Seat("Ann"), Seat("", "mcts:strong")])
    c.start()
    c.play(c.legal_moves()[0])
    while c.is_human_turn():  # Ann places her stones, then the bot's turn
        c.play(c.legal_moves()[0])
    assert c.thinking_seat() == 1
    ticket = c._ticket
    assert c.undo()
    assert ticket not in c.bots.pool.pending()  # type: ignore[attr-defined]
    assert c.bots.drain(30)  # the worker stopped and is free again
    assert c.is_human_turn() and c.thinking_seat() is None
    c.close()


CLOSE_CHILD = r"""
import json, sys, tempfile
from argparse import Namespace
from pathlib import Path
from PySide6.QtCore import QSettings, QTimer
from PySide6.QtWidgets import QApplication
import db
from ui.app import build_window
from ui.new_game_dialog import GameSetup, SeatChoice
from ui.play.controller import process_bots

folder = Path(sys.argv[1])
window = build_window(Namespace(lang="en"),
                      QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat))
window.ctx.db = db.open_database(f"sqlite:///{folder / 'c.db'}")
window.show()
app = QApplication.instance()
area = window.open_game("etariya", "play").widget("play")
area.start(GameSetup("etariya", {}, [SeatChoice("", "mcts:strong"), SeatChoice("Ann")], 3))
controller = area.view.controller
controller.bot_delay_ms = 0

def close():
    print(json.dumps({"thinking": controller.thinking_seat(),
                      "workers": process_bots().pool.pids()}), flush=True)
    window.close()
    app.quit()

QTimer.singleShot(800, close)
app.exec()
window.ctx.db.close()
"""


def test_closing_the_window_while_a_bot_thinks_stops_it_quietly(tmp_path) -> None:
    """Issue 8: closing the window while a bot thought printed `RuntimeError: Signal source
    has been deleted`. The bot's search is stopped, nothing is printed, no worker is left."""
    paths = [os.environ.get("PYTHONPATH", ""), str(Path(__file__).resolve().parents[2])]
    env = dict(os.environ, COMPANION_DATA_DIR=str(tmp_path), QT_QPA_PLATFORM="offscreen",
               PYTHONPATH=os.pathsep.join(p for p in paths if p))
    done = subprocess.run([sys.executable, "-c", CLOSE_CHILD, str(tmp_path)], env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["thinking"] == 0 and report["workers"]  # closed mid-search
    assert "Error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
    for pid in report["workers"]:
        assert not Path(f"/proc/{pid}").exists() or _is_zombie(pid)


def _is_zombie(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


def test_bots_think_in_this_process_when_no_worker_can_start(qtbot, monkeypatch) -> None:
    from companion.bots.worker import BotPool
    from ui.play.controller import ProcessBots, ThreadBots

    def refuse(self, game_id=None):
        raise OSError("no processes here")

    monkeypatch.setattr(BotPool, "start", refuse)
    game = Game.new("rengeki", 2, {"rounds": 1}, seed=4)
    c = GameController(None, game, [Seat("", "random"), Seat("", "random")],
                       bots=ProcessBots(BotPool(1)))
    c.start()
    qtbot.waitUntil(lambda: c.finished, timeout=30000)
    assert isinstance(c.bots, ThreadBots) and c.state.outcome() is not None
