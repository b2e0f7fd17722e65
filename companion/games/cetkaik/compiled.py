"""What the engine precomputes once per rule set: piece codes, move tables, 皇処 maps, and the
move objects themselves (made once and reused, so generating moves allocates little).

A square of the board holds an int: `EMPTY`, `TAM`, or a piece code
``2 + (profession * 2 + colour) * 2 + side`` (`piece_code`). ``code >> 1`` minus one is the
piece's kind (`kind_of`: ``profession * 2 + colour``, the index into captured-piece counts).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache

from companion.games.cetkaik.movement import PEK_TAM_PY, Pattern, SquareMoves, compile_patterns
from companion.games.cetkaik.moves import Drop, PieceMove, TamMove
from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.variants import VARIANTS, Variant

EMPTY = 0
TAM = 1
KINDS = len(Profession) * 2
CODES = 2 + KINDS * 2


def piece_code(colour: Colour | int, profession: Profession | int, side: int) -> int:
    return 2 + (int(profession) * 2 + int(colour)) * 2 + side


def kind_of(code: int) -> int:
    """``profession * 2 + colour`` of a piece code."""
    return (code - 2) >> 1


#: Per code: the owning side (-1 for empty and the 皇), the profession, the kind.
SIDE_OF: tuple[int, ...] = (-1, -1, *((c - 2) & 1 for c in range(2, CODES)))
PROFESSION_OF: tuple[int, ...] = (-1, -1, *((c - 2) >> 2 for c in range(2, CODES)))
KIND_OF: tuple[int, ...] = (-1, -1, *(kind_of(c) for c in range(2, CODES)))
VESSEL_CODES = frozenset(piece_code(c, Profession.VESSEL, s) for c in Colour for s in (0, 1))
GENERAL_CODES = (frozenset(piece_code(c, Profession.GENERAL, 0) for c in Colour),
                 frozenset(piece_code(c, Profession.GENERAL, 1) for c in Colour))


class Tables:
    """Move tables of one rule set (and one reading of "the 皇's own square is 皇処")."""

    def __init__(self, variant: Variant, tam_square_hue: bool,
                 moves: Mapping[Profession, tuple[Pattern, Pattern]] | None = None) -> None:
        board = variant.board
        self.variant = variant
        self.board = board
        self.size = board.size
        self.neighbours = board.neighbours
        self.water = tuple(sq in board.water for sq in range(board.size))
        self.names = tuple(board.name(sq) for sq in range(board.size))
        self.index = {name: sq for sq, name in enumerate(self.names)}
        moves = variant.moves if moves is None else moves
        compiled = compile_patterns(board, moves)
        #: moves[code][on 皇処][square] -> (steps, rays)
        self.moves: list[tuple[tuple[SquareMoves, ...], tuple[SquareMoves, ...]] | None] = \
            [None] * CODES
        for code in range(2, CODES):
            profession = Profession(PROFESSION_OF[code])
            if profession in moves:
                side = SIDE_OF[code]
                self.moves[code] = (compiled[(profession, side, False)],
                                    compiled[(profession, side, True)])
        fixed = [sq in board.hue for sq in range(board.size)]
        #: hue[tam square] -> per square: is it 皇処 (index -1: no 皇 on the board)
        self.hue: dict[int, tuple[bool, ...]] = {-1: tuple(fixed)}
        for tam in range(board.size):
            around = set(board.neighbours[tam]) | ({tam} if tam_square_hue else set())
            self.hue[tam] = tuple(fixed[sq] or sq in around for sq in range(board.size))
        self._simple: dict[int, PieceMove] = {}
        self._step: dict[int, PieceMove] = {}
        self._towards: dict[int, PieceMove] = {}
        self._open: dict[int, PieceMove] = {}
        self._tam: dict[tuple[int, ...], TamMove] = {}
        self._drop: dict[int, Drop] = {}

    # --- move objects, made once --------------------------------------------------------------
    def simple(self, src: int, dest: int) -> PieceMove:
        key = src * self.size + dest
        move = self._simple.get(key)
        if move is None:
            move = self._simple[key] = PieceMove(self.names[src], self.names[dest])
        return move

    def step(self, src: int, via: int, dest: int) -> PieceMove:
        key = (src * self.size + via) * self.size + dest
        move = self._step.get(key)
        if move is None:
            move = self._step[key] = PieceMove(self.names[src], self.names[dest],
                                               self.names[via])
        return move

    def towards(self, src: int, via: int, first: int) -> PieceMove:
        key = (src * self.size + via) * self.size + first
        move = self._towards.get(key)
        if move is None:
            move = self._towards[key] = PieceMove(self.names[src], self.names[first],
                                                  self.names[via], towards=True)
        return move

    def open_step(self, src: int, via: int) -> PieceMove:
        key = src * self.size + via
        move = self._open.get(key)
        if move is None:
            move = self._open[key] = PieceMove(self.names[src], "", self.names[via])
        return move

    def tam(self, path: tuple[int, ...], via: int) -> TamMove:
        key = (*path, via)
        move = self._tam.get(key)
        if move is None:
            move = self._tam[key] = TamMove(tuple(self.names[sq] for sq in path), via)
        return move

    def drop(self, kind: int, dest: int) -> Drop:
        key = kind * self.size + dest
        move = self._drop.get(key)
        if move is None:
            move = self._drop[key] = Drop(Colour(kind & 1), Profession(kind >> 1),
                                          self.names[dest])
        return move


@cache
def tables(variant_key: str, tam_square_hue: bool, movement: str = "standard") -> Tables:
    """The tables of a rule set; `movement` "pek_tam_py" uses 硬皇力's moves."""
    variant = VARIANTS[variant_key]
    moves = variant.moves if movement == "standard" else \
        {**variant.moves, **{p: m for p, m in PEK_TAM_PY.items() if p in variant.moves}}
    return Tables(variant, tam_square_hue, moves)
