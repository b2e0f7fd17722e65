"""The interface's size (issue 37): View → Zoom in (Ctrl+=), Zoom out (Ctrl+-), Actual size
(Ctrl+0). The size is a factor of the size the app started with, one of `STEPS`, remembered
in the settings (`KEY_ZOOM`).

Text is scaled: the application's font, and every widget's own font size (a title set larger
than the text around it stays larger by the same proportion), and the fonts of widgets under
a style sheet (Qt keeps the font it resolved when the sheet was applied: `restyle`). Boards
and cards draw to the room they are given, and their smallest room grows with the size
(`scaled`); text they draw beside the squares derives from their font. Larger than the
starting size, a page that no longer fits the window scrolls (`PageScroller`) rather than
being cut.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QFontMetrics
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

# Qt's namespace (about 25 ms of enums) and QHeaderView are imported where they are used, not
# when the main window loads this module (issue 35)
if TYPE_CHECKING:
    from PySide6.QtWidgets import QHeaderView

#: The settings key of the remembered size.
KEY_ZOOM = "view/zoom"
#: The sizes offered, as factors of the starting size.
STEPS = (0.8, 0.9, 1.0, 1.1, 1.25, 1.5, 1.75, 2.0)
#: QFont's "the size was set" bit of its resolve mask (Qt's QFont::SizeResolved).
SIZE_RESOLVED = 0x0002

#: The property where a table's header keeps the row height it was made with (`fit_rows`).
ROWS_MADE = "zoom_rows_made"
#: Pixels around a line of text in a table's row.
ROW_ROOM = 6

#: The interface's size now (set by `Zoom.set`; read by widgets sizing themselves).
_current = 1.0


def current() -> float:
    """The interface's size factor now (1.0 at the starting size)."""
    return _current


def scaled(pixels: int) -> int:
    """`pixels` (a size at the starting size) at the interface's size now."""
    return round(pixels * _current)


def nearest_step(factor: float) -> float:
    """The step closest to `factor` (a remembered value from another version, a typo)."""
    return min(STEPS, key=lambda step: abs(step - factor))


def stored_factor(settings: Any) -> float:
    """The size remembered in `settings` (1.0 when none or unreadable)."""
    try:
        return nearest_step(float(settings.value(KEY_ZOOM, 1.0)))
    except (TypeError, ValueError):
        return 1.0


class Zoom(QObject):
    """The interface's size factor; `changed` is emitted with the new factor."""

    changed = Signal(float)

    def __init__(self, settings: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._settings = settings
        self._factor = 1.0
        app = QApplication.instance()
        assert isinstance(app, QApplication)
        self._app = app
        self._base = app.font().pointSizeF()

    @property
    def factor(self) -> float:
        return self._factor

    def restore(self) -> None:
        """Apply the remembered size (nothing to do at 100%)."""
        self.set(stored_factor(self._settings), remember=False)

    def zoom_in(self) -> None:
        self._step(+1)

    def zoom_out(self) -> None:
        self._step(-1)

    def reset(self) -> None:
        self.set(1.0)

    def _step(self, direction: int) -> None:
        index = STEPS.index(self._factor) + direction
        self.set(STEPS[max(0, min(len(STEPS) - 1, index))])

    def set(self, factor: float, remember: bool = True) -> None:
        """Scale the interface to `factor` (a step) and remember it."""
        factor = nearest_step(factor)
        if remember:
            self._settings.setValue(KEY_ZOOM, factor)
        if factor == self._factor:
            return
        global _current
        ratio = factor / self._factor
        self._factor = _current = factor
        font = self._app.font()
        font.setPointSizeF(self._base * factor)
        self._app.setFont(font)
        widgets = self._app.allWidgets()
        for widget in widgets:
            scale_own_font(widget, ratio)
        restyle(widgets)
        self._app.sendPostedEvents()  # the new fonts reach every widget (the headers' too)
        from PySide6.QtWidgets import QHeaderView

        for widget in widgets:
            if isinstance(widget, QHeaderView):
                fit_rows(widget)
        for widget in widgets:
            widget.updateGeometry()
        self.changed.emit(factor)


def scale_own_font(widget: QWidget, ratio: float) -> None:
    """A widget whose own font sets a size: that size times `ratio` (one that only inherits
    follows the application's font by itself)."""
    font = widget.font()
    if not widget.testAttribute(_set_font_attribute()) or not \
            font.resolveMask() & SIZE_RESOLVED:
        return
    if font.pointSizeF() > 0:
        font.setPointSizeF(font.pointSizeF() * ratio)
    elif font.pixelSize() > 0:
        font.setPixelSize(max(1, round(font.pixelSize() * ratio)))
    widget.setFont(font)


def restyle(widgets: list[QWidget]) -> None:
    """Apply again the style sheets among `widgets` (the outermost of each styled family):
    Qt gives a widget under a style sheet the font resolved when the sheet was applied, and
    a new application font does not reach it."""
    styled = {widget for widget in widgets if widget.styleSheet()}
    for widget in styled:
        parent = widget.parentWidget()
        while parent is not None and parent not in styled:
            parent = parent.parentWidget()
        if parent is None:
            widget.setStyleSheet(widget.styleSheet())


def fit_rows(header: QHeaderView, made: int | None = None) -> None:
    """A table's rows (its vertical header's default height) as tall as a line of its text
    and some room, never lower than they were `made` (a fixed height, from Qt's style or the
    table's maker; Qt itself may raise a height asked for while the text is larger); at the
    starting size, as made. Called on every change of size, and by a table made with a
    height of its own (it may be made while the interface is larger)."""
    from PySide6.QtCore import Qt

    if header.orientation() != Qt.Orientation.Vertical:
        return
    if made is not None:
        header.setProperty(ROWS_MADE, made)
    made = header.property(ROWS_MADE)
    if made is None:
        made = header.defaultSectionSize()
        header.setProperty(ROWS_MADE, made)
    view = header.parentWidget() or header
    height = int(made) if _current == 1.0 else max(
        int(made), QFontMetrics(view.font()).height() + ROW_ROOM)
    if height != header.defaultSectionSize():
        header.setDefaultSectionSize(height)


def _set_font_attribute() -> Any:
    from PySide6.QtCore import Qt

    return Qt.WidgetAttribute.WA_SetFont


class PageScroller(QScrollArea):
    """Holds the main window's pages while the interface is larger than its starting size: a
    page that no longer fits the window scrolls. (At the starting size the pages sit in the
    window without it, and the window holds a page whole.)"""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("page_scroller")
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)


def hold_pages(layout: Any, pages: QWidget, scroller: PageScroller | None,
               zoomed: bool) -> PageScroller | None:
    """`pages` in `layout` directly (not `zoomed`) or in a `PageScroller` (zoomed); the
    scroller in use, if any."""
    if zoomed and scroller is None:
        scroller = PageScroller(pages.parentWidget())
        layout.replaceWidget(pages, scroller)
        scroller.setWidget(pages)
        scroller.show()
    elif not zoomed and scroller is not None:
        scroller.takeWidget()
        layout.replaceWidget(scroller, pages)
        pages.show()
        scroller.deleteLater()
        scroller = None
    return scroller
