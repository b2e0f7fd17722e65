"""Statistics over finished plays (bots are not players), read from cells kept in step with
the plays: per player, game and month (`stat_cells`), per game and month (`play_cells`) and per
player, other person, game and month (`rival_cells`). A page sums a few thousand cells, never
every play (issue 35: a club's 1,000,000 plays)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any, cast

from sqlalchemy import (
    Connection,
    and_,
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
from sqlalchemy.orm import Session, aliased
from sqlalchemy.types import NullType

from companion.history import PeriodCount, PlayerStats, PlayMode, ScorePoint, TeamTally, WinMode
from db import errors
from db.engine import Database, run_write
from db.models import (
    PlayCellRow,
    PlayerRow,
    PlayRow,
    RivalCellRow,
    SeatRow,
    StatCellRow,
    visible_plays,
)
from db.reading import checked_score, checked_time, json_object

#: A seat's score and a play's end where the app can read them (rows stored before the
#: database checked them may hold anything: db/reading.py); else NULL.
_score = checked_score(SeatRow.score)
_finished = checked_time(PlayRow.finished_at).is_not(None)
#: A statistics cell: (player id, game id, "YYYY-MM"); player id `PLAYS` names the game's own
#: cell of that month (`play_cells`: a play of computers alone counts there only).
CellKey = tuple[int, str, str]
PLAYS = 0
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


def shared_counted() -> Any:
    """Co-operative plays (once each)."""
    return func.count(func.distinct(case((_cooperative(), SeatRow.play_id))))


def _cooperative() -> Any:
    return PlayRow.win_mode == WinMode.COOPERATIVE.value


def _cells_select(dialect: str, player_ids: Collection[int] | None) -> Any:
    query = _cells_of_all(dialect)
    if player_ids is not None:
        query = query.where(SeatRow.player_id.in_(player_ids))
    return query


@lru_cache
def _cells_of_all(dialect: str) -> Any:
    """(Built once: a write's recount compiles from SQLAlchemy's cache.)"""
    return (select(SeatRow.player_id, PlayRow.game_id, _month(dialect), plays_counted(),
                    wins_counted(),
                    func.coalesce(func.sum(_score), 0.0), func.count(_score),
                    func.max(case((_lowest_wins(), None), else_=_score)),
                    func.min(case((_lowest_wins(), _score), else_=None)),
                    func.max(checked_time(PlayRow.finished_at)), shared_counted())
             .select_from(SeatRow)
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(_finished, SeatRow.player_id.is_not(None),
                    visible_plays())
             .group_by(SeatRow.player_id, PlayRow.game_id, _month(dialect)))


_CELL_COLUMNS = ["player_id", "game_id", "period", "plays", "wins", "score_sum", "scored", "best",
                 "low_best", "last_at", "shared"]
_PLAY_CELL_COLUMNS = ["game_id", "period", "plays", "people"]
_RIVAL_CELL_COLUMNS = ["player_id", "game_id", "period", "rival_id", "plays", "ahead", "behind"]


@lru_cache
def _play_cells_select(dialect: str) -> Any:
    return (select(PlayRow.game_id, _month(dialect), func.count(),
                   func.sum(case((_with_people(), 1), else_=0)))
            .where(_finished, visible_plays())
            .group_by(PlayRow.game_id, _month(dialect)))


def ahead_of(me: Any, them: Any, cooperative: Any) -> Any:
    """1 when seat `me` finished ahead of seat `them` in the same play, else 0: the better
    rank, or without ranks a winner ahead of a seat that did not win; nobody is ahead in a
    co-operative play, nor of a team-mate."""
    both_ranked = and_(me.rank.is_not(None), them.rank.is_not(None))
    same_team = and_(me.team != "", me.team == them.team)
    return case(
        (cooperative, 0),
        (same_team, 0),
        (both_ranked, case((me.rank < them.rank, 1), else_=0)),
        (and_(me.winner, ~them.winner), 1),
        else_=0)


def _rival_cells_select(dialect: str, player_ids: Collection[int] | None) -> Any:
    query, me = _rivals_of_all(dialect)
    if player_ids is not None:
        query = query.where(me.player_id.in_(player_ids))
    return query


@lru_cache
def _rivals_of_all(dialect: str) -> tuple[Any, Any]:
    """(Built once, with its seat alias `me`: a write's recount compiles from the cache.)"""
    me, them = aliased(SeatRow), aliased(SeatRow)
    month = _month(dialect)
    query = (select(me.player_id, PlayRow.game_id, month, them.player_id,
                    func.count(func.distinct(PlayRow.id)),
                    func.sum(ahead_of(me, them, _cooperative())),
                    func.sum(ahead_of(them, me, _cooperative())))
             .select_from(me)
             .join(PlayRow, me.play_id == PlayRow.id)
             .join(them, and_(them.play_id == me.play_id, them.player_id != me.player_id))
             .where(_finished, me.player_id.is_not(None), visible_plays())
             .group_by(me.player_id, PlayRow.game_id, month, them.player_id))
    return query, me


def _in_months(query: Any, periods: Collection[str]) -> Any:
    """The query narrowed to plays that ended within the months from the first of `periods`
    to the last (an index range; the exact months are picked from its rows)."""
    first, last = min(periods), max(periods)
    year, month = int(last[:4]), int(last[5:7])
    after = datetime(year + month // 12, month % 12 + 1, 1)
    return query.where(PlayRow.finished_at >= datetime(int(first[:4]), int(first[5:7]), 1),
                       PlayRow.finished_at < after)


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
    """Bring these statistics cells in step with the seats (same transaction): each player's
    cell, that player's head-to-head cells of the same game and month, and the game's own cell
    of every month named.

    Concurrent writers cannot collide or lose counts: each cell is first created or locked
    (INSERT ... ON CONFLICT DO UPDATE, the players' cells then the games', each in key order,
    so two writers never wait on each other in a circle), then recounted from the seats by a
    later statement, which on PostgreSQL (read committed) sees every play committed before the
    lock was granted; a writer waiting for the lock recounts after this one commits. A
    player's head-to-head cells are written only under the lock of the player's cell. Cells
    left with no plays go.
    """
    keys = set(keys)
    wanted = {key for key in keys if key[0] != PLAYS}
    ordered = sorted(wanted)
    for start in range(0, len(ordered), _KEY_CHUNK):
        _lock_cells(session, ordered[start:start + _KEY_CHUNK])
    games = sorted({(game, period) for _, game, period in keys})
    if not ordered and not games:
        return
    dialect = session.get_bind().dialect.name
    if ordered:
        _recount_player_cells(session, dialect, wanted)
        _recount_rival_cells(session, dialect, wanted)
    if games:
        _recount_play_cells(session, dialect, games)


def _recount_player_cells(session: Session, dialect: str, wanted: set[CellKey]) -> None:
    counted = _in_months(_cells_select(dialect, {k[0] for k in wanted})
                         .where(PlayRow.game_id.in_({k[1] for k in wanted})),
                         {k[2] for k in wanted})
    fresh = {tuple(row[:3]): row for row in session.execute(counted)
             if tuple(row[:3]) in wanted}
    if fresh:
        session.execute(update(StatCellRow), [dict(zip(_CELL_COLUMNS, row, strict=True))
                                              for row in fresh.values()])
    for player_id, game_id, period in sorted(wanted - set(fresh)):
        session.execute(delete(StatCellRow).where(
            StatCellRow.player_id == player_id, StatCellRow.game_id == game_id,
            StatCellRow.period == period))


def _recount_rival_cells(session: Session, dialect: str, wanted: set[CellKey]) -> None:
    """The head-to-head cells of these player cells (their locks are held)."""
    players, games = {k[0] for k in wanted}, {k[1] for k in wanted}
    counted = _in_months(_rival_cells_select(dialect, players).where(
        PlayRow.game_id.in_(games)), {k[2] for k in wanted})
    fresh = {tuple(row[:4]): row for row in session.execute(counted)
             if tuple(row[:3]) in wanted}
    stored = session.execute(
        select(RivalCellRow.player_id, RivalCellRow.game_id, RivalCellRow.period,
               RivalCellRow.rival_id)
        .where(RivalCellRow.player_id.in_(players), RivalCellRow.game_id.in_(games),
               RivalCellRow.period.in_({k[2] for k in wanted})))
    gone = sorted(key for key in (tuple(row) for row in stored)
                  if key[:3] in wanted and key not in fresh)
    for player_id, game_id, period, rival_id in gone:
        session.execute(delete(RivalCellRow).where(
            RivalCellRow.player_id == player_id, RivalCellRow.game_id == game_id,
            RivalCellRow.period == period, RivalCellRow.rival_id == rival_id))
    rows = [dict(zip(_RIVAL_CELL_COLUMNS, row, strict=True)) for _, row in sorted(fresh.items())]
    if rows:
        statement = upsert(session, RivalCellRow)
        session.execute(statement.on_conflict_do_update(
            index_elements=["player_id", "game_id", "period", "rival_id"],
            set_={name: statement.excluded[name] for name in ("plays", "ahead", "behind")}),
            rows)


def _recount_play_cells(session: Session, dialect: str, games: list[tuple[str, str]]) -> None:
    statement = upsert(session, PlayCellRow).values(
        [{"game_id": g, "period": m, "plays": 0, "people": 0} for g, m in games])
    session.execute(statement.on_conflict_do_update(index_elements=["game_id", "period"],
                                                    set_={"plays": PlayCellRow.plays}))
    wanted = set(games)
    counted = _in_months(_play_cells_select(dialect)
                         .where(PlayRow.game_id.in_({g for g, _ in games})),
                         {m for _, m in games})
    fresh = {tuple(row[:2]): row for row in session.execute(counted)
             if tuple(row[:2]) in wanted}
    if fresh:
        session.execute(update(PlayCellRow), [dict(zip(_PLAY_CELL_COLUMNS, row, strict=True))
                                              for row in fresh.values()])
    for game_id, period in sorted(wanted - set(fresh)):
        session.execute(delete(PlayCellRow).where(PlayCellRow.game_id == game_id,
                                                  PlayCellRow.period == period))


def _lock_cells(session: Session, keys: list[CellKey]) -> None:
    statement = upsert(session, StatCellRow).values([
        {"player_id": p, "game_id": g, "period": m, "plays": 0, "wins": 0, "score_sum": 0.0,
         "scored": 0, "best": None, "low_best": None, "last_at": None, "shared": 0}
        for p, g, m in keys])
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


def cells_beside(session: Session, player_id: int) -> set[CellKey]:
    """The cells of every other person in the plays this player sat in (their head to head
    against the player is counted there)."""
    dialect = session.get_bind().dialect.name
    mine, other = aliased(SeatRow), aliased(SeatRow)
    query = (select(other.player_id, PlayRow.game_id, _month(dialect)).distinct()
             .select_from(mine)
             .join(PlayRow, mine.play_id == PlayRow.id)
             .join(other, and_(other.play_id == mine.play_id, other.player_id != player_id))
             .where(_finished, mine.player_id == player_id))
    return {(int(p), str(g), str(m)) for p, g, m in session.execute(query)}


def cells_of_import(session: Session, import_id: int) -> set[CellKey]:
    """Every cell the plays of an import count in (the games' own cells included)."""
    dialect = session.get_bind().dialect.name
    query = (select(SeatRow.player_id, PlayRow.game_id, _month(dialect)).distinct()
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(_finished, SeatRow.player_id.is_not(None),
                    PlayRow.import_id == import_id))
    games = (select(PlayRow.game_id, _month(dialect)).distinct()
             .where(_finished, PlayRow.import_id == import_id))
    return ({(int(p), str(g), str(m)) for p, g, m in session.execute(query)}
            | {(PLAYS, str(g), str(m)) for g, m in session.execute(games)})


def rebuild_stat_cells(conn: Connection) -> None:
    """Recompute every statistics cell (after a migration or a bulk load)."""
    dialect = conn.dialect.name
    for table in (StatCellRow, PlayCellRow, RivalCellRow):
        conn.execute(delete(table))
    conn.execute(insert(StatCellRow).from_select(_CELL_COLUMNS, _cells_select(dialect, None)))
    conn.execute(insert(PlayCellRow).from_select(_PLAY_CELL_COLUMNS,
                                                 _play_cells_select(dialect)))
    conn.execute(insert(RivalCellRow).from_select(_RIVAL_CELL_COLUMNS,
                                                  _rival_cells_select(dialect, None)))


def counted_cells(conn: Connection) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    """Every cell as a recount from the plays would make it (nothing is written), in the
    shape of `all_cells`: a check that the kept cells are in step."""
    dialect = conn.dialect.name
    return {(table.__tablename__, *row[:width]): tuple(row) for table, width, query in (
        (StatCellRow, 3, _cells_select(dialect, None)),
        (PlayCellRow, 2, _play_cells_select(dialect)),
        (RivalCellRow, 4, _rival_cells_select(dialect, None)))
        for row in conn.execute(query)}


def all_cells(conn: Connection) -> dict[tuple[Any, ...], tuple[Any, ...]]:
    """Every cell of the three tables: (table, its key) -> its row."""
    return {(table.__tablename__, *row[:width]): tuple(row)
            for table, width in ((StatCellRow, 3), (PlayCellRow, 2), (RivalCellRow, 4))
            for row in conn.execute(select(table))}


def recount_statistics(database: Database) -> int:
    """Recount every statistics cell from the stored plays (the organiser's repair, e.g. after
    a member's login wrote the cells by hand); the number of cells that were wrong."""
    database.require_organiser(errors.RECOUNT)

    def work(session: Session) -> int:
        conn = session.connection()
        before = all_cells(conn)
        rebuild_stat_cells(conn)
        after = all_cells(conn)
        return sum(before.get(key) != after.get(key) for key in before.keys() | after.keys())

    return run_write(database, work)


def player_stats(database: Database, game_id: str | None = None) -> list[PlayerStats]:
    """Plays, wins, average and best score.

    game_id None: one row per (player, game); a game id: that game's rows;
    "": one row per player over all games (its game_id is "").
    """
    by_game = game_id != ""
    cell = StatCellRow
    keys = [cell.player_id, cell.game_id] if by_game else [cell.player_id]
    # summed in the cells' key order first (no sort), then named: a few hundred rows
    sums = (select(*keys, func.sum(cell.plays).label("plays"), func.sum(cell.wins).label("w"),
                   func.sum(cell.score_sum).label("total"), func.sum(cell.scored).label("n"),
                   func.max(cell.best).label("high"), func.min(cell.low_best).label("low"))
            .group_by(*keys))
    if game_id:
        sums = sums.where(cell.game_id == game_id)
    summed = sums.subquery()
    columns = [PlayerRow.name, summed.c.game_id] if by_game else [PlayerRow.name]
    query = (select(*columns, summed.c.plays, summed.c.w, summed.c.total, summed.c.n,
                    summed.c.high, summed.c.low)
             .join(PlayerRow, summed.c.player_id == PlayerRow.id)
             .order_by(*columns))
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
                     period: str = "month", latest: int | None = None) -> list[PeriodCount]:
    """Each player's plays and wins per month (or year), oldest first; with `latest`, only
    those of the latest that many months in which people played."""
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
    if latest is not None:
        months = (select(StatCellRow.period).distinct().where(StatCellRow.plays > 0)
                  .order_by(StatCellRow.period.desc()).limit(latest))
        if game_id:
            months = months.where(StatCellRow.game_id == game_id)
        query = query.where(StatCellRow.period.in_(months.scalar_subquery()))
    with database.engine.connect() as conn:
        return [PeriodCount(period=str(p), player=n, plays=int(c), wins=int(w or 0))
                for p, n, c, w in conn.execute(query)]


def scores_over_time(database: Database, game_id: str, player: str | None = None,
                     latest: int | None = None) -> list[ScorePoint]:
    """Every scored seat of a game's finished plays, oldest first; with `latest`, only the
    seats of the latest that many plays, read newest first along the game's index of ends
    (ix_plays_game_finished), so a long history costs what a short one does."""
    query = (select(checked_time(PlayRow.finished_at), PlayerRow.name, _score)
             .select_from(PlayRow)
             .join(SeatRow, SeatRow.play_id == PlayRow.id)
             .join(PlayerRow, SeatRow.player_id == PlayerRow.id)
             .where(_finished, PlayRow.game_id == game_id, _score.is_not(None),
                    visible_plays()))
    with database.engine.connect() as conn:
        if latest is None:
            if player:
                query = query.where(PlayerRow.name == player)
            rows = list(conn.execute(query.order_by(PlayRow.finished_at, PlayRow.id,
                                                    SeatRow.seat)))
        else:
            newest: list[Any] = [PlayRow.finished_at.desc(), PlayRow.id.desc(),
                                 SeatRow.seat.desc()]
            if player:
                player_id = conn.scalar(select(PlayerRow.id).where(PlayerRow.name == player))
                if player_id is None:
                    return []
                # "+ 0": not along the player's seats (all of them, then sorted) but along
                # the game's plays, newest first, until `latest` of them held the player
                query = query.where(SeatRow.player_id + 0 == player_id)
            rows = list(conn.execute(query.order_by(*newest).limit(latest)))[::-1]
        return [ScorePoint(when=w, player=n, game_id=game_id, score=float(s or 0))
                for w, n, s in rows if w is not None]


def latest_scores(database: Database, game_id: str, players: Sequence[str],
                  latest: int) -> list[ScorePoint]:
    """Each player's scored seats in the latest `latest` of their finished plays of a game,
    player by player in the order given, each oldest first: what `scores_over_time(game,
    player, latest=...)` gives for each, read in one pass along the game's plays, newest
    first, that stops once every player has them all."""
    with database.engine.connect() as conn:
        names = dict(conn.execute(select(PlayerRow.id, PlayerRow.name)
                                  .where(PlayerRow.name.in_(list(players)))).all())
        if not names or latest <= 0:
            return []
        query = (select(checked_time(PlayRow.finished_at), SeatRow.player_id, _score)
                 .select_from(PlayRow)
                 .join(SeatRow, SeatRow.play_id == PlayRow.id)
                 .where(_finished, PlayRow.game_id == game_id, _score.is_not(None),
                        visible_plays(), (SeatRow.player_id + 0).in_(list(names)))
                 .order_by(PlayRow.finished_at.desc(), PlayRow.id.desc(), SeatRow.seat.desc()))
        found: dict[str, list[ScorePoint]] = {name: [] for name in names.values()}
        wanting = len(found)
        for when, player_id, score in conn.execution_options(stream_results=True,
                                                              yield_per=500).execute(query):
            name = names[int(player_id or 0)]
            points = found[name]
            if when is None or len(points) >= latest:
                continue
            points.append(ScorePoint(when=when, player=name, game_id=game_id,
                                     score=float(score or 0)))
            if len(points) == latest:
                wanting -= 1
                if not wanting:
                    break
    return [point for name in players for point in reversed(found.get(name, []))]


def game_play_counts(database: Database) -> dict[str, int]:
    """Finished plays per game (from the games' cells)."""
    query = (select(PlayCellRow.game_id, func.sum(PlayCellRow.plays))
             .group_by(PlayCellRow.game_id)
             .having(func.sum(PlayCellRow.plays) > 0))
    with database.engine.connect() as conn:
        return {g: int(c) for g, c in conn.execute(query)}


def finished_play_count(database: Database, game_id: str | None = None) -> int:
    """Finished plays shown (of one game), from the games' cells."""
    query = select(func.coalesce(func.sum(PlayCellRow.plays), 0))
    if game_id:
        query = query.where(PlayCellRow.game_id == game_id)
    with database.engine.connect() as conn:
        return int(cast(int, conn.scalar(query)) or 0)


def plays_counted_per_period(database: Database, *, game_id: str | None = None,
                             period: str = "month",
                             since: datetime | None = None) -> list[tuple[str, int]]:
    """Finished plays with at least one person, per month (or year), oldest first; only the
    months from that of `since` on when given (cells count whole months). Each play counts
    once, however many people sat at it (`plays_per_period` is the per-player view)."""
    if period not in ("month", "year"):
        raise ValueError(f"unknown period {period!r} (month or year)")
    label = (PlayCellRow.period if period == "month"
             else func.substr(PlayCellRow.period, 1, 4)).label("p")
    counted = func.sum(PlayCellRow.people)
    query = (select(label, counted).group_by(label).having(counted > 0).order_by(label))
    if game_id:
        query = query.where(PlayCellRow.game_id == game_id)
    if since is not None:
        query = query.where(PlayCellRow.period >= period_of(since))
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
