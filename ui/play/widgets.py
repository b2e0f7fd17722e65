"""Small widgets the game pages share, mostly about showing people's names.

- `ElidedLabel`: a one-line label that never clips a long, emoji or right-to-left name: it
  draws "Alexandra Konstantinopou…" where the room ends and carries the whole text as its
  tooltip. Its minimum width is small, so a long name never pushes a layout apart.
- `isolate(name)`: a name wrapped in Unicode first-strong isolates (U+2068 … U+2069), for use
  inside a sentence, so that an Arabic or Hebrew name does not reorder the words around it.
- `ScrollContent`: the content of a scroll area that scrolls only when it must.
- `words(widget, en, ja)`: a widget's text in both languages, kept in the interface language
  (no `retranslate` line needed for it).
- `antialiased(widget)`: the painter every board starts with.
- `Tile`: a card or token as a rounded label, painted without a style sheet; `draw_box`:
  the rounded box it and other painted cards draw.
- `clear_layout(layout)`, `stack_when_narrow(layout, width, narrow)`: rows rebuilt per move, a
  tool beside its board that goes above it in a narrow window.
- `laid_out(layout, *items)`: a box layout filled in one call (widgets, layouts, stretches).
- `follow_pointer(board, minimum)`: a clickable board that sees the pointer move and takes
  the keyboard, never smaller than `minimum` pixels square.
- `draw_sprite` / `sprite`: small pictures kept per key and size; `IdleWork`: jobs run while
  the window is idle (pictures drawn ahead of need).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeAlias, TypeVar

from PySide6.QtCore import (
    QElapsedTimer,
    QEvent,
    QObject,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
)
from PySide6.QtGui import (
    QAbstractTextDocumentLayout,
    QColor,
    QFont,
    QPaintDevice,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QPixmap,
    QPixmapCache,
    QResizeEvent,
    QTextDocument,
)
from PySide6.QtWidgets import (
    QBoxLayout,
    QLabel,
    QLayout,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOption,
    QStyleOptionViewItem,
    QVBoxLayout,
    QWidget,
)

from companion import colours
from companion.display import FSI, PDI, isolate, strip_isolates
from ui.i18n import language, tr
from ui.idle import IdleWork

__all__ = [
    "FSI",
    "PDI",
    "BusyStrip",
    "ElidedLabel",
    "IdleWork",
    "KeptLines",
    "LineList",
    "PictureCache",
    "RichLabel",
    "ScrollContent",
    "Tile",
    "WrappedLabel",
    "antialiased",
    "blank_pixmap",
    "clear_layout",
    "draw_box",
    "draw_sprite",
    "isolate",
    "kept_pixmap",
    "narrow_line_size",
    "scrolling",
    "stack_when_narrow",
    "words",
]

W = TypeVar("W", bound=QWidget)
B = TypeVar("B", bound=QBoxLayout)
#: What `laid_out` puts in a box: a widget or a layout, either with its stretch factor as
#: `(item, stretch)`, or a bare number: an empty stretch of that factor.
BoxItem: TypeAlias = "QWidget | QLayout | tuple[QWidget | QLayout, int] | int"


class _OwnTextLabel(QLabel):
    """A label that keeps and paints its text itself, so a new text repaints the label alone.

    `QLabel.setText` always asks the layouts to work out the page again, up to the window
    (3–4 ms on a play page), and a play page changes several texts at every move. These
    labels ask only when their size must change."""

    #: Extra flags for `drawText` (word wrap, single line).
    TEXT_FLAGS = 0

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__("", parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self._text = ""
        self.setText(text)

    def text(self) -> str:
        return self._text

    def setText(self, text: str) -> None:
        if text == self._text:  # a refresh that changes nothing costs nothing
            return
        before = self._extent()
        self._text = text
        self.setAccessibleName(strip_isolates(text))
        self._text_changed()
        if self.contentsRect().width() <= 0 or self._extent() != before:
            self.updateGeometry()
        self.update()

    def _extent(self) -> int:
        """What the label's size depends on in its text (the height of its lines at its
        width); a new text that keeps it asks for no new layout."""
        return 0

    def _text_changed(self) -> None:
        """Hook: the text has just changed."""

    def shown_text(self) -> str:
        return self._text

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, option, painter, self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(self.contentsRect(), int(self.alignment()) | self.TEXT_FLAGS,
                         self.shown_text())
        painter.end()


def narrow_line_size(label: QLabel) -> QSize:
    """The least a one-line label needs: room for "…M" and one line of its font."""
    margins = label.contentsMargins()
    return QSize(label.fontMetrics().horizontalAdvance("…M") + margins.left() + margins.right(),
                 label.fontMetrics().height() + margins.top() + margins.bottom())


class ElidedLabel(_OwnTextLabel):
    """One line of text, elided with "…" when it does not fit; the full text is the tooltip.

    `text()` is always the whole text; only the painting is shortened (`shown_text()`). Its
    size never depends on its text."""

    TEXT_FLAGS = int(Qt.TextFlag.TextSingleLine)

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.setWordWrap(False)
        self.setProperty("elided", True)  # layout checks: elision here is on purpose

    def _text_changed(self) -> None:
        self._sync_tooltip()

    def _sync_tooltip(self) -> None:
        self.setToolTip(strip_isolates(self.text()) if self.is_elided() else "")

    def shown_text(self) -> str:
        """What is drawn: the text, or its elided form."""
        return self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                             self.contentsRect().width())

    def is_elided(self) -> bool:
        """True when the label is too narrow for its text (it shows "…")."""
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def sizeHint(self) -> QSize:
        return self.minimumSizeHint()

    def minimumSizeHint(self) -> QSize:
        return narrow_line_size(self)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_tooltip()


class WrappedLabel(_OwnTextLabel):
    """Plain text wrapped at word breaks over as many lines as it needs (a turn line, a
    prompt): a new text lays the page out again only when it needs another number of lines."""

    TEXT_FLAGS = int(Qt.TextFlag.TextWordWrap)

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        self._heights: dict[tuple[object, ...], int] = {}
        super().__init__(text, parent)
        self.setWordWrap(True)
        policy = self.sizePolicy()
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def _extent(self) -> int:
        return self._text_height(self.contentsRect().width())

    def _text_height(self, width: int) -> int:
        """The height of the text wrapped at `width`; the last few are kept (layouts ask the
        same question many times in one pass)."""
        key = (self._text, width, int(self.alignment()), self.font().key())
        height = self._heights.get(key)
        if height is None:
            if len(self._heights) >= 16:
                self._heights.clear()
            flags = int(self.alignment()) | self.TEXT_FLAGS
            height = self._heights[key] = self.fontMetrics().boundingRect(
                QRect(0, 0, max(1, width), 100000), flags, self._text or " ").height()
        return height

    def _ideal_width(self) -> int:
        """The text's width on one line."""
        return self.fontMetrics().horizontalAdvance(self._text)

    def lines_height(self, lines: int) -> int:
        """The height of `lines` lines of text in the label's font, Latin or Japanese (a
        fallback font's line may be taller than the font's own line spacing)."""
        flags = int(self.alignment()) | self.TEXT_FLAGS
        sample = "\n".join(["Mgy漢字ボ"] * max(1, lines))
        return self.fontMetrics().boundingRect(QRect(0, 0, 100000, 100000), flags,
                                               sample).height()

    def set_least_lines(self, lines: int) -> None:
        """Keep the room of `lines` lines from the start: a text of up to that many lines
        never changes the label's height (nor the room of what is below it)."""
        margins = self.contentsMargins()
        self.setMinimumHeight(self.lines_height(lines) + margins.top() + margins.bottom())

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        margins = self.contentsMargins()
        inner = width - margins.left() - margins.right()
        return self._text_height(inner) + margins.top() + margins.bottom()

    def sizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = min(self._ideal_width(), 480) + margins.left() + margins.right()
        return QSize(width, self.heightForWidth(width))

    def minimumSizeHint(self) -> QSize:
        margins = self.contentsMargins()
        width = self.fontMetrics().horizontalAdvance("MMMM") + margins.left() + margins.right()
        return QSize(width, self.fontMetrics().height() + margins.top() + margins.bottom())


class RichLabel(WrappedLabel):
    """Rich text (a little HTML) wrapped over the lines it needs, drawn from a document the
    label keeps: like `WrappedLabel`, a new text asks for a new layout only when its height
    changes (a side panel's summary, rewritten after every move)."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        self._document = QTextDocument()
        self._document.setDocumentMargin(0)
        super().__init__(text, parent)
        # the label owns it: a document only Python held would be freed by the cycle
        # collector whenever the label's wrapper went, even while Qt still paints the label
        self._document.setParent(self)
        self.setTextFormat(Qt.TextFormat.RichText)

    def _text_changed(self) -> None:
        self._document.setHtml(self._text)

    def _laid_out(self, width: int) -> QTextDocument:
        document = self._document
        if document.defaultFont() != self.font():
            document.setDefaultFont(self.font())
        if document.textWidth() != width:
            document.setTextWidth(max(1, width))
        return document

    def _text_height(self, width: int) -> int:
        return math.ceil(self._laid_out(width).size().height())

    def _ideal_width(self) -> int:
        return math.ceil(self._document.idealWidth())

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        option = QStyleOption()
        option.initFrom(self)
        self.style().drawPrimitive(QStyle.PrimitiveElement.PE_Widget, option, painter, self)
        area = self.contentsRect()
        document = self._laid_out(area.width())
        painter.translate(area.topLeft())
        context = QAbstractTextDocumentLayout.PaintContext()
        palette = QPalette(self.palette())
        palette.setColor(QPalette.ColorRole.Text, self.palette().color(self.foregroundRole()))
        context.palette = palette
        document.documentLayout().draw(painter, context)
        painter.end()


class ScrollContent(QWidget):
    """A scroll area's content (with `widgetResizable`): the area asks `heightForWidth`, and
    this answers the height the content *needs* at that width (wrapped lines included), not
    the height it would like — so the area scrolls only when the content does not fit."""

    def heightForWidth(self, width: int) -> int:
        layout = self.layout()
        return layout.minimumHeightForWidth(width) if layout is not None else -1


class _Words(QObject):
    """One text of a widget in both languages; a child of the widget, so it goes with it."""

    def __init__(self, widget: QWidget, setter: str, en: str, ja: str) -> None:
        super().__init__(widget)
        self.set_text = getattr(widget, setter)
        self.en, self.ja = en, ja
        language().changed.connect(self.apply)
        self.apply()

    def apply(self, *_: object) -> None:
        self.set_text(tr(self.en, self.ja))


def words(widget: W, en: str, ja: str, setter: str = "setText") -> W:
    """Give `widget` a text (or a title, a placeholder: `setter`) in English and Japanese; it
    follows every language switch. Returns the widget."""
    _Words(widget, setter, en, ja)
    return widget


def antialiased(device: QPaintDevice) -> QPainter:
    """A painter on `device` with antialiasing on (end it when done)."""
    painter = QPainter(device)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    return painter


def draw_box(painter: QPainter, rect: QRectF, fill: QColor, edge: QColor | None,
             width: float, radius: float) -> None:
    """A rounded box filling `rect`: `fill` inside an `edge` line `width` wide (no line
    when `edge` is None), the line kept inside `rect`."""
    painter.setPen(QPen(edge, width) if edge is not None else Qt.PenStyle.NoPen)
    painter.setBrush(fill)
    inset = width / 2
    painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), radius, radius)


class WrapButton(QPushButton):
    """A move button whose words wrap onto more lines in a narrow column (Equilibrium's swap
    names two cards and two cities, 行山's 虎 a player): never cut, never wider than its
    column. `text()` is the words."""

    def __init__(self, text: str, parent: QWidget) -> None:
        super().__init__(parent)
        self.label = QLabel(text, self)
        self.label.setWordWrap(True)
        self.label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.label.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.box = QVBoxLayout(self)
        self.box.setContentsMargins(8, 5, 8, 5)
        self.box.addWidget(self.label)
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)

    def text(self) -> str:
        return self.label.text()

    def sizeHint(self) -> QSize:
        return self.box.sizeHint()

    def minimumSizeHint(self) -> QSize:
        return self.box.minimumSize()

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.box.heightForWidth(width)


class Tile(QLabel):
    """A label drawn as a rounded tile: `fill` behind the text in `ink`, with a 2-pixel
    border in `ink` when `border` (a card in a hand, on a city).

    It paints itself instead of carrying a style sheet: a label with its own style sheet
    costs about ten times as much to make, and a play page makes several per move."""

    RADIUS = 4.0

    def __init__(self, text: str, parent: QWidget | None, fill: str, ink: str, *,
                 border: bool = True, bold: bool = False) -> None:
        super().__init__(text, parent)
        self.fill, self.ink, self.border = QColor(fill), QColor(ink), border
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setContentsMargins(5, 3, 5, 3)  # the border and room around the text
        if bold:
            font = self.font()
            font.setBold(True)
            self.setFont(font)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        draw_box(painter, QRectF(self.rect()), self.fill, self.ink if self.border else None,
                 2, self.RADIUS)
        painter.setPen(self.ink)
        painter.drawText(self.contentsRect(), int(self.alignment()), self.text())
        painter.end()


class BusyStrip(QWidget):
    """A thin strip with a sliding block while a computer thinks, blank otherwise.

    It keeps its place and size either way: showing and hiding a widget, or a progress bar's
    change of range, lays the whole page out again (6–9 ms, twice per computer move), and the
    content would jump each time."""

    #: Milliseconds between two steps of the block, and one sweep across.
    STEP_MS, SWEEP_MS = 40, 1200

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setFixedSize(160, 6)
        self._clock = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.setInterval(self.STEP_MS)
        self._timer.timeout.connect(self.update)

    def is_busy(self) -> bool:
        return self._timer.isActive()

    def set_busy(self, busy: bool) -> None:
        if busy == self.is_busy():
            return
        if busy:
            self._clock.start()
            self._timer.start()
        else:
            self._timer.stop()
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.is_busy():
            return
        painter = antialiased(self)
        palette = self.palette()
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(palette.color(QPalette.ColorRole.Mid))
        painter.drawRoundedRect(QRectF(self.rect()), 3, 3)
        block = self.width() / 4
        phase = (self._clock.elapsed() % self.SWEEP_MS) / self.SWEEP_MS
        painter.setBrush(palette.color(QPalette.ColorRole.Highlight))
        painter.drawRoundedRect(QRectF(phase * (self.width() + block) - block, 0, block,
                                       self.height()), 3, 3)
        painter.end()


class PictureCache:
    """A widget's drawing kept as a pixmap until what it shows changes.

    `paint(widget, key, draw)` draws with `draw(painter)` (antialiased, in the widget's font)
    only when `key` (everything the drawing reads: the position shown, the pointer's cell, the
    focus…), the widget's size, pixel ratio, palette or font differ from the last call;
    otherwise it copies the kept pixmap.
    A play page repaints often while a computer thinks, and the board rarely changes then.
    The key is compared by equality and kept alive, so an object's identity is a safe key."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._pixmap: QPixmap | None = None

    def paint(self, widget: QWidget, key: tuple[object, ...],
              draw: Callable[[QPainter], None],
              overlay: Callable[[QPainter], None] | None = None) -> None:
        """Paint `widget` (call from its `paintEvent`); `overlay`, if given, is drawn live
        over the kept picture (what follows the pointer)."""
        ratio = widget.devicePixelRatioF()
        full = (widget.width(), widget.height(), ratio, widget.palette().cacheKey(),
                widget.font().key(), colours.current(), *key)
        if self._pixmap is None or self._key != full:
            pixmap = self._canvas(QSize(max(1, round(widget.width() * ratio)),
                                        max(1, round(widget.height() * ratio))), ratio)
            painter = antialiased(pixmap)
            painter.setFont(widget.font())
            draw(painter)
            if painter.isActive():
                painter.end()
            self._pixmap, self._key = pixmap, full
        painter = QPainter(widget)
        painter.drawPixmap(0, 0, self._pixmap)
        if overlay is not None:
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            overlay(painter)
        if painter.isActive():
            painter.end()

    def clear(self) -> None:
        """Forget the picture (the next paint draws)."""
        self._key = None

    def _canvas(self, size: QSize, ratio: float) -> QPixmap:
        """A cleared pixmap of `size`: the kept one when it fits (a board redrawn after every
        move would otherwise free and allocate megabytes each time)."""
        pixmap = self._pixmap
        if pixmap is None or pixmap.size() != size or pixmap.devicePixelRatio() != ratio:
            return blank_pixmap(size, ratio)
        pixmap.fill(Qt.GlobalColor.transparent)
        return pixmap


def blank_pixmap(size: QSize, ratio: float) -> QPixmap:
    """A transparent pixmap of `size` device pixels, drawn on at `ratio`."""
    pixmap = QPixmap(size)
    pixmap.setDevicePixelRatio(ratio)
    pixmap.fill(Qt.GlobalColor.transparent)
    return pixmap


def kept_pixmap(name: str, width: float, height: float, ratio: float,
                draw: Callable[[QPainter], None]) -> QPixmap:
    """The picture called `name` from Qt's own cache (bounded, emptied with the app), drawn
    by `draw` on a transparent pixmap of `width`×`height` when it is not there."""
    pixmap = QPixmap()
    name = f"{name}|{colours.current().value}"  # a colour palette draws its own
    if not QPixmapCache.find(name, pixmap):
        pixmap = blank_pixmap(QSize(max(1, round(width * ratio)), max(1, round(height * ratio))),
                              ratio)
        painter = antialiased(pixmap)
        draw(painter)
        painter.end()
        QPixmapCache.insert(name, pixmap)
    return pixmap


class KeptLines(QStyledItemDelegate):
    """Draws a list's lines from pictures kept by text, size and look (a list repaints every
    line in view when one is added)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: Any) -> None:
        rect = option.rect
        device = painter.device()
        ratio = device.devicePixelRatioF() if device is not None else 1.0
        name = repr(("line", index.data(), rect.width(), rect.height(), option.state.value,
                     option.palette.cacheKey(), option.font.key(), ratio))
        local = QStyleOptionViewItem(option)
        local.rect = QRect(0, 0, rect.width(), rect.height())
        pixmap = kept_pixmap(name, rect.width(), rect.height(), ratio,
                             lambda inner: super(KeptLines, self).paint(inner, local, index))
        painter.drawPixmap(rect.topLeft(), pixmap)


class LineList(QListWidget):
    """A list of word-wrapped lines (a move list) that stays cheap as it grows: each line's
    height is measured once for the list's width and kept with the line, and lines are drawn
    from kept pictures (`KeptLines`).

    A list view lays out every line again whenever one is added, asking each its height; asked
    of a delegate written in Python, that cost about 10 µs a line — 12 ms of the window's time
    per move at 1000 lines. A height kept with the line is read by Qt itself. Lines are added
    and changed with `add_line` and `set_line` so that their heights follow."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        # the scroll bar keeps its room: one that came once the lines filled the list made
        # every line be measured and drawn again at the new width (5 ms mid-game)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)
        self.setItemDelegate(KeptLines(self))
        self._measure = QStyledItemDelegate(self)
        self._width = -1

    def add_line(self, text: str) -> QListWidgetItem:
        self.addItem(text)
        item = self.item(self.count() - 1)
        self._fit(item)
        return item

    def set_line(self, item: QListWidgetItem, text: str) -> None:
        item.setText(text)
        self._fit(item)

    def _fit(self, item: QListWidgetItem) -> None:
        """Keep the line's height at the list's width (its own, not a kept one, measured)."""
        item.setData(Qt.ItemDataRole.SizeHintRole, None)
        option = QStyleOptionViewItem()
        self.initViewItemOption(option)
        viewport = self.viewport()  # a rect without height would not wrap the text
        option.rect = QRect(0, 0, viewport.width(), max(1, viewport.height()))
        item.setSizeHint(self._measure.sizeHint(option, self.indexFromItem(item)))

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize and self.viewport().width() != self._width:
            self._width = self.viewport().width()  # a scroll bar came or went, or a resize
            for row in range(self.count()):
                self._fit(self.item(row))
            self.scheduleDelayedItemsLayout()
        return super().viewportEvent(event)


def draw_sprite(painter: QPainter, rect: QRectF, key: tuple[object, ...],
                draw: Callable[[QPainter, QRectF], None]) -> None:
    """Draw a small picture (a tile, a card, a symbol) into `rect`: `draw(painter, area)`
    paints it once per key, size and pixel ratio into a kept pixmap, later calls copy it.
    Text and curves cost far more to draw than to copy, and a board draws many of them."""
    ratio = painter.device().devicePixelRatioF() if painter.device() is not None else 1.0
    picture = sprite(key, rect.width(), rect.height(), ratio, painter.font(), draw)
    painter.drawPixmap(QPointF(rect.x(), rect.y()), picture)


#: The cache names of the sprites asked for lately, by key, size, pixel ratio and font.
_SPRITE_NAMES: dict[tuple[object, ...], str] = {}
SPRITE_NAMES_KEPT = 20_000


def sprite(key: tuple[object, ...], width: float, height: float, ratio: float, font: QFont,
           draw: Callable[[QPainter, QRectF], None]) -> QPixmap:
    """The kept picture `draw_sprite` copies for `key` at this size, pixel ratio and font,
    drawn first if it is not kept (also to draw it before it is needed: `IdleWork`)."""
    across, down = max(1, math.ceil(width)), max(1, math.ceil(height))
    index = (key, across, down, ratio, font)
    name = _SPRITE_NAMES.get(index)
    if name is None:  # naming costs more than the copy: a board asks for dozens per paint
        if len(_SPRITE_NAMES) >= SPRITE_NAMES_KEPT:
            _SPRITE_NAMES.clear()
        name = _SPRITE_NAMES[index] = repr(("sprite", *key, across, down, ratio, font.key()))

    def paint(inner: QPainter) -> None:
        inner.setFont(font)
        draw(inner, QRectF(0, 0, width, height))

    return kept_pixmap(name, across, down, ratio, paint)


def scrolling(content: QWidget, parent: QWidget) -> QScrollArea:
    """`content` in a frameless scroll area that scrolls when it outgrows a small window (the
    controls under a board: a turn may offer many moves, a report may run long)."""
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setFrameShape(QScrollArea.Shape.NoFrame)
    area.setWidget(content)
    return area


def clear_layout(layout: QLayout) -> None:
    """Take every widget out of `layout` and delete it (rows of buttons rebuilt per move)."""
    while layout.count():
        item = layout.takeAt(0)
        widget = item.widget() if item is not None else None
        if widget is not None:
            widget.hide()
            widget.deleteLater()


def stack_when_narrow(layout: QBoxLayout, width: int, narrow: int) -> None:
    """Side by side from `narrow` pixels of `width` on, one above the other below it."""
    layout.setDirection(QBoxLayout.Direction.TopToBottom if width < narrow
                        else QBoxLayout.Direction.LeftToRight)


def laid_out(layout: B, *items: BoxItem) -> B:
    """`layout` with `items` added in order (see `BoxItem`); returns the layout."""
    for item in items:
        if isinstance(item, int):
            layout.addStretch(item)
            continue
        thing, stretch = item if isinstance(item, tuple) else (item, 0)
        if isinstance(thing, QLayout):
            layout.addLayout(thing, stretch)
        else:
            layout.addWidget(thing, stretch)
    return layout


def follow_pointer(board: W, minimum: int) -> W:
    """Make `board` see the pointer (hover previews), take the keyboard, and keep at least
    `minimum` pixels on each side."""
    board.setMouseTracking(True)
    board.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    board.setMinimumSize(minimum, minimum)
    return board
