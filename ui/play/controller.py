"""The game controller every play view uses: people and bots take turns, chance is drawn,
every move is autosaved, undo works, and the finished play goes into the history.

The controller owns a `companion.core.record.Game`. A person's move comes from the view
(`play(move)`). A bot thinks outside the interface's interpreter: the game record goes to a
worker process (`companion.bots.worker`), which rebuilds the position and answers with the
move in notation; the answer is read on the interface thread when the worker's connection
becomes readable, so the interface never waits for it nor shares an interpreter lock with a
search. Every request carries a ticket: after an undo, a restart or `close` the old ticket is
cancelled (the worker stops searching) and a late answer is dropped.

Per move the interface thread only applies the move, queues the autosave and emits
`state_changed` once (after `thinking_seat()` and `legal_moves()` are up to date): views
refresh on that one signal. `thinking(seat, on)` is for busy indicators, `chance_drawn` for
animations. Autosaves run in order on one background thread (each is one transaction of the
database layer); their results come back on the interface thread. The finished play is saved
once at the end, after them, on the interface thread (no bot thinks then), so that the
result can say at once where it is in the history.

A finished play that cannot be saved stays in the history as an unfinished game (the last
autosave holds every move, and resuming it saves it as finished), `save_failed(message)` and
`error(message)` say so, and `retry_save()` tries again; `saved(play_id)` tells when the
finished play is in the history (before `game_over`, when the save succeeds at once).

Bots that exist only in this interpreter (a test's stand-in for `make_bot`, a game registered
at run time) think in a thread of this process instead: a worker process could not build them.

Questions (`questions`, a game's hook): a decision every seat is asked whatever it holds (終季's
"take this discard?"), whose answer must not show what the seat holds. A computer is shown
thinking about one for the same time whatever it could answer (`question_ms`: its answer waits
until then; its search runs even when it has one answer, `BotRequest.question`); a person
alone among computers whose only answer is one move has it played at once (nobody else at the
device could learn anything from the asking), and Undo takes it back together with the
person's decision before it.
"""

from __future__ import annotations

import contextlib
import gc
import importlib
import queue
import threading
import time
from collections.abc import Callable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import wait as wait_futures
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QSocketNotifier, Qt, QTimer, Signal, Slot

from companion.bots import make_bot as _MAKE_BOT
from companion.bots import think_seconds
from companion.bots.runner import bot_rng
from companion.bots.worker import BotAnswer, BotPool, BotRequest
from companion.core.api import CHANCE, Outcome
from companion.core.record import Game
from companion.display import bot_name
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.timer import PlayTimer
from ui.context import AppContext
from ui.i18n import reason, tr

__all__ = ["GameController", "Seat", "bot_rng", "history_name",
           "seat_from_history", "seats_from"]

#: Seconds a closing window waits for the last saves to land.
FLUSH_ON_EXIT_S = 5.0
#: A computer's answer to a question shows after this many bot pauses (`bot_delay_ms`), its
#: search included, whatever it could answer (a search with options takes longer).
QUESTION_PAUSES = 2


def history_name(name: str, bot: str | None) -> str:
    """The name a seat is saved under: its own, or "Bot · <kind>" (one name in every
    language, so that a bot's statistics stay together)."""
    if name:
        return name
    if bot:
        return bot_name(bot, "en")
    return "?"


@dataclass(frozen=True)
class Seat:
    """Who sits at a seat: a person (bot None) or a bot of a kind."""

    name: str
    bot: str | None = None

    @property
    def is_bot(self) -> bool:
        return self.bot is not None


def seat_from_history(result: SeatResult) -> Seat:
    """The seat of a saved play (a bot saved under its default name is named afresh)."""
    if not result.is_bot:
        return Seat(result.player)
    kind = result.bot_kind or "random"
    return Seat("" if result.player == history_name("", kind) else result.player, kind)


def seats_from(choices: Sequence[Any]) -> list[Seat]:
    """Seats from the new-game dialog's `SeatChoice(name, bot)` objects (or `Seat`s)."""
    return [Seat(str(c.name), getattr(c, "bot", None) or None) for c in choices]


# --- calls back onto the interface thread ---------------------------------------------------


class _Mailbox(QObject):
    """Runs calls posted from other threads on the interface thread. It lives as long as the
    application, so a thread never emits from an object that is gone."""

    wake = Signal()

    def __init__(self) -> None:
        super().__init__()
        self._calls: queue.SimpleQueue[Callable[[], None]] = queue.SimpleQueue()
        self.wake.connect(self.run_posted, Qt.ConnectionType.QueuedConnection)

    def post(self, call: Callable[[], None]) -> None:
        """From any thread: run `call` on the interface thread soon."""
        self._calls.put(call)
        with contextlib.suppress(RuntimeError):  # the application is shutting down
            self.wake.emit()

    @Slot()
    def run_posted(self) -> None:
        while True:
            try:
                call = self._calls.get_nowait()
            except queue.Empty:
                return
            call()


_MAILBOX_LOCK = threading.Lock()


def _mailbox() -> _Mailbox:
    with _MAILBOX_LOCK:  # two threads posting first must not make two
        return _made_mailbox()


@cache
def _made_mailbox() -> _Mailbox:
    box = _Mailbox()
    app = QCoreApplication.instance()
    if app is not None:  # made first on another thread, it would wait for that thread's loop
        box.moveToThread(app.thread())
    return box


def on_interface_thread(call: Callable[[], None]) -> None:
    """From any thread: run `call` on the interface thread soon (a thread must not touch or
    signal a widget itself: the widget may be gone by the time the thread is done)."""
    _mailbox().post(call)


# --- where bots think -----------------------------------------------------------------------


class BotRunner(Protocol):
    """Thinks for bots and calls back on the interface thread."""

    def think(self, request: BotRequest, answer: Callable[[BotAnswer], None]) -> int: ...

    def cancel(self, ticket: int) -> None: ...

    def drain(self, seconds: float) -> bool: ...


class ProcessBots(QObject):
    """The app's bots: worker processes (`BotPool`), whose answers are read on the interface
    thread when a worker's connection becomes readable."""

    def __init__(self, pool: BotPool | None = None) -> None:
        super().__init__()
        self.pool = pool or BotPool()
        self._answers: dict[int, Callable[[BotAnswer], None]] = {}
        self._notifiers: dict[int, tuple[Any, QSocketNotifier]] = {}

    def warm_up(self, game_id: str) -> None:
        """Start the workers and load the game's engine in them (call at idle); and load
        here the bot modules that a request reads, not at the first bot's move."""
        from companion.bots import make_bot

        make_bot("random")
        self.pool.start(game_id)
        self._watch()

    def think(self, request: BotRequest, answer: Callable[[BotAnswer], None]) -> int:
        ticket = self.pool.submit(request)
        self._answers[ticket] = answer
        self._watch()
        return ticket

    def cancel(self, ticket: int) -> None:
        self._answers.pop(ticket, None)
        self.pool.cancel(ticket)

    def drain(self, seconds: float) -> bool:
        """Wait until no worker thinks (answers still wanted are delivered)."""
        done = self.pool.drain(seconds)
        self._deliver(self.pool.collect())
        return done

    def close(self) -> None:
        for _conn, notifier in self._notifiers.values():
            notifier.setEnabled(False)
            notifier.deleteLater()
        self._notifiers.clear()
        self._answers.clear()
        self.pool.close()

    def _watch(self) -> None:
        """One notifier per worker connection (a replaced worker gets a new one)."""
        live = {id(conn): conn for conn in self.pool.connections()}
        for key in [k for k in self._notifiers if k not in live]:
            _conn, notifier = self._notifiers.pop(key)
            notifier.setEnabled(False)
            notifier.deleteLater()
        for key, conn in live.items():
            if key not in self._notifiers:
                notifier = QSocketNotifier(conn.fileno(), QSocketNotifier.Type.Read, self)
                notifier.activated.connect(self._readable)
                self._notifiers[key] = (conn, notifier)

    @Slot()
    def _readable(self) -> None:
        self._deliver(self.pool.collect())
        self._watch()

    def _deliver(self, answers: list[BotAnswer]) -> None:
        for answer in answers:
            callback = self._answers.pop(answer.ticket, None)
            if callback is not None:
                callback(answer)


class ThreadBots:
    """Bots that exist only in this interpreter think in one thread of it (in order)."""

    def __init__(self) -> None:
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="companion-bot")
        self._answers: dict[int, Callable[[BotAnswer], None]] = {}
        self._futures: list[Future[None]] = []
        self._next = 0

    def think(self, request: BotRequest, answer: Callable[[BotAnswer], None]) -> int:
        self._next += 1
        ticket = self._next
        self._answers[ticket] = answer

        def run() -> None:
            import os

            from companion.bots.worker import decide

            try:
                result = BotAnswer(ticket, move=decide(request), pid=os.getpid())
            except Exception as exc:  # reported to the person, never lost in the thread
                result = BotAnswer(ticket, error=f"{type(exc).__name__}: {exc}")
            on_interface_thread(lambda: self._deliver(result))

        self._futures = [f for f in self._futures if not f.done()]
        self._futures.append(self._executor.submit(run))
        return ticket

    def cancel(self, ticket: int) -> None:
        self._answers.pop(ticket, None)

    def drain(self, seconds: float) -> bool:
        _done, running = wait_futures(self._futures, timeout=seconds)
        _mailbox().run_posted()
        return not running

    def _deliver(self, answer: BotAnswer) -> None:
        callback = self._answers.pop(answer.ticket, None)
        if callback is not None:
            callback(answer)


_RUNNERS: dict[str, Any] = {}


def process_bots() -> ProcessBots:
    """The application's worker processes (started on first use, stopped at exit)."""
    runner = _RUNNERS.get("process")
    if runner is None:
        runner = _RUNNERS["process"] = ProcessBots()
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(shutdown_bots)
    return runner


def thread_bots() -> ThreadBots:
    runner = _RUNNERS.get("thread")
    if runner is None:
        runner = _RUNNERS["thread"] = ThreadBots()
    return runner


def shutdown_bots() -> None:
    """Stop the worker processes (the application quits)."""
    runner = _RUNNERS.pop("process", None)
    if runner is not None:
        runner.close()


@cache
def _games_in_modules() -> frozenset[str]:
    from companion.games import registry

    return frozenset(importlib.import_module(name).INFO.id for name in registry.GAME_MODULES)


def runner_for(game_id: str) -> BotRunner:
    """Worker processes, unless the bots or the game exist only in this interpreter."""
    import companion.bots

    if companion.bots.make_bot is not _MAKE_BOT or game_id not in _games_in_modules():
        return thread_bots()
    return process_bots()


@cache
def _freeze_start_up_heap() -> None:
    """Move everything alive now out of the collector's reach: the interface's own later
    collections stay small (Python's advice for long-running processes after start-up)."""
    gc.freeze()


def _collect_before_play() -> None:
    """A full collection now, while a game's page is being built: Python runs one by itself
    once the objects that survived since the last grow by a quarter (a few games of a long
    evening), which would fall in the middle of a game, while a bot thinks (5-30 ms)."""
    _freeze_start_up_heap()
    gc.collect()


# --- saving in order, off the interface thread ----------------------------------------------


#: How long a write waits before it starts: the interface finishes the move (its views and
#: the next frame) before the writer shares the interpreter with it, which doubled the time
#: a bot's move took on the interface thread. A flush does not wait.
WRITE_LAG_S = 0.03


class _Saver:
    """Runs database writes one after the other on a background thread; each result (or the
    exception) comes back on the interface thread. The play's id lives here, on the writing
    side, so that the second autosave updates the play the first one created."""

    def __init__(self, play_id: int | None) -> None:
        self.play_id = play_id
        self._executor: ThreadPoolExecutor | None = None
        self._futures: list[Future[None]] = []
        self._hurry = threading.Event()

    def submit(self, job: Callable[[_Saver], Any], done: Callable[[Any], None]) -> None:
        if self._executor is None:
            self._executor = ThreadPoolExecutor(1, thread_name_prefix="companion-save")

        def run() -> None:
            self._hurry.wait(WRITE_LAG_S)
            try:
                result: Any = job(self)
            except Exception as exc:  # the person is told on the interface thread
                result = exc
            on_interface_thread(lambda: done(result))

        self._futures = [f for f in self._futures if not f.done()]
        self._futures.append(self._executor.submit(run))

    def pending(self) -> bool:
        return any(not f.done() for f in self._futures)

    def flush(self, seconds: float) -> bool:
        """Wait for the writes queued so far and deliver their results now."""
        self._hurry.set()
        try:
            _done, running = wait_futures(self._futures, timeout=seconds)
        finally:
            self._hurry.clear()
        _mailbox().run_posted()
        return not running

    def close(self) -> None:
        """No more writes; those queued still land (the thread ends after them)."""
        if self._executor is not None:
            self._executor.shutdown(wait=False)


def _autosave_job(database: Any, play: PlayRecord) -> Callable[[_Saver], int]:
    def job(saver: _Saver) -> int:
        import db

        play.id = saver.play_id
        saver.play_id = int(db.save_autosave(database, play))
        return saver.play_id

    return job


def _finish_job(database: Any, play: PlayRecord) -> Callable[[_Saver], int]:
    def job(saver: _Saver) -> int:
        import db

        play.id = saver.play_id
        if play.id is not None:
            db.update_play(database, play)
        else:
            saver.play_id = play.id = int(db.add_play(database, play))
        return play.id

    return job


# --- the controller ---------------------------------------------------------------------------


class GameController(QObject):
    """Runs one game for a play view. Views call `start`, `play`, `undo`, `close`."""

    state_changed = Signal()
    #: (seat, is thinking)
    thinking = Signal(int, bool)
    #: the chance outcomes just drawn (e.g. throws), for animations
    chance_drawn = Signal(list)
    game_over = Signal(object)  # Outcome
    #: a message a person understands (a failed save, a bot error)
    error = Signal(str)
    #: the finished play could not be saved: the message; `retry_save()` tries again
    save_failed = Signal(str)
    #: the finished play is in the history under this id
    saved = Signal(int)

    @classmethod
    def resumed(cls, ctx: AppContext | None, play: PlayRecord,
                parent: QObject | None = None) -> GameController:
        """The controller of an autosaved play, at exactly its saved position."""
        from companion.core.record import GameRecord

        if play.record is None:
            raise ValueError(f"play {play.id} has no game record to resume")
        game = Game.replay(GameRecord.from_dict(play.record))
        seats = [seat_from_history(s) for s in sorted(play.seats, key=lambda s: s.seat)]
        return cls(ctx, game, seats, play_id=play.id, started_at=play.started_at,
                   played_s=play.duration_s or 0, parent=parent)

    def __init__(self, ctx: AppContext | None, game: Game, seats: Sequence[Seat], *,
                 play_id: int | None = None, started_at: datetime | None = None,
                 played_s: int = 0, autosave: bool = True, parent: QObject | None = None,
                 bots: BotRunner | None = None) -> None:
        super().__init__(parent)
        if len(seats) != game.state.num_players:
            raise ValueError(f"{len(seats)} seats for a {game.state.num_players}-player game")
        self.ctx = ctx
        self.game = game
        self.seats = list(seats)
        self._saver = _Saver(play_id)
        self.started_at = started_at or datetime.now().replace(microsecond=0)
        #: How long the game has been played (a resumed game goes on from its stored time);
        #: it runs from `start` to the end, saved with every autosave as `duration_s`.
        self.timer = PlayTimer(elapsed=played_s)
        self.autosave_enabled = autosave and ctx is not None
        self.finished = False
        self.final_play: PlayRecord | None = None  # the finished play (saved, or pending)
        self.save_pending = False  # the finished play is not in the history yet
        self.save_error: Exception | None = None  # why the last save of it failed
        self.saving = False  # the finished play's save is on its way
        #: Pause before a bot's move so that people can follow (0 in tests).
        self.bot_delay_ms = 0
        #: The game's hook: True when the decision in this state is a question (see above).
        self.questions: Callable[[Any], bool] | None = None
        self._question = False  # the bot thinking now answers a question
        self._thinking_since = 0.0  # `now()` when the bot began to show thinking
        self._forced: set[int] = set()  # record indices of answers played for a lone person
        self.paused = False
        self._closed = False
        self._ticket: int | None = None  # the bot decision being thought
        self._waiting = 0  # generation of a bot move waiting for its pause
        self._thinking_seat: int | None = None
        self.bots: BotRunner = bots or runner_for(game.record.game_id)

    # --- who is who -------------------------------------------------------------------------
    @property
    def play_id(self) -> int | None:
        """The play's id in the history once its first save has landed (None before)."""
        return self._saver.play_id

    @play_id.setter
    def play_id(self, value: int | None) -> None:
        self._saver.play_id = value

    @property
    def state(self) -> Any:
        return self.game.state

    def human_seats(self) -> list[int]:
        return [i for i, seat in enumerate(self.seats) if not seat.is_bot]

    def is_hot_seat(self) -> bool:
        return all(not seat.is_bot for seat in self.seats)

    def to_move(self) -> int:
        return int(self.game.state.to_move())

    def is_human_turn(self) -> bool:
        seat = self.to_move()
        return 0 <= seat < len(self.seats) and not self.seats[seat].is_bot and not self.finished

    def thinking_seat(self) -> int | None:
        return self._thinking_seat

    def legal_moves(self) -> list[Any]:
        """The moves the view may offer now (none while a bot is to move)."""
        return list(self.game.state.legal_moves()) if self.is_human_turn() else []

    # --- running ----------------------------------------------------------------------------
    def start(self) -> None:
        """Draw any opening chance, save, and let a bot move if it is a bot's turn."""
        _collect_before_play()
        if not self.game.state.is_over():
            self.timer.start()
        if isinstance(self.bots, ProcessBots) and any(s.is_bot for s in self.seats):
            with contextlib.suppress(OSError):  # the first move falls back to a thread
                self.bots.warm_up(self.game.record.game_id)
        self._after_move(self._resolve())

    def play(self, move: Any) -> None:
        """A person's move. Raises `IllegalMoveError` (nothing changes) if it is not legal."""
        if self._closed or self.finished:
            return
        if not self.is_human_turn():
            raise RuntimeError("it is not a person's turn")
        self.game.play(move)
        self._after_move(self._resolve())

    def _resolve(self) -> list[Any]:
        return list(self.game.resolve_chance())

    def _after_move(self, drawn: list[Any]) -> None:
        drawn = drawn + self._play_forced()
        if drawn:
            self.chance_drawn.emit(drawn)
        self.autosave()
        if self.game.state.is_over():
            self.state_changed.emit()
            self._finish()
            return
        self._schedule_bot()
        self.state_changed.emit()

    def is_question(self) -> bool:
        """The decision now is a question (the game's `questions` hook)."""
        state = self.game.state
        return self.questions is not None and not state.is_over() and self.questions(state)

    def forced_answer(self) -> Any | None:
        """The one answer a person alone among computers has to a question (None when there
        is a choice, another person shares the device, or it is no question)."""
        if len(self.human_seats()) != 1 or not self.is_human_turn() or not self.is_question():
            return None
        moves = list(self.game.state.legal_moves())
        return moves[0] if len(moves) == 1 else None

    def _play_forced(self) -> list[Any]:
        """Play the forced answers due now (the record keeps them); the chance drawn after."""
        drawn: list[Any] = []
        while (move := self.forced_answer()) is not None:
            self._forced.add(len(self.game.record.entries))
            self.game.play(move)
            drawn += self._resolve()
        return drawn

    def now(self) -> float:
        """Seconds on the controller's clock (monotonic)."""
        return time.monotonic()

    def later(self, msecs: int, call: Callable[[], None]) -> None:
        """Run `call` on the interface thread after `msecs` (while this controller lives)."""
        QTimer.singleShot(msecs, self, call)

    def question_ms(self, kind: str) -> int:
        """How long a bot of `kind` is shown thinking about a question at the least: a few
        bot pauses, or a timed bot's whole budget (it searches that long when it can choose)."""
        budget = think_seconds(kind.partition(":")[2]) or 0.0
        return max(QUESTION_PAUSES * self.bot_delay_ms, int(budget * 1000) + self.bot_delay_ms)

    def _bot_to_move(self) -> int | None:
        seat = self.to_move()
        if self._closed or self.paused or self.finished or seat < 0 or seat == CHANCE:
            return None
        return seat if self.seats[seat].is_bot else None

    def _schedule_bot(self) -> None:
        seat = self._bot_to_move()
        if seat is None or self._thinking_seat is not None:
            return
        self._thinking_seat = seat
        self._question, self._thinking_since = self.is_question(), self.now()
        self.thinking.emit(seat, True)
        if self.bot_delay_ms > 0:
            self._waiting += 1
            waiting = self._waiting
            self.later(self.bot_delay_ms, lambda: self._launch(waiting))
        else:
            self._ask(seat)

    def _launch(self, waiting: int) -> None:
        if waiting == self._waiting and self._thinking_seat is not None and not self._closed:
            self._ask(self._thinking_seat)

    def _ask(self, seat: int) -> None:
        kind = self.seats[seat].bot
        assert kind is not None
        request = BotRequest(self.game.record.to_dict(), seat, kind, question=self._question)
        try:
            self._ticket = self.bots.think(request, self._bot_answer)
        except OSError:  # no worker process could start here: think in this process
            self.bots = thread_bots()
            self._ticket = self.bots.think(request, self._bot_answer)
        except Exception as exc:  # e.g. a bot kind this version does not know
            self._stop_thinking()
            self.error.emit(tr(f"The bot could not move: {exc}",
                               f"ボットが手を選べませんでした: {exc}"))

    def _bot_answer(self, answer: BotAnswer) -> None:
        if answer.ticket != self._ticket or self._closed:
            return  # a stale answer: the game was undone, restarted or closed meanwhile
        wait = self._question_wait()
        if wait > 0:  # shown as long as any answer to a question (undo etc. drop it)
            waiting = self._waiting
            self.later(wait, lambda: self._answer_held(waiting, answer))
            return
        self._ticket = None
        self._stop_thinking()
        if self.finished or self.paused:
            return
        if answer.move is None:
            why = "" if self.game.state.has_hidden_information() else f": {answer.error}"
            self.error.emit(tr(f"The bot could not move{why}",
                               f"ボットが手を選べませんでした{why}"))
            return
        try:
            self.game.play(self.game.state.parse_move(answer.move))
        except ValueError as exc:
            self.error.emit(self._bot_refusal(exc))
            return
        self._after_move(self._resolve())

    def _question_wait(self) -> int:
        """Milliseconds the answer of the bot thinking now still waits (a question's)."""
        seat = self._thinking_seat
        if not self._question or seat is None:
            return 0
        kind = self.seats[seat].bot or ""
        shown_ms = (self.now() - self._thinking_since) * 1000
        return max(0, round(self.question_ms(kind) - shown_ms))

    def _answer_held(self, waiting: int, answer: BotAnswer) -> None:
        if waiting == self._waiting:  # not undone, paused or closed meanwhile
            self._bot_answer(answer)  # now shown long enough: applied

    def _bot_refusal(self, exc: ValueError) -> str:
        """Why a bot's move was refused: with hidden information without the move and the
        position (their text names the cards of every hand; so may a failed bot's error)."""
        if self.game.state.has_hidden_information():
            return tr("The bot chose a move that is not allowed here.",
                      "ボットが指せない手を選びました。")
        return tr(f"The bot chose an illegal move: {exc}", f"ボットが不正な手を選びました: {exc}")

    def _stop_thinking(self) -> None:
        seat, self._thinking_seat = self._thinking_seat, None
        if seat is not None:
            self.thinking.emit(seat, False)

    def _invalidate(self) -> None:
        """Forget any bot still thinking: it is told to stop and its answer is ignored."""
        self._waiting += 1
        if self._ticket is not None:
            self.bots.cancel(self._ticket)
            self._ticket = None
        self._stop_thinking()

    def pause(self) -> None:
        self.paused = True
        self._invalidate()

    def resume(self) -> None:
        self.paused = False
        self._schedule_bot()

    def close(self) -> None:
        """Stop: a bot still thinking is stopped, and the queued saves land before this
        returns (at most `FLUSH_ON_EXIT_S`): the autosave keeps the game for later."""
        if self._closed:
            return
        self._invalidate()
        if self.timer.is_running():  # the time played since the last move is kept too
            self.timer.pause()
            self.autosave()
        self._closed = True
        self._saver.flush(FLUSH_ON_EXIT_S)
        self._saver.close()

    def wait_for_workers(self, msecs: int = 5000) -> bool:
        """Wait until no bot thinks and the queued saves have landed (tests, exit)."""
        bots_done = self.bots.drain(msecs / 1000)
        return self.flush_saves(msecs) and bots_done

    def flush_saves(self, msecs: int = int(FLUSH_ON_EXIT_S * 1000)) -> bool:
        """Wait for the saves queued so far; their results are delivered now."""
        return self._saver.flush(msecs / 1000)

    # --- undo -------------------------------------------------------------------------------
    def undo_seats(self) -> list[int] | None:
        """In hot-seat any step goes back; against bots, back to a person's previous turn."""
        return None if self.is_hot_seat() else self.human_seats()

    def forced_entries(self) -> frozenset[int]:
        """Record indices of the answers played for a person alone (`forced_answer`)."""
        return frozenset(self._forced)

    def _undo_target(self) -> int | None:
        """Index of the decision Undo takes back: the last of `undo_seats`, not counting the
        answers played for a lone person."""
        seats = self.undo_seats()
        for index in range(len(self.game.record.entries) - 1, -1, -1):
            entry = self.game.record.entries[index]
            if not entry.is_chance and (seats is None or entry.seat in seats) \
                    and index not in self._forced:
                return index
        return None

    def can_undo(self) -> bool:
        """Undo is offered while the game goes on (a finished play is in the history)."""
        if self._closed or self.finished or not self.human_seats():
            return False
        return self._undo_target() is not None

    def undo(self) -> bool:
        target = self._undo_target()
        if not self.can_undo() or target is None:
            return False
        self._invalidate()
        while len(self.game.record.entries) > target:  # forced answers after it go too
            if not self.game.undo(self.undo_seats()):
                return False
        self._forced = {i for i in self._forced if i < target}
        self.finished = False
        self.autosave()
        self._schedule_bot()
        self.state_changed.emit()
        return True

    # --- the history ------------------------------------------------------------------------
    def play_record(self, outcome: Outcome | None = None) -> PlayRecord:
        """The play as history data; with an outcome, finished with scores, ranks, winners."""
        seats = [
            SeatResult(seat=i, player=history_name(seat.name, seat.bot),
                       is_bot=seat.is_bot, bot_kind=seat.bot or "", start_player=i == 0)
            for i, seat in enumerate(self.seats)
        ]
        finished_at = None
        if outcome is not None:
            finished_at = datetime.now().replace(microsecond=0)
            ranks = outcome.ranks()
            for i, seat in enumerate(seats):
                seat.score = float(outcome.scores[i]) if i < len(outcome.scores) else None
                seat.rank = ranks[i] if i < len(ranks) else None
                seat.winner = i in outcome.winners
                if i < len(outcome.breakdown):
                    seat.breakdown = {str(k): float(v) for k, v in outcome.breakdown[i].items()}
        return PlayRecord(
            game_id=self.game.record.game_id,
            mode=PlayMode.DIGITAL,
            started_at=self.started_at,
            finished_at=finished_at,
            seats=seats,
            options=dict(self.game.record.options),
            seed=self.game.record.seed,
            record=self.game.record.to_dict(),
            notes=outcome.detail if outcome is not None else "",
            id=self.play_id,
            duration_s=self.timer.seconds() or None,
        )

    def autosave(self) -> None:
        """Queue a save of the game as unfinished (one transaction; the play keeps its id).
        The last position is saved too, so a finished play whose own save fails is still in
        the history with every move."""
        if not self.autosave_enabled or self.finished:
            return
        assert self.ctx is not None
        self._saver.submit(_autosave_job(self.ctx.db, self.play_record()), self._autosaved)

    def _autosaved(self, result: Any) -> None:
        if isinstance(result, Exception):  # the game goes on; the person is told
            why = reason(result)
            self._emit("error", tr(f"Autosave failed: {why}", f"自動保存に失敗しました: {why}"))

    def _finish(self) -> None:
        outcome = self.game.state.outcome()
        self.finished = True
        self.timer.pause()
        self._stop_thinking()
        if outcome is not None:
            self.final_play = self.play_record(outcome)
            if self.ctx is not None:
                self.save_pending = True
                self._save_finished()
        self.game_over.emit(outcome)

    def _save_finished(self) -> None:
        """Queue the save of the finished play after the autosaves, off the interface thread
        like every write (a club's server far away, or a history another program is writing,
        would hold the window at the last move); `saved` or `save_failed` follows."""
        assert self.ctx is not None and self.final_play is not None
        self.saving = True
        self._saver.submit(_finish_job(self.ctx.db, self.final_play), self._finished_saved)

    def save_problem(self) -> str:
        """Why the finished play is not in the history yet, in the interface language ("" when
        it is)."""
        if self.save_error is None:
            return ""
        why = reason(self.save_error).rstrip(".。")
        return tr(f"The finished play could not be saved: {why}. It stays in the History as "
                  "an unfinished game; try saving it again.",
                  f"終了した対局を保存できませんでした: {why}。履歴には未完了の対局として"
                  "残っています。もう一度保存してください。")

    def retry_save(self) -> bool:
        """Try again to save a finished play whose save failed; True when a save started
        (`saved` or `save_failed` follows)."""
        if not self.save_pending or self.saving or self.ctx is None or self.final_play is None:
            return False
        self.save_error = None
        self._save_finished()
        return True

    def _finished_saved(self, result: Any) -> None:
        self.saving = False
        if isinstance(result, Exception):  # kept pending: the person is told and may retry
            self.save_error = result
            message = self.save_problem()
            self._emit("error", message)
            self._emit("save_failed", message)
            return
        self.save_pending = False
        self.save_error = None
        if self.final_play is not None:
            self.final_play.id = result
        self._emit("saved", int(result))
        from ui.events import events

        events().history_changed.emit()

    def _emit(self, signal: str, *args: Any) -> None:
        """Emit `signal` unless the Qt side of this controller is already gone (a save that
        lands after its window closed)."""
        with contextlib.suppress(RuntimeError):
            getattr(self, signal).emit(*args)
