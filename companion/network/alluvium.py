"""アルヴィウム (alluvium) across laptops: every seat draws at once, and a sheet is seen only by
the seat that holds it.

The rulebook forbids looking at the sheets in other players' hands; the engine's `view(seat)`
shows the held sheet as it is and every other sheet as the seat last saw it. So no drawing
travels in the clear, and a sheet reaches a laptop the way it reaches a player: handed on by
its neighbour.

- Keys. Before the game the server deals each seat two keys (`KEY_SIZE` of `KEY_ITEMS`, in the
  server's random order): ``key<s>``, read by seat s alone, seals its own drawings;
  ``keypair<s>`` is then revealed to seat s + 1 too, so the neighbours s and s + 1 share it and
  hand sheets on to each other with it (clockwise rounds from s to s + 1, anticlockwise back).
- Cards. Each colour's deck (the virtual colour's too) is a server zone ``deck<letter>``,
  shuffled there once; every card the engine draws is that zone's next card, turned up publicly.
- A simultaneous phase. Its move rows are written in any order: a row's `next_seats` names every
  seat that still has to draw in the phase. A row carries the seat's drawing sealed with its own
  key (padded, so every drawing has the same length); a seat's last row of a phase after which
  the sheets pass also carries the sheet it held, sealed with the key it shares with the seat
  that receives it; at a round's end (the sheets go back to their owners) also the sheet's area
  bonus, which the engine shows to everyone.
- Each laptop applies a row as it comes: its own seats' drawings with the real move, another
  seat's as a drawing it cannot see (the engine's action passes, nothing drawn), and a sheet
  handed to one of its seats is put in before the phase ends. The sheets being independent, the
  order changes nothing; the laptop keeps its own seats' actions first so that its engine asks
  them for their moves. The record keeps the engine's order (seat 0 first) once a phase is over.
- The end. After the last round every owner shows its sheet publicly (a move row
  ``{"sheet": …}``, the owners in any order); then the end row. A sheet handed on or shown that
  differs from the real one is caught by the laptop that knows it, else by the whole replay at
  the end (every key readable once the table is finished).
"""

from __future__ import annotations

import hashlib
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from companion.core.api import CHANCE
from companion.core.record import RecordEntry
from companion.games.alluvium.rules import OTHER, OWN, VIRTUAL, AlluviumState, mask_area
from companion.games.alluvium.rules import filled_mask as grid_mask
from companion.games.alluvium.scoring import EMPTY
from companion.network.cards import DealPlan
from companion.network.link import (
    CHANCE_ROW,
    CHANCE_SEAT,
    DEAL,
    END,
    MOVE,
    REVEAL,
    Hidden,
    Row,
)

if TYPE_CHECKING:
    from companion.network.session import Due, TableSession

GAME = "alluvium"
#: The key items the server deals from (two keys of `KEY_SIZE` per seat, five seats at most).
KEY_ITEMS = tuple(f"k{i:03d}" for i in range(512))
KEY_SIZE = 32
#: The zone keeping the key items no seat was dealt.
REST = "keys"
#: What a sealed text is mixed with (so a drawing and a handed sheet never share a pad).
MOVE_LABEL, PASS_LABEL = "move", "pass"


def is_alluvium(state: Any) -> bool:
    return isinstance(state, AlluviumState)


def key_zone(seat: int) -> str:
    return f"key{seat}"


def pair_zone(seat: int) -> str:
    """The key seat `seat` shares with seat `seat` + 1."""
    return f"keypair{seat}"


def deck_zone(colour: str) -> str:
    return f"deck{colour}"


def key_plan(num_players: int) -> DealPlan:
    """The server deal of every seat's own key and of the key it shares with the next seat."""
    zones = [{"zone": key_zone(s), "seat": s, "count": KEY_SIZE} for s in range(num_players)]
    zones += [{"zone": pair_zone(s), "seat": s, "count": KEY_SIZE} for s in range(num_players)]
    zones.append({"zone": REST, "seat": None, "count": None})
    return DealPlan(KEY_ITEMS, tuple(zones))


def colours_dealt(state: AlluviumState) -> tuple[str, ...]:
    """The colours whose decks the server keeps: the seats' and the virtual one."""
    return (*state.colours, *([state.virtual] if state.virtual else []))


def deck_plan(state: AlluviumState, colour: str) -> DealPlan:
    """The server deal of a colour's whole deck into its zone."""
    return DealPlan(tuple(sorted(state.decks[colour])),
                    ({"zone": deck_zone(colour), "seat": None, "count": None},))


# --- sealing ----------------------------------------------------------------------------------
def _stream(key: Sequence[str], n: int, label: str, length: int) -> bytes:
    joined = ",".join(key)
    out = b""
    block = 0
    while len(out) < length:
        out += hashlib.sha256(f"{joined}:{n}:{label}:{block}".encode()).digest()
        block += 1
    return out[:length]


def seal(key: Sequence[str], n: int, label: str, text: str, size: int) -> str:
    """`text` (ASCII) padded with spaces to `size` bytes and sealed for row `n` (hex)."""
    data = text.encode("ascii")
    if len(data) > size:
        raise ValueError(f"{text!r} is longer than {size} characters")
    data = data.ljust(size)
    return bytes(a ^ b for a, b in zip(data, _stream(key, n, label, size), strict=True)).hex()


def unseal(key: Sequence[str], n: int, label: str, sealed: str) -> str:
    data = bytes.fromhex(sealed)
    plain = bytes(a ^ b for a, b in zip(data, _stream(key, n, label, len(data)), strict=True))
    return plain.decode("ascii").rstrip(" ")


def move_size(state: AlluviumState) -> int:
    """Bytes of every sealed drawing: the longest a card's piece can be written, rounded up."""
    from companion.games.alluvium.profile import deck

    longest = max(len(c.id) + 4 * c.size for c in deck())
    return 16 * ((max(longest, len("fill a10")) + 15) // 16)


def pass_size(state: AlluviumState) -> int:
    """Bytes of every sealed sheet: the map, then each track's colour and count."""
    return state.rows * state.cols + 1 + 9 * len(state.checks[0])


# --- sheets -----------------------------------------------------------------------------------
Sheet = tuple[str, tuple[tuple[str, int], ...]]


def sheet_of(state: AlluviumState, sheet: int) -> Sheet:
    """A sheet's map and tracks in this state."""
    return state.grids[sheet], tuple(state.checks[sheet].items())


def sheet_text(state: AlluviumState, sheet: int) -> str:
    grid, checks = sheet_of(state, sheet)
    return grid + "|" + ",".join(f"{colour}{count}" for colour, count in checks)


def parse_sheet(state: AlluviumState, sheet: int, text: str) -> Sheet:
    """A handed-on or shown sheet read back; it must fit the map and tracks of `sheet`."""
    grid, _, tracks = text.partition("|")
    allowed = {EMPTY, *colours_dealt(state)}
    if len(grid) != state.rows * state.cols or not set(grid) <= allowed:
        raise ValueError(f"sheet {sheet + 1} is not a map of this game")
    checks = []
    for item in tracks.split(",") if tracks else []:
        if len(item) < 2 or not item[1:].isdigit():
            raise ValueError(f"sheet {sheet + 1}'s tracks cannot be read")
        checks.append((item[0], int(item[1:])))
    if [c for c, _ in checks] != list(state.checks[sheet]):
        raise ValueError(f"sheet {sheet + 1}'s tracks are not this game's")
    return grid, tuple(checks)


def put_sheet(state: AlluviumState, sheet: int, handed: Sheet) -> None:
    """Put in a sheet handed to this laptop: it must keep every cell and check this laptop
    already knows of it."""
    grid, checks = handed
    known = state.grids[sheet]
    if any(old != EMPTY and old != new for old, new in zip(known, grid, strict=True)):
        raise ValueError(f"sheet {sheet + 1} comes without cells drawn on it before")
    if any(count < state.checks[sheet][colour] for colour, count in checks):
        raise ValueError(f"sheet {sheet + 1} comes with fewer checks than before")
    state.grids[sheet] = "".join(grid)  # a new string: the engine reads its cells again
    state.checks[sheet] = dict(checks)
    state._legal = None


def area_of(state: AlluviumState, grid: str) -> int:
    return mask_area(grid_mask(grid), state.rows, state.cols)


# --- the flow ---------------------------------------------------------------------------------
def seats_first(state: AlluviumState, seats: Collection[int]) -> None:
    """The actions of `seats` first, each seat's in its order (sheets are independent)."""
    ahead = [a for a in state.actions if a[0] in seats]
    state.actions = ahead + [a for a in state.actions if a[0] not in seats]
    state._legal = None


def pending(state: AlluviumState) -> list[int]:
    """The seats still to draw in the phase."""
    return sorted({seat for seat, _ in state.actions})


def passes(state: AlluviumState) -> bool:
    """Whether the sheets pass on when the current phase is over."""
    return state.phase in (OTHER, VIRTUAL) or (state.phase == OWN and not state.virtual)


def receiver(state: AlluviumState, seat: int) -> int:
    """Who holds the sheet `seat` holds in the next phase (its owner after the last)."""
    step = 1 if state.clockwise() else -1
    return (seat + step) % state.num_players


def pair_of(giver: int, taker: int, num_players: int) -> int:
    """The shared key between neighbours: ``keypair<s>`` is seat s's and seat s + 1's."""
    return giver if taker == (giver + 1) % num_players else taker


def round_ends(state: AlluviumState) -> bool:
    """Whether the current phase is a round's last (the sheets go back to their owners)."""
    return state.phase == OTHER and state.turn == state.num_players - 1


def next_of(state: AlluviumState) -> list[int]:
    """Who may write after `state`: the seats still to draw, chance, or nobody (over)."""
    if state.is_over():
        return []
    if state.is_chance():
        return [CHANCE_SEAT]
    return pending(state)


def skip(state: AlluviumState) -> None:
    """The seat to move draws where this laptop cannot see: its action passes here."""
    state._draw_cells(0)


@dataclass
class AlluviumTable:
    """What one laptop keeps beside the engine at an アルヴィウム table."""

    mine: frozenset[int]
    keyed: bool = False
    paired: int = 0
    decked: int = 0
    keys: dict[int, tuple[str, ...]] = field(default_factory=dict)
    pairs: dict[int, tuple[str, ...]] = field(default_factory=dict)
    #: After a phase the sheets pass on from: the seats still to hand theirs on.
    handing: tuple[int, ...] = ()
    #: Per seat, the sheet it held in that phase and who receives it.
    holding: dict[int, tuple[int, int]] = field(default_factory=dict)
    #: That phase ended a round (an area bonus per sheet) or the game (sheets shown).
    round_end: bool = False
    final: bool = False
    #: Where the current phase's entries begin (sorted into the engine's order at its end).
    phase_from: int = 0

    def copy(self) -> AlluviumTable:
        return replace(self, keys=dict(self.keys), pairs=dict(self.pairs),
                       holding=dict(self.holding))

    def setting_up(self, state: AlluviumState) -> bool:
        return not self.keyed or self.paired < state.num_players \
            or self.decked < len(colours_dealt(state))

    # --- what is due ---------------------------------------------------------------------------
    def due(self, state: AlluviumState) -> Due | None:
        from companion.network.session import (
            DealDue,
            EndDue,
            MoveDue,
            RevealDue,
            ShowDue,
            end_payload,
        )

        n = state.num_players
        if not self.keyed:
            return DealDue(key_plan(n))
        if self.paired < n:
            return RevealDue(KEY_SIZE, (self.paired + 1) % n, pair_zone(self.paired))
        colours = colours_dealt(state)
        if self.decked < len(colours):
            return DealDue(deck_plan(state, colours[self.decked]))
        if self.handing:  # written by the laptop without asking the seat's person or bot
            seat = next((s for s in self.handing if s in self.mine), None)
            return None if seat is None else ShowDue(seat)
        if state.is_over():
            outcome = state.outcome()
            assert outcome is not None
            return EndDue(end_payload(outcome))
        if state.is_chance():
            return RevealDue(1, None, deck_zone(state.draws[0][0]))
        seat = state.to_move()
        return MoveDue(seat) if seat in self.mine else None

    def next_seats(self, state: AlluviumState) -> list[int]:
        if self.setting_up(state):
            return [CHANCE_SEAT]
        return list(self.handing) or next_of(state)

    def next_seats_after_chance(self, state: AlluviumState) -> list[int]:
        """After the due deal or reveal: chance again while setting up, else the engine's."""
        if self.setting_up(state):
            return [CHANCE_SEAT]
        trial = state.copy()
        trial.play(trial.chance_outcomes()[0][0])  # any card: the flow is the same
        return next_of(trial)

    def next_seats_after(self, state: AlluviumState, seat: int, move: Any) -> list[int]:
        """After `seat`'s drawing: the seats still to draw, else every seat hands its sheet
        on, else the engine's next."""
        trial = state.copy()
        seats_first(trial, [seat])
        handing = len(trial.actions) == 1 and passes(trial)
        trial.play(move)
        return list(range(state.num_players)) if handing else next_of(trial)

    def move_payload(self, state: AlluviumState, n: int, seat: int,
                     move: Any) -> dict[str, Any]:
        """Row `n`'s payload of `seat`'s drawing: sealed with its own key."""
        return {"sealed": seal(self.keys[seat], n, MOVE_LABEL, str(move), move_size(state))}

    def hand_payload(self, state: AlluviumState, n: int, seat: int) -> dict[str, Any]:
        """Row `n`'s payload of `seat` handing on the sheet it held: sealed for the next
        holder (with its area at a round's end), shown to everyone after the last round."""
        sheet, taker = self.holding[seat]
        if self.final:
            return {"sheet": sheet_text(state, sheet)}
        key = self.pairs[pair_of(seat, taker, state.num_players)]
        payload: dict[str, Any] = {
            "pass": seal(key, n, PASS_LABEL, sheet_text(state, sheet), pass_size(state))}
        if self.round_end:
            payload["area"] = state.current_area(sheet)
        return payload

    def next_seats_after_hand(self, state: AlluviumState, seat: int) -> list[int]:
        return [s for s in self.handing if s != seat] or next_of(state)

    # --- applying rows -------------------------------------------------------------------------
    def applied(self, session: TableSession, row: Row,
                hidden: Sequence[Hidden]) -> AlluviumTable:
        """This table after `row` (the engine state is changed in place; a refused row raises
        and the session puts the state back)."""
        after = self.copy()
        after._apply(session, row, hidden)
        return after

    def _apply(self, session: TableSession, row: Row, hidden: Sequence[Hidden]) -> None:
        state = session.state
        assert isinstance(state, AlluviumState)
        payload = row.payload or {}
        if row.kind == DEAL:
            self._deal(state, payload, hidden)
        elif row.kind == REVEAL:
            self._reveal(session, state, payload, hidden)
        elif row.kind == MOVE and self.handing:
            self._hand(state, row.seat, payload, row.n)
        elif row.kind == MOVE:
            self._move(session, state, row.seat, payload, row.n)
        elif row.kind == END:
            if not state.is_over() or self.handing or self.setting_up(state):
                raise ValueError("the game is not over in this laptop's engine")
            session.ended = True
            return
        elif row.kind == CHANCE_ROW:
            raise ValueError("アルヴィウム's cards are turned up from each colour's deck")
        else:
            return  # pause, resume, fault: no change to the game
        # this laptop's seats ask first (its computer's before its people's); while sheets
        # are handed on, another seat does
        others = frozenset(range(state.num_players)) - self.mine
        if self.handing and others:
            seats_first(state, others)
        else:
            seats_first(state, self.mine & session.people)
            seats_first(state, self.mine - session.people)
        if list(row.next_seats) != self.next_seats(state):
            raise ValueError(f"the row names {list(row.next_seats)} to write next, this "
                             f"laptop's engine {self.next_seats(state)}")

    def _deal(self, state: AlluviumState, payload: Mapping[str, Any],
              hidden: Sequence[Hidden]) -> None:
        from companion.network.session import _same_zones

        n = state.num_players
        if not self.keyed:
            if not _same_zones(payload["zones"], key_plan(n).zones):
                raise ValueError("the key deal's zones differ from this laptop's")
            zones = {(h.zone, h.seat): tuple(h.items) for h in hidden if h.seat is not None}
            for seat in sorted(self.mine):
                own, shared = zones.get((key_zone(seat), seat)), zones.get((pair_zone(seat), seat))
                if own is None or shared is None or len(own) != KEY_SIZE \
                        or len(shared) != KEY_SIZE:
                    raise ValueError(f"seat {seat + 1}'s keys cannot be read")
                self.keys[seat], self.pairs[seat] = own, shared
            self.keyed = True
            return
        colours = colours_dealt(state)
        if self.paired < n or self.decked >= len(colours):
            raise ValueError("no deal is due now")
        plan = deck_plan(state, colours[self.decked])
        if not _same_zones(payload["zones"], plan.zones):
            raise ValueError("the deal's zones differ from this laptop's engine")
        dealt = [h.items for h in hidden if h.zone == deck_zone(colours[self.decked])
                 and h.seat is None]
        if dealt and sorted(dealt[0]) != sorted(plan.items):
            raise ValueError(f"colour {colours[self.decked]}'s deck was dealt from other cards")
        self.decked += 1

    def _reveal(self, session: TableSession, state: AlluviumState,
                payload: Mapping[str, Any], hidden: Sequence[Hidden]) -> None:
        n = state.num_players
        zone, to_seat = payload.get("zone"), payload.get("to_seat")
        count = int(payload.get("count", 0))
        if self.keyed and self.paired < n:  # a shared key to the next seat
            pair = self.paired
            if (zone, to_seat, count) != (pair_zone(pair), (pair + 1) % n, KEY_SIZE):
                raise ValueError(f"seat {pair + 1}'s shared key was to reach the next seat")
            if to_seat in self.mine:
                items = tuple(t for h in hidden if h.zone == "draw" and h.seat == to_seat
                              for t in h.items)
                if len(items) != KEY_SIZE:
                    raise ValueError(f"seat {to_seat + 1}'s shared key cannot be read")
                self.pairs[pair] = items
            self.paired += 1
            return
        if self.setting_up(state) or self.handing or not state.is_chance():
            raise ValueError("no card is turned up now")
        colour = state.draws[0][0]
        shown = list(payload.get("items") or [])
        if (zone, to_seat, count, len(shown)) != (deck_zone(colour), None, 1, 1):
            raise ValueError(f"colour {colour}'s next card was to be turned up")
        card = str(shown[0])
        if card not in state.decks[colour]:
            raise ValueError(f"{card} is not left in colour {colour}'s deck")
        move = state.parse_move(f"draw {colour} {card}")
        state.play(move)
        session.entries.append(RecordEntry(CHANCE, str(move)))
        self.phase_from = len(session.entries)

    def _move(self, session: TableSession, state: AlluviumState, seat: int | None,
              payload: Mapping[str, Any], n: int) -> None:
        """A seat's drawing, sealed: played when it is this laptop's seat, else passed over."""
        if self.setting_up(state) or state.is_chance() or seat is None \
                or seat not in pending(state):
            raise ValueError(f"seat {'-' if seat is None else seat + 1} has no drawing due")
        if set(payload) != {"sealed"} or len(str(payload["sealed"])) != 2 * move_size(state):
            raise ValueError(f"seat {seat + 1}'s drawing was to come sealed")
        seats_first(state, [seat])
        num = state.num_players
        if len(state.actions) == 1 and passes(state):  # the phase's last drawing
            self.holding = {s: (state.held_sheet(s), receiver(state, s)) for s in range(num)}
            self.round_end = round_ends(state)
            self.final = self.round_end and state.round == state.rounds
        before = (state.round, state.phase, state.turn)
        if seat in self.mine:
            move = state.parse_move(unseal(self.keys[seat], n, MOVE_LABEL,
                                           str(payload["sealed"])))
            state.play(move)
            session.entries.append(RecordEntry(seat, str(move)))
        else:
            skip(state)
        if (state.round, state.phase, state.turn) != before:  # the phase is over
            entries = session.entries
            entries[self.phase_from:] = sorted(entries[self.phase_from:], key=lambda e: e.seat)
            self.phase_from = len(entries)
            if self.holding:
                self.handing = tuple(range(num))

    def _hand(self, state: AlluviumState, seat: int | None, payload: Mapping[str, Any],
              n: int) -> None:
        """A seat hands on the sheet it held: put in when this laptop's seat receives it (or
        shown to all after the last round), compared when this laptop's seat held it."""
        if seat is None or seat not in self.handing:
            raise ValueError(f"seat {'-' if seat is None else seat + 1} has no sheet to hand on")
        sheet, taker = self.holding[seat]
        wanted = {"sheet"} if self.final else {"pass", *(["area"] if self.round_end else [])}
        if set(payload) != wanted:
            raise ValueError(f"seat {seat + 1} was to hand on sheet {sheet + 1}")
        handed: Sheet | None = None
        if self.final:
            handed = parse_sheet(state, sheet, str(payload["sheet"]))
        else:
            if len(str(payload["pass"])) != 2 * pass_size(state):
                raise ValueError(f"sheet {sheet + 1} was to come sealed")
            pair = pair_of(seat, taker, state.num_players)
            if pair in self.pairs:
                handed = parse_sheet(state, sheet, unseal(self.pairs[pair], n, PASS_LABEL,
                                                          str(payload["pass"])))
        if seat in self.mine:
            if handed is not None and handed != sheet_of(state, sheet):
                raise ValueError(f"seat {seat + 1} hands on another sheet than it drew on")
        elif handed is not None:
            put_sheet(state, sheet, handed)
            if taker in self.mine and not self.final:  # what the taker now sees of it
                state.seen[taker][sheet] = sheet_of(state, sheet)
        if self.round_end:
            self._area(state, sheet, payload, known=seat in self.mine or handed is not None)
        self.handing = tuple(s for s in self.handing if s != seat)
        if not self.handing:
            self.holding, self.round_end, self.final = {}, False, False

    def _area(self, state: AlluviumState, sheet: int, payload: Mapping[str, Any],
              known: bool) -> None:
        """A round's area bonus of `sheet` as its last holder gives it (the engine shows every
        sheet's): checked where this laptop knows the sheet."""
        counted = area_of(state, state.grids[sheet])
        area = counted if self.final else int(payload["area"])
        if not 0 <= area <= state.rows * state.cols or (known and area != counted):
            raise ValueError(f"sheet {sheet + 1}'s area is given as {area}, its map has "
                             f"{counted}")
        state.areas[sheet][-1] = area
