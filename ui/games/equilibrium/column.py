"""The Equilibrium city column on screen: four rows, each a city card between its two sides —
Incubi (−) on the left, Sognae (+) on the right — with the sum of each side, the stronger side
marked ▲, a balanced city in green. Cards are tiles in their type's colour with the card's
name as the tooltip. Where the card chosen in the hand may be played, the side holds a button
("move:<notation>"); the widget only draws and emits the move chosen, it decides nothing."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPaintEvent
from PySide6.QtWidgets import QFrame, QGridLayout, QHBoxLayout, QLabel, QPushButton, QWidget

from companion.colours import EQUILIBRIUM, EQUILIBRIUM_CITIES, Palette, hex_rgb, is_light
from companion.games.equilibrium.cards import CHAOS, HIGHER, INCUBI, LEFT, RIGHT, card_name
from companion.games.equilibrium.cards import city_name as city_text
from companion.games.equilibrium.rules import COLUMN
from companion.games.equilibrium.texts import move_text
from ui.i18n import language, tr
from ui.play.palette import follow_palette
from ui.play.widgets import Tile, antialiased, draw_box

#: Tile colours per card type in the standard palette: (background, ink).
CARD_COLOURS = {INCUBI: ("#5c3d85", "#ffffff"), "S": ("#f5cc4d", "#3a2f22"),
                CHAOS: ("#c72929", "#ffffff"), HIGHER: ("#218c8c", "#ffffff")}

#: A city's fill in the standard palette (plain, balanced); frames and empty places' edges.
CITY_BG, BALANCED_BG = (EQUILIBRIUM_CITIES.hex(key, Palette.STANDARD)
                        for key in ("city", "balanced"))
EDGE, EMPTY_EDGE = "#8a7a5c", "#cfc6b4"


def card_colours(code: str) -> tuple[str, str]:
    """A card's (background, ink) by its type letter, in the palette in use."""
    kind = code[:1]
    if kind not in CARD_COLOURS:
        return ("#8a7a5c", "#ffffff")
    background = EQUILIBRIUM.hex(kind)
    return background, ("#3a2f22" if is_light(hex_rgb(background)) else "#ffffff")


def card_tile(parent: QWidget, code: str, side: int | None = None) -> Tile:
    """A dream card: its code on its type's colour; the tooltip names it."""
    label = Tile(code, parent, "#8a7a5c", "#ffffff", border=False, bold=True)
    follow_palette(label, partial(_colour_card, label, code))
    label.setObjectName(f"card:{code}")
    if code != "?":
        label.setToolTip(card_name(code, language().code, side))
    # a screen reader hears the card's name; a face-down card never says what it is
    label.setAccessibleName(card_name(code, language().code, side) if code != "?"
                            else tr("face-down card", "伏せ札"))
    return label


def _colour_card(label: Tile, code: str) -> None:
    """A card tile in its type's colour, in the palette in use."""
    bg, ink = card_colours(code)
    label.fill, label.ink = QColor(bg), QColor(ink)
    label.update()


class CityFrame(QFrame):
    """A city card's frame: a rounded box in its fill and edge colours, painted here rather
    than by a style sheet (a row of the column is made anew whenever it changes, and a
    style sheet makes a frame and its labels several times as costly to make)."""

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setObjectName("city")
        self.fill, self.edge = QColor("transparent"), QColor(EDGE)

    def set_colours(self, fill: str, edge: str) -> None:
        self.fill, self.edge = QColor(fill), QColor(edge)
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = antialiased(self)
        draw_box(painter, QRectF(self.rect()), self.fill, self.edge, 2, 6)
        painter.end()


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else (f"−{-value}" if value < 0 else "0")


class CityColumn(QWidget):
    """The four positions of the column; `show_state(state, targets)` redraws them."""

    move_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(4)
        self.grid.setColumnStretch(0, 1)
        self.grid.setColumnStretch(2, 1)
        #: per position, what its row shows now: only rows whose content changed are rebuilt
        #: (a move changes one or two; rebuilding all four cost 15–30 ms a move)
        self._shown: dict[int, tuple[object, ...]] = {}

    def show_state(self, state: Any, targets: Sequence[Any] = ()) -> None:
        """Draw the column of `state`; `targets` are plays (moves with pos and side) to offer
        as buttons on their sides."""
        for p in range(1, COLUMN + 1):
            here = [m for m in targets if m.pos == p]
            content = self._row_content(state, p, here)
            if self._shown.get(p) == content:
                continue
            self._shown[p] = content
            row = (self._side(state, p, LEFT, here), self._city(state, p),
                   self._side(state, p, RIGHT, here))
            for column, widget in enumerate(row):
                self._drop(p - 1, column)
                self.grid.addWidget(widget, p - 1, column)
                widget.show()

    @staticmethod
    def _row_content(state: Any, pos: int, targets: Sequence[Any]) -> tuple[object, ...]:
        """Everything a position's row draws."""
        return (language().code, tuple(state.side(pos, LEFT)), tuple(state.side(pos, RIGHT)),
                state.city(pos), state.city(pos) and state.is_balanced(pos),
                state.city(pos) and (state.side_sum(pos, LEFT), state.side_sum(pos, RIGHT),
                                     tuple(state.stronger_sides(pos))),
                tuple(str(m) for m in targets))

    def _drop(self, row: int, column: int) -> None:
        item = self.grid.itemAtPosition(row, column)
        widget = item.widget() if item is not None else None
        if widget is not None:
            self.grid.removeWidget(widget)
            widget.hide()
            widget.deleteLater()

    def _side(self, state: Any, pos: int, side: int, targets: Sequence[Any]) -> QWidget:
        box = QWidget(self)
        box.setObjectName(f"side:{pos}{'LR'[side]}")
        row = QHBoxLayout(box)
        row.setContentsMargins(0, 2, 0, 2)
        row.setSpacing(3)
        tiles = [card_tile(box, code, side) for code in state.side(pos, side)]
        buttons = [self._target(box, move) for move in targets if move.side == side]
        if side == LEFT:
            row.addStretch(1)
            for widget in [*buttons, *tiles]:
                row.addWidget(widget)
        else:
            for widget in [*tiles, *buttons]:
                row.addWidget(widget)
            row.addStretch(1)
        return box

    def _target(self, parent: QWidget, move: Any) -> QPushButton:
        button = QPushButton(tr("here", "ここ"), parent)
        button.setObjectName(f"move:{move}")
        button.setStyleSheet("QPushButton { background: #fff3c4; border: 2px solid #c9a24a; "
                             "border-radius: 4px; padding: 1px 6px; }")
        button.setToolTip(tr(f"Play {move.card} here", f"{move.card} をここに出す"))
        button.setAccessibleName(move_text(str(move), language().code))  # card, city, side
        button.clicked.connect(lambda _=False, m=move: self.move_chosen.emit(m))
        return button

    def _city(self, state: Any, pos: int) -> QFrame:
        frame = CityFrame(self)
        layout = QGridLayout(frame)
        layout.setContentsMargins(6, 2, 6, 2)
        layout.setVerticalSpacing(0)
        code = state.city(pos)
        lang = language().code
        if not code:
            frame.set_colours("transparent", EMPTY_EDGE)
            layout.addWidget(QLabel(tr(f"{pos}: (no city)", f"{pos}: (都市なし)"), frame), 0, 0)
            return frame
        balanced = state.is_balanced(pos)
        follow_palette(frame, lambda: frame.set_colours(
            EQUILIBRIUM_CITIES.hex("balanced" if balanced else "city"), EDGE))
        name = QLabel(f"{pos}: {city_text(code, lang)}", frame)
        name.setAlignment(Qt.AlignmentFlag.AlignCenter)
        left, right = state.side_sum(pos, LEFT), state.side_sum(pos, RIGHT)
        stronger = state.stronger_sides(pos)
        marks = ["▲ " if LEFT in stronger and len(stronger) == 1 else "",
                 " ▲" if RIGHT in stronger and len(stronger) == 1 else ""]
        sums = QLabel(f"{marks[0]}{signed(left)} | {signed(right)}{marks[1]}", frame)
        sums.setObjectName(f"sums:{pos}")
        sums.setAlignment(Qt.AlignmentFlag.AlignCenter)
        if balanced:
            sums.setText(sums.text() + tr(" · balanced", " · 均衡"))
        layout.addWidget(name, 0, 0)
        layout.addWidget(sums, 1, 0)
        return frame
