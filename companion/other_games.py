"""Games the app does not know ("Other game…"): logged by name with the generic score sheet.

Such a game is identified by its name: its game id is "other:" followed by the name
("other:Catan"). Every per-game part of the history — filters, statistics cells, the player
page, the exports — then treats each named game as a game of its own, and the name reads back
from the id without a lookup (History, PDFs, the BG Stats export). A name is tidied before use
(Unicode NFC, runs of spaces made one) and has at most `MAX_NAME` characters, so that the id
fits the history's 64-character game id column. A name that differs from a known one only in
letter case or character width ("catan", "ＣＡＴＡＮ") is the known game.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable

from companion.core.errors import CompanionError
from companion.games.registry import GameInfo, Mode

OTHER_PREFIX = "other:"
#: Width of the history's game id column.
GAME_ID_LENGTH = 64
MAX_NAME = GAME_ID_LENGTH - len(OTHER_PREFIX)


class OtherGameError(CompanionError, ValueError):
    """A name that cannot name a game (empty, too long, control characters)."""


def tidy_name(name: str) -> str:
    """`name` as stored: NFC, no leading or trailing spaces, inner runs of spaces made one."""
    return " ".join(unicodedata.normalize("NFC", name).split())


def _match_key(name: str) -> str:
    return unicodedata.normalize("NFKC", name).casefold()


def check_name(name: str) -> str:
    """The tidied name, or `OtherGameError` saying what is wrong with it."""
    tidy = tidy_name(name)
    if not tidy:
        raise OtherGameError("a game needs a name")
    if len(tidy) > MAX_NAME:
        raise OtherGameError(f"a game's name has at most {MAX_NAME} characters, "
                             f"{tidy[:20]!r}… has {len(tidy)}")
    if any(unicodedata.category(c) == "Cc" for c in tidy):
        raise OtherGameError(f"a game's name cannot hold control characters: {tidy!r}")
    return tidy


def is_other_game(game_id: str) -> bool:
    return game_id.startswith(OTHER_PREFIX)


def other_game_name(game_id: str) -> str:
    """The name inside an other game's id ("other:Catan" -> "Catan")."""
    if not is_other_game(game_id):
        raise OtherGameError(f"{game_id!r} is not the id of an other game")
    return game_id[len(OTHER_PREFIX):]


def other_game_id(name: str, known: Iterable[str] = ()) -> str:
    """The game id of the game called `name`. `known` are ids already in the history: a name
    equal to one of them but for letter case or width gets that game's id."""
    tidy = check_name(name)
    key = _match_key(tidy)
    for game_id in known:
        if is_other_game(game_id) and _match_key(other_game_name(game_id)) == key:
            return game_id
    return OTHER_PREFIX + tidy


def other_game_info(game_id: str) -> GameInfo:
    """A Library entry for an other game: its name in both languages, the table companion
    only (the generic score sheet), any number of players."""
    name = other_game_name(game_id)
    return GameInfo(id=game_id, name_ja=name, name_en=name, min_players=1, max_players=20,
                    modes=frozenset({Mode.TABLE}), minutes=(0, 0))


def game_name(game_id: str, lang: str) -> str:
    """Any game of the history by name: a registered game's name in `lang`, an other game's
    own name, else the id itself (a game of an imported history that this app lacks)."""
    if is_other_game(game_id):
        return other_game_name(game_id)
    try:
        from companion.games import registry

        return registry.get(game_id).name(lang)
    except Exception:  # unknown, or a game module that cannot load: a name must not fail
        return game_id
