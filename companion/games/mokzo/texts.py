"""行山's recorded moves and end reasons as a person reads them (registry hooks `move_text` and
`end_reason`): ``place 黒馬`` is 黒馬を設置 in Japanese, "place 黒馬" in English; a card's cast
(``=3``) stays as it is. A card another seat drew reads ``draw ?`` in a seat's public log, and
is left out of the History's (`chance_text`). And
what the cards did this turn (`event_text`) and the moves as buttons say them (`move_label`),
for the screens."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from companion.games.mokzo.rules import Event, MokzoState

HIDDEN_DRAW = "draw ?"
#: The card colours as the English interface says them (the glyph is the card's face).
COLOUR_WORDS = {"赤": "red", "黒": "black"}


def card_text(card: Any, lang: str) -> str:
    """A card as `lang` names it: 黒馬 in Japanese, "black 馬" in English."""
    if lang == "ja" or card.colour not in COLOUR_WORDS:
        return str(card)
    return f"{COLOUR_WORDS[card.colour]} {card.rank}"


def chance_text(notation: str, lang: str) -> str:
    """A chance outcome as every seat may read it (registry hook `chance_text`, the History's
    move list): "" for a card drawn into a hand (left out), a cast or the first player as
    `move_text` says them."""
    if notation.strip().startswith("draw "):
        return ""
    return move_text(notation, lang)


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
        return f"{move.card}を設置", f"place {card_text(move.card, 'en')}"
    if isinstance(move, Discard):
        return f"{move.card}を捨てる", f"discard {card_text(move.card, 'en')}"
    if isinstance(move, Draw):
        return f"{move.card}を引く", f"draw {card_text(move.card, 'en')}"
    if isinstance(move, MovePiece):
        return f"{move.resource}で駒を進める", f"move, paying {move.resource}"
    if isinstance(move, EndTurn):
        return "手番を終える", "end the turn"
    text = str(move)
    return text, text


def end_reason(detail: str, lang: str, names: Sequence[str] = ()) -> str:
    """"seat 2 reached 皇山" -> "2番席が皇山に到達" (with the seats' `names`: "Ben reached
    皇山", "Ben が皇山に到達"), and the round limit."""
    from companion.display import isolate

    reached = re.fullmatch(r"seat (\d) reached 皇山", detail)
    if reached and 0 < int(reached.group(1)) <= len(names):
        who = isolate(names[int(reached.group(1)) - 1])
        return f"{who} が皇山に到達" if lang == "ja" else f"{who} reached 皇山"
    if lang != "ja":
        return detail
    if reached:
        return f"{reached.group(1)}番席が皇山に到達"
    rounds = re.fullmatch(r"(\d+) rounds played: the furthest piece wins", detail)
    if rounds:
        return f"{rounds.group(1)}ラウンド終了: 最も進んだ駒の勝ち"
    return detail


def event_text(event: Event, names: Sequence[str], lang: str) -> str:
    """Something a card (or the draw pile) did this turn, in a short sentence."""
    from companion.display import isolate

    who = isolate(names[event.seat]) if 0 <= event.seat < len(names) else "?"
    n, detail = event.amount, event.detail
    if lang != "ja" and detail[:1] in COLOUR_WORDS:  # a card: "黒馬" → "black 馬"
        detail = f"{COLOUR_WORDS[detail[0]]} {detail[1:]}"
    ja, en = {
        "shuffle": ("捨札を混ぜて山札にした", "the discards became the new draw pile"),
        "cast": (f"{detail}の裁: {n}", f"{detail} cast: {n}"),
        "protect": (f"{who} は次の手番まで虎と将から守られる",
                    f"{who} is safe from 虎 and 将 until their next turn"),
        "halve": ("この手番の移動コストは半分", "this turn's move costs half"),
        "marker": (f"{who} の{detail}(札{n})にマーカー",
                   f"a marker on {who}'s {detail} (card {n})"),
        "remove": (f"{who} の{detail}を取り除いた", f"{who}'s {detail} is removed"),
        "destroy": (f"{who} の{detail}を破壊", f"{who}'s {detail} is destroyed"),
        "dismantle": (f"{who} の{detail}を解体", f"{who}'s {detail} is dismantled"),
        "rice": (f"{who} +{n}米", f"{who} +{n} 米"),
        "money": (f"{who} +{n}銭", f"{who} +{n} 銭"),
        "take": (f"{who} から{detail}1を奪った", f"1 {detail} taken from {who}"),
        "advance": (f"{who} の駒が{n}マス進んだ", f"{who}'s piece advances {n}"),
    }.get(event.kind, (event.kind, event.kind))
    return ja if lang == "ja" else en


def move_label(state: MokzoState, move: object, names: Sequence[str], lang: str) -> str:
    """A move as a button says it, with what it costs or brings now (asked of the engine):
    "黒馬を設置(5米)", "10米で1マス進む", "虎: 花子から米1を奪う"."""
    from companion.display import isolate

    seat = state.mover
    ja_en: tuple[str, str]
    if isinstance(move, Use):
        placed = state.card_at(seat, move.slot)
        card = card_text(placed.card, lang) if placed is not None else f"#{move.slot}"
        if move.victim is None:
            ja_en = (f"{card}を使う", f"use {card}")
        else:
            victim = isolate(names[move.victim])
            ja_en = (f"{card}: {victim} から{move.resource}1を奪う",
                     f"{card}: take 1 {move.resource} from {victim}")
    elif isinstance(move, Target):
        placed = state.card_at(move.owner, move.slot)
        card = card_text(placed.card, lang) if placed is not None else f"#{move.slot}"
        owner = isolate(names[move.owner])
        ja_en = ((f"{owner} の{card}にマーカー", f"a marker on {owner}'s {card}")
                 if move.verb == "mark" else
                 (f"{owner} の{card}を破壊", f"destroy {owner}'s {card}"))
    elif isinstance(move, Exchange):
        rice = 5 * move.money
        ja_en = (f"{rice}米を{move.money}銭に両替", f"{rice} 米 for {move.money} 銭")
    elif isinstance(move, Dismantle):
        held = state.card_at(seat, move.slot)
        name = card_text(held.card, lang) if held is not None else f"#{move.slot}"
        ja_en = (f"{name}を解体{_cost_text(state, seat, held, 'ja')}",
                 f"dismantle {name}{_cost_text(state, seat, held, 'en')}")
    elif isinstance(move, Place):
        if move.card.rank == "船":
            ja_en = (f"{move.card}を出す(+2銭)", f"play {card_text(move.card, 'en')} (+2 銭)")
        else:
            ja_en = (f"{move.card}を設置{_cost_text(state, seat, move, 'ja')}",
                     f"place {card_text(move.card, 'en')}{_cost_text(state, seat, move, 'en')}")
    elif isinstance(move, Discard):
        ja_en = (f"{move.card}を捨てる(+2米)",
                 f"discard {card_text(move.card, 'en')} (+2 米)")
    elif isinstance(move, MovePiece):
        price, stride = state.move_cost(seat, move.resource), state.stride(seat)
        ja_en = (f"{price}{move.resource}で{stride}マス進む",
                 f"pay {price} {move.resource}, move {stride}")
    else:
        return move_text(str(move), lang)
    return ja_en[0] if lang == "ja" else ja_en[1]


def _cost_text(state: MokzoState, seat: int, holder: Any, lang: str) -> str:
    """"(5米)" / " (5 米)" for a black card (its `holder.card`), 銭 for a red one, at the cost
    it has now; "" without a card."""
    card = getattr(holder, "card", None)
    if card is None:
        return ""
    currency = "米" if card.is_black else "銭"
    cost = state.place_cost(seat, card)
    return f"({cost}{currency})" if lang == "ja" else f" ({cost} {currency})"


def tie_break_text(state: MokzoState, names: Sequence[str], lang: str) -> str:
    """Why the winner won when the furthest pieces stood on one square after the last round
    ("" otherwise): the most resources counted in 米 (rice plus 5 per 銭) decides."""
    from companion.display import isolate

    if state.winner >= 0:
        return ""
    seats = range(state.num_players)
    top = max(state.square[s] for s in seats)
    level = [s for s in seats if state.square[s] == top]
    if len(level) < 2:
        return ""
    figures = [(isolate(names[s]), state.wealth(s)) for s in level]
    if lang == "ja":
        listed = "、".join(f"{name} {wealth}米" for name, wealth in figures)
        return f"最も進んだ駒がマス {top} に並んだので、資源(米 + 銭×5)の多さで決まった: {listed}"
    listed = ", ".join(f"{name} {wealth} 米" for name, wealth in figures)
    return (f"The furthest pieces share square {top}: the most resources (米 plus 5 per 銭) "
            f"decided it: {listed}")
