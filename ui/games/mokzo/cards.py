"""行山 cards on screen: a tile per card (its glyph in the card's colour, its cost, markers as
dots, a placed card that does not act yet drawn faded), with the card's effect as the tooltip.
The players panel shows each player's resources and placed cards; the viewer's hand below."""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from PySide6.QtGui import QColor
from PySide6.QtWidgets import QFrame, QGridLayout, QVBoxLayout, QWidget

from companion.colours import RED_BLACK
from companion.games.mokzo.cards import HIDDEN, Card
from companion.games.mokzo.effects import effect_of
from companion.games.mokzo.rules import card_cost
from companion.games.mokzo.texts import card_text
from ui.i18n import language, tr
from ui.play.palette import follow_palette
from ui.play.pieces import seat_colour
from ui.play.widgets import ElidedLabel, Tile, clear_layout

RED_INK, BLACK_INK = "#b3162d", "#1a1a1a"
HIDDEN_FILL, HIDDEN_INK = "#8a7a5c", "#4a3a22"
#: Card tiles per row.
PER_ROW = 4


def tile(parent: QWidget, card: Card, markers: int = 0, active: bool = True) -> Tile:
    """A card: glyph and cost, markers ● under it; tooltip: what it does."""
    if card == HIDDEN:
        label = Tile("?", parent, HIDDEN_FILL, HIDDEN_INK)
        label.setToolTip(tr("a card you cannot see", "見えない札"))
        return label
    dots = "●" * markers
    label = Tile(f"{card}\n{card_cost(card)}{(' ' + dots) if dots else ''}", parent,
                 "#fffaf0" if active else "#e8e2d6", BLACK_INK)
    follow_palette(label, partial(_ink_card, label, card))  # the palette's red or black
    effect = effect_of(card.rank).text(language().code)
    waiting = "" if active else tr(" (acts from its owner's next turn)",
                                   "(次の自分の手番から効く)")
    label.setToolTip(f"{card_text(card, language().code)}: {effect}{waiting}")
    return label


def _ink_card(label: Tile, card: Card) -> None:
    label.ink = QColor(RED_BLACK.hex("red" if card.is_red else "black"))
    label.update()


def _frame_box(box: QFrame, seat: int) -> None:
    """A player's box framed in the seat's colour, in the palette in use."""
    box.setStyleSheet(f"QFrame#player {{ border: 2px solid {seat_colour(seat).name()};"
                      " border-radius: 5px; }")


class PlayersPanel(QWidget):
    """Per player, framed in the seat's colour: the name (cut with "…" when long), 米, 銭,
    square, hand size and the placed cards."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.layout_ = QVBoxLayout(self)
        self.layout_.setContentsMargins(0, 0, 0, 0)
        self.boxes: list[tuple[QFrame, ElidedLabel, ElidedLabel, QGridLayout]] = []
        #: per seat, the placed cards its grid shows (rebuilt only when they change)
        self._shown: list[tuple[object, ...] | None] = []

    def show_state(self, state: Any, names: Sequence[str]) -> None:
        while len(self.boxes) > state.num_players:
            self.boxes.pop()[0].deleteLater()
            self._shown.pop()
        while len(self.boxes) < state.num_players:
            self.boxes.append(self._box(len(self.boxes)))
            self._shown.append(None)
        for seat, (box, name, line, grid) in enumerate(self.boxes):
            name.setText(f"{seat + 1} · {names[seat]}")  # the number its piece shows
            hand = len(state.hands[seat])
            guard = tr(" · 筆: safe", " · 筆: 守り") if state.protected[seat] else ""
            line.setText(tr(f"{state.rice[seat]} 米 · {state.money[seat]} 銭 · square "
                            f"{state.square[seat]} · hand {hand}{guard}",
                            f"米 {state.rice[seat]} · 銭 {state.money[seat]} · マス "
                            f"{state.square[seat]} · 手札 {hand}{guard}"))
            placed = tuple((slot, p.card, p.markers, p.active) for slot, p in state.placed(seat))
            if (language().code, placed) == self._shown[seat]:  # tooltips are in a language
                continue
            self._shown[seat] = (language().code, placed)
            clear_layout(grid)
            for k, (_slot, card_, markers, active) in enumerate(placed):
                card = tile(box, card_, markers, active)
                grid.addWidget(card, k // PER_ROW, k % PER_ROW)
                card.show()

    def _box(self, seat: int) -> tuple[QFrame, ElidedLabel, ElidedLabel, QGridLayout]:
        box = QFrame(self)
        box.setObjectName("player")
        follow_palette(box, partial(_frame_box, box, seat))
        name = ElidedLabel("", box)
        font = name.font()
        font.setBold(True)
        name.setFont(font)
        line = ElidedLabel("", box)
        grid = QGridLayout()
        grid.setSpacing(3)
        inner = QVBoxLayout(box)
        inner.setContentsMargins(6, 4, 6, 4)
        inner.setSpacing(2)
        inner.addWidget(name)
        inner.addWidget(line)
        inner.addLayout(grid)
        self.layout_.addWidget(box)
        return box, name, line, grid
