"""The Etariya setup randomizer and its short shareable setup code (pure data; the UI draws it).

`randomize_setup(seed, expansions)` follows the rulebook's setup: four different large sheets
at random, a random face of each, a random slot for each and a random 180° turn inside the slot;
the first player's faction by the small-sheet bag draw (the centre cell is the other faction's
small sheet); with E the seven score chips shuffled onto the seven dominance chips.

A setup code is 10 characters written ``XXXXX-XXXXX`` (Crockford base 32: digits and capitals
without I, L, O, U; case and dashes ignored when read). It holds a version, the four slots
(sheet, side, turn), the first faction, whether it was drawn, the expansions, the E pairing
(as an arrangement of the score-chip values) and a check character, so a mistyped code is
refused. The code names sheets and sides, so the board it shows is made of the faces in use:
give the same edited faces to read a code made with them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from math import factorial
from typing import Any

from companion.core.errors import CompanionError
from companion.games.etariya.board import (
    CODES,
    DARK,
    FACTIONS,
    LIGHT,
    SHEETS,
    SIDES,
    MapFace,
    Placement,
    build_board,
    colour_name,
    face_by_id,
    load_faces,
)
from companion.games.etariya.rules import EXPANSIONS, SCORE_VALUES, check_options, other

ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
VERSION = 1
DATA_BITS = 40
SLOT_NAMES = {1: ("top-left", "左上"), 2: ("top-right", "右上"), 3: ("bottom-right", "右下"),
              4: ("bottom-left", "左下")}


class SetupCodeError(CompanionError, ValueError):
    """A setup code that cannot be read, with the reason."""


@dataclass(frozen=True)
class Setup:
    """A setup to build at the table (or to start a digital game from)."""

    placements: tuple[Placement, ...]  # slots 1..4 in order
    first: str  # faction of the first player, "L" or "D"
    first_by_draw: bool = True  # decided by the small-sheet bag draw
    expansions: tuple[str, ...] = ()
    #: E: the score-chip value on the dominance chip of each colour, in `CODES` order.
    score_pairing: tuple[int, ...] | None = None
    score_values: tuple[int, ...] = SCORE_VALUES

    @property
    def centre(self) -> str:
        """The centre cell: the small sheet of the second player's faction."""
        return other(self.first)

    def board(self) -> tuple[str, ...]:
        """7 rows of 'L'/'D'."""
        return build_board(self.placements, self.centre)

    def pairing(self) -> dict[str, int]:
        """E: colour code → score-chip value (empty without E)."""
        if not self.score_pairing:
            return {}
        return dict(zip(CODES, self.score_pairing, strict=True))

    def options(self) -> dict[str, Any]:
        """Game options for digital play of this setup."""
        return {"expansions": sorted(self.expansions)}

    def code(self) -> str:
        return encode(self)

    def describe(self, lang: str = "en") -> list[str]:
        """Steps a person can follow, one line each."""
        ja = lang == "ja"
        lines = []
        first = ("光" if self.first == LIGHT else "闇") if ja else \
            ("Light" if self.first == LIGHT else "Dark")
        second = ("光" if self.centre == LIGHT else "闇") if ja else \
            ("Light" if self.centre == LIGHT else "Dark")
        how = ("(小シートの袋引き)" if ja else " (small-sheet draw)") if self.first_by_draw else ""
        lines.append(f"先手: {first}の陣営{how}" if ja else f"First player: {first}{how}")
        for p in self.placements:
            where = SLOT_NAMES[p.slot][1 if ja else 0]
            if ja:
                turn = "、180°回転" if p.turned else ""
                lines.append(f"{where}: シート{p.face.sheet} {p.face.side}面{turn}")
            else:
                turn = ", turned 180°" if p.turned else ""
                lines.append(f"{where}: sheet {p.face.sheet} side {p.face.side}{turn}")
        lines.append(f"中央: {second}のマップシート(小)" if ja else
                     f"Centre: the {second} small sheet")
        if self.expansions:
            label = "拡張" if ja else "Expansions"
            lines.append(f"{label}: {', '.join(self.expansions)}")
        for colour, value in self.pairing().items():
            name = colour_name(colour, "ja" if ja else "en")
            lines.append(f"{name}の支配チップ: 得点チップ {value}" if ja else
                         f"{name} dominance chip: score chip {value}")
        lines.append(("準備コード: " if ja else "Setup code: ") + self.code())
        return lines


def _expansions(expansions: Iterable[str]) -> tuple[str, ...]:
    chosen = tuple(sorted({e.strip().upper() for e in expansions if e.strip()}))
    unknown = [e for e in chosen if e not in EXPANSIONS]
    if unknown:
        raise ValueError(f"unknown expansion(s) {', '.join(unknown)}; use A, B, C, D, E")
    check_options({"expansions": list(chosen)})
    return chosen


def randomize_setup(seed: int, expansions: Iterable[str] = (),
                    faces: Any = None, score_values: Sequence[int] = SCORE_VALUES,
                    first: str | None = None) -> Setup:
    """A random setup, the same for the same seed, expansions and faces. `first` fixes the
    first player's faction ("L"/"D") instead of the bag draw."""
    chosen = _expansions(expansions)
    face_set = load_faces(faces)
    rng = random.Random(seed)
    sheets = rng.sample(range(1, SHEETS + 1), 4)
    placements = []
    for slot, sheet in enumerate(sheets, start=1):
        side = rng.choice(SIDES)
        turned = rng.random() < 0.5
        placements.append(Placement(slot, face_by_id(face_set, f"{sheet}{side}"), turned))
    drawn = rng.choice(FACTIONS)
    pairing = None
    values = tuple(score_values)
    if len(values) != len(CODES) or any(v < 1 for v in values):
        raise ValueError("score chips: seven values of at least 1 are needed")
    if "E" in chosen:
        shuffled = list(values)
        rng.shuffle(shuffled)
        pairing = tuple(shuffled)
    return Setup(tuple(placements), first or drawn, first is None, chosen, pairing, values)


# --- the code -------------------------------------------------------------------------------
def _permutation_rank(perm: Sequence[int]) -> int:
    rank, items = 0, sorted(perm)
    for position, value in enumerate(perm):
        i = items.index(value)
        rank += i * factorial(len(perm) - 1 - position)
        items.pop(i)
    return rank


def _permutation_unrank(rank: int, size: int) -> list[int]:
    items, perm = list(range(size)), []
    for position in range(size):
        f = factorial(size - 1 - position)
        i, rank = divmod(rank, f)
        perm.append(items.pop(i))
    return perm


def _pairing_rank(pairing: Sequence[int], values: Sequence[int]) -> int:
    """The arrangement as a permutation of value indexes (equal values in rising order)."""
    free = sorted(range(len(values)), key=lambda i: (values[i], i))
    perm = []
    for value in pairing:
        i = next((j for j in free if values[j] == value), None)
        if i is None:
            raise ValueError(f"score pairing {tuple(pairing)} does not use the values "
                             f"{tuple(values)}")
        free.remove(i)
        perm.append(i)
    return _permutation_rank(perm)


def _check_char(chars: str) -> str:
    total = sum((i + 1) * ALPHABET.index(c) for i, c in enumerate(chars))
    return ALPHABET[total % 31]


def encode(setup: Setup) -> str:
    bits = 0
    for p in sorted(setup.placements, key=lambda p: p.slot):
        bits = (bits << 5) | ((p.face.sheet - 1) << 2) | (SIDES.index(p.face.side) << 1) \
            | int(p.turned)
    bits = (bits << 1) | int(setup.first == DARK)
    bits = (bits << 1) | int(setup.first_by_draw)
    for e in EXPANSIONS:
        bits = (bits << 1) | int(e in setup.expansions)
    pairing = setup.score_pairing or ()
    rank = _pairing_rank(pairing, setup.score_values) if pairing else 0
    bits = (bits << 13) | rank
    data = ALPHABET[VERSION] + "".join(ALPHABET[(bits >> (5 * k)) & 31]
                                       for k in range(DATA_BITS // 5 - 1, -1, -1))
    text = data + _check_char(data)
    return f"{text[:5]}-{text[5:]}"


def normalise_code(code: str) -> str:
    text = code.strip().upper().replace("-", "").replace(" ", "")
    return text.translate(str.maketrans("OIL", "011"))


def setup_from_code(code: str, faces: Any = None,
                    score_values: Sequence[int] = SCORE_VALUES) -> Setup:
    """The setup a code describes; `SetupCodeError` saying what is wrong otherwise."""
    text = normalise_code(code)
    if len(text) != 10 or any(c not in ALPHABET for c in text):
        raise SetupCodeError(f"setup code {code!r}: expected 10 letters and digits, "
                             "e.g. 1A2B3-C4D5E")
    if _check_char(text[:9]) != text[9]:
        raise SetupCodeError(f"setup code {code!r} has a typing mistake (check character)")
    if ALPHABET.index(text[0]) != VERSION:
        raise SetupCodeError(f"setup code {code!r} is from another version")
    bits = 0
    for c in text[1:9]:
        bits = (bits << 5) | ALPHABET.index(c)
    rank = bits & 0x1FFF
    bits >>= 13
    expansions = tuple(e for k, e in enumerate(reversed(EXPANSIONS)) if bits >> k & 1)[::-1]
    bits >>= len(EXPANSIONS)
    by_draw = bool(bits & 1)
    first = DARK if bits >> 1 & 1 else LIGHT
    bits >>= 2
    face_set = load_faces(faces)
    placements: list[Placement] = []
    for slot in (4, 3, 2, 1):
        part = bits & 31
        bits >>= 5
        face: MapFace = face_by_id(face_set, f"{(part >> 2) + 1}{SIDES[part >> 1 & 1]}")
        placements.insert(0, Placement(slot, face, bool(part & 1)))
    if len({p.face.sheet for p in placements}) != 4:
        raise SetupCodeError(f"setup code {code!r} uses a sheet twice")
    try:
        check_options({"expansions": list(expansions)})
    except ValueError as exc:
        raise SetupCodeError(f"setup code {code!r}: {exc}") from None
    values = tuple(score_values)
    pairing = None
    if "E" in expansions:
        if rank >= factorial(len(values)):
            raise SetupCodeError(f"setup code {code!r} has no valid score-chip pairing")
        pairing = tuple(values[i] for i in _permutation_unrank(rank, len(values)))
    elif rank:
        raise SetupCodeError(f"setup code {code!r} pairs score chips without expansion E")
    return Setup(tuple(placements), first, by_draw, expansions, pairing, values)
