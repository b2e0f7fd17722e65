"""Etariya's recorded moves and end reasons as a person reads them (registry hooks
`move_text` and `end_reason`): "R d4" is 赤 d4 in Japanese, the notation's words become words."""

from __future__ import annotations

#: A seat move's first word in Japanese; the rest of the move (a cell, a number) follows.
WORDS = {"power": "勢力チップ", "set": "組", "accel": "加速"}
ENDS = {"left": "列の左端", "right": "列の右端"}
REASONS = {"the stones ran out": "神石が尽きた", "a draw": "引き分け"}
#: "4 dominance chips", "7 points of score chips": the number, then how it reads in Japanese.
COUNTED = {"dominance chips": "支配チップ {n} 枚", "points of score chips": "得点チップ {n} 点"}


def move_text(notation: str, lang: str) -> str:
    """"R d4" -> "赤 d4", "end left" -> "列の左端"; English keeps the notation."""
    if lang != "ja":
        return notation
    words = notation.split()
    if not words:
        return notation
    from companion.games.etariya.board import CODES, colour_name

    head, rest = words[0], words[1:]
    if head.upper() in CODES and len(words) == 2:
        return f"{colour_name(head.upper(), 'ja')} {rest[0]}"
    if head == "end" and rest and rest[0] in ENDS:
        return ENDS[rest[0]]
    if head in WORDS:
        return " ".join([WORDS[head], *rest])
    return notation


def end_reason(detail: str, lang: str) -> str:
    """The engine's reason ("the stones ran out: a draw") in `lang`."""
    if lang != "ja":
        return detail
    return ": ".join(_reason_ja(part) for part in detail.split(": "))


def _reason_ja(part: str) -> str:
    number, _, what = part.partition(" ")
    if number.isdigit() and what in COUNTED:
        return COUNTED[what].format(n=number)
    return REASONS.get(part, part)
