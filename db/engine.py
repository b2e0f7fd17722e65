"""Opening the history database: where it lives, migrations, and what can go wrong.

Faults never touch the original file: a SQLite file is inspected read-only first; a file that
is not a database, or one written by a newer version of the app, raises an error carrying a
sentence for people and the path, and `move_aside` renames it so the app can start fresh.
Before a migration changes an existing SQLite file, a copy is kept beside it.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass, field
from datetime import datetime
from importlib import resources
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session, sessionmaker

APP_NAME = "TabletopCompanion"
DB_FILE = "companion.db"


class DatabaseError(Exception):
    """A database problem, with a sentence a person can act on."""

    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.path = path


class CorruptDatabaseError(DatabaseError):
    """The file is not a readable history database."""


class NewerDatabaseError(DatabaseError):
    """The file was written by a newer version of the app."""

    def __init__(self, message: str, path: Path | None, revision: str) -> None:
        super().__init__(message, path)
        self.revision = revision


class DuplicatePlayerError(DatabaseError):
    """A player with that name already exists."""


def data_dir() -> Path:
    """The folder of the default database (env COMPANION_DATA_DIR overrides it)."""
    override = os.environ.get("COMPANION_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def default_url() -> str:
    return f"sqlite:///{data_dir() / DB_FILE}"


@dataclass
class Database:
    """An open history database."""

    url: str
    engine: Engine
    sessions: sessionmaker[Session] = field(repr=False)
    path: Path | None = None  # the SQLite file, if any
    backup: Path | None = None  # the copy kept before the last migration

    def close(self) -> None:
        self.engine.dispose()

    @property
    def is_sqlite(self) -> bool:
        return self.engine.dialect.name == "sqlite"


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


def sqlite_path(url: str) -> Path | None:
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database or "")


def _read_revision_readonly(path: Path) -> str | None:
    """The file's migration revision (None: an empty or new database); raises if corrupt."""
    try:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise CorruptDatabaseError(_corrupt_message(path, exc), path) from exc
    try:
        conn.execute("PRAGMA schema_version").fetchone()
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        if "alembic_version" not in tables:
            if tables & {"plays", "players"}:
                raise CorruptDatabaseError(_corrupt_message(path, "no version table"), path)
            return None
        row = conn.execute("SELECT version_num FROM alembic_version").fetchone()
        return None if row is None else str(row[0])
    except sqlite3.Error as exc:
        raise CorruptDatabaseError(_corrupt_message(path, exc), path) from exc
    finally:
        conn.close()


def _corrupt_message(path: Path, detail: object) -> str:
    return (f"The history file {path} cannot be read ({detail}). It may be damaged or not a "
            "history database. Move it aside and start with an empty history, or quit and "
            "restore a backup.")


def _newer_message(where: str, revision: str) -> str:
    return (f"The history {where} was written by a newer version of Tabletop Companion "
            f"(schema {revision}). Update the app to open it, or move it aside and start "
            "with an empty history.")


def _set_sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA busy_timeout=5000")
    cursor.close()


def _make_engine(url: str) -> Engine:
    engine = create_engine(url, future=True)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _set_sqlite_pragmas)
    return engine


def _backup(path: Path) -> Path:
    """Copy the file aside (with the WAL folded in) before a migration changes it."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.before-upgrade-{stamp}")
    source = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        dest = sqlite3.connect(target)
        with dest:
            source.backup(dest)
        dest.close()
    finally:
        source.close()
    return target


def _current_revision(engine: Engine) -> str | None:
    from alembic.runtime.migration import MigrationContext

    with engine.connect() as conn:
        return MigrationContext.configure(conn).get_current_revision()


def _migrate(engine: Engine, url: str) -> None:
    config = alembic_config(url)
    with engine.begin() as conn:
        config.attributes["connection"] = conn
        command.upgrade(config, "head")


def open_database(url: str | None = None) -> Database:
    """Open (creating and migrating as needed) the history database at `url`.

    Raises CorruptDatabaseError or NewerDatabaseError without modifying the file.
    """
    url = url or os.environ.get("COMPANION_DB_URL") or default_url()
    path = sqlite_path(url)
    revision: str | None = None
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() and path.stat().st_size > 0:
            revision = _read_revision_readonly(path)
    try:
        engine = _make_engine(url)
        if path is None:
            revision = _current_revision(engine)
    except SQLAlchemyError as exc:
        raise DatabaseError(f"Cannot connect to the history database {_safe(url)}: "
                            f"{exc.__class__.__name__}: {_first_line(exc)}") from exc
    if revision is not None and revision not in known_revisions():
        engine.dispose()
        raise NewerDatabaseError(_newer_message(str(path or _safe(url)), revision), path, revision)
    backup = None
    if revision != head_revision():
        if path is not None and revision is not None:
            backup = _backup(path)
        try:
            _migrate(engine, url)
        except SQLAlchemyError as exc:
            engine.dispose()
            raise DatabaseError(f"Updating the history database failed: {_first_line(exc)}. "
                                f"Nothing was changed{_backup_note(backup)}.", path) from exc
    return Database(url=url, engine=engine, sessions=sessionmaker(engine, expire_on_commit=False),
                    path=path, backup=backup)


def _backup_note(backup: Path | None) -> str:
    return f"; a copy is at {backup}" if backup else ""


def _first_line(exc: BaseException) -> str:
    return str(exc).strip().splitlines()[0] if str(exc).strip() else exc.__class__.__name__


def _safe(url: str) -> str:
    """The URL without its password, for messages."""
    return make_url(url).render_as_string(hide_password=True)


def move_aside(path: Path) -> Path:
    """Rename a broken database (and its -wal/-shm files); returns the new name."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.name}.broken-{stamp}")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.broken-{stamp}-{n}")
    path.rename(target)
    for suffix in ("-wal", "-shm"):
        side = path.with_name(path.name + suffix)
        if side.exists():
            side.rename(target.with_name(target.name + suffix))
    return target
