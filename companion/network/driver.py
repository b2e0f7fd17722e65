"""Running this laptop's seats at a table until the end, headless.

`TableDriver.run()` catches up from the rows (a restarted laptop rebuilds its state this way),
writes what is due for its seats (`choose` picks a seat's move from the seat's view), and
writes the chance calls and the end row when they fall to it: at once when the last row was
this laptop's (the laptop that moved asks the server for the draw that follows), else after
`grace_s` without a row (the laptop that should have is asleep or gone). Two laptops writing
the same row number cannot both land (`RowTaken`): the loser reads the row and goes on. While
the host has the table paused nothing is written (`NotPlaying`): the laptops wait.
When the end row is in, the table is finished, every hidden row becomes readable and the whole
game is replayed to confirm the result (`session.confirm`).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.core.api import GameState
from companion.network.link import DEAL, REVEAL, Hidden, NotPlaying, Row, RowTaken, TableLink
from companion.network.session import (
    Confirmation,
    DealDue,
    DrawDue,
    Due,
    EndDue,
    Fault,
    MoveDue,
    RevealDue,
    ShowDue,
    TableSession,
    confirm,
)

#: Seconds a laptop waits for the laptop whose turn it is to ask for chance, before it asks.
GRACE_S = 2.0
#: Longest single wait for a row (then the loop looks again).
WAIT_S = 1.0

Chooser = Callable[[GameState, int], Any]


@dataclass
class Applied:
    """A row applied by this laptop: its number and when (`time.time()`)."""

    n: int
    seat: int | None
    at: float


@dataclass
class RunResult:
    """How a run ended: the fault that stopped it, or the end check."""

    fault: Fault | None = None
    confirmation: Confirmation | None = None
    applied: list[Applied] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return self.fault is None and self.confirmation is not None \
            and self.confirmation.agrees


class TableDriver:
    """Plays `session.mine` at the table behind `link` with `choose`."""

    def __init__(self, link: TableLink, session: TableSession, choose: Chooser, *,
                 host: bool = False, grace_s: float = GRACE_S,
                 on_row: Callable[[Row], None] | None = None,
                 on_idle: Callable[[TableDriver], None] | None = None,
                 writes: bool = True) -> None:
        self.link = link
        self.session = session
        self.choose = choose
        self.host = host
        self.grace_s = grace_s
        self.on_row = on_row
        #: Called before each wait (keeping the seat seen, handing away seats to a bot).
        self.on_idle = on_idle
        #: False for a spectator: it reads the rows and never writes one.
        self.writes = writes
        self.rows: list[Row] = []
        self.applied: list[Applied] = []
        self._quiet_since = time.monotonic()
        self.written: set[int] = set()  # row numbers this laptop wrote

    # --- the loop ------------------------------------------------------------------------------
    def run(self, deadline_s: float | None = None) -> RunResult:
        """Play until the table ends (or `deadline_s` seconds pass: `TimeoutError`)."""
        stop_at = None if deadline_s is None else time.monotonic() + deadline_s
        while True:
            result = self.tick()
            if result is not None:
                return result
            if stop_at is not None and time.monotonic() > stop_at:
                raise TimeoutError(f"the table did not end within {deadline_s:g} s")

    def tick(self) -> RunResult | None:
        """Catch up, then write or wait once; the result once the run is over."""
        self.catch_up()
        if self.session.fault is not None:
            return RunResult(fault=self.session.fault, applied=self.applied)
        if self.session.ended:
            return self._finish() if self.writes else RunResult(applied=self.applied)
        self.step()
        return None

    def catch_up(self) -> int:
        """Apply the rows not yet applied; how many."""
        new = [r for r in self.link.rows(after=self.session.n) if r.n > self.session.n]
        if not new:
            return 0
        hidden = self._hidden_for(new)
        for row in new:
            if not self.session.apply(row, hidden):
                break
            self.rows.append(row)
            self.applied.append(Applied(row.n, row.seat, time.time()))
            if self.on_row is not None:
                self.on_row(row)
        self._quiet_since = time.monotonic()
        return len(new)

    def take_seats(self, seats: Collection[int]) -> None:
        """Play `seats` too from now on (a seat handed to this laptop's bot): the session is
        built again from the rows, now reading those seats' hidden cards."""
        old = self.session
        self.session = TableSession(old.game_id, old.state.num_players, old.options,
                                    old.mine | set(seats))
        self.session.people = old.people - set(seats)
        self.rows = []

    def _hidden_for(self, rows: Sequence[Row]) -> Sequence[Hidden]:
        if any(r.kind in (DEAL, REVEAL) for r in rows):
            return self.link.hidden()
        return ()

    def step(self) -> None:
        """Write the due row if it falls to this laptop now, else wait for a row."""
        due = self.session.due()
        if due is None or not self.writes or not self._falls_to_me(due):
            if self.on_idle is not None:
                self.on_idle(self)
            self.link.wait(self._wait_time(due))
            return
        try:
            self._write(due)
        except RowTaken:
            return  # another laptop wrote it: read it next
        except NotPlaying:  # paused by the host: wait for the resume row
            self.link.wait(WAIT_S)
            return
        self.written.add(self.session.n + 1)

    def _falls_to_me(self, due: Due) -> bool:
        if isinstance(due, MoveDue | ShowDue):
            return not isinstance(due, MoveDue) or due.seat not in self.session.people
        if isinstance(due, EndDue) and self._end_seat() < 0:
            return False  # the seat the last row names writes the end
        if self.session.n in self.written or (self.session.n == 0 and self.host):
            return True
        return time.monotonic() - self._quiet_since >= self.grace_s

    def _wait_time(self, due: Due | None) -> float:
        if due is None:
            return WAIT_S
        left = self.grace_s - (time.monotonic() - self._quiet_since)
        return max(0.05, min(WAIT_S, left))

    # --- writing -------------------------------------------------------------------------------
    def _seat(self) -> int:
        """The seat this laptop writes chance rows as."""
        return min(self.session.mine)

    def _end_seat(self) -> int:
        """The seat this laptop writes the end row as: one the last row names, any of its
        own when it names none; -1 when it names only other laptops' seats."""
        named = list(self.rows[-1].next_seats) if self.rows else []
        if not named:
            return self._seat()
        return next((s for s in named if s in self.session.mine), -1)

    def _write(self, due: Due) -> None:
        n = self.session.n + 1
        if isinstance(due, MoveDue):
            state = self.session.state
            move = self.choose(state.view(due.seat), due.seat)
            self.link.play(n, due.seat, self.session.move_payload(due.seat, move),
                           self.session.next_seats_after(due.seat, move))
        elif isinstance(due, ShowDue):
            self.link.play(n, due.seat, self.session.show_payload(due.seat),
                           self.session.next_seats_after_show(due.seat))
        elif isinstance(due, DrawDue):
            self.link.draw(n, self._seat(), due.weights, due.next_by_outcome)
        elif isinstance(due, DealDue):
            self.link.deal(n, due.plan.items, due.plan.zones,
                           self.session.next_seats_after_chance())
        elif isinstance(due, RevealDue):
            self.link.reveal(n, due.zone, due.count, due.to_seat,
                             self.session.next_seats_after_chance())
        elif isinstance(due, EndDue):
            self.link.end(n, self._end_seat(), due.payload)

    # --- the end ---------------------------------------------------------------------------
    def _finish(self) -> RunResult:
        self.link.finish()
        hidden = self.link.hidden()
        rows = list(self.link.rows(after=0))
        return RunResult(confirmation=confirm(self.session, rows, hidden),
                         applied=self.applied)
