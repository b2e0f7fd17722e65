"""Sub-commands of `companion`; each module has `add_arguments(parser)` and `run(args) -> int`.

`open_history(url)` opens the history for a command the way the app does, and prints the
one-time warnings (an unencrypted connection to another computer) to standard error.
"""

from __future__ import annotations

import sys
from typing import Any


def open_history(url: str | None) -> Any:
    """The history named by --db / COMPANION_DB_URL / the default (a `db.Database`)."""
    import db

    database = db.open_database(url)
    notice = getattr(database, "notice", None)
    if notice is not None:
        print(f"companion: warning: {notice.message}", file=sys.stderr)
    return database
