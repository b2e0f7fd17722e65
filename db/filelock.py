"""Who has a history file open: while the app (or a command) has a history file open it holds
a shared lock on a small file beside it (`companion.db.lock`, POSIX `flock`); moving the
history aside takes that lock exclusively and without waiting, so it refuses while any process
has the history open. The lock goes with the process: a killed app holds nothing.

The lock file stays (it belongs to the place, not to one history: the next history there
uses it too). Where the system has no `flock` (Windows) or the folder cannot be written, no
lock is held and moving aside falls back to SQLite's own write lock (db move-aside).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

from db.errors import DatabaseError


class HistoryInUseError(DatabaseError):
    """The history is open in the app or in another command; it was not moved."""


def lock_path(path: Path) -> Path:
    """The lock file of the history file `path`."""
    return path.with_name(path.name + ".lock")


@dataclass
class OpenLock:
    """A shared lock held while a history is open (`release` when it is closed)."""

    fd: int | None = None

    def release(self) -> None:
        if self.fd is not None:
            os.close(self.fd)  # closing the file lets the lock go
            self.fd = None


def _open_lock_file(path: Path) -> int | None:
    if fcntl is None:
        return None
    try:
        fd = os.open(lock_path(path), os.O_RDWR | os.O_CREAT, 0o600)
    except OSError:
        return None  # a read-only folder: nobody can move the file there either
    return fd


def hold_open(path: Path) -> OpenLock:
    """Take the shared lock of the history file `path` (waiting while it is being moved
    aside, a moment)."""
    fd = _open_lock_file(path)
    if fd is None or fcntl is None:
        return OpenLock()
    try:
        fcntl.flock(fd, fcntl.LOCK_SH)
    except OSError:
        os.close(fd)
        return OpenLock()
    return OpenLock(fd)


@contextmanager
def nobody_has_it_open(path: Path) -> Iterator[None]:
    """Hold the exclusive lock of the history file `path` for the block, or raise
    `HistoryInUseError` at once when a process has the history open."""
    fd = _open_lock_file(path)
    if fd is None or fcntl is None:
        yield
        return
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise in_use(path) from None
        yield
    finally:
        os.close(fd)


def in_use(path: Path) -> HistoryInUseError:
    return HistoryInUseError(
        f"The history {path} is open in the app or another command; close it first "
        "(nothing was moved).", path,
        ja=f"履歴 {path} はアプリか別のコマンドで開かれています。先に閉じてください"
           "（何も移動していません）。")
