"""Etariya digital play: the rules engine on the shared `GameState` API (two seats).

Seat 0 always moves first; its faction comes from the chance event ``first L|D`` (the
rulebook's small-sheet draw, or fixed by the option ``first_faction``). The centre cell takes
the second player's faction. A turn places every stone in hand one at a time (a seat move each),
then draws back up to three from the bag; the turn ends by itself once the hand is empty (and,
with D, the power chip is placed or cannot be). Dominance is checked after every stone and the
game ends at once when a faction holds four dominance chips (E: seven points of score chips).
If the stones run out first, the side with more chips (E: points) wins, else it is a draw.

Expansions (options ``expansions``): A open sets, B the C-shaped line, C acceleration,
D power chips, E score chips. A and B exclude each other (`check_options`).

There is no hidden information: hands, sets, the line and all chips lie face up; what is not
known yet (the bag's order) is chance, drawn when it happens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome
from companion.core.chance import bag_outcomes
from companion.core.errors import IllegalMoveError
from companion.games.etariya.board import (
    CELLS,
    CENTRE,
    CODES,
    CORNER_INDEXES,
    DARK,
    LIGHT,
    NEIGHBOURS,
    SHEETS,
    SIDES,
    STONES_PER_COLOUR,
    MapFace,
    Placement,
    cell_at,
    cell_name,
    colour_name,
    default_faces,
    face_problems,
    index,
    slot_indexes,
)
from companion.games.etariya.moves import (
    Accelerate,
    ChooseSet,
    Draw,
    DrawPower,
    FirstFaction,
    MapEvent,
    Pair,
    Place,
    PowerChip,
    TakeEnd,
    parse_move,
)

EXPANSIONS = ("A", "B", "C", "D", "E")
#: Score-chip values (E): not in the rulebook; the product's default (see rules/etariya.md).
SCORE_VALUES: tuple[int, ...] = (1, 1, 1, 2, 2, 3, 4)
WIN_CHIPS = 4
WIN_POINTS = 7
HAND = 3
ACCEL_CHIPS = 2
POWER_CHIPS = {"W": 9, "B": 9}
SETS = 3

PLACE: dict[str, tuple[Place, ...]] = {c: tuple(Place(c, cell_at(i)) for i in range(CELLS))
                                       for c in CODES}
POWER_AT: tuple[PowerChip, ...] = tuple(PowerChip(cell_at(i)) for i in range(CELLS))
ACCEL = Accelerate()
DRAWS: dict[str, Draw] = {c: Draw(c) for c in CODES}
FIRST_STONE_CELLS: tuple[int, ...] = tuple(i for i in range(CELLS) if i not in CORNER_INDEXES)
#: Map events per (faces, slot, sheets used, forced map): the same few every game (a bot's
#: playouts all start with them); the faces are kept with them so that an id is not reused.
_MAP_OUTCOMES: dict[tuple[Any, ...], tuple[Any, tuple[Any, ...]]] = {}
MAP_OUTCOMES_KEPT = 4096


def other(faction: str) -> str:
    return DARK if faction == LIGHT else LIGHT


def check_options(options: Mapping[str, Any]) -> None:
    """A and B exclude each other (the rulebook says so in both sections)."""
    from companion.games.registry import OptionError

    chosen = set(options.get("expansions", ()))
    if {"A", "B"} <= chosen:
        raise OptionError("Etariya: expansion A (set selection) cannot be combined with "
                          "B (the C-shaped line); choose one of them",
                          "エタリヤ: 拡張A（セット選択）と拡張B（神石全開）は一緒に使えません。"
                          "どちらか一つを選んでください")


@dataclass
class EtariyaState(GameState):
    game_id = "etariya"

    expansions: frozenset[str] = frozenset()
    faces: tuple[MapFace, ...] = ()
    forced: dict[str, Any] = field(default_factory=dict)  # fixed setup events
    # map
    placements: list[Placement] = field(default_factory=list)
    base: list[str] = field(default_factory=list)  # 49 factions printed on the map
    factions: list[str] = field(default_factory=list)  # per seat, once drawn
    # board
    faction: list[str] = field(default_factory=list)  # 49 factions with power chips applied
    stone: list[str] = field(default_factory=list)  # 49 colour codes, "" when empty
    height: list[int] = field(default_factory=list)
    power: list[str] = field(default_factory=list)  # 49 strings of power chips, bottom first
    cells_of: dict[str, list[int]] = field(default_factory=dict)
    counts: dict[str, dict[str, int]] = field(default_factory=dict)  # colour → faction → n
    # supplies
    bag: dict[str, int] = field(default_factory=dict)
    hands: list[list[str]] = field(default_factory=list)
    sets: list[list[str]] = field(default_factory=list)  # A
    line: list[str] = field(default_factory=list)  # B, left end first
    accel: list[int] = field(default_factory=list)  # C
    power_hand: list[str] = field(default_factory=list)  # D: "W"/"B"/"" per seat
    power_pool: dict[str, int] = field(default_factory=dict)
    score_pool: list[int] = field(default_factory=list)  # E: values not yet paired
    pairing: dict[str, int] = field(default_factory=dict)  # E: colour → score chip value
    dominance: dict[str, str] = field(default_factory=dict)  # colour → faction
    # flow
    queue: list[tuple[str, int]] = field(default_factory=list)  # pending chance events
    awaiting_turn: bool = True
    mover: int = 0
    turn: int = 0  # turns begun so far
    chosen: int = -1  # A: set index taken this turn; B: 0 left / 1 right
    placed: int = 0  # stones placed this turn
    power_done: bool = False
    accelerated: bool = False
    winner: str = ""  # faction
    over: bool = False
    reason: str = ""
    _legal: tuple[Any, ...] | None = field(default=None, repr=False, compare=False)

    # --- construction -------------------------------------------------------------------------
    @classmethod
    def start(cls, options: Mapping[str, Any] | None = None,
              faces: Sequence[MapFace] | None = None, setup: Any = None) -> EtariyaState:
        options = dict(options or {})
        expansions = frozenset(options.get("expansions", ()))
        check_options({"expansions": sorted(expansions)})
        state = cls(2, options, expansions, tuple(faces or default_faces()))
        state.base = ["?"] * CELLS
        state.faction = ["?"] * CELLS
        state.stone = [""] * CELLS
        state.height = [0] * CELLS
        state.power = [""] * CELLS
        state.cells_of = {c: [] for c in CODES}
        state.counts = {c: {LIGHT: 0, DARK: 0} for c in CODES}
        state.bag = {c: STONES_PER_COLOUR for c in CODES}
        state.hands = [[], []]
        state.sets = [[] for _ in range(SETS)] if "A" in expansions else []
        state.accel = [ACCEL_CHIPS, ACCEL_CHIPS] if "C" in expansions else [0, 0]
        state.power_hand = ["", ""]
        state.power_pool = dict(POWER_CHIPS) if "D" in expansions else {}
        state.score_pool = list(SCORE_VALUES) if "E" in expansions else []
        forced: dict[str, Any] = {}
        first = str(options.get("first_faction", "draw"))
        if first in ("light", "dark"):
            forced["first"] = LIGHT if first == "light" else DARK
        if setup is not None:
            if "E" in expansions and tuple(setup.score_values) != SCORE_VALUES:
                raise ValueError("digital play uses the score chips "
                                 + ", ".join(map(str, SCORE_VALUES)))
            forced["first"] = setup.first
            forced["map"] = {p.slot: (p.face.id, p.turned) for p in setup.placements}
            state.faces = tuple(_faces_with(state.faces, [p.face for p in setup.placements]))
            if "E" in expansions and setup.score_pairing:
                forced["pair"] = dict(zip(CODES, setup.score_pairing, strict=True))
        state.forced = forced
        queue: list[tuple[str, int]] = [("first", 0)] + [("map", s) for s in (1, 2, 3, 4)]
        if "E" in expansions:
            queue += [("pair", i) for i in range(len(CODES))]
        if "D" in expansions:
            queue += [("power", 0), ("power", 1)]
        if "A" in expansions:
            queue += [("set", i) for i in range(SETS) for _ in range(HAND)]
        elif "B" in expansions:
            queue += [("line", 0)] * (len(CODES) * STONES_PER_COLOUR)
        else:
            queue += [("hand", 0)] * HAND + [("hand", 1)] * HAND
        state.queue = queue
        return state

    def copy(self) -> Self:
        other = object.__new__(type(self))
        d = other.__dict__
        d.update(self.__dict__)
        d["forced"] = {k: dict(v) if isinstance(v, dict) else v for k, v in self.forced.items()}
        d["placements"] = list(self.placements)
        d["base"] = list(self.base)
        d["factions"] = list(self.factions)
        d["faction"] = list(self.faction)
        d["stone"] = list(self.stone)
        d["height"] = list(self.height)
        d["power"] = list(self.power)
        d["cells_of"] = {c: list(v) for c, v in self.cells_of.items()}
        d["counts"] = {c: dict(v) for c, v in self.counts.items()}
        d["bag"] = dict(self.bag)
        d["hands"] = [list(h) for h in self.hands]
        d["sets"] = [list(s) for s in self.sets]
        d["line"] = list(self.line)
        d["accel"] = list(self.accel)
        d["power_hand"] = list(self.power_hand)
        d["power_pool"] = dict(self.power_pool)
        d["score_pool"] = list(self.score_pool)
        d["pairing"] = dict(self.pairing)
        d["dominance"] = dict(self.dominance)
        d["queue"] = list(self.queue)
        return other

    # --- queries ------------------------------------------------------------------------------
    def bag_count(self) -> int:
        return sum(self.bag.values())

    def board_factions(self) -> tuple[str, ...]:
        """7 rows of 'L'/'D' as the board shows now (power chips applied; '?' before the map)."""
        return tuple("".join(self.faction[r * 7:(r + 1) * 7]) for r in range(7))

    def stack(self, cell: tuple[int, int]) -> tuple[str, ...]:
        i = index(cell)
        return (self.stone[i],) * self.height[i]

    def power_chips(self, cell: tuple[int, int]) -> tuple[str, ...]:
        return tuple(self.power[index(cell)])

    def hand(self, seat: int) -> tuple[str, ...]:
        return tuple(self.hands[seat])

    def seat_of(self, faction: str) -> int:
        return self.factions.index(faction) if faction in self.factions else -1

    def chips(self, seat: int) -> int:
        """Dominance chips held by `seat`."""
        if not self.factions:
            return 0
        return sum(1 for f in self.dominance.values() if f == self.factions[seat])

    def points(self, seat: int) -> int:
        """Score-chip points held by `seat` (E)."""
        if not self.factions:
            return 0
        return sum(self.pairing.get(c, 0) for c, f in self.dominance.items()
                   if f == self.factions[seat])

    def stones_on_board(self) -> int:
        return sum(self.height)

    def stone_targets(self, colour: str) -> list[tuple[int, int]]:
        """Cells where a stone of `colour` may go now (ignores whose hand holds it)."""
        return [cell_at(i) for i in self._targets(colour)]

    def power_targets(self) -> list[tuple[int, int]]:
        """Cells where the mover's power chip may go now."""
        if self.over or self.queue or not self.power_hand:
            return []
        return [cell_at(i) for i in self._power_cells(self.power_hand[self.mover])]

    def _targets(self, colour: str) -> list[int]:
        cells = self.cells_of[colour]
        stone = self.stone
        if not cells:
            return [i for i in FIRST_STONE_CELLS if not stone[i]]
        found = {n for i in cells for n in NEIGHBOURS[i] if not stone[n]}
        if found:
            return sorted(found)
        return sorted(cells)

    def _power_cells(self, chip: str) -> list[int]:
        if not chip:
            return []
        wrong = DARK if chip == "W" else LIGHT  # the chip must change the cell's faction
        stone, faction = self.stone, self.faction
        return [i for i in range(CELLS) if not stone[i] and faction[i] == wrong
                and any(stone[n] for n in NEIGHBOURS[i])]

    def _power_pending(self) -> bool:
        return "D" in self.expansions and bool(self.power_hand[self.mover]) \
            and not self.power_done

    def _choice_needed(self) -> bool:
        return ("A" in self.expansions or "B" in self.expansions) and self.chosen < 0

    def _can_accelerate(self) -> bool:
        if "C" not in self.expansions or self.accelerated or self.accel[self.mover] <= 0:
            return False
        if self.placed or self.power_done or self._choice_needed():
            return False
        if "B" in self.expansions:
            return bool(self.line)
        return self.bag_count() > 0

    # --- the API ------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.over:
            return TERMINAL
        if self.queue:
            return CHANCE
        return self.mover

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if self.over or not self.queue:
            return []
        kind, arg = self.queue[0]
        if kind == "first":
            forced = self.forced.get("first")
            if forced:
                return [(FirstFaction(forced), 1.0)]
            return [(FirstFaction(LIGHT), 0.5), (FirstFaction(DARK), 0.5)]
        if kind == "map":
            return self._map_outcomes(arg)
        if kind == "pair":
            colour = CODES[arg]
            forced_pairs = self.forced.get("pair")
            if forced_pairs:
                return [(Pair(colour, forced_pairs[colour]), 1.0)]
            values = {v: self.score_pool.count(v) for v in sorted(set(self.score_pool))}
            return [(Pair(colour, v), p) for v, p in bag_outcomes(values)]
        if kind == "power":
            return [(DrawPower(c), p) for c, p in bag_outcomes(self.power_pool)]
        total = sum(self.bag.values())
        return [(DRAWS[c], n / total) for c, n in self.bag.items() if n]

    def _map_outcomes(self, slot: int) -> list[tuple[Any, float]]:
        used = frozenset(p.face.sheet for p in self.placements)
        forced = self.forced.get("map")
        key = (id(self.faces), slot, used, tuple(sorted(forced.items())) if forced else ())
        known = _MAP_OUTCOMES.get(key)
        if known is None or known[0] is not self.faces:  # the id of faces no longer alive
            if len(_MAP_OUTCOMES) > MAP_OUTCOMES_KEPT:
                _MAP_OUTCOMES.clear()
            known = _MAP_OUTCOMES[key] = (self.faces, self._list_map_outcomes(slot, used))
        return list(known[1])

    def _list_map_outcomes(self, slot: int, used: frozenset[int]) -> tuple[Any, ...]:
        forced = self.forced.get("map")
        options = []
        for face in self.faces:
            if face.sheet in used:
                continue
            for turned in (False, True):
                if forced and forced[slot] != (face.id, turned):
                    continue
                options.append(MapEvent(slot, face.id, turned, face.rows))
        return tuple((m, 1.0 / len(options)) for m in options)

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            self._legal = tuple(self._compute_legal())  # a copy may share it: never changed
        return list(self._legal)

    def _compute_legal(self) -> list[Any]:
        if self.over:
            return []
        if self.queue:
            return [m for m, _ in self.chance_outcomes()]
        if "A" in self.expansions and self.chosen < 0:
            return [ChooseSet(i + 1) for i, s in enumerate(self.sets) if s]
        if "B" in self.expansions and self.chosen < 0:
            return [TakeEnd("left")] + ([TakeEnd("right")] if len(self.line) > HAND else [])
        moves: list[Any] = []
        hand = self.hands[self.mover]
        for colour in CODES:
            if colour in hand:
                table = PLACE[colour]
                moves += [table[i] for i in self._targets(colour)]
        if self._power_pending():
            moves += [POWER_AT[i] for i in self._power_cells(self.power_hand[self.mover])]
        if self._can_accelerate():
            moves.append(ACCEL)
        return moves

    def play(self, move: Any) -> None:
        """Apply `move`; `IllegalMoveError` (state unchanged) if it is not legal.

        A recorded map event whose face differs from the faces in use is accepted when it is a
        valid face of an unused sheet: the record keeps the map it was played on."""
        if move in self.legal_moves() or self._is_recorded_map(move):
            self._apply(move)
            return
        raise IllegalMoveError(move, self.describe(), self.why_illegal(move))

    def _is_recorded_map(self, move: Any) -> bool:
        if not isinstance(move, MapEvent) or not self.queue or self.queue[0] != ("map",
                                                                                  move.slot):
            return False
        if "map" in self.forced:
            return False
        sheet, side = int(move.face_id[0]), move.face_id[1]
        if sheet in {p.face.sheet for p in self.placements} or not 1 <= sheet <= SHEETS \
                or side not in SIDES:
            return False
        return not face_problems(MapFace(sheet, side, move.rows))

    def _apply(self, move: Any) -> None:
        self._legal = None
        if self.queue:
            self._apply_chance(move)
            if not self.queue and self.awaiting_turn and not self.over:
                self.awaiting_turn = False
                self._begin_turn()
            return
        seat = self.mover
        if type(move) is Place:
            self._place(seat, move.colour, move.cell[0] * 7 + move.cell[1])
        elif isinstance(move, PowerChip):
            i = index(move.cell)
            chip = self.power_hand[seat]
            self.power[i] += chip
            self.faction[i] = LIGHT if chip == "W" else DARK
            self.power_hand[seat] = ""
            self.power_done = True
        elif isinstance(move, Accelerate):
            self.accel[seat] -= 1
            self.accelerated = True
            if "B" in self.expansions:
                self.hands[seat].append(self.line.pop(0 if self.chosen == 0 else -1))
            else:
                self.queue.append(("hand", seat))
            return
        elif isinstance(move, ChooseSet):
            self.chosen = move.number - 1
            self.hands[seat] = self.sets[self.chosen]
            self.sets[self.chosen] = []
            return
        elif isinstance(move, TakeEnd):
            take = min(HAND, len(self.line))
            if move.end == "left":
                self.chosen = 0
                self.hands[seat], self.line = self.line[:take], self.line[take:]
            else:
                self.chosen = 1
                self.hands[seat] = self.line[len(self.line) - take:]
                self.line = self.line[:len(self.line) - take]
            return
        if not self.over and not self.hands[seat] and not (
                self._power_pending() and self._power_cells(self.power_hand[seat])):
            self._end_turn()

    def _apply_chance(self, move: Any) -> None:
        kind, arg = self.queue.pop(0)
        if type(move) is Draw:
            self.bag[move.colour] -= 1
            if kind == "hand":
                self.hands[arg].append(move.colour)
            elif kind == "set":
                self.sets[arg].append(move.colour)
            else:
                self.line.append(move.colour)
        elif isinstance(move, FirstFaction):
            self.factions = [move.faction, other(move.faction)]
            self.base[index(CENTRE)] = other(move.faction)
            self.faction[index(CENTRE)] = other(move.faction)
        elif isinstance(move, MapEvent):
            placement, cells = _laid(move)
            self.placements.append(placement)
            for i, f in cells:
                self.base[i] = f
                self.faction[i] = f
        elif isinstance(move, Pair):
            self.pairing[move.colour] = move.value
            self.score_pool.remove(move.value)
        elif isinstance(move, DrawPower):
            self.power_pool[move.chip] -= 1
            self.power_hand[arg] = move.chip

    def _place(self, seat: int, colour: str, i: int) -> None:
        self.hands[seat].remove(colour)
        if self.stone[i]:
            self.height[i] += 1
        else:
            self.stone[i] = colour
            self.height[i] = 1
            self.cells_of[colour].append(i)
        self.placed += 1
        faction = self.faction[i]
        counts = self.counts[colour]
        counts[faction] += 1
        if colour not in self.dominance and counts[faction] >= 4:
            self.dominance[colour] = faction
            self._check_win(faction)

    def _check_win(self, faction: str) -> None:
        if "E" in self.expansions:
            points = sum(self.pairing.get(c, 0) for c, f in self.dominance.items()
                         if f == faction)
            if points >= WIN_POINTS:
                self._finish(faction, f"{WIN_POINTS} points of score chips")
        elif sum(1 for f in self.dominance.values() if f == faction) >= WIN_CHIPS:
            self._finish(faction, f"{WIN_CHIPS} dominance chips")

    def _finish(self, faction: str, reason: str) -> None:
        self.over, self.winner, self.reason = True, faction, reason
        self.queue = []

    def _end_turn(self) -> None:
        seat = self.mover
        bag = self.bag_count()
        if "A" in self.expansions:
            self.queue += [("set", self.chosen)] * min(HAND, bag)
        elif "B" not in self.expansions:
            self.queue += [("hand", seat)] * min(HAND, bag)
        pool = sum(self.power_pool.values())
        if "D" in self.expansions and not self.power_hand[seat] and pool > 0:
            self.queue.append(("power", seat))
        self.mover = 1 - seat
        self.awaiting_turn = True
        if not self.queue:
            self.awaiting_turn = False
            self._begin_turn()

    def _has_stones(self, seat: int) -> bool:
        if "A" in self.expansions:
            return any(self.sets)
        if "B" in self.expansions:
            return bool(self.line)
        return bool(self.hands[seat])

    def _begin_turn(self) -> None:
        self.turn += 1
        self.chosen, self.placed = -1, 0
        self.power_done = self.accelerated = False
        if not self._has_stones(self.mover):
            self.over, self.reason = True, "the stones ran out"
            lead = [self._measure(s) for s in (0, 1)]
            if lead[0] != lead[1]:
                self.winner = self.factions[0 if lead[0] > lead[1] else 1]

    def _measure(self, seat: int) -> int:
        return self.points(seat) if "E" in self.expansions else self.chips(seat)

    def parse_move(self, text: str) -> Any:
        return parse_move(text)

    # --- result -------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if not self.over:
            return None
        winners = frozenset({self.seat_of(self.winner)}) if self.winner else frozenset()
        scores = tuple(float(self._measure(s)) for s in (0, 1))
        breakdown = tuple({"chips": float(self.chips(s)), "points": float(self.points(s))}
                          for s in (0, 1))
        detail = self.reason if self.winner else f"{self.reason}: a draw"
        return Outcome(scores, winners, breakdown=breakdown, detail=detail)

    def why_illegal(self, move: Any) -> str:
        if self.over:
            return "the game is over"
        if self.queue:
            return "chance acts now (a draw or the setup)"
        if self._choice_needed() and not isinstance(move, (ChooseSet, TakeEnd)):
            return ("choose one of the open sets first" if "A" in self.expansions
                    else "choose an end of the line first")
        if isinstance(move, (ChooseSet, TakeEnd)):
            if not self._choice_needed():
                return "the stones for this turn are already taken"
            return "that set is empty" if isinstance(move, ChooseSet) else "not a usable end"
        if isinstance(move, Place):
            return self._why_not_place(move)
        if isinstance(move, PowerChip):
            if "D" not in self.expansions:
                return "power chips are used only with expansion D"
            if not self._power_pending():
                return "no power chip to place this turn"
            return ("a power chip goes on an empty cell next to a stone, and must change "
                    "that cell's faction")
        if isinstance(move, Accelerate):
            if "C" not in self.expansions:
                return "acceleration is used only with expansion C"
            if self.accel[self.mover] <= 0:
                return "no acceleration chip left"
            if self.accelerated:
                return "acceleration only once per turn"
            if self.placed or self.power_done:
                return "acceleration is declared before the first stone of the turn"
            return "no stone left to take"
        return "not a move for a seat now"

    def _why_not_place(self, move: Place) -> str:
        name = colour_name(move.colour)
        i = index(move.cell)
        if move.colour not in self.hands[self.mover]:
            return f"no {name} stone in hand"
        if not self.cells_of[move.colour]:
            if i in CORNER_INDEXES:
                return f"the first {name} stone may not go on a corner"
            return f"the first {name} stone goes on an empty cell"
        if self.stone[i] and self.stone[i] != move.colour:
            return f"{cell_name(move.cell)} holds a {colour_name(self.stone[i])} stone"
        if self.stone[i]:
            return (f"a {name} stone is stacked only when no empty cell is next to a "
                    f"{name} stone")
        return f"a {name} stone must go on an empty cell next to a {name} stone"

    # --- text ---------------------------------------------------------------------------------
    def describe(self) -> str:
        exp = "".join(sorted(self.expansions)) or "-"
        if self.over:
            who = f"over ({self.reason}), winner {self.winner or 'none'}"
        elif self.queue:
            who = f"chance {self.queue[0][0]} (queue {len(self.queue)})"
        else:
            who = f"seat {self.mover + 1} to move"
        cells = []
        for i in range(CELLS):
            text = self.faction[i]
            if self.stone[i]:
                text += f"{self.stone[i]}{self.height[i]}"
            if self.power[i]:
                text += f"[{self.power[i]}]"
            cells.append(text)
        rows = "/".join(",".join(cells[r * 7:(r + 1) * 7]) for r in range(7))
        dom = ",".join(f"{c}{f}" for c, f in sorted(self.dominance.items())) or "-"
        extra = []
        if self.sets:
            extra.append("sets " + "|".join("".join(s) for s in self.sets))
        if "B" in self.expansions:
            extra.append("line " + "".join(self.line))
        if "C" in self.expansions:
            extra.append(f"accel {self.accel[0]}/{self.accel[1]}")
        if "D" in self.expansions:
            extra.append(f"power {self.power_hand[0] or '-'}/{self.power_hand[1] or '-'} "
                         f"pool {self.power_pool.get('W', 0)}W{self.power_pool.get('B', 0)}B")
        if "E" in self.expansions:
            extra.append("pairs " + ",".join(f"{c}{v}" for c, v in self.pairing.items()))
        return (f"Etariya [{exp}] turn {self.turn}, {who}; factions "
                f"{''.join(self.factions) or '?'}; hands {''.join(self.hands[0])}|"
                f"{''.join(self.hands[1])}; bag {self.bag_count()}; turn state "
                f"{self.chosen}/{self.placed}/{int(self.power_done)}/{int(self.accelerated)}; "
                f"dominance {dom}; {'; '.join(extra)}{'; ' if extra else ''}board {rows}")

    def invariant_errors(self) -> Sequence[str]:
        errors = []
        for colour in CODES:
            held = sum(h.count(colour) for h in self.hands)
            held += sum(s.count(colour) for s in self.sets) + self.line.count(colour)
            on_board = sum(self.height[i] for i in range(CELLS) if self.stone[i] == colour)
            total = self.bag[colour] + held + on_board
            if total != STONES_PER_COLOUR:
                errors.append(f"{colour}: {total} stones instead of {STONES_PER_COLOUR}")
            if sum(self.counts[colour].values()) != on_board:
                errors.append(f"{colour}: counted {self.counts[colour]} but {on_board} placed")
            if self.bag[colour] < 0:
                errors.append(f"{colour}: bag below zero")
            reached = [f for f, n in self.counts[colour].items() if n >= 4]
            if reached != ([self.dominance[colour]] if colour in self.dominance else []):
                errors.append(f"{colour}: dominance {self.dominance.get(colour)} but counts "
                              f"{self.counts[colour]}")
            cells = sorted(i for i in range(CELLS) if self.stone[i] == colour)
            if cells != sorted(self.cells_of[colour]):
                errors.append(f"{colour}: cell list out of step")
        if any(h < 0 or (h == 0) != (not s) for h, s in zip(self.height, self.stone,
                                                              strict=True)):
            errors.append("a stack height does not match its stone")
        for seat in (0, 1):
            if len(self.hands[seat]) > HAND + 1:
                errors.append(f"seat {seat} holds {len(self.hands[seat])} stones")
        if any(len(s) > HAND for s in self.sets):
            errors.append("an open set holds more than three stones")
        if len(self.placements) == 4 and self.factions and "?" in self.base:
            errors.append("a map cell has no faction")
        if self.power_pool and (sum(self.power_pool.values()) + sum(len(p) for p in self.power)
                                + sum(1 for h in self.power_hand if h)) != 18:
            errors.append("power chips are not 18")
        chips = [self.chips(s) for s in (0, 1)]
        if not self.over and "E" not in self.expansions and max(chips) >= WIN_CHIPS:
            errors.append(f"the game goes on with {chips} dominance chips")
        if self.over and self.winner and "E" not in self.expansions and \
                self.reason != "the stones ran out" and max(chips) != WIN_CHIPS:
            errors.append(f"won with {chips} dominance chips")
        return errors


@cache
def _laid(event: MapEvent) -> tuple[Placement, tuple[tuple[int, str], ...]]:
    """A map event's placement and (cell index, faction) pairs (the same few every game)."""
    face = MapFace(int(event.face_id[0]), event.face_id[1], tuple(event.rows))
    cells = tuple(zip(slot_indexes(event.slot, event.turned), face.pattern, strict=True))
    return Placement(event.slot, face, event.turned), cells


def _faces_with(faces: Sequence[MapFace], extra: Sequence[MapFace]) -> list[MapFace]:
    by_id = {f.id: f for f in faces}
    by_id.update({f.id: f for f in extra})
    return sorted(by_id.values(), key=lambda f: (f.sheet, f.side))


def new_state(num_players: int, options: dict[str, Any],
              faces: Sequence[MapFace] | None = None, setup: Any = None) -> EtariyaState:
    """The start position (setup events still to be drawn as chance)."""
    if num_players != 2:
        raise ValueError(f"Etariya is for 2 players, not {num_players}")
    return EtariyaState.start(options, faces, setup)


__all__ = ["EXPANSIONS", "SCORE_VALUES", "EtariyaState", "check_options",
           "new_state"]
