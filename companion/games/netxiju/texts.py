"""六裁's recorded moves and end reasons as a person reads them (registry hooks `move_text` and
`end_reason`): ``throw`` is 投げる in Japanese; a throw's outcome (``=4``) stays as it is."""

from __future__ import annotations

import re

from companion.core.errors import MoveParseError
from companion.games.first_player import FirstPlayer, first_player_text


def move_text(notation: str, lang: str) -> str:
    """"throw" -> "投げる", "first 2" -> "2番席が先手"; anything else as written."""
    if notation.strip() == "throw":
        return "投げる" if lang == "ja" else "throw"
    if notation.startswith("first"):
        try:
            return first_player_text(FirstPlayer.parse(notation).seat, lang)
        except MoveParseError:
            return notation
    return notation


def end_reason(detail: str, lang: str) -> str:
    """"seat 2 reached the goal first" -> "2番席が最初にゴール"."""
    first = re.fullmatch(r"seat (\d) reached the goal first", detail)
    if lang == "ja" and first:
        return f"{first.group(1)}番席が最初にゴール"
    return detail
