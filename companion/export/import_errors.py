"""Why a history file was not imported, as a person reads it in Japanese or English.

A check names its place the way the file is built ("plays[3].seats[1].score: expected a
number, got 'abc'"); a person finds the play by its number counted from 1, its date and its
game: "play 4 (2026-11-22 19:30, Catan), seat 2, score: expected a number, got 'abc'" /
「4 件目の対局（2026-11-22 19:30、Catan）の 2 番目の席（score）: 数が必要ですが 'abc' でした」.
The reasons the checks give most are said in Japanese too; any other stays as written.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_PLACE = re.compile(r"^plays\[(\d+)\](?:\.seats\[(\d+)\])?(?:\.([A-Za-z_]+))?[^:]*: (.*)$",
                    re.DOTALL)
_EXPECTED = re.compile(r"^expected (.+), got (.+)$", re.DOTALL)
_TOO_LONG = re.compile(r"^text of at most (\d+) characters expected, got (\d+)$")
_UNKNOWN = re.compile(r"^unknown field\(s\) (.+)$")
#: What a check expects, in Japanese.
EXPECTATIONS = {
    "a number": "数", "text": "文字列", "true or false": "true か false",
    "a whole number": "整数", "a whole number from 1": "1 以上の整数",
    "an object {...}": "オブジェクト {...}", "a list [...]": "リスト [...]",
    "a non-empty name": "空でない名前", "a date and time": "日時",
    "an ISO date and time such as '2026-11-22T19:30:00'":
        "'2026-11-22T19:30:00' のような ISO 形式の日時",
    "'digital' or 'table'": "'digital' か 'table'",
}


@dataclass(frozen=True)
class PlayPlace:
    """The play a problem is in, as a person finds it."""

    number: int  # counted from 1
    date: str  # "2026-11-22 19:30" ("" when the file gives none that can be read)
    game: str  # the game's name ("" when unknown)


def reason_in_japanese(reason: str) -> str:
    """A check's reason in Japanese where it is one of the usual ones, else as written."""
    reason = reason.strip()
    if reason == "missing":
        return "項目がありません"
    found = _TOO_LONG.match(reason)
    if found:
        return f"{found[1]} 文字以内の文字列が必要ですが、{found[2]} 文字でした"
    found = _UNKNOWN.match(reason)
    if found:
        return f"不明な項目があります: {found[1]}"
    found = _EXPECTED.match(reason)
    if found:
        wanted = EXPECTATIONS.get(found[1], found[1])
        return f"{wanted}が必要ですが {found[2]} でした"
    return reason


def describe(message: str, place: PlayPlace | None, lang: str) -> str:
    """The problem `message` (a check's, naming its place) as a person reads it in `lang`."""
    found = _PLACE.match(message)
    if found is None:
        return (f"ファイルの形式に誤りがあります: {reason_in_japanese(message)}" if lang == "ja"
                else message)
    index, seat, field, reason = found.groups()
    number = place.number if place is not None else int(index) + 1
    where = [part for part in ((place.date, place.game) if place is not None else ()) if part]
    if lang == "ja":
        text = f"{number} 件目の対局" + (f"（{'、'.join(where)}）" if where else "")
        if seat is not None:
            text += f"の {int(seat) + 1} 番目の席"
        return text + (f"（{field}）" if field else "") + f": {reason_in_japanese(reason)}"
    text = f"play {number}" + (f" ({', '.join(where)})" if where else "")
    if seat is not None:
        text += f", seat {int(seat) + 1}"
    return text + (f", {field}" if field else "") + f": {reason}"
