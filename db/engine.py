"""Opening the history database: where it lives, migrations, writes that wait their turn, and
what can go wrong.

Faults never touch the original file: a SQLite file is inspected read-only first; a file that
is not a database, misses a table, was written by a newer version of the app, is read-only or
sits in a read-only folder, or is locked by another program raises a `DatabaseError` carrying a
sentence for people (db/errors.py), and `move_aside` renames a broken file so the app can start
fresh. Before a migration changes an existing SQLite file, a copy is kept beside it; a copy
that cannot be written completely (a full disk) is removed and nothing is migrated.

Writes (`run_write`) are one transaction each. On SQLite they take the write lock at BEGIN
(BEGIN IMMEDIATE), so two writers never deadlock on a lock upgrade; a writer that finds the
lock taken waits (the busy timeout), and a transaction that another writer got in the way of
(SQLite "database is locked", PostgreSQL serialization failure or deadlock) is tried again
until `Database.wait` seconds have passed. Then `HistoryBusyError` says so in a sentence.
On PostgreSQL every statement, read or write, gives up a lock wait after `Database.wait`
seconds and runs at most twice that (`server_timeouts`), so a table or row held by another
login never freezes the app: `HistoryBusyError` (db/errors.timed_out) says so in a sentence.
"""

from __future__ import annotations

import math
import os
import random
import sqlite3
import time
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Connection, Engine, create_engine, event, inspect, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

from companion import files
from db import credentials, errors
from db.errors import DatabaseError, HistoryWriteError, OrganiserOnlyError
from db.filelock import OpenLock, hold_open, nobody_has_it_open
from db.integrity import damaged, foreign_tables, not_a_history, problems_of, readonly
from db.location import (
    check_location,
    data_dir,
    default_url,
    is_default_data_dir,
    sqlite_path,
)
from db.roles import Access, access_of, act_as_organiser
from db.transport import Notice, plaintext_notice

#: Seconds a write waits for other writers (retries included) before HistoryBusyError.
WRITE_WAIT = 15.0
#: PostgreSQL advisory lock taken while migrating (any fixed number unique to this app).
MIGRATION_LOCK = 0x636F6D70
#: On PostgreSQL a statement may run at least this many seconds (server_timeouts).
STATEMENT_FLOOR = 5.0
#: The largest timeout PostgreSQL takes (milliseconds, a 32-bit int).
PG_MAX_MS = 2**31 - 1

T = TypeVar("T")


@dataclass
class Database:
    """An open history database. `url` carries no password (it went to the engine only)."""

    url: str
    engine: Engine
    sessions: sessionmaker[Session] = field(repr=False)  # reads
    writes: sessionmaker[Session] = field(repr=False)  # write transactions (run_write)
    path: Path | None = None  # the SQLite file, if any
    backup: Path | None = None  # the copy kept before the last migration
    wait: float = WRITE_WAIT
    retries: int = 0  # transactions tried again because another writer was in the way
    #: On PostgreSQL, what the login may do (db/roles.py); None: a file, everything.
    access: Access | None = None
    #: A warning to show once: the server is on another computer and TLS is not in use.
    notice: Notice | None = None
    #: A history file's lock held while it is open (db/filelock.py: no moving it aside).
    lock: OpenLock = field(default_factory=OpenLock, repr=False)

    def close(self) -> None:
        self.engine.dispose()
        self.lock.release()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"

    @property
    def is_organiser(self) -> bool:
        """The login may do everything: delete, edit, merge, import, update the tables."""
        return self.access is None or self.access.is_organiser

    def require_organiser(self, action: tuple[str, str]) -> None:
        """`OrganiserOnlyError` naming the organiser role unless this login is it."""
        if self.access is not None and not self.access.is_organiser:
            raise errors.organiser_only(action, self.where, self.access)

    @property
    def where(self) -> str:
        """The history's place, for sentences (a URL without its password)."""
        return str(self.path) if self.path is not None else credentials.redact(self.url)


def _script_location() -> str:
    return str(resources.files("db") / "migrations")


def alembic_config(url: str = "") -> Config:
    config = Config()
    config.set_main_option("script_location", _script_location())
    if url:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def head_revision() -> str:
    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    assert head is not None
    return head


def known_revisions() -> set[str]:
    return {rev.revision for rev in ScriptDirectory.from_config(alembic_config()).walk_revisions()}


# -- writes -------------------------------------------------------------------------------------


def run_write(database: Database, work: Callable[[Session], T]) -> T:
    """`work(session)` in one write transaction, tried again while another writer is in the
    way, for at most `database.wait` seconds. `work` must be safe to run again (it gets a fresh
    session each time). Raises the `DatabaseError` `work` raises, `HistoryBusyError` when the
    wait ran out, or `HistoryWriteError` (disk full, read-only...): nothing was written then."""
    began = time.monotonic()
    attempt = 0
    while True:
        try:
            with database.writes.begin() as session:
                return work(session)
        except DatabaseError:
            raise
        except (SQLAlchemyError, sqlite3.Error, OSError) as exc:
            waited = time.monotonic() - began
            if not errors.is_transient(exc) or waited >= database.wait:
                raise _write_error(exc, database, max(waited, database.wait)) from exc
        attempt += 1
        database.retries += 1
        pause = min(0.5, 0.01 * 2 ** min(attempt, 6)) * random.uniform(0.5, 1.5)
        time.sleep(max(0.0, min(pause, database.wait - (time.monotonic() - began))))


def _write_error(exc: BaseException, database: Database, waited: float) -> DatabaseError:
    error = errors.describe(exc, database.where, path=database.path, waited=round(waited, 1),
                            access=database.access)
    if isinstance(error, HistoryWriteError | OrganiserOnlyError):
        return error
    return HistoryWriteError(error.message, error.path, ja=error.message_ja,
                             detail=error.detail)


# -- opening ------------------------------------------------------------------------------------


def _writable(path: Path) -> bool:
    effective = os.access in os.supports_effective_ids
    return os.access(path, os.W_OK, effective_ids=effective)


def _read_revision_readonly(path: Path, wait: float) -> str | None:
    """The file's migration revision (None: an empty or new database); raises if it cannot
    be used, without writing to it."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=wait)
    except sqlite3.Error as exc:
        raise _open_error(exc, path, wait) from exc
    try:
        conn.execute("PRAGMA schema_version").fetchone()
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        foreign = foreign_tables(tables)
        if foreign:  # another program's file: refused before anything writes to it
            raise not_a_history(path, foreign)
        if "alembic_version" not in tables:
            if tables & {"plays", "players"}:
                raise errors.missing_table(str(path), "alembic_version", path)
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        revision = None if row is None else str(row[0])
        if revision != head_revision():  # a migration will write: the file must be sound
            problems = problems_of(conn)
            if problems:
                raise damaged(path, problems)
        return revision
    except sqlite3.Error as exc:
        raise _open_error(exc, path, wait) from exc
    finally:
        conn.close()


def _open_error(exc: sqlite3.Error, path: Path, wait: float) -> DatabaseError:
    code = errors.sqlite_code(exc)
    if code in (errors.SQLITE_BUSY, errors.SQLITE_LOCKED):
        return errors.busy(str(path), wait, exc, saving=False)
    if code in (errors.SQLITE_CANTOPEN, errors.SQLITE_READONLY) and not _writable(path.parent):
        return errors.read_only_folder(path, exc)
    return errors.corrupt(path, exc)


def _check_file(path: Path, wait: float) -> str | None:
    """The revision of an existing history file (None for a new one), after making sure the
    app can read and write it where it is."""
    folder_writable = _writable(path.parent)
    if folder_writable and path.exists() and not _writable(path):
        raise errors.read_only_file(path)
    revision = None
    if path.exists() and path.stat().st_size > 0:
        revision = _read_revision_readonly(path, wait)
    if not folder_writable:
        if revision is not None and revision != head_revision():
            raise errors.backup_failed(path, "its folder cannot be written to",
                                       "フォルダに書き込めません")
        raise errors.read_only_folder(path)
    return revision


def _file_id(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_dev, stat.st_ino


def _check_and_lock(path: Path, wait: float) -> tuple[str | None, OpenLock]:
    """The file's revision (`_check_file`, read-only: a file refused gets nothing beside it,
    not even the lock file), then the history's open lock (db/filelock.py); checked again if
    the file was moved aside meanwhile."""
    while True:
        before = _file_id(path)
        revision = _check_file(path, wait)
        lock = hold_open(path)
        if _file_id(path) == before:
            return revision, lock
        lock.release()


def _create_file(path: Path, where: str) -> None:
    """A new history file is created user-only (SQLite gives its -wal and -shm files the
    same mode)."""
    try:
        files.create_private(path)
    except OSError as exc:
        raise errors.describe(exc, where, path=path) from exc


def _set_sqlite_pragmas(busy_ms: int, dbapi_connection: Any, _record: Any) -> None:
    dbapi_connection.isolation_level = None  # transactions begin in _begin_sqlite
    cursor = dbapi_connection.cursor()
    cursor.execute(f"PRAGMA busy_timeout={busy_ms}")
    cursor.execute("PRAGMA foreign_keys=ON")
    # kept by the file once set; if another program holds a new file, a later connection sets it
    with suppress(sqlite3.OperationalError):
        cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def _begin_sqlite(conn: Connection) -> None:
    """Write transactions take the write lock at once; reads start a plain (deferred) one."""
    immediate = conn.get_execution_options().get("companion_write", False)
    conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def server_timeouts(wait: float) -> tuple[int, int]:
    """PostgreSQL's (lock_timeout, statement_timeout) in milliseconds for a wait of `wait`
    seconds: a lock is waited for `wait` (at least 1 ms: 0 would mean for ever), a statement
    runs at most twice that, and at least `STATEMENT_FLOOR` seconds (a slow server's long
    read is not a lock)."""
    def ms(seconds: float) -> int:
        if math.isnan(seconds):
            return 1
        return int(max(1.0, min(float(PG_MAX_MS), 1000.0 * seconds)))

    return ms(wait), ms(max(2.0 * wait, STATEMENT_FLOOR))


def _set_pg_timeouts(wait: float, dbapi_connection: Any, _record: Any) -> None:
    """Every statement of the connection gives up after the wait (db/errors.timed_out)."""
    lock_ms, statement_ms = server_timeouts(wait)
    cursor = dbapi_connection.cursor()
    try:
        cursor.execute(f"SET lock_timeout = {lock_ms}")
        cursor.execute(f"SET statement_timeout = {statement_ms}")
    finally:
        cursor.close()
    dbapi_connection.commit()


def _pg_timed_out(where: str, wait: float, context: Any) -> DatabaseError | None:
    """A statement that gave up waiting (lock or statement timeout) is a sentence, not a
    driver's error (a write is not tried again: it has waited its whole wait already)."""
    state = errors.pg_state(context.original_exception)
    if state not in (errors.PG_LOCK_TIMEOUT, errors.PG_QUERY_CANCELED):
        return None
    lock_ms, statement_ms = server_timeouts(wait)
    seconds = (lock_ms if state == errors.PG_LOCK_TIMEOUT else statement_ms) / 1000
    saving = bool(context.connection is not None
                  and context.connection.get_execution_options().get("companion_write"))
    return errors.timed_out(where, seconds, context.original_exception, saving=saving)


def _make_engine(url: str, wait: float, password: str | None = None) -> Engine:
    engine = create_engine(url, connect_args={"password": password} if password else {})
    if engine.dialect.name == "sqlite":
        busy_ms = int(1000 * wait)
        event.listen(engine, "connect", partial(_set_sqlite_pragmas, busy_ms))
        event.listen(engine, "begin", _begin_sqlite)
    elif engine.dialect.name == "postgresql":
        event.listen(engine, "connect", partial(_set_pg_timeouts, wait))
        event.listen(engine, "handle_error",
                     partial(_pg_timed_out, credentials.redact(url), wait))
    return engine


def _copy_database(source_path: Path, target: Path) -> None:
    """Copy the database to `target` atomically: the whole copy is written under a temporary
    name, flushed to the disk, then renamed, so a kill never leaves a torn `target`."""
    temp = target.with_name(f".{source_path.name}.before-upgrade.part")
    temp.unlink(missing_ok=True)  # left by a copy that was killed
    source = readonly(source_path)
    try:
        files.create_private(temp)
        dest = sqlite3.connect(temp)
        try:
            with dest:
                source.backup(dest)
        finally:
            dest.close()
        _flush(temp)
        os.replace(temp, target)
        _flush(target.parent)
    except BaseException:
        for leftover in (temp, temp.with_name(temp.name + "-journal")):
            leftover.unlink(missing_ok=True)
        raise
    finally:
        source.close()


def _flush(path: Path) -> None:
    """Make what was written to a file (or a folder's entries) durable."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    except OSError:  # a folder some systems cannot flush
        if not path.is_dir():
            raise
    finally:
        os.close(fd)


def _backup(path: Path) -> Path:
    """Copy the file aside (with the WAL folded in) before a migration changes it; a copy that
    fails is removed, never left half-written."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.before-upgrade-{stamp}")
    try:
        _copy_database(path, target)
    except (sqlite3.Error, OSError) as exc:
        for leftover in (target, *(target.with_name(target.name + s)
                                   for s in ("-journal", "-wal", "-shm"))):
            leftover.unlink(missing_ok=True)
        failure = errors.describe(exc, str(path), path=path)
        reason = ((("the disk is full", "ディスクがいっぱいです"))
                  if "full" in failure.message else ("the copy failed", "コピーに失敗しました"))
        raise errors.backup_failed(path, *reason, detail=failure.detail) from exc
    return target


def _server_state(engine: Engine, url: str,
                  where: str) -> tuple[str | None, Access, Notice | None]:
    """A server history's revision, what the login may do there, and the warning about an
    unencrypted connection to another computer."""
    from alembic.runtime.migration import MigrationContext

    try:
        with engine.connect() as conn:
            access, notice = access_of(conn), plaintext_notice(conn, url)
            return MigrationContext.configure(conn).get_current_revision(), access, notice
    except SQLAlchemyError as exc:
        raise errors.connection_failed(
            where, f"{type(exc).__name__}: {errors.first_line(exc)}") from exc


def _upgrade(engine: Engine, url: str, access: Access | None) -> None:
    """Migrate to the head, one migrator at a time: an app starting meanwhile waits for the
    lock, then finds the work done. On a server the tables are the organiser role's."""
    config = alembic_config(url)
    with engine.execution_options(companion_write=True).begin() as conn:
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        if access is not None:
            act_as_organiser(conn, access)
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def _migrate(engine: Engine, url: str, where: str, path: Path | None,
             backup: Path | None, wait: float, access: Access | None) -> None:
    began = time.monotonic()
    try:
        while True:
            try:
                return _upgrade(engine, url, access)
            except (SQLAlchemyError, sqlite3.Error) as exc:
                if not errors.is_transient(exc) or time.monotonic() - began >= wait:
                    raise
            time.sleep(0.05)
    except (SQLAlchemyError, sqlite3.Error, OSError) as exc:
        cause = errors.describe(exc, where, path=path)
        copy_en = f" A copy of it is at {backup}." if backup else ""
        copy_ja = f"コピーは {backup} にあります。" if backup else ""
        raise DatabaseError(
            f"Updating the history {where} for this version failed; nothing was changed."
            + copy_en, path,
            ja=f"履歴 {where} をこのバージョン用に更新できませんでした。何も変更していません。"
               + copy_ja, detail=cause.detail) from exc


def _check_tables(engine: Engine, where: str, path: Path | None) -> None:
    """Every table the app uses is there (a missing one is damage, not a traceback later)."""
    from db.models import Base

    present = set(inspect(engine).get_table_names())
    for table in Base.metadata.tables:
        if table not in present:
            raise errors.missing_table(where, table, path)


#: The longest wait COMPANION_DB_WAIT may ask for: a day.
MAX_WAIT = 24 * 3600.0


def _wait() -> float:
    """COMPANION_DB_WAIT in seconds (unset or empty: `WRITE_WAIT`), or a sentence saying it
    is not a number of seconds from 0 to `MAX_WAIT` ("inf", "nan", "-1", "soon"...)."""
    text = os.environ.get("COMPANION_DB_WAIT", "").strip()
    if not text:
        return WRITE_WAIT
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0.0 <= seconds <= MAX_WAIT:  # nan fails both
        shown = text[:40]
        raise DatabaseError(
            f"COMPANION_DB_WAIT is “{shown}”, not a number of seconds from 0 to {MAX_WAIT:g}; "
            f"set it to how long to wait for the history ({WRITE_WAIT:g} by default) or unset "
            "it.",
            ja=f"COMPANION_DB_WAIT が「{shown}」です。0〜{MAX_WAIT:g} の秒数ではありません。"
               f"履歴を待つ秒数（既定は {WRITE_WAIT:g}）にするか、設定を外してください。",
            detail=f"COMPANION_DB_WAIT={shown}")
    return seconds


def _resolve(url: str | None) -> str:
    """The URL to open: `url`, COMPANION_DB_URL, or the default file (its folder created)."""
    chosen = url or os.environ.get("COMPANION_DB_URL")
    if chosen:
        return check_location(chosen)
    return local_history_url()


def local_history_url() -> str:
    """The URL of the history file in the data folder, its folder created: the history used
    when none is chosen, and the one the app can use for a run when the chosen one cannot be
    opened."""
    folder = data_dir()
    try:
        files.private_dir(folder, tighten=is_default_data_dir(folder))
    except OSError as exc:
        raise errors.location(
            f"The data folder {folder} cannot be created ({exc.strerror}).",
            f"データフォルダ {folder} を作成できません（{exc.strerror}）。", str(exc)) from exc
    return check_location(default_url())


def open_database(url: str | None = None, *, wait: float | None = None) -> Database:
    """Open (creating and migrating as needed) the history database at `url` (a URL or a file
    path; default: COMPANION_DB_URL, else the file in the data folder). `wait`: the seconds a
    write waits for other writers (default: COMPANION_DB_WAIT, else `WRITE_WAIT`).

    Raises a `DatabaseError` with a sentence, without modifying the file, when it cannot be
    used: CorruptDatabaseError, NewerDatabaseError, ReadOnlyDatabaseError,
    DatabaseLocationError, HistoryBusyError, or DatabaseError.
    """
    url, password = credentials.split_password(_resolve(url))
    wait = _wait() if wait is None else wait
    path = sqlite_path(url)
    where = str(path) if path is not None else credentials.redact(url)
    if path is None and password is None:
        password = credentials.password_for(url)
    revision, lock = _check_and_lock(path, wait) if path is not None else (None, OpenLock())
    try:
        if path is not None:
            _create_file(path, where)
    except BaseException:
        lock.release()
        raise
    engine = _make_engine(url, wait, password)
    backup = None
    access = notice = None
    try:
        if path is None:
            revision, access, notice = _server_state(engine, url, where)
        if revision is not None and revision not in known_revisions():
            raise errors.newer(where, path, revision)
        if revision != head_revision():
            if access is not None and not access.is_organiser:
                raise errors.needs_organiser_update(where, access, revision)
            if path is not None and revision is not None:
                backup = _backup(path)
            _migrate(engine, url, where, path, backup, wait, access)
        _check_tables(engine, where, path)
    except DatabaseError:
        engine.dispose()
        lock.release()
        raise
    except (SQLAlchemyError, sqlite3.Error, OSError) as exc:
        engine.dispose()
        lock.release()
        raise errors.describe(exc, where, path=path, waited=wait) from exc
    database = Database(
        url=url, engine=engine, sessions=sessionmaker(engine, expire_on_commit=False),
        writes=sessionmaker(engine.execution_options(companion_write=True),
                            expire_on_commit=False),
        path=path, backup=backup, wait=wait, access=access, notice=notice, lock=lock)
    _drop_left_imports(database)
    return database


def _drop_left_imports(database: Database) -> None:
    """Remove what imports killed half-way left (hidden plays, players they created): a
    best effort, the next import tries again (db/imports.py)."""
    from db.imports import drop_stale_imports

    if not database.is_organiser:
        return
    with suppress(DatabaseError, SQLAlchemyError, sqlite3.Error):
        drop_stale_imports(database)


def move_aside(path: Path) -> Path:
    """Rename a broken database (and its -wal/-shm files); returns the new name. Refused
    (`HistoryInUseError`) while any process has the history open, and
    (`NotAHistoryError`) for another program's database."""
    refuse_foreign(path)
    with nobody_has_it_open(path):
        return _rename_aside(path)


def refuse_foreign(path: Path) -> None:
    """`NotAHistoryError` for a readable SQLite file with tables, none of a history's."""
    try:
        conn = readonly(path)
        try:
            tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        finally:
            conn.close()
    except sqlite3.Error:
        return  # damaged or no database at all: what moving aside is for
    foreign = foreign_tables(tables)
    if foreign:
        raise not_a_history(path, foreign)


def _rename_aside(path: Path) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    path.rename(target)
    files.make_private(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
            files.make_private(target.with_name(target.name + suffix))
    return target
