"""`companion table play`: one laptop's seats at a network table, headless, to the end.

`ClientLink` adapts `db.network.TableClient` to the engine side's `TableLink` (a row another
laptop wrote first is `RowTaken`; the end row is a `play` of kind "end"). `play_table` runs
the seats with a bot through `companion.network.driver`, shows a refused row as a fault,
and — on the host's laptop — writes the confirmed play into the history once (plays.uid is
the table's uid: a second write, after a restart, finds it there and adds nothing).
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from companion.network.link import Hidden, NotPlaying, Row, RowTaken

#: The server's refusal while a table is paused or not started (migration 0011).
PAUSED = "CT003"
#: Seconds between tries while the table's server cannot be reached.
RETRY_S = 2.0
#: Seconds `play` waits for an open table to be started.
START_WAIT_S = 60.0


class ClientLink:
    """A `TableClient` as the engine side's `TableLink`."""

    def __init__(self, client: Any) -> None:
        self.client = client

    def rows(self, after: int = 0) -> Sequence[Row]:
        return list(self.client.rows(after=after))

    def hidden(self) -> Sequence[Hidden]:
        return [Hidden(z.n, z.zone, z.seat, tuple(str(item) for item in z.items))
                for z in self.client.my_hidden()]

    def play(self, n: int, seat: int, payload: dict[str, Any],
             next_seats: Sequence[int]) -> None:
        self._taken(self.client.play, n, seat, payload, list(next_seats))

    def end(self, n: int, seat: int, payload: dict[str, Any]) -> None:
        self._taken(self.client.play, n, seat, payload, [], kind="end")

    def draw(self, n: int, seat: int | None, weights: Sequence[float],
             next_seats: Sequence[int]) -> int:
        return int(self._taken(self.client.draw, n, seat, list(weights), [],
                               next_by_outcome=next_by_outcome(next_seats)))

    def deal(self, n: int, items: Sequence[str], zones: Sequence[dict[str, Any]],
             next_seats: Sequence[int]) -> None:
        self._taken(self.client.deal, n, list(items), list(zones), list(next_seats))

    def reveal(self, n: int, from_zone: str, count: int, to_seat: int | None,
               next_seats: Sequence[int]) -> list[str] | None:
        got = self._taken(self.client.reveal, n, from_zone, count, to_seat, list(next_seats))
        return None if got is None else [str(item) for item in got]

    def finish(self) -> None:
        self.client.finish()

    def wait(self, timeout_s: float) -> bool:
        return bool(self.client.wait(timeout_s))

    @staticmethod
    def _taken(call: Any, *params: Any, **named: Any) -> Any:
        from db.errors import Conflict, MoveRefused

        try:
            return call(*params, **named)
        except Conflict as exc:
            raise RowTaken(str(exc)) from exc
        except MoveRefused as exc:
            if exc.sqlstate == PAUSED:
                raise NotPlaying(str(exc)) from exc
            raise


def next_by_outcome(seats: Sequence[int]) -> list[list[int]]:
    """The next seats after each outcome of a draw as the server takes them: the seat (or -1,
    chance again) in a list of its own, an empty list where the game is over (-2)."""
    return [[] if seat == -2 else [seat] for seat in seats]


def table_by_code(database: Any, code: str) -> Any:
    """The table with `code` whatever its status (None when there is none)."""
    from sqlalchemy import text

    from db import network

    with database.engine.connect() as conn:
        found = conn.scalar(text("SELECT id FROM net_tables WHERE upper(code) = :code"),
                            {"code": code.strip().upper()})
    return None if found is None else network.table_of(database, int(found))


def _lang(args: argparse.Namespace) -> str:
    from ui.commands.table import _lang as lang

    return lang(args)


def _say(args: argparse.Namespace, en: str, ja: str, err: bool = False) -> None:
    print(ja if _lang(args) == "ja" else en, file=sys.stderr if err else sys.stdout,
          flush=True)


def play_table(args: argparse.Namespace, database: Any, bot_kind: str) -> int:
    """Run the login's seats (or `--seat`) at the table `args.code` to the end."""
    from companion.bots import make_bot
    from db import network

    table = table_by_code(database, args.code)
    if table is None:
        _say(args, f"companion table: there is no table with code {args.code}",
             f"companion table: コード {args.code} の卓は見つかりません", err=True)
        return 2
    login = database.access.login if database.access is not None else ""
    mine = _my_seats(table, login, args.seat)
    if not mine:
        _say(args, f"companion table: {login} has no seat {args.seat or ''} at table "
                   f"{table.code}", f"companion table: {login} は卓 {table.code} の"
                   f"席{args.seat or ''}に着いていません", err=True)
        return 2
    table = _wait_started(database, table, login)
    bot = make_bot(bot_kind)
    rng = random.Random(args.seed)
    with network.TableClient(database, table.id) as client:
        return _run(args, database, table, login, mine, ClientLink(client),
                    lambda state, seat: bot.choose(state, seat, rng), bot_kind)


def _my_seats(table: Any, login: str, seat: int | None) -> list[int]:
    own = set(table.seats_of(login))
    if seat is not None:
        if seat - 1 not in own:
            return []
        own = {seat - 1} | ({s.seat for s in table.seats if s.kind == "bot"}
                            if login == table.host else set())
    return sorted(own)


def _wait_started(database: Any, table: Any, login: str) -> Any:
    """The table once it is being played (the host starts it when every seat is taken)."""
    from db import network
    from ui.commands.table import _start

    deadline = time.monotonic() + START_WAIT_S
    while table.status == "open" and time.monotonic() < deadline:
        if login == table.host and all(s.kind != "open" for s in table.seats):
            _start(database, table.id)
        time.sleep(0.3)
        table = network.table_of(database, table.id)
    return table


def _run(args: argparse.Namespace, database: Any, table: Any, login: str, mine: list[int],
         link: ClientLink, choose: Any, bot_kind: str) -> int:
    from companion.network.driver import TableDriver
    from companion.network.session import TableSession

    session = TableSession(table.game_id, len(table.seats), dict(table.options), mine)
    seats_text = ", ".join(str(s + 1) for s in mine)
    _say(args, f"table {table.code}: {login} plays seat {seats_text}",
         f"卓 {table.code}: {login} が席 {seats_text} を打ちます")

    driver = TableDriver(link, session, choose, host=login == table.host)
    if args.verbose:
        driver.on_row = lambda row: print(_row_line(driver, row, _lang(args)), flush=True)
    driver.on_idle = Keeper(args, link.client, login, table)
    try:
        result = run_through_outages(args, driver, args.timeout)
    except TimeoutError:
        _say(args, "companion table: the table did not end in time (run the same command "
                   "again to go on)", "companion table: 時間内に終わりませんでした（同じ"
                   "コマンドでもう一度続けられます）", err=True)
        return 3
    if result.fault is not None:
        _say(args, f"companion table: {result.fault.text('en')}",
             f"companion table: {result.fault.text('ja')}", err=True)
        return 3
    confirmation = result.confirmation
    if confirmation is None or not confirmation.agrees:
        _say(args, "companion table: the whole game, replayed with every card shown, does not "
                   "give this laptop's result", "companion table: 全部の札を見て打ち直すと、"
                   "このパソコンの結果と合いません", err=True)
        return 3
    _say(args, f"finished: scores {_scores(confirmation)}; the whole game replayed and agrees",
         f"終局: 得点 {_scores(confirmation)}。全部の札を見て打ち直し、結果が一致しました")
    if login == table.host:
        play_id = store_play(database, table, confirmation, bot_kind)
        _say(args, f"in the history as play {play_id}", f"履歴の対局 {play_id} になりました")
    return 0


def run_through_outages(args: argparse.Namespace, driver: Any, timeout: float | None) -> Any:
    """`driver.run` to the end, going on after the server could not be reached (a lost
    network, a server restarting): the rows hold the game, so the laptop waits `RETRY_S` and
    catches up. A refusal of the server's (`NetTableError`) is no outage: it is raised."""
    from db.errors import DatabaseError, NetTableError

    deadline = None if timeout is None else time.monotonic() + timeout
    while True:
        left = None if deadline is None else max(0.0, deadline - time.monotonic())
        try:
            return driver.run(left)
        except NetTableError:
            raise
        except DatabaseError as exc:
            _say(args, f"companion table: {exc.text('en')} Trying again in {RETRY_S:g} s.",
                 f"companion table: {exc.text('ja')} {RETRY_S:g}秒後にもう一度試します。",
                 err=True)
            time.sleep(RETRY_S)


def _row_line(driver: Any, row: Row, lang: str) -> str:
    """A row as a line (a public draw with the engine's outcome)."""
    from companion.network.texts import row_line

    return row_line(row, lang, driver.session.drawn if row.kind == "chance" else "")


class Keeper:
    """While a laptop waits: its seats are seen every `SEEN_EVERY_S`; on the host's laptop a
    person's seat whose turn it is, unseen past the table's time, is handed to the host's bot
    (the server checks the time too)."""

    SEEN_EVERY_S = 10.0
    CHECK_EVERY_S = 1.0

    def __init__(self, args: argparse.Namespace, client: Any, login: str, table: Any) -> None:
        self.args = args
        self.client = client
        self.login = login
        self.table = table
        self.seen_at = 0.0
        self.checked_at = time.monotonic()

    def __call__(self, driver: Any) -> None:
        now = time.monotonic()
        if now - self.seen_at >= min(self.SEEN_EVERY_S, self.table.away_after_s / 3):
            self.client.seen()
            self.seen_at = now
        if self.login == self.table.host and now - self.checked_at >= self.CHECK_EVERY_S:
            self.checked_at = now
            self._hand_over_away(driver)

    def _hand_over_away(self, driver: Any) -> None:
        from db.errors import NetTableError

        to_move = driver.session.state.to_move()  # a seat, not chance nor the end
        if to_move < 0 or to_move in driver.session.mine:
            return
        self.table = self.client.table()
        place = self.table.seats[to_move]
        if place.kind != "person" or not _away(place.last_seen, self.table.away_after_s):
            return
        try:
            self.client.hand_to_bot(to_move)
        except NetTableError:
            return  # seen again meanwhile: it stays the person's
        _say(self.args, f"seat {to_move + 1} ({place.login}) was away longer than "
                        f"{self.table.away_after_s} s: the host's bot plays it now",
             f"席{to_move + 1}（{place.login}）が{self.table.away_after_s}秒より長く不在の"
             "ため、ホストのコンピューターが代わりに打ちます")
        driver.take_seats([to_move])


def _away(last_seen: datetime | None, away_after_s: int) -> bool:
    if last_seen is None:
        return True
    return (datetime.now(last_seen.tzinfo) - last_seen).total_seconds() > away_after_s


def _scores(confirmation: Any) -> str:
    return ", ".join(f"{score:g}" for score in confirmation.outcome.scores)


def store_play(database: Any, table: Any, confirmation: Any, bot_kind: str) -> int:
    """Write the finished table into the history once (plays.uid = the table's uid); the
    play's id, the one already stored when an earlier run wrote it."""
    from sqlalchemy import select

    from companion.history import PlayMode, PlayRecord, SeatResult
    from db.engine import run_write
    from db.models import PlayRow
    from db.repository import checked, insert_unstored_plays
    from db.stats import touch_cells

    outcome = confirmation.outcome
    ranks = outcome.ranks()
    seats = [SeatResult(seat=s.seat, player=s.login if s.kind == "person" else f"Bot · {bot_kind}",
                        is_bot=s.kind != "person", bot_kind="" if s.kind == "person" else bot_kind,
                        score=float(outcome.scores[s.seat]), rank=ranks[s.seat],
                        winner=s.seat in outcome.winners,
                        breakdown={str(k): float(v) for k, v in (
                            outcome.breakdown[s.seat] if s.seat < len(outcome.breakdown)
                            else {}).items()})
             for s in table.seats]
    started = (table.created_at or datetime.now()).replace(tzinfo=None, microsecond=0)
    play = PlayRecord(table.game_id, PlayMode.DIGITAL, started, seats,
                      finished_at=datetime.now().replace(microsecond=0),
                      options=dict(confirmation.record.options), seed=confirmation.record.seed,
                      record=confirmation.record.to_dict(), notes=outcome.detail,
                      uid=table.uid)

    def work(session: Any) -> int:
        got, cells = insert_unstored_plays(session, [checked(play)])
        touch_cells(session, cells)
        if table.uid in got:
            return got[table.uid]
        return int(session.scalar(select(PlayRow.id).where(PlayRow.uid == table.uid)))

    return int(run_write(database, work))


def watch_table(args: argparse.Namespace, database: Any) -> int:
    """Follow the table `args.code` as a spectator to its end: a line per row, only what
    every seat sees (a card drawn by a seat is one card, not which)."""
    from companion.network.driver import TableDriver
    from companion.network.session import TableSession
    from db import network

    table = network.watch_table(database, args.code.strip().upper())
    session = TableSession(table.game_id, len(table.seats), dict(table.options), ())
    _say(args, f"table {table.code}: watching", f"卓 {table.code} を観戦します")
    with network.TableClient(database, table.id) as client:
        driver = TableDriver(ClientLink(client), session, _never, writes=False)
        driver.on_row = lambda row: print(_row_line(driver, row, _lang(args)), flush=True)
        try:
            result = driver.run(args.timeout)
        except TimeoutError:
            return 0
    if result.fault is not None:
        _say(args, f"companion table: {result.fault.text('en')}",
             f"companion table: {result.fault.text('ja')}", err=True)
        return 3
    outcome = session.state.outcome()
    if outcome is not None:
        scores = ", ".join(f"{score:g}" for score in outcome.scores)
        _say(args, f"finished: scores {scores}", f"終局: 得点 {scores}")
    return 0


def _never(state: Any, seat: int) -> Any:
    raise AssertionError("a spectator never chooses a move")
