"""Files only their owner can read, whatever the umask: the history and its copies, exports,
printed sheets (mode 0600) and the data folder (0700).

Everything the app writes about people's plays goes through these functions:
- `write_private(path, data)` writes a whole file atomically (a temporary file beside it,
  then a rename: a failed write never leaves half a file, nor an old file half overwritten);
- `create_private(path)` creates an empty file for a program that fills it itself (SQLite);
- `make_private(path)` narrows a file that exists (a renamed copy);
- `private_dir(path)` creates a folder (and its parents) that only its owner can enter.
"""

from __future__ import annotations

import os
import stat
import tempfile
from contextlib import suppress
from pathlib import Path

PRIVATE_FILE = 0o600
PRIVATE_DIR = 0o700


def create_private(path: Path) -> bool:
    """Create `path` empty and user-only if it does not exist; True when it was created."""
    try:
        handle = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, PRIVATE_FILE)
    except FileExistsError:
        return False
    try:
        os.fchmod(handle, PRIVATE_FILE)  # the umask may have taken bits away (0400)
    finally:
        os.close(handle)
    return True


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` (user-only) through a temporary file renamed over it."""
    directory = path.resolve().parent
    handle, temp_name = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=directory)
    try:
        os.fchmod(handle, PRIVATE_FILE)
        with os.fdopen(handle, "wb") as temp:
            temp.write(data)
        os.replace(temp_name, path)
    except BaseException:
        Path(temp_name).unlink(missing_ok=True)
        raise


def make_private(path: Path) -> None:
    """Make an existing file user-only (a file we cannot change is left as it is)."""
    with suppress(OSError):
        path.chmod(PRIVATE_FILE)


def private_dir(path: Path, *, tighten: bool = False) -> Path:
    """Create the folder `path` user-only (its missing parents as the umask says).

    An existing folder is left as it is unless `tighten`: then a folder the user owns that
    others can enter is made user-only (the app's own data folder from an older version)."""
    try:
        path.mkdir(parents=True, mode=PRIVATE_DIR)
    except FileExistsError:
        if tighten and path.is_dir():
            _tighten(path)
        return path
    path.chmod(PRIVATE_DIR)  # mkdir's mode is filtered by the umask
    return path


def _tighten(folder: Path) -> None:
    info = folder.stat()
    if info.st_uid == os.getuid() and stat.S_IMODE(info.st_mode) & 0o077:
        with suppress(OSError):
            folder.chmod(stat.S_IMODE(info.st_mode) & PRIVATE_DIR)

