"""Sorani's digital play on the app's own reconstruction of the components (`catalogue`).

A game: setup (chance: who gets the Coyote board, the other boards, the dark-sky card and its
turn, the face-up special-feature cards, the planets on the track from the centre outwards,
four planets face down as the reserve), then 12 rounds of

1. preparation — chance draws the display (3/4/5 star clusters and as many branch tiles;
   round 12's branch tiles come from the five set aside); when the track is empty the face-down
   reserve goes on its four centre spaces, once;
2. draft — the sun player takes any tile, the others clockwise take the same kind, then the
   other kind from the last picker counter-clockwise (`tracker.draft_order`; solo: one of each).
   A cluster without a white star may be traded at once for a planet next to its mark on the
   track. The moment a seat holds one tile of each kind it
3. places them — a branch on an empty cross touching a round tile (guiding stars count, dark
   skies do not), turned in 90° steps; a cluster, planet or feature on an empty round space
   touching a branch tile. A tile that fits nowhere (when nothing held fits) is discarded;
4. special-feature draft — for every dark sky a seat surrounded this round, one pick in passes
   from the sun player clockwise (`tracker.feature_order`): a face-up card, or two drawn from
   one deck (keep one, the other goes face up); at most two cards of each star value; the
   feature's tile is placed at once (a seat without a card to take or a space to place it
   skips the pick);
5. clean-up (not in round 12) — unpicked tiles go back to their bags, an empty card row gets
   one card from its deck, the sun passes clockwise.

The boards are then scored by the score pad's code (`board.score_boards`). Hidden from
everybody: the face-down reserve (`view` shows "?", `determinize` samples it from the planets
never seen); the two cards a seat draws are its own until it keeps one.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome, Termination
from companion.core.errors import IllegalMoveError
from companion.games.sorani import board as bd
from companion.games.sorani.board import Board
from companion.games.sorani.catalogue import Catalogue, catalogue
from companion.games.sorani.moves import (
    Deal,
    Discard,
    DrawCards,
    Keep,
    Place,
    Take,
    TakeCard,
    parse_move,
)
from companion.games.sorani.profile import profile
from companion.games.sorani.scoring import CATEGORIES, GameResult
from companion.games.sorani.tracker import (
    ROUNDS,
    Phase,
    draft_order,
    feature_order,
    sun_seat,
)

HIDDEN = "?"
CLUSTER, BRANCH = "cluster", "branch"
#: Cards of each star value a player may hold.
CARDS_PER_VALUE = profile().feature_cards_per_value
VALUES = tuple(profile().feature_star_values)
#: Solo: VP that count as a full share of victory for the bots (utility = VP / this).
SOLO_UTILITY_VP = 100.0


@dataclass
class SoraniState(GameState):
    """A Sorani position. Seats are counted from 0 clockwise."""

    game_id: ClassVar[str] = "sorani"

    boards: list[Board] = field(default_factory=list)
    first_seat: int = 0
    round: int = 0  # 0 during setup
    phase: Phase = Phase.PREPARATION
    #: chance still to come, first first: (what, star value or 0)
    pending: list[tuple[str, int]] = field(default_factory=list)
    clusters_shown: list[str] = field(default_factory=list)
    branches_shown: list[str] = field(default_factory=list)
    cluster_bag: dict[str, int] = field(default_factory=dict)
    branch_bag: dict[str, int] = field(default_factory=dict)
    aside: dict[str, int] = field(default_factory=dict)  # round 12's branch tiles
    track: list[str] = field(default_factory=list)
    reserve: list[str] = field(default_factory=list)
    reserve_entered: bool = False
    box: dict[str, int] = field(default_factory=dict)  # planets not laid (nor in the reserve)
    decks: dict[int, list[str]] = field(default_factory=dict)
    rows: dict[int, list[str]] = field(default_factory=dict)
    sky: str = ""  # dark-sky card id and turn, "3 90"
    order: list[int] = field(default_factory=list)
    step: int = 0
    first_kind: str = ""
    placing: int = -1
    picks: list[int] = field(default_factory=list)
    pick: int = 0
    drawn: list[str] = field(default_factory=list)
    drawn_from: int = 0
    traded: int = 0  # clusters given up for planets
    discarded: list[str] = field(default_factory=list)  # tiles that fitted nowhere

    # --- setup -------------------------------------------------------------------------------
    @classmethod
    def start(cls, num_players: int, options: dict[str, Any] | None = None) -> SoraniState:
        cat = catalogue()
        n = num_players
        state = cls(num_players=n, options=dict(options or {}))
        state.boards = [Board.empty(cat) for _ in range(n)]
        state.cluster_bag = {k.id: k.count for k in cat.clusters}
        state.branch_bag = {k.id: k.bag for k in cat.branches}
        state.aside = {k.id: k.round12 for k in cat.branches if k.round12}
        state.track = [""] * cat.track_spaces
        state.box = {c.id: cat.planets_per_colour for c in cat.colours}
        state.decks = {v: sorted((f.id for f in cat.features if f.stars == v), key=_feature_key)
                       for v in VALUES}
        state.rows = {v: [] for v in VALUES}
        offer = n + 1
        state.pending = ([("coyote", 0)] + [("board", 0)] * (n - 1) + [("sky", 0)]
                         + [("offer", v) for v in VALUES for _ in range(offer)]
                         + [("track", 0)] * profile().track_planets[n]
                         + [("reserve", 0)] * profile().reserve_planets)
        return state

    def copy(self) -> Self:
        return type(self)(
            num_players=self.num_players, options=self.options,
            boards=[b.copy() for b in self.boards], first_seat=self.first_seat,
            round=self.round, phase=self.phase, pending=self.pending[:],
            clusters_shown=self.clusters_shown[:], branches_shown=self.branches_shown[:],
            cluster_bag=dict(self.cluster_bag), branch_bag=dict(self.branch_bag),
            aside=dict(self.aside), track=self.track[:], reserve=self.reserve[:],
            reserve_entered=self.reserve_entered, box=dict(self.box),
            decks={v: d[:] for v, d in self.decks.items()},
            rows={v: r[:] for v, r in self.rows.items()}, sky=self.sky,
            order=self.order[:], step=self.step, first_kind=self.first_kind,
            placing=self.placing, picks=self.picks[:], pick=self.pick, drawn=self.drawn[:],
            drawn_from=self.drawn_from, traded=self.traded, discarded=self.discarded[:])

    # --- where we are ------------------------------------------------------------------------
    @property
    def sun(self) -> int:
        return sun_seat(self.first_seat, self.num_players, max(self.round, 1))

    def to_move(self) -> int:
        if self.phase is Phase.SCORING:
            return TERMINAL
        if self.pending:
            return CHANCE
        if self.placing >= 0:
            return self.placing
        if self.phase is Phase.DRAFT:
            return self.order[self.step]
        if self.phase is Phase.FEATURES:
            return self.picks[self.pick]
        return CHANCE  # not reached: every other phase moves on by itself

    def is_placing(self, seat: int) -> bool:
        """`seat` (the seat to move) places a held tile now."""
        return self.placing >= 0 or (self.phase is Phase.FEATURES and bool(self.boards[seat].held))

    def required_kind(self) -> str:
        """The kind the seat to pick must take ("" for either: the round's first pick)."""
        if self.step == 0:
            return ""
        first_pass = self.step < self.num_players
        if first_pass:
            return self.first_kind
        return BRANCH if self.first_kind == CLUSTER else CLUSTER

    def allowed_values(self, seat: int) -> list[int]:
        """Card star values `seat` may still take (at most two of each)."""
        cat = catalogue()
        cards = [cat.feature(c).stars for c in self.boards[seat].cards]
        return [v for v in VALUES if cards.count(v) < CARDS_PER_VALUE]

    def trade_spaces(self, stars: int) -> list[int]:
        """Track spaces (0-based) a cluster of `stars` may be traded for: the planet on its
        mark, else the nearest planet on each side of the mark."""
        mark = catalogue().marks.get(stars)
        if mark is None:
            return []
        track = self.track
        if mark % 2 == 0 and track[mark // 2]:
            return [mark // 2]
        found = []
        for space in range((mark - 1) // 2, -1, -1):
            if track[space]:
                found.append(space)
                break
        for space in range(mark // 2 + 1, len(track)):
            if track[space]:
                found.append(space)
                break
        return sorted(found)

    # --- moves -------------------------------------------------------------------------------
    def legal_moves(self) -> list[Any]:
        seat = self.to_move()
        if seat == TERMINAL:
            return []
        if seat == CHANCE:
            return [outcome for outcome, _ in self.chance_outcomes()]
        if self.is_placing(seat):
            return self._placements(seat)
        if self.phase is Phase.DRAFT:
            return self._draft_moves()
        return self._feature_moves(seat)

    def _draft_moves(self) -> list[Any]:
        cat = catalogue()
        kind = self.required_kind()
        moves: list[Any] = []
        if kind != BRANCH:
            for tile in _distinct(self.clusters_shown):
                moves.append(_take(tile))
                cluster = cat.cluster(tile)
                if not cluster.white:
                    moves += [_take(tile, space + 1) for space in self.trade_spaces(cluster.stars)]
        if kind != CLUSTER:
            moves += [_take(tile) for tile in _distinct(self.branches_shown)]
        return moves

    def _placements(self, seat: int) -> list[Any]:
        board = self.boards[seat]
        moves: list[Any] = []
        branch_spots: list[int] | None = None
        round_spots: list[int] | None = None
        for tile in _distinct(board.held):
            if bd.is_branch(tile):
                if branch_spots is None:
                    branch_spots = bd.branch_spots(board)
                moves += [m for x in branch_spots for m in _branch_places(tile, x)]
            else:
                if round_spots is None:
                    round_spots = bd.round_spots(board)
                names = _space_names()
                moves += [_place(tile, names[s]) for s in round_spots]
        if not moves:  # nothing held fits anywhere: a tile is given up
            moves = [Discard(tile) for tile in _distinct(board.held)]
        return moves

    def _feature_moves(self, seat: int) -> list[Any]:
        if self.drawn:
            return [Keep(card) for card in _distinct(self.drawn)]
        moves: list[Any] = []
        for value in self.allowed_values(seat):
            moves += [TakeCard(card) for card in self.rows[value]]
        moves += [DrawCards(v) for v in self.allowed_values(seat) if self.decks[v]]
        return moves

    def play(self, move: Any) -> None:
        """Apply `move`; `IllegalMoveError` with the reason (state unchanged) otherwise."""
        if move not in self.legal_moves():
            raise IllegalMoveError(move, self.describe(), self.why_illegal(move))
        self._apply(move)

    def _apply(self, move: Any) -> None:
        if type(move) is Deal:
            self._deal(move)
        elif type(move) is Take:
            self._take(move)
        elif type(move) is Place:
            self._place(move)
        elif type(move) is Discard:
            self._discard(move)
        elif type(move) is TakeCard:
            self._take_card(move.feature)
        elif type(move) is DrawCards:
            self.drawn_from = move.stars
            self.pending = [("drawn", move.stars)] * min(2, len(self.decks[move.stars]))
        elif type(move) is Keep:
            self.drawn.remove(move.feature)
            self.rows[self.drawn_from] += self.drawn
            self.drawn = []
            self._take_card(move.feature)
        else:
            raise TypeError(f"not a Sorani move: {move!r}")

    def parse_move(self, text: str) -> Any:
        return parse_move(text)

    # --- chance ------------------------------------------------------------------------------
    def chance_outcomes(self) -> list[tuple[Any, float]]:
        if not self.pending:
            return []
        what, value = self.pending[0]
        cat = catalogue()
        if what == "coyote":
            return _uniform("coyote", [str(s + 1) for s in range(self.num_players)])
        if what == "board":
            dealt = {b.spec for b in self.boards}
            return _uniform("board", [b.id for b in cat.boards if b.id not in dealt])
        if what == "sky":
            return _uniform("sky", [f"{c.id} {t}" for c in cat.dark_sky_cards
                                    for t in (0, 90, 180, 270)])
        if what in ("offer", "drawn", "refill"):
            return _uniform(what, self.decks[value])
        if what in ("track", "reserve"):
            return _weighted(what, self.box)
        if what == CLUSTER:
            return _weighted(what, self.cluster_bag)
        return _weighted(what, self.aside if self.round == ROUNDS else self.branch_bag)

    def sample_chance(self, rng: Any) -> Deal:
        """One chance outcome drawn with the odds of `chance_outcomes`, without listing them
        (the playouts' draw: a bag is walked once)."""
        what = self.pending[0][0]
        if what in ("track", "reserve"):
            return _deal_of(what, _draw_weighted(self.box, rng))
        if what == CLUSTER:
            return _deal_of(what, _draw_weighted(self.cluster_bag, rng))
        if what == BRANCH:
            bag = self.aside if self.round == ROUNDS else self.branch_bag
            return _deal_of(what, _draw_weighted(bag, rng))
        outcomes = self.chance_outcomes()  # uniform: boards, the sky, cards
        deal: Deal = outcomes[int(rng.random() * len(outcomes))][0]
        return deal

    def _deal(self, move: Deal) -> None:
        what, stars = self.pending.pop(0)
        value = move.value
        if what == "coyote":
            seat = int(value) - 1
            bd.deal(self.boards[seat], next(b.id for b in catalogue().boards if b.coyote))
            self.first_seat = (seat + 1) % self.num_players
        elif what == "board":
            bd.deal(next(b for b in self.boards if not b.spec), value)
        elif what == "sky":
            self._lay_dark_skies(value)
        elif what in ("offer", "refill"):
            self.decks[stars].remove(value)
            self.rows[stars].append(value)
        elif what == "drawn":
            self.decks[stars].remove(value)
            self.drawn.append(value)
        elif what == "track":
            laid = sum(1 for planet in self.track if planet)
            self.track[catalogue().track_order()[laid]] = value
            self.box[value] -= 1
        elif what == "reserve":
            self.reserve.append(value)
            self.box[value] -= 1
        elif what == CLUSTER:
            self.cluster_bag[value] -= 1
            self.clusters_shown = _sorted_tiles([*self.clusters_shown, value])
        else:
            source = self.aside if self.round == ROUNDS else self.branch_bag
            source[value] -= 1
            self.branches_shown = _sorted_tiles([*self.branches_shown, value])
        if not self.pending:
            self._chance_done()

    def _lay_dark_skies(self, value: str) -> None:
        self.sky = value
        card, degrees = value.split()
        for seat, board in enumerate(self.boards):
            for space in bd.dark_sky_spaces(card, int(degrees), seat, self.num_players):
                board.cells[space] = bd.DARK

    def _chance_done(self) -> None:
        if self.phase is Phase.PREPARATION:
            if self.round == 0:
                self._start_round()
            else:
                self.phase, self.order = Phase.DRAFT, self._draft_order()
                self.step, self.first_kind = 0, ""
        elif self.phase is Phase.CLEANUP:
            self._start_round()

    def _draft_order(self) -> list[int]:
        sun = self.sun
        return [sun, sun] if self.num_players == 1 else draft_order(self.num_players, sun)

    # --- the round ---------------------------------------------------------------------------
    def _start_round(self) -> None:
        self.round += 1
        self.phase = Phase.PREPARATION
        if not any(self.track) and self.reserve and not self.reserve_entered:
            for space, planet in zip(catalogue().centre_spaces(len(self.reserve)), self.reserve,
                                     strict=True):
                self.track[space] = planet
            self.reserve, self.reserve_entered = [], True
        tiles = profile().tiles_per_round[self.num_players]
        self.pending = [(CLUSTER, 0)] * tiles + [(BRANCH, 0)] * tiles

    def _take(self, move: Take) -> None:
        seat = self.order[self.step]
        board = self.boards[seat]
        if bd.is_branch(move.tile):
            self.branches_shown.remove(move.tile)
            kind = BRANCH
        else:
            self.clusters_shown.remove(move.tile)
            kind = CLUSTER
        if move.planet:
            board.held.append(self.track[move.planet - 1])
            self.track[move.planet - 1] = ""
            self.traded += 1
        else:
            board.held.append(move.tile)
        if self.step == 0:
            self.first_kind = kind
        self.step += 1
        if len(board.held) == 2:
            self.placing, self.phase = seat, Phase.PLACEMENT

    def _place(self, move: Place) -> None:
        seat = self.to_move()
        board = self.boards[seat]
        board.held.remove(move.tile)
        lattice = catalogue().lattice
        if bd.is_branch(move.tile):
            cross = lattice.cross_index(move.space)
            assert cross is not None
            board.crosses[cross] = _turned(move.tile, move.turn)
        else:
            space = lattice.space_index(move.space)
            assert space is not None
            board.cells[space] = move.tile
        self._placed(board)

    def _discard(self, move: Discard) -> None:
        board = self.boards[self.to_move()]
        board.held.remove(move.tile)
        self.discarded.append(move.tile)
        self._placed(board)

    def _placed(self, board: Board) -> None:
        if board.held:
            return
        if self.phase is Phase.FEATURES:
            self.pick += 1
            self._next_pick()
            return
        self.placing = -1
        if self.step < len(self.order):
            self.phase = Phase.DRAFT
        else:
            self._start_features()

    def _start_features(self) -> None:
        new: dict[int, int] = {}
        for seat, board in enumerate(self.boards):
            now = bd.surrounded_dark(board)
            new[seat] = now - board.surrounded
            board.surrounded = now
        self.phase = Phase.FEATURES
        self.picks = feature_order(self.sun, self.num_players, new)
        self.pick = 0
        self._next_pick()

    def drawer(self) -> int:
        """The seat whose special-feature pick it is (-1 outside that draft)."""
        if self.phase is Phase.FEATURES and self.pick < len(self.picks):
            return self.picks[self.pick]
        return -1

    def can_pick(self, seat: int) -> bool:
        """`seat` may take a special-feature card now: a value it may still hold with a card
        face up or in the deck, and an empty space next to a branch for the tile."""
        values = self.allowed_values(seat)
        cards = any(self.rows[v] or self.decks[v] for v in values)
        return cards and bool(bd.round_spots(self.boards[seat]))

    def _next_pick(self) -> None:
        while self.pick < len(self.picks) and not self.can_pick(self.picks[self.pick]):
            self.pick += 1
        if self.pick < len(self.picks):
            return
        if self.round == ROUNDS:
            self.phase = Phase.SCORING  # round 12 has no clean-up
            return
        self._clean_up()

    def _take_card(self, card: str) -> None:
        board = self.boards[self.to_move()]
        for row in self.rows.values():
            if card in row:
                row.remove(card)
        board.cards.append(card)
        board.held.append(card)

    def _clean_up(self) -> None:
        self.phase = Phase.CLEANUP
        for tile in self.clusters_shown:
            self.cluster_bag[tile] += 1
        for tile in self.branches_shown:
            self.branch_bag[tile] += 1
        self.clusters_shown, self.branches_shown = [], []
        self.picks, self.pick = [], 0
        self.pending = [("refill", v) for v in VALUES if not self.rows[v] and self.decks[v]]
        if not self.pending:
            self._start_round()

    # --- result ------------------------------------------------------------------------------
    def result(self, names: Sequence[str] = ()) -> GameResult:
        """The score pad's result for the boards as they stand (final once the game is over)."""
        return bd.score_boards(self.boards, names)

    def outcome(self) -> Outcome | None:
        if self.phase is not Phase.SCORING:
            return None
        result = self.result()
        keys = [key for key, _, _ in CATEGORIES]
        breakdown = tuple({key: float(b.get(key, 0)) for key in keys}
                          for b in result.breakdowns)
        return Outcome(tuple(float(t) for t in result.totals), frozenset(result.winners),
                       Termination.NORMAL, breakdown, end_detail(result, self.num_players))

    def returns(self) -> tuple[float, ...]:
        """Share of victory; solo: the VP as a share of `SOLO_UTILITY_VP` (a solo game is
        always "won", so the bots play for points)."""
        if self.num_players == 1 and self.phase is Phase.SCORING:
            total = self.result().totals[0]
            return (max(0.0, min(1.0, total / SOLO_UTILITY_VP)),)
        return super().returns()

    # --- information -------------------------------------------------------------------------
    def has_hidden_information(self) -> bool:
        """The face-down reserve is hidden from everybody (and two drawn cards from the others
        for a moment); nobody holds a private hand, see `view`."""
        return True

    def view(self, seat: int) -> Self:
        """What `seat` sees: the reserve face down ("?", its planets back among those never
        seen), and the cards another seat drew but has not chosen from yet."""
        shown = self.copy()
        if any(p != HIDDEN for p in shown.reserve):
            for planet in shown.reserve:
                if planet != HIDDEN:
                    shown.box[planet] += 1
            shown.reserve = [HIDDEN] * len(shown.reserve)
        if shown.drawn and seat != self.drawer() and any(c != HIDDEN for c in shown.drawn):
            shown.decks[shown.drawn_from] = sorted(
                shown.decks[shown.drawn_from] + [c for c in shown.drawn if c != HIDDEN],
                key=_feature_key)
            shown.drawn = [HIDDEN] * len(shown.drawn)
        return shown

    def determinize(self, seat: int, rng: Any) -> Self:
        """A full position `seat` cannot tell from this one: hidden planets and cards drawn
        from those it has not seen."""
        state = self.view(seat)
        for index, planet in enumerate(state.reserve):
            if planet == HIDDEN:
                chosen = _draw_weighted(state.box, rng)
                state.box[chosen] -= 1
                state.reserve[index] = chosen
        for index, card in enumerate(state.drawn):
            if card == HIDDEN:
                deck = state.decks[state.drawn_from]
                state.drawn[index] = deck.pop(rng.randrange(len(deck)))
        return state

    # --- words -------------------------------------------------------------------------------
    def describe(self) -> str:
        def counts(bag: dict[str, int]) -> str:
            return ",".join(f"{k}{n}" for k, n in bag.items())

        rows = " ".join(f"{v}:{','.join(self.rows[v])}/{len(self.decks[v])}" for v in VALUES)
        return (f"round {self.round} {self.phase.name.lower()} sun {self.sun + 1} "
                f"pending {self.pending} step {self.step}/"
                f"{','.join(str(s + 1) for s in self.order)} {self.first_kind} placing "
                f"{self.placing + 1 if self.placing >= 0 else '-'} picks {self.pick}/{self.picks} "
                f"drawn {self.drawn} "
                f"| show {','.join(self.clusters_shown)} {','.join(self.branches_shown)} "
                f"| bags {counts(self.cluster_bag)} {counts(self.branch_bag)} "
                f"aside {counts(self.aside)} | track {'.'.join(p or '_' for p in self.track)} "
                f"reserve {''.join(self.reserve)} box {counts(self.box)} | cards {rows} "
                f"decks {','.join(self.decks[2] + self.decks[3])} | sky {self.sky} "
                f"traded {self.traded} discarded {','.join(self.discarded)} | "
                + " ".join(b.describe() for b in self.boards))

    def why_illegal(self, move: Any) -> str:
        """Why `move` is not legal here, in a sentence."""
        seat = self.to_move()
        if seat == TERMINAL:
            return "the game is over"
        if seat == CHANCE:
            return "chance deals now" if type(move) is not Deal else \
                f"{move} is not what is being dealt ({self.pending[0][0]})"
        if type(move) is Deal:
            return "nothing is being dealt now"
        board = self.boards[seat]
        if self.is_placing(seat):
            return self._why_not_placed(move, board)
        if self.phase is Phase.DRAFT:
            return self._why_not_taken(move)
        return self._why_not_card(move, seat)

    def _why_not_taken(self, move: Any) -> str:
        if type(move) is not Take:
            return f"seat {self.to_move() + 1} drafts a tile now (take ...)"
        kind = BRANCH if bd.is_branch(move.tile) else CLUSTER
        shown = self.branches_shown if kind == BRANCH else self.clusters_shown
        if move.tile not in shown:
            return f"{move.tile} is not in this round's display"
        if self.required_kind() and kind != self.required_kind():
            return f"this pick must be a {self.required_kind()} tile"
        if move.planet:
            cluster = catalogue().cluster(move.tile) if kind == CLUSTER else None
            if cluster is None:
                return "only a star cluster can be traded for a planet"
            if cluster.white:
                return "a star cluster with a white star cannot be traded"
            return (f"the planet on space {move.planet} is not next to the mark of a "
                    f"{cluster.stars}-star cluster")
        return "not among the legal moves"

    def _why_not_placed(self, move: Any, board: Board) -> str:
        if type(move) is Discard:
            return "a tile is given up only when nothing held fits anywhere"
        if type(move) is not Place:
            return f"seat {self.to_move() + 1} places a held tile now"
        if move.tile not in board.held:
            return f"{move.tile} is not held (held: {', '.join(board.held)})"
        lattice = catalogue().lattice
        if bd.is_branch(move.tile):
            cross = lattice.cross_index(move.space)
            if cross is None:
                return f"{move.space} is not a cross space"
            if board.crosses[cross]:
                return f"{move.space} already holds a branch tile"
            if cross not in bd.branch_spots(board):
                return f"{move.space} touches no round tile (dark skies do not count)"
            return f"{move.tile} turned {move.turn}° lies as a smaller turn: use that"
        space = lattice.space_index(move.space)
        if space is None:
            return f"{move.space} is not a round space"
        if board.cells[space]:
            return f"{move.space} is not empty"
        return f"{move.space} touches no branch tile"

    def _why_not_card(self, move: Any, seat: int) -> str:
        values = self.allowed_values(seat)
        if type(move) is Keep:
            return f"{move.feature} is not among the cards drawn" if self.drawn else \
                "nothing was drawn"
        if self.drawn:
            return "keep one of the cards drawn"
        if type(move) is TakeCard:
            stars = catalogue().feature(move.feature).stars
            if stars not in values:
                return f"at most {CARDS_PER_VALUE} cards of ★{stars}"
            return f"{move.feature} is not face up"
        if type(move) is DrawCards:
            if move.stars not in values:
                return f"at most {CARDS_PER_VALUE} cards of ★{move.stars}"
            return f"the ★{move.stars} deck is empty"
        return f"seat {seat + 1} takes a special-feature card now (card ..., draw ...)"

    def invariant_errors(self) -> Sequence[str]:
        return invariant_errors(self, catalogue())


# --- helpers ---------------------------------------------------------------------------------
def _feature_key(card: str) -> int:
    return int(card[1:]) if card[1:].isdigit() else 0


def _distinct(items: Sequence[str]) -> list[str]:
    return list(dict.fromkeys(items))


def _tile_rank() -> dict[str, int]:
    cat = catalogue()
    ids = [k.id for k in cat.clusters] + [k.id for k in cat.branches]
    return {tile: i for i, tile in enumerate(ids)}


_RANK: dict[str, int] = {}


def _sorted_tiles(tiles: list[str]) -> list[str]:
    if not _RANK:
        _RANK.update(_tile_rank())
    return sorted(tiles, key=_RANK.__getitem__)


_DEALS: dict[tuple[str, str], Deal] = {}


def _deal_of(what: str, value: str) -> Deal:
    key = (what, value)
    deal = _DEALS.get(key)
    if deal is None:
        deal = _DEALS[key] = Deal(what, value)
    return deal


def _uniform(what: str, values: Sequence[str]) -> list[tuple[Any, float]]:
    share = 1.0 / len(values) if values else 0.0
    return [(_deal_of(what, v), share) for v in values]


def _weighted(what: str, bag: dict[str, int]) -> list[tuple[Any, float]]:
    total = sum(bag.values())
    return [(_deal_of(what, k), n / total) for k, n in bag.items() if n > 0]


def _draw_weighted(bag: dict[str, int], rng: Any) -> str:
    pick = rng.randrange(sum(bag.values()))
    for key, n in bag.items():
        if pick < n:
            return key
        pick -= n
    raise ValueError("empty bag")


_TAKES: dict[tuple[str, int], Take] = {}


def _take(tile: str, planet: int = 0) -> Take:
    move = _TAKES.get((tile, planet))
    if move is None:
        move = _TAKES[tile, planet] = Take(tile, planet)
    return move


_PLACES: dict[tuple[str, str], Place] = {}


def _place(tile: str, space: str) -> Place:
    move = _PLACES.get((tile, space))
    if move is None:
        move = _PLACES[tile, space] = Place(tile, space)
    return move


_BRANCH_PLACES: dict[tuple[str, int], list[Place]] = {}


def _branch_places(tile: str, cross: int) -> list[Place]:
    """Every distinct way to lay branch `tile` on `cross`."""
    moves = _BRANCH_PLACES.get((tile, cross))
    if moves is None:
        cat = catalogue()
        name = cat.lattice.cross_name(cross)
        moves = [Place(tile, name, degrees) for degrees, _ in cat.branch(tile).turns()]
        _BRANCH_PLACES[tile, cross] = moves
    return moves


def _turned(tile: str, degrees: int) -> int:
    from companion.games.sorani.lattice import turn_mask

    return turn_mask(catalogue().branch(tile).mask, degrees // 90)


_NAMES: list[str] = []


def _space_names() -> list[str]:
    if not _NAMES:
        lattice = catalogue().lattice
        _NAMES.extend(lattice.space_name(s) for s in range(lattice.spaces))
    return _NAMES


def end_detail(result: GameResult, players: int) -> str:
    """Why the game ended and how it was decided, in English (`texts.end_reason` reads it
    in Japanese)."""
    if players == 1:
        return "solo game over after 12 rounds"
    totals = result.totals
    best = max(totals)
    if len(result.winners) > 1:
        return "12 rounds played; shared victory: same VP and same VP from star clusters"
    if totals.count(best) > 1:
        return "12 rounds played; tie on VP broken by VP from star clusters"
    return "12 rounds played"


def invariant_errors(state: SoraniState, cat: Catalogue) -> list[str]:
    """Component counts and where-things-are checks (used by the tests)."""
    errors: list[str] = []
    colours = {c.id for c in cat.colours}
    on_boards = [code for b in state.boards for code in b.cells + b.held]
    planets = (sum(1 for p in state.track + state.reserve if p in colours)
               + sum(state.box.values()) + sum(1 for c in on_boards if c in colours))
    if planets != len(colours) * cat.planets_per_colour:
        errors.append(f"{planets} planets instead of {len(colours) * cat.planets_per_colour}")
    clusters = (sum(state.cluster_bag.values()) + len(state.clusters_shown) + state.traded
                + sum(1 for c in on_boards + state.discarded if bd.is_cluster(c)))
    if clusters != sum(k.count for k in cat.clusters):
        errors.append(f"{clusters} star clusters instead of {sum(k.count for k in cat.clusters)}")
    branches = (sum(state.branch_bag.values()) + sum(state.aside.values())
                + len(state.branches_shown)
                + sum(1 for b in state.boards for m in b.crosses if m)
                + sum(1 for c in on_boards + state.discarded if bd.is_branch(c)))
    if branches != sum(k.bag + k.round12 for k in cat.branches):
        errors.append(f"{branches} branch tiles instead of 64")
    cards = (sum(len(d) for d in state.decks.values()) + sum(len(r) for r in state.rows.values())
             + sum(1 for c in state.drawn if c != HIDDEN)
             + sum(len(b.cards) for b in state.boards))
    if cards != len(cat.features):
        errors.append(f"{cards} special-feature cards instead of {len(cat.features)}")
    for seat, board in enumerate(state.boards):
        stars = [cat.feature(c).stars for c in board.cards]
        if any(stars.count(v) > CARDS_PER_VALUE for v in VALUES):
            errors.append(f"seat {seat + 1} holds more than {CARDS_PER_VALUE} cards of a value")
        if len(board.held) > 2:
            errors.append(f"seat {seat + 1} holds {len(board.held)} tiles")
        placed = {c for c in board.cells if bd.is_feature(c)} | set(board.held)
        if not set(board.cards) <= placed:
            errors.append(f"seat {seat + 1} has a card whose tile is nowhere")
        if state.sky and board.cells.count(bd.DARK) != cat.dark_sky_tokens:
            errors.append(f"seat {seat + 1} has {board.cells.count(bd.DARK)} dark skies")
    return errors


def new_state(num_players: int, options: dict[str, Any]) -> SoraniState:
    """The registry's start position (chance deals the setup first)."""
    return SoraniState.start(num_players, options)

