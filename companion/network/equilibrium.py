"""エクィリブリオン (equilibrium) across laptops: the dream deck on the server, a partner's hand
kept as hidden cards.

What the rules show (rulebook, the solo rules and "2人の指導者達"; ../rules/equilibrium.md): the
cities, the cards lying on them, the books, the discards and the polarity cards are public. An
Incubi, Sognae or higher being drawn into a hand (a starting hand, phase II) is seen by its seat
only; a chaos card never stays in a hand: drawn, it is resolved at once in front of both seats
(a penalty, or a stronger side for a starting hand). Seeded cards, the book cost, penalty 3's
cards and the cards looked at with Prophecy are turned up for everyone.

So the server keeps the deck and nobody's laptop decides what is drawn:
- The deck's Incubi, Sognae and higher beings are one server zone (`DECK`), shuffled by the
  server before the first dream card is drawn (the deck's cards are public then). The chaos
  cards are never in a hand, so how many of each are still in the deck is public.
- A dream card drawn from the unknown part of the deck is first a public draw (`Split`): a
  chaos card (which one, by their counts) or not, with the chances the deck gives — each chaos
  card's count and the other cards' count over the cards not yet known (the deck less the top
  seen with Prophecy). A chaos card is then the engine's draw of it, seen by everyone;
  otherwise the zone's next card is revealed to the drawing seat alone (a hand) or to everyone
  (seeded, paid, revealed, looked at). With no chaos card left the public draw is left out.
  Together these give each card the chance of being the deck's top card.
- A card every seat knows to be on top (seen with Prophecy) is the engine's draw with one
  outcome.
- A laptop keeps another seat's hand as hidden cards (`HIDDEN`, counted among the unseen cards,
  as the engine's `view` does). A play or a discard names its card, which takes a hidden card's
  place: refused when this laptop sees every copy of it elsewhere, or for a chaos card.
- Only a seeded card decides who acts next (the pair goes by type, or the mover chooses a
  side): a seeded card's reveal names chance next and, when a seat is then to choose (or the
  game is over), a draw with a single outcome names it (the session's `settling`).
Nothing is taken on trust: every card comes from the server, and the whole replay at the end
reads every hidden row and checks the dealt cards against the rules' deck.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Any

from companion.core.api import CHANCE, TERMINAL
from companion.games.equilibrium.cards import CHAOS
from companion.games.equilibrium.moves import Discard, Draw, Play
from companion.games.equilibrium.rules import DRAW, HIDDEN, EquilibriumState
from companion.network.cards import DECK, CardFault, DealPlan
from companion.network.link import CHANCE_SEAT

GAME = "equilibrium"
#: Engine chance steps that take a dream card off the deck, and those whose card goes into a
#: seat's hand (the step's argument is the seat).
DREAM_STEPS = frozenset({"cost", "seed", "hand", "draw", "reveal", "see"})
PRIVATE_STEPS = frozenset({"hand", "draw"})
#: The record entry of a card drawn into another seat's hand (this laptop's own record only).
HIDDEN_DRAW = f"draw {HIDDEN}"
#: `next_by_outcome`'s "nobody" (the game is over after the outcome).
NOBODY = -2


@dataclass
class Flow:
    """Where a laptop is in drawing a dream card: the zone dealt, a non-chaos card due."""

    dealt: bool = False
    card_due: bool = False


@dataclass(frozen=True)
class Split:
    """The public draw of a dream card: each chaos card (its code) or `None` (another card),
    with its chance and the seat that acts after it (-1: the zone's card is revealed next)."""

    outcomes: tuple[str | None, ...]
    weights: tuple[float, ...]
    next_by_outcome: tuple[int, ...]


@dataclass(frozen=True)
class Reveal:
    """The zone's next card to `to_seat` alone, or (None) to everyone."""

    to_seat: int | None


Need = DealPlan | Split | Reveal


def is_equilibrium(state: Any) -> bool:
    return isinstance(state, EquilibriumState)


def _step(state: EquilibriumState) -> tuple[str, int] | None:
    if state.over or not state.steps:
        return None
    return state.steps[0]


def is_drawing(state: EquilibriumState) -> bool:
    """Whether chance is to take a card from the unknown part of the dream deck (not a city, a
    book, the deck profile, or a card known to be on top)."""
    step = _step(state)
    if step is None or step[0] not in DREAM_STEPS:
        return False
    return step[0] == "see" or not state.top


def unknown(state: EquilibriumState) -> int:
    """Cards of the dream deck whose place nobody knows (public: the deck less its seen top)."""
    return state.deck_n - len(state.top)


def chaos_left(state: EquilibriumState) -> list[tuple[str, int]]:
    """The chaos cards still in the deck, by code (public: no hand holds one)."""
    return sorted((code, n) for code, n in state.deck.items() if code[0] == CHAOS and n > 0)


def need(state: EquilibriumState, flow: Flow) -> Need | None:
    """The server call the due dream card needs, or None (the engine's own chance)."""
    if not is_drawing(state):
        return None
    if not flow.dealt:
        return deal_plan(state)
    if flow.card_due or not chaos_left(state):
        return Reveal(reveal_to(state))
    return split(state)


def deal_plan(state: EquilibriumState) -> DealPlan:
    """The server deal of the deck's Incubi, Sognae and higher beings (before any is drawn,
    so every laptop names the same cards)."""
    if any(HIDDEN in hand for hand in state.hands):
        raise CardFault("the deck is dealt before any card is drawn into a hand")
    items = tuple(sorted(code for code, n in state.deck.items() if code[0] != CHAOS
                         for _ in range(n)))
    return DealPlan(items, ({"zone": DECK, "seat": None, "count": None},))


def split(state: EquilibriumState) -> Split:
    """The public draw: a chaos card (by code) or another card, by their counts."""
    total = unknown(state)
    chaos = chaos_left(state)
    others = total - sum(n for _, n in chaos)
    outcomes: list[str | None] = [code for code, _ in chaos]
    weights = [n / total for _, n in chaos]
    if others > 0:
        outcomes.append(None)
        weights.append(others / total)
    after = [CHANCE_SEAT if code is None else _next_after(state, DRAW[code])
             for code in outcomes]
    return Split(tuple(outcomes), tuple(weights), tuple(after))


def _next_after(state: EquilibriumState, move: Any) -> int:
    trial = state.copy()
    trial.play(move)
    return _next_of(trial)


def _next_of(state: EquilibriumState) -> int:
    to_move = state.to_move()
    if to_move == TERMINAL:
        return NOBODY
    return CHANCE_SEAT if to_move == CHANCE else int(to_move)


def reveal_to(state: EquilibriumState) -> int | None:
    """The seat whose hand the due card goes into, None when it is turned up for everyone."""
    step = _step(state)
    if step is None:
        raise CardFault("no dream card is drawn now")
    kind, arg = step
    return arg if kind in PRIVATE_STEPS else None


def next_after_deal_or_card(state: EquilibriumState, flow: Flow) -> list[int]:
    """Who writes the row after the due deal or card reveal, whatever the card: chance after
    the deal and after a seeded card (its type may give a seat the choice of a side: then a
    draw with one outcome names it); else who acts after any card that is not chaos (the
    same seat for all)."""
    step = _step(state)
    if not flow.dealt or (step is not None and step[0] == "seed"):
        return [CHANCE_SEAT]
    after = _next_after(state, DRAW[_any_card(state)])
    return [] if after == NOBODY else [after]


def _any_card(state: EquilibriumState) -> str:
    """A card that may be drawn now and is no chaos card (the lowest unseen)."""
    for code in sorted(state.deck):
        if code[0] != CHAOS and state.deck[code] > 0:
            return code
    raise CardFault("no card but chaos cards is left in the deck")


def apply_split(state: EquilibriumState, flow: Flow, index: int,
                weights: Sequence[float], tolerance: float) -> Draw | None:
    """A public draw row: the chaos card drawn (the engine's move to play), or None (another
    card: the zone's next card is due)."""
    due = split(state)
    if len(weights) != len(due.weights) or any(
            abs(float(a) - b) > tolerance for a, b in zip(weights, due.weights, strict=True)):
        raise ValueError("the draw's weights differ from this laptop's engine")
    code = due.outcomes[index]
    if code is None:
        flow.card_due = True
        return None
    return DRAW[code]


def check_deal(state: EquilibriumState, zones: Sequence[dict[str, Any]],
               dealt: Sequence[Sequence[str]]) -> None:
    """A deal row: the zone the plan names, and (readable after the end) the deck's cards."""
    plan = deal_plan(state)
    if len(zones) != 1 or zones[0].get("zone") != DECK or zones[0].get("seat") is not None:
        raise ValueError("the deal's zones differ from this laptop's engine")
    if dealt and sorted(dealt[0]) != list(plan.items):
        raise ValueError("the deck was dealt from other cards than the rules' deck")


def drawn_card(state: EquilibriumState, text: str) -> Draw:
    """The engine's draw of a revealed card (the unseen cards must hold it, as no chaos)."""
    if text[0:1] == CHAOS or text not in DRAW:
        raise CardFault(f"{text!r} cannot come from the deck's zone: it holds no chaos card")
    if state.deck.get(text, 0) <= 0:
        raise CardFault(f"{text} cannot be in the deck: this laptop sees every copy of it "
                        "elsewhere")
    return DRAW[text]


def draw_hidden(state: EquilibriumState) -> None:
    """Another seat draws a card this laptop may not see: its hand gets a hidden card (the
    engine draws some unseen card, which goes back among the unseen as `HIDDEN`)."""
    step = _step(state)
    if step is None or step[0] not in PRIVATE_STEPS:
        raise CardFault("no card is drawn into a hand now")
    seat = step[1]
    card = _any_card(state)
    state.play(DRAW[card])
    state.hands[seat].remove(card)
    state.hands[seat].append(HIDDEN)
    state.deck[card] += 1
    state._legal = None


def claim(state: EquilibriumState, seat: int, move: Any, mine: Collection[int]) -> None:
    """A play or a discard by a seat of another laptop names its card: it takes the place of
    one of that hand's hidden cards (a check only for this laptop's seats)."""
    if not isinstance(move, Play | Discard) or seat in mine:
        return
    hand = state.hands[seat]
    card = move.card
    if card in hand:
        return
    if card[0] == CHAOS:
        raise CardFault(f"seat {seat + 1} cannot hold the chaos card {card}: drawn, it is "
                        "resolved at once")
    if HIDDEN not in hand:
        raise CardFault(f"seat {seat + 1} does not hold {card}")
    if state.deck.get(card, 0) <= 0:
        raise CardFault(f"{card} cannot be in a hidden hand: this laptop sees every copy of it "
                        "elsewhere")
    hand.remove(HIDDEN)
    hand.append(card)
    state.deck[card] -= 1
    state._legal = None


def settles(seeded: bool, state: EquilibriumState) -> bool:
    """After a seeded card's reveal (which named chance next): a seat is to choose, or the game
    is over, so a draw with one outcome names who writes next."""
    return seeded and not state.is_chance()
