"""Application-wide notifications between screens (one QObject, created on first use)."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class Events(QObject):
    """`history_changed`: a play was saved, finished or deleted (History, Statistics reload)."""

    history_changed = Signal()


_EVENTS: Events | None = None


def events() -> Events:
    """The application-wide events object."""
    global _EVENTS
    if _EVENTS is None:
        _EVENTS = Events()
    return _EVENTS
