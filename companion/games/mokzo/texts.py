"""行山's recorded moves and end reasons as a person reads them (registry hooks `move_text` and
`end_reason`): ``place 黒馬`` is 黒馬を設置 in Japanese, "place 黒馬" in English; a card's cast
(``=3``) stays as it is. A card another seat drew reads ``draw ?`` in a seat's public log."""

from __future__ import annotations

import re

from companion.core.errors import MoveParseError
from companion.games.first_player import FirstPlayer, first_player_text, seat_text
from companion.games.mokzo.moves import (
    MONEY,
    Discard,
    Dismantle,
    Draw,
    EndTurn,
    Exchange,
    MovePiece,
    Place,
    Target,
    Use,
    parse_move,
)

HIDDEN_DRAW = "draw ?"


def move_text(notation: str, lang: str) -> str:
    """A 行山 move or chance outcome in `lang` (the notation when it is not one)."""
    if notation.strip() == HIDDEN_DRAW:
        return "札を引く" if lang == "ja" else "draw a card"
    try:
        move = parse_move(notation)
    except MoveParseError:
        return notation
    if isinstance(move, FirstPlayer):
        return first_player_text(move.seat, lang)
    ja, en = _texts(move)
    return ja if lang == "ja" else en


def _texts(move: object) -> tuple[str, str]:
    """(Japanese, English) of a parsed move."""
    if isinstance(move, Use):
        if move.victim is None:
            return f"札{move.slot}を使う", f"use card {move.slot}"
        victim = seat_text(move.victim)
        return (f"札{move.slot}で{victim}番席から{move.resource}1を奪う",
                f"card {move.slot} takes 1 {move.resource} from seat {victim}")
    if isinstance(move, Target):
        owner = seat_text(move.owner)
        if move.verb == "mark":
            return (f"{owner}番席の札{move.slot}にマーカー",
                    f"a marker on seat {owner}'s card {move.slot}")
        return f"{owner}番席の札{move.slot}を破壊", f"destroy seat {owner}'s card {move.slot}"
    if isinstance(move, Exchange):
        return f"米を{MONEY}{move.money}に両替", f"buy {move.money} {MONEY}"
    if isinstance(move, Dismantle):
        return f"札{move.slot}を解体", f"dismantle card {move.slot}"
    if isinstance(move, Place):
        return f"{move.card}を設置", f"place {move.card}"
    if isinstance(move, Discard):
        return f"{move.card}を捨てる", f"discard {move.card}"
    if isinstance(move, Draw):
        return f"{move.card}を引く", f"draw {move.card}"
    if isinstance(move, MovePiece):
        return f"{move.resource}で駒を進める", f"move, paying {move.resource}"
    if isinstance(move, EndTurn):
        return "手番を終える", "end the turn"
    text = str(move)
    return text, text


def end_reason(detail: str, lang: str) -> str:
    """"seat 2 reached 皇山" -> "2番席が皇山に到達", and the round limit."""
    if lang != "ja":
        return detail
    reached = re.fullmatch(r"seat (\d) reached 皇山", detail)
    if reached:
        return f"{reached.group(1)}番席が皇山に到達"
    rounds = re.fullmatch(r"(\d+) rounds played: the furthest piece wins", detail)
    if rounds:
        return f"{rounds.group(1)}ラウンド終了: 最も進んだ駒の勝ち"
    return detail
