"""The Japanese font: loaded once per process so Japanese renders without a system CJK font."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtWidgets import QApplication

_FONT_FAMILY: list[str | None] = []


def load_cjk_font(app: QApplication) -> str | None:
    """Register the IPAex font and use it as the fallback for glyphs the system font lacks,
    so Japanese renders on machines without a CJK font. Returns its family (None if missing).
    Done once per process."""
    if not _FONT_FAMILY:
        _FONT_FAMILY.append(_load_cjk_font(app))
    return _FONT_FAMILY[0]


def _load_cjk_font(app: QApplication) -> str | None:
    from PySide6.QtGui import QFont, QFontDatabase

    from companion.fonts import FontMissingError, cjk_font_path

    try:
        path = cjk_font_path()
    except FontMissingError:
        return None
    font_id = QFontDatabase.addApplicationFont(str(path))
    families = QFontDatabase.applicationFontFamilies(font_id) if font_id >= 0 else []
    if not families:
        return None
    family = families[0]
    font = QFont(app.font())
    if family not in font.families():
        font.setFamilies([*font.families(), family])
    app.setFont(font)
    QFont.insertSubstitution(font.family(), family)
    return str(family)


def ensure_cjk_font() -> str | None:
    """`load_cjk_font` for the running application (None before a QApplication exists)."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    return load_cjk_font(app) if isinstance(app, QApplication) else None
