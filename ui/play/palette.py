"""The colours of the printed-paper boards (the race games, pieces' outlines), and the
meaningful colours of the games as `QColor`s in the palette in use.

One place for them, so that every board drawn as paper looks like the same box of games.
The meaningful colours (stones, paints, seats, elements, planets, red and black) live in
`companion.colours`, shared with the PDFs; `game_colour` reads one for a widget, and
`use_palette` switches the palette (Settings), repaints every widget and tells
`palette_events()`; `follow_palette` restyles a widget built with a colour (a style sheet, a
tile's fill) each time the palette changes.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication

from companion.colours import ColourSet, Palette, set_current

PAPER = QColor("#f6efdf")
INK = QColor("#3a2f22")
GOLD = QColor("#c9a24a")
GREY = QColor("#9a8f7a")

def game_colour(colours: ColourSet, key: str, light: float = 0.0) -> QColor:
    """One of a game's meaningful colours in the palette in use, `light` of the way toward
    white."""
    red, green, blue = colours.rgb(key)
    return QColor.fromRgbF(red + (1 - red) * light, green + (1 - green) * light,
                           blue + (1 - blue) * light)


def ink_style(colours: ColourSet, key: str, rest: str = "") -> str:
    """A style sheet writing text in one of a game's meaningful colours (palette in use)."""
    return f"color: {colours.hex(key)}; {rest}".strip()


class PaletteEvents(QObject):
    """`changed(palette)`: the palette switched (pages redo what they drew as rich text)."""

    changed = Signal(object)


_EVENTS: PaletteEvents | None = None


def palette_events() -> PaletteEvents:
    """The application-wide palette notifier."""
    global _EVENTS
    if _EVENTS is None:
        _EVENTS = PaletteEvents()
    return _EVENTS


class _Follower(QObject):
    """A child of the widget it restyles: it goes with it, and so does its connection."""

    def __init__(self, owner: QObject, restyle: Callable[[], None]) -> None:
        super().__init__(owner)
        self._restyle = restyle
        palette_events().changed.connect(self._changed)

    def _changed(self, _palette: object) -> None:
        self._restyle()


def follow_palette(owner: QObject, restyle: Callable[[], None]) -> None:
    """Call `restyle` now, and again whenever the palette changes while `owner` lives (for a
    colour set once when a widget is built: a style sheet, a tile's fill)."""
    restyle()
    _Follower(owner, restyle)


def use_palette(palette: Palette) -> None:
    """Draw with `palette` from now on: every widget shown repaints."""
    set_current(palette)
    palette_events().changed.emit(palette)
    app = QApplication.instance()
    if isinstance(app, QApplication):
        for widget in app.allWidgets():
            widget.update()
