"""The colours of the printed-paper boards (the race games, pieces' outlines).

One place for them, so that every board drawn as paper looks like the same box of games.
"""

from __future__ import annotations

from PySide6.QtGui import QColor

PAPER = QColor("#f6efdf")
INK = QColor("#3a2f22")
GOLD = QColor("#c9a24a")
GREY = QColor("#9a8f7a")
