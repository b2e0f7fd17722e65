"""Cards a seat puts face down (行戦's ``down r1b2``) or keeps from its draw (値戦's ``keep b3
r5``): sealed with a key only that seat reads.

The rules never show face-down cards, yet the seat's own laptop (also after a restart) and the
whole replay at the end must know them. So before the game the server deals each seat a key —
`KEY_SIZE` of `KEY_ITEMS` in the server's random order, a hidden zone ``key<seat>`` that only
the seat's login reads until the table is finished. A face-down move's row carries the count
(``down 2``) and the cards XOR-ed with sha256(key, row number) (``sealed``). The other laptops
put down that many of their filled cards; at the end every key is readable and the replay
unseals every row.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Any

from companion.games.nincetkaik.cardgame import CardGameState, CardsMove
from companion.games.nincetkaik.deck import Card, format_card
from companion.games.nincetkaik.makaik.rules import Exchange
from companion.network.cards import CardFault, DealPlan

#: Games whose seats put cards face down.
GAMES = frozenset({"mokaik", "makaik"})
KEY_ITEMS = tuple(f"k{i:03d}" for i in range(256))
KEY_SIZE = 32
#: The zone that keeps the key items no seat was dealt.
REST = "keys"


def key_zone(seat: int) -> str:
    return f"key{seat}"


def key_plan(num_players: int) -> DealPlan:
    """The server deal of every seat's key."""
    zones = [{"zone": key_zone(s), "seat": s, "count": KEY_SIZE} for s in range(num_players)]
    zones.append({"zone": REST, "seat": None, "count": None})
    return DealPlan(KEY_ITEMS, tuple(zones))


def is_face_down(state: CardGameState, move: Any) -> bool:
    return state.game_id in GAMES and isinstance(move, CardsMove) and move.verb == "down"


def is_kept_draw(state: CardGameState, move: Any) -> bool:
    """値戦's ``keep b3 r5``: the drawn card kept in the hand stays hidden (sealed)."""
    return state.game_id in GAMES and isinstance(move, Exchange) and move.verb == "keep"


def sealed_payload(state: CardGameState, key: Sequence[str], n: int, move: Any) -> dict[str, Any]:
    """Row `n`'s payload of a face-down or kept-draw move: the hidden cards sealed."""
    if isinstance(move, Exchange):
        return {"move": f"keep {format_card(move.second)}",
                "sealed": seal(key, n, (move.first,))}
    return {"move": f"down {len(move.cards)}", "sealed": seal(key, n, move.cards)}


def unsealed_move(state: CardGameState, seat: int, text: str, hidden: Sequence[Card] | None) -> Any:
    """The move of a sealed row: with the `hidden` cards unsealed (this laptop's seat), else
    with filled ones (the seat's lowest filled hand cards or drawn cards)."""
    words = text.split()
    if len(words) == 2 and words[0] == "keep":
        drawn = sorted(state.asides[seat]) if hidden is None else list(hidden)
        if len(drawn) < 1:
            raise CardFault(f"seat {seat + 1} has no drawn card to keep")
        return state.parse_move(f"keep {format_card(drawn[0])} {words[1]}")
    count = face_down_count(text)
    if hidden is None:
        return filler_down(state, seat, count)
    if len(hidden) != count:
        raise ValueError(f"the sealed cards are not {count}")
    return state.parse_move("down " + "".join(format_card(c) for c in hidden))


def _pad(key: Sequence[str], n: int, length: int) -> bytes:
    digest = hashlib.sha256(f"{','.join(key)}:{n}".encode()).digest()
    if length > len(digest):
        raise CardFault("too many cards to seal in one row")
    return digest[:length]


def seal(key: Sequence[str], n: int, cards: Sequence[Card]) -> str:
    """`cards` sealed for row `n` (hex)."""
    pad = _pad(key, n, len(cards))
    return bytes(c ^ p for c, p in zip(bytes(cards), pad, strict=True)).hex()


def unseal(key: Sequence[str], n: int, sealed: str) -> tuple[Card, ...]:
    data = bytes.fromhex(sealed)
    pad = _pad(key, n, len(data))
    return tuple(sorted(b ^ p for b, p in zip(data, pad, strict=True)))


def face_down_count(text: str) -> int:
    """The count of a sealed row's move text (``down 2``)."""
    words = text.split()
    if len(words) != 2 or words[0] != "down" or not words[1].isdigit():
        raise ValueError(f"{text!r} is no face-down count ('down 2')")
    return int(words[1])


def filler_down(state: CardGameState, seat: int, count: int) -> Any:
    """`seat` puts down `count` of the cards this laptop filled its hand with."""
    hand = sorted(state.hands[seat])
    if count > len(hand):
        raise CardFault(f"seat {seat + 1} holds fewer than {count} cards")
    return state.parse_move("down " + "".join(format_card(c) for c in hand[:count]))
