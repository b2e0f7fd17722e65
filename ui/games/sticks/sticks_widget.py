"""Five throwing sticks drawn with QPainter: they tumble for a moment, then land face up or
down exactly as the throw came out. The animation is short (about 600 ms), a click skips it,
and `set_animations_enabled(False)` turns it off (tests, or a person who prefers no motion).
A screen reader hears the sticks ("Sticks", then how many landed marked side up) and the
badge's number, in the interface's language.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence

from PySide6.QtCore import QElapsedTimer, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from companion.core.chance import STICKS
from ui.i18n import language, tr
from ui.play.widgets import antialiased

DURATION_MS = 600
_ANIMATE = True

FACE_UP = QColor("#e9d18f")  # pale bamboo, the marked side
FACE_DOWN = QColor("#8a5a2b")  # the dark, unmarked side
OUTLINE = QColor("#4a3216")
MARK = QColor("#7a1f1f")


def set_animations_enabled(enabled: bool) -> None:
    """Turn the tumbling on or off for every stick widget (tests switch it off)."""
    global _ANIMATE
    _ANIMATE = enabled


def animations_enabled() -> bool:
    return _ANIMATE


class SticksWidget(QWidget):
    """Shows one throw of five sticks; `show_throw(faces)` animates to it."""

    #: the animation finished (or was skipped) and the sticks show the result
    landed = Signal()

    def __init__(self, parent: QWidget | None = None, sticks: int = STICKS) -> None:
        super().__init__(parent)
        self.sticks = sticks
        self.faces: tuple[bool, ...] | None = None
        self._progress = 1.0
        self._jitter = random.Random()
        self._spins = [0.0] * sticks
        # a QTimer drives the tumble (frames of ~16 ms over DURATION_MS)
        self._clock = QElapsedTimer()
        self._timer = QTimer(self)
        self._timer.setInterval(16)
        self._timer.timeout.connect(self._step)
        self._on_landing: Callable[[], None] | None = None
        self.setMinimumSize(220, 110)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setToolTip("")
        language().changed.connect(self._describe)
        self._describe()

    # --- throwing ---------------------------------------------------------------------------
    def is_animating(self) -> bool:
        return self._timer.isActive()

    def show_throw(self, faces: Sequence[bool] | None, animate: bool = True) -> None:
        """Show `faces` (None clears the sticks), tumbling first unless turned off."""
        self._timer.stop()
        self.faces = None if faces is None else tuple(bool(f) for f in faces)
        if self.faces is None or not (animate and _ANIMATE and self.isVisible()):
            self._progress = 1.0
            self.update()
            self._describe()
            self.landed.emit()
            return
        self._spins = [self._jitter.uniform(1.5, 3.5) * self._jitter.choice((-1, 1))
                       for _ in range(self.sticks)]
        self._progress = 0.0
        self._clock.start()
        self._timer.start()
        self._describe()

    def after_landing(self, call: Callable[[], None]) -> None:
        """Call `call` once the sticks lie still: now, or when the throw in the air lands (a
        later call replaces one still waiting)."""
        if self.is_animating():
            self._on_landing = call
        else:
            self._on_landing = None
            call()

    def skip(self) -> None:
        """Land at once."""
        if self.is_animating():
            self._land()

    def _step(self) -> None:
        linear = min(1.0, self._clock.elapsed() / DURATION_MS)
        if linear >= 1.0:
            self._land()
            return
        self._progress = 1.0 - (1.0 - linear) ** 3  # ease out: fast throw, slow landing
        self.update()

    def _land(self) -> None:
        self._timer.stop()
        self._progress = 1.0
        self.update()
        self._describe()
        self.landed.emit()
        call, self._on_landing = self._on_landing, None
        if call is not None:
            call()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self.skip()
        super().mousePressEvent(event)

    def description(self) -> str:
        """What the sticks show, in a sentence in the interface's language."""
        if self.faces is None:
            return tr("Not thrown yet.", "まだ投げていません。")
        if self.is_animating():
            return tr("The sticks are in the air.", "棒が宙を舞っています。")
        up, total = sum(self.faces), len(self.faces)
        return tr(f"{up} of {total} sticks landed marked side up.",
                  f"{total} 本中 {up} 本が印の面を上にして落ちました。")

    def _describe(self, *_: object) -> None:
        self.setAccessibleName(tr("Sticks", "投げ棒"))
        self.setAccessibleDescription(self.description())

    # --- drawing ----------------------------------------------------------------------------
    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        rect = QRectF(self.rect()).adjusted(6, 6, -6, -6)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor("#f4efe4"))
        painter.drawRoundedRect(rect, 10, 10)
        if self.faces is None:
            painter.setPen(QColor("#9a8f7a"))
            painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "— — — — —")
            painter.end()
            return
        slot = rect.width() / self.sticks
        length = min(rect.height() * 0.82, slot * 3.2)
        width = max(8.0, min(slot * 0.38, length * 0.2))
        for i, up in enumerate(self.faces):
            centre = QPointF(rect.left() + slot * (i + 0.5), rect.center().y())
            self._draw_stick(painter, i, centre, length, width, up)
        painter.end()

    def _draw_stick(self, painter: QPainter, index: int, centre: QPointF, length: float,
                    width: float, up: bool) -> None:
        t = self._progress
        spin = self._spins[index] if t < 1.0 else 0.0
        remaining = 1.0 - t
        angle = spin * 180.0 * remaining + (index - 2) * 4.0 * (1.0 - remaining)
        lift = -abs(math.sin((t + index * 0.13) * math.pi * 3)) * 18.0 * remaining
        # while tumbling, the visible side flips; at the end it is the thrown face
        showing = up if t >= 1.0 else (math.cos((t + index * 0.21) * math.pi * 7) > 0)
        squash = 1.0 if t >= 1.0 else 0.35 + 0.65 * abs(math.cos((t + index * 0.21)
                                                                  * math.pi * 7))
        painter.save()
        painter.translate(centre.x(), centre.y() + lift)
        painter.rotate(angle)
        body = QRectF(-width * squash / 2, -length / 2, width * squash, length)
        painter.setPen(QPen(OUTLINE, 1.5))
        painter.setBrush(FACE_UP if showing else FACE_DOWN)
        painter.drawRoundedRect(body, width * 0.4, width * 0.4)
        if showing:
            painter.setPen(QPen(MARK, max(1.5, width * 0.14)))
            for k in (-1, 0, 1):
                y = k * length * 0.22
                painter.drawLine(QPointF(-body.width() * 0.28, y), QPointF(body.width() * 0.28, y))
        painter.restore()


class ResultBadge(QWidget):
    """A large number: the result of the last throw (how many sticks face up)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.value: int | None = None
        self._sticks: SticksWidget | None = None
        self.setMinimumSize(48, 48)
        language().changed.connect(self._describe)
        self._describe()

    def follow(self, sticks: SticksWidget) -> None:
        """Show the number only once `sticks` have landed ("–" while they tumble)."""
        self._sticks = sticks
        sticks.landed.connect(self._landed)

    def set_value(self, value: int | None) -> None:
        self.value = value
        self._landed()

    def _landed(self) -> None:
        self.update()
        self._describe()

    def _describe(self, *_: object) -> None:
        shown = self.shown_text()
        self.setAccessibleName(tr(f"Result: {shown}", f"出目: {shown}") if shown != "–"
                               else tr("Result: none yet", "出目: まだなし"))

    def shown_text(self) -> str:
        """The number the badge shows now ("–": no throw, or the sticks are still in the air)."""
        if self.value is None or (self._sticks is not None and self._sticks.is_animating()):
            return "–"
        return str(self.value)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        side = min(self.width(), self.height()) - 4
        box = QRectF((self.width() - side) / 2, (self.height() - side) / 2, side, side)
        painter.setPen(QPen(OUTLINE, 2))
        painter.setBrush(QColor("#fffaf0"))
        painter.drawEllipse(box)
        font = QFont(self.font())
        font.setPointSizeF(max(10.0, side * 0.42))
        font.setBold(True)
        painter.setFont(font)
        painter.setPen(OUTLINE)
        text = self.shown_text()
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)
        painter.end()
