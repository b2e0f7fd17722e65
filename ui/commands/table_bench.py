"""`companion bench --only network`: the delay from a move row to the other laptop's board.

Two laptops (two connections, two threads of this process, on loopback) play whole games of
机戦 between random bots through a table on the PostgreSQL server of `--pg-url`. For every row
one laptop wrote, the delay is the time from the row's server timestamp to the moment the other
laptop's engine had applied it (woken by LISTEN, rows read, checked, applied): the median and
the 99th percentile, against the issue's "woken within a second".
"""

from __future__ import annotations

import argparse
import contextlib
import random
import threading
from collections.abc import Iterator
from typing import Any

#: Whole games played for the figures (a random game of 机戦 gives some 10-60 rows).
GAMES = 10
GAME = "cetkaik"
GOAL = "<= 1000 ms"


def network_lines(args: argparse.Namespace) -> Iterator[dict[str, Any]]:
    from ui.commands.bench import line

    if not args.pg_url:
        yield line("network.skipped", 0, "", note="needs --pg-url or COMPANION_TEST_PG_URL")
        return
    delays = measure_delays(args.pg_url, GAMES)
    ordered = sorted(delays)
    yield line("network.row_to_board.median", _at(ordered, 0.5), "ms", goal=GOAL,
               rows=len(ordered), game=GAME, where="loopback")
    yield line("network.row_to_board.p99", _at(ordered, 0.99), "ms", goal=GOAL,
               rows=len(ordered), game=GAME, where="loopback")


def _at(ordered: list[float], share: float) -> float:
    if not ordered:
        return 0.0
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def measure_delays(pg_url: str, games: int) -> list[float]:
    """Milliseconds from each row to the other laptop's applied state, over `games` games."""
    delays: list[float] = []
    with two_laptops(pg_url) as (first, second):
        for game in range(games):
            delays += _one_game(first, second, game)
    return delays


@contextlib.contextmanager
def two_laptops(pg_url: str) -> Iterator[tuple[Any, Any]]:
    """Two connections of the login of `pg_url` to a history in a schema of its own (dropped
    afterwards): two laptops on loopback."""
    import uuid

    from sqlalchemy import create_engine, text
    from sqlalchemy.engine import make_url

    import db

    schema = f"bench_net_{uuid.uuid4().hex[:10]}"
    admin = create_engine(pg_url)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {schema}"))
    url = make_url(pg_url).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        first = db.open_database(url.render_as_string(hide_password=False))
        second = db.open_database(url.render_as_string(hide_password=False))
        try:
            yield first, second
        finally:
            first.close()
            second.close()
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {schema} CASCADE"))
        admin.dispose()


def _one_game(first: Any, second: Any, seed: int) -> list[float]:
    """One game of 机戦 between laptop `first` (seat 1) and `second` (seat 2, a bot seat of
    the same login); the delays of the rows each laptop read that the other wrote."""
    return play_two_laptops(first, second, GAME, 2, {"seasons": 1}, seed)


def play_two_laptops(first: Any, second: Any, game: str, players: int,
                     options: dict[str, Any], seed: int) -> list[float]:
    """One whole game at a new table: laptop `first` plays seat 1 (and seats 3 on, bot seats
    of its login), `second` seat 2, in two threads; the delays of the rows each read that the
    other wrote. `RuntimeError` when a laptop stops at a fault or the end check disagrees."""
    from db import network
    from ui.commands.table import _start

    login = first.access.login if first.access is not None else ""
    table = network.open_table(first, game, options,
                               [{"kind": "person", "login": login}]
                               + [{"kind": "bot"}] * (players - 1))
    _start(first, table.id)
    delays: list[float] = []
    problems: list[str] = []
    lock = threading.Lock()
    seats = [[0, *range(2, players)], [1]]
    threads = [threading.Thread(target=_laptop, args=(database, table.id, mine, seed, delays,
                                                      problems, lock))
               for mine, database in zip(seats, (first, second), strict=True)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if problems:
        raise RuntimeError("; ".join(problems))
    return delays


def _laptop(database: Any, table_id: int, mine: list[int], seed: int, delays: list[float],
            problems: list[str], lock: threading.Lock) -> None:
    from companion.bots import make_bot
    from companion.network.driver import RunResult, TableDriver
    from companion.network.session import TableSession
    from db import network
    from ui.commands.table_run import ClientLink

    table = network.table_of(database, table_id)
    bot, rng = make_bot("random"), random.Random(seed * 10 + mine[0])
    session = TableSession(table.game_id, len(table.seats), dict(table.options), mine)
    written: dict[int, float] = {}

    def note(row: Any) -> None:  # db.network.NetRow: the server's timestamp
        written.setdefault(row.n, row.at.timestamp())

    result = RunResult()
    try:
        with network.TableClient(database, table_id) as client:
            driver = TableDriver(ClientLink(client), session,
                                 lambda state, s: bot.choose(state, s, rng), host=0 in mine,
                                 on_row=note)
            result = driver.run(120.0)
    except Exception as exc:  # reported by the caller's thread
        with lock:
            problems.append(f"seat {mine[0] + 1}: {exc}")
        return
    with lock:
        if not result.ok:
            problems.append(f"seat {mine[0] + 1}: {result.fault or 'the end check disagrees'}")
        delays += [(applied.at - written[applied.n]) * 1000.0 for applied in result.applied
                   if applied.n not in driver.written and applied.n in written]
