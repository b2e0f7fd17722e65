"""Equilibrium's recorded moves and end reasons as a person reads them (registry hooks
`move_text`, `chance_text` and `end_reason`): ``IE2 3L`` is "IE2 → 都市3の左" in Japanese and
"IE2 on the left of city 3" in English; card codes (``IE2``, ``C5``) stay as they are in both
languages. Also `move_label` (a move as a button says it) and `result_text` ("勝利 (12/12)")."""

from __future__ import annotations

import re
from typing import Any

from companion.core.errors import MoveParseError
from companion.games.equilibrium.cards import LEFT, book_name, city_name
from companion.games.equilibrium.moves import (
    Balance,
    BookDraw,
    CityDraw,
    ClearCity,
    DeckEvent,
    Discard,
    Done,
    Draw,
    Effect,
    Fly,
    FlyFrom,
    MoreBooks,
    Order,
    PlaceChaos,
    Play,
    Plaza,
    Polarity,
    Prophecy,
    RevealCards,
    SeedSide,
    Swap,
    SwapFrom,
    Vanish,
    Zero,
    parse_move,
)

#: The effects chosen before their cards (en, ja).
EFFECT_NAMES = {"swap": ("swap", "交換"), "fly": ("flight", "飛行"),
                "vanish": ("vanish", "消去"), "plaza": ("Plaza Lover", "広場愛好")}


def move_text(notation: str, lang: str) -> str:
    """An Equilibrium move or chance outcome in `lang` (the notation when it is not one)."""
    try:
        move = parse_move(notation)
    except MoveParseError:
        return notation
    en, ja = texts(move)
    return ja if lang == "ja" else en


def chance_text(notation: str, lang: str) -> str:
    """A chance outcome as a game's log reads it (registry hook `chance_text`): a dream card
    drawn is left out (""), for most go into a hand that the partner may not see — the board
    and the replay show those that land on the table; the deck, the cities and the books turned
    up read as `move_text`."""
    try:
        move = parse_move(notation)
    except MoveParseError:
        return notation
    return "" if isinstance(move, Draw) else move_text(notation, lang)


def _at(pos: int, side: int) -> tuple[str, str]:
    """(en, ja) of a side of the city at `pos`: "the left of city 3", "都市3の左"."""
    word_en, word_ja = ("left", "左") if side == LEFT else ("right", "右")
    return f"the {word_en} of city {pos}", f"都市{pos}の{word_ja}"


def _ref(pos: int, side: int, card: str) -> tuple[str, str]:
    en, ja = _at(pos, side)
    return f"{card} on {en}", f"{ja}の{card}"


def texts(move: object) -> tuple[str, str]:
    """(English, Japanese) of a parsed move."""
    for kind, say in _SAYINGS:
        if isinstance(move, kind):
            result: tuple[str, str] = say(move)
            return result
    text = str(move)
    return text, text


def _play(m: Play) -> tuple[str, str]:
    en, ja = _at(m.pos, m.side)
    return f"{m.card} on {en}", f"{m.card} → {ja}"


def _swap_from(m: SwapFrom) -> tuple[str, str]:
    en, ja = _ref(m.pos, m.side, m.card)
    return f"swap {en} …", f"交換: {ja} …"


def _swap(m: Swap) -> tuple[str, str]:
    a_en, a_ja = _ref(m.pos_a, m.side, m.card_a)
    b_en, b_ja = _ref(m.pos_b, m.side, m.card_b)
    return f"swap {a_en} with {b_en}", f"交換: {a_ja} ⇄ {b_ja}"


def _fly_from(m: FlyFrom) -> tuple[str, str]:
    en, ja = _ref(m.pos, m.side, m.card)
    return f"fly {en} …", f"飛行: {ja} …"


def _fly(m: Fly) -> tuple[str, str]:
    en, ja = _ref(m.pos, m.side, m.card)
    return f"fly {en} to city {m.to_pos}", f"飛行: {ja} → 都市{m.to_pos}"


def _vanish(m: Vanish) -> tuple[str, str]:
    en, ja = _ref(m.pos, m.side, m.card)
    return f"make {en} vanish", f"消去: {ja}"


def _zero(m: Zero) -> tuple[str, str]:
    cards = "+".join(m.left + m.right)
    return (f"discard {cards} from city {m.pos} (sum 0)",
            f"都市{m.pos}の合計0の札 {cards} を捨てる")


def _chaos_place(m: PlaceChaos) -> tuple[str, str]:
    en, ja = _at(m.pos, m.side)
    return f"penalty 1: {m.card} on {en}", f"罰1: {m.card} → {ja}"


def _effect(m: Effect) -> tuple[str, str]:
    en, ja = EFFECT_NAMES[m.kind]
    return f"{en} …", f"{ja} …"


_SAYINGS: tuple[tuple[type, Any], ...] = (
    (Play, _play),
    (SwapFrom, _swap_from),
    (Swap, _swap),
    (FlyFrom, _fly_from),
    (Fly, _fly),
    (Vanish, _vanish),
    (Zero, _zero),
    (PlaceChaos, _chaos_place),
    (Effect, _effect),
    (Discard, lambda m: (f"pay with {m.card}", f"代価に {m.card} を捨てる")),
    (Balance, lambda m: ("Joyful Balance", "悦ばしい均衡") if m.joyful
     else ("establish balance", "均衡の確立")),
    (Done, lambda m: ("end the balance", "均衡を終える")),
    (Polarity, lambda m: ("swap the polarity cards", "対極カードを交換")),
    (Plaza, lambda m: (f"Plaza Lover claims city {m.pos}", f"広場愛好: 都市{m.pos}を獲得")),
    (Prophecy, lambda m: ("Prophecy", "予言")),
    (Order, lambda m: ("put back, top first: " + " ".join(m.cards),
                       "上から順に戻す: " + " ".join(m.cards))),
    (ClearCity, lambda m: (f"penalty 2: {m.card} and every card of city {m.pos} discarded",
                           f"罰2: {m.card} と都市{m.pos}の札を捨てる")),
    (RevealCards, lambda m: (f"penalty 3: discard {m.card} and turn up cards",
                             f"罰3: {m.card} を捨て、山札の上をめくる")),
    (SeedSide, lambda m: ((f"seed {_at(m.pos, m.side)[0]}", f"配置: {_at(m.pos, m.side)[1]}"))),
    (MoreBooks, lambda m: ("turn up another book", "力の書をもう1冊めくる") if m.more
     else ("no more books", "力の書はここまで")),
    (DeckEvent, lambda m: ("the deck is shuffled", "山札を混ぜる")),
    (BookDraw, lambda m: (book_name(m.book, "en"), book_name(m.book, "ja"))),
    (CityDraw, lambda m: (f"city {city_name(m.city, 'en')}", f"都市 {city_name(m.city, 'ja')}")),
    (Draw, lambda m: (f"draws {m.card}", f"{m.card} を引く")),
)


_RESULT = re.compile(r"^(won|lost|in progress) \((\d+)/(\d+)\)$")
_RESULT_JA = {"won": "勝利", "lost": "敗北", "in progress": "対局中"}


def end_reason(detail: str, lang: str) -> str:
    """The engine's `Outcome.detail` ("won (12/12)") in `lang` ("勝利 (12/12)")."""
    found = _RESULT.match(detail.strip())
    if found is None or lang != "ja":
        return detail
    return f"{_RESULT_JA[found.group(1)]} ({found.group(2)}/{found.group(3)})"
