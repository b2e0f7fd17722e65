"""Alluvium's recorded moves and end reason as a person reads them (registry hooks
`move_text` and `end_reason`): "fill c4" is c4 を塗る in Japanese; a piece ("I3 a1 b1 c1") is
notation and stays."""

from __future__ import annotations


def _colour(letter: str, lang: str) -> str:
    from companion.games.alluvium.profile import sheet_profile

    try:
        return sheet_profile().colour(letter).name(lang)
    except KeyError:
        return letter


def move_text(notation: str, lang: str) -> str:
    """"fill c4" -> "c4 を塗る", "pass" -> "パス", "draw R I3" -> "赤の山札から I3"."""
    words = notation.split()
    if lang != "ja" or not words:
        return notation
    if words == ["pass"]:
        return "パス"
    if words[0] == "fill" and len(words) == 2:
        return f"{words[1]} を塗る"
    if words[0] == "draw" and len(words) == 3:
        return f"{_colour(words[1], 'ja')}の山札から {words[2]}"
    return notation


def end_reason(detail: str, lang: str) -> str:
    """"shared victory" -> 勝利を分け合う."""
    return "勝利を分け合う" if lang == "ja" and detail == "shared victory" else detail
