"""A 紙机戦 card game seen from some seats: hidden cards filled in, swapped when revealed.

The engine (`CardGameState`) holds every hand as real cards and the 山札 as counts. A laptop
knows its own seats' hands and every card shown; the other hands are *filled*: cards taken in a
fixed order (lowest first) from the cards it has not seen, so the state stays a whole, legal
state its engine can play on. When a hidden card becomes known — a card drawn into one's own
hand, turned up, or named by another seat's move — it is swapped into place: taken from where
the filling had put it (the 山札 or another unknown hand) and replaced by a filler there.

How each queued chance event reaches the server (`chance_call`):
- ``parent`` (who is 親): a public draw with the engine's weights;
- ``deal``: the whole queued deal in one server deal (each seat's hand a hidden zone, the rest
  the deck), then each laptop learns only its own seats' hands;
- ``draw`` / ``aside``: the deck's next card revealed to that seat alone;
- ``up`` / ``board`` / ``road`` / ``light``: the deck's next card revealed to everyone.

A seat that declares shows its hand (the move's payload ``show``), which the others swap in
before their engine checks the declaration. A move that shows *other* seats' hands (開樽's
showdown: every 加行 seat's two cards) is held back: the row names chance next, and the server
reveals each shown seat's dealt hand zone publicly, one reveal row per seat (`shown_by`); then
the hands are swapped in and the held move is applied. In 終季 and 開樽 no other seat's hand
keeps a card once known beyond that move (a declaration or a showdown ends the round), so
fillers never need to avoid known cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.nincetkaik.cardgame import CardEvent, CardGameState, CardsMove, Word
from companion.games.nincetkaik.deck import ALL_CARDS, COPIES, Card, format_card, parse_card
from companion.games.nincetkaik.makaik.rules import Exchange

#: Queued chance kinds and how they reach the server.
PUBLIC_DRAW_KINDS = frozenset({"parent"})
DEAL_KINDS = frozenset({"deal"})
PRIVATE_KINDS = frozenset({"draw", "aside"})
PUBLIC_CARD_KINDS = frozenset({"up", "board", "road", "light"})
#: The server zone the deck lives in after a deal.
DECK = "deck"
#: Games whose hidden cards this module fills (the others' moves reveal hands otherwise).
CARD_GAMES = frozenset({"taxot", "nanto", "makup", "nine", "neki", "mokaik", "makaik"})


class CardFault(Exception):
    """A row that cannot be true of the cards this laptop knows (one sentence)."""


@dataclass(frozen=True)
class DealPlan:
    """A server deal: the whole deck as items, and each zone's seat and count."""

    items: tuple[str, ...]
    zones: tuple[dict[str, Any], ...]


def deck_items() -> tuple[str, ...]:
    """Every card of the 48-card deck in notation, in card order."""
    return tuple(format_card(c) for c in ALL_CARDS for _ in range(COPIES[c]))


def hand_zone(seat: int) -> str:
    return f"hand{seat}"


def queue_kind(state: CardGameState) -> str:
    return state.queue[0][0]


def deal_plan(state: CardGameState) -> DealPlan:
    """The server deal for the queued deal events (counts per seat in queue order)."""
    counts = Counter(target for kind, target in state.queue if kind in DEAL_KINDS)
    zones = [{"zone": hand_zone(s), "seat": s, "count": counts[s]} for s in sorted(counts)]
    zones.append({"zone": DECK, "seat": None, "count": None})
    return DealPlan(deck_items(), tuple(zones))


def deal_events(state: CardGameState, known: Mapping[int, Sequence[str]],
                mine: Collection[int]) -> list[CardEvent]:
    """The deal's chance outcomes in queue order: `known` hands (seat → cards) as dealt, the
    other hands filled from the lowest cards not reserved for the known ones."""
    reserved = Counter(parse_card(text) for seat in mine for text in known.get(seat, ()))
    pending = {seat: [parse_card(t) for t in known.get(seat, ())] for seat in mine}
    stock = list(state.stock)
    events = []
    for kind, target in state.queue:
        if kind not in DEAL_KINDS:
            break
        if target in mine:
            if not pending.get(target):
                raise CardFault(f"seat {target + 1}'s dealt hand is shorter than the deal")
            card = pending[target].pop(0)
            reserved[card] -= 1
        else:
            card = _lowest(stock, reserved)
        if stock[card] <= 0:
            raise CardFault(f"{format_card(card)} is dealt more often than the deck has it")
        stock[card] -= 1
        events.append(CardEvent("deal", card))
    return events


def _lowest(stock: Sequence[int], reserved: Counter[Card] | None = None) -> Card:
    """The lowest card left in `stock` beyond those `reserved`."""
    for c in ALL_CARDS:
        if stock[c] - (reserved[c] if reserved else 0) > 0:
            return c
    raise CardFault("no card is left to fill a hidden hand")


def filler_event(state: CardGameState) -> CardEvent:
    """A card drawn where this laptop may not see it: the lowest unseen card."""
    return _event_for(state, _lowest(state.stock))


def known_event(state: CardGameState, card: Card, mine: Collection[int]) -> CardEvent:
    """The chance outcome that brings `card` off the 山札, after making it unseen (swapped
    out of another seat's filled hand if the filling had put it there)."""
    _make_unseen(state, card, mine, exclude=())
    return _event_for(state, card)


def _event_for(state: CardGameState, card: Card) -> CardEvent:
    for move, _ in state.chance_outcomes():
        if isinstance(move, CardEvent) and move.card == card:
            return move
    raise CardFault(f"{format_card(card)} cannot come off the deck now")


def _make_unseen(state: CardGameState, card: Card, mine: Collection[int],
                 exclude: Iterable[int]) -> None:
    """Make `card` one of the 山札's counts: if none is left there, take it out of an
    unknown hand (not `mine`, not `exclude`) or another seat's filled face-down cards (not
    `mine`) and give that place a filler instead."""
    if state.stock[card] > 0:
        return
    skips = ({*mine, *exclude}, set(mine))  # an excluded seat's filled asides may give it up
    for zones, skip in zip((state.hands, state.asides), skips, strict=True):
        for seat in range(state.num_players):
            zone = zones[seat]
            if seat in skip or card not in zone:
                continue
            zone.remove(card)
            state.stock[card] += 1
            filler = _lowest(state.stock, Counter({card: 1}))
            state.stock[filler] -= 1
            zone.append(filler)
            zone.sort()
            state._legal = None
            return
    raise CardFault(f"{format_card(card)} cannot be in a hidden hand: this laptop sees "
                    "every copy of it elsewhere")


def claim(state: CardGameState, seat: int, cards: Sequence[Card],
          mine: Collection[int], whole: bool = False, exclude: Iterable[int] = ()) -> None:
    """Make `seat`'s hand hold `cards` (exactly, with `whole`): for a seat that is `mine`
    only a check, for another its filled hand is swapped (never taking a card from the
    hands in `exclude`, already known)."""
    held = Counter(state.hands[seat])
    wanted = Counter(cards)
    if seat in mine:
        if wanted - held or (whole and wanted != held):
            raise CardFault(f"seat {seat + 1} does not hold {_text(cards)}")
        return
    if whole and len(cards) != len(state.hands[seat]):
        raise CardFault(f"seat {seat + 1} shows {len(cards)} cards but holds "
                        f"{len(state.hands[seat])}")
    if not wanted - held:
        return
    for c in state.hands[seat]:  # the filled hand goes back among the unseen cards
        state.stock[c] += 1
    size = len(state.hands[seat])
    state.hands[seat] = []
    for c in cards:
        _make_unseen(state, c, mine, exclude=(seat, *exclude))
        state.stock[c] -= 1
        state.hands[seat].append(c)
    while len(state.hands[seat]) < size:
        filler = _lowest(state.stock)
        state.stock[filler] -= 1
        state.hands[seat].append(filler)
    state.hands[seat].sort()
    state._legal = None


def named_cards(move: Any) -> tuple[Card, ...]:
    """The hand cards a seat's move names (discard, lay, call, a 値木 road play …)."""
    if isinstance(move, CardsMove):
        return tuple(move.cards)
    if isinstance(move, Exchange):  # 値戦: the hand card given to the shared cards
        return (move.first,) if move.verb == "swap" else (move.second,)
    named = getattr(move, "cards", None)
    return tuple(named) if isinstance(named, tuple) else ()


def shows_hand(move: Any) -> bool:
    """Whether the move shows the whole hand (a declaration)."""
    return isinstance(move, Word) and move.word == "declare"


def _text(cards: Iterable[Card]) -> str:
    return "".join(format_card(c) for c in cards) or "-"


#: Games whose showdown the server shows (the hands are the dealt zones), and games whose
#: seats show their own hands (changed since the deal; checked by the replay at the end).
SERVER_SHOWS = frozenset({"nanto"})
SEAT_SHOWS = frozenset({"makaik"})


def shown_by(state: CardGameState, move: Any) -> tuple[int, ...]:
    """The seats whose whole hands `move` shows to everyone, in showing order (開樽: the
    加行 seats when the betting orbit ends with two or more of them; 値戦: the seats still in
    after the third betting round); () for most moves."""
    if state.game_id not in SERVER_SHOWS | SEAT_SHOWS:
        return ()
    before = getattr(state, "last", None)
    trial = state.copy()
    trial.play(move)
    result = getattr(trial, "last", None)
    if result is None or result is before:
        return ()
    return tuple(seat for seat, _ in result.shown)
