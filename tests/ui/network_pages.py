"""Network table pages over the in-memory server (tests/companion/network_fake.py), for fast
tests of the window part of issue 38: a thread-safe link per laptop (the pages' workers run
in threads), the table calls beside the rows (`FakeOps`), and `page_for` building a page."""

from __future__ import annotations

import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from typing import Any

from db.network import NetSeat, NetTable
from tests.companion.network_fake import FakeLink, FakeServer
from ui.play.network import NetworkPlayPage, network_page

#: One lock for every fake server of the process: the pages' workers call it from threads.
LOCK = threading.RLock()


class LockedLink:
    """A `FakeLink` whose calls take turns, and whose wait sleeps a moment (no busy loop)."""

    def __init__(self, link: FakeLink) -> None:
        self.link = link

    def __getattr__(self, name: str) -> Any:
        call = getattr(self.link, name)

        def locked(*args: Any, **kwargs: Any) -> Any:
            with LOCK:
                return call(*args, **kwargs)
        return locked

    def wait(self, timeout_s: float) -> bool:
        time.sleep(min(timeout_s, 0.005))
        return False


@dataclass
class FakeTable:
    """A table's seats and status on the fake server (what `TableClient.table` reads)."""

    server: FakeServer
    game_id: str
    host: str
    kinds: list[str]  # "person" or "bot" per seat
    options: dict[str, Any] = field(default_factory=dict)
    away_after_s: int = 120
    last_seen: dict[int, datetime] = field(default_factory=dict)
    code: str = "K7PQ2M"

    def table(self) -> NetTable:
        status = self.server.status
        seats = tuple(NetSeat(i, kind, self.server.logins[i], self.last_seen.get(i))
                      for i, kind in enumerate(self.kinds))
        return NetTable(1, "uid-1", self.code, self.game_id, dict(self.options), self.host,
                        status, seats, self.away_after_s)


class FakeOps:
    """One laptop's table calls beside the rows, on a `FakeTable`."""

    def __init__(self, fake: FakeTable, login: str) -> None:
        self.fake, self.login = fake, login
        self.seen_calls = 0

    def table(self) -> NetTable:
        with LOCK:
            return self.fake.table()

    def seen(self) -> None:
        with LOCK:
            self.seen_calls += 1
            for seat, login in enumerate(self.fake.server.logins):
                if login == self.login:
                    self.fake.last_seen[seat] = datetime.now(UTC)

    def pause(self) -> None:
        with LOCK:
            self.fake.server.pause(True)

    def resume(self) -> None:
        with LOCK:
            self.fake.server.pause(False)

    def hand_to_bot(self, seat: int) -> None:
        with LOCK:
            fake = self.fake
            fake.server.logins[seat] = fake.host
            fake.kinds[seat] = "bot"


def fake_table(game_id: str, logins: Sequence[str], kinds: Sequence[str] | None = None,
               seed: int = 5, **options: Any) -> FakeTable:
    """A table hosted by the first login, already playing (every seat taken); the server's
    draws come from `seed` (机戦: 5 lets seat 2 begin, 1 seat 1)."""
    server = FakeServer(list(logins), seed=seed)
    now = datetime.now(UTC)  # every seat taken just now
    return FakeTable(server, game_id, logins[0], list(kinds or ["person"] * len(logins)),
                     dict(options), last_seen=dict.fromkeys(range(len(logins)), now))


def away(fake: FakeTable, seat: int) -> None:
    """The seat's person was last seen long ago."""
    with LOCK:
        fake.last_seen[seat] = datetime.now(UTC) - timedelta(seconds=fake.away_after_s + 5)


def page_for(qtbot: Any, fake: FakeTable, login: str, *, watch: bool = False,
             store: Any = None) -> NetworkPlayPage:
    link = LockedLink(fake.server.link(login))
    page = network_page(None, fake.table(), login, link, FakeOps(fake, login), watch=watch,
                        store=store, animate=False)
    qtbot.addWidget(page)
    page.resize(760, 524)
    page.show()
    return page


def with_status(table: NetTable, status: str) -> NetTable:
    return replace(table, status=status)
