"""古机戦 (the old game): no 皇, no sticks, no hands and no captured-piece reserve; the colour
is the side; capture the enemy 王 to win (cetkaik.md §2.5, 3.6, 5.4; the book pp. 10–11).

Seat 0 plays the black side at the bottom (the IA rows), seat 1 the red side at the top. Chance
draws which side moves first (``first IA`` / ``first A``), as in the modern game.

- 船: moves anywhere in the water it can reach through empty water squares (an enemy ship
  blocks the way); it never leaves the water, is never captured and steps over nothing.
- 兵: one square forward; inside the opponent's three nearest ranks one square forward, back
  or sideways. 弓: ranges straight. 将: its eight neighbours but straight back. 王: all eight.
- 車 (straight) and 獣 (diagonal) range and take by jumping: over the first enemy piece on
  the line to the square just beyond, which must be empty, on the board and not water.
- No piece but a ship ends a move in water; lines pass over empty water (option: water stops
  them).
- Stepping: a move that reaches a ship may go on from the ship's square with the piece's own
  moves (the ship's rank decides a 兵's), and on over the other ship too; it may take at the
  end, never step after taking. A move may come back to its own square.
- Taking the enemy 王 wins. After `move_limit` turns, or when the side to move has no move,
  the game is drawn (the book: a draw by agreement, or a resignation — both are the players'
  to make; the limit stands in for them in digital play).

Notation: as the modern game's (``LAI-LY``; ``KAI-[ZY]-[ZU]-KU`` over both ships).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Self

from companion.core.api import CHANCE, TERMINAL, GameState, Outcome, Termination
from companion.core.errors import IllegalMoveError
from companion.games.cetkaik.compiled import (
    EMPTY,
    KIND_OF,
    PROFESSION_OF,
    SIDE_OF,
    Tables,
    piece_code,
)
from companion.games.cetkaik.movement import old_moves
from companion.games.cetkaik.moves import CetkaikMove, FirstMover, PieceMove, parse_move
from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.variants import OLD, SIDE_NAMES, Variant, parse_layout

FIRST, MOVE, OVER = "first", "move", "over"
FIRST_OUTCOMES = ((FirstMover(0), 0.5), (FirstMover(1), 0.5))
_P = Profession
JUMPERS = (_P.CHARIOT, _P.TIGER)
#: The rows of the opponent's three nearest ranks, per side (side 0 moves up).
_ZONE_ROWS = (range(0, 3), range(6, 9))


@dataclass(frozen=True)
class OldOptions:
    """The options of 古机戦 (defaults: the decisions in the rules text)."""

    #: 車 and 獣 start on each other's squares (a variant the book mentions).
    swap: bool = False
    #: "both" (車 and 獣 range), "chariot" (only 車), "neither" (one square each).
    ranging: str = "both"
    #: Ranging lines pass over empty water ("pass") or stop in front of it ("blocked").
    water_lines: str = "pass"
    #: Turns after which the game is drawn.
    move_limit: int = 300

    @classmethod
    def from_options(cls, options: Mapping[str, Any]) -> OldOptions:
        return cls(**{k: v for k, v in options.items() if k in cls.__dataclass_fields__})


@cache
def old_tables(ranging: str) -> Tables:
    return Tables(OLD, False, old_moves(ranging))


def start_layout(swap: bool) -> str:
    """The start diagram; with `swap` the 車 and 獣 change places."""
    if not swap:
        return OLD.layout
    return OLD.layout.replace("獣", "＊").replace("車", "獣").replace("＊", "車")


@dataclass
class OldState(GameState):
    """A 古机戦 position; build it with `new_old_state`."""

    game_id = "cetkaik_old"

    rules: OldOptions = field(default_factory=OldOptions)
    variant: Variant = OLD
    board: list[int] = field(default_factory=list)
    phase: str = FIRST
    mover: int = 0
    turns: int = 0
    taken: list[int] = field(default_factory=lambda: [0, 0])  # pieces captured per side
    winner: int = -1
    reason: str = ""
    termination: Termination = Termination.NORMAL
    _legal: list[Any] | None = field(default=None, repr=False, compare=False)

    @classmethod
    def start(cls, options: Mapping[str, Any] | None = None) -> OldState:
        rules = OldOptions.from_options(options or {})
        state = cls(2, dict(options or {}), rules)
        placements, _ = parse_layout(OLD.board, start_layout(rules.swap))
        state.board = [EMPTY] * OLD.board.size
        for sq, colour, profession, side in placements:
            state.board[sq] = piece_code(colour, profession, side)
        return state

    @property
    def tables(self) -> Tables:
        return old_tables(self.rules.ranging)

    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.board = list(self.board)
        other.taken = list(self.taken)
        if self._legal is not None:
            other._legal = list(self._legal)
        return other

    # --- queries for people and views --------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.phase == OVER

    def piece_at(self, square: str) -> tuple[Colour, Profession, int] | None:
        code = self.board[self.tables.board.parse_square(square)]
        if code == EMPTY:
            return None
        return Colour(KIND_OF[code] & 1), Profession(PROFESSION_OF[code]), SIDE_OF[code]

    def moves_from(self, square: str) -> list[PieceMove]:
        name = self.tables.board.canonical(square)
        return [m for m in self.legal_moves() if isinstance(m, PieceMove) and m.src == name]

    def targets(self, square: str) -> list[str]:
        return list(dict.fromkeys(m.dest for m in self.moves_from(square)))

    @property
    def tam(self) -> int:
        """There is no 皇 (the board view asks)."""
        return -1

    def hue_squares(self) -> list[str]:
        """There is no 皇処."""
        return []

    def pending_move(self) -> None:
        """No move ever waits for sticks."""
        return None

    def leader(self) -> int | None:
        return self.winner if self.winner >= 0 else None

    # --- the API ------------------------------------------------------------------------------
    def to_move(self) -> int:
        if self.phase == OVER:
            return TERMINAL
        if self.phase == FIRST:
            return CHANCE
        return self.mover

    def chance_outcomes(self) -> list[tuple[Any, float]]:
        return list(FIRST_OUTCOMES) if self.phase == FIRST else []

    def legal_moves(self) -> list[Any]:
        if self._legal is None:
            if self.phase == FIRST:
                self._legal = [m for m, _ in FIRST_OUTCOMES]
            elif self.phase == MOVE:
                self._legal = self._moves(self.mover)
            else:
                self._legal = []
        return list(self._legal)

    def play(self, move: Any) -> None:
        if move not in self.legal_moves():
            raise IllegalMoveError(move, self.describe(), self.why_illegal(move))
        self._apply(move)

    def parse_move(self, text: str) -> CetkaikMove:
        return parse_move(text, self.tables.board)

    # --- move generation ----------------------------------------------------------------------
    def _moves(self, side: int) -> list[PieceMove]:
        t = self.tables
        moves: list[PieceMove] = []
        for src, code in enumerate(self.board):
            if code == EMPTY or SIDE_OF[code] != side:
                continue
            if PROFESSION_OF[code] == _P.VESSEL:
                moves += [t.simple(src, dest) for dest in self._ship_moves(src)]
                continue
            self.board[src] = EMPTY  # the moving piece does not block its own later legs
            try:
                moves += self._legs(src, src, code, ())
            finally:
                self.board[src] = code
        return moves

    def _ship_moves(self, src: int) -> list[int]:
        """Water squares reachable through empty water (straight steps)."""
        t = self.tables
        seen, todo, found = {src}, [src], []
        while todo:
            sq = todo.pop()
            for dr, dc in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                nxt = t.board.offset(sq, dr, dc)
                if nxt >= 0 and nxt not in seen and t.water[nxt] and self.board[nxt] == EMPTY:
                    seen.add(nxt)
                    todo.append(nxt)
                    found.append(nxt)
        return found

    def _pattern(self, code: int, at: int) -> Any:
        side = SIDE_OF[code]
        zone = PROFESSION_OF[code] == _P.PAWN and self.tables.board.row(at) in _ZONE_ROWS[side]
        patterns = self.tables.moves[code]
        assert patterns is not None
        return patterns[zone][at]

    def _legs(self, src: int, at: int, code: int, vias: tuple[int, ...]) -> list[PieceMove]:
        """Moves of the piece `code` (from `src`) going on from `at` after stepping on the
        ships `vias`."""
        t = self.tables
        board, water = self.board, t.water
        side = SIDE_OF[code]
        jumper = PROFESSION_OF[code] in JUMPERS
        steps, rays = self._pattern(code, at)
        found: list[PieceMove] = []
        ships: list[int] = []

        def end(dest: int) -> None:
            if len(vias) == 0:
                found.append(t.simple(src, dest))
            elif len(vias) == 1:
                found.append(t.step(src, vias[0], dest))
            else:
                found.append(PieceMove(t.names[src], t.names[dest], t.names[vias[0]],
                                       via2=t.names[vias[1]]))

        def reach(target: int, beyond: int) -> bool:
            """Deal with `target` on the way; True when the line goes on past it."""
            occupant = board[target]
            if occupant == EMPTY:
                if water[target]:
                    return self.rules.water_lines == "pass"
                end(target)
                return True
            if PROFESSION_OF[occupant] == _P.VESSEL:
                if target not in vias:
                    ships.append(target)
                return False
            if SIDE_OF[occupant] != side:
                if not jumper:
                    end(target)
                elif beyond >= 0 and board[beyond] == EMPTY and not water[beyond]:
                    end(beyond)
            return False

        for target, _ in steps:
            dr = t.board.row(target) - t.board.row(at)
            dc = t.board.col(target) - t.board.col(at)
            reach(target, t.board.offset(target, dr, dc))
        for line, _ in rays:
            for i, target in enumerate(line):
                if not reach(target, line[i + 1] if i + 1 < len(line) else -1):
                    break
        for ship in ships:
            found += self._legs(src, ship, code, (*vias, ship))
        return found

    # --- applying -------------------------------------------------------------------------------
    def _apply(self, move: Any) -> None:
        self._legal = None
        if self.phase == FIRST:
            self.mover = move.side
            self.phase = MOVE
            self._check_moves()
            return
        t = self.tables
        src, dest = t.index[move.src], t.index[move.dest]
        code = self.board[src]
        taken = self._taken_square(src, dest, move)
        self.board[src] = EMPTY
        king = False
        if taken >= 0:
            king = PROFESSION_OF[self.board[taken]] == _P.KING
            self.board[taken] = EMPTY
            self.taken[self.mover] += 1
        self.board[dest] = code
        self.turns += 1
        if king:
            self._finish(self.mover, f"{SIDE_NAMES[self.mover]} side took the king",
                         Termination.NORMAL)
            return
        self.mover = 1 - self.mover
        if self.turns >= self.rules.move_limit:
            self._finish(-1, f"{self.rules.move_limit} turns played", Termination.ROUND_LIMIT)
        else:
            self._check_moves()

    def _check_moves(self) -> None:
        """The side to move has a move (kept as the legal moves), or the game is drawn."""
        moves = self._moves(self.mover)
        if moves:
            self._legal = moves
        else:
            self._finish(-1, f"{SIDE_NAMES[self.mover]} side has no legal move",
                         Termination.NORMAL)

    def _taken_square(self, src: int, dest: int, move: PieceMove) -> int:
        """The square of the piece `move` takes (-1: none): the one on `dest`, or for a 車 or
        獣, the one it jumped over just before `dest`."""
        if dest == src:
            return -1  # round a ship and back: nothing is taken
        if self.board[dest] != EMPTY:
            return dest
        if PROFESSION_OF[self.board[src]] not in JUMPERS:
            return -1
        start = self.tables.index[move.via2 or move.via] if move.via else src
        board = self.tables.board
        dr = board.row(dest) - board.row(start)
        dc = board.col(dest) - board.col(start)
        steps = max(abs(dr), abs(dc))
        before = board.offset(dest, -dr // steps, -dc // steps)
        occupant = self.board[before] if before >= 0 and before != src else EMPTY
        if occupant != EMPTY and SIDE_OF[occupant] != self.mover \
                and PROFESSION_OF[occupant] != _P.VESSEL:
            return before
        return -1

    def _finish(self, winner: int, reason: str, termination: Termination) -> None:
        self.phase = OVER
        self.winner = winner
        self.reason = reason
        self.termination = termination

    # --- result -------------------------------------------------------------------------------
    def outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        winners = frozenset() if self.winner < 0 else frozenset({self.winner})
        breakdown = tuple({"captured": float(self.taken[s])} for s in (0, 1))
        detail = self.reason if self.winner >= 0 else f"{self.reason}: a draw"
        return Outcome(tuple(float(n) for n in self.taken), winners, self.termination,
                       breakdown, detail)

    def why_illegal(self, move: Any) -> str:
        if self.phase == OVER:
            return "the game is over"
        if self.phase == FIRST:
            return "the first mover is being drawn (first IA or first A)"
        if not isinstance(move, PieceMove):
            return "古机戦 has only piece moves (no 皇, no captured pieces, no sticks)"
        src = self.tables.index.get(move.src)
        if src is None or self.board[src] == EMPTY:
            return f"there is no piece on {move.src}"
        if SIDE_OF[self.board[src]] != self.mover:
            return f"the piece on {move.src} belongs to the other side"
        dest = self.tables.index.get(move.dest, -1)
        if dest >= 0 and self.tables.water[dest] and \
                PROFESSION_OF[self.board[src]] != _P.VESSEL:
            return "only a ship may end its move in the water"
        return f"the piece on {move.src} cannot reach {move.dest}"

    def describe(self) -> str:
        from companion.games.cetkaik.explain import board_text

        who = "over: " + self.reason if self.over else f"{SIDE_NAMES[self.mover]} side moves"
        return (f"Old Cetkaik, phase {self.phase}, {who}, turn {self.turns}, taken IA "
                f"{self.taken[0]} / A {self.taken[1]}; board {board_text(self)}")

    def invariant_errors(self) -> Sequence[str]:
        errors = []
        expected = len(OLD.start()[0])
        on_board = sum(1 for code in self.board if code != EMPTY)
        if on_board + sum(self.taken) != expected:
            errors.append(f"{on_board} pieces on the board and {sum(self.taken)} taken, the set "
                          f"has {expected}")
        for sq, code in enumerate(self.board):
            if code != EMPTY and self.tables.water[sq] and PROFESSION_OF[code] != _P.VESSEL:
                errors.append(f"a non-ship in the water on {self.tables.names[sq]}")
        kings = [SIDE_OF[c] for c in self.board if c != EMPTY and PROFESSION_OF[c] == _P.KING]
        if not self.over and sorted(kings) != [0, 1]:
            errors.append(f"kings on the board: {kings} but the game goes on")
        return errors


def new_old_state(num_players: int, options: Mapping[str, Any]) -> OldState:
    if num_players != 2:
        raise ValueError(f"古机戦 is for 2 players, not {num_players}")
    return OldState.start(options)
