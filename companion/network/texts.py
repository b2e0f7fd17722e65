"""One line per table row, in Japanese or English, as a laptop or a spectator may see it:
what a seat played, what chance drew, how many cards were dealt or drawn (never which, unless
the rules show them to everyone)."""

from __future__ import annotations

from typing import Any

from companion.network.link import CHANCE_ROW, DEAL, END, MOVE, REVEAL, Row
from companion.network.sorani import row_line as sorani_line

#: A public draw whose outcome is no engine move: エクィリブリオン's "not a chaos card" (the
#: next row reveals which card, to its seat or to everyone).
NOT_CHAOS = "not chaos"


def _seat(seat: int | None, lang: str) -> str:
    if seat is None:
        return "-"
    return f"席{seat + 1}" if lang == "ja" else f"seat {seat + 1}"


def _zone_count(zone: Any, lang: str) -> str:
    """A dealt zone and how many it got ("hand0 8", "deck: the rest")."""
    count = zone.get("count")
    if count is None:
        return f"{zone.get('zone')} {'残り全部' if lang == 'ja' else 'the rest'}"
    return f"{zone.get('zone')} {count}"


def _sheet_line(seat: int | None, payload: Any, lang: str) -> str:
    """An アルヴィウム row: a sealed drawing, a sheet handed on sealed, or shown at the end."""
    who = _seat(seat, lang)
    if lang == "ja":
        if "sheet" in payload:
            return f"{who}が最後に持っていたシートを見せます"
        if "pass" in payload:
            return f"{who}が持っていたシートを渡します（封印）"
        return f"{who}が記入しました（封印）"
    if "sheet" in payload:
        return f"{who} shows the sheet it held last"
    if "pass" in payload:
        return f"{who} hands on the sheet it held (sealed)"
    return f"{who} draws (sealed)"


def row_line(row: Row, lang: str, drawn: str = "") -> str:
    """Row `row` as a line; `drawn` is a public chance outcome's notation (from the engine)."""
    payload: Any = row.payload or {}
    ja = lang == "ja"
    if row.kind == MOVE and "move" not in payload and "show" in payload:  # 連友's shown cards
        items = " ".join(str(i) for i in payload["show"]) or ("なし" if ja else "none")
        return f"{row.n}. {_seat(row.seat, lang)}{'が見せた札' if ja else ' shows'}: {items}"
    if row.kind == MOVE and "move" not in payload:  # アルヴィウム: nothing drawn is shown
        return f"{row.n}. {_sheet_line(row.seat, payload, lang)}"
    if row.kind == MOVE:
        return f"{row.n}. {_seat(row.seat, lang)}: {payload.get('move', '')}"
    if row.kind == CHANCE_ROW:
        if drawn == NOT_CHAOS:
            drawn = "混沌カード以外の札" if ja else "a card other than chaos"
        return f"{row.n}. {'偶然' if ja else 'chance'}: {drawn or payload.get('index')}"
    if row.kind in (DEAL, REVEAL) and (line := sorani_line(row, lang)):
        return line
    if row.kind == DEAL:
        zones = payload.get("zones", [])
        if zones and all(str(z.get("zone", "")).startswith("key") for z in zones):
            return f"{row.n}. {'封印の鍵を各席に配る' if ja else 'sealing keys dealt to the seats'}"
        counts = ", ".join(_zone_count(z, lang) for z in zones)
        return f"{row.n}. {'配札' if ja else 'deal'}: {counts}"
    if row.kind == REVEAL:
        to_seat = payload.get("to_seat")
        count = payload.get("count", 1)
        if to_seat is None:
            items = " ".join(str(i) for i in payload.get("items", []))
            zone = str(payload.get("zone", ""))
            if zone.startswith("hand") and zone[4:].isdigit():  # a seat's hand shown
                seat = _seat(int(zone[4:]), lang)
                return f"{row.n}. {seat}{'の手札' if ja else ' shows'}: {items}"
            return f"{row.n}. {'表向き' if ja else 'turned up'}: {items}"
        zone = str(payload.get("zone", ""))
        if zone.startswith("keypair") and zone[7:].isdigit():  # アルヴィウム's shared key
            giver = _seat(int(zone[7:]), lang)
            return f"{row.n}. " + (f"{_seat(to_seat, lang)}が{giver}と共有する鍵を受け取ります"
                                   if ja else f"{_seat(to_seat, lang)} receives the key it "
                                   f"shares with {giver}")
        if ja:
            return f"{row.n}. {_seat(to_seat, lang)}が{count}枚引きます"
        return f"{row.n}. {_seat(to_seat, lang)} draws {count} card{'s' if count != 1 else ''}"
    if row.kind == END:
        return f"{row.n}. {'終局' if ja else 'the game is over'}"
    return f"{row.n}. {row.kind}"
