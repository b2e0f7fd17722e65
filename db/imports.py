"""Importing many plays: all or nothing, without keeping other writers out while it runs.

The plays are written in steps of `CHUNK`, each a short transaction, under a pending import:
until it is published they are hidden (every read filters on `visible_plays()`) and count in
no statistics. When every step is written, one short transaction publishes the import (its
pending row goes, and the statistics cells it touches are recounted). If anything fails
before, the written steps are removed again; an import killed half-way stays hidden and is
removed by a later import once it is `STALE_AFTER` old. Between the steps other writers, such
as the app's autosave, get their turn.

A repeat import adds nothing: plays already stored (same game, start time and people in seat
order, after normalising names and times) are skipped, and so are repeats within the plays.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial

from sqlalchemy import delete, exists, func, insert, select, update
from sqlalchemy.orm import Session

from companion.history import PlayRecord
from companion.playdata import play_key
from db import errors
from db.engine import Database, run_write
from db.errors import DatabaseError
from db.models import PendingImportRow, PlayerRow, PlayRow, SeatRow, visible_plays
from db.repository import checked, insert_plays
from db.stats import cells_of_import, touch_cells

CHUNK = 500
STEP_MOVES = 50_000
STALE_AFTER = timedelta(hours=1)

Key = tuple[str, datetime, tuple[str, ...]]


@dataclass(frozen=True)
class ImportResult:
    imported: int
    skipped: int  # already stored, or repeated


def _utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


def import_plays(database: Database, plays: Iterable[PlayRecord], *,
                 skip_duplicates: bool = True, chunk: int = CHUNK) -> ImportResult:
    """Store the plays (ids are ignored; players created by name) all or none, in steps that
    let other writers in between. Raises `DatabaseError` (nothing stored) like `add_plays`;
    `OrganiserOnlyError` for a club member."""
    database.require_organiser(errors.IMPORT_FILES)
    drop_stale_imports(database)
    import_id = run_write(database, _begin)
    imported = skipped = 0
    seen: frozenset[Key] = frozenset()
    try:
        for batch in _batches(plays, chunk):
            clean = [checked(play) for play in batch]
            known = seen if skip_duplicates else None
            added = run_write(database, partial(_stage, import_id=import_id, plays=clean,
                                                seen=known))
            imported += len(added)
            skipped += len(clean) - len(added)
            seen = seen | frozenset(added)
        run_write(database, lambda session: _publish(session, import_id))
    except BaseException:
        abandon_import(database, import_id)
        raise
    return ImportResult(imported, skipped)


def _batches(plays: Iterable[PlayRecord], size: int) -> Iterator[list[PlayRecord]]:
    """Steps of at most `size` plays and about `STEP_MOVES` moves (records can be long: memory
    holds one step, and a step holds the write lock briefly)."""
    batch: list[PlayRecord] = []
    moves = 0
    for play in plays:
        batch.append(play)
        moves += len((play.record or {}).get("moves", ()))
        if len(batch) >= size or moves >= STEP_MOVES:
            yield batch
            batch, moves = [], 0
    if batch:
        yield batch


def _begin(session: Session) -> int:
    now = _utcnow()
    return int(session.scalars(insert(PendingImportRow).returning(PendingImportRow.id),
                               [{"started_at": now, "touched_at": now}]).one())


def _stage(session: Session, import_id: int, plays: list[PlayRecord],
           seen: frozenset[Key] | None) -> list[Key]:
    """Write one step (hidden); the keys of the plays written, one per play (a file may repeat
    a play when nothing is skipped). `seen` None: no skipping."""
    keys = [play_key(play) for play in plays]
    if seen is None:
        fresh = list(plays)
    else:
        taken = set(seen) | _stored_keys(session, plays)
        fresh = []
        for play, key in zip(plays, keys, strict=True):
            if key not in taken:
                taken.add(key)
                fresh.append(play)
    insert_plays(session, fresh, import_id)
    session.execute(update(PendingImportRow).where(PendingImportRow.id == import_id)
                    .values(touched_at=_utcnow()))
    return [play_key(play) for play in fresh]


def _stored_keys(session: Session, plays: list[PlayRecord]) -> set[Key]:
    """The keys of the shown plays that start when these do."""
    rows = session.execute(
        select(PlayRow.id, PlayRow.game_id, PlayRow.started_at)
        .where(PlayRow.started_at.in_({p.started_at for p in plays}),
               PlayRow.game_id.in_({p.game_id for p in plays}), visible_plays())).all()
    if not rows:
        return set()
    names: dict[int, list[str]] = {row.id: [] for row in rows}
    seats = (select(SeatRow.play_id, func.coalesce(PlayerRow.name, SeatRow.bot_name))
             .outerjoin(PlayerRow, SeatRow.player_id == PlayerRow.id)
             .where(SeatRow.play_id.in_(list(names))).order_by(SeatRow.play_id, SeatRow.seat))
    for play_id, name in session.execute(seats):
        names[play_id].append(name)
    return {(row.game_id, row.started_at, tuple(names[row.id])) for row in rows}


def _publish(session: Session, import_id: int) -> None:
    cells = cells_of_import(session, import_id)
    session.execute(delete(PendingImportRow).where(PendingImportRow.id == import_id))
    touch_cells(session, cells)


def abandon_import(database: Database, import_id: int) -> None:
    """Remove what an import wrote (in steps); if that fails too, its plays stay hidden and
    a later import removes them."""
    try:
        while run_write(database, lambda session: _drop_step(session, import_id)):
            pass
        run_write(database, lambda session: _drop_rest(session, import_id))
    except DatabaseError:
        pass


def _drop_step(session: Session, import_id: int) -> int:
    ids = list(session.scalars(select(PlayRow.id).where(PlayRow.import_id == import_id)
                               .limit(CHUNK)))
    if ids:
        session.execute(delete(SeatRow).where(SeatRow.play_id.in_(ids)))
        session.execute(delete(PlayRow).where(PlayRow.id.in_(ids)))
    return len(ids)


def _drop_rest(session: Session, import_id: int) -> None:
    seated = exists().where(SeatRow.player_id == PlayerRow.id)
    session.execute(delete(PlayerRow).where(PlayerRow.import_id == import_id, ~seated))
    session.execute(delete(PendingImportRow).where(PendingImportRow.id == import_id))


def drop_stale_imports(database: Database) -> None:
    """Remove imports that stopped half-way (killed) more than `STALE_AFTER` ago."""
    with database.sessions() as session:
        stale = list(session.scalars(select(PendingImportRow.id).where(
            PendingImportRow.touched_at < _utcnow() - STALE_AFTER)))
    for import_id in stale:
        abandon_import(database, import_id)
