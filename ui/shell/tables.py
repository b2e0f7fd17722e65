"""A game's tables across laptops on a club's PostgreSQL history (issue 38), from its Play tab.

`TablesPage` opens a table ("Open a table on the club history": the seats as people by login,
free seats, or computers run by this laptop; the options are the new-game form's) and lists
the game's tables still open or being played (game, host, free seats, code) with Join (a free
seat), Go on (a seat of this login's, after a restart) and Watch. Each of these gives a
`NetworkPlayPage` (`opened`), which the Play tab shows in place of the form.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from companion.games.registry import GameInfo
from db.network import NetTable
from ui.context import AppContext
from ui.i18n import language, reason, tr
from ui.shell.common import MessageLabel

#: A seat's kinds in the form: (kind, English, Japanese).
SEAT_KINDS = (("person", "Person (login)", "人（ログイン名）"),
              ("open", "Free seat", "空席"),
              ("bot", "Computer (this laptop)", "コンピューター（このパソコン）"))
#: The computer's levels for the host's bot seats: (bot kind, English, Japanese).
BOT_LEVELS = (("random", "random", "ランダム"), ("greedy", "greedy", "貪欲"),
              ("mcts:weak", "MCTS weak", "MCTS 弱"), ("mcts", "MCTS", "MCTS"))
#: Columns of the list of tables.
COLUMNS = (("Game", "ゲーム"), ("Host", "ホスト"), ("Free seats", "空席"), ("Code", "コード"),
           ("State", "状態"))
STATUS = {"open": ("waiting for seats", "空席待ち"), "playing": ("playing", "対局中"),
          "paused": ("paused", "一時停止中")}


def offers_tables(ctx: AppContext | None, info: GameInfo) -> bool:
    """Whether the Play tab offers tables across laptops: a PostgreSQL history and a game
    whose hidden parts the server can keep."""
    database = getattr(ctx, "db", None)
    if database is None or database.is_sqlite or database.access is None:
        return False
    from companion.network.session import is_playable

    return is_playable(info.id)


def login_of(ctx: AppContext) -> str:
    access = ctx.db.access
    return access.login if access is not None else ""


def error_text(exc: Exception) -> str:
    """One sentence for a refusal or a lost server (the database layer's, in the language)."""
    text = getattr(exc, "text", None)
    return str(text(language().code)) if callable(text) else reason(exc)


def connect_table(ctx: AppContext, table: NetTable, *, watch: bool = False,
                  bot_kind: str = "random") -> Any:
    """The play page of `table` for this login (a spectator's with `watch`)."""
    from db.network import TableClient
    from ui.commands.table_run import ClientLink, store_play
    from ui.play.network import network_page

    client = TableClient(ctx.db, table.id)

    def store(done: NetTable, confirmation: Any) -> int:
        return store_play(ctx.db, done, confirmation, bot_kind)

    try:
        return network_page(ctx, table, login_of(ctx), ClientLink(client), client,
                            watch=watch, bot_kind=bot_kind, store=store)
    except Exception:
        client.close()
        raise


class _SeatRow:
    def __init__(self, parent: QWidget, index: int) -> None:
        self.label = QLabel(parent)
        self.index = index
        self.kind = QComboBox(parent)
        self.kind.setObjectName(f"table_seat_kind:{index}")
        self.login = QLineEdit(parent)
        self.login.setObjectName(f"table_seat_login:{index}")
        self.kind.currentIndexChanged.connect(self._kind_changed)

    def _kind_changed(self, *_: object) -> None:
        self.login.setEnabled(self.kind.currentData() == "person")

    def spec(self) -> dict[str, Any]:
        kind = str(self.kind.currentData())
        if kind == "person":
            return {"kind": kind, "login": self.login.text().strip()}
        return {"kind": kind}

    def set_visible(self, on: bool) -> None:
        for part in (self.label, self.kind, self.login):
            part.setVisible(on)

    def retranslate(self) -> None:
        self.label.setText(tr(f"Seat {self.index + 1}", f"席 {self.index + 1}"))
        chosen = self.kind.currentIndex()
        self.kind.clear()
        for kind, en, ja in SEAT_KINDS:
            self.kind.addItem(tr(en, ja), kind)
        self.kind.setCurrentIndex(max(0, chosen))
        self.login.setPlaceholderText(tr("login", "ログイン名"))


class TablesPage(QWidget):
    """Open a table, or join or watch one, for one game (see the module's docstring)."""

    #: A table's play page to show (a `NetworkPlayPage`).
    opened = Signal(object)
    #: Back to the new-game form.
    back = Signal()

    def __init__(self, ctx: AppContext, info: GameInfo, options: Callable[[], dict[str, Any]],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.info, self.options = ctx, info, options
        self.tables: list[NetTable] = []
        self._build()
        language().changed.connect(self.retranslate)
        self.retranslate()
        self.seats.setValue(min(max(2, info.min_players), info.max_players))  # two laptops
        self.rows[0].login.setText(login_of(ctx))

    # --- building ------------------------------------------------------------------------------
    def _build(self) -> None:
        self.title = QLabel(self)
        font = self.title.font()
        font.setBold(True)
        self.title.setFont(font)
        self.back_button = QPushButton(self)
        self.back_button.setObjectName("tables_back")
        self.back_button.clicked.connect(self.back)
        self.error_label = MessageLabel(self)
        self.error_label.setObjectName("tables_error")
        body = QWidget(self)
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self._build_open(body))
        inner.addWidget(self._build_list(body), 1)
        scroll = QScrollArea(self)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        top = QHBoxLayout()
        top.addWidget(self.title, 1)
        top.addWidget(self.back_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.error_label)
        layout.addWidget(scroll, 1)

    def _build_open(self, parent: QWidget) -> QGroupBox:
        box = self.open_box = QGroupBox(parent)
        grid = QGridLayout(box)
        self.seats_label = QLabel(box)
        self.seats = QSpinBox(box)
        self.seats.setObjectName("table_seats")
        self.seats.setRange(self.info.min_players, self.info.max_players)
        self.seats.valueChanged.connect(self._seats_changed)
        self.level_label = QLabel(box)
        self.level = QComboBox(box)
        self.level.setObjectName("table_bot_level")
        self.away_label = QLabel(box)
        self.away = QSpinBox(box)
        self.away.setObjectName("table_away")
        self.away.setRange(10, 3600)
        self.away.setValue(120)
        grid.addWidget(self.seats_label, 0, 0)
        grid.addWidget(self.seats, 0, 1)
        self.rows = [_SeatRow(box, i) for i in range(self.info.max_players)]
        for i, row in enumerate(self.rows, start=1):
            grid.addWidget(row.label, i, 0)
            grid.addWidget(row.kind, i, 1)
            grid.addWidget(row.login, i, 2)
        last = len(self.rows) + 1
        grid.addWidget(self.level_label, last, 0)
        grid.addWidget(self.level, last, 1)
        grid.addWidget(self.away_label, last + 1, 0)
        grid.addWidget(self.away, last + 1, 1)
        self.open_button = QPushButton(box)
        self.open_button.setObjectName("table_open")
        self.open_button.clicked.connect(self.open_table)
        grid.addWidget(self.open_button, last + 1, 2, Qt.AlignmentFlag.AlignRight)
        grid.setColumnStretch(2, 1)
        return box

    def _build_list(self, parent: QWidget) -> QGroupBox:
        box = self.list_box = QGroupBox(parent)
        self.list = QTableWidget(0, len(COLUMNS), box)
        self.list.setObjectName("tables_list")
        self.list.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.list.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.list.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.list.verticalHeader().setVisible(False)
        self.list.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.list.setMinimumHeight(110)
        self.list.itemSelectionChanged.connect(self._selected)
        self.free_seat = QComboBox(box)
        self.free_seat.setObjectName("table_free_seat")
        self.join_button = QPushButton(box)
        self.join_button.setObjectName("table_join")
        self.join_button.clicked.connect(self.join)
        self.watch_button = QPushButton(box)
        self.watch_button.setObjectName("table_watch")
        self.watch_button.clicked.connect(self.watch)
        self.refresh_button = QPushButton(box)
        self.refresh_button.setObjectName("tables_refresh")
        self.refresh_button.clicked.connect(self.refresh)
        buttons = QHBoxLayout()
        buttons.addWidget(self.refresh_button)
        buttons.addStretch(1)
        buttons.addWidget(self.free_seat)
        buttons.addWidget(self.join_button)
        buttons.addWidget(self.watch_button)
        layout = QVBoxLayout(box)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        return box

    def _seats_changed(self, count: int) -> None:
        for i, row in enumerate(self.rows):
            row.set_visible(i < count)

    # --- opening -------------------------------------------------------------------------------
    def seat_specs(self) -> list[dict[str, Any]]:
        return [row.spec() for row in self.rows[:self.seats.value()]]

    def open_table(self) -> None:
        """Open the table with the seats and the form's options; its page shows its code."""
        from db import network

        seats = self.seat_specs()
        if any(s["kind"] == "person" and not s["login"] for s in seats):
            self.error_label.setText(tr("Write a login for every seat of a person.",
                                        "人の席にはログイン名を書いてください。"))
            return
        try:
            options = self.info.validate_options(self.options())
            table = network.open_table(self.ctx.db, self.info.id, options, seats,
                                       away_after_s=self.away.value())
        except Exception as exc:  # a refusal or a lost server: one sentence
            self.error_label.setText(error_text(exc))
            return
        self._play(table, watch=False)

    # --- the list ------------------------------------------------------------------------------
    def refresh(self) -> None:
        """Read the game's tables still open or being played."""
        from db import network

        try:
            found = network.open_tables(self.ctx.db)
        except Exception as exc:
            self.error_label.setText(error_text(exc))
            return
        self.error_label.setText("")
        self.tables = [t for t in found if t.game_id == self.info.id]
        self._fill()

    def _fill(self) -> None:
        chosen = self.selected()
        self.list.setRowCount(len(self.tables))
        for row, table in enumerate(self.tables):
            free = [str(s.seat + 1) for s in table.seats if s.kind == "open"]
            status = STATUS.get(table.status, (table.status, table.status))
            cells = (self.info_name(), table.host, ", ".join(free) or "-", table.code,
                     tr(*status))
            for column, text in enumerate(cells):
                self.list.setItem(row, column, QTableWidgetItem(text))
        if chosen is not None:
            for row, table in enumerate(self.tables):
                if table.id == chosen.id:
                    self.list.selectRow(row)
        elif self.tables:
            self.list.selectRow(0)
        self._selected()

    def info_name(self) -> str:
        return tr(self.info.name_en, self.info.name_ja)

    def selected(self) -> NetTable | None:
        rows = self.list.selectionModel().selectedRows() if self.list.selectionModel() else []
        if not rows or rows[0].row() >= len(self.tables):
            return None
        return self.tables[rows[0].row()]

    def _selected(self) -> None:
        table = self.selected()
        self.free_seat.clear()
        mine = table is not None and bool(table.seats_of(login_of(self.ctx)))
        if table is not None and not mine:
            for s in table.seats:
                if s.kind == "open":
                    self.free_seat.addItem(tr(f"Seat {s.seat + 1}", f"席 {s.seat + 1}"), s.seat)
        self.free_seat.setVisible(self.free_seat.count() > 0)
        self.join_button.setEnabled(mine or self.free_seat.count() > 0)
        self.join_button.setText(tr("Go on", "続ける") if mine else tr("Join", "着席"))
        self.watch_button.setEnabled(table is not None)

    def join(self) -> None:
        """Take the chosen free seat (or go on at this login's seat)."""
        from db import network

        table = self.selected()
        if table is None:
            return
        try:
            if not table.seats_of(login_of(self.ctx)):
                table = network.join_table(self.ctx.db, table.code,
                                           int(self.free_seat.currentData()))
        except Exception as exc:
            self.error_label.setText(error_text(exc))
            self.refresh()
            return
        self._play(table, watch=False)

    def watch(self) -> None:
        from db import network

        table = self.selected()
        if table is None:
            return
        try:
            table = network.watch_table(self.ctx.db, table.code)
        except Exception as exc:
            self.error_label.setText(error_text(exc))
            return
        self._play(table, watch=True)

    def _play(self, table: NetTable, watch: bool) -> None:
        try:
            page = connect_table(self.ctx, table, watch=watch,
                                 bot_kind=str(self.level.currentData() or "random"))
        except Exception as exc:
            self.error_label.setText(error_text(exc))
            return
        self.error_label.setText("")
        self.opened.emit(page)

    # --- language ------------------------------------------------------------------------------
    def retranslate(self, *_: object) -> None:
        self.title.setText(tr(f"{self.info.name_en} across laptops (club history)",
                              f"{self.info.name_ja}を複数のパソコンで（クラブの履歴）"))
        self.back_button.setText(tr("Back to the new game", "新しいゲームに戻る"))
        self.open_box.setTitle(tr("Open a table on the club history (options: the new-game "
                                  "form's)", "クラブの履歴に卓を開く（オプションは新しいゲームの"
                                  "フォームのもの）"))
        self.seats_label.setText(tr("Seats", "席の数"))
        self.level_label.setText(tr("Computer", "コンピューター"))
        self.away_label.setText(tr("Away after (s)", "不在とみなす秒数"))
        self.open_button.setText(tr("Open the table", "卓を開く"))
        self.list_box.setTitle(tr("Open tables", "開いている卓"))
        self.list.setHorizontalHeaderLabels([tr(en, ja) for en, ja in COLUMNS])
        self.refresh_button.setText(tr("Refresh", "更新"))
        self.watch_button.setText(tr("Watch", "観戦"))
        chosen = self.level.currentIndex()
        self.level.clear()
        for kind, en, ja in BOT_LEVELS:
            self.level.addItem(tr(en, ja), kind)
        self.level.setCurrentIndex(max(0, chosen))
        for row in self.rows:
            row.retranslate()
        self._seats_changed(self.seats.value())
        self._fill()
