"""History: every play (newest first) with filters by game, player and date and a search box
(it finds what a row shows, the place and the notes);
a play opens in a dialog with its seats, score sheet and move log, where it can be printed to
PDF, deleted (after asking) or, when it was left unfinished, continued.

"Add play…" (Ctrl+N) logs a play by hand, of any game (ui/shell/play_entry.py); "Edit…"
(Ctrl+E) corrects a saved one; "Play again" (Ctrl+R) opens the game's new-game form with the
same seats (a digital play) or a new entry with the same players (a table play). Enter opens
the selected play.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from typing import Any

from PySide6.QtCore import (
    QAbstractTableModel,
    QDate,
    QModelIndex,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)
from PySide6.QtGui import QAction, QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDateEdit,
    QDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QListWidget,
    QPushButton,
    QSplitter,
    QStackedWidget,
    QTableView,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.display import (
    category_label,
    end_reason,
    names_text,
    seat_name,
    strip_isolates,
    team_result,
)
from companion.history import PlayMode, PlayRecord, WinMode
from companion.play_entry import PlayEntry
from companion.timer import format_duration
from companion.winning import play_win_mode
from ui.context import AppContext
from ui.events import events
from ui.i18n import language, reason, tr
from ui.shell.common import (
    EmptyState,
    MessageLabel,
    ask_save_path,
    confirm,
    format_number,
    format_when,
    game_name,
    go_to_library,
    heading,
    library_button,
    mode_text,
    named_button,
    organiser_refusal,
    other_games,
    repo,
    short_name,
    write_play_pdf,
)

WINNER = QColor("#fff3c4")
#: The text the search box looks in: the row, the place and the notes.
SEARCH_ROLE = Qt.ItemDataRole.UserRole + 1
#: The table shows at most this many plays (the newest: one page read along the index of
#: start times, whatever the history's size); the count says how many match.
LIMIT = 200
_Index = QModelIndex | QPersistentModelIndex
COLUMNS = (("Date", "日時"), ("Game", "ゲーム"), ("Players", "プレイヤー"),
           ("Winner", "勝者"), ("Mode", "形式"))


def players_text(play: PlayRecord) -> str:
    """Who played, in seat order (bots named in the interface language)."""
    lang = language().code
    return names_text((seat_name(s, lang) for s in sorted(play.seats, key=lambda s: s.seat)),
                      lang)


def winner_text(play: PlayRecord, short: bool = False) -> str:
    """The winners' names (each `short_name` inside a sentence when `short`)."""
    if not play.is_finished:
        return tr("(in progress)", "（対局中）")
    lang = language().code
    if play_win_mode(play) is WinMode.COOPERATIVE:  # the team won or lost together
        return team_result(play, lang)
    names = [seat_name(s, lang) for s in play.seats if s.winner]
    return names_text([short_name(n) for n in names] if short else names, lang) or "—"


class HistoryModel(QAbstractTableModel):
    """Plays as table rows: date, game, players, winner, mode."""

    def __init__(self, parent: Any = None) -> None:
        super().__init__(parent)
        self.plays: list[PlayRecord] = []
        self._texts: list[tuple[str, ...]] = []  # what each row shows, worked out once

    def set_plays(self, plays: list[PlayRecord]) -> None:
        self.beginResetModel()
        self.plays = list(plays)
        self._texts = [self._row_texts(play) for play in self.plays]
        self.endResetModel()

    @staticmethod
    def _row_texts(play: PlayRecord) -> tuple[str, ...]:
        if play.unreadable:  # a stored row the app cannot read (db/reading.py)
            when = format_when(play.started_at) if play.started_at != datetime.min else "—"
            return (when, tr(f"Unreadable play #{play.id}", f"読み取れない対局 #{play.id}"),
                    "—", "—", "—")
        return (format_when(play.started_at), game_name(play.game_id), players_text(play),
                winner_text(play), mode_text(play.mode))

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.plays)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return tr(*COLUMNS[section])
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid():
            return None
        play = self.plays[index.row()]
        if role == Qt.ItemDataRole.UserRole:
            return play.id
        if role == SEARCH_ROLE:  # the search finds what is shown, the place and the notes
            return "\n".join((*self._texts[index.row()], play.location, play.notes))
        if role == Qt.ItemDataRole.ToolTipRole and play.unreadable:
            return unreadable_sentence(play)
        if role == Qt.ItemDataRole.ToolTipRole and index.column() in (2, 3):
            return strip_isolates(self._texts[index.row()][index.column()])  # cut with "…"
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return self._texts[index.row()][index.column()]

    def retranslate(self) -> None:
        self._texts = [self._row_texts(play) for play in self.plays]
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, len(COLUMNS) - 1)
        if self.plays:
            self.dataChanged.emit(self.index(0, 0),
                                  self.index(len(self.plays) - 1, len(COLUMNS) - 1))


class HistoryPage(QWidget):
    """The history page; `reload()` runs the query with the filters shown."""

    def __init__(self, ctx: AppContext, window: Any = None) -> None:
        super().__init__()
        self.ctx, self.window_ = ctx, window
        self._dirty = True
        self.model = HistoryModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(0)
        self.proxy.setFilterRole(SEARCH_ROLE)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self._build()
        language().changed.connect(self.retranslate)
        events().history_changed.connect(self._history_changed)
        self.retranslate()

    def _build(self) -> None:
        self.title = heading(self)
        self.game_label, self.player_label = QLabel(self), QLabel(self)
        self.game_filter = QComboBox(self)
        self.game_filter.setObjectName("game_filter")
        self.player_filter = QComboBox(self)
        self.player_filter.setObjectName("player_filter")
        self.player_filter.setMinimumContentsLength(10)
        self.player_filter.setSizeAdjustPolicy(  # a long name must not widen the page
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.dates_check = QCheckBox(self)
        self.dates_check.setObjectName("dates_check")
        today = QDate.currentDate()
        self.since_edit = QDateEdit(today.addMonths(-1), self)
        self.until_edit = QDateEdit(today, self)
        for edit, name in ((self.since_edit, "since"), (self.until_edit, "until")):
            edit.setObjectName(name)
            edit.setCalendarPopup(True)
            edit.setDisplayFormat("yyyy-MM-dd")
            edit.setEnabled(False)
            edit.dateChanged.connect(self.reload)
        self.dates_check.toggled.connect(self._dates_toggled)
        self.search = QLineEdit(self)
        self.search.setObjectName("history_search")
        self.search.setClearButtonEnabled(True)
        self.search.textChanged.connect(self._search_changed)
        self.game_filter.currentIndexChanged.connect(self.reload)
        self.player_filter.currentIndexChanged.connect(self.reload)

        self.table = QTableView(self)
        self.table.setObjectName("history_table")
        self.table.setModel(self.proxy)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(24)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setResizeContentsPrecision(60)  # measure 60 rows, not all 500
        header.setMaximumSectionSize(280)  # a long name is cut with "…", its tooltip whole
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        self.table.doubleClicked.connect(lambda _index: self.open_selected())
        # right click or Ctrl+Shift+R on a play: its replay
        self.replay_action = QAction(self.table)
        self.replay_action.setObjectName("replay_selected")
        self.replay_action.setShortcut(QKeySequence("Ctrl+Shift+R"))
        self.replay_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.replay_action.triggered.connect(self.replay_selected)
        self.table.addAction(self.replay_action)
        self.table.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        for key in ("Return", "Enter"):
            shortcut = QShortcut(QKeySequence(key), self.table)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(self.open_selected)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self.count_label = QLabel(self)
        self.open_button = QPushButton(self)
        self.open_button.setObjectName("open_play")
        self.open_button.clicked.connect(self.open_selected)
        self.add_button = named_button(self, "add_play", self.add_play)
        self.edit_button = named_button(self, "edit_play", self.edit_selected)
        self.again_button = named_button(self, "play_again", self.play_again_selected)
        for keys, button in (("Ctrl+N", self.add_button), ("Ctrl+E", self.edit_button),
                             ("Ctrl+R", self.again_button)):  # while the page is shown
            QShortcut(QKeySequence(keys), self).activated.connect(
                lambda b=button: b.click() if b.isEnabled() else None)
        self.error_label = MessageLabel(self)
        self.empty_state = EmptyState(self, go_to_library(self.window_))
        self.body = QStackedWidget(self)
        self.body.addWidget(self.table)
        self.body.addWidget(self.empty_state)

        filters = QHBoxLayout()  # the dates go with the search: one row is too narrow for all
        for part in (self.game_label, self.game_filter, self.player_label, self.player_filter):
            filters.addWidget(part)
        filters.addStretch(1)
        search_row = QHBoxLayout()
        for widget in (self.dates_check, self.since_edit, QLabel("–", self), self.until_edit):
            search_row.addWidget(widget)
        search_row.addWidget(self.search, 1)
        bottom = QHBoxLayout()
        bottom.addWidget(self.count_label, 1)
        for button in (self.again_button, self.edit_button, self.open_button):
            bottom.addWidget(button)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.add_button)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(filters)
        layout.addLayout(search_row)
        layout.addWidget(self.body, 1)
        layout.addWidget(self.error_label)
        layout.addLayout(bottom)

    def retranslate(self, *_: object) -> None:
        self.title.setText(tr("History", "履歴"))
        self.game_label.setText(tr("Game", "ゲーム"))
        self.player_label.setText(tr("Player", "プレイヤー"))
        self.dates_check.setText(tr("From", "期間"))
        self.search.setPlaceholderText(tr("Search the list (Ctrl+F)", "一覧を検索 (Ctrl+F)"))
        self.open_button.setText(tr("Open…", "開く…"))
        self.replay_action.setText(tr("Replay (Ctrl+Shift+R)", "リプレイ (Ctrl+Shift+R)"))
        self.add_button.setText(tr("Add play…", "対局を記録…"))
        self.add_button.setToolTip(tr("Log a play by hand, of any game (Ctrl+N)",
                                      "どのゲームの対局も手で記録できます (Ctrl+N)"))
        self.edit_button.setText(tr("Edit…", "編集…"))
        self.again_button.setText(tr("Play again", "同じメンバーで再戦"))
        self.again_button.setToolTip(tr("The same players again (Ctrl+R)",
                                        "同じプレイヤーでもう一度 (Ctrl+R)"))
        self._fill_filters()
        self.model.retranslate()
        self._update_count()

    # --- filters ----------------------------------------------------------------------------
    def _fill_filters(self) -> None:
        from companion.games import registry

        game = self.game_filter.currentData()
        self.game_filter.blockSignals(True)
        self.game_filter.clear()
        self.game_filter.addItem(tr("All games", "すべてのゲーム"), "")
        for info in registry.all_games():
            self.game_filter.addItem(info.name(language().code), info.id)
        for game_id in other_games(self.ctx):
            self.game_filter.addItem(game_name(game_id), game_id)
        self.game_filter.setCurrentIndex(max(0, self.game_filter.findData(game or "")))
        self.game_filter.blockSignals(False)
        self._fill_players()

    def _fill_players(self) -> None:
        player = self.player_filter.currentData()
        names: list[str] = []
        if self.ctx.db is not None:
            try:
                names = [p.name for p in repo().list_players(self.ctx.db)]
            except Exception as exc:
                self.error_label.setText(reason(exc))
        self.player_filter.blockSignals(True)
        self.player_filter.clear()
        self.player_filter.addItem(tr("Everybody", "全員"), "")
        for name in names:
            self.player_filter.addItem(name, name)
            self.player_filter.setItemData(self.player_filter.count() - 1, name,
                                           Qt.ItemDataRole.ToolTipRole)
        self.player_filter.setCurrentIndex(max(0, self.player_filter.findData(player or "")))
        self.player_filter.blockSignals(False)

    def _dates_toggled(self, on: bool) -> None:
        self.since_edit.setEnabled(on)
        self.until_edit.setEnabled(on)
        self.reload()

    def set_date_range(self, since: QDate, until: QDate) -> None:
        self.since_edit.setDate(since)
        self.until_edit.setDate(until)
        self.dates_check.setChecked(True)

    def filters(self) -> dict[str, Any]:
        """The repository filters the widgets describe."""
        result: dict[str, Any] = {"game_id": self.game_filter.currentData() or None,
                                  "player": self.player_filter.currentData() or None}
        if self.dates_check.isChecked():
            since: date = self.since_edit.date().toPython()  # type: ignore[assignment]
            until: date = self.until_edit.date().toPython()  # type: ignore[assignment]
            result["since"] = datetime.combine(since, time.min)
            result["until"] = datetime.combine(until, time.min) + timedelta(days=1)  # exclusive
        return result

    def _search_changed(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        self._update_count()

    # --- loading ----------------------------------------------------------------------------
    def _history_changed(self) -> None:
        self._dirty = True
        if self.isVisible():
            self._fill_filters()
            self.reload()

    def activated(self) -> None:
        if self._dirty:
            self._fill_filters()
            self.reload()

    def reload(self, *_: object) -> None:
        if self.ctx.db is None:
            return
        self._dirty = False
        self.error_label.setText("")
        db = repo()
        filters = self.filters()
        try:
            plays = db.list_plays(self.ctx.db, limit=LIMIT, **filters)
            self._total = int(db.count_plays(self.ctx.db, **filters))
        except Exception as exc:
            self.error_label.setText(tr(f"The history could not be read: {reason(exc)}",
                                        f"履歴を読み込めませんでした: {reason(exc)}"))
            return
        self.model.set_plays(plays)
        self._update_count()

    def _update_count(self) -> None:
        total = getattr(self, "_total", len(self.model.plays))
        shown = self.proxy.rowCount()
        if total > len(self.model.plays):
            self.count_label.setText(tr(f"Showing the newest {shown} of {total} plays",
                                        f"{total} 件中、新しい {shown} 件を表示"))
        else:
            self.count_label.setText(tr(f"{shown} plays", f"{shown} 件"))
        self.open_button.setEnabled(shown > 0)
        self._update_buttons()
        self._show_empty_state(shown == 0)

    def _update_buttons(self, *_: object) -> None:
        """Edit and Play again act on the selected play (an unfinished one saves itself)."""
        play = self.selected_play()
        self.again_button.setEnabled(play is not None)
        reason = edit_refusal(play, self.ctx)
        self.edit_button.setEnabled(play is not None and not reason)
        self.edit_button.setToolTip(reason or tr("Correct the selected play (Ctrl+E)",
                                                 "選んだ対局を修正 (Ctrl+E)"))

    def _filtered(self) -> bool:
        filters = self.filters()
        return bool(self.search.text().strip() or filters["game_id"] or filters["player"]
                    or "since" in filters)

    def _show_empty_state(self, empty: bool) -> None:
        """Advice instead of an empty table: what to do first, or that nothing matches."""
        if not empty or not hasattr(self, "_total"):  # plays shown, or not read yet
            self.body.setCurrentWidget(self.table)
            return
        if self._filtered():
            self.empty_state.set_text(tr("No plays match the search or the filters.",
                                         "検索や絞り込みに合う対局はありません。"))
        else:
            self.empty_state.set_text(
                tr("No plays yet — play a game or log a table play. In the Library, Play "
                   "starts a digital game and Table companion keeps the score of a game at "
                   "the table; both end up here. “Add play…” logs a play of any game, even "
                   "one the app does not know.",
                   "まだ対局がありません — ゲームを遊ぶか、卓上での対局を記録してください。"
                   "ライブラリの「対戦」でデジタル対戦を、「卓上コンパニオン」で卓上の得点を"
                   "記録でき、どちらもここに残ります。「対局を記録…」では、アプリにないゲーム"
                   "の対局も記録できます。"),
                library_button())
        self.body.setCurrentWidget(self.empty_state)

    def visible_rows(self) -> list[list[str]]:
        """What the table shows, row by row (for people reading it aloud, and for tests); the
        invisible bidi isolation marks left out."""
        return [[strip_isolates(str(self.proxy.index(r, c).data())) for c in range(len(COLUMNS))]
                for r in range(self.proxy.rowCount())]

    # --- acting -----------------------------------------------------------------------------
    def selected_play_id(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        if not rows:
            return None
        value = rows[0].data(Qt.ItemDataRole.UserRole)
        return int(value) if value is not None else None

    def selected_play(self) -> PlayRecord | None:
        """The selected play as listed (None when nothing is selected)."""
        play_id = self.selected_play_id()
        return next((p for p in self.model.plays if p.id == play_id), None)

    def add_play(self) -> Any:
        """"Add play…": a new entry (of the game filtered on, if any)."""
        from ui.shell.play_entry import PlayEntryDialog

        game = self.game_filter.currentData() or ""
        dialog = PlayEntryDialog(self.ctx, PlayEntry.new(str(game)), self)
        dialog.show()
        return dialog

    def _chosen(self) -> PlayRecord | None:
        play_id = self.selected_play_id()
        play = repo().get_play(self.ctx.db, play_id) if play_id is not None else None
        if play is None:
            self.error_label.setText(tr("Choose a play in the list first.",
                                        "先に一覧から対局を選んでください。"))
        elif play.unreadable:
            self.error_label.setText(unreadable_sentence(play))
            return None
        return play

    def edit_selected(self) -> Any:
        play = self._chosen()
        return edit_play(self.ctx, play, self) if play is not None else None

    def play_again_selected(self) -> Any:
        play = self._chosen()
        return play_again(self.window_, self.ctx, play, self) if play is not None else None

    def open_selected(self) -> PlayDialog | None:
        play_id = self.selected_play_id()
        if play_id is None:
            self.error_label.setText(tr("Choose a play in the list first.",
                                        "先に一覧から対局を選んでください。"))
            return None
        return self.open_play(play_id)

    def open_play(self, play_id: int) -> PlayDialog | None:
        play = repo().get_play(self.ctx.db, play_id)
        if play is None:
            self.error_label.setText(tr(f"Play #{play_id} no longer exists.",
                                        f"対局 #{play_id} はもうありません。"))
            self.reload()
            return None
        if play.unreadable:
            self.error_label.setText(unreadable_sentence(play))
            self._offer_to_delete(play)
            return None
        dialog = PlayDialog(self.ctx, play, self, window=self.window_)
        dialog.open()
        return dialog

    def _offer_to_delete(self, play: PlayRecord) -> bool:
        """An unreadable play cannot be opened: the login that may delete plays is asked
        whether to delete it; True when it was deleted."""
        if organiser_refusal(self.ctx, repo().errors.DELETE_PLAYS) or play.id is None:
            return False
        text = unreadable_sentence(play) + " " + tr("Delete it? This cannot be undone.",
                                                    "削除しますか？元に戻せません。")
        if not confirm(self, tr("Delete play", "対局を削除"), text, tr("Delete", "削除")):
            return False
        try:
            repo().delete_play(self.ctx.db, play.id)
        except Exception as exc:
            why = reason(exc)
            self.error_label.setText(tr(f"Not deleted: {why}", f"削除できませんでした: {why}"))
            return False
        events().history_changed.emit()
        self.error_label.setText(tr(f"Play #{play.id} was deleted.",
                                    f"対局 #{play.id} を削除しました。"))
        return True

    def replay_selected(self) -> None:
        from ui.play.replay import replay_play_id

        play_id = self.selected_play_id()
        self.error_label.setText(tr("Choose a play in the list first.",
                                    "先に一覧から対局を選んでください。") if play_id is None
                                 else replay_play_id(self.ctx, play_id, self.window()))

    def print_current(self) -> bool:
        play_id = self.selected_play_id()
        if play_id is None:
            return False
        play = repo().get_play(self.ctx.db, play_id)
        if play is None or play.unreadable:
            return False
        export_play_pdf(self, play)
        return True

    def focus_search(self) -> None:
        self.search.setFocus()
        self.search.selectAll()


def unreadable_sentence(play: PlayRecord) -> str:
    """Why a play the history holds cannot be shown (db/reading.py), in the interface
    language."""
    from db.reading import unreadable_text

    return unreadable_text(play, language().code)


def edit_refusal(play: PlayRecord | None, ctx: Any = None) -> str:
    """Why `play` cannot be edited ("" when it can): an unfinished digital game saves itself
    after every move, so an edit would be overwritten; in a club's history only the organiser
    changes a finished play."""
    if play is not None and play.unreadable:
        return unreadable_sentence(play)
    if play is not None and not play.is_finished:
        return tr("An unfinished game saves itself after every move: continue it or delete it.",
                  "未完了の対局は一手ごとに自動保存されます。続けるか削除してください。")
    if play is not None:
        return organiser_refusal(ctx, repo().errors.EDIT_PLAYS)
    return ""


def edit_play(ctx: AppContext, play: PlayRecord, parent: QWidget) -> Any:
    """The entry dialog on a saved play (None when it cannot be edited)."""
    from ui.shell.play_entry import PlayEntryDialog

    if edit_refusal(play, ctx):
        return None
    dialog = PlayEntryDialog(ctx, PlayEntry.from_play(play), parent)
    dialog.show()
    return dialog


def play_again(window: Any, ctx: AppContext, play: PlayRecord, parent: QWidget) -> Any:
    """The same players again: a digital play's new-game form with its seats and options, or
    (a table play) a new entry of the game with the same people."""
    from ui.shell.play_entry import PlayEntryDialog

    if window is not None and window.page("library").play_again(play):
        return window.show_page("library")
    names = [s.player for s in sorted(play.seats, key=lambda s: s.seat) if not s.is_bot]
    dialog = PlayEntryDialog(ctx, PlayEntry.new(play.game_id, names or ["", ""]), parent)
    dialog.show()
    return dialog


def export_play_pdf(parent: QWidget, play: PlayRecord) -> str:
    """Ask where, write the play's PDF; the message to show (empty when cancelled)."""
    suggested = f"{play.game_id}-{play.id}.pdf"
    path = ask_save_path(parent, tr("Export PDF", "PDF に書き出す"), suggested)
    if path is None:
        return ""
    try:
        write_play_pdf(play, path)
    except Exception as exc:
        why = reason(exc)
        return tr(f"The PDF could not be written: {why}", f"PDF を書き出せませんでした: {why}")
    return tr(f"PDF written: {path}", f"PDF を書き出しました: {path}")


def export_play_kiaak(parent: QWidget, play: PlayRecord) -> str:
    """A 机戦 play as a Cerke Online record (棋譜): ask where, write it; the message to show
    (empty when cancelled; why, when the play's rule set has no place in the format)."""
    from companion.files import write_private
    from companion.games.cetkaik.kiaak import KiaakError, play_kiaak

    try:
        text = play_kiaak(play)
    except KiaakError as exc:
        why = exc.text(language().code).rstrip("。.")
        return tr(f"This play cannot be written as a Cerke Online record: {why}.",
                  f"この対局は Cerke Online の棋譜として書けません: {why}。")
    path = ask_save_path(parent, tr("Export 棋譜", "棋譜を書き出す"), f"cetkaik-{play.id}.txt",
                         tr("Cerke Online record (*.txt)", "Cerke Online の棋譜 (*.txt)"))
    if path is None:
        return ""
    try:
        write_private(path, text.encode("utf-8"))
    except OSError as exc:
        why = reason(exc)
        return tr(f"The record could not be written: {why}", f"棋譜を書き出せませんでした: {why}")
    return tr(f"棋譜 written: {path}", f"棋譜を書き出しました: {path}")


class PlayDialog(QDialog):
    """One play: its facts, the score sheet (seats, breakdown, total, rank, winner), the move
    log; Export PDF…, Delete…, Continue (unfinished digital plays)."""

    def __init__(self, ctx: AppContext, play: PlayRecord, parent: QWidget | None = None,
                 window: Any = None) -> None:
        super().__init__(parent)
        self.ctx, self.play, self.window_ = ctx, play, window
        self.setObjectName("play_dialog")
        self.resize(820, 560)
        self.finished.connect(self.deleteLater)  # one dialog per opening, not kept around
        self.title = heading(self, 1.3)
        self.facts = QLabel(self)
        self.facts.setTextFormat(Qt.TextFormat.PlainText)  # notes are typed, never markup
        self.facts.setWordWrap(True)
        self.facts.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.sheet = QTableWidget(self)
        self.sheet.setObjectName("sheet")
        self.sheet.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.log = QListWidget(self)
        self.log.setObjectName("log")
        self.log_label = QLabel(self)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.pdf_button = QPushButton(self)
        self.pdf_button.setObjectName("export_pdf")
        self.pdf_button.clicked.connect(self.export_pdf)
        self.delete_button = QPushButton(self)
        self.delete_button.setObjectName("delete_play")
        self.delete_button.clicked.connect(self.delete)
        self.resume_button = QPushButton(self)
        self.resume_button.setObjectName("resume_play")
        self.resume_button.clicked.connect(self.resume)
        self.resume_button.setVisible(not play.is_finished and play.record is not None)
        self.replay_button = QPushButton(self)
        self.replay_button.setObjectName("replay_play")
        self.replay_button.clicked.connect(self.replay)
        self.replay_button.setVisible(play.record is not None)
        self.edit_button = named_button(self, "edit_play", self.edit)
        self.kiaak_button = named_button(self, "export_kiaak", self.export_kiaak)
        self.kiaak_button.setVisible(play.game_id.startswith("cetkaik") and play.record is not None)
        self.edit_button.setVisible(play.is_finished)  # unfinished: it saves itself
        self.again_button = named_button(self, "play_again", self.play_again)
        self.close_button = QPushButton(self)
        self.close_button.clicked.connect(self.accept)
        lower = QWidget(self)
        lower_layout = QVBoxLayout(lower)
        lower_layout.setContentsMargins(0, 0, 0, 0)
        lower_layout.addWidget(self.log_label)
        lower_layout.addWidget(self.log)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(self.sheet)
        splitter.addWidget(lower)
        buttons = QHBoxLayout()
        for button in (self.edit_button, self.again_button, self.pdf_button, self.kiaak_button,
                       self.delete_button, self.resume_button, self.replay_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        buttons.addWidget(self.close_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.facts)
        layout.addWidget(splitter, 1)
        layout.addWidget(self.status)
        layout.addLayout(buttons)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        play = self.play
        self.setWindowTitle(tr(f"Play #{play.id}", f"対局 #{play.id}"))
        self.title.setText(f"{game_name(play.game_id)} — {format_when(play.started_at)}")
        winners = winner_text(play, short=True)
        facts = [tr(f"Mode: {mode_text(play.mode)}", f"形式: {mode_text(play.mode)}"),
                 tr(f"Team: {winners}", f"チーム: {winners}")
                 if play_win_mode(play) is WinMode.COOPERATIVE
                 else tr(f"Winner: {winners}", f"勝者: {winners}")]
        if play.location:
            facts.append(tr(f"Place: {play.location}", f"場所: {play.location}"))
        if play.finished_at is not None:
            facts.append(tr(f"Finished: {format_when(play.finished_at)}",
                            f"終了: {format_when(play.finished_at)}"))
        if play.duration_s is not None:
            took = format_duration(play.duration_s)
            facts.append(tr(f"Played for {took}", f"所要時間: {took}"))
        if play.notes and play.mode is PlayMode.DIGITAL:  # the engine's end reason
            reason = end_reason(play.game_id, play.notes, language().code)
            facts.append(tr(f"Ended: {reason}", f"終局: {reason}"))
        elif play.notes:
            facts.append(tr(f"Notes: {play.notes}", f"メモ: {play.notes}"))
        self.facts.setText("   ·   ".join(facts))
        self.log_label.setText(tr("Moves", "手順"))
        self.pdf_button.setText(tr("Export PDF…", "PDF に書き出す…"))
        self.kiaak_button.setText(tr("Export 棋譜 (Cerke Online)…",
                                     "棋譜を書き出す（Cerke Online）…"))
        self.delete_button.setText(tr("Delete…", "削除…"))
        refusal = organiser_refusal(self.ctx, repo().errors.DELETE_PLAYS)
        self.delete_button.setEnabled(not refusal)  # a member of a club's history may not
        self.delete_button.setToolTip(refusal)
        self.resume_button.setText(tr("Continue this game", "この対局を続ける"))
        self.replay_button.setText(tr("Replay", "リプレイ"))
        self.edit_button.setText(tr("Edit…", "編集…"))
        self.edit_button.setEnabled(not edit_refusal(play, self.ctx))
        self.edit_button.setToolTip(edit_refusal(play, self.ctx))
        self.again_button.setText(tr("Play again", "同じメンバーで再戦"))
        self.close_button.setText(tr("Close", "閉じる"))
        self._fill_sheet()
        self._fill_log()

    def _fill_sheet(self) -> None:
        seats = sorted(self.play.seats, key=lambda s: s.seat)
        keys: list[str] = []
        for seat in seats:
            keys += [k for k in seat.breakdown if k not in keys]
        lang = language().code
        rows = ([category_label(self.play.game_id, k, lang) for k in keys]
                + [tr("Total", "合計"), tr("Rank", "順位"), tr("Winner", "勝者")])
        self.sheet.setColumnCount(len(seats))
        self.sheet.setRowCount(len(rows))
        self.sheet.setHorizontalHeaderLabels([strip_isolates(short_name(seat_name(s, lang), 24))
                                              for s in seats])
        for column, seat in enumerate(seats):  # a long name is cut with "…" in its header
            header = self.sheet.horizontalHeaderItem(column)
            if header is not None:
                header.setToolTip(seat_name(seat, lang))
        self.sheet.setVerticalHeaderLabels(rows)
        for column, seat in enumerate(seats):
            values = [format_number(seat.breakdown.get(k)) for k in keys]
            values += [format_number(seat.score),
                       str(seat.rank) if seat.rank is not None else "—",
                       "★" if seat.winner else ""]
            for row, value in enumerate(values):
                item = QTableWidgetItem(value)
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if seat.winner:
                    item.setBackground(WINNER)
                self.sheet.setItem(row, column, item)
        self.sheet.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)

    def _fill_log(self) -> None:
        from companion.export.sheets import move_log_lines

        lang = language().code
        names = {s.seat: seat_name(s, lang) for s in self.play.seats}
        self.log.clear()
        lines = [line.replace("→ =", "→ ")
                 for line in move_log_lines(self.play.record, names, lang)]
        self.log.addItems(lines or [tr("No moves recorded (a table play).",
                                       "手順の記録はありません（卓上での対局）。")])

    # --- actions ----------------------------------------------------------------------------
    def export_pdf(self) -> None:
        self.status.setText(export_play_pdf(self, self.play))

    def export_kiaak(self) -> None:
        self.status.setText(export_play_kiaak(self, self.play))

    def delete(self) -> bool:
        """Delete the play after the person confirms; True when it was deleted."""
        text = tr(f"Delete play #{self.play.id} of {game_name(self.play.game_id)} "
                  f"({format_when(self.play.started_at)})? This cannot be undone.",
                  f"{game_name(self.play.game_id)} の対局 #{self.play.id}"
                  f"（{format_when(self.play.started_at)}）を削除しますか？元に戻せません。")
        if not confirm(self, tr("Delete play", "対局を削除"), text, tr("Delete", "削除")):
            return False
        try:
            repo().delete_play(self.ctx.db, self.play.id)
        except Exception as exc:
            why = reason(exc)
            self.status.setText(tr(f"Not deleted: {why}", f"削除できませんでした: {why}"))
            return False
        events().history_changed.emit()
        self.accept()
        return True

    def replay(self) -> None:
        """The play's replay in a window of its own (the dialog closes)."""
        from ui.play.replay import open_replay

        try:
            open_replay(self.ctx, self.play, self.window_ or self.parentWidget())
        except ValueError as exc:
            self.status.setText(str(exc))
            return
        self.accept()

    def edit(self) -> Any:
        """Correct this play in the entry dialog (this dialog closes)."""
        parent = self.parentWidget() or self
        self.accept()
        return edit_play(self.ctx, self.play, parent)

    def play_again(self) -> Any:
        parent = self.parentWidget() or self
        self.accept()
        return play_again(self.window_, self.ctx, self.play, parent)

    def resume(self) -> None:
        from ui.play.resume import ResumeError

        if self.window_ is None:
            return
        try:
            self.window_.open_resumed(self.play)
        except ResumeError as exc:
            self.status.setText(str(exc))
            return
        self.accept()

