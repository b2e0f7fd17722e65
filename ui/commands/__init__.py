"""Sub-commands of `companion`; each module has `add_arguments(parser)` and `run(args) -> int`.

`open_history(url)` opens the history for a command the way the app does — `--db` /
`COMPANION_DB_URL`, else the history chosen in Settings, else the default file — and prints
the one-time warnings (an unencrypted connection to another computer) to standard error.
"""

from __future__ import annotations

import sys
from typing import Any


def chosen_url(url: str | None) -> str | None:
    """`url` (--db / COMPANION_DB_URL) when given, else the history chosen in Settings (as
    the app starts with), else None: the default file. Settings are read through Qt's
    QSettings (only QtCore, only when no URL is given), where the app keeps them."""
    if url:
        return url
    from ui.app import KEY_DATABASE, make_settings

    stored = make_settings().value(KEY_DATABASE)
    return str(stored) if stored else None


def open_history(url: str | None) -> Any:
    """The history named by --db / COMPANION_DB_URL / Settings / the default (a
    `db.Database`)."""
    import db

    database = db.open_database(chosen_url(url))
    notice = getattr(database, "notice", None)
    if notice is not None:
        print(f"companion: warning: {notice.message}", file=sys.stderr)
    return database
