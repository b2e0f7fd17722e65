"""Positions for tests and examples: play notation in order, chance included."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TypeVar

from companion.games.nincetkaik.cardgame import CardGameState

S = TypeVar("S", bound=CardGameState)


def feed(state: S, moves: Iterable[str] | str) -> S:
    """Play `moves` (notation; a string is split on ';') on `state` and return it."""
    items = moves.split(";") if isinstance(moves, str) else moves
    for text in items:
        if text.strip():
            state.play(state.parse_move(text.strip()))
    return state


def round_robin(hands: list[str]) -> list[str]:
    """The cards of `hands` (one string per seat, in dealing order) dealt one at a time to
    each seat in turn, as the engines deal."""
    from companion.games.nincetkaik.deck import format_card, parse_cards

    cards = [parse_cards(h) for h in hands]
    width = max(len(c) for c in cards)
    return [f"deal {format_card(cards[s][i])}" for i in range(width)
            for s in range(len(cards)) if i < len(cards[s])]
