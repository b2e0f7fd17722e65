"""The stick games' recorded moves and end reasons as a person reads them (registry hooks
`move_text` and `end_reason`): "throw" is 投げる in Japanese, "4 rounds played" 4 ラウンド終了."""

from __future__ import annotations

import re

#: Moves of one word: (English, Japanese) as a log shows them.
WORDS = {"throw": ("throw", "投げる"), "again": ("again", "再行(もう一度)"),
         "bank": ("bank", "積値(確定)")}


def move_text(notation: str, lang: str) -> str:
    """"bet 3x2" -> "bets 2 on 3" / "3 に 2 点賭ける"; a throw's outcome ("=3") stays as is."""
    if notation in WORDS:
        en, ja = WORDS[notation]
        return ja if lang == "ja" else en
    bet = re.fullmatch(r"bet (\d)x(\d+)", notation)
    if bet:
        number, amount = bet.groups()
        return f"{number} に {amount} 点賭ける" if lang == "ja" else f"bets {amount} on {number}"
    return notation


def end_reason(detail: str, lang: str) -> str:
    """The session's end (`Outcome.detail`) in `lang`."""
    if lang != "ja":
        return detail
    if detail == "only one seat has points left":
        return "点が残っているのは 1 人だけになった"
    rounds = re.fullmatch(r"(\d+) rounds played", detail)
    if rounds:
        return f"{rounds.group(1)} ラウンド終了"
    return detail


#: The registry hooks of every stick game.
TEXTS = {"move_text": move_text, "end_reason": end_reason}
