"""Players: everybody in the history with their number of plays; rename a player, or merge two
entries that are the same person (the second one's plays move to the first). Double-click,
Enter or "Player page" opens a player's page (ui/shell/player_page.py)."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QStackedWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from ui.context import AppContext
from ui.events import events
from ui.i18n import language, reason, tr
from ui.play.widgets import ElidedLabel
from ui.shell.common import (
    ERROR_STYLE,
    OK_STYLE,
    EmptyState,
    confirm,
    go_to_library,
    heading,
    library_button,
    organiser_refusal,
    repo,
    short_name,
)


class PlayersPage(QWidget):
    """The players list with rename and merge."""

    def __init__(self, ctx: AppContext, window: Any = None) -> None:
        super().__init__()
        self.ctx, self.window_ = ctx, window
        self.players: list[Any] = []
        self._dirty = True
        self.title = heading(self)
        self.table = QTableWidget(self)
        self.table.setObjectName("players_table")
        self.table.setColumnCount(2)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setSectionResizeMode(
            1, QHeaderView.ResizeMode.ResizeToContents)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        for key in ("Return", "Enter"):
            shortcut = QShortcut(QKeySequence(key), self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(self.open_selected)
        self.page_button = QPushButton(self)
        self.page_button.setObjectName("open_player")
        self.page_button.clicked.connect(self.open_selected)

        self.rename_box = QGroupBox(self)
        self.new_name = QLineEdit(self.rename_box)
        self.new_name.setObjectName("new_name")
        self.new_name.returnPressed.connect(self.rename)
        self.rename_button = QPushButton(self.rename_box)
        self.rename_button.setObjectName("rename")
        self.rename_button.clicked.connect(self.rename)
        self.new_name_label = QLabel(self.rename_box)
        rename_form = QFormLayout(self.rename_box)
        rename_row = QHBoxLayout()
        rename_row.addWidget(self.new_name, 1)
        rename_row.addWidget(self.rename_button)
        rename_form.addRow(self.new_name_label, rename_row)

        self.merge_box = QGroupBox(self)
        self.merge_target = QComboBox(self.merge_box)
        self.merge_target.setObjectName("merge_target")
        self.merge_target.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.merge_target.setMinimumContentsLength(6)  # a long name must not widen the page
        self.merge_button = QPushButton(self.merge_box)
        self.merge_button.setObjectName("merge")
        self.merge_button.clicked.connect(self.merge)
        self.merge_hint = QLabel(self.merge_box)
        self.merge_hint.setWordWrap(True)
        self.merge_label = QLabel(self.merge_box)
        merge_form = QFormLayout(self.merge_box)
        merge_row = QHBoxLayout()
        merge_row.addWidget(self.merge_target, 1)
        merge_row.addWidget(self.merge_button)
        merge_form.addRow(self.merge_label, merge_row)
        merge_form.addRow(self.merge_hint)

        self.status = QLabel(self)
        self.status.setObjectName("players_status")
        self.status.setWordWrap(True)
        self.selected_label = ElidedLabel("", self)
        self.selected_label.setObjectName("selected_player")
        self.selected_label.setFont(heading(self, 1.1).font())
        side = QVBoxLayout()
        side.addWidget(self.selected_label)
        side.addWidget(self.page_button)
        side.addWidget(self.rename_box)
        side.addWidget(self.merge_box)
        side.addWidget(self.status)
        side.addStretch(1)
        side_widget = QWidget(self)
        side_widget.setLayout(side)
        side_widget.setMinimumWidth(320)
        lists = QWidget(self)
        body = QHBoxLayout(lists)
        body.setContentsMargins(0, 0, 0, 0)
        body.addWidget(self.table, 3)
        body.addWidget(side_widget, 2)
        self.empty_state = EmptyState(self, go_to_library(window))
        from ui.shell.player_page import PlayerPage

        self.player_page = PlayerPage(ctx, self)
        self.player_page.back.connect(self.show_list)
        self.player_page.rival_chosen.connect(self.open_player)
        self.body = QStackedWidget(self)
        self.body.addWidget(lists)
        self.body.addWidget(self.empty_state)
        self.body.addWidget(self.player_page)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.body, 1)
        language().changed.connect(self.retranslate)
        events().history_changed.connect(self._history_changed)
        self.retranslate()
        self._selection_changed()

    def retranslate(self, *_: object) -> None:
        self.status.clear()  # what the last rename or merge said, in the language it was said
        self.title.setText(tr("Players", "プレイヤー"))
        self.page_button.setText(tr("Player page…", "プレイヤーのページ…"))
        self.page_button.setToolTip(tr("Plays, wins and head to head (Enter)",
                                       "対局・勝ち・対戦成績 (Enter)"))
        self.table.setHorizontalHeaderLabels([tr("Name", "名前"), tr("Plays", "対局数")])
        self.rename_box.setTitle(tr("Rename", "名前の変更"))
        self.new_name_label.setText(tr("New name", "新しい名前"))
        self.rename_button.setText(tr("Rename", "変更"))
        self.merge_box.setTitle(tr("Merge", "統合"))
        self.merge_label.setText(tr("Merge into", "統合先"))
        self.merge_button.setText(tr("Merge", "統合"))
        self.empty_state.set_text(
            tr("No players yet — play a game or log a table play: everyone who sat at it "
               "appears here, to be renamed or merged.",
               "まだプレイヤーがいません — ゲームを遊ぶか、卓上での対局を記録してください。"
               "参加した人がここに表示され、名前の変更や統合ができます。"),
            library_button())
        self.merge_hint.setText(tr(
            "Use this when one person was entered under two names: every play of the selected "
            "player moves to the other, then the selected name is removed.",
            "同じ人が2つの名前で記録されたときに使います。選んだプレイヤーの対局はすべて統合先に"
            "移り、選んだ名前は削除されます。"))
        self._selection_changed()

    # --- loading ----------------------------------------------------------------------------
    def _history_changed(self) -> None:
        self._dirty = True
        if self.isVisible():
            self.reload()
            if self.body.currentWidget() is self.player_page:
                self.player_page.reload()

    def activated(self) -> None:
        if self._dirty:
            self.reload()

    def reload(self) -> None:
        if self.ctx.db is None:
            return
        self._dirty = False
        selected = self.selected()
        db = repo()
        try:
            self.players = list(db.list_players(self.ctx.db))
            counts = db.player_play_counts(self.ctx.db)
        except Exception as exc:
            self._say(tr(f"The players could not be read: {reason(exc)}",
                         f"プレイヤーを読み込めませんでした: {reason(exc)}"), error=True)
            return
        self.table.setRowCount(len(self.players))
        for row, player in enumerate(self.players):
            name = QTableWidgetItem(player.name)
            name.setData(Qt.ItemDataRole.UserRole, player.id)
            name.setToolTip(player.name)  # the column cuts a long name with "…"
            count = QTableWidgetItem(str(counts.get(player.name, 0)))
            count.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.table.setItem(row, 0, name)
            self.table.setItem(row, 1, count)
        if selected is not None:
            self.select(selected.name)
        self._selection_changed()
        if self.body.currentWidget() is not self.player_page or not self.players:
            self.body.setCurrentIndex(0 if self.players else 1)

    def rows(self) -> list[tuple[str, str]]:
        """(name, plays) as shown."""
        return [(_text(self.table.item(r, 0)), _text(self.table.item(r, 1)))
                for r in range(self.table.rowCount())]

    # --- selection --------------------------------------------------------------------------
    def selected(self) -> Any:
        rows = self.table.selectionModel().selectedRows()
        if not rows or rows[0].row() >= len(self.players):
            return None
        return self.players[rows[0].row()]

    def select(self, name: str) -> bool:
        for row, player in enumerate(self.players):
            if player.name == name:
                self.table.selectRow(row)
                return True
        return False

    def _selection_changed(self) -> None:
        """The chosen player's actions (the last rename's or merge's line is cleared: it was
        about the player chosen then)."""
        self.status.clear()
        player = self.selected()
        on = player is not None
        for widget in (self.new_name, self.rename_button, self.merge_target, self.merge_button,
                       self.page_button):
            widget.setEnabled(on)
        self._refuse_to_members()
        self.selected_label.setText(player.name if on else tr("Choose a player in the list",
                                                              "一覧からプレイヤーを選択"))
        if on:
            self.new_name.setText(player.name)
        self.merge_target.clear()
        for other in self.players:
            if on and other.id != player.id:
                self.merge_target.addItem(other.name, other.id)
                self.merge_target.setItemData(self.merge_target.count() - 1, other.name,
                                              Qt.ItemDataRole.ToolTipRole)

    def _refuse_to_members(self) -> None:
        """A member of a club's history may not rename or merge: both buttons are disabled,
        their tooltips naming the role that may."""
        errors = repo().errors
        for button, action in ((self.rename_button, errors.RENAME_PLAYERS),
                               (self.merge_button, errors.MERGE_PLAYERS)):
            refusal = organiser_refusal(self.ctx, action)
            if refusal:
                button.setEnabled(False)
            button.setToolTip(refusal)

    # --- the player page --------------------------------------------------------------------
    def open_selected(self) -> bool:
        player = self.selected()
        return player is not None and self.open_player(player.name)

    def open_player(self, name: str) -> bool:
        """Show `name`'s page (False when there is no such player)."""
        if not self.select(name):
            return False
        self.player_page.show_player(name)
        self.body.setCurrentWidget(self.player_page)
        return True

    def show_list(self) -> None:
        self.body.setCurrentIndex(0 if self.players else 1)
        self.table.setFocus()

    # --- actions ----------------------------------------------------------------------------
    def _say(self, text: str, error: bool = False) -> None:
        self.status.setStyleSheet(ERROR_STYLE if error else OK_STYLE)
        self.status.setText(text)

    def rename(self) -> bool:
        player = self.selected()
        new = self.new_name.text().strip()
        if player is None:
            return False
        if not new:
            self._say(tr("A name cannot be empty.", "名前を空にはできません。"), error=True)
            return False
        if new == player.name:
            return False
        db = repo()
        try:
            db.rename_player(self.ctx.db, player.id, new)
        except db.DuplicatePlayerError:
            self._say(tr(f"There is already a player called “{short_name(new)}”. If they are "
                         "the same person, use Merge instead.",
                         f"「{short_name(new)}」という名前のプレイヤーはすでにいます。同じ人なら"
                         "「統合」を使ってください。"), error=True)
            return False
        except Exception as exc:
            why = reason(exc)
            self._say(tr(f"Not renamed: {why}", f"変更できませんでした: {why}"), error=True)
            return False
        old_name, new_name = short_name(player.name), short_name(new)
        self._say(tr(f"“{old_name}” is now “{new_name}”.",
                     f"「{old_name}」を「{new_name}」に変更しました。"))
        self._after_change(new)
        return True

    def merge(self) -> bool:
        player = self.selected()
        target_id = self.merge_target.currentData()
        if player is None or target_id is None:
            return False
        target = self.merge_target.currentText()
        source, into = short_name(player.name), short_name(target)
        text = tr(f"Move every play of “{source}” to “{into}” and remove “{source}”?",
                  f"「{source}」の対局をすべて「{into}」に移し、「{source}」を削除しますか？")
        if not confirm(self, tr("Merge players", "プレイヤーの統合"), text, tr("Merge", "統合")):
            return False
        try:
            repo().merge_players(self.ctx.db, int(target_id), player.id)
        except Exception as exc:
            why = reason(exc)
            self._say(tr(f"Not merged: {why}", f"統合できませんでした: {why}"), error=True)
            return False
        self._say(tr(f"“{source}” was merged into “{into}”.",
                     f"「{source}」を「{into}」に統合しました。"))
        self._after_change(target)
        return True

    def _after_change(self, select: str) -> None:
        status = (self.status.text(), self.status.styleSheet())
        events().history_changed.emit()
        self.reload()
        self.select(select)
        self.status.setText(status[0])
        self.status.setStyleSheet(status[1])


def _text(item: QTableWidgetItem | None) -> str:
    return item.text() if item is not None else ""
