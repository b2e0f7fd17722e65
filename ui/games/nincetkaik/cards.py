"""The 紙机戦 cards and point sticks as the app draws them (every card screen uses these).

- `paint_card(painter, rect, card)`: one card face from `deck.face(card)` — the profession
  kanji top left and upside down bottom right, the number (0–8; ✱ on the wild 船, ★ on the
  strongest 王 and 皇) top right, the book's tally numeral in the centre, all in the card's
  colour (赤 red, 黒 black) on a lightly tinted face; `card=None` draws the back. The tally
  numerals 卄 (7) and 卌 (8) are not in the bundled font: they are drawn as strokes.
- `CardRow`: a row of cards (faces or backs) that overlaps, then wraps, when it is narrow;
  cards can be marked selected (lifted, gold), highlighted (blue) or dimmed; a click on a card
  emits `card_clicked(index)`, a double click `card_activated(index)`; each card's name is its
  tooltip.
- Keyboard and screen readers (issue 37): a clickable row takes the focus by Tab and has a
  cursor (`ui.play.keys.SpotKeys`): arrows move it, Space is a click on the card under it,
  Enter a click too (or `card_entered` where `enter_activates`), Esc emits `cancelled`. Each
  card says its name; a back says "face-down card", never what it hides. A row that is not
  clickable names its cards in its accessible description.
- `CardPicker`: the 24 different cards, one click adds a card; `CardsInput`: the cards chosen
  for one purpose (a click on a chosen card takes it away) — several inputs share one picker.
- `SticksView`: points as the fewest point sticks (black 25, red 5, white 1) and the number.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QEvent, QObject, QPointF, QRect, QRectF, QSize, Qt, Signal
from PySide6.QtGui import (
    QColor,
    QFont,
    QHelpEvent,
    QKeyEvent,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QResizeEvent,
)
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from companion.games.nincetkaik.deck import ALL_CARDS, COPIES, Card, Colour, face
from companion.games.nincetkaik.ledger import STICK_VALUES, sticks_for
from ui import zoom
from ui.i18n import language, tr
from ui.play.keys import Spot, SpotKeys
from ui.play.widgets import PictureCache, antialiased, draw_sprite, sprite

INK = {Colour.RED: QColor("#c0271d"), Colour.BLACK: QColor("#1f1f1f")}
PAPER = {Colour.RED: QColor("#fff4f0"), Colour.BLACK: QColor("#f6f5f1")}
BACK = QColor("#2f4858")
BACK_LINES = QColor("#6c8fa3")
GOLD = QColor("#c9a24a")
BLUE = QColor("#2a6fdb")
RATIO = 0.7  # width / height of a card

#: Sticks as drawn: value -> (fill, outline).
STICK_COLOURS = {25: (QColor("#222222"), QColor("#000000")),
                 5: (QColor("#c0271d"), QColor("#7a140e")),
                 1: (QColor("#fbfaf5"), QColor("#8a8370"))}


def corner_mark(c: Card) -> str:
    """The number in the corner: 0–8, ✱ for the wild 船, ★ for 王 and 皇."""
    info = face(c)
    if info.number is not None:
        return str(info.number)
    return "✱" if info.strength == 0 else "★"


def card_tooltip(c: Card) -> str:
    """A card's name in the interface language, with what its mark means."""
    info = face(c)
    name = info.name("ja" if language().code == "ja" else "en")
    if info.number is None and info.strength == 0:
        return tr(f"{name} — wild card (船)", f"{name} — 代わり札(船)")
    if info.number is None:
        return tr(f"{name} — strongest", f"{name} — 最強")
    return name


def card_name(c: Card | None) -> str:
    """What a screen reader says of a card: its name, or "face-down card" for a back (never
    what the back hides)."""
    return tr("face-down card", "伏せ札") if c is None else card_tooltip(c)


# --- painting ---------------------------------------------------------------------------------
def _font(painter: QPainter, pixels: float, bold: bool = False) -> QFont:
    font = QFont(painter.font())
    font.setPixelSize(max(6, round(pixels)))
    font.setBold(bold)
    return font


def _tally_strokes(painter: QPainter, rect: QRectF, verticals: int) -> None:
    """卄 (two verticals) and 卌 (three) as strokes: a horizontal bar crossed by verticals."""
    width, height = rect.width(), rect.height()
    top, bottom = rect.top() + height * 0.15, rect.bottom() - height * 0.2
    bar = rect.top() + height * 0.45
    painter.drawLine(QPointF(rect.left() + width * 0.12, bar),
                     QPointF(rect.right() - width * 0.12, bar))
    gap = width * 0.55 / max(verticals - 1, 1)
    first = rect.center().x() - gap * (verticals - 1) / 2
    for i in range(verticals):
        x = first + gap * i
        painter.drawLine(QPointF(x, top), QPointF(x, bottom))


def paint_card(painter: QPainter, rect: QRectF, c: Card | None, *, selected: bool = False,
               highlight: bool = False, dim: bool = False) -> None:
    """Draw one card (its back when `c` is None) filling `rect`."""
    painter.save()
    radius = rect.width() * 0.09
    if c is None:
        _paint_back(painter, rect, radius)
    else:
        _paint_face(painter, rect, c, radius)
    if selected or highlight:
        pen = QPen(GOLD if selected else BLUE, max(2.0, rect.width() * 0.05))
        painter.setPen(pen)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(1, 1, -1, -1), radius, radius)
    if dim:
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 140))
        painter.drawRoundedRect(rect, radius, radius)
    painter.restore()


def _paint_back(painter: QPainter, rect: QRectF, radius: float) -> None:
    painter.setPen(QPen(QColor("#1b2b35"), 1.2))
    painter.setBrush(BACK)
    painter.drawRoundedRect(rect, radius, radius)
    inner = rect.adjusted(rect.width() * 0.14, rect.width() * 0.14,
                          -rect.width() * 0.14, -rect.width() * 0.14)
    painter.setPen(QPen(BACK_LINES, 1.0))
    painter.setBrush(Qt.BrushStyle.NoBrush)
    painter.drawRoundedRect(inner, radius * 0.6, radius * 0.6)
    step = max(6.0, inner.width() / 3)
    painter.setClipRect(inner)
    x = inner.left() - inner.height()
    while x < inner.right():
        painter.drawLine(QPointF(x, inner.bottom()), QPointF(x + inner.height(), inner.top()))
        painter.drawLine(QPointF(x, inner.top()), QPointF(x + inner.height(), inner.bottom()))
        x += step
    painter.setClipping(False)


def card_ink(colour: Colour) -> QColor:
    """A card's ink (赤 red, 黒 black) in the palette in use."""
    from companion.colours import RED_BLACK  # the palette's table, shared with 机戦 and 行山
    from ui.play.palette import game_colour

    return game_colour(RED_BLACK, "red" if colour is Colour.RED else "black")


def _paint_face(painter: QPainter, rect: QRectF, c: Card, radius: float) -> None:
    info = face(c)
    ink = card_ink(info.colour)
    painter.setPen(QPen(ink, max(1.2, rect.width() * 0.025)))
    painter.setBrush(PAPER[info.colour])
    painter.drawRoundedRect(rect, radius, radius)
    if info.colour is Colour.RED:  # a red card's second cue: a double frame
        inner = max(2.5, rect.width() * 0.06)
        painter.setPen(QPen(ink, max(1.0, rect.width() * 0.015)))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.drawRoundedRect(rect.adjusted(inner, inner, -inner, -inner), radius * 0.7,
                                radius * 0.7)
    w, h = rect.width(), rect.height()
    if h < 56:
        _paint_small_face(painter, rect, c, ink)
        return
    pad = w * 0.07
    kanji_px = h * 0.30
    painter.setFont(_font(painter, kanji_px, bold=True))
    painter.setPen(ink)
    corner = QRectF(rect.left() + pad, rect.top() + pad * 0.6, kanji_px * 1.1, kanji_px * 1.15)
    painter.drawText(corner, Qt.AlignmentFlag.AlignCenter, info.kanji)
    mark_px = h * 0.17
    painter.setFont(_font(painter, mark_px, bold=True))
    mark_rect = QRectF(rect.right() - pad - mark_px * 1.2, rect.top() + pad * 0.6,
                       mark_px * 1.2, mark_px * 1.3)
    painter.drawText(mark_rect, Qt.AlignmentFlag.AlignCenter, corner_mark(c))
    centre = QRectF(rect.left() + w * 0.2, rect.top() + h * 0.36, w * 0.6, h * 0.3)
    if info.number is None:
        painter.setFont(_font(painter, h * 0.2))
        painter.drawText(centre, Qt.AlignmentFlag.AlignCenter, corner_mark(c))
    elif info.number >= 7:
        painter.setPen(QPen(ink, max(1.5, w * 0.04)))
        _tally_strokes(painter, centre, info.number - 5)  # 7 卄: two, 8 卌: three
    else:
        painter.setFont(_font(painter, h * 0.22))
        painter.drawText(centre, Qt.AlignmentFlag.AlignCenter, info.numeral)
    painter.save()
    painter.translate(rect.right() - pad, rect.bottom() - pad * 0.6)
    painter.rotate(180)
    painter.setFont(_font(painter, kanji_px * 0.8, bold=True))
    painter.setPen(ink)
    painter.drawText(QRectF(0, 0, kanji_px * 0.9, kanji_px * 0.95), Qt.AlignmentFlag.AlignCenter,
                     info.kanji)
    painter.restore()


def _paint_small_face(painter: QPainter, rect: QRectF, c: Card, ink: QColor) -> None:
    """A small card: the kanji above, the number below (all there is room for)."""
    h = rect.height()
    painter.setPen(ink)
    painter.setFont(_font(painter, h * 0.4, bold=True))
    painter.drawText(QRectF(rect.left(), rect.top() + h * 0.06, rect.width(), h * 0.5),
                     Qt.AlignmentFlag.AlignCenter, face(c).kanji)
    painter.setFont(_font(painter, h * 0.28, bold=True))
    painter.drawText(QRectF(rect.left(), rect.top() + h * 0.56, rect.width(), h * 0.38),
                     Qt.AlignmentFlag.AlignCenter, corner_mark(c))


# --- a row of cards -------------------------------------------------------------------------------
class CardRow(QWidget):
    """Cards side by side (overlapping, then in several lines, when narrow). `None` in the
    cards is a back. Marks: `selected`, `highlighted` and `dimmed` sets of indices."""

    card_clicked = Signal(int)
    card_activated = Signal(int)
    #: Esc on the row (a half-made choice given up).
    cancelled = Signal()
    #: Enter on a card where `enter_activates` (the page plays it, or selects it).
    card_entered = Signal(int)

    def __init__(self, height: int = 84, parent: QWidget | None = None, *,
                 clickable: bool = False, placeholder: tuple[str, str] = ("", ""),
                 name: tuple[str, str] = ("Cards", "札")) -> None:
        super().__init__(parent)
        self._height = height
        self.cards: list[Card | None] = []
        self.selected: set[int] = set()
        self.highlighted: set[int] = set()
        self.dimmed: set[int] = set()
        self._clickable = False
        self.placeholder = placeholder
        self._pressed: int | None = None  # the card the last click landed on
        self._picture = PictureCache()
        policy = QSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.row_name = name
        #: Enter emits `card_entered` (the page plays the card) rather than a click.
        self.enter_activates = False
        self.keys: SpotKeys | None = None
        self.clickable = clickable
        self._describe()
        language().changed.connect(self._describe)

    @property
    def clickable(self) -> bool:
        """A click on a card means something; the row then has a keyboard cursor too."""
        return self._clickable

    @clickable.setter
    def clickable(self, on: bool) -> None:
        self._clickable = on
        if on:
            self.setCursor(Qt.CursorShape.PointingHandCursor)
            self._make_keyboard_usable()

    # --- keyboard and screen readers ----------------------------------------------------------
    def _make_keyboard_usable(self) -> None:
        """A cursor over the cards (Tab reaches the row; see the module doc)."""
        if self.keys is not None:
            return
        self.keys = SpotKeys(self, self.spots, self._enter, self.cancelled.emit,
                             name=self.row_name)
        self.installEventFilter(_SpaceClicks(self))  # after SpotKeys: it sees Space first

    def spots(self) -> list[Spot]:
        return [Spot(i, QRectF(self.card_rect(i)), card_name(c),
                     self.clickable and i not in self.dimmed)
                for i, c in enumerate(self.cards)]

    def _enter(self, index: object) -> None:
        if isinstance(index, int) and 0 <= index < len(self.cards):
            (self.card_entered if self.enter_activates else self.card_clicked).emit(index)

    def _describe(self, *_: object) -> None:
        """Name and (without a cursor) the cards in the accessible description."""
        if self.keys is not None:
            self.keys.refresh()
            return
        self.setAccessibleName(tr(*self.row_name))
        self.setAccessibleDescription(", ".join(card_name(c) for c in self.cards)
                                      if self.cards else tr(*self.placeholder))

    # --- content --------------------------------------------------------------------------
    def set_cards(self, cards: Sequence[Card | None], *, selected: Sequence[int] = (),
                  highlighted: Sequence[int] = (), dimmed: Sequence[int] = ()) -> None:
        relayout = len(cards) != len(self.cards)
        self.cards = list(cards)
        self.selected, self.highlighted, self.dimmed = set(selected), set(highlighted), \
            set(dimmed)
        if relayout:
            self.updateGeometry()
        self.update()
        self._describe()

    def set_placeholder(self, en: str, ja: str) -> None:
        self.placeholder = (en, ja)
        self.update()

    # --- geometry ---------------------------------------------------------------------------
    @property
    def card_height(self) -> int:
        """The cards' height: the row's height at the interface's starting size, growing with
        the interface (`ui.zoom`), so that the cards' text grows with the text around them."""
        return zoom.scaled(self._height)

    @card_height.setter
    def card_height(self, height: int) -> None:
        self._height = height

    @property
    def card_width(self) -> int:
        return round(self.card_height * RATIO)

    def _lift(self) -> int:
        return round(self.card_height * 0.1) if self.clickable else 0

    def _per_line(self, width: int) -> int:
        """How many cards fit on one line (overlapping down to showing their left half)."""
        w = self.card_width
        step = max(1.0, w * 0.5)
        return max(1, int((width - w) // step) + 1)

    def _lines(self, width: int) -> int:
        count = max(len(self.cards), 1)
        return -(-count // self._per_line(width))

    def _line_height(self) -> int:
        return self.card_height + self._lift() + 2

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._lines(width) * self._line_height()

    def sizeHint(self) -> QSize:
        count = max(len(self.cards), 1)
        lines = self._lines(self.width()) if self.width() > self.card_width else 1
        return QSize(count * (self.card_width + 4), lines * self._line_height())

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self._lines(event.size().width()) != self._lines(event.oldSize().width()):
            self.updateGeometry()  # a line more or less: the layout gives another height

    def minimumSizeHint(self) -> QSize:
        return QSize(self.card_width + 4, self._line_height())

    def card_rect(self, index: int) -> QRect:
        """Where card `index` is drawn (selected cards are lifted)."""
        width = max(self.width(), self.card_width + 4)
        per = self._per_line(width)
        line, column = divmod(index, per)
        in_line = min(per, len(self.cards) - line * per)
        w = self.card_width
        step = w + 4 if in_line <= 1 else min(w + 4.0, (width - w - 2) / (in_line - 1))
        lift = self._lift()
        top = line * self._line_height() + (0 if index in self.selected else lift)
        return QRect(round(1 + column * step), top, w, self.card_height)

    def index_at(self, x: int, y: int) -> int | None:
        """The card under a point (the one drawn on top)."""
        for index in reversed(range(len(self.cards))):
            if self.card_rect(index).contains(x, y):
                return index
        return None

    # --- events -----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        key = (tuple(self.cards), frozenset(self.selected), frozenset(self.highlighted),
               frozenset(self.dimmed), self.placeholder, self.card_height, language().code)
        self._picture.paint(self, key, self._draw)

    def _draw(self, painter: QPainter) -> None:
        if not self.cards and any(self.placeholder):
            painter.setPen(self.palette().color(self.foregroundRole()))
            painter.drawText(self.rect().adjusted(6, 0, -6, 0),
                             int(Qt.AlignmentFlag.AlignVCenter) | int(Qt.TextFlag.TextWordWrap),
                             tr(*self.placeholder))
        for index, c in enumerate(self.cards):
            marks = (index in self.selected, index in self.highlighted, index in self.dimmed)
            draw_sprite(painter, QRectF(self.card_rect(index)), ("card", c, *marks),
                        partial(_paint_card_in, card=c, marks=marks))
        painter.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(round(event.position().x()), round(event.position().y()))
        self._pressed = index
        if self.clickable and index is not None:
            self.card_clicked.emit(index)
        super().mousePressEvent(event)

    def mouseDoubleClickEvent(self, event: QMouseEvent) -> None:
        index = self.index_at(round(event.position().x()), round(event.position().y()))
        if index != self._pressed:
            # two quick clicks on two cards pick both; only the same card twice plays it
            self.mousePressEvent(event)
        elif self.clickable and index is not None:
            self.card_activated.emit(index)

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.index_at(event.pos().x(), event.pos().y())
            c = self.cards[index] if index is not None else None
            if c is not None:
                QToolTip.showText(event.globalPos(), card_tooltip(c), self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)


class _SpaceClicks(QObject):
    """Space on a card row: a click on the card under the cursor (Enter may play it)."""

    def __init__(self, row: CardRow) -> None:
        super().__init__(row)
        self.row = row

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent) \
                or event.key() != Qt.Key.Key_Space.value or event.modifiers() \
                not in (Qt.KeyboardModifier.NoModifier,):
            return False
        keys = self.row.keys
        spot = keys.cursor_spot() if keys is not None else None
        if spot is None:
            return False  # no cursor yet: SpotKeys puts one there
        if isinstance(spot.key, int):
            self.row.card_clicked.emit(spot.key)
        if keys is not None:
            keys.refresh()
        return True


# --- choosing cards (the table tools) ---------------------------------------------------------
class CardPicker(CardRow):
    """The 24 different cards (two lines of twelve): a click emits `picked(card)`."""

    picked = Signal(int)

    def __init__(self, height: int = 52, parent: QWidget | None = None) -> None:
        super().__init__(height, parent, clickable=True)
        self.set_cards(list(ALL_CARDS))
        self.card_clicked.connect(lambda index: self.picked.emit(ALL_CARDS[index]))

    def _per_line(self, width: int) -> int:
        fits = super()._per_line(width)
        return 12 if fits >= 12 else max(1, fits)


class CardsInput(CardRow):
    """Cards chosen for one purpose (a hand, the shared cards…): `add(card)` from a picker,
    a click on a chosen card takes it away; `changed` after either. At most `limit` cards, and
    never more copies of a card than the deck has. Cards are sorted, unless their order
    matters (`keep_order`: a road, from its start to its end)."""

    changed = Signal()
    focused = Signal(object)  # this input, when clicked (the picker then adds to it)
    #: "+" (or Insert) on the input: its cards are to be picked now (the form's picker).
    pick_requested = Signal(object)

    def __init__(self, limit: int, parent: QWidget | None = None, *, height: int = 52,
                 keep_order: bool = False,
                 placeholder: tuple[str, str] = ("Click here, then pick cards",
                                                 "ここをクリックして札を選ぶ")) -> None:
        super().__init__(height, parent, clickable=True, placeholder=placeholder)
        self.limit = limit
        self.keep_order = keep_order
        self.active = False
        self.setMinimumHeight(self._line_height())
        self.card_clicked.connect(self.remove_at)

    def chosen(self) -> list[Card]:
        return [c for c in self.cards if c is not None]

    def set_chosen(self, cards: Sequence[Card]) -> None:
        self.set_cards(list(cards) if self.keep_order else sorted(cards))
        self.changed.emit()

    def add(self, c: Card) -> str | None:
        """Add a card; a sentence instead when it cannot be added."""
        cards = self.chosen()
        if len(cards) >= self.limit:
            return tr(f"At most {self.limit} cards here.", f"ここには {self.limit} 枚までです。")
        if cards.count(c) >= COPIES[c]:
            return tr("The deck has no more of this card.", "この札はもうありません。")
        self.set_chosen([*cards, c])
        return None

    def remove_at(self, index: int) -> None:
        cards = self.chosen()
        if 0 <= index < len(cards):
            del cards[index]
            self.set_chosen(cards)

    def set_active(self, on: bool) -> None:
        self.active = on
        self.update()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.focused.emit(self)
        super().mousePressEvent(event)

    def focusInEvent(self, event: Any) -> None:
        self.focused.emit(self)  # reached by Tab: the picker adds to this input
        super().focusInEvent(event)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        if event.key() in (Qt.Key.Key_Plus.value, Qt.Key.Key_Insert.value):
            self.pick_requested.emit(self)
        else:
            super().keyPressEvent(event)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setPen(QPen(BLUE if self.active else QColor("#b9b2a3"), 2 if self.active else 1,
                            Qt.PenStyle.SolidLine if self.active else Qt.PenStyle.DashLine))
        painter.drawRect(self.rect().adjusted(0, 0, -1, -1))
        painter.end()
        super().paintEvent(event)


def _paint_card_in(painter: QPainter, area: QRectF, *, card: Card | None,
                   marks: tuple[bool, bool, bool]) -> None:
    selected, highlight, dim = marks
    paint_card(painter, area, card, selected=selected, highlight=highlight, dim=dim)


#: The looks of a card drawn ahead of need: plain, and highlighted (a round's result).
#: Selected and dimmed cards show while a person chooses, when a drawing costs nobody.
AHEAD_MARKS = ((False, False, False), (False, True, False))


def card_drawing_jobs(rows: Iterable[CardRow], heights: Iterable[int] = ()
                      ) -> list[Callable[[], object]]:
    """Jobs for `IdleWork` that draw every card face and the back at each card size, pixel
    ratio and font of `rows`, and at the card `heights` of rows not made yet (in the first
    row's ratio and font), in the looks of `AHEAD_MARKS`: a card dealt later shows at the
    cost of a copy."""
    rows = list(rows)
    looks = {(row.card_width, row.card_height, row.devicePixelRatioF(), row.font().key()):
             row.font() for row in rows}
    if rows:
        ratio, font = rows[0].devicePixelRatioF(), rows[0].font()
        for height in map(zoom.scaled, heights):
            looks.setdefault((round(height * RATIO), height, ratio, font.key()), font)
    return [partial(sprite, ("card", c, *marks), width, height, ratio, font,
                    partial(_paint_card_in, card=c, marks=marks))
            for (width, height, ratio, _key), font in looks.items()
            for c in (*ALL_CARDS, None) for marks in AHEAD_MARKS]


# --- point sticks ---------------------------------------------------------------------------------
class SticksView(QWidget):
    """Points as point sticks (the fewest: black 25, red 5, white 1) with the number."""

    def __init__(self, parent: QWidget | None = None, *, height: int = 34) -> None:
        super().__init__(parent)
        self.points = 0
        self.caption = ""
        self.setFixedHeight(height)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)

    def set_points(self, points: int, caption: str = "") -> None:
        self.points, self.caption = points, caption
        self.updateGeometry()
        self.update()
        self._describe()

    def _describe(self) -> None:
        """The number for a screen reader, and the sticks that show it."""
        self.setAccessibleName(self._text())
        counts = sticks_for(max(self.points, 0))
        words = [(tr(f"{count} black", f"黒 {count} 本"), tr(f"{count} red", f"赤 {count} 本"),
                  tr(f"{count} white", f"白 {count} 本"))[i]
                 for i, count in enumerate(counts) if count]
        self.setAccessibleDescription(tr("Point sticks: ", "点棒: ") + tr(", ", "、").join(words)
                                      if words else "")

    def _text(self) -> str:
        return f"{self.caption} {self.points}".strip().replace("-", "−")

    def _sticks(self) -> list[int]:
        counts = sticks_for(max(self.points, 0))
        return [value for value, count in zip(STICK_VALUES, counts, strict=True)
                for _ in range(min(count, 12))]

    def sizeHint(self) -> QSize:
        text = self.fontMetrics().horizontalAdvance(self._text()) + 10
        return QSize(text + len(self._sticks()) * 7 + 8, self.height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        text = self._text()
        text_width = self.fontMetrics().horizontalAdvance(text) + 8
        painter.drawText(QRectF(0, 0, text_width, self.height()),
                         Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignLeft, text)
        x = text_width + 2.0
        for value in self._sticks():
            fill, line = STICK_COLOURS[value]
            painter.setPen(QPen(line, 1))
            painter.setBrush(fill)
            painter.drawRoundedRect(QRectF(x, 3, 4, self.height() - 6), 2, 2)
            x += 7
        painter.end()
