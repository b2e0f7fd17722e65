"""Etariya digital play inside the shared `PlayFrame`.

The board: faction shading, stacks with their height, power chips, the cells where the chosen
stone — or the power chip — may go outlined. The side panel: the stones in hand to choose from,
the other decisions of the moment as buttons (a set under A, an end of the line under B,
acceleration under C), the bag, each side's dominance chips (and score chips under E). The
move list reads in the interface's words ("赤 d4", "Take set 2").

The screens never decide a rule: they offer what `legal_moves()` returns and read the state
through `ui.games.etariya.pictures`. A table setup code (the new-game form's "Setup code")
lays the board out exactly as that table setup.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from typing import Any

from PySide6.QtWidgets import (
    QButtonGroup,
    QGridLayout,
    QGroupBox,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from companion.core.api import Outcome
from companion.core.record import Game, RecordEntry
from ui.context import AppContext
from ui.games.etariya import pictures
from ui.games.etariya.board_widget import LIGHT, BoardPicture, BoardWidget
from ui.i18n import tr
from ui.play.frame import PlayFrame, PlayScreens, Position
from ui.play.keys import KeyRow, Spot, SpotKeys
from ui.play.palette import follow_palette
from ui.play.widgets import RichLabel, clear_layout, words


class EtariyaScreens(PlayScreens):
    """The Etariya board and its side panel (hand, decisions, bag, chips)."""

    def __init__(self, ctx: AppContext | None) -> None:
        self.ctx = ctx
        self.selected: str | None = None  # the chosen group of placements (a stone colour…)
        self.position: Position | None = None
        pictures.apply_user_faces(ctx)  # new games and the table setup use the edited faces

    def build(self, frame: PlayFrame) -> tuple[QWidget, QWidget | None]:
        self.frame = frame
        self.board = BoardWidget(frame)
        self.board.cell_name = pictures.cell_name
        self.board.cell_clicked.connect(self.cell_clicked)
        self.keys = SpotKeys(self.board, self.spots, lambda cell: self.cell_clicked(*cell),
                             name=("Etariya board", "エタリヤの盤"))
        side = QWidget(frame)
        self.hand_box = words(QGroupBox(side), "Place", "置く", "setTitle")
        self.hand_row = QGridLayout(self.hand_box)  # three a row: the panel stays narrow
        self.hand_group = QButtonGroup(side)
        self.hand_group.setExclusive(True)
        self.choice_box = words(QGroupBox(side), "Choose", "選ぶ", "setTitle")
        self.choice_grid = QGridLayout(self.choice_box)
        self.info_label = RichLabel("", side)  # both rewritten after every move
        self.sides_label = RichLabel("", side)
        layout = QVBoxLayout(side)
        layout.setContentsMargins(0, 0, 0, 0)
        for widget in (self.hand_box, self.choice_box, self.info_label, self.sides_label):
            layout.addWidget(widget)
        return self.board, side

    def game_started(self) -> None:
        self.selected = None

    def new_game(self, game_id: str, setup: Any) -> Game:
        """`ValueError` with the engine's words for options it refuses (e.g. A and B)."""
        pictures.apply_user_faces(self.ctx)
        return pictures.new_game(dict(setup.options), setup.seed,
                                 str(getattr(setup, "setup_code", "") or ""))

    # --- acting ------------------------------------------------------------------------------
    def cell_clicked(self, row: int, col: int) -> None:
        legal = self.position.legal if self.position is not None else ()
        move = pictures.move_at(legal, self.current_group(), (row, col))
        if move is not None:
            self.frame.play(move)

    def spots(self) -> list[Spot]:
        """The 49 cells for the keyboard's cursor; where the chosen stone (or chip) may go
        can be chosen."""
        picture = self.board.picture
        targets = picture.stone_targets | picture.chip_targets
        return [Spot((r, c), self.board.cell_rect((r, c)), cell_words(picture, (r, c)),
                     (r, c) in targets)
                for r in range(7) for c in range(7)]

    def key_rows(self) -> list[KeyRow]:
        return [KeyRow("Tab, Space", "Choose the stone (or power chip) to place, on the right",
                       "置く石(または勢力チップ)を右の欄で選ぶ")]

    def choose_group(self, key: str) -> None:
        self.selected = key
        if self.position is not None:
            self._show_board(self.position)

    def current_group(self) -> str | None:
        groups = pictures.placement_groups(self.position.legal if self.position else ())
        if self.selected in groups:
            return self.selected
        return next(iter(groups), None)

    # --- showing -----------------------------------------------------------------------------
    def show(self, position: Position) -> None:
        self.position = position
        self._show_board(position)
        self._show_hand(position)
        self._show_choices(position)
        self.info_label.setText(pictures.info_html(position.state))
        self.sides_label.setText(pictures.sides_html(position.state, position.names))

    def _show_board(self, position: Position) -> None:
        self.board.set_picture(pictures.board_picture(
            position.state, position.legal, self.current_group(),
            pictures.last_turn_cells(position.entries)))
        self.keys.refresh()
        for button in self.hand_group.buttons():
            button.setChecked(button.objectName() == f"hand:{self.current_group()}")

    def _show_hand(self, position: Position) -> None:
        for button in self.hand_group.buttons():
            self.hand_group.removeButton(button)
        clear_layout(self.hand_row)
        group = self.current_group()
        groups = pictures.placement_groups(position.legal, position.state)
        for i, (key, text) in enumerate(groups.items()):
            button = QPushButton(text, self.hand_box)
            button.setCheckable(True)
            button.setChecked(key == group)
            button.setObjectName(f"hand:{key}")
            button.setMinimumHeight(34)
            follow_palette(button, partial(_style_hand_button, button, key))
            button.clicked.connect(lambda _=False, k=key: self.choose_group(k))
            self.hand_group.addButton(button)
            self.hand_row.addWidget(button, i // 3, i % 3)
            button.show()
        self.hand_box.setVisible(bool(groups))

    def _show_choices(self, position: Position) -> None:
        clear_layout(self.choice_grid)
        others = [m for m in position.legal if pictures.move_cell(m) is None]
        for i, move in enumerate(others):
            button = QPushButton(pictures.move_text(move, position.state), self.choice_box)
            button.setObjectName(f"move:{move}")
            button.setMinimumHeight(32)
            button.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, m=move: self.frame.play(m))
            self.choice_grid.addWidget(button, i // 2, i % 2)
            button.show()
        self.choice_box.setVisible(bool(others))

    def choice_buttons(self) -> list[QPushButton]:
        return [b for b in self.choice_box.findChildren(QPushButton)
                if b.objectName().startswith("move:") and not b.isHidden()]

    def hand_buttons(self) -> list[QPushButton]:
        return [b for b in self.hand_box.findChildren(QPushButton) if not b.isHidden()]

    # --- words -------------------------------------------------------------------------------
    def move_text(self, entry: RecordEntry, position: Position) -> str:
        return pictures.record_move_text(entry.move)

    def chance_text(self, entry: RecordEntry) -> str | None:
        return pictures.chance_text(entry.move)

    def prompt(self, position: Position) -> str:
        return pictures.prompt(position.state, position.legal)

    def seat_role(self, state: Any, seat: int) -> str:
        return pictures.side_name(state, seat)

    def outcome_detail(self, state: Any, outcome: Outcome, names: Sequence[str]) -> str:
        return pictures.outcome_text(state, outcome)


def _style_hand_button(button: QPushButton, key: str) -> None:
    """A placement group's button in its stone's colour, in the palette in use."""
    button.setStyleSheet(pictures.hand_style(key))


def cell_words(picture: BoardPicture, cell: tuple[int, int]) -> str:
    """A cell as a screen reader says it: "d4: Light; stones Red, Blue (top); a stone may
    go here"."""
    row, col = cell
    faction = picture.factions[row][col] if row < len(picture.factions) else LIGHT
    parts = [f"{pictures.cell_name(cell)}: {pictures.faction_name(faction)}"]
    stones = picture.stones.get(cell, ())
    if stones:
        names = ", ".join(pictures.colour_name(code) for code in stones)
        parts.append(tr(f"stones {names} (top last)", f"石 {names}(最後が一番上)"))
    chips = picture.chips.get(cell, ())
    if chips:
        shown = ", ".join(tr("white", "白") if chip == "W" else tr("black", "黒")
                          for chip in chips)
        parts.append(tr(f"power chips {shown}", f"勢力チップ {shown}"))
    if cell in picture.stone_targets:
        parts.append(tr("the chosen stone may go here", "選んだ石を置ける"))
    if cell in picture.chip_targets:
        parts.append(tr("the power chip may go here", "勢力チップを置ける"))
    if cell in picture.last:
        parts.append(tr("last move", "直前の手"))
    return tr("; ", "。").join(parts)


def play_view(ctx: AppContext | None, game_id: str = "etariya", *,
              animate: bool = True) -> PlayFrame:
    return PlayFrame(ctx, game_id, EtariyaScreens(ctx), animate=animate)
