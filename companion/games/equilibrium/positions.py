"""Building Equilibrium positions for tests and demonstrations.

Not used in play: `arrange` lays out cities, sides, hands and the top of the deck directly
(every card taken from or returned to the deck, so card counts stay right), bypassing the rules
on purpose.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from companion.core.record import sample_outcome
from companion.games.equilibrium.cards import LEFT, POWER, RIGHT
from companion.games.equilibrium.rules import COLUMN, EquilibriumState, new_state

#: Decisions of the setup, answered by their first legal move in `fresh`.
SETUP_DECISIONS = ("books", "seedside", "setupchaos")


def fresh(players: int = 1, expansions: Iterable[str] = (), books: Sequence[str] = (),
          seed: int = 1, book_cost: int = 2) -> EquilibriumState:
    """A game whose setup is done (chance drawn from `seed`, setup choices the first legal
    one; no books turned up unless `books` fixes them)."""
    options: dict[str, Any] = {"expansions": sorted(expansions), "book_cost": book_cost}
    if books:
        options["books"] = list(books)
    state = new_state(players, options)
    rng = random.Random(seed)
    while state.turn == 0 and not state.over:
        if state.is_chance():
            state.play(sample_outcome(state, rng))
        else:
            moves = state.legal_moves()
            state.play(moves[-1] if state.pending() == "books" else moves[0])
    return state


def _take(state: EquilibriumState, card: str) -> None:
    if state.deck.get(card, 0) <= 0:
        raise ValueError(f"no {card} left in the deck to arrange")
    state.deck[card] -= 1


def _give_back(state: EquilibriumState, cards: Iterable[str]) -> None:
    for card in cards:
        state.deck[card] += 1


def arrange(state: EquilibriumState, column: Mapping[int, tuple[str, Sequence[str],
                                                                 Sequence[str]]] | None = None,
            hands: Sequence[Sequence[str]] | None = None, top: Sequence[str] = (),
            keep: int | None = None) -> EquilibriumState:
    """Lay out the table: `column` maps a position (1–4) to (city, left cards, right cards)
    (positions not named are emptied of cards but keep their city; city "" empties the
    position), `hands` replaces the hands, `top` the known top of the deck. `keep` leaves only
    that many cards in the deck (the rest go to the discard pile)."""
    column = dict(column or {})
    for p in range(COLUMN):
        for side in (LEFT, RIGHT):
            _give_back(state, state.sides[2 * p + side])
            state.sides[2 * p + side] = []
            state.power[2 * p + side] = 0
    _give_back(state, state.top)
    state.top = []
    if hands is not None:
        for hand in state.hands:
            _give_back(state, hand)
            hand.clear()
    for pos in column:
        if state.cities[pos - 1]:
            state.city_deck[state.cities[pos - 1]] += 1
            state.cities[pos - 1] = ""
    for pos, (city, left, right) in column.items():
        p = pos - 1
        if city:
            if state.city_deck.get(city, 0) <= 0:
                raise ValueError(f"no city {city} left to arrange")
            state.city_deck[city] -= 1
            state.cities[p] = city
        for side, cards in ((LEFT, left), (RIGHT, right)):
            for card in cards:
                _take(state, card)
                state.sides[2 * p + side].append(card)
                state.power[2 * p + side] += POWER[card]
    for seat, cards in enumerate(hands or ()):
        for card in cards:
            _take(state, card)
            state.hands[seat].append(card)
    for card in top:
        _take(state, card)
        state.top.append(card)
    if keep is not None:
        _shrink_deck(state, keep - len(state.top))
    state.deck_n = len(state.top) + sum(state.deck.values())
    state._legal = None
    return state


def _shrink_deck(state: EquilibriumState, unseen: int) -> None:
    """Discard unseen cards until `unseen` are left (chaos last, so that few stay)."""
    order = sorted(state.deck, key=lambda c: (c.startswith("C"), c))
    excess = sum(state.deck.values()) - unseen
    for card in order:
        while excess > 0 and state.deck[card] > 0:
            state.deck[card] -= 1
            state.discards[card] = state.discards.get(card, 0) + 1
            excess -= 1


def play_all(state: EquilibriumState, *texts: str) -> EquilibriumState:
    """Play seat moves and chance outcomes given in notation, in order."""
    for text in texts:
        state.play(state.parse_move(text))
    return state


def moves_text(state: EquilibriumState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def draw_until_decision(state: EquilibriumState, rng: random.Random | None = None) -> None:
    """Let chance act (known top cards first) until a seat decides or the game ends."""
    rng = rng or random.Random(0)
    while state.is_chance():
        state.play(sample_outcome(state, rng))
