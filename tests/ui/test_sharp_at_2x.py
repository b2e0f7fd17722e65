"""Boards, cards and sticks stay sharp on a 2× screen (issue 37): every custom-painted
widget shown by the games' play and table pages is pictured in a fresh app offscreen at
QT_SCALE_FACTOR=1 and at 2 (`tests/ui/dpr_pictures.py`); the 2× picture must be drawn at
2×, neither a 1× picture smoothed up (blurred) nor one doubled pixel by pixel (blocky).

- Blurred: the mean of the largest 5% of steps between neighbouring pixels (grey levels).
  Drawn at 2×, an edge is as abrupt as at 1× (measured: 0.93–1.24 of the 1× figure over
  every picture); a 1× picture smoothed up spreads each edge over two pixels and keeps about
  half (0.39–0.53). `SHARP` sits between the two.
- Blocky: the share of 2×2 blocks of device pixels with detail inside. A 1× cache drawn on a
  2× screen (Qt doubles its pixels) has none; drawn at 2×, antialiased edges put detail in
  0.13–0.71 of the share a smoothed-up 1× picture has (measured). `DETAIL` is well below.
  (Pictures of straight, pixel-aligned shapes only, like the sticks, have no such edges at
  any ratio and are not judged by it.)"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage

ROOT = Path(__file__).resolve().parents[2]
#: The least share of the 1× picture's edge steps the 2× picture must keep.
SHARP = 0.75
#: The least share of detailed 2×2 blocks, against a smoothed-up 1× picture's share.
DETAIL = 0.05
#: Below this share of detailed blocks in the smoothed-up picture, nothing is antialiased.
ANTIALIASED = 0.02
#: Classes that must be among the pictures (a page that stopped showing one fails).
BOARDS_AND_CARDS = {"BoardView", "BoardWidget", "NetxijuBoard", "TudeBoard", "BoardCanvas",
                    "PlayBoard", "RoadBoard", "CardRow", "SticksWidget", "SticksView",
                    "SeatCard", "CardButton", "Tile", "CityFrame", "TrackWidget", "ShapeWidget",
                    "DistributionChart", "ResultBadge", "GameCard"}


def grey(image: QImage) -> np.ndarray:
    image = image.convertToFormat(QImage.Format.Format_Grayscale8)
    width, height, row = image.width(), image.height(), image.bytesPerLine()
    bits = np.frombuffer(image.constBits(), dtype=np.uint8, count=row * height)
    return bits.reshape(height, row)[:, :width].astype(float)


def edge_steps(image: QImage) -> float:
    """The mean of the largest 5% of steps (over 8 grey levels) between neighbours."""
    pixels = grey(image)
    steps = np.concatenate([np.abs(np.diff(pixels, axis=1)).ravel(),
                            np.abs(np.diff(pixels, axis=0)).ravel()])
    steps = steps[steps > 8]
    if steps.size == 0:
        return 0.0
    return float(np.sort(steps)[-max(1, steps.size // 20):].mean())


def detailed_blocks(image: QImage) -> float:
    """The share of aligned 2×2 pixel blocks whose pixels differ (over 8 grey levels)."""
    pixels = grey(image)
    height, width = pixels.shape[0] // 2 * 2, pixels.shape[1] // 2 * 2
    pixels = pixels[:height, :width]
    blocks = np.stack([pixels[0::2, 0::2], pixels[0::2, 1::2], pixels[1::2, 0::2],
                       pixels[1::2, 1::2]])
    return float(((blocks.max(0) - blocks.min(0)) > 8).mean())


def scaled_up(image: QImage, smooth: bool) -> QImage:
    mode = (Qt.TransformationMode.SmoothTransformation if smooth
            else Qt.TransformationMode.FastTransformation)
    return image.scaled(2 * image.width(), 2 * image.height(),
                        Qt.AspectRatioMode.IgnoreAspectRatio, mode)


def drawn_at_1x(at_1x: QImage, at_2x: QImage) -> str:
    """Why `at_2x` looks like `at_1x` made bigger ("" when it does not)."""
    edges, smoothed = edge_steps(at_1x), scaled_up(at_1x, smooth=True)
    if edges and edge_steps(at_2x) < SHARP * edges:
        return f"blurred: edges {edge_steps(at_2x):.0f} < {SHARP} × {edges:.0f}"
    antialiased = detailed_blocks(smoothed)
    if antialiased >= ANTIALIASED and detailed_blocks(at_2x) < DETAIL * antialiased:
        return f"blocky: detail {detailed_blocks(at_2x):.3f} < {DETAIL} × {antialiased:.3f}"
    return ""


@pytest.fixture(scope="module")
def pictures(tmp_path_factory) -> dict[int, dict[str, str]]:
    """{scale: {"<game>.<mode>.<class>": png}} from two fresh apps run side by side."""
    runs = {}
    for scale in (1, 2):
        folder = tmp_path_factory.mktemp(f"dpr{scale}")
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", QT_SCALE_FACTOR=str(scale),
                   COMPANION_DATA_DIR=str(folder))
        runs[scale] = subprocess.Popen([sys.executable, "-m", "tests.ui.dpr_pictures",
                                        str(folder)], cwd=ROOT, env=env, text=True,
                                       stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    found = {}
    for scale, process in runs.items():
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        found[scale] = json.loads(out.strip().splitlines()[-1])
    return found


def test_every_board_card_and_stick_is_pictured(pictures) -> None:
    classes = {key.rsplit(".", 1)[-1] for key in pictures[2]}
    assert BOARDS_AND_CARDS - classes == set()
    assert set(pictures[2]) == set(pictures[1])


def test_at_2x_every_custom_painted_widget_is_drawn_at_2x(pictures) -> None:
    found = []
    for key, path in sorted(pictures[2].items()):
        at_1x, at_2x = QImage(pictures[1][key]), QImage(path)
        assert (at_2x.width(), at_2x.height()) == (2 * at_1x.width(), 2 * at_1x.height()), key
        why = drawn_at_1x(at_1x, at_2x)
        if why:
            found.append(f"{key}: {why}")
    assert found == []


@pytest.mark.parametrize("smooth", [True, False])
def test_the_measures_tell_a_picture_made_bigger(pictures, smooth) -> None:
    """The 1× picture made bigger (as a cache drawn at 1× shows on a 2× screen: doubled by Qt,
    or smoothed) fails the measures, for every board."""
    for key in pictures[1]:
        if key.rsplit(".", 1)[-1] in ("BoardView", "BoardWidget", "NetxijuBoard", "TudeBoard",
                                      "BoardCanvas", "PlayBoard", "RoadBoard", "CardRow",
                                      "CardButton"):
            at_1x = QImage(pictures[1][key])
            assert drawn_at_1x(at_1x, scaled_up(at_1x, smooth)) != "", key
