"""Every game's meaningful colours stay apart for the three colour-vision deficiencies.

The deficiencies are simulated with colorspacious (Machado, Oliveira & Fernandes 2009, at
severity 100: the full dichromacy, the hardest case), and differences are measured as CIEDE2000
(CIE 142-2001) in CIELAB from colorspacious, by the formula below, checked against Sharma, Wu &
Dalal's published test data.

The threshold, `MIN_DIFFERENCE` = 15 CIEDE2000: about 1 is just noticeable for two large
patches side by side; colours of small marks seen apart (a stone across the board, a card in
the other hand, a piece on a track) need several times more to be told apart at once (Stone,
Szafir & Setlur 2014, "An Engineering Model for Color Difference as a Function of Size", put
it near 5–10 for marks of half a degree), and 15 leaves a margin for uncalibrated screens,
printers and lighting at a table. The standard palette meets it for normal vision (its
closest pair, Equilibrium's plain and balanced city, is 16.8; Etariya's indigo and violet
18.3), and every palette must still meet it for normal vision too, so that one table can
share it. A colour is also measured against the paper it is drawn on where no outline
separates them (`ColourSet.backgrounds`: Alluvium's paints, Sorani's night sky, card paper).
"""

from __future__ import annotations

import math
from itertools import combinations

import pytest
from colorspacious import cspace_convert

from companion.colours import (
    ALL_SETS,
    ALLUVIUM,
    ETARIYA_STONES,
    MIN_DIFFERENCE,
    RGB,
    SEATS,
    SORANI_PLANETS,
    ColourSet,
    Palette,
    hex_rgb,
)

Lab = tuple[float, float, float]

#: colorspacious' name of each deficiency (at severity 100 an "-anomaly" is the "-anopia").
CVD_TYPES = {Palette.DEUTERANOPIA: "deuteranomaly", Palette.PROTANOPIA: "protanomaly",
             Palette.TRITANOPIA: "tritanomaly"}
DEFICIENCIES = tuple(CVD_TYPES)


def ciede2000(first: Lab, second: Lab) -> float:
    """The CIEDE2000 colour difference of two CIELAB colours (kL = kC = kH = 1)."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean ** 7 / (c_mean ** 7 + 25 ** 7)))
    a1p, a2p = (1 + g) * a1, (1 + g) * a2
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if c1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if c2p else 0.0
    dhp = 0.0
    if c1p * c2p:
        dhp = h2p - h1p
        dhp -= 360 if dhp > 180 else (-360 if dhp < -180 else 0)
    dh_big = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dhp / 2))
    l_mean, cp_mean = (l1 + l2) / 2, (c1p + c2p) / 2
    if not c1p * c2p:
        h_mean = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        h_mean = (h1p + h2p) / 2
    else:
        h_mean = (h1p + h2p + (360 if h1p + h2p < 360 else -360)) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6))
         - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    theta = 30 * math.exp(-(((h_mean - 275) / 25) ** 2))
    r_c = 2 * math.sqrt(cp_mean ** 7 / (cp_mean ** 7 + 25 ** 7))
    s_l = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    s_c, s_h = 1 + 0.045 * cp_mean, 1 + 0.015 * cp_mean * t
    r_t = -math.sin(math.radians(2 * theta)) * r_c
    dl, dc, dh = (l2 - l1) / s_l, (c2p - c1p) / s_c, dh_big / s_h
    return math.sqrt(dl ** 2 + dc ** 2 + dh ** 2 + r_t * dc * dh)


def seen(rgb: RGB, vision: Palette) -> Lab:
    """`rgb` as a person with `vision` sees it (STANDARD: normal vision), in CIELAB."""
    if vision in CVD_TYPES:
        rgb = cspace_convert(rgb, {"name": "sRGB1+CVD", "cvd_type": CVD_TYPES[vision],
                                   "severity": 100}, "sRGB1")
    clipped = tuple(min(1.0, max(0.0, float(v))) for v in rgb)
    lab = cspace_convert(clipped, "sRGB1", "CIELab")
    return (float(lab[0]), float(lab[1]), float(lab[2]))


def closest(colours: ColourSet, palette: Palette, vision: Palette) -> tuple[float, str]:
    """The smallest difference between two colours of the set (or one and its background)
    in `palette` for `vision`, and which pair it is."""
    drawn = {key: seen(rgb, vision) for key, rgb in colours.drawn(palette).items()}
    pairs = [(ciede2000(drawn[a], drawn[b]), f"{a}–{b}") for a, b in combinations(drawn, 2)]
    pairs += [(ciede2000(drawn[key], seen(hex_rgb(bg), vision)), f"{key}–background {bg}")
              for key in drawn for bg in colours.backgrounds]
    return min(pairs)


@pytest.mark.parametrize(("first", "second", "expected"), [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, -0.001, 2.49), (50.0, 0.0009, -2.49), 4.8045),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.694), (23.0331, 14.973, -42.5619), 2.0373),
])
def test_ciede2000_matches_the_published_test_data(first: Lab, second: Lab,
                                                   expected: float) -> None:
    assert ciede2000(first, second) == pytest.approx(expected, abs=1e-4)


@pytest.mark.parametrize("palette", DEFICIENCIES, ids=lambda p: p.value)
@pytest.mark.parametrize("colours", ALL_SETS, ids=lambda s: s.name)
def test_each_palette_keeps_a_games_colours_apart_for_its_deficiency(
        colours: ColourSet, palette: Palette) -> None:
    difference, pair = closest(colours, palette, palette)
    assert difference >= MIN_DIFFERENCE, (
        f"{colours.name} in the {palette.value} palette: {pair} differ by {difference:.1f} "
        f"CIEDE2000 for {palette.value} (at least {MIN_DIFFERENCE} needed)")


@pytest.mark.parametrize("palette", tuple(Palette), ids=lambda p: p.value)
@pytest.mark.parametrize("colours", ALL_SETS, ids=lambda s: s.name)
def test_every_palette_keeps_a_games_colours_apart_for_normal_vision(
        colours: ColourSet, palette: Palette) -> None:
    difference, pair = closest(colours, palette, Palette.STANDARD)
    assert difference >= MIN_DIFFERENCE, (
        f"{colours.name} in the {palette.value} palette: {pair} differ by {difference:.1f}")


@pytest.mark.parametrize("vision", DEFICIENCIES, ids=lambda p: p.value)
@pytest.mark.parametrize("colours", [ETARIYA_STONES, ALLUVIUM, SEATS, SORANI_PLANETS],
                         ids=lambda s: s.name)
def test_the_standard_palette_is_not_enough_for_a_deficiency(colours: ColourSet,
                                                              vision: Palette) -> None:
    """Why the palettes exist: the standard colours of these games come closer than the
    threshold for each deficiency (measured so, the check above is no formality)."""
    difference, _pair = closest(colours, Palette.STANDARD, vision)
    assert difference < MIN_DIFFERENCE


def test_every_palette_names_the_same_colours() -> None:
    for colours in ALL_SETS:
        keys = set(colours.palettes[Palette.STANDARD])
        assert all(set(table) == keys for table in colours.palettes.values()), colours.name
        assert set(colours.palettes) == set(Palette), colours.name
