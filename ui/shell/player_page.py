"""One player's page (Players › double-click or Enter): plays, wins and win rate, best score
and last play per game; head to head against each other person (who finished ahead, or
neither: a tie, or a co-operative game won or lost together). Every number is an SQL aggregate
(db/profiles.py). A game filter narrows both tables; Enter on a rival opens their page; Back
(Esc, Alt+Left) returns to the list."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.history import PlayerProfile
from ui.context import AppContext
from ui.i18n import language, tr
from ui.shell.common import (
    ElidedLabel,
    MessageLabel,
    format_number,
    game_name,
    heading,
    repo,
)
from ui.shell.statistics import NumberItem

GAME_COLUMNS = (("Game", "ゲーム"), ("Plays", "対局"), ("Wins", "勝ち"), ("Win rate", "勝率"),
                ("Best", "最高点"), ("Last played", "最後のプレイ"))
RIVAL_COLUMNS = (("Against", "対戦相手"), ("Plays", "対局"), ("Ahead", "上位"),
                 ("Behind", "下位"), ("Neither", "引き分け・協力"))

#: A cell: its text and the number it sorts by (None: sorted as text).
Cell = tuple[str, float | None]


def _day(when: datetime | None) -> str:
    return when.strftime("%Y-%m-%d") if when is not None else "—"


def _table(parent: QWidget, name: str, columns: int) -> QTableWidget:
    table = QTableWidget(parent)
    table.setObjectName(name)
    table.setColumnCount(columns)
    table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
    table.setSortingEnabled(True)
    table.verticalHeader().hide()
    table.verticalHeader().setDefaultSectionSize(24)
    header = table.horizontalHeader()
    header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
    header.setMaximumSectionSize(240)  # a long name is cut with "…", its tooltip whole
    header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
    return table


def _fill(table: QTableWidget, rows: list[list[Cell]]) -> None:
    table.setSortingEnabled(False)
    table.setRowCount(len(rows))
    for r, cells in enumerate(rows):
        for c, (text, number) in enumerate(cells):
            item = NumberItem(text) if number is not None else QTableWidgetItem(text)
            if number is not None:
                item.setData(Qt.ItemDataRole.UserRole, number)
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                      | Qt.AlignmentFlag.AlignVCenter)
            else:
                item.setToolTip(text)
            table.setItem(r, c, item)
    table.setSortingEnabled(True)


def _texts(table: QTableWidget) -> list[list[str]]:
    return [[item.text() if (item := table.item(r, c)) is not None else ""
             for c in range(table.columnCount())] for r in range(table.rowCount())]


class PlayerPage(QWidget):
    """The page of the player `show(name)` was given."""

    back = Signal()
    rival_chosen = Signal(str)

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.setObjectName("player_page")
        self.name = ""
        self.profile: PlayerProfile | None = None
        self._played: list[str] = []  # the games in the filter: those the player played
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("player_back")
        self.back_button.clicked.connect(self.back.emit)
        self.title = ElidedLabel(self)
        self.title.setObjectName("player_name")
        self.title.setFont(heading(self, 1.4).font())
        self.game_label = QLabel(self)
        self.game_filter = QComboBox(self)
        self.game_filter.setObjectName("player_game")
        self.game_filter.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.game_filter.setMinimumContentsLength(14)
        self.game_filter.currentIndexChanged.connect(self._game_changed)
        self.summary = QLabel(self)
        self.summary.setObjectName("player_summary")
        self.summary.setWordWrap(True)
        self.games_label, self.rivals_label = heading(self, 1.05), heading(self, 1.05)
        self.games = _table(self, "player_games", len(GAME_COLUMNS))
        self.rivals = _table(self, "player_rivals", len(RIVAL_COLUMNS))
        self.rivals.doubleClicked.connect(lambda _index: self.open_rival())
        self.note = QLabel(self)
        self.note.setObjectName("player_note")
        self.note.setWordWrap(True)
        self.note.setStyleSheet("color: #6b5d45;")
        self.error_label = MessageLabel(self)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.setChildrenCollapsible(False)
        for label, table in ((self.games_label, self.games), (self.rivals_label, self.rivals)):
            part = QWidget(splitter)
            column = QVBoxLayout(part)
            column.setContentsMargins(0, 0, 0, 0)
            column.addWidget(label)
            column.addWidget(table, 1)
            splitter.addWidget(part)
        header = QHBoxLayout()
        header.addWidget(self.back_button)
        header.addWidget(self.title, 1)
        header.addWidget(self.game_label)
        header.addWidget(self.game_filter)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(header)
        layout.addWidget(self.summary)
        layout.addWidget(self.error_label)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.note)
        self._keys(((QKeySequence("Escape"), self.back.emit),
                    (QKeySequence("Alt+Left"), self.back.emit)))
        for key in ("Return", "Enter"):
            shortcut = QShortcut(QKeySequence(key), self.rivals)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(self.open_rival)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def _keys(self, keys: tuple[tuple[QKeySequence, Callable[[], object]], ...]) -> None:
        for sequence, slot in keys:
            shortcut = QShortcut(sequence, self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)

    def retranslate(self, *_: object) -> None:
        self.back_button.setText(tr("← Players", "← プレイヤー"))
        self.back_button.setToolTip(tr("Back to the list (Esc)", "一覧に戻る (Esc)"))
        self.game_label.setText(tr("Game", "ゲーム"))
        self.games_label.setText(tr("By game", "ゲーム別"))
        self.rivals_label.setText(tr("Head to head (Enter: their page)",
                                     "対戦成績（Enter で相手のページ）"))
        self.games.setHorizontalHeaderLabels([tr(en, ja) for en, ja in GAME_COLUMNS])
        self.rivals.setHorizontalHeaderLabels([tr(en, ja) for en, ja in RIVAL_COLUMNS])
        if self.name:
            self._fill_games()
            self._show()

    # --- loading ----------------------------------------------------------------------------
    def show_player(self, name: str) -> None:
        """Read and show `name`'s page (all games)."""
        self.name = name
        self.title.setText(name)
        self.game_filter.blockSignals(True)
        self.game_filter.setCurrentIndex(0)
        self.game_filter.blockSignals(False)
        self.reload(all_games=True)
        self.games.setFocus()

    def _game_changed(self, *_: object) -> None:
        self.reload()

    def reload(self, all_games: bool = False) -> None:
        if not self.name or self.ctx.db is None:
            return
        game = None if all_games else (self.game_filter.currentData() or None)
        try:
            profile = repo().player_profile(self.ctx.db, self.name, game_id=game)
        except Exception as exc:
            self.error_label.setText(tr(f"The player's numbers could not be read: {exc}",
                                        f"プレイヤーの成績を読み込めませんでした: {exc}"))
            return
        self.error_label.setText("")
        if profile is None:  # renamed or merged meanwhile
            self.back.emit()
            return
        self.profile = profile
        if all_games:
            self._played = [g.game_id for g in profile.games]
            self._fill_games()
        self._show()

    def _fill_games(self) -> None:
        current = self.game_filter.currentData()
        self.game_filter.blockSignals(True)
        self.game_filter.clear()
        self.game_filter.addItem(tr("All games", "すべてのゲーム"), "")
        for game_id in sorted(self._played, key=game_name):
            self.game_filter.addItem(game_name(game_id), game_id)
        self.game_filter.setCurrentIndex(max(0, self.game_filter.findData(current or "")))
        self.game_filter.blockSignals(False)

    def _show(self) -> None:
        profile = self.profile
        if profile is None:
            return
        last = _day(profile.last_played)
        self.summary.setText(tr(
            f"{profile.plays} plays · {profile.wins} wins ({profile.win_rate:.0%}) · "
            f"last played {last}",
            f"{profile.plays} 局 · {profile.wins} 勝（勝率 {profile.win_rate:.0%}）· "
            f"最後のプレイ {last}"))
        _fill(self.games, [self._game_cells(g) for g in profile.games])
        _fill(self.rivals, [[(h.opponent, None), (str(h.plays), h.plays),
                             (str(h.wins), h.wins), (str(h.losses), h.losses),
                             (str(h.shared), h.shared)] for h in profile.rivals])
        coop = any(g.cooperative for g in profile.games)
        self.note.setText(tr(
            "“Ahead” counts plays where this player finished ahead of the other, “Neither” "
            "ties" + (" and co-operative games (★), won or lost together." if coop else "."),
            "「上位」はこのプレイヤーが相手より上の順位だった対局、「引き分け・協力」は同順位"
            + ("と、全員で勝つか負ける協力ゲーム（★）の対局です。" if coop else "の対局です。")))

    def _game_cells(self, tally: Any) -> list[Cell]:
        name = game_name(tally.game_id) + (" ★" if tally.cooperative else "")
        return [(name, None), (str(tally.plays), tally.plays), (str(tally.wins), tally.wins),
                (f"{tally.win_rate:.0%}", tally.win_rate),
                (format_number(tally.best_score), tally.best_score or 0.0),
                (_day(tally.last_played), (tally.last_played.timestamp()
                                          if tally.last_played else 0.0))]

    # --- reading (tests, people) ------------------------------------------------------------
    def game_rows(self) -> list[list[str]]:
        return _texts(self.games)

    def rival_rows(self) -> list[list[str]]:
        return _texts(self.rivals)

    def open_rival(self) -> None:
        """The selected rival's own page."""
        rows = self.rivals.selectionModel().selectedRows()
        item = self.rivals.item(rows[0].row(), 0) if rows else None
        if item is not None:
            self.rival_chosen.emit(item.text())

