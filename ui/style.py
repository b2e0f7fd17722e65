"""The application's style: the platform's own, except Fusion's scroll bars, drawn flat.

Fusion (Qt's style on Linux) paints a scroll bar's groove and handle with gradients, which the
raster engine fills pixel by pixel: a 516-pixel scroll bar took 1–2 ms to paint, and a play
page repaints two or three of them at every move (a move list grows, a side panel scrolls) —
more than the board itself. `FlatScrollBars` keeps Fusion's geometry (the same arrow buttons,
handle and hit areas, so nothing moves under the pointer) and paints them in plain colours.
Other styles (Windows, macOS) draw their native scroll bars cheaply and are left alone.
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRect, QRectF, Qt
from PySide6.QtGui import QColor, QPainter, QPalette, QPolygonF
from PySide6.QtWidgets import (
    QApplication,
    QProxyStyle,
    QStyle,
    QStyleOptionComplex,
    QStyleOptionSlider,
    QWidget,
)

CC = QStyle.ComplexControl
SC = QStyle.SubControl


class FlatScrollBars(QProxyStyle):
    """A proxy of a style (Fusion, by its key) that draws scroll bars flat (see the module's
    docstring)."""

    def drawComplexControl(self, control: CC, option: QStyleOptionComplex, painter: QPainter,
                           widget: QWidget | None = None) -> None:
        if control == CC.CC_ScrollBar and isinstance(option, QStyleOptionSlider):
            self._scroll_bar(option, painter, widget)
        else:
            super().drawComplexControl(control, option, painter, widget)

    def _scroll_bar(self, option: QStyleOptionSlider, painter: QPainter,
                    widget: QWidget | None) -> None:
        palette = option.palette
        enabled = bool(option.state & QStyle.StateFlag.State_Enabled)
        painter.save()
        painter.fillRect(option.rect, palette.color(QPalette.ColorRole.Window).darker(104))
        slider = self._part(option, SC.SC_ScrollBarSlider, widget)
        if enabled and option.maximum > option.minimum and slider.isValid():
            pressed = self._is_pressed(option, SC.SC_ScrollBarSlider)
            handle = palette.color(QPalette.ColorRole.Mid)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(handle.darker(120) if pressed else handle)
            painter.drawRoundedRect(QRectF(slider).adjusted(2, 2, -2, -2), 3, 3)
        arrow = palette.color(QPalette.ColorRole.ButtonText if enabled
                              else QPalette.ColorRole.Mid)
        vertical = option.orientation == Qt.Orientation.Vertical
        for sub, towards_start in ((SC.SC_ScrollBarSubLine, True),
                                   (SC.SC_ScrollBarAddLine, False)):
            area = self._part(option, sub, widget)
            if area.isValid():
                colour = arrow.lighter(130) if self._is_pressed(option, sub) else arrow
                _arrow(painter, area, vertical, towards_start, colour)
        painter.restore()

    def _part(self, option: QStyleOptionSlider, sub: SC, widget: QWidget | None) -> QRect:
        """Where Fusion puts that part of the scroll bar."""
        # Qt takes no widget as well (the stubs say otherwise)
        return self.subControlRect(CC.CC_ScrollBar, option, sub, widget)  # type: ignore[arg-type]

    @staticmethod
    def _is_pressed(option: QStyleOptionSlider, sub: SC) -> bool:
        return bool(option.activeSubControls & sub) and \
            bool(option.state & QStyle.StateFlag.State_Sunken)


def _arrow(painter: QPainter, area: QRect, vertical: bool, towards_start: bool,
           colour: QColor) -> None:
    """A small filled triangle in the middle of `area`, pointing up/left or down/right."""
    size = max(2.0, min(area.width(), area.height()) / 4)
    centre = QRectF(area).center()
    x, y = centre.x(), centre.y()
    tip = -size if towards_start else size  # towards the tip, along the bar
    if vertical:
        points = [QPointF(x - size, y - tip / 2), QPointF(x + size, y - tip / 2),
                  QPointF(x, y + tip / 2)]
    else:
        points = [QPointF(x - tip / 2, y - size), QPointF(x - tip / 2, y + size),
                  QPointF(x + tip / 2, y)]
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setPen(Qt.PenStyle.NoPen)
    painter.setBrush(colour)
    painter.drawPolygon(QPolygonF(points))


def install_style(app: QApplication) -> None:
    """Give `app` flat scroll bars where its style is Fusion (once)."""
    style = app.style()
    if isinstance(style, FlatScrollBars) or style.name().lower() != "fusion":
        return
    app.setStyle(FlatScrollBars("fusion"))
