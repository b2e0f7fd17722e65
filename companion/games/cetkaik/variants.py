"""Rule sets of 机戦 as data: board, piece moves, start position, hands and the season flow.

標準机戦 (`STANDARD`) and 教育机戦 (`EDUCATION`, 5 × 7, ten pieces a side, four hands, 10
points each) are played by the same engine (`rules`); 古机戦 has an engine of its own (`old`)
on the same boards, pieces and notation. Positions are written as text diagrams, one line per row
from the top of the board, one token per square:

- ``.`` an empty square, ``皇`` the 皇;
- colour + profession + owner: ``赤兵^`` a red pawn of side 0 (the IA side, at the bottom,
  moving up), ``黒筆v`` a black clerk of side 1 (the A side, at the top, moving down).
  ASCII works as well: ``rP^``, ``bL v``-style tokens without the space (see `pieces`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cache
from types import MappingProxyType

from companion.core.errors import CompanionError
from companion.games.cetkaik.board import EDUCATION_BOARD, OLD_BOARD, STANDARD_BOARD, Board
from companion.games.cetkaik.hands import (
    HandSpec,
    HandTable,
    education_hands,
    renjuren_hands,
    sanren_hands,
    standard_hands,
)
from companion.games.cetkaik.movement import STANDARD_MOVES, Pattern, old_moves
from companion.games.cetkaik.pieces import (
    COLOUR_ALIASES,
    PROFESSION_ALIASES,
    Colour,
    Profession,
)

#: Side 0 starts at the bottom of the diagrams (the IA side, black king) and moves up;
#: side 1 at the top (the A side, red king) moves down.
SIDES = (0, 1)
SIDE_NAMES = ("IA", "A")
SIDE_MARKS = ("^", "v")

#: (square, colour, profession, side) for every piece of a start position.
Placement = tuple[int, Colour, Profession, int]


class LayoutError(CompanionError, ValueError):
    """A position diagram that cannot be read; the message names the row and the token."""


def parse_layout(board: Board, text: str) -> tuple[tuple[Placement, ...], int]:
    """The pieces of a diagram and the square of the 皇 (-1 when there is none)."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if len(lines) != board.height:
        raise LayoutError(f"a {board.width} × {board.height} diagram needs {board.height} "
                          f"rows, not {len(lines)}")
    pieces: list[Placement] = []
    tam = -1
    for row, tokens in enumerate(lines):
        if len(tokens) != board.width:
            raise LayoutError(f"row {row + 1} of the diagram has {len(tokens)} squares, "
                              f"not {board.width}: {' '.join(tokens)}")
        for col, token in enumerate(tokens):
            sq = board.square(row, col)
            if token == ".":
                continue
            if token in ("皇", "@"):
                if tam >= 0:
                    raise LayoutError("the diagram has two 皇")
                tam = sq
                continue
            pieces.append((sq, *_parse_piece(token, row)))
    return tuple(pieces), tam


def _parse_piece(token: str, row: int) -> tuple[Colour, Profession, int]:
    if len(token) != 3 or token[2] not in SIDE_MARKS:
        raise LayoutError(f"row {row + 1}: {token!r} is not a piece such as 赤兵^ or bKv")
    colour = COLOUR_ALIASES.get(token[0].lower())
    profession = PROFESSION_ALIASES.get(token[1].lower())
    if colour is None or profession is None:
        raise LayoutError(f"row {row + 1}: {token!r} is not a piece such as 赤兵^ or bKv")
    return colour, profession, SIDE_MARKS.index(token[2])


@dataclass(frozen=True)
class Variant:
    """One rule set: everything the engine needs to know that is not code."""

    key: str
    name_ja: str
    name_en: str
    board: Board
    moves: Mapping[Profession, tuple[Pattern, Pattern]]
    layout: str
    #: The hands by hand system ("standard"; the 標準 game also "official" — the official
    #: sheet's values —, "renjuren", "sanren"; `HAND_SYSTEMS`).
    hand_sets: Mapping[str, tuple[HandSpec, ...]]
    start_points: int = 20
    rate_cap: int = 64
    seasons: int = 4
    #: The registry id of the game this rule set is played as.
    game_id: str = "cetkaik"
    #: Names that differ from the modern ones (古机戦 calls the 虎's place 獣).
    kanji: Mapping[Profession, str] = field(default_factory=dict)
    #: "modern" (the 皇, sticks, hands, seasons: `rules`) or "old" (古机戦: `old`).
    engine: str = "modern"

    def __post_init__(self) -> None:
        # read-only views: every state of the rule set shares them
        for name in ("moves", "hand_sets", "kanji"):
            object.__setattr__(self, name, MappingProxyType(dict(getattr(self, name))))

    def __deepcopy__(self, memo: dict[int, object]) -> Variant:
        return self  # immutable and shared by every state of the rule set

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return variant_named, (self.key,)

    def piece_kanji(self, profession: Profession) -> str:
        return self.kanji.get(profession, profession.kanji)

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    def start(self) -> tuple[tuple[Placement, ...], int]:
        return parse_layout(self.board, self.layout)

    @property
    def total_points(self) -> int:
        return 2 * self.start_points

    def hands(self, official_values: bool = False, system: str = "standard",
              ) -> tuple[HandSpec, ...]:
        """The hand list of a hand system (the official values apply to the standard one)."""
        if system == "standard" and official_values and "official" in self.hand_sets:
            return self.hand_sets["official"]
        return self.hand_sets[system]

    def piece_set(self) -> dict[tuple[Colour, Profession], int]:
        """How many pieces of each colour and profession the whole set has."""
        counts: dict[tuple[Colour, Profession], int] = {}
        for _, colour, profession, _ in self.start()[0]:
            counts[(colour, profession)] = counts.get((colour, profession), 0) + 1
        return counts


STANDARD = Variant(
    key="standard",
    name_ja="標準机戦",
    name_en="Standard Cetkaik",
    board=STANDARD_BOARD,
    moves=STANDARD_MOVES,
    layout="""
        黒筆v 黒馬v 黒車v 黒将v 赤王v 赤将v 赤車v 赤馬v 赤筆v
        赤巫v 赤弓v .    赤虎v .    黒虎v .    黒弓v 黒巫v
        黒兵v 赤兵v 黒兵v 赤兵v 赤船v 赤兵v 黒兵v 赤兵v 黒兵v
        .    .    .    .    .    .    .    .    .
        .    .    .    .    皇   .    .    .    .
        .    .    .    .    .    .    .    .    .
        黒兵^ 赤兵^ 黒兵^ 赤兵^ 黒船^ 赤兵^ 黒兵^ 赤兵^ 黒兵^
        黒巫^ 黒弓^ .    黒虎^ .    赤虎^ .    赤弓^ 赤巫^
        赤筆^ 赤馬^ 赤車^ 赤将^ 黒王^ 黒将^ 黒車^ 黒馬^ 黒筆^
    """,
    hand_sets={"standard": standard_hands(), "official": standard_hands(official_values=True),
               "renjuren": renjuren_hands(), "sanren": sanren_hands()},
)

EDUCATION = Variant(
    key="education",
    name_ja="教育机戦",
    name_en="Cetkaik for learners",
    board=EDUCATION_BOARD,
    moves={p: STANDARD_MOVES[p] for p in (Profession.VESSEL, Profession.PAWN, Profession.BOW,
                                          Profession.CHARIOT, Profession.SHAMAN,
                                          Profession.GENERAL, Profession.KING)},
    layout="""
        赤車v 赤弓v 赤王v 赤将v 赤巫v
        黒兵v 黒兵v 赤船v 赤兵v 赤兵v
        .    .    .    .    .
        .    .    皇   .    .
        .    .    .    .    .
        赤兵^ 赤兵^ 黒船^ 黒兵^ 黒兵^
        黒巫^ 黒将^ 黒王^ 黒弓^ 黒車^
    """,
    hand_sets={"standard": education_hands()},
    start_points=10,
    game_id="cetkaik_education",
)

OLD = Variant(
    key="old",
    name_ja="古机戦",
    name_en="Old Cetkaik",
    board=OLD_BOARD,
    moves=old_moves(),
    layout="""
        赤弓v 赤獣v 赤車v 赤将v 赤王v 赤将v 赤車v 赤獣v 赤弓v
        .    .    .    .    .    .    .    .    .
        赤兵v 赤兵v 赤兵v 赤兵v 赤船v 赤兵v 赤兵v 赤兵v 赤兵v
        .    .    .    .    .    .    .    .    .
        .    .    .    .    .    .    .    .    .
        .    .    .    .    .    .    .    .    .
        黒兵^ 黒兵^ 黒兵^ 黒兵^ 黒船^ 黒兵^ 黒兵^ 黒兵^ 黒兵^
        .    .    .    .    .    .    .    .    .
        黒弓^ 黒獣^ 黒車^ 黒将^ 黒王^ 黒将^ 黒車^ 黒獣^ 黒弓^
    """,
    hand_sets={"standard": ()},
    start_points=0,
    seasons=1,
    game_id="cetkaik_old",
    kanji={Profession.TIGER: "獣"},
    engine="old",
)

VARIANTS: dict[str, Variant] = {v.key: v for v in (STANDARD, EDUCATION, OLD)}
#: The registry ids of the rule sets.
GAME_IDS = frozenset(v.game_id for v in VARIANTS.values())


def variant_named(key: str) -> Variant:
    """The rule set called `key` ("standard", "education", "old"): how a pickled one comes
    back."""
    return VARIANTS[key]


def variant_of(game_id: str) -> Variant:
    """The rule set a registry id plays."""
    for variant in VARIANTS.values():
        if variant.game_id == game_id:
            return variant
    raise KeyError(game_id)


@cache
def hand_table(variant_key: str, official_values: bool = False, system: str = "standard",
               counting: str = "modern", same_hand: str = "once") -> HandTable:
    """The shared (cached) hand calculator of a rule set and its scoring options."""
    return HandTable(VARIANTS[variant_key].hands(official_values, system), counting, same_hand)
