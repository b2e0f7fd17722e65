"""A network table (issue 38) played in the ordinary play frame.

`TableWorker` is a thread of this laptop at one table: it catches up from the rows, writes the
rows due from this laptop (the person's moves handed to it by the interface, the host's bots'
moves, chance and the end through `companion.network.driver.TableDriver`), keeps the seats seen
and waits on LISTEN — never on the interface thread. After every change it posts a `Snapshot`
(what this laptop may see) to the interface thread.

`NetController` has the calls and signals of `ui.play.controller.GameController` that the play
frame uses, so the game's own screens draw the table: the board shows the laptop's own seat's
view (a spectator's hides every hand), a move the person makes goes to the worker as a row.

`NetworkPlayPage` is the frame with a line above it: the table's code, whose turn it is or
whom the table waits for, a fault row, and the host's controls (pause, resume, hand an away
seat to the computer). At the end the host's laptop writes the confirmed play into the History.
"""

from __future__ import annotations

import queue
import random
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Protocol, cast

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from companion.core.api import GameState, Outcome
from companion.core.errors import IllegalMoveError
from companion.core.record import RecordEntry
from companion.network.driver import TableDriver
from companion.network.link import NotPlaying, RowTaken, TableLink
from companion.network.session import Confirmation, Fault, MoveDue, TableSession
from companion.timer import PlayTimer
from db.network import NetTable
from ui.i18n import language, reason, tr
from ui.play.controller import Seat, on_interface_thread
from ui.play.frame import ERROR_STYLE, PlayFrame
from ui.play.widgets import isolate

#: Longest wait for a row in one turn of the worker's loop (LISTEN wakes it earlier).
WAIT_S = 0.5
#: Seconds between the worker's "my seats are here" calls and its looks at the table.
SEEN_EVERY_S = 5.0
LOOK_EVERY_S = 1.0
#: Seconds between tries while the server cannot be reached.
RETRY_S = 2.0


class TableOps(Protocol):
    """The table calls beside the rows (db.network.TableClient has them)."""

    def table(self) -> NetTable: ...
    def seen(self) -> None: ...
    def pause(self) -> None: ...
    def resume(self) -> None: ...
    def hand_to_bot(self, seat: int) -> None: ...


#: Writes the confirmed play into the History (the host's laptop): its play id.
Store = Callable[[NetTable, Confirmation], int]


@dataclass(frozen=True)
class Snapshot:
    """What the interface shows of the table after the worker's last look."""

    state: GameState  # as this laptop may see it
    entries: tuple[RecordEntry, ...]
    table: NetTable
    mine: frozenset[int]  # the seats this laptop writes for (its bots' included)
    fault: Fault | None = None
    ended: bool = False
    outcome: Outcome | None = None
    agrees: bool | None = None  # the whole game replayed at the end gives the same result
    play_id: int | None = None  # the host's History play, once written
    problem: str = ""  # a sentence: the server cannot be reached, a refused move
    final: bool = False  # the worker stopped: the game is over or a fault stopped it
    pending: bool = False  # a move of the person's waits to be written
    received: int = 0  # the person's moves the worker had been handed
    #: The seats that may write the next row (アルヴィウム: every seat still to draw).
    waiting_for: tuple[int, ...] = ()


def shown_state(state: GameState, people: frozenset[int]) -> GameState:
    """`state` as this laptop's people may see it: their own seat's view; a spectator's (no
    person) sees no hand."""
    if not state.has_hidden_information() or state.is_over():
        return state.copy()
    to_move = state.to_move()
    seat = to_move if to_move in people else (min(people) if people else -1)
    return state.view(seat)


def is_away(last_seen: datetime | None, away_after_s: int) -> bool:
    """A seat's person has not been seen for longer than the table's time."""
    if last_seen is None:
        return True
    return (datetime.now(last_seen.tzinfo) - last_seen).total_seconds() > away_after_s


@dataclass
class _Commands:
    moves: dict[int, str] = field(default_factory=dict)  # seat -> move notation
    calls: queue.SimpleQueue[Callable[[], None]] = field(default_factory=queue.SimpleQueue)


class TableWorker:
    """This laptop's loop at one table, in a thread of its own."""

    def __init__(self, link: TableLink, ops: TableOps, table: NetTable, login: str,
                 choose: Callable[[GameState, int], Any], post: Callable[[Snapshot], None],
                 store: Store | None = None, watch: bool = False) -> None:
        self.link, self.ops, self.table, self.login = link, ops, table, login
        self.post, self.store, self.watch = post, store, watch
        self.host = login == table.host and not watch
        mine = set() if watch else set(table.seats_of(login))
        if not self.host:
            mine -= {s.seat for s in table.seats if s.kind == "bot"}
        self.people = frozenset() if watch else frozenset(
            s.seat for s in table.seats if s.kind == "person" and s.login == login)
        session = TableSession(table.game_id, len(table.seats), dict(table.options), mine)
        self.driver = TableDriver(link, session, choose, host=self.host, writes=not watch)
        session.people = self.people  # its bot never moves for this laptop's person
        self._commands = _Commands()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._seen_at = 0.0
        self._looked_at = 0.0
        self.problem = ""
        self.play_id: int | None = None
        self.received = 0  # the person's moves handed to the worker so far
        self._outage = False  # `problem` says the server cannot be reached
        self.handed: frozenset[int] = frozenset()  # this person's seats the host's bot took

    # --- from the interface thread -------------------------------------------------------------
    def start(self) -> None:
        self._thread = threading.Thread(target=self.run, name=f"table {self.table.code}",
                                        daemon=True)
        self._thread.start()

    def stop(self, wait_s: float = 2.0) -> None:
        self._stop.set()
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join(wait_s)

    def send_move(self, seat: int, move: Any) -> None:
        """The person's move for `seat`: written as the seat's row when it is due."""
        with self._lock:
            self._commands.moves[seat] = str(move)
            self.received += 1

    def call(self, work: Callable[[], None]) -> None:
        """Run `work` (a host's control) in the worker, then look at the table again."""
        self._commands.calls.put(work)

    def hand_to_bot(self, seat: int) -> None:
        def work() -> None:
            self.ops.hand_to_bot(seat)
            self.driver.take_seats([seat])
        self.call(work)

    # --- the loop ------------------------------------------------------------------------------
    def run(self) -> None:
        try:
            self._loop()
        finally:
            close = getattr(self.ops, "close", None)  # a TableClient's LISTEN connection
            if callable(close):
                close()

    def _loop(self) -> None:
        while not self._stop.is_set():
            try:
                if self._turn():
                    return
                if self._outage:  # reached again: the line says so at once
                    self.problem, self._outage = "", False
                    self._publish()
            except (RowTaken, NotPlaying):
                continue
            except Exception as exc:  # the server unreachable, a refusal: said, then again
                self.problem = _sentence(exc)
                self._outage = _is_outage(exc)
                self._publish()
                self._stop.wait(RETRY_S)

    def _turn(self) -> bool:
        """One look, write or wait; True once the run is over."""
        self._run_calls()
        self._look()
        if self.table.status == "open":
            self._start_when_full()
            self._stop.wait(WAIT_S)
            return False
        before = self.driver.session.n
        self.driver.catch_up()
        session = self.driver.session
        if session.n != before:
            self._publish()
        due = session.due()
        if isinstance(due, MoveDue) and due.seat in self.people and not session.ended:
            self._write_person(due.seat)
            return False
        result = self.driver.tick()
        if result is None:
            return False
        confirmation = result.confirmation
        if confirmation is not None and confirmation.agrees and self.host \
                and self.store is not None:
            self.play_id = self.store(self.table, confirmation)
        self._publish(result.fault, confirmation, final=True)
        return True

    def _write_person(self, seat: int) -> None:
        """Write the person's move for `seat` when it came; a paused table keeps it for the
        resume, a row written first by another laptop (a pause, another seat drawing in the
        same phase) keeps it for the next row, a refusal drops it (the board offers the moves
        again; a move no longer legal there is refused)."""
        with self._lock:
            notation = self._commands.moves.get(seat)
        session = self.driver.session
        if notation is None:
            self.link.wait(WAIT_S)
            return
        try:
            move = session.state.parse_move(notation)
            self.link.play(session.n + 1, seat, session.move_payload(seat, move),
                           session.next_seats_after(seat, move))
            self.driver.written.add(session.n + 1)  # the chance after it falls to this laptop
        except NotPlaying:
            self.link.wait(WAIT_S)
            return
        except RowTaken:  # another laptop's row came first: the move goes on the next row
            raise
        except Exception as exc:
            self._drop_move(seat, notation)
            if not isinstance(exc, RowTaken):
                self.problem = _sentence(exc)
            self._publish()
            raise
        self._drop_move(seat, notation)

    def _drop_move(self, seat: int, notation: str) -> None:
        with self._lock:
            if self._commands.moves.get(seat) == notation:
                del self._commands.moves[seat]

    def _run_calls(self) -> None:
        while True:
            try:
                work = self._commands.calls.get_nowait()
            except queue.Empty:
                return
            work()
            self._looked_at = 0.0

    def _look(self) -> None:
        """Keep the seats seen; read the table (status, seats) now and then."""
        now = time.monotonic()
        if self.people and now - self._seen_at >= SEEN_EVERY_S:
            self.ops.seen()
            self._seen_at = now
        if now - self._looked_at >= LOOK_EVERY_S:
            self._looked_at = now
            table = self.ops.table()
            if table != self.table:
                self.table = table
                self._give_up_handed_seats()
                self._publish()

    def _give_up_handed_seats(self) -> None:
        """A seat of this laptop's person that the host handed to its computer (the laptop
        was away): this laptop follows it from now on, reading only what it may see."""
        held = frozenset(s.seat for s in self.table.seats
                         if s.kind == "person" and s.login == self.login)
        lost = self.people - held
        if not lost or self.watch:
            return
        self.people -= lost
        self.handed |= lost
        old = self.driver.session
        self.driver.session = TableSession(old.game_id, old.state.num_players, old.options,
                                           old.mine - lost)
        self.driver.session.people = self.people
        self.driver.rows = []
        with self._lock:
            for seat in lost:
                self._commands.moves.pop(seat, None)

    def _start_when_full(self) -> None:
        """The host starts the table once no seat is free (row 0; the engine names who
        writes row 1)."""
        database = getattr(self.ops, "database", None)
        if not self.host or database is None or \
                any(s.kind == "open" for s in self.table.seats):
            return
        from companion.network.session import next_seats_of
        from db import network

        state = self.driver.session.state
        network.start_table(database, self.table.id, next_seats_of(state))
        self._looked_at = 0.0

    def _publish(self, fault: Fault | None = None, confirmation: Confirmation | None = None,
                 final: bool = False) -> None:
        session = self.driver.session
        with self._lock:
            pending, received = bool(self._commands.moves), self.received
        pending = pending or session.holding()  # a written move waits for the server's cards
        outcome = confirmation.outcome if confirmation is not None else None
        if outcome is None and session.state.is_over():
            outcome = session.state.outcome()
        self.post(Snapshot(
            shown_state(session.state, self.people), tuple(session.entries), self.table,
            session.mine, fault or session.fault, session.ended, outcome,
            None if confirmation is None else confirmation.agrees, self.play_id,
            self.problem, final, pending, received,
            tuple(s for s in session.next_seats() if s >= 0) if not session.ended else ()))


def _is_outage(exc: Exception) -> bool:
    from db.errors import DatabaseError, NetTableError

    return isinstance(exc, DatabaseError) and not isinstance(exc, NetTableError)


def _sentence(exc: Exception) -> str:
    """One sentence for `exc`: a server's refusal as it is; the server out of reach (a lost
    network, a sleeping laptop, a restart) with what the laptop does about it."""
    from db.errors import DatabaseError, NetTableError

    if isinstance(exc, NetTableError):
        return exc.text(language().code)
    if isinstance(exc, DatabaseError):
        return exc.text(language().code) + tr(
            f" Trying again every {RETRY_S:g} s; the rows hold the game.",
            f" {RETRY_S:g}秒ごとにもう一度試します。対局は卓の記録に残っています。")
    return reason(exc)


# --- the controller the play frame drives ------------------------------------------------------
@dataclass(frozen=True)
class _Record:
    entries: tuple[RecordEntry, ...]


@dataclass(frozen=True)
class _Game:
    record: _Record


class NetController(QObject):
    """The table as `PlayFrame` expects a controller (see `GameController`)."""

    state_changed = Signal()
    thinking = Signal(int, bool)
    chance_drawn = Signal(list)
    game_over = Signal(object)
    error = Signal(str)
    saved = Signal(int)
    save_failed = Signal(str)
    #: A new snapshot arrived (after `state_changed`).
    snapshot_changed = Signal(object)

    def __init__(self, worker: TableWorker, first: Snapshot,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.worker = worker
        self.snapshot = first
        self.timer = PlayTimer()
        self.bot_delay_ms = 0
        self.paused = False
        self.finished = False
        self.final_play = None
        self.saving = False
        self.save_pending = False
        self.sent = False  # the person's move is on its way to the server
        self._moves_sent = 0
        self._closed = False

    # --- what the frame reads ------------------------------------------------------------------
    @property
    def seats(self) -> list[Seat]:
        return table_seats(self.snapshot.table, self.worker.login)

    @property
    def state(self) -> GameState:
        return self.snapshot.state

    @property
    def game(self) -> _Game:
        return _Game(_Record(self.snapshot.entries))

    @property
    def play_id(self) -> int | None:
        return self.snapshot.play_id

    def to_move(self) -> int:
        return int(self.state.to_move())

    def human_seats(self) -> list[int]:
        return sorted(self.worker.people)

    def is_playing(self) -> bool:
        snap = self.snapshot
        return snap.table.status == "playing" and snap.fault is None and not snap.ended

    def is_human_turn(self) -> bool:
        return self.is_playing() and not self.sent and self.to_move() in self.worker.people

    def thinking_seat(self) -> int | None:
        seat = self.to_move()
        bots = self.snapshot.mine - self.worker.people
        return seat if self.is_playing() and seat in bots else None

    def legal_moves(self) -> list[Any]:
        return list(self.state.legal_moves()) if self.is_human_turn() else []

    def can_undo(self) -> bool:
        return False

    def undo(self) -> bool:
        return False

    def save_problem(self) -> str:
        return ""

    def retry_save(self) -> bool:
        return False

    # --- acting --------------------------------------------------------------------------------
    def start(self) -> None:
        self.timer.start()
        self.state_changed.emit()
        self.worker.start()

    def play(self, move: Any) -> None:
        if move not in self.legal_moves():
            raise IllegalMoveError(move, "")
        self.sent = True
        self._moves_sent += 1
        self.worker.send_move(self.to_move(), move)
        self.state_changed.emit()

    def pause(self) -> None:
        """The frame's own timer pause: a network table is paused by its host instead."""

    def resume(self) -> None:
        """See `pause`."""

    def close(self) -> None:
        self._closed = True
        self.worker.stop()
        if self.timer.is_running():
            self.timer.pause()

    # --- from the worker -----------------------------------------------------------------------
    def take(self, snapshot: Snapshot) -> None:
        """A snapshot from the worker (on the interface thread)."""
        if self._closed:
            return
        old = self.snapshot
        self.snapshot = snapshot
        # a move is on its way while the worker holds it or had not seen it yet
        self.sent = snapshot.pending or snapshot.received < self._moves_sent
        self.paused = snapshot.table.status == "paused"
        was_thinking = old.state.to_move() if self._bot_turn(old) else None
        self.state_changed.emit()
        if was_thinking is not None and not self._bot_turn(snapshot):
            self.thinking.emit(was_thinking, False)
        if snapshot.problem and snapshot.problem != old.problem:
            self.error.emit(snapshot.problem)
        self.snapshot_changed.emit(snapshot)
        if snapshot.final:
            self._end(snapshot)

    def _bot_turn(self, snapshot: Snapshot) -> bool:
        return snapshot.state.to_move() in snapshot.mine - self.worker.people

    def _end(self, snapshot: Snapshot) -> None:
        if self.finished:
            return
        self.finished = True
        self.timer.pause()
        self.game_over.emit(snapshot.outcome if snapshot.fault is None else None)
        if snapshot.play_id is not None:
            self.saved.emit(snapshot.play_id)


def table_seats(table: NetTable, login: str) -> list[Seat]:
    """The table's seats as the frame names them: a login, the computer, a free seat."""
    seats = []
    for s in table.seats:
        if s.kind == "bot":
            seats.append(Seat("", "random"))
        elif s.kind == "open":
            seats.append(Seat(tr(f"(free seat {s.seat + 1})", f"（空席 {s.seat + 1}）")))
        else:
            seats.append(Seat(s.login or "?"))
    return seats


# --- the page ----------------------------------------------------------------------------------
class NetworkPlayPage(QWidget):
    """A table's play page: its line (code, waiting, fault, host's controls) and the frame."""

    new_game_requested = Signal()

    def __init__(self, frame: PlayFrame, worker: TableWorker,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.frame, self.worker = frame, worker
        self.code_label = QLabel(self)
        self.code_label.setObjectName("table_code")
        self.status_label = QLabel(self)
        self.status_label.setObjectName("table_status")
        self.status_label.setWordWrap(True)
        self.pause_button = QPushButton(self)
        self.pause_button.setObjectName("table_pause")
        self.pause_button.clicked.connect(self._pause_or_resume)
        self.hand_button = QPushButton(self)
        self.hand_button.setObjectName("table_hand_to_bot")
        self.hand_button.clicked.connect(self._hand_away_seat)
        self.leave_button = QPushButton(self)
        self.leave_button.setObjectName("table_leave")
        self.leave_button.clicked.connect(self.leave)
        top = QHBoxLayout()
        top.addWidget(self.code_label)
        top.addWidget(self.status_label, 1)
        top.addWidget(self.hand_button)
        top.addWidget(self.pause_button)
        top.addWidget(self.leave_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(frame, 1)
        first = Snapshot(_first_state(worker), (), worker.table, worker.driver.session.mine)
        self.controller = NetController(worker, first, frame)
        worker.post = lambda snap: on_interface_thread(lambda: self._take(snap))
        # the frame draws the first position and starts it (it drives this controller like
        # a GameController: the calls and signals it uses are here)
        frame._attach(cast(Any, self.controller))
        # the host pauses a table, not a laptop (Ctrl+T neither); nobody takes a move back;
        # leaving is this page's own button; the replay is the History's, once written
        frame.timer_widget.setVisible(False)
        frame._timer_live = False
        for part in (frame.undo_button, frame.new_button, frame.result_panel.replay_button):
            part.setVisible(False)
        self.controller.state_changed.connect(self.show_table)
        self.controller.snapshot_changed.connect(self.show_table)
        language().changed.connect(self.show_table)
        self.show_table()

    @property
    def snapshot(self) -> Snapshot:
        return self.controller.snapshot

    def _take(self, snapshot: Snapshot) -> None:
        try:
            self.controller.take(snapshot)
        except RuntimeError:  # the page is gone (its Qt objects deleted): so is the table
            self.worker.stop(0)

    def away_seat(self) -> int | None:
        """The seat whose turn it is (or one of those drawing at once), held by a person away
        past the table's time (host)."""
        snap = self.snapshot
        turn = snap.state.to_move()
        if not self.worker.host or not self.controller.is_playing():
            return None
        for seat in snap.waiting_for or ((turn,) if turn >= 0 else ()):
            place = snap.table.seats[seat]
            if seat not in snap.mine and place.kind == "person" \
                    and is_away(place.last_seen, snap.table.away_after_s):
                return int(seat)
        return None

    def show_table(self, *_: object) -> None:
        """The line above the frame, and the turn line when the table waits for someone."""
        snap = self.snapshot
        table = snap.table
        self.code_label.setText(tr(f"Table {table.code}", f"卓 {table.code}"))
        self.leave_button.setText(tr("Leave the table", "卓を離れる"))
        self.leave_button.setToolTip(tr(
            "The table goes on without this laptop: its rows keep the game, and Go on in the "
            "list of tables comes back to it.", "この卓はこのパソコンなしで続きます。対局は卓の"
            "記録に残り、卓の一覧の「続ける」で戻れます。"))
        self.frame.result_panel.replay_button.setVisible(False)
        status, fault = self.status_text()
        self.status_label.setText(status)
        self.status_label.setStyleSheet(ERROR_STYLE if fault else "")
        self.pause_button.setVisible(self.worker.host and table.status in ("playing", "paused")
                                     and not snap.ended)
        self.pause_button.setText(tr("Resume", "再開") if table.status == "paused"
                                  else tr("Pause", "一時停止"))
        away = self.away_seat()
        self.hand_button.setVisible(away is not None)
        if away is not None:
            name = isolate(self.frame.seat_name(away))
            self.hand_button.setText(tr(f"Let the computer play for {name}",
                                        f"{name} の代わりにコンピューターが打つ"))
        waiting = self.waiting_text()
        if waiting:
            self.frame.turn_label.setText(waiting)

    def waiting_text(self) -> str:
        """"Waiting for ann…" when another laptop's person is to move, or that the host has
        paused the table ("" otherwise: the frame's own turn line)."""
        snap = self.snapshot
        seat = snap.state.to_move()
        if snap.fault is not None:
            return tr("The table stopped here: this laptop refuses one of its rows.",
                      "卓はここで止まりました。このパソコンが卓の行を受け付けません。")
        if snap.table.status == "paused" and not snap.ended:
            if self.worker.host:
                return tr("Paused — press Resume to go on.", "一時停止中 — 「再開」で続けます。")
            return tr("Paused by the host: nobody moves until the host resumes.",
                      "ホストが一時停止中です。再開まで誰も指せません。")
        if not self.controller.is_playing() or seat < 0 or seat in snap.mine:
            return ""
        if snap.table.seats[seat].kind == "bot":
            return ""
        people = [s for s in snap.waiting_for if s not in snap.mine
                  and snap.table.seats[s].kind != "bot"] or [seat]  # all who draw at once
        names = [isolate(self.frame.seat_name(s)) for s in people]
        return tr(f"Waiting for {', '.join(names)}…", f"{'、'.join(names)} を待っています…")

    def status_text(self) -> tuple[str, bool]:
        """The table's line and whether it is a fault."""
        snap = self.snapshot
        table = snap.table
        if snap.fault is not None:
            return snap.fault.text(language().code), True
        if snap.problem:
            return snap.problem, True
        if self.worker.handed and not snap.ended:
            names = ", ".join(str(seat + 1) for seat in sorted(self.worker.handed))
            return tr(f"You were away too long: the host's computer plays seat {names} now.",
                      f"不在が長かったため、席 {names} はホストのコンピューターが打っています。"), \
                False
        if snap.ended:
            return self._end_text(), snap.agrees is False
        if table.status == "open":
            free = [str(s.seat + 1) for s in table.seats if s.kind == "open"]
            return tr(f"Waiting for the free seats ({', '.join(free)}): tell the others the "
                      f"code {table.code}.",
                      f"空席（{'、'.join(free)}）を待っています。コード {table.code} を"
                      "伝えてください。"), False
        if table.status == "paused":
            return tr("The host has paused the table.", "ホストが卓を一時停止しています。"), False
        if not self.worker.people:
            return tr("You are watching: no hand is shown.",
                      "観戦中です。手札は表示されません。"), False
        return "", False

    def _end_text(self) -> str:
        snap = self.snapshot
        if snap.agrees is False:
            return tr("The whole game, replayed with every card shown, does not give this "
                      "laptop's result.", "全部の札を見て打ち直すと、このパソコンの結果と"
                      "合いません。")
        if snap.play_id is not None:
            return tr(f"The whole game was replayed and agrees; it is play #{snap.play_id} "
                      "in the History.", f"全体を打ち直して結果が一致しました。履歴の対局 "
                      f"#{snap.play_id} です。")
        if not self.worker.host and not self.worker.watch:
            return tr("The whole game was replayed and agrees; the host writes it into the "
                      "History.", "全体を打ち直して結果が一致しました。ホストが履歴に"
                      "書き込みます。")
        return tr("The game is over.", "ゲーム終了。")

    def _pause_or_resume(self) -> None:
        ops = self.worker.ops
        self.worker.call(ops.resume if self.snapshot.table.status == "paused" else ops.pause)

    def _hand_away_seat(self) -> None:
        seat = self.away_seat()
        if seat is not None:
            self.worker.hand_to_bot(seat)
            self.hand_button.setEnabled(False)

    def is_in_progress(self) -> bool:
        return False  # the rows keep the table: leaving it loses nothing

    def leave(self) -> None:
        """Back to the new-game form; the table goes on (its rows keep the game)."""
        self.shutdown()
        self.new_game_requested.emit()

    def shutdown(self) -> None:
        self.controller.close()

    def closeEvent(self, event: Any) -> None:
        self.shutdown()
        super().closeEvent(event)


def _first_state(worker: TableWorker) -> GameState:
    return shown_state(worker.driver.session.state, worker.people)


def bot_chooser(kind: str, seed: int | None = None) -> Callable[[GameState, int], Any]:
    """The host's computer for its bot seats (and seats handed to it)."""
    from companion.bots import make_bot

    bot, rng = make_bot(kind), random.Random(seed)
    return lambda state, seat: bot.choose(state, seat, rng)


def network_page(ctx: Any, table: NetTable, login: str, link: TableLink, ops: TableOps, *,
                 watch: bool = False, bot_kind: str = "random", store: Store | None = None,
                 animate: bool = True) -> NetworkPlayPage:
    """The play page of `table` for `login` (a spectator's with `watch`), its worker ready
    to start; `ValueError` with a sentence when the game has no play page."""
    from ui.views import play_view

    factory = play_view(table.game_id)
    if factory is None:
        raise ValueError(tr("This game cannot be played in the app yet.",
                            "このゲームはまだアプリで遊べません。"))
    frame = factory(ctx, table.game_id)
    if not isinstance(frame, PlayFrame):
        raise ValueError(tr("This game cannot be played across laptops in the app yet.",
                            "このゲームはまだアプリで複数のパソコンでは遊べません。"))
    frame.animate = animate
    worker = TableWorker(link, ops, table, login, bot_chooser(bot_kind),
                         lambda _snap: None, store, watch)
    return NetworkPlayPage(frame, worker)


__all__ = ["NetController", "NetworkPlayPage", "Snapshot", "TableOps", "TableWorker",
           "bot_chooser", "is_away", "shown_state", "table_seats"]

