"""ソラニ (sorani) seen from some seats: the face-down reserve and drawn cards on the server.

Two things are hidden in ソラニ (`SoraniState.view`):

- the four face-down reserve planets, hidden from everybody until they enter the centre of
  the emptied track. The setup's four reserve draws become one server deal of the planets still
  in the box (public: the track's draws came first) into a zone nobody reads (`RESERVE`, seat
  NULL; the rest zone `BOX`), and each laptop lays *filler* planets (the lowest it may) in the
  reserve. When the engine puts the reserve on the track, each laptop takes it back face down
  (`keep_reserve_down`) and the next row is the server's reveal of the zone to everyone,
  before the round's first draw: every laptop lays the real planets on the track (back into
  the box go the fillers). A reserve that never enters is read only by the whole replay.
- the two special-feature cards a seat draws, its own until it keeps one (the kept card is
  placed, the other goes face up). `draw 2` is followed by a server deal of that deck's cards
  (public: every card that left it was seen) with the drawn cards in a zone of the drawing
  seat (`DRAWN`) and the rest face down (`CARDS`); the other laptops hold filler cards. The
  seat's `keep` row is held: the server reveals the `DRAWN` zone to everyone, the laptops swap
  the real cards in, check the kept card is one of them and apply the keep.

Every other chance (boards, dark sky, track planets, offers, tiles, refills) is a public
server draw with the engine's weights: the box and the decks the laptops weigh are the real
ones whenever such a draw is due (fillers are gone by then or are never weighed).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.core.api import CHANCE
from companion.core.record import RecordEntry
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.moves import Deal, Keep
from companion.games.sorani.rules import SoraniState
from companion.network.cards import CardFault, DealPlan
from companion.network.link import DEAL, REVEAL, Hidden, Row

GAME = "sorani"
#: Server zones: the reserve (seat NULL) and the box's other planets; a seat's drawn cards and
#: the rest of that deck.
RESERVE, BOX, DRAWN, CARDS = "reserve", "box", "drawn", "cards"


@dataclass(frozen=True)
class Reveal:
    """A public reveal of the first `count` items of `zone`."""

    zone: str
    count: int


@dataclass
class Side:
    """What a laptop keeps about ソラニ's hidden parts beside the engine state."""

    #: The reserve was dealt on the server; the engine laid it on the track and it waits
    #: face down for the server to show it; it was shown to everyone.
    reserve_dealt: bool = False
    reserve_waiting: bool = False
    reserve_shown: bool = False
    #: Where the reserve's and the latest drawn cards' chance entries are (rewritten when
    #: the real ones are shown).
    reserve_entries: list[int] = field(default_factory=list)
    drawn_entries: list[int] = field(default_factory=list)
    #: This laptop laid the real reserve (the whole replay reads the zone of nobody).
    reserve_known: bool = False
    #: A keep waiting for the drawn cards to be shown: (seat, move).
    held: tuple[int, Keep] | None = None

    def copy(self) -> Side:
        return replace(self, reserve_entries=list(self.reserve_entries),
                       drawn_entries=list(self.drawn_entries))


def is_sorani(state: Any) -> bool:
    return isinstance(state, SoraniState)


def _due_kind(state: SoraniState) -> str:
    return state.pending[0][0] if state.pending else ""


def keep_reserve_down(state: SoraniState, side: Side) -> None:
    """After a row: when the engine has just laid the reserve on the emptied track, take it
    back face down until the server shows it (the next row: no seat acts before it), so the
    laptop never shows its fillers as the reserve."""
    if not state.reserve_entered or not side.reserve_dealt or side.reserve_shown \
            or side.reserve_waiting:
        return
    spaces = catalogue().centre_spaces(len(side.reserve_entries))
    state.reserve = [state.track[space] for space in spaces]
    for space in spaces:
        state.track[space] = ""
    state.reserve_entered, side.reserve_waiting = False, True


def chance_call(state: SoraniState, side: Side) -> DealPlan | Reveal | None:
    """How the chance due now reaches the server: a deal, a public reveal, or (None) a public
    draw with the engine's weights."""
    if side.held is not None:
        return Reveal(DRAWN, len(state.drawn))
    if not state.is_chance():
        return None
    if side.reserve_waiting:
        return Reveal(RESERVE, len(side.reserve_entries))
    kind = _due_kind(state)
    if kind == "reserve":
        return reserve_plan(state)
    if kind == "drawn":
        return drawn_plan(state)
    return None


def reserve_plan(state: SoraniState) -> DealPlan:
    """The deal of the box's planets: the reserve's count face down for nobody, the rest."""
    count = sum(1 for what, _ in state.pending if what == "reserve")
    items = tuple(sorted(p for p, n in state.box.items() for _ in range(n)))
    return DealPlan(items, ({"zone": RESERVE, "seat": None, "count": count},
                            {"zone": BOX, "seat": None, "count": None}))


def drawn_plan(state: SoraniState) -> DealPlan:
    """The deal of the drawn deck's cards: the drawn ones to the drawing seat, the rest."""
    stars = state.pending[0][1]
    count = sum(1 for what, _ in state.pending if what == "drawn")
    return DealPlan(tuple(sorted(state.decks[stars])),
                    ({"zone": DRAWN, "seat": state.drawer(), "count": count},
                     {"zone": CARDS, "seat": None, "count": None}))


def _zone(hidden: Sequence[Hidden], zone: str, seat: int | None) -> tuple[str, ...] | None:
    found = [h.items for h in hidden if h.zone == zone and h.seat == seat]
    return tuple(found[0]) if found else None


def dealt(state: SoraniState, plan: DealPlan, hidden: Sequence[Hidden],
          mine: Collection[int]) -> tuple[list[Deal], bool]:
    """The chance events of the due deal as this laptop may know them — the real items when
    it reads their zone (the drawing seat's own laptop; the whole replay), else fillers (the
    lowest items) — and whether they are the real ones."""
    first, rest = plan.zones
    kind, count = _due_kind(state), int(first["count"])
    seat = first["seat"]
    real = _zone(hidden, str(first["zone"]), seat) \
        if seat is None or seat in mine else None
    if seat is not None and seat in mine and real is None:
        raise ValueError(f"seat {seat + 1}'s drawn cards cannot be read")
    if real is not None:
        if len(real) != count:
            raise ValueError("the deal gave another number of items than the rules say")
        others = _zone(hidden, str(rest["zone"]), rest["seat"])
        pool = list(plan.items)
        for item in real + (others or ()):
            if item not in pool:
                raise CardFault(f"{item} was dealt but is not among the items of the deal")
            pool.remove(item)
        if others is not None and pool:
            raise CardFault("the deal left items out")
        return [Deal(kind, item) for item in real], True
    return [Deal(kind, item) for item in sorted(plan.items)[:count]], False


def _outcome_of(state: SoraniState, deal: Deal) -> Deal:
    for move, _ in state.chance_outcomes():
        if move == deal:
            return move
    raise CardFault(f"{deal} cannot be dealt now")


def play_dealt(state: SoraniState, side: Side, events: Sequence[Deal], known: bool,
               entries: list[RecordEntry]) -> None:
    """Play the deal's events (`known`: the real ones), noting where their entries are."""
    kind = _due_kind(state)
    spots: list[int] = []
    for event in events:
        state.play(_outcome_of(state, event))
        spots.append(len(entries))
        entries.append(RecordEntry(CHANCE, str(event)))
    if kind == "reserve":
        side.reserve_dealt, side.reserve_entries, side.reserve_known = True, spots, known
    else:
        side.drawn_entries = spots


def show_reserve(state: SoraniState, side: Side, items: Sequence[str],
                 entries: list[RecordEntry]) -> None:
    """The reserve shown to everyone: its planets laid on the centre spaces (the fillers
    back into the box); the whole replay checks them against the dealt ones."""
    spaces = catalogue().centre_spaces(len(side.reserve_entries))
    laid = list(state.reserve)
    if len(items) != len(laid) or any(state.track[space] for space in spaces):
        raise ValueError("the reserve shown does not fit the track")
    if side.reserve_known and list(items) != laid:
        raise CardFault("the reserve shown differs from the one dealt")
    box = dict(state.box)
    for planet in laid:
        box[planet] = box.get(planet, 0) + 1
    for planet in items:
        if box.get(planet, 0) <= 0:
            raise CardFault(f"planet {planet} cannot have been in the reserve")
        box[planet] -= 1
    state.box = box
    for space, planet in zip(spaces, items, strict=True):
        state.track[space] = planet
    state.reserve, state.reserve_entered = [], True
    for spot, planet in zip(side.reserve_entries, items, strict=True):
        entries[spot] = RecordEntry(CHANCE, str(Deal("reserve", planet)))
    side.reserve_shown, side.reserve_waiting = True, False


def show_drawn(state: SoraniState, side: Side, items: Sequence[str],
               entries: list[RecordEntry], known: bool) -> tuple[int, Keep]:
    """The drawn cards shown to everyone: swapped in (the fillers back into the deck); the
    held keep, to be applied now."""
    assert side.held is not None
    if len(items) != len(state.drawn):
        raise ValueError("another number of drawn cards was shown")
    if known and list(items) != state.drawn:
        raise CardFault("the cards shown differ from the ones drawn")
    deck = state.decks[state.drawn_from] + state.drawn
    for card in items:
        if card not in deck:
            raise CardFault(f"{card} cannot have been drawn")
        deck.remove(card)
    state.decks[state.drawn_from] = sorted(deck, key=_card_key)
    state.drawn = list(items)
    for spot, card in zip(side.drawn_entries, items, strict=True):
        entries[spot] = RecordEntry(CHANCE, str(Deal("drawn", card)))
    held, side.held, side.drawn_entries = side.held, None, []
    return held


def _card_key(card: str) -> int:
    """A deck's order (as the engine keeps it): by the card's number."""
    return int(card[1:]) if card[1:].isdigit() else 0


def hold_keep(state: SoraniState, side: Side, seat: int, move: Keep, known: bool) -> None:
    """A keep row: held until the drawn cards are shown. The kept card must be one of the
    cards drawn (`known`: this laptop reads them), else one the seat may have drawn."""
    if seat != state.to_move() or not state.drawn:
        raise ValueError(f"seat {seat + 1} has no drawn cards to keep one of")
    possible = state.drawn if known else state.drawn + state.decks[state.drawn_from]
    if move.feature not in possible:
        raise CardFault(f"{move.feature} cannot be among the cards drawn")
    side.held = (seat, move)


def after_chance(state: SoraniState, side: Side) -> SoraniState:
    """The state after the due deal or reveal, with any cards (for who writes next)."""
    trial = state.copy()
    call = chance_call(state, side)
    if side.held is not None:
        _seat, keep = side.held
        if keep.feature not in trial.drawn:
            deck = trial.decks[trial.drawn_from]
            deck.remove(keep.feature)
            deck.append(trial.drawn[0])
            trial.drawn[0] = keep.feature
        trial.play(keep)
    elif isinstance(call, DealPlan):
        for event in dealt(trial, call, (), ())[0]:
            trial.play(_outcome_of(trial, event))
    return trial


def row_line(row: Row, lang: str) -> str:
    """A deal or reveal row of ソラニ's hidden parts as a line ("" for any other row)."""
    payload: Any = row.payload or {}
    ja = lang == "ja"
    if row.kind == DEAL:
        zones = payload.get("zones") or [{}]
        first, count = zones[0].get("zone"), zones[0].get("count")
        if first == RESERVE:
            return f"{row.n}. " + (f"予備の惑星{count}枚を伏せて置く（誰にも見えない）" if ja
                                   else f"the reserve: {count} planets face down, seen by nobody")
        if first == DRAWN:
            seat, plural = int(zones[0].get("seat", 0)) + 1, "s" if count != 1 else ""
            return f"{row.n}. " + (f"席{seat}がカードを{count}枚引きます" if ja
                                   else f"seat {seat} draws {count} card{plural}")
    if row.kind == REVEAL and payload.get("to_seat") is None:
        items = " ".join(str(i) for i in payload.get("items", []))
        if payload.get("zone") == RESERVE:
            return f"{row.n}. " + (f"予備の惑星を表に: {items}" if ja
                                   else f"the reserve turned up: {items}")
        if payload.get("zone") == DRAWN:
            return f"{row.n}. " + (f"引いたカードを表に: {items}" if ja
                                   else f"the drawn cards turned up: {items}")
    return ""
