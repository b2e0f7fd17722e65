"""連友 (neki) across laptops: what its moves reveal of the hands, on top of `cards`.

- A laid 役 names its cards, and the engine reads a choice of colours as the hand's first card
  of each strength: the seat's real hand has no other card of those strengths before the named
  ones. Another laptop parses the move as written (`parse_as_written`) and, after swapping the
  named cards in, moves such earlier cards out of its filled hand (`keep_named_first`).
- A 将's ``remove 5`` takes every card of that strength out of every hand. At the table every
  seat puts its cards of that strength aside for all to see, so the mover's row shows its own
  (payload ``show``) and every other seat in turn writes a row showing its own; the removal is
  applied when all have shown (`place_shown`: the filled hands rebuilt to hold exactly the
  shown cards of that strength). A false show is caught by the whole replay at the end.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from typing import Any

from companion.games.nincetkaik.cardgame import CardGameState, CardsMove
from companion.games.nincetkaik.deck import ALL_CARDS, STRENGTH_OF, Card, format_card
from companion.games.nincetkaik.neki.rules import Remove
from companion.network.cards import CardFault

GAME = "neki"


def level_removed(state: CardGameState, move: Any) -> int | None:
    """The strength `move` takes out of every hand (a 将's removal), else None."""
    return move.level if state.game_id == GAME and isinstance(move, Remove) else None


def level_cards(state: CardGameState, seat: int, level: int) -> list[Card]:
    """`seat`'s cards of strength `level`, in notation order."""
    return sorted(c for c in state.hands[seat] if STRENGTH_OF[c] == level)


def parse_as_written(state: CardGameState, seat: int, text: str) -> Any:
    """`text` parsed without reading it against `seat`'s filled hand (its cards as written)."""
    trial = state.copy()
    trial.hands[seat] = []
    trial._legal = None
    return trial.parse_move(text)


def keep_named_first(state: CardGameState, seat: int, move: Any,
                     mine: Collection[int]) -> None:
    """Swap out of `seat`'s filled hand every card that the engine would read before a named
    card of the same strength (the real hand has none: the writer's engine chose these)."""
    if state.game_id != GAME or seat in mine or not isinstance(move, CardsMove):
        return
    last: dict[int, Card] = {}
    for c in move.cards:
        last[STRENGTH_OF[c]] = max(c, last.get(STRENGTH_OF[c], c))
    extra = Counter(state.hands[seat]) - Counter(move.cards)
    for c in sorted(extra.elements()):
        level = STRENGTH_OF[c]
        if level in last and c < last[level]:
            _swap_out(state, seat, c, set(last), mine)


def _swap_out(state: CardGameState, seat: int, card: Card, levels: set[int],
              mine: Collection[int]) -> None:
    """Replace `card` in `seat`'s hand by an unseen card of none of `levels` (from the unseen
    cards, else from another filled hand)."""
    hand = state.hands[seat]
    for c in ALL_CARDS:
        if state.stock[c] > 0 and STRENGTH_OF[c] not in levels:
            state.stock[c] -= 1
            state.stock[card] += 1
            hand[hand.index(card)] = c
            hand.sort()
            state._legal = None
            return
    for other in range(state.num_players):
        if other == seat or other in mine:
            continue
        for c in state.hands[other]:
            if STRENGTH_OF[c] not in levels:
                state.hands[other][state.hands[other].index(c)] = card
                state.hands[other].sort()
                hand[hand.index(card)] = c
                hand.sort()
                state._legal = None
                return
    raise CardFault(f"seat {seat + 1} cannot hold {format_card(card)} before the cards it named")


def place_shown(state: CardGameState, level: int, shown: Mapping[int, Sequence[Card]],
                mine: Collection[int]) -> None:
    """Make every hand hold exactly its shown cards of strength `level`: a check for `mine`,
    for the others their filled hands dealt again from the unseen cards around them."""
    for seat in mine:
        if seat in shown and list(shown[seat]) != level_cards(state, seat, level):
            raise CardFault(f"seat {seat + 1} does not show its cards of that strength")
    others = [s for s in range(state.num_players) if s not in mine]
    sizes = {s: len(state.hands[s]) for s in others}
    for seat in others:
        for c in state.hands[seat]:
            state.stock[c] += 1
        state.hands[seat] = []
    for seat in others:
        for c in shown.get(seat, ()):
            if STRENGTH_OF[c] != level or state.stock[c] <= 0:
                raise CardFault(f"seat {seat + 1} cannot show {format_card(c)}")
            state.stock[c] -= 1
            state.hands[seat].append(c)
        if len(state.hands[seat]) > sizes[seat]:
            raise CardFault(f"seat {seat + 1} shows more cards than it holds")
    for seat in others:
        while len(state.hands[seat]) < sizes[seat]:
            filler = next((c for c in ALL_CARDS
                           if state.stock[c] > 0 and STRENGTH_OF[c] != level), None)
            if filler is None:
                raise CardFault(f"seat {seat + 1}'s hand cannot be filled around its shown cards")
            state.stock[filler] -= 1
            state.hands[seat].append(filler)
        state.hands[seat].sort()
    state._legal = None
