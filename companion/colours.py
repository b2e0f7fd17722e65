"""The colours that carry meaning in the games, in each colour-vision palette (no Qt).

One table per set of colours a player must tell apart — Etariya's seven stones and its Light
and Dark cells, Alluvium's five paints, the seats' pieces of the race games (and every seat
colour), Equilibrium's four elements and its balanced cities, Sorani's four planet colours,
the red and black of the 紙机戦 cards, 行山's cards and 机戦's pieces, and 机戦's squares.
The screens (through `ui.play.palette`) and the PDFs read their colours here, so both follow
the palette chosen in Settings.

Colour is never the only cue: each set names the second cue it carries on screen and on paper
(`ColourSet.cue`). The palettes for deuteranopia, protanopia and tritanopia were searched so
that, simulated for that deficiency (colorspacious, Machado et al. 2009, severity 100), every
two colours of a set stay at least `MIN_DIFFERENCE` CIEDE2000 apart, and still so for normal
vision, while each colour stays near its standard hue; tests/companion/test_colour_vision.py
measures it.

`current()` is the palette in use (Settings sets it at start and when it changes);
`palette_in_use(p)` uses another for a while (a test, one PDF).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from enum import Enum

RGB = tuple[float, float, float]

#: The least CIEDE2000 difference between two colours of one set under the palette's own
#: deficiency (justified in tests/companion/test_colour_vision.py).
MIN_DIFFERENCE = 15.0


class Palette(Enum):
    """A colour palette: the standard one, or one chosen for a colour-vision deficiency."""

    STANDARD = "standard"
    DEUTERANOPIA = "deuteranopia"
    PROTANOPIA = "protanopia"
    TRITANOPIA = "tritanopia"

    def label(self, lang: str) -> str:
        """The palette's name as Settings shows it."""
        en, ja = _PALETTE_NAMES[self]
        return ja if lang == "ja" else en

    @classmethod
    def parse(cls, text: object) -> Palette:
        """The palette stored as `text`; the standard one for anything else."""
        return next((p for p in cls if p.value == text), cls.STANDARD)


_PALETTE_NAMES = {
    Palette.STANDARD: ("Standard", "標準"),
    Palette.DEUTERANOPIA: ("Deuteranopia (green-weak)", "2型色覚（緑が弱い）向け"),
    Palette.PROTANOPIA: ("Protanopia (red-weak)", "1型色覚（赤が弱い）向け"),
    Palette.TRITANOPIA: ("Tritanopia (blue-weak)", "3型色覚（青が弱い）向け"),
}


@dataclass(frozen=True)
class ColourSet:
    """Colours a player tells apart: key → "#rrggbb" per palette.

    `tint` is how far toward white they are drawn (Alluvium's painted cells), `backgrounds`
    what they are drawn on without an outline between (a colour must differ from it too),
    `cue` the second cue each colour carries (for the README and test messages)."""

    name: str
    palettes: Mapping[Palette, Mapping[str, str]]
    cue: str
    tint: float = 0.0
    backgrounds: tuple[str, ...] = ()

    def hex(self, key: str, palette: Palette | None = None) -> str:
        """A colour as "#rrggbb" in `palette` (default: the one in use)."""
        return self.palettes[palette or current()][key]

    def rgb(self, key: str, palette: Palette | None = None) -> RGB:
        """A colour as red, green, blue from 0 to 1."""
        return hex_rgb(self.hex(key, palette))

    def drawn(self, palette: Palette) -> dict[str, RGB]:
        """Every colour of the set as it is drawn (tinted where it is) in `palette`."""
        return {key: tinted(hex_rgb(value), self.tint)
                for key, value in self.palettes[palette].items()}


def _same(colours: Mapping[str, str]) -> dict[Palette, Mapping[str, str]]:
    """A set that needs no other colours for any deficiency (already far enough apart)."""
    return dict.fromkeys(Palette, colours)


ETARIYA_STONES = ColourSet("Etariya stones", {
    Palette.STANDARD: {"R": "#d7263d", "O": "#f46f1b", "Y": "#f2c80f", "G": "#2e9e44",
                       "B": "#1f77d0", "I": "#3f3d99", "V": "#9b4dca"},
    Palette.DEUTERANOPIA: {"R": "#b4051c", "O": "#f56100", "Y": "#ffed88", "G": "#00a474",
                           "B": "#566c83", "I": "#002691", "V": "#ba57ff"},
    Palette.PROTANOPIA: {"R": "#da0047", "O": "#e25700", "Y": "#ffd900", "G": "#60b282",
                         "B": "#3397ff", "I": "#1f245c", "V": "#8f00e4"},
    Palette.TRITANOPIA: {"R": "#a22a33", "O": "#f46f1b", "Y": "#f4cc0e", "G": "#00c54b",
                         "B": "#216fcf", "I": "#2c3088", "V": "#9e4ecc"},
}, cue="the colour's letter (kanji in Japanese) on every stone, stacks too")

ETARIYA_CELLS = ColourSet("Etariya cells", _same({"L": "#f3ead0", "D": "#4b5068"}),
                          cue="Light pale, Dark slate: told apart by lightness")

ALLUVIUM = ColourSet("Alluvium paints", {
    Palette.STANDARD: {"R": "#d6302a", "Y": "#edba0d", "G": "#389940", "B": "#2961cc",
                       "N": "#85542e"},
    Palette.DEUTERANOPIA: {"R": "#ff1a07", "Y": "#ffe300", "G": "#558b72", "B": "#2962d0",
                           "N": "#492706"},
    Palette.PROTANOPIA: {"R": "#e23b5f", "Y": "#ffef00", "G": "#55ac5d", "B": "#2960d0",
                         "N": "#763800"},
    Palette.TRITANOPIA: {"R": "#e81516", "Y": "#e5aa00", "G": "#4dd56b", "B": "#2347bb",
                         "N": "#5a442c"},
}, cue="each paint's symbol (△ ○ □ ▽ ◇) in every painted cell and colour box",
    tint=0.35, backgrounds=("#fbfaf6",))

#: Alluvium's painted cells are drawn this far toward white.
ALLUVIUM_TINT = ALLUVIUM.tint

SEATS = ColourSet("Seat colours", {
    Palette.STANDARD: {"0": "#d6263d", "1": "#1f78d1", "2": "#f2c70f", "3": "#2e9e45",
                       "4": "#9c4dc9", "5": "#f5701c"},
    Palette.DEUTERANOPIA: {"0": "#ab041e", "1": "#00609d", "2": "#ffe638", "3": "#419a76",
                           "4": "#c55fe4", "5": "#e2640d"},
    Palette.PROTANOPIA: {"0": "#d60140", "1": "#008bff", "2": "#ffde28", "3": "#0cb983",
                         "4": "#923bb2", "5": "#ed5900"},
    Palette.TRITANOPIA: {"0": "#a91d2b", "1": "#3369ab", "2": "#f9ce19", "3": "#06b651",
                         "4": "#9c4dc9", "5": "#f87420"},
}, cue="the seat number on every piece and seat swatch")

EQUILIBRIUM = ColourSet("Equilibrium elements", {
    **_same({"I": "#5c3d85", "S": "#f5cc4d", "C": "#c72929", "H": "#218c8c"}),
    Palette.DEUTERANOPIA: {"I": "#573787", "S": "#f5cc4d", "C": "#c72929", "H": "#218c8c"},
}, cue="the card's code letter (I, S, C, H) on screen, its element's name on paper")

EQUILIBRIUM_CITIES = ColourSet("Equilibrium cities", {
    **_same({"city": "#efe9dc", "balanced": "#c2e6c2"}),
    Palette.DEUTERANOPIA: {"city": "#efe9dc", "balanced": "#a6d4e8"},
    Palette.PROTANOPIA: {"city": "#efe9dc", "balanced": "#a6d4e8"},
}, cue="a balanced city says so in words (· balanced, ＝ 0) and is framed thicker on paper")

SORANI_PLANETS = ColourSet("Sorani planets", {
    Palette.STANDARD: {"R": "#d0543c", "B": "#3f73c9", "G": "#4d9a4a", "Y": "#d9b531"},
    Palette.DEUTERANOPIA: {"R": "#c22c14", "B": "#3f73c9", "G": "#62ac81", "Y": "#dbb836"},
    Palette.PROTANOPIA: {"R": "#cd3f28", "B": "#3f73c9", "G": "#40a357", "Y": "#ffdd30"},
    Palette.TRITANOPIA: {"R": "#d0543c", "B": "#385fb0", "G": "#5bab5c", "Y": "#d9b531"},
}, cue="the planet's letter (kanji in Japanese) on every planet", backgrounds=("#1f2747",))

RED_BLACK = ColourSet("Red and black (紙机戦 and 行山 cards, 机戦 pieces)", {
    **_same({"red": "#c0281f", "black": "#1b1b1b"}),
    Palette.PROTANOPIA: {"red": "#d84a1b", "black": "#1b1b1b"},
}, cue="red cards and pieces have a double frame (and 行山's cards say 赤 or 黒)",
    backgrounds=("#fffaf0",))

CETKAIK_SQUARES = ColourSet("机戦 squares", _same(
    {"water": "#b7d3ef", "hue": "#f7c48f", "plain": "#fffaf0", "hill": "#3f7d55"}),
    cue="water squares are lined across, hue squares hatched; the 皇's square is dark")

#: Every set, for the test and the README.
ALL_SETS: tuple[ColourSet, ...] = (ETARIYA_STONES, ETARIYA_CELLS, ALLUVIUM, SEATS, EQUILIBRIUM,
                                   EQUILIBRIUM_CITIES, SORANI_PLANETS, RED_BLACK,
                                   CETKAIK_SQUARES)

_current = Palette.STANDARD


def current() -> Palette:
    """The palette in use."""
    return _current


def set_current(palette: Palette) -> None:
    """Use `palette` from now on (screens repaint through `ui.play.palette`)."""
    global _current
    _current = palette


@contextmanager
def palette_in_use(palette: Palette) -> Iterator[None]:
    """Use `palette` inside the block, then the one before again."""
    before = current()
    set_current(palette)
    try:
        yield
    finally:
        set_current(before)


def hex_rgb(value: str) -> RGB:
    """"#rrggbb" as red, green, blue from 0 to 1."""
    text = value.lstrip("#")
    return (int(text[0:2], 16) / 255, int(text[2:4], 16) / 255, int(text[4:6], 16) / 255)


def tinted(rgb: RGB, amount: float) -> RGB:
    """`rgb` moved `amount` (0–1) of the way toward white."""
    r, g, b = rgb
    return (r + (1 - r) * amount, g + (1 - g) * amount, b + (1 - b) * amount)


def is_light(rgb: RGB) -> bool:
    """True when dark text reads better on `rgb` than white."""
    return 0.3 * rgb[0] + 0.55 * rgb[1] + 0.15 * rgb[2] > 0.55


def ink_on(rgb: RGB) -> RGB:
    """Near-black or white, whichever reads better on `rgb`."""
    return (0.07, 0.07, 0.07) if is_light(rgb) else (1.0, 1.0, 1.0)
