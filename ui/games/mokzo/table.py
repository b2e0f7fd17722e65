"""The 行山 table companion, three tabs sharing the players in the page's header:

- Deal: a seeded deal aid (who begins, the turn order, how to set up) and Print: the road at
  playing size, the card-effect reference and a tracking sheet.
- Tracker: every player's 米, 銭, square and placed cards (with their markers) for a game with
  the physical cards. The app applies what needs no choice — costs with 車, income of 無 and 王
  when a turn begins, markers on black cards and their removal at three, a move's price and
  length (皇処, 弓, 馬, a halving 巫), the win on 皇山 — and shows the player to move what is
  left for them to do by hand. Undo/Redo every entry; Save to history once someone has won.
- Card effects: the reference (cost, copies, when it acts, what it does) and Print.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QPushButton,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.games.mokzo.cards import COLOURS, RANKS, Card
from companion.games.mokzo.effects import EFFECTS, NOTES
from companion.games.mokzo.moves import MONEY, RICE
from companion.games.mokzo.table import MokzoTracker, new_tracker, setup, square_label
from companion.games.mokzo.texts import card_text
from companion.history import PlayRecord
from companion.table.log import TableError, names_or_seats
from ui.context import AppContext
from ui.games.mokzo.board_widget import RoadBoard
from ui.games.mokzo.cards import PER_ROW, tile
from ui.i18n import language, tr
from ui.play.seat_table import SeatTable
from ui.play.widgets import clear_layout, isolate, laid_out, stack_when_narrow, words
from ui.table.frame import Printing, TablePage, TableTab
from ui.table.players_box import PlayersBox
from ui.undo import ReplaceState

#: Below this width the tracker's tools stand above the road instead of beside it.
NARROW = 720
TIMING = {"turn": ("each of its owner's turns", "自分の手番ごと"),
          "always": ("while it lies placed", "置いてある間"),
          "now": ("at once, not placed", "置かずにすぐ")}


def write_pdf(specs: list[Any], path: Path) -> None:
    from companion.export.pdf import render_sheets

    render_sheets(specs, path)


# --- the deal ---------------------------------------------------------------------------------
class DealTab(TableTab):
    """Who begins, the turn order and the set-up steps, from a seed; Print: the sheets."""

    title = ("Deal", "準備")
    page: MokzoTablePage
    printing = Printing("mokzo-sheets.pdf",
                        ("Print the sheets…", "シートを印刷…"))

    def __init__(self, page: MokzoTablePage) -> None:
        super().__init__(page)
        self.seed = random.randrange(10_000)
        self.deal_button = words(QPushButton(self), "New deal", "新しい準備")
        self.deal_button.setObjectName("mokzo_deal")
        self.deal_button.clicked.connect(self.new_deal)
        page.bind(self, "Ctrl+N", self.deal_button)
        self.seed_label = QLabel(self)
        self.steps = words(QListWidget(self), "Setup steps", "準備の手順", "setAccessibleName")
        self.steps.setWordWrap(True)
        self.steps.setMinimumHeight(140)
        top = QHBoxLayout()
        top.addWidget(self.deal_button)
        top.addWidget(self.seed_label, 1)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.steps, 1)
        page.players.count_changed.connect(lambda _n: self.refresh())
        page.players.names_changed.connect(self.refresh)
        self.refresh()

    def deal(self) -> Any:
        return setup(self.seed, self.page.players.count(), self.page.players.names())

    def new_deal(self) -> None:
        """Another deal; a tracker that has not begun starts again with its first player."""
        self.seed = random.randrange(10_000)
        self.refresh()
        tracker = getattr(self.page, "tracker_tab", None)
        if tracker is not None and not tracker.started():
            tracker.restart()

    def refresh(self) -> None:
        self.seed_label.setText(tr(f"Deal no. {self.seed}", f"準備番号 {self.seed}"))
        self.steps.clear()
        self.steps.addItems([f"{k}. {line}" for k, line in
                             enumerate(self.deal().lines(language().code), start=1)])

    def export_pdf(self, path: Path) -> None:
        from companion.games.mokzo.printing import blank_sheets

        players = self.page.players
        write_pdf(blank_sheets(players.count(), list(players.names()), language().code), path)

    def retranslate(self) -> None:
        self.refresh()


# --- the tracker ------------------------------------------------------------------------------
class TrackerTab(TableTab):
    """Every player's resources, square and cards; the player to move and what is left to do."""

    title = ("Tracker", "記録")
    savable = True
    printing = Printing("mokzo-tracking.pdf",
                        ("Print a tracking sheet…", "記録表を印刷…"))
    page: MokzoTablePage
    undo_stack: QUndoStack

    def __init__(self, page: MokzoTablePage) -> None:
        super().__init__(page)
        self.undo_stack = QUndoStack(self)
        self.model: MokzoTracker = self._fresh()
        self.halvings = 0
        self.board = words(RoadBoard(self), "The road", "街道", "setAccessibleName")
        self.board.setMaximumSize(400, 400)
        self.turn_label = QLabel(self)
        self.turn_label.setWordWrap(True)
        font = self.turn_label.font()
        font.setBold(True)
        self.turn_label.setFont(font)
        self.guide = QLabel(self)
        self.guide.setWordWrap(True)
        self.table = words(SeatTable(self, fit=False), "Players' stocks", "各プレイヤーの資源",
                           "setAccessibleName")
        self.table.setTabKeyNavigation(False)  # arrows within the table; Tab goes on
        self.tools = self._build_tools()
        left = laid_out(QVBoxLayout(), self.turn_label, self.guide, self.tools, 1)
        right = laid_out(QVBoxLayout(), (self.board, 3), (self.table, 2))
        self.body = laid_out(QBoxLayout(QBoxLayout.Direction.LeftToRight, self),
                             (left, 2), (right, 3))
        page.players.count_changed.connect(lambda _n: self.restart())
        page.players.names_changed.connect(self._names_changed)
        self.refresh()

    def _fresh(self) -> MokzoTracker:
        players = self.page.players
        names = names_or_seats(players.names(), players.count(), language().code)
        return new_tracker(names, self.page.deal_tab.deal().first
                           if hasattr(self.page, "deal_tab") else 0)

    def _build_tools(self) -> QWidget:
        box = QWidget(self)
        grid = QVBoxLayout(box)
        grid.setContentsMargins(0, 0, 0, 0)
        whose = QHBoxLayout()
        self.seat_combo = QComboBox(box)
        self.seat_combo.setObjectName("mokzo_seat")
        self.seat_combo.currentIndexChanged.connect(lambda _i: self._show_cards())
        whose.addWidget(words(QLabel(box), "Player", "プレイヤー"))
        whose.addWidget(self.seat_combo, 1)
        grid.addLayout(whose)

        resources = words(QGroupBox(box), "米 and 銭", "米と銭", "setTitle")
        rows = QGridLayout(resources)
        for column, (en, ja, step) in enumerate((
                ("米 −1", "米 −1", lambda s: self.model.gain(s, rice=-1)),
                ("米 +1", "米 +1", lambda s: self.model.gain(s, rice=1)),
                ("米 +5", "米 +5", lambda s: self.model.gain(s, rice=5)),
                ("銭 −1", "銭 −1", lambda s: self.model.gain(s, money=-1)),
                ("銭 +1", "銭 +1", lambda s: self.model.gain(s, money=1)),
                ("5 米 → 1 銭", "5米 → 1銭", lambda s: self.model.exchange(s, 1)))):
            button = words(QPushButton(resources), en, ja)
            button.setObjectName(f"mokzo_res:{column}")
            button.clicked.connect(lambda _=False, f=step, t=en: self._for_seat(f, t))
            rows.addWidget(button, column // 3, column % 3)
        grid.addWidget(resources)

        cards = words(QGroupBox(box), "Cards", "札", "setTitle")
        card_layout = QGridLayout(cards)
        self.colour_combo = QComboBox(cards)
        self.colour_combo.addItems(list(COLOURS))
        self._name_colours()
        self.rank_combo = QComboBox(cards)
        self.rank_combo.addItems(list(RANKS))
        place = words(QPushButton(cards), "Place (pay)", "設置(支払う)")
        place.setObjectName("mokzo_place")
        place.clicked.connect(lambda: self._for_seat(
            lambda s: self.model.place(s, self.chosen_card()), "place"))
        discard = words(QPushButton(cards), "Discard for 2 米", "捨てて2米")
        discard.clicked.connect(lambda: self._for_seat(
            lambda s: self.model.discard_for_rice(s), "discard"))
        self.placed_combo = QComboBox(cards)
        self.placed_combo.setObjectName("mokzo_placed")
        mark = words(QPushButton(cards), "Marker", "マーカー")
        mark.clicked.connect(lambda: self._on_card(self.model.mark, "mark"))
        remove = words(QPushButton(cards), "Remove", "取り除く")
        remove.clicked.connect(lambda: self._on_card(self.model.remove, "remove"))
        dismantle = words(QPushButton(cards), "Dismantle (pay)", "解体(支払う)")
        dismantle.clicked.connect(lambda: self._on_card(self.model.dismantle, "dismantle"))
        card_layout.addWidget(self.colour_combo, 0, 0)
        card_layout.addWidget(self.rank_combo, 0, 1)
        card_layout.addWidget(place, 0, 2)
        card_layout.addWidget(discard, 0, 3)
        card_layout.addWidget(self.placed_combo, 1, 0, 1, 2)
        card_layout.addWidget(mark, 1, 2)
        card_layout.addWidget(remove, 1, 3)
        card_layout.addWidget(dismantle, 2, 2, 1, 2)
        grid.addWidget(cards)

        piece = words(QGroupBox(box), "Piece", "駒", "setTitle")
        piece_layout = QGridLayout(piece)
        move_rice = words(QPushButton(piece), "Move, paying 米", "米で進む")
        move_rice.setObjectName("mokzo_move_rice")
        move_rice.clicked.connect(lambda: self._for_seat(
            lambda s: self.model.move(s, RICE, self.halvings), "move 米"))
        move_money = words(QPushButton(piece), "Move, paying 銭", "銭で進む")
        move_money.clicked.connect(lambda: self._for_seat(
            lambda s: self.model.move(s, MONEY, self.halvings), "move 銭"))
        advance = words(QPushButton(piece), "Advance (皇, 巫 4+)", "前進(皇・巫4以上)")
        advance.clicked.connect(lambda: self._for_seat(self.model.advance, "advance"))
        self.halve_button = words(QPushButton(piece), "巫 3 or less: halve", "巫3以下: 半額")
        self.halve_button.setCheckable(True)
        self.halve_button.toggled.connect(self._halve)
        self.square_spin = QSpinBox(piece)
        self.square_spin.setRange(0, 24)
        put = words(QPushButton(piece), "Put on square", "このマスに置く")
        put.clicked.connect(lambda: self._for_seat(
            lambda s: self.model.set_square(s, self.square_spin.value()), "square"))
        piece_layout.addWidget(move_rice, 0, 0)
        piece_layout.addWidget(move_money, 0, 1)
        piece_layout.addWidget(advance, 1, 0)
        piece_layout.addWidget(self.halve_button, 1, 1)
        piece_layout.addWidget(self.square_spin, 2, 0)
        piece_layout.addWidget(put, 2, 1)
        grid.addWidget(piece)

        turn_row = QHBoxLayout()
        self.end_button = words(QPushButton(box), "End the turn", "手番を終える")
        self.end_button.setObjectName("mokzo_end_turn")
        self.end_button.setMinimumHeight(36)
        self.end_button.clicked.connect(lambda: self._apply(self.model.end_turn, "end"))
        self.restart_button = words(QPushButton(box), "New game", "新しいゲーム")
        self.restart_button.clicked.connect(self.restart)
        self.page.bind(self, "Ctrl+Return", self.end_button)
        self.page.bind(self, "Ctrl+N", self.restart_button)
        turn_row.addWidget(self.end_button, 1)
        turn_row.addWidget(self.restart_button)
        grid.addLayout(turn_row)
        self.cards_box = QGroupBox(box)
        self.cards_grid = QGridLayout(self.cards_box)
        grid.addWidget(self.cards_box)
        return box

    # --- entries ------------------------------------------------------------------------------
    def seat(self) -> int:
        return max(0, self.seat_combo.currentIndex())

    def chosen_card(self) -> Card:
        return Card(COLOURS[self.colour_combo.currentIndex()],
                    RANKS[self.rank_combo.currentIndex()])

    def _for_seat(self, step: Callable[[int], MokzoTracker], text: str) -> None:
        seat = self.seat()
        self._apply(lambda: step(seat), text)

    def _on_card(self, step: Callable[[int, int], MokzoTracker], text: str) -> None:
        seat, index = self.seat(), self.placed_combo.currentIndex()
        if index < 0:
            self.say("This player has no card placed.", "このプレイヤーは札を置いていません。")
            return
        self._apply(lambda: step(seat, index), text)

    def _apply(self, make: Callable[[], MokzoTracker], text: str) -> None:
        try:
            after = make()
        except TableError as exc:
            self.say(str(exc), exc.text("ja"))
            return
        self.page.status.clear_message()
        if text == "end":
            self.halve_button.setChecked(False)
        self.undo_stack.push(ReplaceState(self.model, after, self.set_model, text))

    def set_model(self, model: MokzoTracker) -> None:
        mover_changed = model.mover != self.model.mover
        self.model = model
        if mover_changed:
            self.seat_combo.setCurrentIndex(model.mover)
        self.refresh()
        self.edited.emit()

    def restart(self) -> None:
        self.undo_stack.push(ReplaceState(self.model, self._fresh(), self.set_model, "new"))

    def started(self) -> bool:
        """Something was entered since the tracker began."""
        model = self.model
        return model.round > 1 or model.mover != model.first or any(
            p.rice or p.money or p.square or p.cards for p in model.players)

    def _halve(self, on: bool) -> None:
        self.halvings = 1 if on else 0
        self.refresh()

    def _names_changed(self) -> None:
        from dataclasses import replace

        names = names_or_seats(self.page.players.names(), len(self.model.players),
                               language().code)
        self.model = replace(self.model, players=tuple(
            replace(p, name=n) for p, n in zip(self.model.players, names, strict=False)))
        self.refresh()
        self.edited.emit()

    # --- showing ------------------------------------------------------------------------------
    def refresh(self) -> None:
        model, lang = self.model, language().code
        names = [p.name for p in model.players]
        current = self.seat_combo.currentIndex()
        self.seat_combo.blockSignals(True)
        self.seat_combo.clear()
        self.seat_combo.addItems(names)
        self.seat_combo.setCurrentIndex(current if 0 <= current < len(names) else model.mover)
        self.seat_combo.blockSignals(False)
        who = isolate(names[model.mover])
        if model.is_over():
            winner = isolate(names[model.winner or 0])
            self.turn_label.setText(tr(f"{winner} reached 皇山 and wins!",
                                       f"{winner} が皇山に着きました。勝利!"))
            self.guide.setText("")
        else:
            self.turn_label.setText(tr(f"Round {model.round} · {who}'s turn",
                                       f"第 {model.round} ラウンド · {who} さんの手番"))
            self.guide.setText("\n".join(model.guide(self.halvings).lines(lang)))
        self.end_button.setEnabled(not model.is_over())
        self.board.show_pieces([p.square for p in model.players],
                               -1 if model.is_over() else model.mover)
        self._show_table()
        self._show_cards()
        self.changed.emit()

    def _show_table(self) -> None:
        columns = [("米", tr("Rice", "米")), ("銭", tr("Money", "銭")),
                   (tr("Sq.", "マス"), tr("Square on the road (★ 皇処)", "道のマス(★ 皇処)")),
                   (tr("Cards", "札"), tr("Cards placed, ● per marker", "置いた札、● はマーカー"))]
        self.table.fill(columns, [
            (seat, p.name, [str(p.rice), str(p.money), square_label(p.square),
                            " ".join(f"{c.card}{'●' * c.markers}" for c in p.cards)])
            for seat, p in enumerate(self.model.players)])

    def _show_cards(self) -> None:
        seat = self.seat()
        if seat >= len(self.model.players):
            return
        player = self.model.players[seat]
        self.placed_combo.clear()
        code = language().code
        self.placed_combo.addItems([f"{k + 1}. {card_text(c.card, code)}{'●' * c.markers}"
                                    for k, c in enumerate(player.cards)])
        self.cards_box.setTitle(tr(f"Placed by {player.name}", f"{player.name} が置いた札"))
        clear_layout(self.cards_grid)
        for k, c in enumerate(player.cards):
            card = tile(self.cards_box, c.card, c.markers, not c.fresh)
            self.cards_grid.addWidget(card, k // PER_ROW, k % PER_ROW)
            card.show()
        self.square_spin.setValue(player.square)

    # --- the page's buttons -------------------------------------------------------------------
    def save_problem(self) -> str | None:
        if not self.model.is_over():
            return tr("Finish the game first: Save to history opens once a piece reaches 皇山.",
                      "先にゲームを終えてください: 駒が皇山に着くと履歴に保存できます。")
        return self.page.players.names_problem()

    def play_record(self) -> PlayRecord:
        return self.model.to_play_record()

    def export_pdf(self, path: Path) -> None:
        from companion.export.sheets import blank_sheet

        players = self.page.players
        write_pdf([blank_sheet("mokzo", players.count(), list(players.names()),
                               language().code)], path)

    def retranslate(self) -> None:
        self._name_colours()
        self.refresh()

    def _name_colours(self) -> None:
        """The colour choice in the interface's language (赤 黒, red black)."""
        code = language().code
        for index, colour in enumerate(COLOURS):
            self.colour_combo.setItemText(index, card_text(Card(colour, ""), code).strip())

    def resizeEvent(self, event: Any) -> None:
        stack_when_narrow(self.body, self.width(), NARROW)
        super().resizeEvent(event)


# --- the card effects -------------------------------------------------------------------------
class EffectsTab(TableTab):
    """Every card: cost, copies per colour, when it acts, what it does; the general rules."""

    title = ("Card effects", "札の効果")
    printing = Printing("mokzo-card-effects.pdf",
                        ("Print the card effects…", "札の効果を印刷…"))

    def __init__(self, page: TablePage) -> None:
        super().__init__(page)
        self.table = words(QTableWidget(self), "Card effects", "札の効果", "setAccessibleName")
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        self.table.setMinimumHeight(260)
        header.sectionResized.connect(lambda *_: self.table.resizeRowsToContents())
        self.notes = QLabel(self)
        self.notes.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.notes)
        self.refresh()

    def refresh(self) -> None:
        lang = language().code
        headers = [tr("Card", "札"), tr("Cost", "コスト"), tr("Per colour", "各色"),
                   tr("When", "いつ"), tr("Effect", "効果")]
        self.table.setColumnCount(len(headers))
        self.table.setHorizontalHeaderLabels(headers)
        self.table.setRowCount(len(EFFECTS))
        for row, effect in enumerate(EFFECTS):
            en, ja = TIMING[effect.timing]
            for column, value in enumerate((effect.rank, str(effect.cost), str(effect.copies),
                                            ja if lang == "ja" else en, effect.text(lang))):
                item = QTableWidgetItem(value)
                if column == 0:
                    font = item.font()
                    font.setBold(True)
                    font.setPointSizeF(font.pointSizeF() * 1.3)
                    item.setFont(font)
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                self.table.setItem(row, column, item)
        self.table.resizeRowsToContents()
        self.notes.setText("\n".join(ja if lang == "ja" else en for ja, en in NOTES))

    def export_pdf(self, path: Path) -> None:
        from companion.games.mokzo.printing import reference_sheet

        write_pdf([reference_sheet(language().code)], path)

    def retranslate(self) -> None:
        self.refresh()


# --- the page ---------------------------------------------------------------------------------
class MokzoTablePage(TablePage):
    """The players in the header; Deal, Tracker and Card effects as tabs."""

    def __init__(self, ctx: AppContext | None, game_id: str = "mokzo") -> None:
        super().__init__(ctx, game_id)
        self.players = PlayersBox(2, 4, self, start=2)
        self.set_header(self.players)
        self.deal_tab = DealTab(self)
        self.add_tab(self.deal_tab)
        self.tracker_tab = TrackerTab(self)
        self.add_tab(self.tracker_tab)
        self.add_tab(EffectsTab(self))


def table_view(ctx: AppContext | None, game_id: str = "mokzo") -> MokzoTablePage:
    return MokzoTablePage(ctx, game_id)
