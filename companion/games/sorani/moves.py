"""Moves and chance outcomes of Sorani's digital play, with their text notation.

Seats' moves::

    take 3w              draft the star cluster 3w (or a branch tile: take v2)
    take 4 planet 7      draft a 4 cluster and trade it at once for the planet on track space 7
    place v2 C3 90       put the held branch v2 on cross space C3, turned 90° clockwise
    place 3w d4          put a held round tile (cluster, planet R/B/G/Y, feature f7) on d4
    discard v2           give up a held tile that fits nowhere (only when nothing fits)
    card f7              special-feature draft: take the face-up card f7
    draw 3               ... or draw two cards from the ★3 deck
    keep f9              ... and keep f9 (the other goes face up to its row)

Chance outcomes (the driver draws them; a record lists them as ``{"chance": ...}``)::

    coyote 2             the Coyote board goes to seat 2 (seats counted from 1)
    board fire           the next seat without a board gets Fire Man's board
    sky 3 90             dark-sky card 3, turned 90° clockwise
    offer f5             a special-feature card turned face up in its row at setup
    track R              a planet laid on the track (centre outwards)
    reserve R            a planet set face down beside the board (hidden from everybody)
    cluster 3w           a star cluster drawn for this round's display (branch v2 likewise)
    drawn f9             a card drawn by a seat that chose `draw`
    refill f4            clean-up: an empty card row gets the top card of its deck
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Self

from companion.core.api import Move
from companion.core.errors import MoveParseError
from companion.games.sorani.board import is_branch
from companion.games.sorani.catalogue import catalogue

TURNS = (0, 90, 180, 270)
#: What a chance outcome deals, in the order they come in a game.
DEALS = ("coyote", "board", "sky", "offer", "track", "reserve", "cluster", "branch", "drawn",
         "refill")


def _tile_ids() -> set[str]:
    cat = catalogue()
    return ({k.id for k in cat.branches} | {k.id for k in cat.clusters}
            | {c.id for c in cat.colours} | {f.id for f in cat.features})


def _check_tile(tile: str, text: str) -> str:
    if tile not in _tile_ids():
        raise MoveParseError(text, "a tile: a branch (i1, l2, v2, t3, x4), a star cluster "
                                   "(2, 2w, 3, 3w, 4), a planet (R, B, G, Y) or a feature f1–f24")
    return tile


@dataclass(frozen=True)
class Take(Move):
    """Draft a tile of this round's display; `planet` (a track space, from 1) trades the
    star cluster at once for the planet lying there."""

    tile: str
    planet: int = 0

    def __str__(self) -> str:
        return f"take {self.tile}" + (f" planet {self.planet}" if self.planet else "")

    @classmethod
    def parse(cls, text: str) -> Self:
        words = text.split()
        if len(words) == 2 and words[0] == "take":
            return cls(_check_tile(words[1], text))
        if len(words) == 4 and words[0] == "take" and words[2] == "planet" and words[3].isdigit():
            return cls(_check_tile(words[1], text), int(words[3]))
        raise MoveParseError(text, "'take TILE' or 'take CLUSTER planet SPACE'")


@dataclass(frozen=True)
class Place(Move):
    """Put a held tile on the board: a branch on a cross space (turned 0/90/180/270° clockwise),
    anything else on a round space."""

    tile: str
    space: str
    turn: int = 0

    def __str__(self) -> str:
        if is_branch(self.tile):
            return f"place {self.tile} {self.space} {self.turn}"
        return f"place {self.tile} {self.space}"

    @classmethod
    def parse(cls, text: str) -> Self:
        words = text.split()
        if len(words) not in (3, 4) or words[0] != "place":
            raise MoveParseError(text, "'place TILE SPACE' or 'place BRANCH CROSS TURN'")
        tile = _check_tile(words[1], text)
        lattice = catalogue().lattice
        if is_branch(tile):
            if len(words) != 4 or lattice.cross_index(words[2]) is None \
                    or not words[3].isdigit() or int(words[3]) not in TURNS:
                raise MoveParseError(text, "a branch on a cross space A1–"
                                     f"{lattice.cross_name(lattice.crosses - 1)} turned "
                                     "0, 90, 180 or 270")
            return cls(tile, words[2], int(words[3]))
        if len(words) != 3 or lattice.space_index(words[2]) is None:
            raise MoveParseError(text, "a round tile on a round space a1–"
                                 f"{lattice.space_name(lattice.spaces - 1)}")
        return cls(tile, words[2])


@dataclass(frozen=True)
class Discard(Move):
    """Give up a held tile that fits nowhere on the board."""

    tile: str

    def __str__(self) -> str:
        return f"discard {self.tile}"

    @classmethod
    def parse(cls, text: str) -> Self:
        words = text.split()
        if len(words) == 2 and words[0] == "discard":
            return cls(_check_tile(words[1], text))
        raise MoveParseError(text, "'discard TILE'")


def _feature_word(word: str, text: str) -> str:
    if word not in {f.id for f in catalogue().features}:
        raise MoveParseError(text, "a special feature f1–f24")
    return word


@dataclass(frozen=True)
class _FeatureMove(Move):
    """A move naming one special-feature card: its word, then the card (`WORD f7`)."""

    WORD: ClassVar[str] = ""
    feature: str

    def __str__(self) -> str:
        return f"{self.WORD} {self.feature}"

    @classmethod
    def parse(cls, text: str) -> Self:
        words = text.split()
        if len(words) == 2 and words[0] == cls.WORD:
            return cls(_feature_word(words[1], text))
        raise MoveParseError(text, f"'{cls.WORD} FEATURE'")


class TakeCard(_FeatureMove):
    """Special-feature draft: take a face-up card."""

    WORD = "card"


@dataclass(frozen=True)
class DrawCards(Move):
    """Special-feature draft: draw two cards from the ★2 or ★3 deck."""

    stars: int

    def __str__(self) -> str:
        return f"draw {self.stars}"

    @classmethod
    def parse(cls, text: str) -> Self:
        words = text.split()
        if len(words) == 2 and words[0] == "draw" and words[1] in ("2", "3"):
            return cls(int(words[1]))
        raise MoveParseError(text, "'draw 2' or 'draw 3'")


class Keep(_FeatureMove):
    """Special-feature draft: keep one of the cards drawn."""

    WORD = "keep"


@dataclass(frozen=True)
class Deal(Move):
    """A chance outcome: what is dealt (`DEALS`) and its value ("3w", "3 90", "2")."""

    what: str
    value: str

    def __str__(self) -> str:
        return f"{self.what} {self.value}"

    @classmethod
    def parse(cls, text: str) -> Self:
        what, _, value = text.strip().partition(" ")
        if what not in DEALS or not value.strip():
            raise MoveParseError(text, "a chance outcome: " + ", ".join(DEALS))
        return cls(what, " ".join(value.split()))


SEAT_MOVES: dict[str, type[Move]] = {"take": Take, "place": Place, "discard": Discard,
                                     "card": TakeCard, "draw": DrawCards, "keep": Keep}


def parse_move(text: str) -> Move:
    """Any Sorani move or chance outcome from its notation (`MoveParseError` otherwise)."""
    first = text.strip().split(" ", 1)[0]
    if first in SEAT_MOVES:
        return SEAT_MOVES[first].parse(text.strip())
    if first in DEALS:
        return Deal.parse(text)
    raise MoveParseError(text, "take, place, discard, card, draw, keep or a chance outcome")
