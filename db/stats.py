"""Statistics as SQL aggregates over finished plays (bots are not players)."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import datetime
from typing import Any

from sqlalchemy import (
    Connection,
    case,
    delete,
    func,
    insert,
    literal_column,
    or_,
    select,
    type_coerce,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session
from sqlalchemy.types import NullType

from companion.history import PeriodCount, PlayerStats, PlayMode, ScorePoint, TeamTally, WinMode
from db import errors
from db.engine import Database, run_write
from db.models import PlayerRow, PlayRow, SeatRow, StatCellRow, visible_plays
from db.reading import checked_score, checked_time, json_object

#: A seat's score and a play's end where the app can read them (rows stored before the
#: database checked them may hold anything: db/reading.py); else NULL.
_score = checked_score(SeatRow.score)
_finished = checked_time(PlayRow.finished_at).is_not(None)
#: A statistics cell: (player id, game id, "YYYY-MM").
CellKey = tuple[int, str, str]
_KEY_CHUNK = 500


def plays_counted() -> Any:
    """Plays, not seats: a person seated twice in one play (older data) counts it once."""
    return func.count(func.distinct(SeatRow.play_id))


def wins_counted() -> Any:
    """Plays won (once each, however many of the person's seats won)."""
    return func.count(func.distinct(case((SeatRow.winner, SeatRow.play_id))))


def _month(dialect: str) -> Any:
    # literal formats: PostgreSQL must see the same expression in SELECT and GROUP BY
    if dialect == "sqlite":
        return func.strftime(literal_column("'%Y-%m'"), checked_time(PlayRow.finished_at))
    return func.to_char(checked_time(PlayRow.finished_at), literal_column("'YYYY-MM'"))


def _cells_select(dialect: str, player_ids: Collection[int] | None) -> Any:
    query = (select(SeatRow.player_id, PlayRow.game_id, _month(dialect), plays_counted(),
                    wins_counted(),
                    func.coalesce(func.sum(_score), 0.0), func.count(_score),
                    func.max(case((_lowest_wins(), None), else_=_score)),
                    func.min(case((_lowest_wins(), _score), else_=None)))
             .select_from(SeatRow)
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(_finished, SeatRow.player_id.is_not(None),
                    visible_plays())
             .group_by(SeatRow.player_id, PlayRow.game_id, _month(dialect)))
    if player_ids is not None:
        query = query.where(SeatRow.player_id.in_(player_ids))
    return query


_CELL_COLUMNS = ["player_id", "game_id", "period", "plays", "wins", "score_sum", "scored", "best",
                 "low_best"]


def _lowest_wins() -> Any:
    """The play was won by the lowest total: its best score is the lowest."""
    return PlayRow.win_mode == WinMode.LOWEST.value


def best_of(high: float | None, low: float | None) -> float | None:
    """A best score over plays won by the highest total (`high`) and by the lowest (`low`):
    the lowest when every scored play was won by the lowest total."""
    return low if high is None else high


def period_of(finished_at: datetime) -> str:
    """The cell period of a play finished at this (stored, naive local) time."""
    return finished_at.strftime("%Y-%m")


def upsert(session: Session, table: Any) -> Any:
    """The dialect's INSERT that takes ON CONFLICT clauses (SQLite and PostgreSQL)."""
    dialect = session.get_bind().dialect.name
    return (postgresql.insert if dialect == "postgresql" else sqlite.insert)(table)


def touch_cells(session: Session, keys: Iterable[CellKey]) -> None:
    """Bring these statistics cells in step with the seats (same transaction).

    Concurrent writers cannot collide or lose counts: each cell is first created or locked
    (INSERT ... ON CONFLICT DO UPDATE, in key order, so two writers never wait on each other
    in a circle), then recounted from the seats by a later statement, which on PostgreSQL
    (read committed) sees every play committed before the lock was granted; a writer
    waiting for the lock recounts after this one commits. Cells left with no plays go.
    """
    ordered = sorted(set(keys))
    for start in range(0, len(ordered), _KEY_CHUNK):
        _lock_cells(session, ordered[start:start + _KEY_CHUNK])
    if not ordered:
        return
    dialect = session.get_bind().dialect.name
    wanted = set(ordered)
    counted = (_cells_select(dialect, {k[0] for k in ordered})
               .where(PlayRow.game_id.in_({k[1] for k in ordered})))
    fresh = {tuple(row[:3]): row for row in session.execute(counted)
             if tuple(row[:3]) in wanted}
    if fresh:
        session.execute(update(StatCellRow), [dict(zip(_CELL_COLUMNS, row, strict=True))
                                              for row in fresh.values()])
    for player_id, game_id, period in sorted(wanted - set(fresh)):
        session.execute(delete(StatCellRow).where(
            StatCellRow.player_id == player_id, StatCellRow.game_id == game_id,
            StatCellRow.period == period))


def _lock_cells(session: Session, keys: list[CellKey]) -> None:
    statement = upsert(session, StatCellRow).values([
        {"player_id": p, "game_id": g, "period": m, "plays": 0, "wins": 0, "score_sum": 0.0,
         "scored": 0, "best": None, "low_best": None} for p, g, m in keys])
    session.execute(statement.on_conflict_do_update(
        index_elements=["player_id", "game_id", "period"],
        set_={"plays": StatCellRow.plays}))


def cells_of_players(session: Session, player_ids: Collection[int]) -> set[CellKey]:
    """Every cell these players have plays in (finished, shown)."""
    if not player_ids:
        return set()
    dialect = session.get_bind().dialect.name
    query = (select(SeatRow.player_id, PlayRow.game_id, _month(dialect)).distinct()
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(_finished, SeatRow.player_id.in_(player_ids)))
    return {(int(p), str(g), str(m)) for p, g, m in session.execute(query)}


def cells_of_import(session: Session, import_id: int) -> set[CellKey]:
    """Every cell the plays of an import count in."""
    dialect = session.get_bind().dialect.name
    query = (select(SeatRow.player_id, PlayRow.game_id, _month(dialect)).distinct()
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(_finished, SeatRow.player_id.is_not(None),
                    PlayRow.import_id == import_id))
    return {(int(p), str(g), str(m)) for p, g, m in session.execute(query)}


def rebuild_stat_cells(conn: Connection) -> None:
    """Recompute every statistics cell (after a migration or a bulk load)."""
    conn.execute(delete(StatCellRow))
    conn.execute(insert(StatCellRow).from_select(_CELL_COLUMNS,
                                                 _cells_select(conn.dialect.name, None)))


def recount_statistics(database: Database) -> int:
    """Recount every statistics cell from the stored plays (the organiser's repair, e.g. after
    a member's login wrote the cells by hand); the number of cells that were wrong."""
    database.require_organiser(errors.RECOUNT)

    def work(session: Session) -> int:
        conn = session.connection()
        before = {tuple(row[:3]): tuple(row) for row in conn.execute(select(StatCellRow))}
        rebuild_stat_cells(conn)
        after = {tuple(row[:3]): tuple(row) for row in conn.execute(select(StatCellRow))}
        return sum(before.get(key) != after.get(key) for key in before.keys() | after.keys())

    return run_write(database, work)


def player_stats(database: Database, game_id: str | None = None) -> list[PlayerStats]:
    """Plays, wins, average and best score.

    game_id None: one row per (player, game); a game id: that game's rows;
    "": one row per player over all games (its game_id is "").
    """
    by_game = game_id != ""
    columns = [PlayerRow.name, StatCellRow.game_id] if by_game else [PlayerRow.name]
    query = (select(*columns, func.sum(StatCellRow.plays), func.sum(StatCellRow.wins),
                    func.sum(StatCellRow.score_sum), func.sum(StatCellRow.scored),
                    func.max(StatCellRow.best), func.min(StatCellRow.low_best))
             .select_from(StatCellRow)
             .join(PlayerRow, StatCellRow.player_id == PlayerRow.id)
             .group_by(*columns)
             .order_by(*columns))
    if game_id:
        query = query.where(StatCellRow.game_id == game_id)
    with database.engine.connect() as conn:
        rows = conn.execute(query).all()
    result = []
    for row in rows:
        name, game = (row[0], row[1]) if by_game else (row[0], "")
        plays, wins, total, scored, high, low = tuple(row)[-6:]
        best = best_of(high, low) if by_game else high
        result.append(PlayerStats(
            player=name, game_id=game, plays=int(plays), wins=int(wins or 0),
            average_score=float(total) / int(scored) if scored else None,
            best_score=None if best is None else float(best)))
    return result


def plays_per_period(database: Database, *, game_id: str | None = None,
                     period: str = "month") -> list[PeriodCount]:
    """Each player's plays and wins per month (or year), oldest first."""
    if period not in ("month", "year"):
        raise ValueError(f"unknown period {period!r} (month or year)")
    label = (StatCellRow.period if period == "month"
             else func.substr(StatCellRow.period, 1, 4)).label("p")
    query = (select(label, PlayerRow.name, func.sum(StatCellRow.plays),
                    func.sum(StatCellRow.wins))
             .select_from(StatCellRow)
             .join(PlayerRow, StatCellRow.player_id == PlayerRow.id)
             .group_by(label, PlayerRow.name)
             .order_by(label, PlayerRow.name))
    if game_id:
        query = query.where(StatCellRow.game_id == game_id)
    with database.engine.connect() as conn:
        return [PeriodCount(period=str(p), player=n, plays=int(c), wins=int(w or 0))
                for p, n, c, w in conn.execute(query)]


def scores_over_time(database: Database, game_id: str,
                     player: str | None = None) -> list[ScorePoint]:
    """Every scored seat of a game's finished plays, oldest first."""
    query = (select(checked_time(PlayRow.finished_at), PlayerRow.name, _score)
             .select_from(SeatRow)
             .join(PlayerRow, SeatRow.player_id == PlayerRow.id)
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(_finished, PlayRow.game_id == game_id, _score.is_not(None),
                    visible_plays())
             .order_by(PlayRow.finished_at, PlayRow.id, SeatRow.seat))
    if player:
        query = query.where(PlayerRow.name == player)
    with database.engine.connect() as conn:
        return [ScorePoint(when=w, player=n, game_id=game_id, score=float(s or 0))
                for w, n, s in conn.execute(query) if w is not None]


def game_play_counts(database: Database) -> dict[str, int]:
    """Finished plays per game."""
    query = (select(PlayRow.game_id, func.count())
             .where(PlayRow.finished_at.is_not(None), visible_plays())
             .group_by(PlayRow.game_id))
    with database.engine.connect() as conn:
        return {g: int(c) for g, c in conn.execute(query)}



def plays_counted_per_period(database: Database, *, game_id: str | None = None,
                             period: str = "month",
                             since: datetime | None = None) -> list[tuple[str, int]]:
    """Finished plays with at least one person, per month (or year), oldest first; only those
    finished at or after `since` when given. Each play counts once, however many people sat at
    it (`plays_per_period` is the per-player view)."""
    if period not in ("month", "year"):
        raise ValueError(f"unknown period {period!r} (month or year)")
    dialect = database.engine.dialect.name
    label = (_month(dialect) if period == "month"
             else func.substr(_month(dialect), 1, 4)).label("p")
    query = (select(label, func.count())
             .where(_finished, _with_people(), visible_plays())
             .group_by(label)
             .order_by(label))
    if game_id:
        query = query.where(PlayRow.game_id == game_id)
    if since is not None:
        query = query.where(PlayRow.finished_at >= since)
    with database.engine.connect() as conn:
        return [(str(p), int(c)) for p, c in conn.execute(query)]


def _with_people() -> Any:
    """Plays at which at least one person sat."""
    has_person = (select(SeatRow.id)
                  .where(SeatRow.play_id == PlayRow.id, SeatRow.player_id.is_not(None))
                  .exists())
    # people enter table plays; only a digital play can have computers alone (and the cheap
    # test first keeps 100,000 plays well under the Statistics page's time budget)
    return or_(PlayRow.mode == PlayMode.TABLE.value, has_person)


def team_results(database: Database, game_id: str) -> list[TeamTally]:
    """A co-operative game's finished plays with people and the team's wins per configuration
    (the play's `expansions` option, sorted, and its number of seats), fewest seats and
    expansions first. A play counts as won when its seats won (they win or lose together)."""
    seats = (select(SeatRow.play_id, func.count().label("seats"),
                    func.max(case((SeatRow.winner, 1), else_=0)).label("won"))
             .group_by(SeatRow.play_id)
             .subquery())
    query = (select(type_coerce(PlayRow.options, NullType()), seats.c.seats, seats.c.won)
             .join(seats, seats.c.play_id == PlayRow.id)
             .where(PlayRow.game_id == game_id, PlayRow.finished_at.is_not(None),
                    _with_people(), visible_plays()))
    counts: dict[tuple[tuple[str, ...], int], list[int]] = {}
    with database.engine.connect() as conn:
        for options, players, won in conn.execute(query):
            raw = json_object(options).get("expansions") or ()
            expansions = tuple(sorted(str(e) for e in raw)) if isinstance(raw, list) else ()
            tally = counts.setdefault((expansions, int(players)), [0, 0])
            tally[0] += 1
            tally[1] += bool(won)
    return [TeamTally(expansions, players, plays, wins)
            for (expansions, players), (plays, wins)
            in sorted(counts.items(), key=lambda item: (item[0][1], len(item[0][0]), item[0][0]))]
