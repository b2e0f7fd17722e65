"""What a screen reader hears of a widget, through Qt's accessibility interface (issue 37)."""

from __future__ import annotations

from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QWidget


def name_of(widget: QWidget) -> str:
    """The widget's accessible name, as a screen reader says it first."""
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Name)


def description_of(widget: QWidget) -> str:
    """The widget's accessible description (what it shows, or the key that presses it)."""
    return QAccessible.queryAccessibleInterface(widget).text(QAccessible.Text.Description)
