"""Alluvium's recorded moves and end reason as a person reads them (registry hooks
`move_text` and `end_reason`): "fill c4" is "fills c4" / "c4 を塗る"; a piece ("I3 a1 b1 c1")
names the card as printed and the cells it covers ("draws I3 on a1, b1, c1")."""

from __future__ import annotations

import re

_CELL = re.compile(r"[a-z]\d+")


def _colour(letter: str, lang: str) -> str:
    from companion.games.alluvium.profile import sheet_profile

    try:
        return sheet_profile().colour(letter).name(lang)
    except KeyError:
        return letter


def move_text(notation: str, lang: str) -> str:
    """"fill c4" -> "fills c4" / "c4 を塗る", "pass" -> "passes" / "パス", "draw R I3" ->
    "draws I3 from the red deck" / "赤の山札から I3", "I3 a1 b1 c1" -> "draws I3 on a1, b1,
    c1" / "I3 を a1・b1・c1 に描く"; anything else as written."""
    words = notation.split()
    ja = lang == "ja"
    if words == ["pass"]:
        return "パス" if ja else "passes"
    if len(words) == 2 and words[0] == "fill":
        return f"{words[1]} を塗る" if ja else f"fills {words[1]}"
    if len(words) == 3 and words[0] == "draw":
        return (f"{_colour(words[1], 'ja')}の山札から {words[2]}" if ja
                else f"draws {words[2]} from the {_colour(words[1], 'en').lower()} deck")
    if len(words) >= 2 and all(_CELL.fullmatch(w) for w in words[1:]):
        cells = words[1:]
        return (f"{words[0]} を {'・'.join(cells)} に描く" if ja
                else f"draws {words[0]} on {', '.join(cells)}")
    return notation


def end_reason(detail: str, lang: str) -> str:
    """"shared victory" -> 勝利を分け合う."""
    return "勝利を分け合う" if lang == "ja" and detail == "shared victory" else detail
