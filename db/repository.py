"""Plays, players and settings: every write is one transaction."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import datetime
from typing import Any

from sqlalchemy import Select, func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, selectinload

from companion.history import Player, PlayMode, PlayRecord, SeatResult
from companion.other_games import OTHER_PREFIX
from db.engine import Database, DatabaseError, DuplicatePlayerError
from db.models import PlayerRow, PlayRow, SeatRow, SettingRow
from db.stats import refresh_stat_cells

#: Loader options for a play with its seats and their players (relationships never lazy-load).
WITH_SEATS = (selectinload(PlayRow.seats).joinedload(SeatRow.player),)


@contextmanager
def transaction(database: Database) -> Iterator[Session]:
    """A session whose work is committed together, or not at all."""
    with database.sessions.begin() as session:
        yield session


def _naive(when: datetime | None) -> datetime | None:
    """Stored datetimes are naive local time (what the app shows)."""
    if when is None or when.tzinfo is None:
        return when
    return when.astimezone().replace(tzinfo=None)


def _now() -> datetime:
    return datetime.now().replace(microsecond=0)


# ---------------------------------------------------------------- players


def _player_by_name(session: Session, name: str) -> PlayerRow | None:
    return session.scalar(select(PlayerRow).where(PlayerRow.name == name))


def _get_or_create_player(session: Session, name: str, cache: dict[str, PlayerRow]) -> PlayerRow:
    row = cache.get(name) or _player_by_name(session, name)
    if row is None:
        row = PlayerRow(name=name, created_at=_now())
        session.add(row)
        session.flush()
    cache[name] = row
    return row


def list_players(database: Database) -> list[Player]:
    with database.sessions() as session:
        rows = session.execute(select(PlayerRow.id, PlayerRow.name).order_by(PlayerRow.name))
        return [Player(id=i, name=n) for i, n in rows]


def _clean_name(name: str) -> str:
    name = name.strip()
    if not name:
        raise DatabaseError("A player needs a name.")
    return name


def add_player(database: Database, name: str) -> Player:
    name = _clean_name(name)
    with transaction(database) as session:
        if _player_by_name(session, name) is not None:
            raise DuplicatePlayerError(f"There is already a player called “{name}”.")
        row = PlayerRow(name=name, created_at=_now())
        session.add(row)
        session.flush()
        return Player(id=row.id, name=row.name)


def rename_player(database: Database, player_id: int, new_name: str) -> None:
    new_name = _clean_name(new_name)
    with transaction(database) as session:
        row = _require_player(session, player_id)
        other = _player_by_name(session, new_name)
        if other is not None and other.id != row.id:
            raise DuplicatePlayerError(
                f"There is already a player called “{new_name}”. Merge the two instead.")
        row.name = new_name


def merge_players(database: Database, keep_id: int, remove_id: int) -> None:
    """Move every seat of `remove_id` to `keep_id`, then delete `remove_id`."""
    if keep_id == remove_id:
        raise DatabaseError("Choose two different players to merge.")
    with transaction(database) as session:
        _require_player(session, keep_id)
        removed = _require_player(session, remove_id)
        session.execute(update(SeatRow).where(SeatRow.player_id == remove_id)
                        .values(player_id=keep_id))
        session.delete(removed)
        session.flush()
        refresh_stat_cells(session, [keep_id])


def _require_player(session: Session, player_id: int) -> PlayerRow:
    row = session.get(PlayerRow, player_id)
    if row is None:
        raise DatabaseError(f"There is no player number {player_id}.")
    return row


def player_play_counts(database: Database) -> dict[str, int]:
    """Each player's number of plays (finished or not), players without plays included."""
    query = (select(PlayerRow.name, func.count(func.distinct(SeatRow.play_id)))
             .outerjoin(SeatRow, SeatRow.player_id == PlayerRow.id)
             .group_by(PlayerRow.id, PlayerRow.name))
    with database.sessions() as session:
        return {name: int(count) for name, count in session.execute(query)}


# ---------------------------------------------------------------- plays


def _seat_row(seat: SeatResult, session: Session, cache: dict[str, PlayerRow]) -> SeatRow:
    player = None if seat.is_bot else _get_or_create_player(session, _clean_name(seat.player),
                                                            cache)
    return SeatRow(
        seat=seat.seat, player=player, bot_name=seat.player if seat.is_bot else "",
        bot_kind=seat.bot_kind, faction=seat.faction, score=seat.score,
        breakdown=dict(seat.breakdown), rank=seat.rank, winner=seat.winner,
        start_player=seat.start_player)


def _fill_row(row: PlayRow, play: PlayRecord) -> None:
    row.game_id = play.game_id
    row.mode = play.mode.value
    row.started_at = _naive(play.started_at) or _now()
    row.finished_at = _naive(play.finished_at)
    row.options = dict(play.options)
    row.seed = play.seed
    row.record = play.record
    row.location = play.location
    row.notes = play.notes
    row.duration_s = play.duration_s
    row.updated_at = _now()


def _new_row(session: Session, play: PlayRecord, cache: dict[str, PlayerRow]) -> PlayRow:
    row = PlayRow()
    _fill_row(row, play)
    row.seats = [_seat_row(s, session, cache) for s in play.seats]
    session.add(row)
    return row


def add_play(database: Database, play: PlayRecord) -> int:
    """Store a play (players are created by name as needed); returns its id."""
    return add_plays(database, [play])[0]


def add_plays(database: Database, plays: Sequence[PlayRecord]) -> list[int]:
    """Store several plays in one transaction: all of them or none."""
    cache: dict[str, PlayerRow] = {}
    try:
        with transaction(database) as session:
            rows = [_new_row(session, play, cache) for play in plays]
            session.flush()
            refresh_stat_cells(session, _counted_players(rows))
            return [row.id for row in rows]
    except IntegrityError as exc:
        raise DatabaseError(f"The plays could not be saved: {exc.orig}") from exc


def update_play(database: Database, play: PlayRecord) -> None:
    """Replace a stored play (seats included) with `play`."""
    if play.id is None:
        raise DatabaseError("Only a saved play can be updated.")
    with transaction(database) as session:
        row = session.get(PlayRow, play.id, options=WITH_SEATS)
        if row is None:
            raise DatabaseError(f"There is no play number {play.id}.")
        before = _counted_players([row])
        _fill_row(row, play)
        row.seats.clear()
        session.flush()
        cache: dict[str, PlayerRow] = {}
        row.seats.extend(_seat_row(s, session, cache) for s in play.seats)
        session.flush()
        refresh_stat_cells(session, before | _counted_players([row]))


def save_autosave(database: Database, play: PlayRecord) -> int:
    """Insert or update an unfinished digital play; returns its id."""
    if play.id is None:
        return add_play(database, play)
    update_play(database, play)
    return play.id


def get_play(database: Database, play_id: int) -> PlayRecord | None:
    found = _read_plays(database, select(*PLAY_COLUMNS).where(PlayRow.id == play_id))
    return found[0] if found else None


def delete_play(database: Database, play_id: int) -> None:
    with transaction(database) as session:
        row = session.get(PlayRow, play_id, options=WITH_SEATS)
        if row is None:
            return
        players = _counted_players([row])
        session.delete(row)
        session.flush()
        refresh_stat_cells(session, players)


def _counted_players(rows: Sequence[PlayRow]) -> set[int]:
    """People whose statistics these plays count in (finished plays only)."""
    return {seat.player_id for row in rows if row.finished_at is not None
            for seat in row.seats if seat.player_id is not None}


#: Reads go through plain SELECTs (not ORM objects): the History page reads hundreds of plays.
PLAY_COLUMNS = tuple(PlayRow.__table__.columns)
SEAT_COLUMNS = (SeatRow.play_id, SeatRow.seat, PlayerRow.name, SeatRow.bot_name,
                SeatRow.bot_kind, SeatRow.faction, SeatRow.score, SeatRow.breakdown, SeatRow.rank,
                SeatRow.winner, SeatRow.start_player)


def _read_plays(database: Database, query: Select[Any]) -> list[PlayRecord]:
    """The plays `query` selects (PLAY_COLUMNS), in its order, with their seats."""
    with database.engine.connect() as conn:
        plays = [_to_record(row) for row in conn.execute(query)]
        by_id = {play.id: play for play in plays}
        if by_id:
            seats = (select(*SEAT_COLUMNS)
                     .outerjoin(PlayerRow, SeatRow.player_id == PlayerRow.id)
                     .where(SeatRow.play_id.in_(list(by_id)))
                     .order_by(SeatRow.play_id, SeatRow.seat))
            for row in conn.execute(seats):
                by_id[row.play_id].seats.append(_to_seat(row))
    return plays


def _to_record(row: Any) -> PlayRecord:
    return PlayRecord(
        id=row.id, game_id=row.game_id, mode=PlayMode(row.mode), started_at=row.started_at,
        finished_at=row.finished_at, options=dict(row.options or {}), seed=row.seed,
        record=row.record, location=row.location, notes=row.notes, seats=[],
        duration_s=row.duration_s)


def _to_seat(row: Any) -> SeatResult:
    is_bot = row.name is None
    return SeatResult(
        seat=row.seat, player=row.bot_name if is_bot else row.name, is_bot=is_bot,
        bot_kind=row.bot_kind, faction=row.faction, score=row.score,
        breakdown=dict(row.breakdown or {}), rank=row.rank, winner=bool(row.winner),
        start_player=bool(row.start_player))


def _filtered(query: Select[Any], *, game_id: str | None, player: str | None,
              since: datetime | None, until: datetime | None,
              finished: bool | None) -> Select[Any]:
    if game_id:
        query = query.where(PlayRow.game_id == game_id)
    if player:
        seated = (select(SeatRow.play_id).join(PlayerRow, SeatRow.player_id == PlayerRow.id)
                  .where(PlayerRow.name == player))
        query = query.where(PlayRow.id.in_(seated))
    if since is not None:
        query = query.where(PlayRow.started_at >= _naive(since))
    if until is not None:
        query = query.where(PlayRow.started_at < _naive(until))
    if finished is True:
        query = query.where(PlayRow.finished_at.is_not(None))
    elif finished is False:
        query = query.where(PlayRow.finished_at.is_(None))
    return query


def list_plays(database: Database, *, game_id: str | None = None, player: str | None = None,
               since: datetime | None = None, until: datetime | None = None,
               finished: bool | None = None, limit: int | None = None,
               offset: int = 0) -> list[PlayRecord]:
    """Plays matching every given filter, newest first (`until` is exclusive)."""
    query = _filtered(select(*PLAY_COLUMNS), game_id=game_id, player=player, since=since,
                      until=until, finished=finished)
    query = query.order_by(PlayRow.started_at.desc(), PlayRow.id.desc()).offset(offset)
    if limit is not None:
        query = query.limit(limit)
    return _read_plays(database, query)


def count_plays(database: Database, *, game_id: str | None = None, player: str | None = None,
                since: datetime | None = None, until: datetime | None = None,
                finished: bool | None = None) -> int:
    query = _filtered(select(func.count(PlayRow.id)), game_id=game_id, player=player,
                      since=since, until=until, finished=finished)
    with database.sessions() as session:
        return int(session.scalar(query) or 0)


def unfinished_plays(database: Database) -> list[PlayRecord]:
    """Autosaved digital plays that have not ended, newest first."""
    return list_plays(database, finished=False)


def other_game_ids(database: Database) -> list[str]:
    """The games the app does not know that the history holds ("other:Catan"), by name."""
    query = select(PlayRow.game_id).where(PlayRow.game_id.startswith(OTHER_PREFIX)).distinct()
    with database.engine.connect() as conn:
        found = [str(game_id) for game_id in conn.scalars(query)]
    return sorted(found, key=lambda game_id: (game_id.casefold(), game_id))


# ---------------------------------------------------------------- settings


def get_setting(database: Database, key: str, default: str = "") -> str:
    with database.sessions() as session:
        row = session.get(SettingRow, key)
        return default if row is None else row.value


def set_setting(database: Database, key: str, value: str) -> None:
    with transaction(database) as session:
        row = session.get(SettingRow, key)
        if row is None:
            session.add(SettingRow(key=key, value=value))
        else:
            row.value = value

