"""The play history: SQLite by default, PostgreSQL by URL. Never imports Qt.

`import db` gives the whole public API (see the names in `__all__`).

Errors: every failure reaches callers as a `DatabaseError` whose `message` (English) and
`text(lang)` ("ja"/"en") are one sentence for people and whose `detail` holds the technical
part (the file, the driver's message) to show on request. Nothing else escapes.

- `open_database` raises `CorruptDatabaseError` (damaged, not a history, a table missing),
  `NewerDatabaseError`, `ReadOnlyDatabaseError` (read-only file or folder),
  `DatabaseLocationError` (mistyped URL or path, missing folder, data folder is a file),
  `HistoryBusyError` (locked by another program past the wait) or `DatabaseError`; the file
  is never changed by a failed open (a backup that cannot be written completely is removed);
  another program's SQLite file is refused untouched (`NotAHistoryError`, a
  `CorruptDatabaseError`). While open, a history file cannot be moved aside
  (`move_aside` raises `HistoryInUseError`, db/filelock.py).
- Writes (`add_play`, `add_plays`, `update_play`, `save_autosave`, `delete_play`,
  `import_plays`, `add_player`, `rename_player`, `merge_players`, `set_setting`) are each
  one transaction. A write that another writer got in the way of is tried again, for at most
  `Database.wait` seconds (15 by default; `open_database(url, wait=...)`). When it still
  cannot happen it raises `HistoryWriteError` — `HistoryBusyError`, its subclass, when
  another program held the lock for the whole wait; else a full disk, a read-only file, a lost
  connection — and then NOTHING of that call was stored: the caller keeps its data (a
  finished game stays pending) and may call again with the same data later.
  The UI contract is: catch `db.HistoryWriteError`, keep the data, show `exc.text(lang)`,
  offer to retry.
- On a club's PostgreSQL history (db/roles.py) a login that is not the organiser role may
  read, add plays and players, and continue its own unfinished games; `delete_play`,
  `merge_players`, `rename_player`, `import_plays`, `update_play` of a finished play or of
  another login's play, and opening tables older than this version raise
  `OrganiserOnlyError`, whose sentence names the organiser role (`exc.organiser`).
- Passwords: `redact(text)` masks them in anything shown; `Database.url` has none (db/
  credentials.py: keyring, PGPASSWORD, ~/.pgpass, the service file).
- Data no database could store (companion/playdata.py: too long, NUL characters, one person
  in two seats...) is refused with a plain `DatabaseError` (not a `HistoryWriteError`):
  trying again will not help.
"""

from db.credentials import (
    is_server_url,
    keyring_name,
    redact,
    split_password,
    store_password,
)
from db.engine import Database, head_revision, move_aside, open_database, refuse_foreign
from db.errors import (
    CorruptDatabaseError,
    DatabaseError,
    DatabaseLocationError,
    DuplicatePlayerError,
    HistoryBusyError,
    HistoryWriteError,
    NewerDatabaseError,
    OrganiserOnlyError,
    ReadOnlyDatabaseError,
    describe,
)
from db.filelock import HistoryInUseError
from db.imports import DifferentPlay, ImportResult, import_plays
from db.integrity import NotAHistoryError
from db.location import check_location, data_dir, default_url, sqlite_path
from db.profiles import player_profile
from db.repository import (
    add_play,
    add_player,
    add_plays,
    count_plays,
    delete_play,
    game_win_mode,
    get_play,
    get_setting,
    list_players,
    list_plays,
    merge_players,
    other_game_ids,
    player_play_counts,
    rename_player,
    save_autosave,
    set_setting,
    unfinished_plays,
    update_play,
)
from db.stats import (
    game_play_counts,
    player_stats,
    plays_per_period,
    recount_statistics,
    scores_over_time,
    team_results,
)

__all__ = [
    "CorruptDatabaseError",
    "Database",
    "DatabaseError",
    "DatabaseLocationError",
    "DifferentPlay",
    "DuplicatePlayerError",
    "HistoryBusyError",
    "HistoryInUseError",
    "HistoryWriteError",
    "ImportResult",
    "NewerDatabaseError",
    "NotAHistoryError",
    "OrganiserOnlyError",
    "ReadOnlyDatabaseError",
    "add_play",
    "add_player",
    "add_plays",
    "check_location",
    "count_plays",
    "data_dir",
    "default_url",
    "delete_play",
    "describe",
    "game_play_counts",
    "game_win_mode",
    "get_play",
    "get_setting",
    "head_revision",
    "import_plays",
    "is_server_url",
    "keyring_name",
    "list_players",
    "list_plays",
    "merge_players",
    "move_aside",
    "open_database",
    "other_game_ids",
    "player_play_counts",
    "player_profile",
    "player_stats",
    "plays_per_period",
    "recount_statistics",
    "redact",
    "refuse_foreign",
    "rename_player",
    "save_autosave",
    "scores_over_time",
    "set_setting",
    "split_password",
    "sqlite_path",
    "store_password",
    "team_results",
    "unfinished_plays",
    "update_play",
]
