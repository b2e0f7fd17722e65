"""One laptop's copy of a network table: the rows replayed with its own engine.

`TableSession` applies the table's rows in order and keeps the engine state its seats may see
(`mine`): a perfect-information game is the whole state; in 終季 the other hands are filled
(`cards`). A row the engine refuses — a move out of turn or not legal, weights that differ
from the engine's, cards that cannot be where the row says — becomes the session's `fault`
and is not applied; nothing after it is applied either. `due()` says what this laptop should
write next (a seat's move, a chance call, the end), and `payload`/`next_seats` what the row
carries. A session with every seat `mine` and every hidden row is the whole game: `confirm`
replays the rows that way at the end and compares the result with the laptop's own.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome
from companion.core.errors import CompanionError
from companion.core.record import GameRecord, RecordEntry
from companion.games import registry
from companion.network import alluvium, cards, equilibrium, mokzo, neki, sealed, sorani, texts
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

#: Drawn weights this close to the engine's count as equal (they travel as float8).
WEIGHT_TOLERANCE = 1e-9
#: The record seed of a network play (its chance came from the server, not from a seed).
NETWORK_SEED = 0


class UnsupportedGame(CompanionError, ValueError):
    """A game that cannot yet be played across laptops (its hidden cards have no server zones)."""

    def __init__(self, game_id: str) -> None:
        super().__init__(f"{game_id} cannot be played across laptops yet: its hidden "
                         "information is not kept on the server")
        self.game_id = game_id


@dataclass(frozen=True)
class Fault:
    """A row this laptop's engine refused: the row number, its kind and seat, and why."""

    n: int
    kind: str
    seat: int | None
    reason: str

    def text(self, lang: str) -> str:
        who = "" if self.seat is None else (f"（席{self.seat + 1}）" if lang == "ja"
                                             else f" (seat {self.seat + 1})")
        if lang == "ja":
            return f"{self.n}行目{who}をこのパソコンのルールが受け付けません: {self.reason}"
        return f"Row {self.n}{who} is refused by this laptop's rules: {self.reason}"


@dataclass(frozen=True)
class DrawDue:
    """Public chance: the server draws an outcome index with these weights."""

    weights: tuple[float, ...]
    next_by_outcome: tuple[int, ...]


@dataclass(frozen=True)
class DealDue:
    """A deal: the server shuffles `plan.items` into the zones."""

    plan: cards.DealPlan


@dataclass(frozen=True)
class RevealDue:
    """The next `count` cards of `zone` (the deck, or a seat's dealt hand being shown), to
    `to_seat` alone or (None) to everyone."""

    count: int
    to_seat: int | None
    zone: str = cards.DECK


@dataclass(frozen=True)
class MoveDue:
    """One of this laptop's seats is to move."""

    seat: int


@dataclass(frozen=True)
class ShowDue:
    """One of this laptop's seats shows its cards of the strength a 将 removes (連友)."""

    seat: int


@dataclass(frozen=True)
class EndDue:
    """The game is over: the end row is due (`payload`)."""

    payload: dict[str, Any]


Due = DrawDue | DealDue | RevealDue | MoveDue | ShowDue | EndDue


def is_playable(game_id: str) -> bool:
    """Whether `game_id` can be played across laptops."""
    info = registry.get(game_id)
    if info.new_state is None:
        return False
    state = info.create(info.min_players, {})
    return not state.has_hidden_information() or game_id in cards.CARD_GAMES \
        or game_id in (mokzo.GAME, equilibrium.GAME, sorani.GAME, alluvium.GAME)


def playable_games() -> list[str]:
    """The registry's games that can be played across laptops, in registry order."""
    return [info.id for info in registry.playable_games() if is_playable(info.id)]


def next_seats_of(state: GameState) -> list[int]:
    """Who may write the row after `state`: the seat to act, chance (-1), nobody (over)."""
    to_move = state.to_move()
    if to_move == TERMINAL:
        return []
    return [CHANCE_SEAT if to_move == CHANCE else to_move]


def end_payload(outcome: Outcome) -> dict[str, Any]:
    return {"end": True, "scores": list(outcome.scores), "winners": sorted(outcome.winners)}


class TableSession:
    """The rows of one table applied with this laptop's engine, seen from `mine`."""

    def __init__(self, game_id: str, num_players: int, options: dict[str, Any],
                 mine: Collection[int]) -> None:
        info = registry.get(game_id)
        self.state: GameState = info.create(num_players, options)
        self.cards = game_id in cards.CARD_GAMES
        self.mokzo = mokzo.is_mokzo(self.state)
        #: エクィリブリオン: where the due dream card is (the deck's zone dealt, a card due).
        self.eq = equilibrium.Flow() if equilibrium.is_equilibrium(self.state) else None
        #: ソラニ: the reserve and the drawn cards on the server (`sorani`).
        self.sorani = sorani.Side() if sorani.is_sorani(self.state) else None
        #: アルヴィウム: its keys, decks, sealed drawings and handed-on sheets.
        self.alluvium = alluvium.AlluviumTable(frozenset(mine)) \
            if alluvium.is_alluvium(self.state) else None
        if self.state.has_hidden_information() and not self.cards and not self.mokzo \
                and self.eq is None and self.sorani is None and self.alluvium is None:
            raise UnsupportedGame(game_id)
        #: 行山: cards left in the server's draw pile, and the cards of its next deal.
        self.pile = 0
        self.pile_next: Counter[Any] = Counter(getattr(self.state, "deck", {}))
        self.game_id = game_id
        self.options = dict(self.state.options)
        self.mine = frozenset(mine)
        #: Seats of `mine` whose moves a person makes (the window's): the laptop's computer
        #: never moves for them, and where seats act at once (アルヴィウム) it acts first.
        self.people: frozenset[int] = frozenset()
        self.entries: list[RecordEntry] = []
        self.n = 0
        self.ended = False
        self.fault: Fault | None = None
        #: What the last applied row drew in public (an outcome's notation; "" for none).
        self.drawn = ""
        #: A move held back until the hands it shows are revealed: (seat, move), the seats
        #: still to show, and the cards shown so far.
        self.held: tuple[int, Any] | None = None
        self.to_show: list[int] = []
        self.shown: dict[int, list[cards.Card]] = {}
        #: The strength the held move removes (連友): the seats show their cards of it.
        self.level: int | None = None
        #: 行戦: each seat's key for its face-down cards, dealt by the server first.
        self.keyed = game_id not in sealed.GAMES
        self.keys: dict[int, tuple[str, ...]] = {}
        #: The held move ended the game: one draw of a single outcome names nobody next
        #: (the last reveal could not know whether the game goes on).
        self.settling = False

    # --- what is due ---------------------------------------------------------------------------
    def due(self) -> Due | None:
        """The next row if this laptop may write it (chance and the end: any laptop)."""
        if self.fault is not None or self.ended:
            return None
        state = self.state
        if self.alluvium is not None:
            return self.alluvium.due(self._alluvium_state())
        if self.held is not None:
            seat = self.to_show[0]
            assert isinstance(state, cards.CardGameState)
            if self.level is not None:
                return ShowDue(seat) if seat in self.mine else None
            return RevealDue(len(state.hands[seat]), None, cards.hand_zone(seat))
        if self.settling:  # names who acts now (nobody once the game is over)
            return DrawDue((1.0,), ((next_seats_of(state) or [-2])[0],))
        if not self.keyed:
            return DealDue(sealed.key_plan(state.num_players))
        if self.sorani is not None:
            call = self._sorani_call()
            if call is not None:
                return call
        if state.is_over():
            outcome = state.outcome()
            assert outcome is not None
            return EndDue(end_payload(outcome))
        if state.is_chance():
            return self._chance_due()
        seat = state.to_move()
        return MoveDue(seat) if seat in self.mine else None

    def _chance_due(self) -> Due:
        state = self.state
        if self.eq is not None:
            due = self._equilibrium_due()
            if due is not None:
                return due
        if isinstance(state, mokzo.MokzoState) and mokzo.drawing(state):
            if self.pile == 0:
                return DealDue(mokzo.deal_plan(self.pile_next))
            return RevealDue(1, state.mover)
        if self.cards:
            assert isinstance(state, cards.CardGameState)
            kind = cards.queue_kind(state)
            if kind in cards.DEAL_KINDS:
                return DealDue(cards.deal_plan(state))
            if kind in cards.PRIVATE_KINDS:
                return RevealDue(1, state.queue[0][1])
            if kind in cards.PUBLIC_CARD_KINDS:
                return RevealDue(1, None)
        outcomes = state.chance_outcomes()
        after = []
        for move, _ in outcomes:
            trial = state.copy()
            trial.play(move)
            after.append((next_seats_of(trial) or [-2])[0])
        return DrawDue(tuple(p for _, p in outcomes), tuple(after))

    def holding(self) -> bool:
        """A move row is in but held until the server shows cards (nobody moves meanwhile)."""
        return self.held is not None or (self.sorani is not None and self.sorani.held is not None)

    def next_seats(self) -> list[int]:
        if self.sorani is not None and self.sorani.held is not None:
            return [CHANCE_SEAT]
        if self.alluvium is not None:
            return self.alluvium.next_seats(self._alluvium_state())
        if self.held is not None and self.level is not None:
            return [self.to_show[0]]
        if self.held is not None or self.settling or not self.keyed \
                or (self.eq is not None and self.eq.card_due):
            return [CHANCE_SEAT]
        return next_seats_of(self.state)

    def _shows(self, seat: int, move: Any) -> tuple[int, ...]:
        """The seats whose hands `seat`'s `move` shows (checked legal first)."""
        if not self.cards:
            return ()
        assert isinstance(self.state, cards.CardGameState)
        return cards.shown_by(self.state, move)

    def move_payload(self, seat: int, move: Any) -> dict[str, Any]:
        """The payload of `seat`'s move row (a declaration shows the hand)."""
        if self.alluvium is not None:
            return self.alluvium.move_payload(self._alluvium_state(), self.n + 1, seat, move)
        payload: dict[str, Any] = {"move": str(move)}
        if self.cards and cards.shows_hand(move):
            assert isinstance(self.state, cards.CardGameState)
            payload["show"] = [cards.format_card(c) for c in self.state.hands[seat]]
        level = self._level_removed(move)
        if level is not None:
            payload["show"] = self.show_payload(seat, level)["show"]
        state = self.state
        if isinstance(state, cards.CardGameState) and (
                sealed.is_face_down(state, move) or sealed.is_kept_draw(state, move)):
            payload = sealed.sealed_payload(state, self.keys[seat], self.n + 1, move)
        if self._seat_shows(seat, move) and seat in self._shows(seat, move):
            payload["show"] = self.show_payload(seat)["show"]
        return payload

    def _seat_shows(self, seat: int, move: Any) -> bool:
        """Whether `move` ends in a showdown whose seats show their own hands (値戦)."""
        return self.game_id in cards.SEAT_SHOWS and bool(self._shows(seat, move))

    def _level_removed(self, move: Any) -> int | None:
        if not self.cards:
            return None
        assert isinstance(self.state, cards.CardGameState)
        return neki.level_removed(self.state, move)

    def show_payload(self, seat: int, level: int | None = None) -> dict[str, Any]:
        """The row in which `seat` shows its cards of the strength being removed (連友), or
        its whole hand (a 値戦 showdown)."""
        if self.alluvium is not None:  # an アルヴィウム seat hands on the sheet it held
            return self.alluvium.hand_payload(self._alluvium_state(), self.n + 1, seat)
        assert isinstance(self.state, cards.CardGameState)
        level = self.level if level is None else level
        held = self.state.hands[seat] if level is None or level < 0 else \
            neki.level_cards(self.state, seat, level)
        return {"show": [cards.format_card(c) for c in sorted(held)]}

    def next_seats_after_show(self, seat: int) -> list[int]:
        """Who may write the row after `seat`'s show: the next seat to show, else whoever
        acts once the removal is applied."""
        if self.alluvium is not None:
            return self.alluvium.next_seats_after_hand(self._alluvium_state(), seat)
        if len(self.to_show) > 1:
            return [self.to_show[1]]
        trial_state = self.state.copy()
        assert isinstance(trial_state, cards.CardGameState) and self.held is not None
        assert self.level is not None
        own = [cards.parse_card(t) for t in self.show_payload(seat)["show"]]
        self._place_shows(trial_state, {**self.shown, seat: own})
        trial_state.play(self.held[1])
        return next_seats_of(trial_state)

    def _place_shows(self, state: cards.CardGameState,
                     shown: dict[int, list[cards.Card]]) -> None:
        """The shown cards put in place: every hand's cards of the removed strength (連友,
        `level` ≥ 0), or whole hands (値戦, `level` -1)."""
        assert self.level is not None
        if self.level >= 0:
            neki.place_shown(state, self.level, shown, self.mine)
            return
        done: list[int] = []
        for shown_seat, hand in shown.items():
            cards.claim(state, shown_seat, hand, self.mine, whole=True, exclude=done)
            done.append(shown_seat)

    def next_seats_after(self, seat: int, move: Any) -> list[int]:
        """Who may write the row after `seat` plays `move` here."""
        if self.alluvium is not None:
            return self.alluvium.next_seats_after(self._alluvium_state(), seat, move)
        if self._seat_shows(seat, move):
            return [next(s for s in self._shows(seat, move) if s != seat)]
        if self._shows(seat, move):
            return [CHANCE_SEAT]
        if self._level_removed(move) is not None:
            return [(seat + 1) % self.state.num_players]  # the next seat shows first
        if self.sorani is not None and isinstance(move, sorani.Keep):
            return [CHANCE_SEAT]  # held until the server shows the drawn cards
        trial = self.state.copy()
        trial.play(move)
        return next_seats_of(trial)

    def next_seats_after_chance(self) -> list[int]:
        """Who may write the row after the due deal or card event (whatever the cards)."""
        if self.alluvium is not None:
            return self.alluvium.next_seats_after_chance(self._alluvium_state())
        if self.held is not None:
            return [CHANCE_SEAT]  # another reveal, the next deal, or the settling draw
        if not self.keyed:
            return next_seats_of(self.state)
        if isinstance(self.state, equilibrium.EquilibriumState) and self.eq is not None:
            return equilibrium.next_after_deal_or_card(self.state, self.eq)
        if self.sorani is not None:
            assert isinstance(self.state, sorani.SoraniState)
            return next_seats_of(sorani.after_chance(self.state, self.sorani))
        if isinstance(self.state, mokzo.MokzoState):
            if self.pile == 0:
                return next_seats_of(self.state)
            pile = self.state.copy()
            pile.play(mokzo.filler_draw(pile))
            return next_seats_of(pile)
        trial = self.state.copy()
        assert isinstance(trial, cards.CardGameState)
        if cards.queue_kind(trial) in cards.DEAL_KINDS:
            for event in cards.deal_events(trial, {}, ()):
                trial.play(event)
        else:
            trial.play(cards.filler_event(trial))
        return next_seats_of(trial)

    # --- applying rows -------------------------------------------------------------------------
    def apply(self, row: Row, hidden: Sequence[Hidden] = ()) -> bool:
        """Apply `row` (True), or skip one already applied; a refused row becomes `fault`."""
        if self.fault is not None or row.n <= self.n:
            return False
        if row.n != self.n + 1:
            self._refuse(row, f"row {self.n + 1} is missing")
            return False
        before_state, before_entries = self.state.copy(), len(self.entries)
        before_show = (self.held, list(self.to_show), dict(self.shown), self.settling,
                       self.level, self.pile, Counter(self.pile_next))
        before_eq = None if self.eq is None else replace(self.eq)
        self.drawn = ""
        #: ソラニ rewrites earlier chance entries when cards are shown: all of them kept
        before_sorani = None if self.sorani is None else (self.sorani.copy(), list(self.entries))
        try:
            self._apply(row, [h for h in hidden if h.n == row.n])
        except (CompanionError, cards.CardFault, ValueError, KeyError, TypeError,
                IndexError) as exc:
            self.state = before_state
            del self.entries[before_entries:]
            (self.held, self.to_show, self.shown, self.settling, self.level, self.pile,
             self.pile_next) = before_show
            self.eq = before_eq
            if before_sorani is not None:
                self.sorani, self.entries = before_sorani
            self._refuse(row, str(exc))
            return False
        self.n = row.n
        if row.kind == CHANCE_ROW and len(self.entries) > before_entries:
            self.drawn = self.entries[-1].move
        return True

    def _alluvium_state(self) -> alluvium.AlluviumState:
        assert isinstance(self.state, alluvium.AlluviumState)
        return self.state

    def _refuse(self, row: Row, reason: str) -> None:
        self.fault = Fault(row.n, row.kind, row.seat, reason)

    def _apply(self, row: Row, hidden: Sequence[Hidden]) -> None:
        if self.alluvium is not None:  # a refused row leaves the table as it was
            self.alluvium = self.alluvium.applied(self, row, hidden)
            return
        if isinstance(self.state, mokzo.MokzoState):
            self._apply_mokzo(row, hidden)
            return
        if self.sorani is not None:
            self._apply_sorani(row, hidden)
            return
        payload = row.payload or {}
        if self.eq is not None and row.kind in (CHANCE_ROW, DEAL, REVEAL) \
                and not self.settling and self._equilibrium_due() is not None:
            self._apply_dream(row.kind, payload, hidden)
        elif row.kind == MOVE:
            self._apply_move(row.seat, payload)
        elif row.kind == CHANCE_ROW:
            self._apply_draw(payload)
        elif row.kind == DEAL:
            self._apply_deal(payload, hidden)
        elif row.kind == REVEAL:
            self._apply_reveal(payload, hidden)
        elif row.kind == END:
            if not self.state.is_over():
                raise ValueError("the game is not over in this laptop's engine")
            self.ended = True
            return
        else:
            return  # pause, resume, fault: no change to the game
        if list(row.next_seats) != self.next_seats():
            raise ValueError(f"the row names {list(row.next_seats)} to write next, this "
                             f"laptop's engine {self.next_seats()}")

    def _apply_mokzo(self, row: Row, hidden: Sequence[Hidden]) -> None:
        """A 行山 row: the draw pile dealt on the server, a draw, or a move (cards named by a
        place or a discard swapped into a filled hand); the pile's reshuffle noted."""
        state = self.state
        assert isinstance(state, mokzo.MokzoState)
        discards, deck_size = dict(state.discards), state.deck_size
        payload = row.payload or {}
        if row.kind == DEAL:
            if not state.is_chance() or not mokzo.drawing(state) or self.pile:
                raise ValueError("no deal is due now")
            plan = mokzo.deal_plan(self.pile_next)
            if not _same_zones(payload["zones"], plan.zones):
                raise ValueError("the deal's zones differ from this laptop's engine")
            dealt = [h.items for h in hidden if h.zone == cards.DECK and h.seat is None]
            if dealt and sorted(dealt[0]) != sorted(plan.items):
                raise ValueError("the draw pile was dealt from other cards than the rules say")
            self.pile, self.pile_next = len(plan.items), Counter()
        elif row.kind == REVEAL:
            due = self._chance_due() if state.is_chance() else None
            if not isinstance(due, RevealDue) or payload.get("to_seat") != due.to_seat \
                    or int(payload.get("count", 0)) != 1:
                raise ValueError("this laptop's engine expects another card event")
            if due.to_seat in self.mine:
                items = [t for h in hidden if h.seat == due.to_seat and h.zone == "draw"
                         for t in h.items]
                if len(items) != 1:
                    raise ValueError("the drawn card cannot be read")
                draw = mokzo.known_draw(state, mokzo.parse(items[0]), self.mine)
            else:
                draw = mokzo.filler_draw(state)
            self._play_chance(draw)
            self.pile -= 1
            deck_size -= 1
        elif row.kind == MOVE:
            seat = row.seat
            if seat is None or seat != state.to_move():
                raise ValueError(f"seat {seat if seat is None else seat + 1} is not to move")
            move = state.parse_move(str(payload["move"]))
            mokzo.claim(state, seat, move, self.mine)
            state.play(move)
            self.entries.append(RecordEntry(seat, str(move)))
        elif row.kind == CHANCE_ROW:
            self._apply_draw(payload)
        elif row.kind == END:
            if not state.is_over():
                raise ValueError("the game is not over in this laptop's engine")
            self.ended = True
            return
        else:
            return
        taken = mokzo.reshuffled(discards, deck_size, state)
        if taken:
            self.pile_next = taken
        if list(row.next_seats) != self.next_seats():
            raise ValueError(f"the row names {list(row.next_seats)} to write next, this "
                             f"laptop's engine {self.next_seats()}")

    # --- ソラニ (sorani): the reserve and the drawn cards on the server (`sorani`) -----------
    def _sorani_call(self) -> Due | None:
        """The deal or public reveal due now (None: a move, a public draw or the end)."""
        assert isinstance(self.state, sorani.SoraniState) and self.sorani is not None
        call = sorani.chance_call(self.state, self.sorani)
        if isinstance(call, cards.DealPlan):
            return DealDue(call)
        if isinstance(call, sorani.Reveal):
            return RevealDue(call.count, None, call.zone)
        return None

    def _apply_sorani(self, row: Row, hidden: Sequence[Hidden]) -> None:
        """A ソラニ row: a move (a keep held until the drawn cards are shown), a public draw,
        the server's deal of the reserve or of drawn cards, or a public reveal of them."""
        state, side = self.state, self.sorani
        assert isinstance(state, sorani.SoraniState) and side is not None
        payload = row.payload or {}
        call = sorani.chance_call(state, side)
        if row.kind == MOVE:
            seat = row.seat
            if side.held is not None or seat is None or seat != state.to_move():
                raise ValueError(f"seat {seat if seat is None else seat + 1} is not to move")
            move = state.parse_move(str(payload["move"]))
            if isinstance(move, sorani.Keep):
                sorani.hold_keep(state, side, seat, move, state.drawer() in self.mine)
            else:
                state.play(move)
                self.entries.append(RecordEntry(seat, str(move)))
        elif row.kind == CHANCE_ROW:
            if call is not None:
                raise ValueError("this laptop's engine expects the server to deal or show "
                                 "hidden items, not a public draw")
            self._apply_draw(payload)
        elif row.kind == DEAL:
            if not isinstance(call, cards.DealPlan):
                raise ValueError("no deal is due now")
            if not _same_zones(payload["zones"], call.zones):
                raise ValueError("the deal's zones differ from this laptop's engine")
            events, known = sorani.dealt(state, call, hidden, self.mine)
            sorani.play_dealt(state, side, events, known, self.entries)
        elif row.kind == REVEAL:
            if not isinstance(call, sorani.Reveal) or payload.get("zone") != call.zone \
                    or payload.get("to_seat") is not None \
                    or int(payload.get("count", -1)) != call.count:
                raise ValueError("this laptop's engine expects another card event")
            items = [str(item) for item in payload.get("items") or []]
            if call.zone == sorani.RESERVE:
                sorani.show_reserve(state, side, items, self.entries)
            else:
                seat, keep = sorani.show_drawn(state, side, items, self.entries,
                                               state.drawer() in self.mine)
                state.play(keep)
                self.entries.append(RecordEntry(seat, str(keep)))
        elif row.kind == END:
            if not state.is_over():
                raise ValueError("the game is not over in this laptop's engine")
            self.ended = True
            return
        else:
            return  # pause, resume, fault: no change to the game
        sorani.keep_reserve_down(state, side)
        if list(row.next_seats) != self.next_seats():
            raise ValueError(f"the row names {list(row.next_seats)} to write next, this "
                             f"laptop's engine {self.next_seats()}")

    def _apply_move(self, seat: int | None, payload: dict[str, Any]) -> None:
        state = self.state
        if self.held is not None and self.level is not None:
            self._apply_level_show(seat, payload)
            return
        if seat is None or seat != state.to_move():
            raise ValueError(f"seat {seat if seat is None else seat + 1} is not to move")
        if "sealed" in payload:
            move = self._unseal(seat, payload)
        else:
            move = self._parse(seat, str(payload["move"]))
        if self.cards:
            self._place_named_cards(seat, move, payload)
        if isinstance(state, equilibrium.EquilibriumState):
            equilibrium.claim(state, seat, move, self.mine)
        level = self._level_removed(move)
        if level is not None:  # held until every seat has shown its cards of that strength
            if move not in state.legal_moves():
                raise ValueError(f"{move} is not a move for seat {seat + 1} now")
            n = state.num_players
            self.held, self.level = (seat, move), level
            self.to_show = [(seat + k) % n for k in range(1, n)]
            self.shown = {seat: [cards.parse_card(t) for t in payload.get("show", [])]}
            return
        shows = self._shows(seat, move)
        if shows and self.game_id in cards.SEAT_SHOWS:  # held until these seats show hands
            self.held, self.level = (seat, move), -1
            self.to_show = [s for s in shows if s != seat]
            self.shown = {seat: [cards.parse_card(t) for t in payload.get("show", [])]} \
                if seat in shows else {}
            return
        if shows:  # held until the server has shown these hands
            self.held, self.to_show, self.shown = (seat, move), list(shows), {}
            return
        state.play(move)
        self.entries.append(RecordEntry(seat, str(move)))

    def _unseal(self, seat: int, payload: dict[str, Any]) -> Any:
        """A face-down move: its real cards with the seat's key, else filled cards."""
        state = self.state
        if not isinstance(state, cards.CardGameState) or state.game_id not in sealed.GAMES:
            raise ValueError("this game seals no cards")
        hidden = None if seat not in self.mine else \
            sealed.unseal(self.keys[seat], self.n + 1, str(payload["sealed"]))
        return sealed.unsealed_move(state, seat, str(payload["move"]), hidden)

    def _parse(self, seat: int, text: str) -> Any:
        """Another laptop's 連友 move is read as written (not against the filled hand)."""
        state = self.state
        if isinstance(state, cards.CardGameState) and state.game_id == neki.GAME \
                and seat not in self.mine:
            return neki.parse_as_written(state, seat, text)
        return state.parse_move(text)

    def _place_named_cards(self, seat: int, move: Any, payload: dict[str, Any]) -> None:
        state = self.state
        assert isinstance(state, cards.CardGameState)
        if cards.shows_hand(move):
            shown = [cards.parse_card(text) for text in payload.get("show", [])]
            cards.claim(state, seat, shown, self.mine, whole=True)
        elif not (isinstance(move, cards.CardsMove) and move.verb == "take"):  # 捨札's card
            cards.claim(state, seat, cards.named_cards(move), self.mine)
            neki.keep_named_first(state, seat, move, self.mine)

    def _apply_level_show(self, seat: int | None, payload: dict[str, Any]) -> None:
        """A seat's row showing its cards of the strength being removed; the last applies
        the held removal."""
        assert self.held is not None and self.level is not None
        assert isinstance(self.state, cards.CardGameState)
        if seat != self.to_show[0] or "move" in payload:
            raise ValueError(f"seat {self.to_show[0] + 1} was to show its cards")
        self.shown[seat] = [cards.parse_card(t) for t in payload.get("show", [])]
        self.to_show.pop(0)
        if self.to_show:
            if all(s in self.mine for s in self.to_show):  # only this laptop's seats left:
                trial = self.state.copy()  # the shows so far must fit around their cards
                shown = {**self.shown, **{s: [cards.parse_card(t) for t in
                                              self.show_payload(s)["show"]]
                                          for s in self.to_show}}
                self._place_shows(trial, shown)
            return
        self._place_shows(self.state, self.shown)
        mover, move = self.held
        self.held, self.level, self.shown = None, None, {}
        self.state.play(move)
        self.entries.append(RecordEntry(mover, str(move)))

    def _play_chance(self, move: Any) -> None:
        self.state.play(move)
        self.entries.append(RecordEntry(CHANCE, str(move)))

    def _apply_draw(self, payload: dict[str, Any]) -> None:
        if self.settling:
            if [float(w) for w in payload["weights"]] != [1.0] or int(payload["index"]) != 0:
                raise ValueError("the draw after the shown hands must have one outcome")
            self.settling = False
            return
        if not self.state.is_chance():
            raise ValueError("chance does not act now")
        outcomes = self.state.chance_outcomes()
        weights = [float(w) for w in payload["weights"]]
        mine = [p for _, p in outcomes]
        if len(weights) != len(mine) or any(abs(a - b) > WEIGHT_TOLERANCE
                                            for a, b in zip(weights, mine, strict=True)):
            raise ValueError("the draw's weights differ from this laptop's engine")
        self._play_chance(outcomes[int(payload["index"])][0])

    def _apply_deal(self, payload: dict[str, Any], hidden: Sequence[Hidden]) -> None:
        state = self.state
        if not self.keyed:
            self._apply_keys(payload, hidden)
            return
        if not self.cards or not state.is_chance():
            raise ValueError("no deal is due now")
        assert isinstance(state, cards.CardGameState)
        plan = cards.deal_plan(state)
        if not _same_zones(payload["zones"], plan.zones):
            raise ValueError("the deal's zones differ from this laptop's engine")
        known = {h.seat: h.items for h in hidden
                 if h.seat is not None and h.zone == cards.hand_zone(h.seat)}
        missing = [s for s in self.mine if s not in known]
        if missing:
            raise ValueError(f"seat {missing[0] + 1}'s dealt hand cannot be read")
        for event in cards.deal_events(state, known, self.mine):
            self._play_chance(event)

    def _apply_keys(self, payload: dict[str, Any], hidden: Sequence[Hidden]) -> None:
        """The server's deal of the seats' keys (行戦): this laptop keeps its seats' keys."""
        if not _same_zones(payload["zones"], sealed.key_plan(self.state.num_players).zones):
            raise ValueError("the key deal's zones differ from this laptop's")
        keys = {h.seat: tuple(h.items) for h in hidden
                if h.seat is not None and h.zone == sealed.key_zone(h.seat)}
        missing = [s for s in self.mine if len(keys.get(s, ())) != sealed.KEY_SIZE]
        if missing:
            raise ValueError(f"seat {missing[0] + 1}'s key cannot be read")
        self.keys = {s: keys[s] for s in self.mine}
        self.keyed = True

    def _apply_reveal(self, payload: dict[str, Any], hidden: Sequence[Hidden]) -> None:
        state = self.state
        if self.held is not None:
            self._apply_shown(payload)
            return
        if not self.cards or not state.is_chance():
            raise ValueError("no card is revealed now")
        assert isinstance(state, cards.CardGameState)
        due = self._chance_due()
        to_seat = payload.get("to_seat", payload.get("seat"))
        if not isinstance(due, RevealDue) or due.to_seat != to_seat \
                or int(payload.get("count", 0)) != due.count:
            raise ValueError("this laptop's engine expects another card event")
        if to_seat is None:
            items = list(payload.get("items") or [])
        elif to_seat in self.mine:
            items = [t for h in hidden if h.seat == to_seat for t in h.items]
        else:
            self._play_chance(cards.filler_event(state))
            return
        if len(items) != due.count:
            raise ValueError("the revealed card cannot be read")
        self._play_chance(cards.known_event(state, cards.parse_card(items[0]), self.mine))

    def _apply_shown(self, payload: dict[str, Any]) -> None:
        """One held-back hand revealed publicly; the last one applies the held move."""
        assert self.held is not None and isinstance(self.state, cards.CardGameState)
        seat = self.to_show[0]
        items = list(payload.get("items") or [])
        if payload.get("zone") != cards.hand_zone(seat) or payload.get("to_seat") is not None \
                or len(items) != len(self.state.hands[seat]):
            raise ValueError(f"seat {seat + 1}'s hand was to be shown to everyone")
        self.shown[seat] = [cards.parse_card(text) for text in items]
        self.to_show.pop(0)
        if self.to_show:
            return
        done: list[int] = []
        for shown_seat, shown in self.shown.items():
            cards.claim(self.state, shown_seat, shown, self.mine, whole=True, exclude=done)
            done.append(shown_seat)
        mover, move = self.held
        self.held, self.shown = None, {}
        self.state.play(move)
        self.entries.append(RecordEntry(mover, str(move)))
        self.settling = self.state.is_over()

    # --- エクィリブリオン's dream deck (companion/network/equilibrium.py) ---------------------
    def _equilibrium_due(self) -> Due | None:
        """The server call the due dream card needs (None: the engine's own chance)."""
        state = self.state
        assert isinstance(state, equilibrium.EquilibriumState) and self.eq is not None
        need = equilibrium.need(state, self.eq)
        if isinstance(need, cards.DealPlan):
            return DealDue(need)
        if isinstance(need, equilibrium.Split):
            return DrawDue(need.weights, need.next_by_outcome)
        if isinstance(need, equilibrium.Reveal):
            return RevealDue(1, need.to_seat)
        return None

    def _apply_dream(self, kind: str, payload: dict[str, Any], hidden: Sequence[Hidden]) -> None:
        """A row of a dream card drawn: the deck's zone dealt, the public draw (a chaos card
        or not), or the zone's next card revealed to a seat or to everyone."""
        state, flow = self.state, self.eq
        assert isinstance(state, equilibrium.EquilibriumState) and flow is not None
        due = self._equilibrium_due()
        if kind == DEAL:
            if not isinstance(due, DealDue):
                raise ValueError("no deal is due now")
            equilibrium.check_deal(state, payload["zones"], [
                h.items for h in hidden if h.zone == cards.DECK and h.seat is None])
            flow.dealt = True
        elif kind == CHANCE_ROW:
            if not isinstance(due, DrawDue):
                raise ValueError("this laptop's engine expects the deck's next card")
            chaos = equilibrium.apply_split(state, flow, int(payload["index"]),
                                            payload["weights"], WEIGHT_TOLERANCE)
            if chaos is not None:
                self._play_chance(chaos)
            else:
                self.drawn = texts.NOT_CHAOS
        else:
            to_seat = payload.get("to_seat")
            if not isinstance(due, RevealDue) or due.to_seat != to_seat \
                    or payload.get("zone") != cards.DECK or int(payload.get("count", 0)) != 1:
                raise ValueError("this laptop's engine expects another card event")
            seeded = state.steps[0][0] == "seed"
            if to_seat is not None and to_seat not in self.mine:
                equilibrium.draw_hidden(state)
                self.entries.append(RecordEntry(CHANCE, equilibrium.HIDDEN_DRAW))
            else:
                items = list(payload.get("items") or []) if to_seat is None else \
                    [t for h in hidden if h.seat == to_seat and h.zone == "draw" for t in h.items]
                if len(items) != 1:
                    raise ValueError("the revealed card cannot be read")
                self._play_chance(equilibrium.drawn_card(state, str(items[0])))
            flow.card_due = False
            self.settling = equilibrium.settles(seeded, state)

    # --- the whole game --------------------------------------------------------------------
    def record(self) -> GameRecord:
        return GameRecord(self.game_id, self.state.num_players, NETWORK_SEED,
                          dict(self.options), list(self.entries))


def _same_zones(written: Sequence[dict[str, Any]], planned: Sequence[dict[str, Any]]) -> bool:
    """The deal row's zones are the planned ones (the rest zone's count filled in)."""
    if len(written) != len(planned):
        return False
    return all(w.get("zone") == p["zone"] and w.get("seat") == p["seat"]
               and (p["count"] is None or w.get("count") == p["count"])
               for w, p in zip(written, planned, strict=True))


@dataclass(frozen=True)
class Confirmation:
    """The end check: the whole game replayed from the rows with every card known."""

    record: GameRecord | None
    outcome: Outcome | None
    agrees: bool
    fault: Fault | None = None


def replay_whole(game_id: str, num_players: int, options: dict[str, Any],
                 rows: Sequence[Row], hidden: Sequence[Hidden]) -> TableSession:
    """The rows applied with every seat known (every hidden row readable: a finished table)."""
    whole = TableSession(game_id, num_players, options, range(num_players))
    for row in rows:
        whole.apply(row, hidden)
    return whole


def confirm(session: TableSession, rows: Sequence[Row],
            hidden: Sequence[Hidden]) -> Confirmation:
    """Replay the finished table whole and compare its result with `session`'s."""
    whole = replay_whole(session.game_id, session.state.num_players, session.options, rows,
                         hidden)
    if whole.fault is not None or not whole.state.is_over():
        return Confirmation(None, None, False, whole.fault)
    outcome = whole.state.outcome()
    mine = session.state.outcome()
    agrees = outcome is not None and mine is not None and \
        tuple(outcome.scores) == tuple(mine.scores) and outcome.winners == mine.winners
    return Confirmation(whole.record(), outcome, agrees)
