"""行山 (mokzo) seen from some seats: the draw pile on the server, other hands filled.

The engine keeps the draw pile as counts (`deck`, no order) and every hand as real cards. On
the server the pile is a zone (`DECK`) dealt from the cards it holds — the whole deck when the
first card is to be drawn, the discards when an empty pile takes them back (the engine's
reshuffle: they were public, so every laptop names the same items). Each draw is the zone's
next card revealed to the drawing seat alone. A laptop knows its own seats' hands; another
seat's hand is filled with the lowest cards it has not seen, swapped when that seat places or
discards a card (named by the move) or when this laptop draws a card the filling had put there.
Nothing else of a hand is ever shown (a hand's size is public).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping
from typing import Any

from companion.games.mokzo.cards import Card, parse_card
from companion.games.mokzo.moves import Discard, Draw, Place
from companion.games.mokzo.rules import DRAWING, MokzoState
from companion.network.cards import DECK, CardFault, DealPlan

GAME = "mokzo"


def is_mokzo(state: Any) -> bool:
    return isinstance(state, MokzoState)


def drawing(state: MokzoState) -> bool:
    """Whether the chance due is a card drawn by the mover (not a throw or the first seat)."""
    return state.phase == DRAWING


def deal_plan(items: Mapping[Card, int]) -> DealPlan:
    """The server deal of a draw pile holding `items`."""
    texts = tuple(sorted(str(c) for c, n in items.items() for _ in range(n)))
    return DealPlan(texts, ({"zone": DECK, "seat": None, "count": None},))


def _lowest(pool: Mapping[Card, int]) -> Card:
    for card in sorted(pool):
        if pool[card] > 0:
            return card
    raise CardFault("no card is left to fill a hidden hand")


def filler_draw(state: MokzoState) -> Draw:
    """A card drawn where this laptop may not see it: the lowest unseen card."""
    return _draw_of(state, _lowest(state.deck))


def known_draw(state: MokzoState, card: Card, mine: Collection[int]) -> Draw:
    """The draw of `card`, after making it unseen (out of another seat's filled hand)."""
    _make_unseen(state, card, mine)
    return _draw_of(state, card)


def _draw_of(state: MokzoState, card: Card) -> Draw:
    for move, _ in state.chance_outcomes():
        if isinstance(move, Draw) and move.card == card:
            return move
    raise CardFault(f"{card} cannot be drawn now")


def _make_unseen(state: MokzoState, card: Card, mine: Collection[int]) -> None:
    """Make `card` one of the unseen counts: out of another seat's filled hand, which gets
    the lowest unseen card instead."""
    if state.deck.get(card, 0) > 0:
        return
    holder = _holder(state, card, mine, ())
    filler = _lowest(state.deck)
    _take(state.deck, filler)
    state.hands[holder].remove(card)
    state.hands[holder].append(filler)
    state.deck[card] = state.deck.get(card, 0) + 1
    state._legal = None


def _holder(state: MokzoState, card: Card, mine: Collection[int], exclude: Collection[int]) -> int:
    for seat in range(state.num_players):
        if seat not in mine and seat not in exclude and card in state.hands[seat]:
            return seat
    raise CardFault(f"{card} cannot be in a hidden hand: this laptop sees every copy of it "
                    "elsewhere")


def _take(pool: dict[Card, int], card: Card) -> None:
    pool[card] -= 1
    if not pool[card]:
        del pool[card]


def claim(state: MokzoState, seat: int, move: Any, mine: Collection[int]) -> None:
    """Make `seat`'s hand hold the card its place or discard names (another seat's filled
    hand swaps a filler for it: with the unseen cards, else with a third filled hand)."""
    if not isinstance(move, Place | Discard):
        return
    card = move.card
    hand = state.hands[seat]
    if card in hand:
        return
    if seat in mine:
        raise CardFault(f"seat {seat + 1} does not hold {card}")
    if not hand:
        raise CardFault(f"seat {seat + 1} holds no card")
    given = max(hand)
    hand.remove(given)
    hand.append(card)
    if state.deck.get(card, 0) > 0:
        _take(state.deck, card)
        state.deck[given] = state.deck.get(given, 0) + 1
    else:
        holder = _holder(state, card, mine, (seat,))
        state.hands[holder].remove(card)
        state.hands[holder].append(given)
    state._legal = None


def parse(text: str) -> Card:
    return parse_card(text)


def reshuffled(before: Mapping[Card, int], deck_before: int, state: MokzoState) -> Counter[Card]:
    """The discards an empty draw pile took back while a row was applied (empty if none)."""
    if state.deck_size <= deck_before:
        return Counter()
    taken = Counter(before)
    if sum(taken.values()) != state.deck_size - deck_before:
        raise CardFault("the draw pile took back other cards than the discards")
    return taken
