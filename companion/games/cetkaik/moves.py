"""机戦 moves and their notation (squares by public name, e.g. ``ZAI``; plain ``e3`` is read too).

Seat moves:

- ``LAU-LY`` — move the piece on LAU to LY (capturing what stands there);
- ``ZAI-[ZO]-ZU`` — step on the piece (or the 皇) on ZO and go on to ZU (踏越え); when the second
  leg ranges, the sticks decide whether it arrives (the exact square is announced);
  with the option "announce a direction" ``ZAI-[ZO]->ZU`` means "towards ZU and beyond", with
  "announce nothing" ``ZAI-[ZO]`` means "somewhere from ZO";
- ``皇ZO-TY-TAU`` — move the 皇 two king steps; ``皇ZO-TY-[TAI]-NAU`` steps on TAI on the way
  (the bracketed square is the stepped-on one);
- ``赤兵*ZY`` — put a captured red pawn on ZY (ASCII: ``rP*ZY``);
- ``go LO`` / ``stay`` — after a stepping cast that allows it: complete the move to LO, or give it
  up (the piece stays where it started);
- ``再行`` (``tymok``) / ``終季`` (``taxot``) — the declaration after a new hand;
- ``recast`` / ``bank`` — with 連撃術: cast the sticks again and add, or keep the total.

Chance outcomes (seat `CHANCE` in a record): ``=3`` — three of the five sticks face up (a water
entry or a stepping cast); ``first IA`` / ``first A`` — which side moves first this season.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from companion.core.api import Move
from companion.core.errors import MoveParseError
from companion.games.cetkaik.board import STANDARD_BOARD, Board
from companion.games.cetkaik.pieces import (
    COLOUR_ALIASES,
    PROFESSION_ALIASES,
    TAM_KANJI,
    Colour,
    Profession,
)
from companion.games.cetkaik.variants import SIDE_NAMES
from companion.games.sticks.moves import Sticks

NOTATION = ("a 机戦 move such as LAU-LY, ZAI-[ZO]-ZU, 皇ZO-TY-TAU, 赤兵*ZY, go LO, stay, "
            "再行 or 終季")
_SQUARE = r"[A-Za-z]{1,3}\d?"


def _text_of(move: object, text: str) -> None:
    object.__setattr__(move, "_text", text)


@dataclass(frozen=True)
class PieceMove(Move):
    """A piece on the board moves from `src` to `dest`, stepping on `via` when given.

    `towards` (announce a direction): `dest` is the first square of the announced line.
    An empty `dest` with a `via` (announce nothing): the second leg is chosen after the cast.
    `via2`: a second stepped-on square (古机戦 lets a piece step over both ships in a row).
    """

    src: str
    dest: str
    via: str = ""
    towards: bool = False
    via2: str = ""
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not self.via:
            _text_of(self, f"{self.src}-{self.dest}")
        elif not self.dest:
            _text_of(self, f"{self.src}-[{self.via}]")
        else:
            second = f"[{self.via2}]-" if self.via2 else ""
            _text_of(self, f"{self.src}-[{self.via}]-{second}{'>' if self.towards else ''}"
                           f"{self.dest}")

    def __str__(self) -> str:
        return self._text

    @property
    def steps(self) -> bool:
        return bool(self.via)

    @classmethod
    def parse(cls, text: str) -> PieceMove:
        return _parse_piece_move(text, STANDARD_BOARD)


@dataclass(frozen=True)
class TamMove(Move):
    """The 皇 moves along `path` (start, then each square entered); `via` is the index in the
    path of the square stepped on (0: none). Two king steps, three squares with a step."""

    path: tuple[str, ...]
    via: int = 0
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        parts = [f"[{sq}]" if i == self.via and i else sq for i, sq in enumerate(self.path)]
        _text_of(self, TAM_KANJI + "-".join(parts))

    def __str__(self) -> str:
        return self._text

    @property
    def src(self) -> str:
        return self.path[0]

    @property
    def dest(self) -> str:
        return self.path[-1]

    @classmethod
    def parse(cls, text: str) -> TamMove:
        return _parse_tam_move(text, STANDARD_BOARD)


@dataclass(frozen=True)
class Drop(Move):
    """A captured piece of `colour` and `profession` is put on the empty square `dest`."""

    colour: Colour
    profession: Profession
    dest: str
    _text: str = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        _text_of(self, f"{self.colour.kanji}{self.profession.kanji}*{self.dest}")

    def __str__(self) -> str:
        return self._text

    @classmethod
    def parse(cls, text: str) -> Drop:
        return _parse_drop(text, STANDARD_BOARD)


@dataclass(frozen=True)
class AfterCast(Move):
    """After a stepping cast: complete the move to `dest`, or give it up (`dest` empty)."""

    dest: str = ""

    def __str__(self) -> str:
        return f"go {self.dest}" if self.dest else "stay"

    @classmethod
    def parse(cls, text: str) -> AfterCast:
        return _parse_after_cast(text, STANDARD_BOARD)


@dataclass(frozen=True)
class Declare(Move):
    """再行 (`again`: the season goes on at double rate) or 終季 (the season ends and pays)."""

    again: bool

    def __str__(self) -> str:
        return "再行" if self.again else "終季"

    @classmethod
    def parse(cls, text: str) -> Declare:
        word = text.strip().lower()
        if word in AGAIN_WORDS:
            return cls(True)
        if word in END_WORDS:
            return cls(False)
        raise MoveParseError(text, "再行 (tymok) or 終季 (taxot)")


AGAIN_WORDS = ("再行", "tymok", "again")
END_WORDS = ("終季", "taxot", "end")


@dataclass(frozen=True)
class ChainCast(Move):
    """連撃術 (option): after a stepping cast, cast again and add (`again`), or keep the
    total."""

    again: bool

    def __str__(self) -> str:
        return "recast" if self.again else "bank"

    @classmethod
    def parse(cls, text: str) -> ChainCast:
        word = text.strip().lower()
        if word in ("recast", "bank"):
            return cls(word == "recast")
        raise MoveParseError(text, "recast or bank")


@dataclass(frozen=True)
class FirstMover(Move):
    """Chance: the side that moves first in a season (0 = IA side, 1 = A side)."""

    side: int

    def __str__(self) -> str:
        return f"first {SIDE_NAMES[self.side]}"

    @classmethod
    def parse(cls, text: str) -> FirstMover:
        words = text.split()
        if len(words) != 2 or words[0].lower() != "first" or words[1].upper() not in SIDE_NAMES:
            raise MoveParseError(text, "first IA or first A")
        return cls(SIDE_NAMES.index(words[1].upper()))


CetkaikMove = PieceMove | TamMove | Drop | AfterCast | Declare | ChainCast | FirstMover | Sticks


# --- parsing ---------------------------------------------------------------------------------
def _parse_piece_move(text: str, board: Board) -> PieceMove:
    compact = text.strip().replace(" ", "")
    double = re.fullmatch(rf"({_SQUARE})-\[({_SQUARE})\]-\[({_SQUARE})\]-({_SQUARE})", compact)
    if double is not None:
        src, via, via2, dest = (_square(board, name, text) for name in double.groups())
        return PieceMove(src, dest, via, via2=via2)
    match = re.fullmatch(rf"({_SQUARE})-(?:\[({_SQUARE})\]|({_SQUARE}))"
                         rf"(?:-(>?)({_SQUARE}))?", compact)
    if match is None:
        raise MoveParseError(text, "a move such as LAU-LY or ZAI-[ZO]-ZU")
    src, bracketed, second, towards, third = match.groups()
    if third is None:
        if bracketed:  # "ZAI-[ZO]": a stepping move announcing nothing
            return PieceMove(_square(board, src, text), "", _square(board, bracketed, text))
        return PieceMove(_square(board, src, text), _square(board, second, text))
    via = bracketed or second
    return PieceMove(_square(board, src, text), _square(board, third, text),
                     _square(board, via, text), bool(towards))


def _parse_tam_move(text: str, board: Board) -> TamMove:
    compact = text.strip().replace(" ", "")
    body = _strip_tam(compact)
    if body is None:
        raise MoveParseError(text, "a 皇 move such as 皇ZO-TY-TAU or 皇ZO-TY-[TAI]-NAU")
    parts = body.split("-")
    via = [i for i, part in enumerate(parts) if part.startswith("[") and part.endswith("]")]
    if not 3 <= len(parts) <= 4 or len(via) != (len(parts) - 3) or 0 in via:
        raise MoveParseError(text, "a 皇 move: start and two squares (皇ZO-TY-TAU), or with "
                                   "the stepped-on square in brackets (皇ZO-TY-[TAI]-NAU)")
    path = tuple(_square(board, part.strip("[]"), text) for part in parts)
    return TamMove(path, via[0] if via else 0)


def _strip_tam(text: str) -> str | None:
    for prefix in (TAM_KANJI, "tam"):
        if text.lower().startswith(prefix):
            return text[len(prefix):].lstrip(":")
    return None


def _parse_drop(text: str, board: Board) -> Drop:
    compact = text.strip().replace(" ", "")
    piece, star, dest = compact.partition("*")
    colour = COLOUR_ALIASES.get(piece[:1].lower())
    profession = PROFESSION_ALIASES.get(piece[1:].lower())
    if not star or colour is None or profession is None:
        raise MoveParseError(text, "a drop such as 赤兵*ZY or rP*ZY")
    return Drop(colour, profession, _square(board, dest, text))


def _parse_after_cast(text: str, board: Board) -> AfterCast:
    words = text.split()
    if [w.lower() for w in words] == ["stay"]:
        return AfterCast("")
    if len(words) == 2 and words[0].lower() == "go":
        return AfterCast(_square(board, words[1], text))
    raise MoveParseError(text, "go <square> or stay")


def _square(board: Board, name: str, text: str) -> str:
    try:
        return board.canonical(name)
    except MoveParseError:
        raise MoveParseError(text, board.square_help()) from None


def parse_move(text: str, board: Board = STANDARD_BOARD) -> CetkaikMove:
    """Any 机戦 move or chance outcome from its notation; `MoveParseError` otherwise."""
    stripped = text.strip()
    if not stripped:
        raise MoveParseError(text, NOTATION)
    lowered = stripped.lower()
    if stripped.startswith("="):
        return Sticks.parse(stripped)
    if lowered in AGAIN_WORDS or lowered in END_WORDS:
        return Declare.parse(stripped)
    if lowered.startswith("first"):
        return FirstMover.parse(stripped)
    if lowered in ("recast", "bank"):
        return ChainCast.parse(stripped)
    if lowered == "stay" or lowered.startswith("go ") or lowered == "go":
        return _parse_after_cast(stripped, board)
    if _strip_tam(stripped.replace(" ", "")) is not None:
        return _parse_tam_move(stripped, board)
    if "*" in stripped:
        return _parse_drop(stripped, board)
    if "-" in stripped:
        return _parse_piece_move(stripped, board)
    raise MoveParseError(text, NOTATION)
