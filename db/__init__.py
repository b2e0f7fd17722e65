"""The play history: SQLite by default, PostgreSQL by URL. Never imports Qt.

`import db` gives the whole public API (see the names in `__all__`).
"""

from db.engine import (
    CorruptDatabaseError,
    Database,
    DatabaseError,
    DuplicatePlayerError,
    NewerDatabaseError,
    data_dir,
    default_url,
    head_revision,
    move_aside,
    open_database,
)
from db.profiles import player_profile
from db.repository import (
    add_play,
    add_player,
    add_plays,
    count_plays,
    delete_play,
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
from db.stats import game_play_counts, player_stats, plays_per_period, scores_over_time

__all__ = [
    "CorruptDatabaseError",
    "Database",
    "DatabaseError",
    "DuplicatePlayerError",
    "NewerDatabaseError",
    "add_play",
    "add_player",
    "add_plays",
    "count_plays",
    "data_dir",
    "default_url",
    "delete_play",
    "game_play_counts",
    "get_play",
    "get_setting",
    "head_revision",
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
    "rename_player",
    "save_autosave",
    "scores_over_time",
    "set_setting",
    "unfinished_plays",
    "update_play",
]
