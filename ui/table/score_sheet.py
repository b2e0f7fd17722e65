"""The generic table score sheet for any game: players as columns, the game's score categories
as rows, the total, rank and winner updating as scores are typed. Every edit of names and
scores is undoable (Ctrl+Z / Ctrl+Shift+Z); what is not a number (or what the game refuses,
e.g. a negative count) is refused with a sentence on the status line. It is a `TableTab`: its
page saves it to the history and prints the filled sheet.
"""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QDateTime,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
    QTime,
    Signal,
)
from PySide6.QtGui import QBrush, QColor, QFont, QUndoCommand, QUndoStack
from PySide6.QtWidgets import (
    QAbstractItemView,
    QBoxLayout,
    QComboBox,
    QCompleter,
    QDateTimeEdit,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from companion.history import PlayRecord, WinMode
from companion.other_games import is_other_game
from companion.scoresheet import ScoreSheet
from companion.winning import WIN_MODE_NAMES, win_mode_name
from ui.context import AppContext
from ui.i18n import language, tr
from ui.play.widgets import isolate, words
from ui.table.frame import Printing, TablePage, TableTab
from ui.table.weak import weak_listener

WINNER_BRUSH = QBrush(QColor("#fff3c4"))
#: From this width on, a game's tools stand beside the sheet instead of below it.
WIDE = 820
_Index = QModelIndex | QPersistentModelIndex


def format_score(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def parse_score(text: str) -> float | None:
    """A typed score ("12", "-3", "2.5", "１２", "" for empty); ValueError otherwise."""
    cleaned = text.strip().translate(str.maketrans("０１２３４５６７８９．－", "0123456789.-"))
    cleaned = cleaned.replace("−", "-").replace(",", ".")
    return None if not cleaned else float(cleaned)


# --- undo commands (a few lines each; they call the sheet's methods only) --------------------
class SetScore(QUndoCommand):
    def __init__(self, sheet: ScoreSheet, player: int, key: str, value: float | None) -> None:
        super().__init__(f"score {player} {key}")
        self.sheet, self.player, self.key, self.new = sheet, player, key, value
        self.old = sheet.score(player, key)

    def redo(self) -> None:
        self.sheet.set_score(self.player, self.key, self.new)

    def undo(self) -> None:
        self.sheet.set_score(self.player, self.key, self.old)


class RenamePlayer(QUndoCommand):
    def __init__(self, sheet: ScoreSheet, player: int, name: str) -> None:
        super().__init__(f"rename {player}")
        self.sheet, self.player, self.new = sheet, player, name
        self.old = sheet.players[player]

    def redo(self) -> None:
        self.sheet.rename_player(self.player, self.new)

    def undo(self) -> None:
        self.sheet.rename_player(self.player, self.old)


class AddPlayer(QUndoCommand):
    def __init__(self, sheet: ScoreSheet, name: str = "") -> None:
        super().__init__("add player")
        self.sheet, self.name = sheet, name

    def redo(self) -> None:
        self.sheet.add_player(self.name)

    def undo(self) -> None:
        self.sheet.remove_player(len(self.sheet.players) - 1)


class RemovePlayer(QUndoCommand):
    def __init__(self, sheet: ScoreSheet, player: int) -> None:
        super().__init__(f"remove {player}")
        self.sheet, self.player = sheet, player
        self.saved = (list(sheet.players), dict(sheet.scores))

    def redo(self) -> None:
        self.sheet.remove_player(self.player)

    def undo(self) -> None:
        self.sheet.players[:] = self.saved[0]
        self.sheet.scores = dict(self.saved[1])
        self.sheet.rename_player(0, self.sheet.players[0])  # tells the listeners


# --- the Qt model ---------------------------------------------------------------------------
class ScoreSheetModel(QAbstractTableModel):
    """Rows: the player's name, each category, total, rank. Columns: the players.
    Edits become undo commands; the model resets whenever the sheet announces a change.
    A typed value that cannot stand is not entered: `refused(english, japanese)` says why."""

    refused = Signal(str, str)

    def __init__(self, sheet: ScoreSheet, undo_stack: QUndoStack,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.sheet, self.undo_stack = sheet, undo_stack
        self._shape = (self.rowCount(), self.columnCount())
        sheet.listeners.append(weak_listener(self._sheet_changed))

    def _sheet_changed(self) -> None:
        shape = (self.rowCount(), self.columnCount())
        if shape != self._shape:  # a player came or went: rebuild
            self._shape = shape
            self.beginResetModel()
            self.endResetModel()
        elif shape[0] and shape[1]:  # values changed: totals, ranks and colours follow
            self.dataChanged.emit(self.index(0, 0), self.index(shape[0] - 1, shape[1] - 1))

    # rows: 0 = name, 1..n = categories, n+1 = total, n+2 = rank
    def name_row(self) -> int:
        return 0

    def total_row(self) -> int:
        return len(self.sheet.categories) + 1

    def rank_row(self) -> int:
        return len(self.sheet.categories) + 2

    def category_at(self, row: int) -> str | None:
        if 1 <= row <= len(self.sheet.categories):
            return self.sheet.categories[row - 1][0]
        return None

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.sheet.categories) + 3

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.sheet.players)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if orientation == Qt.Orientation.Horizontal:
            return str(section + 1)
        if section == self.name_row():
            return tr("Player", "プレイヤー")
        if section == self.total_row():
            return tr("Total", "合計")
        if section == self.rank_row():
            return tr("Rank", "順位")
        _, ja, en = self.sheet.categories[section - 1]
        return tr(en, ja)

    def flags(self, index: _Index) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        if index.row() == self.name_row() or self.category_at(index.row()) is not None:
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        row, player = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            if row == self.name_row():
                return self.sheet.players[player]
            if row == self.total_row():
                if not self.sheet.has_scores():
                    return ""
                return format_score(self.sheet.total(player))
            if row == self.rank_row():
                if not self.sheet.has_scores():
                    return ""
                rank = str(self.sheet.ranks()[player])
                return rank + (" ★" if player in self.sheet.winner_indexes() else "")
            key = self.category_at(row)
            return format_score(self.sheet.score(player, key)) if key else None
        if role == Qt.ItemDataRole.BackgroundRole and player in self.sheet.winner_indexes():
            return WINNER_BRUSH
        if role == Qt.ItemDataRole.FontRole and row in (self.total_row(), self.rank_row(),
                                                         self.name_row()):
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.TextAlignmentRole and row != self.name_row():
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def setData(self, index: _Index, value: Any,
                role: int = Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        player = index.column()
        if index.row() == self.name_row():
            name = str(value).strip()
            if name == self.sheet.players[player]:
                return False
            self.undo_stack.push(RenamePlayer(self.sheet, player, name))
            return True
        key = self.category_at(index.row())
        if key is None:
            return False
        typed = str(value).strip()
        try:
            score = parse_score(typed)
        except ValueError:
            self.refused.emit(f"“{typed}” is not a number: the score was not entered.",
                              f"「{typed}」は数ではありません。得点は入力されませんでした。")
            return False
        if score is not None:
            refusal = (self.sheet.refusal(key, score, "en"), self.sheet.refusal(key, score, "ja"))
            if refusal[0] is not None:
                self.refused.emit(refusal[0], refusal[1] or refusal[0])
                return False
        if score == self.sheet.score(player, key):
            return False
        self.undo_stack.push(SetScore(self.sheet, player, key, score))
        return True


class NameDelegate(QStyledItemDelegate):
    """Player names are typed, with the known players offered as completions (a person picks
    from the Players list or writes a new name)."""

    def __init__(self, names: list[str], model: ScoreSheetModel, parent: QWidget) -> None:
        super().__init__(parent)
        self.names, self.model = names, model

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: _Index) -> QWidget:
        editor = super().createEditor(parent, option, index)
        if index.row() == self.model.name_row() and isinstance(editor, QLineEdit):
            completer = QCompleter(self.names, editor)
            completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
            completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion
                                        if not editor.text() else
                                        QCompleter.CompletionMode.PopupCompletion)
            editor.setCompleter(completer)
            editor.setPlaceholderText(tr("name", "名前"))
        return editor


def known_player_names(ctx: AppContext | None) -> list[str]:
    """Names from the Players list (empty when the database offers none)."""
    if ctx is None:
        return []
    try:
        import db

        return [p.name for p in db.list_players(ctx.db)]
    except Exception:
        return []


class ScoreSheetTab(TableTab):
    """The score sheet of the table companion, for any registered game: a tab of a
    `TablePage` (which gives it Undo/Redo, Print and Save to history)."""

    title = ("Score sheet", "得点表")
    undo_stack: QUndoStack
    printing = Printing()
    savable = True
    corrects_saved_play = True

    def __init__(self, page: TablePage, players: int | None = None,
                 sheet: ScoreSheet | None = None) -> None:
        super().__init__(page)
        self.ctx, self.game_id = page.ctx, page.game_id
        self.printing = Printing(f"{self.game_id}-score.pdf")
        if sheet is None:
            sheet = ScoreSheet.for_game(self.game_id,
                                        [""] * (players or _default_players(self.game_id)))
        self.sheet = sheet
        #: How a game the app does not know is won (kept by the history; None: the game's own).
        self.win_mode: WinMode | None = _kept_win_mode(self.ctx, self.game_id)
        if self.win_mode in (WinMode.HIGHEST, WinMode.LOWEST):
            sheet.set_win_mode(self.win_mode)
        self.undo_stack = QUndoStack(self)
        self.model = ScoreSheetModel(self.sheet, self.undo_stack, self)
        self.model.refused.connect(self.say)
        self._build()
        self.sheet.listeners.append(weak_listener(self._refresh))

    def _build(self) -> None:
        when = self.sheet.date
        self.date_edit = QDateTimeEdit(QDateTime(QDate(when.year, when.month, when.day),
                                                 QTime(when.hour, when.minute, when.second)), self)
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        self.date_edit.dateTimeChanged.connect(self._date_changed)
        self.place_edit = words(QLineEdit(self.sheet.location, self), "where you played",
                                "遊んだ場所", "setPlaceholderText")
        self.place_edit.textChanged.connect(self.sheet.set_location)
        self.table = words(QTableView(self), "Scores", "得点", "setAccessibleName")
        self.table.setModel(self.model)
        self.table.setTabKeyNavigation(False)  # arrows move between cells; Tab leaves the sheet
        self.table.setItemDelegate(NameDelegate(known_player_names(self.ctx), self.model,
                                                self.table))
        triggers = QAbstractItemView.EditTrigger
        self.table.setEditTriggers(triggers.DoubleClicked | triggers.EditKeyPressed
                                   | triggers.AnyKeyPressed | triggers.SelectedClicked)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setMinimumSectionSize(60)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.setMinimumHeight(200)
        self.add_button = words(QPushButton(self), "Add player", "プレイヤーを追加")
        self.add_button.clicked.connect(lambda: self.undo_stack.push(AddPlayer(self.sheet)))
        self.remove_button = words(QPushButton(self), "Remove player", "プレイヤーを削除")
        self.remove_button.clicked.connect(self._remove_player)
        self.new_play_button = words(QPushButton(self), "New play", "新しい対局")
        self.new_play_button.setObjectName("new_play")
        self.new_play_button.clicked.connect(self.new_play)
        self.page.bind(self, "Ctrl+N", self.new_play_button)
        self.page.bind(self, "Ctrl+Shift+A", self.add_button)
        self.page.bind(self, "Ctrl+Shift+D", self.remove_button)
        self.winner_label = QLabel(self)
        self.winner_label.setWordWrap(True)
        font = self.winner_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.winner_label.setFont(font)
        self.notes_edit = words(QPlainTextEdit(self), "Notes", "メモ", "setAccessibleName")
        self.notes_edit.setMaximumHeight(70)
        self.notes_edit.setTabChangesFocus(True)  # Tab goes on to the next field
        self.notes_edit.textChanged.connect(
            lambda: self.sheet.set_notes(self.notes_edit.toPlainText()))
        self.win_combo = QComboBox(self)
        self.win_combo.setObjectName("sheet_win_mode")
        self.win_combo.activated.connect(self._win_mode_chosen)
        form = QFormLayout()
        form.addRow(words(QLabel(self), "Date", "日付"), self.date_edit)
        form.addRow(words(QLabel(self), "Place", "場所"), self.place_edit)
        self._fill_win_modes()
        if self.win_mode is not None:  # a game the app does not know: the person says
            form.addRow(words(QLabel(self), "Won by", "勝ち方"), self.win_combo)
        else:
            self.win_combo.hide()
        players_row = QHBoxLayout()
        players_row.addWidget(self.add_button)
        players_row.addWidget(self.remove_button)
        players_row.addStretch(1)
        players_row.addWidget(self.new_play_button)
        self.notes_label = words(QLabel(self), "Notes", "メモ")
        main = QVBoxLayout()
        main.addLayout(players_row)
        main.addWidget(self.table, 1)
        main.addWidget(self.winner_label)
        main.addWidget(self.notes_label)
        main.addWidget(self.notes_edit)
        #: A game's own tools beside the sheet (below it when the window is narrow).
        self.side = QVBoxLayout()
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.body.addLayout(main, 3)
        self.body.addLayout(self.side, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addLayout(self.body, 1)

    def resizeEvent(self, event: Any) -> None:
        narrow = self.width() < WIDE
        self.body.setDirection(QBoxLayout.Direction.TopToBottom if narrow
                               else QBoxLayout.Direction.LeftToRight)
        super().resizeEvent(event)

    def retranslate(self) -> None:
        self.model.headerDataChanged.emit(Qt.Orientation.Vertical, 0, self.model.rowCount() - 1)
        self._fill_win_modes()
        self._refresh()

    def _fill_win_modes(self) -> None:
        self.win_combo.clear()
        for mode, (en, ja) in WIN_MODE_NAMES.items():
            self.win_combo.addItem(tr(en, ja), mode.value)
        if self.win_mode is not None:
            self.win_combo.setCurrentIndex(self.win_combo.findData(self.win_mode.value))

    def _win_mode_chosen(self, *_: object) -> None:
        """Another way of winning for this game (its next plays start with it once saved)."""
        self.win_mode = WinMode(self.win_combo.currentData())
        if self.win_mode in (WinMode.HIGHEST, WinMode.LOWEST):
            self.sheet.set_win_mode(self.win_mode)  # ranks and winners follow
        else:
            self._refresh()

    # --- reacting ---------------------------------------------------------------------------
    def _date_changed(self, when: QDateTime) -> None:
        value = when.toPython()
        if isinstance(value, datetime):
            self.sheet.date = value.replace(microsecond=0)

    def new_play(self) -> None:
        """Start the next play with the same players: the saved one stays as it is."""
        self.undo_stack.clear()
        self.sheet.clear_for_new_play()
        when = self.sheet.date
        self.date_edit.setDateTime(QDateTime(QDate(when.year, when.month, when.day),
                                             QTime(when.hour, when.minute, when.second)))
        self.notes_edit.setPlainText("")
        self.page.start_new_play(self)

    def _remove_player(self) -> None:
        if len(self.sheet.players) <= 1:
            return
        column = self.table.currentIndex().column()
        player = column if column >= 0 else len(self.sheet.players) - 1
        self.undo_stack.push(RemovePlayer(self.sheet, player))

    def winner_text(self) -> str:
        names = [isolate(n) or tr(f"Player {i + 1}", f"プレイヤー{i + 1}")
                 for i, n in enumerate(self.sheet.players)]
        winners = [names[i] for i in self.sheet.winner_indexes()]
        if not winners:
            return tr("Winner: —", "勝者: —")
        if len(winners) > 1:
            return tr("Shared victory: " + ", ".join(winners), "同点優勝: " + "、".join(winners))
        return tr(f"Winner: {winners[0]}", f"勝者: {winners[0]}")

    def _refresh(self) -> None:
        self.winner_label.setText(self.winner_text())
        self.remove_button.setEnabled(len(self.sheet.players) > 1)
        self.edited.emit()

    # --- saving and printing ----------------------------------------------------------------
    def save_problem(self) -> str | None:
        if self.win_mode is not None and self.win_mode not in (WinMode.HIGHEST, WinMode.LOWEST):
            name = win_mode_name(self.win_mode, language().code)
            return tr(f"This game is won “{name}”: log its plays with History › Add play.",
                      f"このゲームの勝ち方は「{name}」です。履歴の「対局を記録」から記録して"
                      "ください。")
        problems = self.sheet.problems(language().code)
        return " ".join(problems) if problems else None

    def play_record(self) -> PlayRecord:
        return self.sheet.to_play_record()

    def export_pdf(self, path: Path) -> None:
        """Write the filled sheet to `path` as PDF."""
        from companion.export.pdf import render_sheet
        from companion.export.sheets import play_sheet

        play = self.sheet.to_play_record()
        play.id = self.saved_play_id
        render_sheet(play_sheet(play, language().code), path)


def _kept_win_mode(ctx: AppContext | None, game_id: str) -> WinMode | None:
    """How a game the app does not know is won (the way of its latest play; the highest
    total before its first); None for the app's own games."""
    if not is_other_game(game_id):
        return None
    try:
        import db

        assert ctx is not None
        return db.game_win_mode(ctx.db, game_id) or WinMode.HIGHEST
    except Exception:
        return WinMode.HIGHEST


def _default_players(game_id: str) -> int:
    try:
        from companion.games import registry

        info = registry.get(game_id)
        return max(2, info.min_players)
    except Exception:
        return 2


def generic_table_view(ctx: AppContext | None, game_id: str) -> TablePage:
    """The table page of a game without its own: the score sheet alone."""
    page = TablePage(ctx, game_id)
    page.add_tab(ScoreSheetTab(page))
    return page


def now() -> datetime:
    return datetime.now().replace(microsecond=0)
