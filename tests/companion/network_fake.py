"""An in-memory table server with the contract's rules, for fast tests of the network session.

`FakeServer` keeps the rows, the hidden zones and the deck as PostgreSQL would (issue 38): a
row number lands once (`RowTaken` for the second), a move only from a seat the previous row
names and only by that seat's login, hidden rows readable by their seat's login until the table
is finished, chance drawn with the server's own random numbers. `FakeServer.link(login)` is one
laptop's `TableLink`.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.network.driver import RunResult, TableDriver
from companion.network.link import Hidden, NotPlaying, RowTaken
from companion.network.session import TableSession


class Refused(Exception):
    """The server refuses the call (another seat's move, out of turn, after the end)."""


@dataclass(frozen=True)
class FakeRow:
    n: int
    kind: str
    seat: int | None
    payload: dict[str, Any]
    next_seats: tuple[int, ...]
    login: str


@dataclass
class FakeServer:
    """One table: `logins[seat]` is the login that may write that seat's moves."""

    logins: list[str]
    seed: int = 0
    rows: list[FakeRow] = field(default_factory=list)
    hidden: list[Hidden] = field(default_factory=list)
    status: str = "playing"
    deck: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    def link(self, login: str) -> FakeLink:
        return FakeLink(self, login)

    # --- checks ---------------------------------------------------------------------------
    def _check(self, login: str, n: int, seat: int | None, chance: bool) -> None:
        if self.status == "paused":
            raise NotPlaying("the table is paused")
        if self.status != "playing":
            raise Refused("the table is not being played")
        if n != len(self.rows) + 1:
            raise RowTaken(f"row {n} is not the next row")
        allowed = self.rows[-1].next_seats if self.rows else None
        if login not in self.logins:
            raise Refused(f"{login} has no seat at this table")
        if chance:
            if allowed is not None and -1 not in allowed:
                raise Refused("chance does not act now")
            return
        if seat is None or (allowed is not None and seat not in allowed):
            raise Refused(f"seat {seat} may not write row {n}")
        if self.logins[seat] != login:
            raise Refused(f"seat {seat} is not {login}'s")

    def _add(self, login: str, kind: str, seat: int | None, payload: dict[str, Any],
             next_seats: Sequence[int]) -> None:
        self.rows.append(FakeRow(len(self.rows) + 1, kind, seat, payload, tuple(next_seats),
                                 login))

    def pause(self, paused: bool = True) -> None:
        """The host pauses (or resumes) the table: a row that changes nobody's turn."""
        self.status = "paused" if paused else "playing"
        self._add(self.logins[0], "pause" if paused else "resume", None, {},
                  self.rows[-1].next_seats if self.rows else ())

    def forge(self, kind: str, seat: int | None, payload: dict[str, Any],
              next_seats: Sequence[int]) -> None:
        """A row written past every check (as if the server were fooled): for fault tests."""
        self._add("mallory", kind, seat, payload, next_seats)


class FakeLink:
    """One laptop's calls (as `login`) to a `FakeServer`."""

    def __init__(self, server: FakeServer, login: str) -> None:
        self.server = server
        self.login = login
        self.waits = 0

    def rows(self, after: int = 0) -> list[FakeRow]:
        return [r for r in self.server.rows if r.n > after]

    def hidden(self) -> list[Hidden]:
        server = self.server
        if server.status == "finished":
            return list(server.hidden)
        return [h for h in server.hidden
                if h.seat is not None and server.logins[h.seat] == self.login]

    def play(self, n: int, seat: int, payload: dict[str, Any],
             next_seats: Sequence[int]) -> None:
        self.server._check(self.login, n, seat, chance=False)
        self.server._add(self.login, "move", seat, payload, next_seats)

    def end(self, n: int, seat: int, payload: dict[str, Any]) -> None:
        server = self.server
        if server.status == "paused":
            raise NotPlaying("the table is paused")
        if not server.rows or server.rows[-1].next_seats:
            raise Refused("the game is not over")
        if n != len(server.rows) + 1:
            raise RowTaken(f"row {n} is not the next row")
        server._add(self.login, "end", seat, payload, ())

    def draw(self, n: int, seat: int | None, weights: Sequence[float],
             next_seats: Sequence[int]) -> int:
        server = self.server
        server._check(self.login, n, seat, chance=True)
        index = server.rng.choices(range(len(weights)), weights=weights)[0]
        server._add(self.login, "chance", seat, {"index": index, "weights": list(weights)},
                    (next_seats[index],) if next_seats[index] != -2 else ())
        return index

    def deal(self, n: int, items: Sequence[str], zones: Sequence[dict[str, Any]],
             next_seats: Sequence[int]) -> None:
        server = self.server
        server._check(self.login, n, None, chance=True)
        shuffled = list(items)
        server.rng.shuffle(shuffled)
        for zone in zones:
            count = zone["count"] if zone["count"] is not None else len(shuffled)
            taken, shuffled = shuffled[:count], shuffled[count:]
            if zone["zone"] == "deck":
                server.deck = taken
            server.hidden.append(Hidden(n, zone["zone"], zone["seat"], tuple(taken)))
        server._add(self.login, "deal", None, {"zones": [dict(z) for z in zones]}, next_seats)

    def reveal(self, n: int, from_zone: str, count: int, to_seat: int | None,
               next_seats: Sequence[int]) -> list[str] | None:
        server = self.server
        server._check(self.login, n, None, chance=True)
        if from_zone == "deck":
            taken, server.deck = server.deck[:count], server.deck[count:]
        else:  # a hand zone of a deal, as net_reveal reads the zone's latest row
            source = next(h for h in reversed(server.hidden) if h.zone == from_zone)
            if count > len(source.items):
                raise Refused(f"cannot reveal {count} items of zone {from_zone}")
            taken = list(source.items[:count])
            server.hidden.append(Hidden(n, from_zone, source.seat, source.items[count:]))
        payload: dict[str, Any] = {"zone": from_zone, "count": count, "to_seat": to_seat}
        if to_seat is None:
            payload["items"] = taken
        else:
            server.hidden.append(Hidden(n, "draw", to_seat, tuple(taken)))
        server._add(self.login, "reveal", None, payload, next_seats)
        return taken if to_seat is None else None

    def finish(self) -> None:
        server = self.server
        if server.rows and server.rows[-1].kind == "end":
            server.status = "finished"

    def wait(self, timeout_s: float) -> bool:
        self.waits += 1
        return False


def random_chooser(seed: int) -> Any:
    """A laptop's computer that picks a random legal move (reproducible by `seed`)."""
    from companion.bots import make_bot

    bot, rng = make_bot("random"), random.Random(seed)
    return lambda state, seat: bot.choose(state, seat, rng)


def seat_drivers(server: FakeServer, game_id: str,
                 options: dict[str, Any] | None = None) -> list[TableDriver]:
    """One laptop per login of `server`, each playing its seat with a random computer; the
    first hosts."""
    players = len(server.logins)
    return [TableDriver(server.link(login),
                        TableSession(game_id, players, dict(options or {}), [seat]),
                        random_chooser(seat), host=seat == 0, grace_s=0.0)
            for seat, login in enumerate(server.logins)]


def spectator_driver(server: FakeServer, game_id: str,
                     options: dict[str, Any] | None = None) -> TableDriver:
    """A spectator's laptop (login "zoe"): it follows the table and writes nothing."""
    return TableDriver(server.link("zoe"),
                       TableSession(game_id, len(server.logins), dict(options or {}), ()),
                       random_chooser(9), writes=False, grace_s=0.0)


def play_to_end(drivers: Sequence[TableDriver], limit: int = 20_000) -> list[RunResult]:
    """Tick every laptop in turn until all are done; their results in order."""
    results: dict[int, RunResult] = {}
    for _ in range(limit):
        for index, driver in enumerate(drivers):
            if index not in results and (result := driver.tick()) is not None:
                results[index] = result
        if len(results) == len(drivers):
            return [results[i] for i in range(len(drivers))]
    raise AssertionError("the table did not end")
