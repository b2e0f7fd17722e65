"""The rows of the Sorani score pad (kept apart so the game registry loads nothing heavy)."""

from __future__ import annotations

#: Score pad rows: (key, Japanese, English).
CATEGORIES: tuple[tuple[str, str, str], ...] = (
    ("planets", "惑星", "Planets"),
    ("guiding", "導きの星", "Guiding stars"),
    ("clusters", "星団", "Star clusters"),
    ("feature1", "特別な地形 1", "Special feature 1"),
    ("feature2", "特別な地形 2", "Special feature 2"),
    ("feature3", "特別な地形 3", "Special feature 3"),
    ("feature4", "特別な地形 4", "Special feature 4"),
    ("branches", "枝: つながっていないノード(1つにつき −1 点)",
     "Branches: unconnected nodes (−1 VP each)"),
    ("bonus", "ボーナスタイル", "Bonus tiles"),
)
