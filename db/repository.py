"""Plays, players and settings.

Every write is one transaction run by `run_write` (db/engine.py): all of it is stored or none
of it, a writer that another one got in the way of is tried again for a bounded time, and a
write that still cannot happen raises `HistoryWriteError` (`HistoryBusyError`). Data that no
database can store (see companion/playdata.py) is refused with a `DatabaseError` before
anything is written. Names are normalised first (" Ann " is "Ann"); a person sits in one seat
of a play; writers creating the same new player at the same time get the same player.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, Select, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from companion import playdata
from companion.history import Player, PlayMode, PlayRecord, SeatResult, WinMode, new_play_uid
from companion.other_games import OTHER_PREFIX
from companion.winning import known_win_mode, play_win_mode, stored_win_mode
from db import errors
from db.engine import Database, run_write
from db.errors import DatabaseError, DuplicatePlayerError
from db.models import PlayerRow, PlayRow, SeatRow, SettingRow, visible_plays
from db.reading import add_seat, checked_time, raw_columns, read_play
from db.stats import (
    PLAYS,
    CellKey,
    cells_beside,
    cells_of_players,
    finished_play_count,
    period_of,
    touch_cells,
    upsert,
)


def _now() -> datetime:
    return datetime.now().replace(microsecond=0)


# ---------------------------------------------------------------- players


def _clean_name(name: str) -> str:
    name = playdata.normalize_name(name)
    if not name:
        raise DatabaseError("A player needs a name.", ja="プレイヤーには名前が必要です。")
    try:
        playdata.check_text(name, "name", playdata.NAME_LENGTH)
    except playdata.PlayDataError:
        raise DatabaseError(
            f"A player's name has at most {playdata.NAME_LENGTH} characters and no NUL "
            "character.", ja=f"プレイヤー名は {playdata.NAME_LENGTH} 文字以内で、NUL 文字は"
                             "使えません。") from None
    return name


def _duplicate(name: str, merge: bool = False) -> DuplicatePlayerError:
    return DuplicatePlayerError(
        f"There is already a player called “{name}”." + (" Merge the two instead."
                                                          if merge else ""),
        ja=f"「{name}」という名前のプレイヤーはすでにいます。" + ("代わりに統合してください。"
                                                               if merge else ""))


def player_ids(session: Session, names: Iterable[str],
               import_id: int | None = None) -> dict[str, int]:
    """The ids of these (normalised) names, creating the players that do not exist yet.

    Safe against another writer creating the same player at the same moment: the insert
    skips names that appeared meanwhile (ON CONFLICT DO NOTHING, in name order so that two
    writers never wait on each other in a circle) and the ids are read afterwards."""
    wanted = sorted(set(names))
    if not wanted:
        return {}
    found = {name: int(i) for name, i in session.execute(
        select(PlayerRow.name, PlayerRow.id).where(PlayerRow.name.in_(wanted)))}
    missing = [name for name in wanted if name not in found]
    if missing:
        now = _now()
        session.execute(upsert(session, PlayerRow).values(
            [{"name": name, "created_at": now, "import_id": import_id} for name in missing])
            .on_conflict_do_nothing(index_elements=["name"]))
        found.update((name, int(i)) for name, i in session.execute(
            select(PlayerRow.name, PlayerRow.id).where(PlayerRow.name.in_(missing))))
    return found


def list_players(database: Database) -> list[Player]:
    with database.sessions() as session:
        rows = session.execute(select(PlayerRow.id, PlayerRow.name).order_by(PlayerRow.name))
        return [Player(id=i, name=n) for i, n in rows]


def add_player(database: Database, name: str) -> Player:
    name = _clean_name(name)

    def work(session: Session) -> Player:
        new_id = session.scalar(upsert(session, PlayerRow)
                                .values(name=name, created_at=_now())
                                .on_conflict_do_nothing(index_elements=["name"])
                                .returning(PlayerRow.id))
        if new_id is None:
            raise _duplicate(name)
        return Player(id=int(new_id), name=name)

    return run_write(database, work)


def rename_player(database: Database, player_id: int, new_name: str) -> None:
    database.require_organiser(errors.RENAME_PLAYERS)
    new_name = _clean_name(new_name)

    def work(session: Session) -> None:
        _require_player(session, player_id)
        other = session.scalar(select(PlayerRow.id).where(PlayerRow.name == new_name))
        if other is not None and other != player_id:
            raise _duplicate(new_name, merge=True)
        try:
            with session.begin_nested():
                session.execute(update(PlayerRow).where(PlayerRow.id == player_id)
                                .values(name=new_name))
        except IntegrityError:  # created by another writer just now
            raise _duplicate(new_name, merge=True) from None

    run_write(database, work)


def merge_players(database: Database, keep_id: int, remove_id: int) -> None:
    """Move every seat of `remove_id` to `keep_id`, then delete `remove_id`.

    Refused when both sat in the same play (a person plays one seat of a play)."""
    database.require_organiser(errors.MERGE_PLAYERS)
    if keep_id == remove_id:
        raise DatabaseError("Choose two different players to merge.",
                            ja="統合する 2 人の異なるプレイヤーを選んでください。")

    def work(session: Session) -> None:
        keep = _require_player(session, keep_id)
        removed = _require_player(session, remove_id)
        both = (select(SeatRow.play_id).where(SeatRow.player_id == keep_id)
                .intersect(select(SeatRow.play_id).where(SeatRow.player_id == remove_id)))
        shared = session.scalars(both).first()
        if shared is not None:
            raise DatabaseError(
                f"{keep} and {removed} both played in play #{shared}, so they cannot be one "
                "person.", ja=f"{keep} と {removed} は対局 #{shared} に一緒に参加しているため、"
                              "同じ人にはできません。")
        keys = {(keep_id, game, period) for _, game, period
                in cells_of_players(session, [keep_id, remove_id])}
        keys |= cells_beside(session, remove_id)  # their head to head: now against keep_id
        session.execute(update(SeatRow).where(SeatRow.player_id == remove_id)
                        .values(player_id=keep_id))
        session.execute(delete(PlayerRow).where(PlayerRow.id == remove_id))
        touch_cells(session, keys)

    run_write(database, work)


def _require_player(session: Session, player_id: int) -> str:
    name = session.scalar(select(PlayerRow.name).where(PlayerRow.id == player_id))
    if name is None:
        raise DatabaseError(f"There is no player number {player_id}.",
                            ja=f"番号 {player_id} のプレイヤーはいません。")
    return str(name)


def player_play_counts(database: Database) -> dict[str, int]:
    """Each player's number of plays (finished or not), players without plays included."""
    shown = (select(SeatRow.player_id, SeatRow.play_id)
             .join(PlayRow, SeatRow.play_id == PlayRow.id).where(visible_plays()).subquery())
    query = (select(PlayerRow.name, func.count(func.distinct(shown.c.play_id)))
             .outerjoin(shown, shown.c.player_id == PlayerRow.id)
             .group_by(PlayerRow.id, PlayerRow.name))
    with database.sessions() as session:
        return {name: int(count) for name, count in session.execute(query)}


# ---------------------------------------------------------------- plays


def checked(play: PlayRecord) -> PlayRecord:
    """The play as stored (normalised), or `DatabaseError` saying why no database can store
    it (companion/playdata.py)."""
    clean = playdata.normalized(play)
    try:
        playdata.check_play(clean)
    except playdata.SeatTakenError as exc:
        first, second = exc.seats
        raise DatabaseError(
            f"This play cannot be stored: {exc.name} sits in seats {first} and {second}, and "
            "a person plays one seat of a play.",
            ja=f"この対局は保存できません。{exc.name} が席 {first} と席 {second} の両方に座って"
               "います（1 人が座れるのは 1 つの席だけです）。") from None
    except playdata.PlayDataError as exc:
        raise DatabaseError(f"This play cannot be stored: {exc}.",
                            ja=f"この対局は保存できません: {exc}。") from None
    return clean


def _play_values(play: PlayRecord) -> dict[str, Any]:
    return {"game_id": play.game_id, "mode": play.mode.value, "started_at": play.started_at,
            "finished_at": play.finished_at, "options": dict(play.options), "seed": play.seed,
            "record": play.record, "location": play.location, "notes": play.notes,
            "duration_s": play.duration_s, "updated_at": _now(),
            "win_mode": play_win_mode(play).value}


def _seat_values(play_id: int, seat: SeatResult, ids: dict[str, int]) -> dict[str, Any]:
    return {"play_id": play_id, "seat": seat.seat,
            "player_id": None if seat.is_bot else ids[seat.player],
            "bot_name": seat.player if seat.is_bot else "", "bot_kind": seat.bot_kind,
            "faction": seat.faction, "score": seat.score, "breakdown": dict(seat.breakdown),
            "rank": seat.rank, "winner": seat.winner, "start_player": seat.start_player,
            "team": seat.team}


def _people(plays: Iterable[PlayRecord]) -> set[str]:
    return {seat.player for play in plays for seat in play.seats if not seat.is_bot}


def _cells(play: PlayRecord, ids: dict[str, int]) -> set[CellKey]:
    """The statistics cells a (stored) play counts in (its game's own cell included)."""
    if play.finished_at is None:
        return set()
    period = period_of(play.finished_at)
    return {(ids[seat.player], play.game_id, period) for seat in play.seats
            if not seat.is_bot} | {(PLAYS, play.game_id, period)}


def insert_plays(session: Session, plays: Sequence[PlayRecord],
                 import_id: int | None = None) -> tuple[list[int], set[CellKey]]:
    """Insert checked plays (and their new players); their ids and statistics cells.

    Each play goes in unfinished, gets its seats, then is finished: the order a club member's
    rights allow (migration 0006: seats only go into the login's own unfinished plays)."""
    if not plays:
        return [], set()
    rows = [_new_row(play, import_id) for play in plays]
    play_ids = [int(i) for i in session.scalars(
        insert(PlayRow).returning(PlayRow.id, sort_by_parameter_order=True), rows)]
    return play_ids, _complete(session, plays, play_ids, import_id)


def insert_unstored_plays(session: Session, plays: Sequence[PlayRecord],
                          import_id: int | None = None) -> tuple[dict[str, int], set[CellKey]]:
    """Insert the checked plays whose identity (`uid`, set) no stored play has, not even one
    of an import still being written or one another writer is inserting at this moment (the
    database's unique index decides: ON CONFLICT DO NOTHING); {uid: id} of those inserted,
    and their statistics cells. Players are created for the inserted plays only."""
    if not plays:
        return {}, set()
    rows = sorted((_new_row(play, import_id) for play in plays), key=lambda row: row["uid"])
    statement = (upsert(session, PlayRow).values(rows)  # uid order: no waiting in a circle
                 .on_conflict_do_nothing(index_elements=["uid"])
                 .returning(PlayRow.uid, PlayRow.id))
    got = {str(uid): int(play_id) for uid, play_id in session.execute(statement)}
    inserted = [play for play in plays if play.uid in got]
    return got, _complete(session, inserted, [got[str(play.uid)] for play in inserted],
                          import_id)


def _new_row(play: PlayRecord, import_id: int | None) -> dict[str, Any]:
    return {**_play_values(play), "finished_at": None, "import_id": import_id,
            "uid": play.uid or new_play_uid()}


def _complete(session: Session, plays: Sequence[PlayRecord], play_ids: Sequence[int],
              import_id: int | None) -> set[CellKey]:
    """Give inserted (unfinished) plays their players and seats, then finish them."""
    if not plays:
        return set()
    ids = player_ids(session, _people(plays), import_id)
    session.execute(insert(SeatRow), [_seat_values(play_id, seat, ids)
                                      for play_id, play in zip(play_ids, plays, strict=True)
                                      for seat in play.seats])
    finished = [{"id": play_id, "finished_at": play.finished_at}
                for play_id, play in zip(play_ids, plays, strict=True)
                if play.finished_at is not None]
    if finished:
        session.execute(update(PlayRow), finished)
    return set().union(*(_cells(play, ids) for play in plays))


def add_play(database: Database, play: PlayRecord) -> int:
    """Store a play (players are created by name as needed); returns its id."""
    return add_plays(database, [play])[0]


def add_plays(database: Database, plays: Sequence[PlayRecord]) -> list[int]:
    """Store several plays in one transaction: all of them or none."""
    clean = [checked(play) for play in plays]

    def work(session: Session) -> list[int]:
        play_ids, cells = insert_plays(session, clean)
        touch_cells(session, cells)
        return play_ids

    return run_write(database, work)


def _stored_cells(session: Session, play_id: int) -> set[CellKey] | None:
    """Lock a stored play; the cells it counts in now (None: there is no such play)."""
    finished = checked_time(PlayRow.finished_at).label("finished_at")  # an end the app
    row = session.execute(select(PlayRow.game_id, finished)  # cannot read never counted
                          .where(PlayRow.id == play_id, visible_plays())
                          .with_for_update()).first()
    if row is None:
        return None
    if row.finished_at is None:
        return set()
    people = session.scalars(select(SeatRow.player_id).where(
        SeatRow.play_id == play_id, SeatRow.player_id.is_not(None)))
    return {(int(p or 0), row.game_id, period_of(row.finished_at))
            for p in [*people, PLAYS]}


def update_play(database: Database, play: PlayRecord) -> None:
    """Replace a stored play (seats included) with `play`. A club member may update its own
    unfinished plays only (finishing one is its last update): else `OrganiserOnlyError`."""
    if play.id is None:
        raise DatabaseError("Only a saved play can be updated.",
                            ja="更新できるのは保存済みの対局だけです。")
    play_id = play.id
    clean = checked(play)

    def work(session: Session) -> None:
        before = _stored_cells(session, play_id)
        if before is None:
            raise _missing_or_not_yours(session, database, play_id)
        _clear_seats(session, database, play_id)
        ids = player_ids(session, _people([clean]))
        session.execute(insert(SeatRow), [_seat_values(play_id, seat, ids)
                                          for seat in clean.seats])
        # last: once finished, a member's play takes no more seats
        session.execute(update(PlayRow).where(PlayRow.id == play_id)
                        .values(_play_values(clean)))
        touch_cells(session, before | _cells(clean, ids))

    run_write(database, work)


def _clear_seats(session: Session, database: Database, play_id: int) -> None:
    """Remove a play's seats. A club member holds no DELETE (it would let it lock the table,
    migration 0008): the server's `clear_open_seats` removes those of its own open plays."""
    if database.is_organiser:
        session.execute(delete(SeatRow).where(SeatRow.play_id == play_id))
    else:
        session.execute(select(func.clear_open_seats(play_id)))


def _missing_or_not_yours(session: Session, database: Database,
                          play_id: int) -> DatabaseError:
    """Why a play could not be locked for writing: there is none, or (a club member) the
    server's row rules keep this login from it."""
    shown = session.scalar(select(PlayRow.id).where(PlayRow.id == play_id, visible_plays()))
    if shown is not None and database.access is not None:
        return errors.organiser_only(errors.EDIT_PLAYS, database.where, database.access)
    return DatabaseError(f"There is no play number {play_id}.",
                         ja=f"番号 {play_id} の対局はありません。")


def save_autosave(database: Database, play: PlayRecord) -> int:
    """Insert or update an unfinished digital play; returns its id."""
    if play.id is None:
        return add_play(database, play)
    update_play(database, play)
    return play.id


def delete_play(database: Database, play_id: int) -> None:
    database.require_organiser(errors.DELETE_PLAYS)

    def work(session: Session) -> None:
        before = _stored_cells(session, play_id)
        if before is None:
            return
        session.execute(delete(SeatRow).where(SeatRow.play_id == play_id))
        session.execute(delete(PlayRow).where(PlayRow.id == play_id))
        touch_cells(session, before)

    run_write(database, work)


def get_play(database: Database, play_id: int) -> PlayRecord | None:
    found = _read_plays(database, select(*PLAY_COLUMNS).where(PlayRow.id == play_id,
                                                              visible_plays()))
    return found[0] if found else None


#: Reads go through plain SELECTs (not ORM objects): the History page reads hundreds of plays.
#: Untyped (db/reading.py): a stored value the app cannot read makes one unreadable play.
PLAY_COLUMNS = raw_columns(PlayRow.__table__.columns)
SEAT_COLUMNS = raw_columns((SeatRow.play_id, SeatRow.seat, PlayerRow.name, SeatRow.bot_name,
                            SeatRow.bot_kind, SeatRow.faction, SeatRow.score, SeatRow.breakdown,
                            SeatRow.rank, SeatRow.winner, SeatRow.start_player, SeatRow.team))


def _read_plays(database: Database, query: Select[Any]) -> list[PlayRecord]:
    """The plays `query` selects (PLAY_COLUMNS), in its order, with their seats."""
    with database.engine.connect() as conn:
        return _with_seats(conn, [read_play(row, _to_record) for row in conn.execute(query)])


def _with_seats(conn: Connection | Session, plays: list[PlayRecord]) -> list[PlayRecord]:
    """The plays with their seats (a play with a seat that cannot be read: its stand-in)."""
    by_id = {play.id: play for play in plays}
    if by_id:
        seats = (select(*SEAT_COLUMNS)
                 .outerjoin(PlayerRow, SeatRow.player_id == PlayerRow.id)
                 .where(SeatRow.play_id.in_(list(by_id)))
                 .order_by(SeatRow.play_id, SeatRow.seat))
        for row in conn.execute(seats):
            by_id[row.play_id] = add_seat(by_id[row.play_id], row, _to_seat)
    return [by_id[play.id] for play in plays]


def stored_plays(session: Session, play_ids: Sequence[int]) -> list[PlayRecord]:
    """The stored plays with these ids (shown or not), with their seats, read in `session`'s
    transaction."""
    if not play_ids:
        return []
    return _with_seats(session, [read_play(row, _to_record) for row in session.execute(
        select(*PLAY_COLUMNS).where(PlayRow.id.in_(list(play_ids))))])


def _to_record(row: Any) -> PlayRecord:
    return PlayRecord(
        id=row.id, game_id=row.game_id, mode=PlayMode(row.mode), started_at=row.started_at,
        finished_at=row.finished_at, options=dict(row.options or {}), seed=row.seed,
        record=row.record, location=row.location, notes=row.notes, seats=[],
        duration_s=row.duration_s, uid=row.uid,
        win_mode=stored_win_mode(row.game_id, WinMode(row.win_mode)))


def _to_seat(row: Any) -> SeatResult:
    is_bot = row.name is None
    return SeatResult(
        seat=row.seat, player=row.bot_name if is_bot else row.name, is_bot=is_bot,
        bot_kind=row.bot_kind, faction=row.faction, score=row.score,
        breakdown=dict(row.breakdown or {}), rank=row.rank, winner=bool(row.winner),
        start_player=bool(row.start_player), team=row.team or "")


def _filtered(query: Select[Any], *, game_id: str | None, player: str | None,
              since: datetime | None, until: datetime | None,
              finished: bool | None) -> Select[Any]:
    query = query.where(visible_plays())
    if game_id:
        query = query.where(PlayRow.game_id == game_id)
    if player:
        seated = (select(SeatRow.play_id).join(PlayerRow, SeatRow.player_id == PlayerRow.id)
                  .where(PlayerRow.name == player))
        query = query.where(PlayRow.id.in_(seated))
    if since is not None:
        query = query.where(PlayRow.started_at >= playdata.local_naive(since))
    if until is not None:
        query = query.where(PlayRow.started_at < playdata.local_naive(until))
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
    """How many plays `list_plays` would give without a limit. Without dates or a player the
    finished plays are counted from the games' statistics cells and the unfinished ones along
    their own index: a club's million plays are not scanned (a finished play whose stored end
    cannot be read is not counted)."""
    if since is None and until is None and player is None:
        done = 0 if finished is False else finished_play_count(database, game_id)
        if finished is True:
            return done
        finished = False  # the rest: along ix_plays_unfinished
    else:
        done = 0
    query = _filtered(select(func.count(PlayRow.id)), game_id=game_id, player=player,
                      since=since, until=until, finished=finished)
    with database.sessions() as session:
        return done + int(session.scalar(query) or 0)


def unfinished_plays(database: Database) -> list[PlayRecord]:
    """Autosaved digital plays that have not ended, newest first."""
    return list_plays(database, finished=False)


def other_game_ids(database: Database) -> list[str]:
    """The games the app does not know that the history holds ("other:Catan"), by name."""
    query = (select(PlayRow.game_id)
             .where(PlayRow.game_id.startswith(OTHER_PREFIX), visible_plays()).distinct())
    with database.engine.connect() as conn:
        found = [str(game_id) for game_id in conn.scalars(query)]
    return sorted(found, key=lambda game_id: (game_id.casefold(), game_id))


# ---------------------------------------------------------------- settings


def get_setting(database: Database, key: str, default: str = "") -> str:
    with database.sessions() as session:
        value = session.scalar(select(SettingRow.value).where(SettingRow.key == key))
        return default if value is None else str(value)


def game_win_mode(database: Database, game_id: str) -> WinMode | None:
    """How a game is won: the app's own game's way, else the way of its latest play (a game
    the app does not know is won as chosen when it was last logged; None: never logged)."""
    known = known_win_mode(game_id)
    if known is not None:
        return known
    query = (select(PlayRow.win_mode).where(PlayRow.game_id == game_id, visible_plays())
             .order_by(PlayRow.started_at.desc(), PlayRow.id.desc()).limit(1))
    with database.engine.connect() as conn:
        found = conn.scalar(query)
    return None if found is None else WinMode(found)


def set_setting(database: Database, key: str, value: str) -> None:
    def work(session: Session) -> None:
        statement = upsert(session, SettingRow).values(key=key, value=value)
        session.execute(statement.on_conflict_do_update(index_elements=["key"],
                                                        set_={"value": value}))

    run_write(database, work)
