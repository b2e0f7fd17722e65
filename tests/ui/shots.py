"""Screenshots a test takes on its way: always drawn (the grab paints the widget), kept as PNG
files only when `COMPANION_TEST_SHOTS` names a folder, so a person can look at them."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtGui import QImage, QPixmap
from PySide6.QtWidgets import QWidget


def save_shot(widget: QWidget | QImage | QPixmap, name: str) -> None:
    """Draw `widget` (or save the picture given) as `name` in the shots folder, if one is set."""
    picture = widget.grab() if isinstance(widget, QWidget) else widget
    folder = os.environ.get("COMPANION_TEST_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        picture.save(str(Path(folder) / name))
