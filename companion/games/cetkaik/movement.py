"""How each profession moves, as data, and the per-square tables the engine walks.

A `Pattern` is what the move diagrams show for one profession on ordinary squares or on 皇処:

- a **step** ``(forward, sideways, must_be_empty)`` reaches exactly one square (○ or ◌ in the
  diagrams); the squares in `must_be_empty` (offsets) must be empty, all others may be jumped;
- a **ray** ``(forward, sideways, first, passes)`` ranges along a line (the lines in the
  diagrams): every square from distance `first` on, up to and including the first occupied
  square after at most `passes` occupied squares have been passed. Squares before `first` are
  ignored (the 馬 on 皇処 skips its adjacent diagonal square).

Offsets are relative to the owner: forward is towards the opponent. Every pattern is symmetric
left–right, so `sideways` needs no mirroring. `compile_patterns` turns patterns into tables
indexed by square: ``(steps, rays)`` with steps ``(target, must_be_empty squares)`` and rays
``(squares along the line, passes)``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from companion.games.cetkaik.board import Board
from companion.games.cetkaik.pieces import Profession

Offset = tuple[int, int]
Step = tuple[int, int, tuple[Offset, ...]]
Ray = tuple[int, int, int, int]
#: Compiled: per square, ((target, must-be-empty squares), ...) and ((line squares, passes), ...)
StepSquares = tuple[tuple[int, tuple[int, ...]], ...]
RaySquares = tuple[tuple[tuple[int, ...], int], ...]
SquareMoves = tuple[StepSquares, RaySquares]


@dataclass(frozen=True)
class Pattern:
    """The moves of one profession on one kind of square (ordinary or 皇処)."""

    steps: tuple[Step, ...] = ()
    rays: tuple[Ray, ...] = ()


ORTHOGONAL: tuple[Offset, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL: tuple[Offset, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
ALL_EIGHT = ORTHOGONAL + DIAGONAL


def steps(*offsets: Offset) -> tuple[Step, ...]:
    """Single squares that may be reached whatever stands between."""
    return tuple((f, s, ()) for f, s in offsets)


def rays(*directions: Offset, first: int = 1, passes: int = 0) -> tuple[Ray, ...]:
    return tuple((f, s, first, passes) for f, s in directions)


#: 標準机戦 and 教育机戦: (ordinary squares, 皇処) per profession (cetkaik.md §3.1).
STANDARD_MOVES: dict[Profession, tuple[Pattern, Pattern]] = {
    Profession.VESSEL: (
        Pattern(rays=rays((1, 0))),
        Pattern(steps=(*steps((0, 1), (0, -1)), (0, 2, ((0, 1),)), (0, -2, ((0, -1),))),
                rays=rays((1, 0), (-1, 0)))),
    Profession.PAWN: (
        Pattern(steps=steps((1, 0))),
        Pattern(steps=(*steps(*ORTHOGONAL), (2, 0, ((1, 0),))))),
    Profession.BOW: (
        Pattern(rays=rays(*ORTHOGONAL)),
        Pattern(rays=rays(*DIAGONAL))),
    Profession.CHARIOT: (
        Pattern(steps=steps((2, 0), (-2, 0), (0, 2), (0, -2))),
        Pattern(steps=steps((2, 2), (2, -2), (-2, 2), (-2, -2)))),
    Profession.TIGER: (
        Pattern(steps=steps(*DIAGONAL)),
        Pattern(rays=rays(*DIAGONAL))),
    Profession.HORSE: (
        Pattern(steps=steps((2, 2), (2, -2), (-2, 2), (-2, -2))),
        Pattern(rays=rays(*DIAGONAL, first=2))),
    Profession.CLERK: (
        Pattern(steps=steps((0, 1), (0, -1)), rays=rays((1, 0), (-1, 0))),
        Pattern(rays=rays(*ORTHOGONAL))),
    Profession.SHAMAN: (
        Pattern(steps=steps((1, 0), (-1, 0)), rays=rays((0, 1), (0, -1))),
        Pattern(rays=rays(*ALL_EIGHT, passes=1))),
    Profession.GENERAL: (
        Pattern(steps=steps((1, 0), (1, 1), (1, -1), (0, 1), (0, -1), (-1, 1), (-1, -1))),
        Pattern(steps=steps(*ALL_EIGHT))),
    Profession.KING: (
        Pattern(steps=steps(*ALL_EIGHT)),
        Pattern(steps=steps(*ALL_EIGHT))),
}


#: 硬皇力 (pek1 tam2 py): on 皇処 a piece only gains moves (cetkaik.md §3.7; the book p. 9);
#: the professions not listed move as in the standard game.
PEK_TAM_PY: dict[Profession, tuple[Pattern, Pattern]] = {
    Profession.BOW: (
        Pattern(rays=rays(*ORTHOGONAL)),
        Pattern(steps=steps(*DIAGONAL), rays=rays(*ORTHOGONAL))),
    Profession.CHARIOT: (
        Pattern(rays=rays(*DIAGONAL)),
        Pattern(steps=steps(*ORTHOGONAL), rays=rays(*DIAGONAL))),
    Profession.HORSE: (
        Pattern(steps=steps((2, 2), (2, -2), (-2, 2), (-2, -2))),
        Pattern(steps=steps((2, 2), (2, -2), (-2, 2), (-2, -2), (2, 0), (-2, 0), (0, 2),
                            (0, -2)))),
    Profession.SHAMAN: (
        Pattern(steps=steps(*ORTHOGONAL)),
        Pattern(rays=rays(*ALL_EIGHT, passes=1))),
}


#: 古机戦 (cetkaik.md §3.6; the book pp. 10–11): the first pattern is the move anywhere; the
#: second is the 兵's inside the opponent's three nearest ranks. The 船 moves through the
#: water (the engine, `old`), so it has no pattern. 車 and 獣 take by jumping (the engine).
def old_moves(ranging: str = "both") -> dict[Profession, tuple[Pattern, Pattern]]:
    """The moves of 古机戦; `ranging` "both" (車 and 獣 range), "chariot" (only 車 ranges),
    "neither" (each moves one square its way)."""
    chariot = Pattern(rays=rays(*ORTHOGONAL)) if ranging in ("both", "chariot") else \
        Pattern(steps=steps(*ORTHOGONAL))
    beast = Pattern(rays=rays(*DIAGONAL)) if ranging == "both" else \
        Pattern(steps=steps(*DIAGONAL))
    general = Pattern(steps=steps((1, 0), (1, 1), (1, -1), (0, 1), (0, -1), (-1, 1), (-1, -1)))
    return {
        Profession.VESSEL: (Pattern(), Pattern()),
        Profession.PAWN: (Pattern(steps=steps((1, 0))), Pattern(steps=steps(*ORTHOGONAL))),
        Profession.BOW: (Pattern(rays=rays(*ORTHOGONAL)),) * 2,
        Profession.CHARIOT: (chariot, chariot),
        Profession.TIGER: (beast, beast),
        Profession.GENERAL: (general, general),
        Profession.KING: (Pattern(steps=steps(*ALL_EIGHT)),) * 2,
    }


def _line(board: Board, sq: int, dr: int, dc: int, first: int) -> tuple[int, ...]:
    squares = []
    k = 1
    while True:
        target = board.offset(sq, dr * k, dc * k)
        if target < 0:
            break
        if k >= first:
            squares.append(target)
        k += 1
    return tuple(squares)


def compile_pattern(board: Board, pattern: Pattern, forward: int) -> tuple[SquareMoves, ...]:
    """Per square of `board`: the pattern's steps and rays as squares (`forward` is -1 for a
    side moving up the board, +1 for one moving down)."""
    table = []
    for sq in range(board.size):
        found_steps = []
        for f, s, empty in pattern.steps:
            target = board.offset(sq, f * forward, s)
            if target >= 0:
                found_steps.append(
                    (target, tuple(board.offset(sq, ef * forward, es) for ef, es in empty)))
        found_rays = []
        for f, s, first, passes in pattern.rays:
            line = _line(board, sq, f * forward, s, first)
            if line:
                found_rays.append((line, passes))
        table.append((tuple(found_steps), tuple(found_rays)))
    return tuple(table)


def compile_patterns(board: Board, moves: Mapping[Profession, tuple[Pattern, Pattern]],
                     ) -> dict[tuple[Profession, int, bool], tuple[SquareMoves, ...]]:
    """Tables for every (profession, side, on 皇処); side 0 moves up, side 1 down."""
    return {(prof, side, hue): compile_pattern(board, patterns[hue], -1 if side == 0 else 1)
            for prof, patterns in moves.items() for side in (0, 1) for hue in (False, True)}
