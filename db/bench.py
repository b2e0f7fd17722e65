"""Benchmark helpers: a generated history and the statistics page's queries timed on it."""

from __future__ import annotations

import random
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import Connection, insert, select, text

from companion.history import PlayMode, PlayRecord, SeatResult
from db.engine import Database
from db.models import PlayerRow, PlayRow
from db.stats import (
    game_play_counts,
    latest_scores,
    player_stats,
    plays_per_period,
)

GAMES = ("juusai", "rengeki", "shinyu", "etariya", "alluvium", "sorani")
CHUNK = 20_000
#: Hours over which the generated plays start (six years).
HOURS = 6 * 365 * 24
PLAY_FIELDS = ("id", "game_id", "mode", "started_at", "finished_at", "options", "seed",
               "record", "location", "notes", "updated_at", "uid", "win_mode")
SEAT_FIELDS = ("play_id", "seat", "player_id", "bot_name", "bot_kind", "faction", "score",
               "breakdown", "rank", "winner", "start_player", "team")


@dataclass
class Cells:
    """The statistics cells of generated plays, counted as they are made (db/stats.py's
    cells of the same plays: tests/db/test_stats_scale.py)."""

    stats: dict[tuple[int, str, str], list[Any]] = field(default_factory=dict)
    plays: dict[tuple[str, str], int] = field(default_factory=dict)
    rivals: dict[tuple[int, str, str, int], list[int]] = field(default_factory=dict)

    def add(self, game: str, month: str, ended: str, seated: list[tuple[int, float, int]]
            ) -> None:
        """One table play: (player id, score, rank) per seat, the winners ranked 1."""
        self.plays[game, month] = self.plays.get((game, month), 0) + 1
        for player, score, rank in seated:
            cell = self.stats.get((player, game, month))
            if cell is None:
                self.stats[player, game, month] = [1, int(rank == 1), score, 1, score, ended]
            else:
                cell[0] += 1
                cell[1] += rank == 1
                cell[2] += score
                cell[3] += 1
                if score > cell[4]:
                    cell[4] = score
                if ended > cell[5]:
                    cell[5] = ended
            for rival, _score, other in seated:
                if rival != player:
                    pair = self.rivals.get((player, game, month, rival))
                    if pair is None:
                        self.rivals[player, game, month, rival] = [
                            1, int(rank < other), int(other < rank)]
                    else:
                        pair[0] += 1
                        pair[1] += rank < other
                        pair[2] += other < rank

    def rows(self) -> dict[str, list[tuple[Any, ...]]]:
        """Rows of stat_cells, play_cells and rival_cells, in their columns' order."""
        return {
            "stat_cells": [(p, g, m, n, w, total, scored, best, None, last, 0)
                           for (p, g, m), (n, w, total, scored, best, last)
                           in self.stats.items()],
            "play_cells": [(g, m, n, n) for (g, m), n in self.plays.items()],
            "rival_cells": [(p, g, m, r, n, ahead, behind)
                            for (p, g, m, r), (n, ahead, behind) in self.rivals.items()]}


CELL_FIELDS = {
    "stat_cells": ("player_id", "game_id", "period", "plays", "wins", "score_sum", "scored",
                   "best", "low_best", "last_at", "shared"),
    "play_cells": ("game_id", "period", "plays", "people"),
    "rival_cells": ("player_id", "game_id", "period", "rival_id", "plays", "ahead", "behind")}


def generate_history(database: Database, plays: int, *, players: int = 40, seed: int = 1) -> None:
    """Insert `plays` finished table plays of 2–5 seats among `players` people, and their
    statistics cells, counted while the plays are made: plain rows through the driver
    (executemany on SQLite, COPY on PostgreSQL), so a million plays take seconds, not the
    minutes a recount would."""
    rng = random.Random(seed)
    start = datetime(2020, 1, 1, 19, 0)
    times = [start + timedelta(hours=h) for h in range(HOURS)]
    started = [t.strftime("%Y-%m-%d %H:%M:%S") for t in times]
    ended = [(t + timedelta(minutes=45)).strftime("%Y-%m-%d %H:%M:%S") for t in times]
    months = [t.strftime("%Y-%m") for t in times]
    cells = Cells()
    with database.engine.begin() as conn:
        conn.execute(insert(PlayerRow), [{"name": f"Player {i:03d}", "created_at": start}
                                         for i in range(players)])
        ids = list(conn.scalars(select(PlayerRow.id).order_by(PlayerRow.id)))
        first = (conn.scalar(select(PlayRow.id).order_by(PlayRow.id.desc()).limit(1)) or 0) + 1
        load = _copy if conn.dialect.name == "postgresql" else _executemany
        with _checks_off(conn):  # the rows are the app's own: their checks would only cost
            for base in range(0, plays, CHUNK):
                rows, seats = _chunk(rng, (first, base, plays), min(CHUNK, plays - base),
                                     ids, cells, (started, ended, months))
                load(conn, "plays", PLAY_FIELDS, rows)
                load(conn, "seats", SEAT_FIELDS, seats)
        for table, rows in cells.rows().items():
            load(conn, table, CELL_FIELDS[table], rows)
        if conn.dialect.name == "postgresql":  # ids given: the next play's id follows them
            conn.execute(text("SELECT setval(pg_get_serial_sequence('plays', 'id'), "
                              "(SELECT max(id) FROM plays))"))
    if database.engine.dialect.name == "postgresql":
        with database.engine.connect() as conn:  # what autovacuum does soon after a load
            conn.execution_options(isolation_level="AUTOCOMMIT").execute(text("ANALYZE"))


#: The indexes and triggers of the tables the bench fills (made again after the load).
_PG_EXTRAS = text("SELECT indexname, indexdef FROM pg_indexes WHERE schemaname = "
                  "current_schema() AND tablename IN ('plays', 'seats') AND indexname NOT "
                  "IN (SELECT conname FROM pg_constraint)")
_SQLITE_EXTRAS = text("SELECT type, name, sql FROM sqlite_master WHERE type IN "
                      "('index', 'trigger') AND tbl_name IN ('plays', 'seats') "
                      "AND sql IS NOT NULL")


@contextmanager
def _checks_off(conn: Connection) -> Iterator[None]:
    """Without the row checks of migration 0008 (triggers) and the secondary indexes while
    bulk rows go in: both are made again afterwards, as one pass each."""
    if conn.dialect.name == "postgresql":
        indexes = conn.execute(_PG_EXTRAS).all()
        for name, _sql in indexes:
            conn.execute(text(f'DROP INDEX "{name}"'))
        for table in ("plays", "seats"):
            conn.execute(text(f"ALTER TABLE {table} DISABLE TRIGGER USER"))
        yield
        for table in ("plays", "seats"):
            conn.execute(text(f"ALTER TABLE {table} ENABLE TRIGGER USER"))
        for _name, sql in indexes:
            conn.execute(text(sql))
        return
    extras = conn.execute(_SQLITE_EXTRAS).all()
    for kind, name, _sql in extras:
        conn.execute(text(f'DROP {kind.upper()} "{name}"'))
    conn.execute(text("PRAGMA cache_size = -262144"))  # 256 MB: the indexes stay in memory
    yield
    for _kind, _name, sql in sorted(extras, key=lambda extra: extra[0]):  # indexes first
        conn.execute(text(sql))
    conn.execute(text("PRAGMA cache_size = -2000"))


def _executemany(conn: Connection, table: str, fields: tuple[str, ...],
                 rows: list[tuple[Any, ...]]) -> None:
    marks = ", ".join("?" * len(fields))
    cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
    cursor.executemany(f"INSERT INTO {table} ({', '.join(fields)}) VALUES ({marks})", rows)
    cursor.close()


def _copy(conn: Connection, table: str, fields: tuple[str, ...],
          rows: list[tuple[Any, ...]]) -> None:
    cursor = conn.connection.driver_connection.cursor()  # type: ignore[union-attr]
    with cursor.copy(f"COPY {table} ({', '.join(fields)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
    cursor.close()


def _chunk(rng: random.Random, place: tuple[int, int, int], count: int, player_ids: list[int],
           cells: Cells, clock: tuple[list[str], list[str], list[str]]
           ) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """`count` plays from the `base`-th of `plays` on, numbered from `first` + `base`: a
    club logs its plays as they are played, so they start in the order of their numbers,
    spread evenly over the six years."""
    first, base, plays = place
    started, ended, months = clock
    rows: list[tuple[Any, ...]] = []
    seats: list[tuple[Any, ...]] = []
    for k in range(count):
        play_id = first + base + k
        hour = (base + k) * HOURS // plays
        game = rng.choice(GAMES)
        rows.append((play_id, game, "table", started[hour], ended[hour], "{}", None, None, "",
                     "", started[hour], str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                     "highest"))
        people = rng.sample(player_ids, rng.randint(2, 5))
        scores = [float(rng.randint(0, 100)) for _ in people]
        ranks = [1 + sum(o > s for o in scores) for s in scores]
        seats.extend((play_id, i, pid, "", "", "", s, "{}", r, r == 1, i == 0, "")
                     for i, (pid, s, r) in enumerate(zip(people, scores, ranks, strict=True)))
        cells.add(game, months[hour], ended[hour], list(zip(people, scores, ranks, strict=True)))
    return rows, seats


#: The latest plays per player the Statistics page's score chart shows (ui/shell/statistics.py).
SCORE_POINTS = 100
#: The players the score chart draws a line for.
SCORE_LINES = 6


def statistics_queries(database: Database) -> dict[str, Callable[[], object]]:
    """The queries the Statistics page runs when it opens (each game's rows, the busiest
    game's score lines, plays per month), and those of its other views."""
    from db.stats import plays_counted_per_period

    def score_lines() -> None:
        latest_scores(database, GAMES[0], [f"Player {i:03d}" for i in range(SCORE_LINES)],
                      SCORE_POINTS)

    return {
        "player_stats_by_game": lambda: player_stats(database),
        "plays_per_month": lambda: plays_per_period(database, latest=12),
        "plays_counted_recent": lambda: plays_counted_per_period(
            database, since=datetime(2025, 1, 1)),
        "scores_over_time": score_lines,
        "player_stats_overall": lambda: player_stats(database, ""),
        "game_play_counts": lambda: game_play_counts(database),
    }


#: The queries of `statistics_queries` the page runs when it opens.
OPENING = ("player_stats_by_game", "plays_per_month", "plays_counted_recent", "scores_over_time")


def median_ms(work: Callable[[], object], repeats: int = 5) -> float:
    """The median of `repeats` timings of `work`, in milliseconds."""
    return median_times(work, repeats)[0]


def median_times(work: Callable[[], object], repeats: int = 5) -> tuple[float, float]:
    """The medians of `repeats` timings of `work` in milliseconds: on the clock, and this
    process's CPU time (steadier on a shared machine; a server's own work is not in it)."""
    times, cpu = [], []
    for _ in range(repeats):
        t0, c0 = time.perf_counter(), time.process_time()
        work()
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
    middle = len(times) // 2
    return round(sorted(times)[middle] * 1000, 1), round(sorted(cpu)[middle] * 1000, 1)


def time_pages(database: Database, repeats: int = 5, rows: int = 200) -> dict[str, float]:
    """Median milliseconds of what each page reads when it opens: the Statistics page
    (`statistics_page`, and each of its queries), the History page (the newest `rows` plays,
    ui/shell/history.py's LIMIT, and the count of all) and a player's page; for each page also
    this process's CPU milliseconds (`<page>_cpu`)."""
    from db.profiles import player_profile
    from db.repository import count_plays, list_plays

    result = {name: median_ms(query, repeats)
              for name, query in statistics_queries(database).items()}
    pages: dict[str, Callable[[], object]] = {
        "statistics_page": lambda: [statistics_queries(database)[name]() for name in OPENING],
        "history_page": lambda: (list_plays(database, limit=rows), count_plays(database)),
        "player_page": lambda: player_profile(database, "Player 001")}
    for page, work in pages.items():
        result[page], result[f"{page}_cpu"] = median_times(work, repeats)
    return result


@contextmanager
def club_history(admin_url: str) -> Iterator[tuple[Database, str]]:
    """A history of its own on a PostgreSQL server (`admin_url`: a login that may create
    schemas and roles), and the URL a club member reads it with: a role holding the README's
    read grant, so that the row-level rules of migration 0006 are in force for it. Both are
    dropped afterwards."""
    from sqlalchemy import create_engine
    from sqlalchemy.engine import make_url

    from db.engine import open_database

    name = f"bench_{uuid.uuid4().hex[:10]}"
    member = f"{name}_member"
    admin = create_engine(admin_url)
    with admin.begin() as conn:
        conn.execute(text(f"CREATE SCHEMA {name}"))
        conn.execute(text(f"CREATE ROLE {member} NOLOGIN"))
        conn.execute(text(f"GRANT USAGE ON SCHEMA {name} TO {member}"))
    url = make_url(admin_url)
    try:
        owner = open_database(url.update_query_dict({"options": f"-csearch_path={name}"})
                              .render_as_string(hide_password=False))
        with owner.engine.begin() as conn:
            conn.execute(text(f"GRANT SELECT ON ALL TABLES IN SCHEMA {name} TO {member}"))
        yield owner, url.update_query_dict(
            {"options": f"-csearch_path={name} -crole={member}"}).render_as_string(
                hide_password=False)
        owner.close()
    finally:
        with admin.begin() as conn:
            conn.execute(text(f"DROP SCHEMA {name} CASCADE"))
            conn.execute(text(f"DROP OWNED BY {member}"))
            conn.execute(text(f"DROP ROLE {member}"))
        admin.dispose()


def row_rules_in_force(database: Database) -> bool:
    """Whether the row-level rules bind this connection's role on `plays` (PostgreSQL: a
    role that neither owns the table nor bypasses them)."""
    query = text("SELECT c.relrowsecurity AND c.relowner <> r.oid AND NOT r.rolsuper "
                 "AND NOT r.rolbypassrls FROM pg_class c, pg_roles r "
                 "WHERE c.oid = 'plays'::regclass AND r.rolname = current_user")
    with database.engine.connect() as conn:
        return bool(conn.scalar(query))


# ---------------------------------------------------------------- concurrent writers

CLUB = ("Ann", "Bo", "Cy", "花子", "太郎", "Dee")


def club_play(rng: random.Random, worker: int, index: int) -> PlayRecord:
    """A finished table play among the club and a guest that every worker creates at about
    the same moment (so writers collide on new players and on statistics cells)."""
    people = [*rng.sample(CLUB, rng.randint(1, 3)), f"Guest {index // 10}"]
    scores = [float(rng.randint(0, 30)) for _ in people]
    best = max(scores)
    when = datetime(2026, 1 + index % 3, 1 + worker, 19, 0) + timedelta(minutes=index)
    return PlayRecord(
        game_id=GAMES[index % 2], mode=PlayMode.TABLE, started_at=when,
        finished_at=when + timedelta(minutes=30),
        seats=[SeatResult(seat=i, player=name, score=score, winner=score == best,
                          rank=1 + sum(s > score for s in scores))
               for i, (name, score) in enumerate(zip(people, scores, strict=True))],
        notes=f"worker {worker} save {index}")


def save_worker(url: str, worker: int, saves: int, wait: float = 15.0) -> dict[str, Any]:
    """Save `saves` plays as fast as possible (every fifth as an autosave that is then
    finished, like a digital game); the figures of this writer."""
    from db.engine import open_database
    from db.errors import DatabaseError
    from db.repository import add_play, save_autosave, update_play

    database = open_database(url, wait=wait)
    rng = random.Random(worker)
    landed, failures = 0, []
    for index in range(saves):
        play = club_play(rng, worker, index)
        try:
            if index % 5 == 0:
                finished_at, play.finished_at = play.finished_at, None
                play.mode = PlayMode.DIGITAL
                play.id = save_autosave(database, play)
                play.finished_at = finished_at
                update_play(database, play)
            else:
                add_play(database, play)
            landed += 1
        except DatabaseError as exc:
            failures.append(exc.message)
    database.close()
    return {"worker": worker, "attempted": saves, "landed": landed,
            "retried": database.retries, "failures": failures[:3]}


def main(argv: list[str]) -> int:
    """`python -m db.bench save-worker URL WORKER SAVES`: prints "ready", waits for a line on
    standard input (so that all workers start together), saves, prints its figures (JSON)."""
    import json
    import sys

    url, worker, saves = argv[1], int(argv[2]), int(argv[3])
    print("ready", flush=True)
    sys.stdin.readline()
    print(json.dumps(save_worker(url, worker, saves)), flush=True)
    return 0


if __name__ == "__main__":
    import sys

    sys.exit(main(sys.argv[1:]))
