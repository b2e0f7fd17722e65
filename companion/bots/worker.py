"""Bots that think in worker processes, outside the interpreter of the interface.

A request is the game record (game id, options, seed, moves), the seat and the bot kind; a
worker rebuilds the position from the record (replaying only the new moves when it saw the
game before), asks the bot, and answers with the move in notation. A root-parallel search
(`MCTSBot.trees` > 1) is split into one part per tree, the parts run on as many workers as
there are, and their root statistics are merged: the move is the same as the in-process
`decide(request)` gives, whichever worker ran which part.

`BotPool` never blocks: `submit` sends, `collect` reads what has arrived (an event loop calls
it when a worker's connection becomes readable, see `connections()`), `cancel` tells a worker
to stop (it checks between two iterations of its search). Workers start on first use (or
`start()` at idle), are reused between moves, and exit when the pool closes or the process
that owns the pool dies (their connection reaches its end).
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import signal
import sys
import types
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from companion.bots import Cancelled

#: Most worker processes a pool starts (a strong search has 4 trees).
MAX_PROCESSES = 8
#: Seconds a closing pool waits for a worker before it is terminated.
CLOSE_TIMEOUT = 2.0

Stop = Callable[[], bool]


@dataclass(frozen=True)
class BotRequest:
    """Everything a worker needs for one decision: the record as `GameRecord.to_dict()`.
    `question`: every seat is asked this, whatever it holds, so a search runs even when
    there is one answer (it takes about as long as one with a choice)."""

    record: Mapping[str, Any]
    seat: int
    kind: str
    question: bool = False

    @property
    def game_id(self) -> str:
        return str(self.record["game"])

    def rng(self) -> random.Random:
        """The bot's own random stream for this decision (as the headless runner uses)."""
        from companion.bots.runner import bot_rng

        return bot_rng(int(self.record["seed"]), len(self.record["moves"]), self.seat)


@dataclass(frozen=True)
class BotAnswer:
    """A decision: the move in notation, or a sentence saying why there is none."""

    ticket: int
    move: str | None = None
    error: str | None = None
    pid: int = 0  # the process that thought (the last part's, for a split search)


# --- thinking (the same code in a worker and in-process) ----------------------------------


class _Positions:
    """The last position rebuilt, so that the next request of the same game replays only the
    moves added since (a request after an undo replays from the start)."""

    def __init__(self) -> None:
        self._header: Any = None
        self._state: Any = None
        self._entries: list[Any] = []

    def state(self, record: Mapping[str, Any]) -> Any:
        from companion.core.record import Game, GameRecord

        parsed = GameRecord.from_dict(record)
        header = (parsed.game_id, parsed.num_players, parsed.seed,
                  repr(sorted(parsed.options.items())))
        known = len(self._entries)
        try:
            if (self._state is None or header != self._header or known > len(parsed.entries)
                    or parsed.entries[:known] != self._entries):
                self._state = Game.replay(parsed).state
            else:
                for entry in parsed.entries[known:]:
                    self._state.play(self._state.parse_move(entry.move))
        except BaseException:
            self._state = None  # half replayed: the next request starts afresh
            raise
        self._header, self._entries = header, list(parsed.entries)
        return self._state


_POSITIONS = _Positions()


def parts_of(kind: str, processes: int = 1) -> int:
    """Into how many parts a decision of bot `kind` splits: its fixed tree count, or one tree
    per process for a search with a time budget only."""
    from companion import bots

    trees = getattr(bots.make_bot(kind), "trees", 1)
    return max(1, processes if trees is None else int(trees))


def think_part(request: BotRequest, part: int, parts: int, stop: Stop | None = None) -> Any:
    """One part of a decision: ("move", notation), or ("stats", root statistics) of tree
    `part` of a root-parallel search."""
    from companion import bots
    from companion.bots.mcts import MCTSBot

    state = _POSITIONS.state(request.record)
    if state.to_move() != request.seat:
        raise ValueError(f"seat {request.seat} is not to move: {state.describe()}")
    view = state.view(request.seat)
    bot = bots.make_bot(request.kind)
    rng = request.rng()
    if isinstance(bot, MCTSBot):
        moves = view.legal_moves()
        if parts > 1 and (len(moves) > 1 or request.question):
            seed = bot.tree_seeds(rng, parts)[part]
            return ("stats", bot.tree_stats(view, request.seat, seed, stop))
        if len(moves) == 1 and request.question:  # searched as if there were a choice
            bot.search(view, request.seat, rng, stop)
        return ("move", str(bot.choose(view, request.seat, rng, stop=stop)))
    return ("move", str(bot.choose(view, request.seat, rng)))


def combine(parts: list[Any]) -> str:
    """The move of a decision from its parts' results."""
    from companion.bots.mcts import best_key

    for kind, value in parts:
        if kind == "move":
            return str(value)
    return best_key([value for _, value in parts])


def decide(request: BotRequest, stop: Stop | None = None) -> str:
    """The bot's move for `request`, thought in this process (tests, headless, fallback)."""
    count = parts_of(request.kind)
    return combine([think_part(request, part, count, stop) for part in range(count)])


def serve(conn: Connection) -> None:
    """A worker process's loop: ("task", ticket, part, parts, request) → ("done" | "error" |
    "cancelled", ticket, part, payload, pid); ("warm", game_id) loads a game's engine ahead;
    None or the end of the connection stops it. Any message arriving during a task cancels
    it."""
    pid = os.getpid()
    _yield_to_the_interface()
    while True:
        try:
            message = conn.recv()
        except (EOFError, OSError):
            return
        if message is None:
            return
        if message[0] == "warm":
            _warm(message[1])
            continue
        if message[0] != "task":
            continue  # a cancel that came after the task had finished
        _, ticket, part, parts, request = message
        try:
            reply = ("done", ticket, part, think_part(request, part, parts, conn.poll), pid)
        except Cancelled:
            reply = ("cancelled", ticket, part, None, pid)
        except Exception as exc:  # the interface says it in a sentence
            reply = ("error", ticket, part, f"{type(exc).__name__}: {exc}", pid)
        try:
            conn.send(reply)
        except (OSError, ValueError):
            return


#: How much lower than the interface a worker runs (Unix nice increment).
NICENESS = 5


def _yield_to_the_interface() -> None:
    """Run below the interface's priority: when both want a core, the window gets it; and
    leave Ctrl+C to the interface (it stops its workers itself)."""
    with contextlib.suppress(AttributeError, OSError):
        os.nice(NICENESS)
    with contextlib.suppress(ValueError, OSError):
        signal.signal(signal.SIGINT, signal.SIG_IGN)


def _warm(game_id: str) -> None:
    from companion.games import registry

    try:
        registry.get(game_id).create(registry.get(game_id).min_players)
    except Exception:  # warming is a nicety: the real request reports any problem
        return


# --- the pool (owned by the interface process) ----------------------------------------------


@contextlib.contextmanager
def _without_main_module() -> Iterator[None]:
    """A spawned worker re-imports the parent's `__main__` (the `companion` script, pytest, a
    user's script) unless there is none to name: it needs only this module, so it is spared
    that start-up cost and whatever a script without a main guard would do."""
    main = sys.modules.get("__main__")
    sys.modules["__main__"] = types.ModuleType("__main__")
    try:
        yield
    finally:
        if main is not None:
            sys.modules["__main__"] = main


def default_processes() -> int:
    return max(1, min(MAX_PROCESSES, os.cpu_count() or 1))


@dataclass
class _Job:
    request: BotRequest
    parts: int
    results: dict[int, Any] = field(default_factory=dict)


@dataclass
class _Worker:
    process: Any
    conn: Connection
    task: tuple[int, int] | None = None  # (ticket, part) being thought
    cancelled: bool = False


class BotPool:
    """Worker processes that think for bots; every call returns at once."""

    def __init__(self, processes: int | None = None) -> None:
        self.size = processes or default_processes()
        self._workers: list[_Worker] = []
        self._queue: deque[tuple[int, int]] = deque()
        self._jobs: dict[int, _Job] = {}
        self._tickets = itertools.count(1)
        self._answers: list[BotAnswer] = []

    # --- life -------------------------------------------------------------------------------
    def start(self, game_id: str | None = None) -> None:
        """Start the workers now (e.g. at idle) and, with `game_id`, load that game's engine
        in each of them ahead of the first request."""
        import multiprocessing

        context = multiprocessing.get_context("spawn")
        while len(self._workers) < self.size:
            ours, theirs = context.Pipe()
            process = context.Process(target=serve, args=(theirs,), daemon=True,
                                      name="companion-bot")
            with _without_main_module():
                process.start()
            theirs.close()
            self._workers.append(_Worker(process, ours))
        if game_id:
            for worker in self._workers:
                if worker.task is None:
                    self._send(worker, ("warm", game_id))

    def is_started(self) -> bool:
        return bool(self._workers)

    def close(self) -> None:
        """Stop every worker (a search in progress stops at its next iteration)."""
        workers, self._workers = self._workers, []
        for worker in workers:
            self._send(worker, None)
        for worker in workers:
            worker.process.join(CLOSE_TIMEOUT)
            if worker.process.is_alive():
                worker.process.terminate()
                worker.process.join(CLOSE_TIMEOUT)
            worker.conn.close()
        self._queue.clear()
        self._jobs.clear()

    def pids(self) -> list[int]:
        return [w.process.pid for w in self._workers]

    def connections(self) -> list[Connection]:
        """The workers' connections: each becomes readable when an answer (or a worker's
        end) arrives; call `collect()` then."""
        return [w.conn for w in self._workers]

    # --- asking -----------------------------------------------------------------------------
    def submit(self, request: BotRequest) -> int:
        """Ask for a decision; returns its ticket (the answer comes from `collect`)."""
        self.start()
        ticket = next(self._tickets)
        parts = parts_of(request.kind, self.size)
        self._jobs[ticket] = _Job(request, parts)
        self._queue.extend((ticket, part) for part in range(parts))
        self._dispatch()
        return ticket

    def cancel(self, ticket: int) -> None:
        """Forget a decision: queued parts are dropped, running ones are told to stop."""
        if self._jobs.pop(ticket, None) is None:
            return
        self._queue = deque(item for item in self._queue if item[0] != ticket)
        for worker in self._workers:
            if worker.task is not None and worker.task[0] == ticket and not worker.cancelled:
                worker.cancelled = True
                self._send(worker, ("cancel", ticket))

    def pending(self) -> set[int]:
        """Tickets still without an answer."""
        return set(self._jobs)

    def busy(self) -> bool:
        """Whether any worker is still thinking (also on a cancelled decision)."""
        return any(w.task is not None for w in self._workers)

    def collect(self) -> list[BotAnswer]:
        """Read every message that has arrived; the decisions now complete."""
        for worker in list(self._workers):
            while worker in self._workers and worker.conn.poll():
                try:
                    message = worker.conn.recv()
                except (EOFError, OSError):
                    self._lost(worker)
                    break
                self._receive(worker, message)
        self._dispatch()
        answers, self._answers = self._answers, []
        return answers

    def wait(self, ticket: int, timeout: float | None = None) -> BotAnswer | None:
        """Block until `ticket` is answered (tests and headless use); None on timeout. Other
        answers that arrive meanwhile stay for the next `collect`."""
        import time

        deadline = None if timeout is None else time.monotonic() + timeout
        others: list[BotAnswer] = []
        try:
            while True:
                found = None
                for answer in self.collect():
                    if answer.ticket == ticket:
                        found = answer
                    else:
                        others.append(answer)
                if found is not None or ticket not in self._jobs:
                    return found
                left = None if deadline is None else deadline - time.monotonic()
                if left is not None and left <= 0:
                    return None
                wait(self.connections(), left)
        finally:
            self._answers[:0] = others

    def drain(self, timeout: float = 5.0) -> bool:
        """Wait until no worker is thinking (answers of cancelled decisions are dropped)."""
        import time

        deadline = time.monotonic() + timeout
        while self.busy():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            wait(self.connections(), left)
            self._answers.extend(self.collect())
        return True

    # --- inside -----------------------------------------------------------------------------
    def _dispatch(self) -> None:
        for worker in self._workers:
            if not self._queue:
                return
            if worker.task is None:
                ticket, part = self._queue.popleft()
                job = self._jobs[ticket]
                worker.task, worker.cancelled = (ticket, part), False
                self._send(worker, ("task", ticket, part, job.parts, job.request))

    def _send(self, worker: _Worker, message: Any) -> None:
        try:
            worker.conn.send(message)
        except (OSError, ValueError):
            if worker in self._workers:
                self._lost(worker)

    def _receive(self, worker: _Worker, message: Any) -> None:
        status, ticket, part, payload, pid = message
        worker.task, worker.cancelled = None, False
        job = self._jobs.get(ticket)
        if job is None or status == "cancelled":
            return
        if status == "error":
            self._finish(ticket, BotAnswer(ticket, error=str(payload), pid=pid))
            return
        job.results[part] = payload
        if len(job.results) == job.parts:
            try:
                move = combine([job.results[p] for p in range(job.parts)])
            except Exception as exc:
                self._finish(ticket, BotAnswer(ticket, error=str(exc), pid=pid))
                return
            self._finish(ticket, BotAnswer(ticket, move=move, pid=pid))

    def _finish(self, ticket: int, answer: BotAnswer) -> None:
        self.cancel(ticket)  # stops parts still running after an error
        self._answers.append(answer)

    def _lost(self, worker: _Worker) -> None:
        """A worker that ended unexpectedly: its decision fails, a new worker replaces it."""
        self._workers.remove(worker)
        worker.conn.close()
        worker.process.join(0.1)
        if worker.task is not None and worker.task[0] in self._jobs:
            ticket = worker.task[0]
            self._finish(ticket, BotAnswer(ticket, error="the bot's process stopped"))
        if self._jobs:
            self.start()
