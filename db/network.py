"""Network games through a club's PostgreSQL history (issue 38): the client side of migration
0011's tables and functions. No Qt.

A table is opened by its host (`open_table`: the game, its options, the seats), joined by code
(`join_table`) and started by the host (`start_table`, which writes row 0). Every laptop then
keeps one `TableClient`: `rows(after)` reads the public rows (catching up after a sleep or a
lost connection), `play`/`draw`/`deal`/`reveal` write row n through the server's functions
(which check the seat, the turn and the row number; refusals are `db.errors.MoveRefused` and
`db.errors.Conflict`, each with one sentence in both languages), `my_hidden()` reads what the
login may see of the server's deals, and `wait(timeout)` blocks on LISTEN until a row for this
table arrives (it reconnects by itself after a dropped connection or a server restart and then
returns True: the caller reads `rows()` again, which holds everything it missed).

Errors are `db.errors.DatabaseError`s: a SQLite history (or a server not yet updated) raises
`NetTableError` (`no_network_tables`) at once.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import Connection, text
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from db import errors
from db.engine import Database
from db.errors import DatabaseError, NetTableError

#: The channel every row of every table is announced on ("table_id:n:uid", with "seats",
#: "finished" or "abandoned" for n when those change; the uid tells apart tables of the same
#: id in other schemas of the database).
CHANNEL = "companion_table"
#: Table states a laptop may still join, watch or play at.
LIVE = ("open", "playing", "paused")
#: A seat's `next_seats` entry meaning "chance: the server draws next" (net_draw, net_deal,
#: net_reveal).
CHANCE = -1

#: Migration 0011's tables: PostgreSQL only and written through its functions, so they are
#: no models (db/models.py); autogenerate leaves them alone (`is_model_name`).
NET_TABLES = frozenset({"net_tables", "net_seats", "net_watchers", "net_moves", "net_hidden",
                        "net_secrets"})

T = TypeVar("T")


def is_model_name(name: str | None, type_: str, _parent_names: object) -> bool:
    """Alembic's include_name: everything but the network tables (not even reflected)."""
    return not (type_ == "table" and name in NET_TABLES)


@dataclass(frozen=True)
class NetSeat:
    seat: int
    kind: str  # "person", "bot" (run by the host; its login is the host's) or "open"
    login: str | None
    last_seen: datetime | None = None


@dataclass(frozen=True)
class NetTable:
    id: int
    uid: str  # becomes plays.uid of the finished play
    code: str  # six characters shown to people
    game_id: str
    options: dict[str, Any]
    host: str
    status: str  # "open", "playing", "paused", "finished" or "abandoned"
    seats: tuple[NetSeat, ...]
    away_after_s: int = 120
    created_at: datetime | None = None

    def seats_of(self, login: str) -> tuple[int, ...]:
        """The seats `login` writes rows for (a host's include the bots')."""
        return tuple(s.seat for s in self.seats if s.login == login)


@dataclass(frozen=True)
class NetRow:
    n: int
    kind: str  # start, move, chance, deal, reveal, fault, pause, resume, end
    seat: int | None
    payload: Any
    next_seats: tuple[int, ...]  # who may write row n + 1 (CHANCE: the server draws)
    login: str
    at: datetime


class HiddenZone(NamedTuple):
    """A private part of a server deal or draw that the login may read."""

    n: int
    zone: str
    seat: int | None
    items: list[Any]


# -- reading ------------------------------------------------------------------------------------

_TABLE = text("""
SELECT id, uid::text AS uid, code, game_id, options, host, status, away_after_s, created_at
  FROM net_tables WHERE {where} ORDER BY id DESC""")
_SEATS = text("""
SELECT table_id, seat, kind, login, last_seen FROM net_seats
 WHERE table_id = ANY(:ids) ORDER BY table_id, seat""")
_ROWS = text("""
SELECT n, kind, seat, payload, next_seats, login, at FROM net_moves
 WHERE table_id = :id AND n > :after ORDER BY n""")
_HIDDEN = text("""
SELECT n, zone, seat, items FROM net_hidden WHERE table_id = :id ORDER BY n, zone""")


def _tables(conn: Connection, where: str, params: Mapping[str, Any]) -> list[NetTable]:
    found = conn.execute(text(_TABLE.text.format(where=where)), dict(params)).all()
    seats: dict[int, list[NetSeat]] = {}
    for row in conn.execute(_SEATS, {"ids": [t.id for t in found]}).all():
        seats.setdefault(int(row.table_id), []).append(
            NetSeat(int(row.seat), str(row.kind), row.login, row.last_seen))
    return [NetTable(id=int(t.id), uid=str(t.uid), code=str(t.code), game_id=str(t.game_id),
                     options=dict(t.options), host=str(t.host), status=str(t.status),
                     seats=tuple(seats.get(int(t.id), ())), away_after_s=int(t.away_after_s),
                     created_at=t.created_at) for t in found]


def _net_row(row: Any) -> NetRow:
    return NetRow(n=int(row.n), kind=str(row.kind), seat=row.seat, payload=row.payload,
                  next_seats=tuple(int(s) for s in row.next_seats), login=str(row.login),
                  at=row.at)


# -- calling the server -------------------------------------------------------------------------


def _require_server(database: Database) -> None:
    if database.engine.dialect.name != "postgresql":
        raise errors.no_network_tables(database.where, "network tables need PostgreSQL")


def _error(database: Database, exc: BaseException) -> DatabaseError:
    """The sentence for what went wrong in a call (the server's refusal, or the rest)."""
    refusal = errors.net_refusal(exc)
    if refusal is not None:
        return refusal
    if errors.pg_state(exc) in (errors.PG_UNDEFINED_FUNCTION, errors.PG_UNDEFINED_TABLE):
        return errors.no_network_tables(database.where, errors.first_line(exc))
    return errors.describe(exc, database.where, access=database.access)


def _call(database: Database, work: Callable[[Connection], T]) -> T:
    """`work` in one transaction; tried once more on a fresh connection when the first was
    lost (a server restart drops every pooled connection). A write whose connection dropped
    may have landed: tried again it is then refused as a `Conflict`, and the rows tell."""
    _require_server(database)
    for attempt in (1, 2):
        try:
            with database.engine.begin() as conn:
                return work(conn)
        except DBAPIError as exc:
            if attempt == 1 and exc.connection_invalidated:
                continue
            raise _error(database, exc) from exc
        except SQLAlchemyError as exc:
            raise _error(database, exc) from exc
    raise AssertionError("unreachable")


def _driver_error() -> type[Exception]:
    """psycopg's base error (imported here: a SQLite-only install has no psycopg)."""
    import psycopg

    return psycopg.Error


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, allow_nan=False)


# -- tables -------------------------------------------------------------------------------------


def open_table(database: Database, game_id: str, options: Mapping[str, Any],
               seats: Sequence[Mapping[str, Any]], away_after_s: int = 120) -> NetTable:
    """Open a table hosted by the login: `seats` like [{"kind": "person", "login": "ann"},
    {"kind": "bot"}, {"kind": "open"}]; a seat may be handed to a bot after `away_after_s`
    seconds without a sign of its person."""
    def work(conn: Connection) -> int:
        made = conn.execute(
            text("SELECT id FROM net_open(:game, CAST(:options AS jsonb), "
                 "CAST(:seats AS jsonb), :away)"),
            {"game": game_id, "options": _json(dict(options)),
             "seats": _json([dict(s) for s in seats]), "away": away_after_s}).one()
        return int(made.id)

    return table_of(database, _call(database, work))


def join_table(database: Database, code: str, seat: int) -> NetTable:
    """Take the free seat `seat` of the open table with code `code` for the login."""
    table_id = _call(database, lambda conn: int(conn.scalar(
        text("SELECT net_join(:code, :seat)"), {"code": code, "seat": seat})))
    return table_of(database, table_id)


def watch_table(database: Database, code: str) -> NetTable:
    """Follow the table with code `code` as a spectator (its public rows only)."""
    table_id = _call(database, lambda conn: int(conn.scalar(
        text("SELECT net_watch(:code)"), {"code": code})))
    return table_of(database, table_id)


def start_table(database: Database, table_id: int,
                next_seats: Sequence[int] | None = None) -> None:
    """The host starts the table: row 0 (kind "start"), after which `next_seats` (default:
    every seat and chance) may write row 1."""
    _call(database, lambda conn: conn.execute(
        text("SELECT net_start(:id, CAST(:next AS integer[]))"),
        {"id": table_id, "next": None if next_seats is None else list(next_seats)}))


def open_tables(database: Database) -> list[NetTable]:
    """Tables still open, playing or paused, newest first."""
    return _call(database, lambda conn: _tables(conn, "status = ANY(:live)",
                                                {"live": list(LIVE)}))


def table_of(database: Database, table_id: int) -> NetTable:
    found = _call(database, lambda conn: _tables(conn, "id = :id", {"id": table_id}))
    if not found:
        kind, message, ja = errors.NET_REFUSALS["CT006"]
        raise kind(message, ja=ja, detail=f"no table {table_id}", sqlstate="CT006")
    return found[0]


# -- one laptop at one table --------------------------------------------------------------------


class TableClient:
    """One laptop at one table: its reads, its writes and its LISTEN connection. Listening
    starts here, so a row written between this and the first `rows()` still wakes `wait`."""

    def __init__(self, database: Database, table_id: int) -> None:
        _require_server(database)
        self.database = database
        self.table_id = table_id
        self.uid = table_of(database, table_id).uid
        self._listener: Any = None  # a pooled connection in autocommit, LISTENing
        self.reconnects = 0  # LISTEN connections made again after one was lost
        self._listen()

    # reads

    def table(self) -> NetTable:
        return table_of(self.database, self.table_id)

    def rows(self, after: int = -1) -> list[NetRow]:
        """The public rows numbered above `after` (all of them by default, row 0 included)."""
        return _call(self.database, lambda conn: [
            _net_row(r) for r in conn.execute(_ROWS, {"id": self.table_id, "after": after})])

    def my_hidden(self) -> list[HiddenZone]:
        """The server's private rows this login may read: its seats' (a host's: the bots'
        too) while the game runs, every one once the table is finished."""
        return _call(self.database, lambda conn: [
            HiddenZone(int(r.n), str(r.zone), r.seat, list(r.items))
            for r in conn.execute(_HIDDEN, {"id": self.table_id})])

    # writes

    def play(self, n: int, seat: int, payload: Any, next_seats: Sequence[int],
             kind: str = "move") -> None:
        """Write row n for `seat` (kind "move", "fault" or "end"). Raises `MoveRefused` (not
        the seat's turn or login, the game not running...) or `Conflict` (row n exists)."""
        self._write("SELECT net_play(:id, :n, :seat, CAST(:payload AS jsonb), "
                    "CAST(:next AS integer[]), :kind)",
                    n=n, seat=seat, payload=_json(payload), next=list(next_seats), kind=kind)

    def draw(self, n: int, seat: int | None, weights: Sequence[float],
             next_seats: Sequence[int],
             next_by_outcome: Sequence[Sequence[int]] | None = None) -> int:
        """Row n: the server draws an index with these weights (public chance). The row's
        next seats are `next_seats`, or with `next_by_outcome` (one list per weight) the
        drawn outcome's."""
        by_outcome = None if next_by_outcome is None else _json(
            [[int(s) for s in seats] for seats in next_by_outcome])
        return int(self._write("SELECT net_draw(:id, :n, :seat, CAST(:weights AS float8[]), "
                               "CAST(:next AS integer[]), CAST(:by AS jsonb))", n=n,
                               seat=seat, weights=[float(w) for w in weights],
                               next=list(next_seats), by=by_outcome))

    def deal(self, n: int, items: Sequence[Any], zones: Sequence[Mapping[str, Any]],
             next_seats: Sequence[int]) -> None:
        """Row n: the server shuffles `items` and cuts them into `zones` ([{"zone": "hand0",
        "seat": 0, "count": 8}, ..., {"zone": "deck", "seat": None, "count": None}]: the
        rest); the public row holds the counts only."""
        self._write("SELECT net_deal(:id, :n, CAST(:items AS jsonb), CAST(:zones AS jsonb), "
                    "CAST(:next AS integer[]))", n=n, items=_json(list(items)),
                    zones=_json([dict(z) for z in zones]), next=list(next_seats))

    def reveal(self, n: int, from_zone: str, count: int, to_seat: int | None,
               next_seats: Sequence[int]) -> list[Any] | None:
        """Row n: the first `count` items of a hidden zone go to `to_seat` privately (its
        login gets them; anyone else None) or, `to_seat` None, to everyone. The server's
        function returns nothing; the items are read back once the row is committed."""
        self._write("SELECT net_reveal(:id, :n, :zone, :count, :to_seat, "
                    "CAST(:next AS integer[]))", n=n, zone=from_zone, count=count,
                    to_seat=to_seat, next=list(next_seats))
        # read once committed (the server shows no transaction what it has just written)
        if to_seat is None:
            return list(self.rows(after=n - 1)[0].payload["items"])
        drawn = [z.items for z in self.my_hidden() if (z.n, z.zone) == (n, "draw")]
        return drawn[0] if drawn else None

    def finish(self) -> None:
        """The table becomes finished (after an "end" row): every hidden row is readable."""
        self._write("SELECT net_finish(:id)")

    def pause(self) -> None:
        self._write("SELECT net_pause(:id)")

    def resume(self) -> None:
        self._write("SELECT net_resume(:id)")

    def hand_to_bot(self, seat: int) -> None:
        """The host takes over `seat` with a bot (its person away past the table's time)."""
        self._write("SELECT net_hand_to_bot(:id, :seat)", seat=seat)

    def abandon(self) -> None:
        self._write("SELECT net_abandon(:id)")

    def seen(self) -> None:
        """The login's seats were seen now (a seat long unseen may be handed to a bot)."""
        self._write("SELECT net_seen(:id)")

    def _write(self, statement: str, **params: Any) -> Any:
        return _call(self.database, lambda conn: conn.scalar(
            text(statement), {"id": self.table_id, **params}))

    # waiting

    def wait(self, timeout_s: float) -> bool:
        """Block until a row (or a seat or status change) of this table is announced, for at
        most `timeout_s` seconds: True then, False when nothing came. A lost connection is
        made again within the time (a server restarting is waited for); True then too, as
        rows may have been missed — read them with `rows()`."""
        deadline = time.monotonic() + max(0.0, timeout_s)
        while True:
            if self._listener is None:
                if self._listen():
                    self.reconnects += 1
                    return True
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    return False
                time.sleep(min(0.5, remaining))
                continue
            try:
                if self._announced(max(0.0, deadline - time.monotonic())):
                    return True
            except _driver_error():  # the connection was lost
                self._drop_listener()
                continue
            if time.monotonic() >= deadline:
                return False

    @property
    def listening(self) -> bool:
        """A LISTEN connection is open (False after one was lost, until `wait` remakes it)."""
        return self._listener is not None

    def _announced(self, timeout_s: float) -> bool:
        prefix, suffix = f"{self.table_id}:", f":{self.uid}"
        dbapi = self._listener.dbapi_connection
        return any(note.channel == CHANNEL and note.payload.startswith(prefix)
                   and note.payload.endswith(suffix)
                   for note in dbapi.notifies(timeout=timeout_s, stop_after=1))

    def _listen(self) -> bool:
        """Open the LISTEN connection; False when the server cannot be reached now."""
        try:
            raw = self.database.engine.raw_connection()
        except (SQLAlchemyError, _driver_error()):  # a pool's new connection raises psycopg's
            return False
        try:
            dbapi: Any = raw.dbapi_connection
            dbapi.autocommit = True
            dbapi.execute(f"LISTEN {CHANNEL}")
        except _driver_error():  # a pooled connection the server dropped
            raw.invalidate()
            return False
        self._listener = raw
        return True

    def _drop_listener(self) -> None:
        if self._listener is not None:
            self._listener.invalidate()
            self._listener = None

    def close(self) -> None:
        self._drop_listener()  # never back to the pool: it is in autocommit and listening

    def __enter__(self) -> TableClient:
        return self

    def __exit__(self, *_exc: object) -> None:
        self.close()


__all__ = ["CHANCE", "CHANNEL", "HiddenZone", "NetRow", "NetSeat", "NetTable", "NetTableError",
           "TableClient", "join_table", "open_table", "open_tables", "start_table",
           "table_of", "watch_table"]
