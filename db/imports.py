"""Importing many plays: all or nothing, without keeping other writers out while it runs.

The plays are written in steps of `CHUNK`, each a short transaction, under a pending import:
until it is published they are hidden (every read filters on `visible_plays()`) and count in
no statistics. When every step is written, one short transaction publishes the import (its
pending row goes, and the statistics cells it touches are recounted). If anything fails
before, the written steps are removed again. An import whose process died (killed) is removed
by the next import or `db check` as soon as one runs on the same computer (the pending row
names its owner: host, process and the process's start), else once it is `STALE_AFTER` old.
Between the steps other writers, such as the app's autosave, get their turn.

A repeat import adds nothing. Every play has an identity (`uid`, unique in the database): a
play of the file whose identity is stored already, by anyone (another import running at the
same moment included: the database's unique index decides), is skipped, whatever was renamed
or merged since; when its content differs from the stored play, the stored play is kept and
the result lists it (`ImportResult.differing`). As before identities, a play is also skipped
when a shown play has its game, start time and people in seat order (after normalising names
and times): the one match for a play of an older file without identity, which gets an
identity derived from those, so the same old file imported twice at once still lands once.
Repeats within the file are skipped too.
"""

from __future__ import annotations

import dataclasses
import os
import socket
import threading
import uuid
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any

from sqlalchemy import delete, exists, func, insert, select, update
from sqlalchemy.orm import Session

from companion.history import PlayRecord, SeatResult, new_play_uid
from companion.playdata import play_key
from companion.timer import whole_minutes
from db import errors
from db.engine import Database, run_write
from db.errors import DatabaseError
from db.integrity import require_intact
from db.models import PendingImportRow, PlayerRow, PlayRow, SeatRow, visible_plays
from db.repository import checked, insert_unstored_plays, stored_plays
from db.stats import cells_of_import, touch_cells

CHUNK = 500
STEP_MOVES = 50_000
STALE_AFTER = timedelta(hours=1)
#: Identities derived for plays of files written before plays had one.
KEY_NAMESPACE = uuid.UUID("5d0c1f3e-7a52-4f7e-9d36-3c1b2f0a8e41")

Key = tuple[str, datetime, tuple[str, ...]]

#: Imports this process is writing now (url, import id): one of this process that is not
#: here was left behind (its removal failed) and may go.
_RUNNING: set[tuple[str, int]] = set()
_RUNNING_LOCK = threading.Lock()


@dataclass(frozen=True)
class DifferentPlay:
    """A play of the file that the history holds (same identity) with other content: the
    stored play was kept as it is. People's names are not compared (renames and merges)."""

    play_id: int  # the stored play
    game_id: str
    started_at: datetime


@dataclass(frozen=True)
class ImportResult:
    imported: int
    skipped: int  # already stored, or repeated (the differing ones included)
    differing: tuple[DifferentPlay, ...] = ()


@dataclass
class _Step:
    """What one step wrote and skipped."""

    added: int = 0
    uids: set[str] = field(default_factory=set)  # written, or skipped as stored
    keys: set[Key] = field(default_factory=set)
    held: list[PlayRecord] = field(default_factory=list)  # held by an unpublished import
    differing: list[DifferentPlay] = field(default_factory=list)


@dataclass
class _Seen:
    """What the steps so far wrote or skipped."""

    uids: set[str] = field(default_factory=set)
    keys: set[Key] = field(default_factory=set)
    held: list[PlayRecord] = field(default_factory=list)

    def take(self, step: _Step) -> None:
        self.uids |= step.uids
        self.keys |= step.keys
        self.held.extend(step.held)


def _utcnow() -> datetime:
    return datetime.now(UTC).replace(tzinfo=None, microsecond=0)


def import_plays(database: Database, plays: Iterable[PlayRecord], *,
                 skip_duplicates: bool = True, chunk: int = CHUNK) -> ImportResult:
    """Store the plays (ids are ignored; players created by name) all or none, in steps that
    let other writers in between. Without `skip_duplicates` every play is stored as a new
    play (with a new identity). Raises `DatabaseError` (nothing stored) like `add_plays`;
    `CorruptDatabaseError` for a damaged file (checked before anything is written);
    `OrganiserOnlyError` for a club member."""
    database.require_organiser(errors.IMPORT_FILES)
    require_intact(database)
    drop_stale_imports(database)
    import_id = run_write(database, _begin)
    token = (database.url, import_id)
    with _RUNNING_LOCK:
        _RUNNING.add(token)
    imported = skipped = 0
    differing: list[DifferentPlay] = []
    seen = _Seen()
    try:
        for batch in _batches(plays, chunk):
            entries = [_identified(checked(play), skip_duplicates) for play in batch]
            step = run_write(database, partial(_stage, import_id=import_id, entries=entries,
                                               seen=seen if skip_duplicates else None))
            seen.take(step)
            imported += step.added
            skipped += len(entries) - step.added
            differing.extend(step.differing)
        if seen.held:  # another import held them: stored now, or given up by that import?
            orphans = run_write(database, partial(_stage_orphans, import_id=import_id,
                                                  plays=seen.held))
            imported, skipped = imported + orphans, skipped - orphans
        run_write(database, lambda session: _publish(session, import_id))
    except BaseException:
        abandon_import(database, import_id)
        raise
    finally:
        with _RUNNING_LOCK:
            _RUNNING.discard(token)
    return ImportResult(imported, skipped, tuple(differing))


def _identified(play: PlayRecord, skip_duplicates: bool) -> PlayRecord:
    """The play with the identity it is stored under: its own; a new one when duplicates are
    allowed (a copy is another play); derived from its key when the file gave none."""
    if not skip_duplicates:
        return dataclasses.replace(play, uid=new_play_uid())
    if play.uid is not None:
        return play
    game_id, started_at, names = play_key(play)
    derived = uuid.uuid5(KEY_NAMESPACE, "\x1f".join((game_id, started_at.isoformat(), *names)))
    return dataclasses.replace(play, uid=str(derived))


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


# -- who writes an import -------------------------------------------------------------------


def _process_start(pid: int) -> str:
    """When the process started (Linux: clock ticks since boot), "" where unknown."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as stat:
            return stat.read().rsplit(")", 1)[1].split()[19]
    except (OSError, IndexError):
        return ""


def _owner() -> str:
    return f"{socket.gethostname()}|{os.getpid()}|{_process_start(os.getpid())}"[:200]


def _is_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def _owner_gone(database: Database, import_id: int, owner: str | None) -> bool:
    """The process that wrote this import is no longer writing it (on this computer; of
    another computer nothing is known)."""
    host, _, rest = (owner or "").partition("|")
    pid_text, _, started = rest.partition("|")
    if host != socket.gethostname() or not pid_text.isdigit():
        return False
    pid = int(pid_text)
    if pid == os.getpid():
        with _RUNNING_LOCK:
            return (database.url, import_id) not in _RUNNING
    if not _is_alive(pid):
        return True
    return bool(started) and _process_start(pid) not in ("", started)


# -- the steps --------------------------------------------------------------------------------


def _begin(session: Session) -> int:
    now = _utcnow()
    return int(session.scalars(insert(PendingImportRow).returning(PendingImportRow.id),
                               [{"started_at": now, "touched_at": now,
                                 "owner": _owner()}]).one())


def _stage(session: Session, import_id: int, entries: list[PlayRecord],
           seen: _Seen | None) -> _Step:
    """Write one step (hidden) of plays with their identities set. `seen` None: no skipping
    (every play has a new identity)."""
    step = _Step()
    fresh = entries if seen is None else _unstored(session, _unseen(entries, seen), step)
    got, _cells = insert_unstored_plays(session, fresh, import_id)
    step.added = len(got)
    for play in fresh:
        step.uids.add(str(play.uid))
        step.keys.add(play_key(play))
        if play.uid not in got:  # another writer inserted it a moment ago
            step.held.append(play)
    session.execute(update(PendingImportRow).where(PendingImportRow.id == import_id)
                    .values(touched_at=_utcnow()))
    return step


def _unseen(entries: list[PlayRecord], seen: _Seen) -> list[PlayRecord]:
    """The plays not written or skipped before (in this step or earlier ones)."""
    uids, keys = set(seen.uids), set(seen.keys)
    kept = []
    for play in entries:
        key = play_key(play)
        if play.uid in uids or key in keys:
            continue
        uids.add(str(play.uid))
        keys.add(key)
        kept.append(play)
    return kept


def _unstored(session: Session, entries: list[PlayRecord], step: _Step) -> list[PlayRecord]:
    """The plays the history does not hold; those it holds go into `step` (skipped, listed
    as differing, or held by an import not yet published)."""
    stored = _stored_uids(session, [str(play.uid) for play in entries])
    by_key = _stored_keys(session, [play for play in entries if play.uid not in stored])
    shown: dict[int, PlayRecord] = {}
    fresh = []
    for play in entries:
        found = stored.get(str(play.uid))
        if found is None and play_key(play) not in by_key:
            fresh.append(play)
            continue
        step.uids.add(str(play.uid))
        step.keys.add(play_key(play))
        if found is not None and not found[1]:
            step.held.append(play)
        elif found is not None:
            shown[found[0]] = play
    for stored_play in stored_plays(session, list(shown)):
        assert stored_play.id is not None
        if _content(stored_play) != _content(shown[stored_play.id]):
            step.differing.append(DifferentPlay(stored_play.id, stored_play.game_id,
                                                stored_play.started_at))
    return fresh


def _stored_uids(session: Session, uids: Sequence[str]) -> dict[str, tuple[int, bool]]:
    """{uid: (play id, shown)} of the stored plays (shown or not) with these identities."""
    if not uids:
        return {}
    pending = set(session.scalars(select(PendingImportRow.id)))
    rows = session.execute(select(PlayRow.uid, PlayRow.id, PlayRow.import_id)
                           .where(PlayRow.uid.in_(uids)))
    return {str(uid): (int(play_id), import_id is None or import_id not in pending)
            for uid, play_id, import_id in rows}


def _stored_keys(session: Session, plays: list[PlayRecord]) -> set[Key]:
    """The keys of the shown plays that start when these do."""
    if not plays:
        return set()
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


def _content(play: PlayRecord) -> tuple[Any, ...]:
    """What an edit can change in a play, people's names aside (a rename or merge is no
    edit of the play); durations in whole minutes, as the files keep them."""
    minutes = None if play.duration_s is None else whole_minutes(play.duration_s)
    return (play.game_id, play.mode, play.started_at, play.finished_at, play.options,
            play.seed, play.record, play.location, play.notes, minutes,
            tuple(_seat_content(seat) for seat in sorted(play.seats, key=lambda s: s.seat)))


def _seat_content(seat: SeatResult) -> tuple[Any, ...]:
    return (seat.seat, seat.is_bot, seat.player if seat.is_bot else "", seat.bot_kind,
            seat.faction, seat.score, seat.breakdown, seat.rank, seat.winner,
            seat.start_player)


def _stage_orphans(session: Session, import_id: int, plays: list[PlayRecord]) -> int:
    """Write the plays another import held while this one ran and that no stored play has
    now (that import was given up); the number written."""
    got, _cells = insert_unstored_plays(session, plays, import_id)
    return len(got)


def _publish(session: Session, import_id: int) -> None:
    cells = cells_of_import(session, import_id)
    session.execute(delete(PendingImportRow).where(PendingImportRow.id == import_id))
    touch_cells(session, cells)


# -- removing what an import wrote ------------------------------------------------------------


def abandon_import(database: Database, import_id: int) -> None:
    """Remove what an import wrote (in steps); if that fails too, its plays stay hidden and
    a later import (or `db check`) removes them."""
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


def drop_stale_imports(database: Database) -> int:
    """Remove imports that stopped half-way: whose process is gone (on this computer), or
    that nothing touched for `STALE_AFTER`. The number removed."""
    with database.sessions() as session:
        rows = session.execute(select(PendingImportRow.id, PendingImportRow.touched_at,
                                      PendingImportRow.owner)).all()
    limit = _utcnow() - STALE_AFTER
    stale = [row.id for row in rows
             if row.touched_at < limit or _owner_gone(database, row.id, row.owner)]
    for import_id in stale:
        abandon_import(database, import_id)
    return len(stale)
