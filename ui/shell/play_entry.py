"""History's "Add play" and "Edit…": a play logged by hand (BG Stats-style quick entry) or
corrected, for any game — a game of the Library or "Other game…" by name.

The dialog adapts a `companion.play_entry.PlayEntry`: the game and how it is won (the app's own
games show theirs; for another game the person chooses once: its next play starts with the way
of its latest play), date and time, the duration (minutes, or the play timer beside them), the
place, the expansions and variant played, one row per player (name — a name not yet in the
Players list is marked new and becomes a player on saving —, team in a game of teams, total,
winner — the best total wins until a winner is ticked by hand; without a score the winners are
ticked; a co- operative game has one "we won" box —, who started), and notes. Save writes the
play in one transaction (players are created as needed) and the History, Players and Statistics
pages follow; a play that cannot be saved says why. The dialog stays open without blocking the
window, so its timer can run through the game."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from PySide6.QtCore import QDate, QDateTime, Qt, QTime, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QCompleter,
    QDateTimeEdit,
    QDialog,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from companion.display import player_name
from companion.games import registry
from companion.history import WinMode
from companion.other_games import MAX_NAME, OtherGameError, is_other_game, other_game_id
from companion.play_entry import PlayEntry
from companion.winning import WIN_MODE_NAMES
from ui.context import AppContext
from ui.events import events
from ui.i18n import language, reason, tr
from ui.shell.common import MessageLabel, confirm, game_name, heading, repo
from ui.shell.timer_widget import DurationField
from ui.table.score_sheet import format_score, parse_score
from ui.table.weak import weak_listener

#: The game combo box's entry that asks for a name.
OTHER = "other"
NOTE_STYLE = "color: #6b5d45;"
#: The players grid's headers: (column, English, Japanese).
COLUMN_HEADERS = ((0, "Player", "プレイヤー"), (2, "Team", "チーム"), (3, "Total", "合計"),
                  (5, "Winner", "勝者"), (6, "Start player", "スタート"))


class SeatRow:
    """The widgets of one player: name, total, rank, winner, remove."""

    def __init__(self, parent: QWidget, index: int, names: list[str]) -> None:
        self.index = index
        self.name = QLineEdit(parent)
        self.name.setObjectName(f"entry_name:{index}")
        self.name.setMaxLength(200)
        completer = QCompleter(names, self.name)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.name.setCompleter(completer)
        self.score = QLineEdit(parent)
        self.score.setObjectName(f"entry_score:{index}")
        self.score.setMaximumWidth(110)
        self.score.setAlignment(Qt.AlignmentFlag.AlignRight)
        self.rank = QLabel(parent)
        self.rank.setObjectName(f"entry_rank:{index}")
        self.rank.setMinimumWidth(24)
        self.winner = QCheckBox(parent)
        self.winner.setObjectName(f"entry_winner:{index}")
        self.new_mark = QLabel(parent)
        self.new_mark.setObjectName(f"entry_new:{index}")
        self.new_mark.setStyleSheet(NOTE_STYLE)
        self.team = QLineEdit(parent)
        self.team.setObjectName(f"entry_team:{index}")
        self.team.setMaxLength(64)
        self.team.setMaximumWidth(110)
        self.start = QCheckBox(parent)
        self.start.setObjectName(f"entry_start:{index}")
        self.remove = QToolButton(parent)
        self.remove.setText("✕")
        self.remove.setObjectName(f"entry_remove:{index}")
        self.bad_score = ""  # the text typed when it is not a number

    def widgets(self) -> tuple[QWidget, ...]:
        """In grid column order (see `COLUMN_HEADERS`)."""
        return (self.name, self.new_mark, self.team, self.score, self.rank, self.winner,
                self.start, self.remove)

    def retranslate(self) -> None:
        self.name.setPlaceholderText(tr("name", "名前"))
        self.new_mark.setText(tr("new", "新規"))
        self.new_mark.setToolTip(tr("A new player: added to the Players list on saving.",
                                    "新しいプレイヤーです。保存するとプレイヤー一覧に加わります。"))
        self.team.setPlaceholderText(tr("team", "チーム"))
        self.score.setPlaceholderText(tr("score", "得点"))
        self.winner.setText(tr("won", "勝ち"))
        self.start.setText(tr("started", "スタート"))
        self.start.setToolTip(tr("This player took the first turn.",
                                 "このプレイヤーが最初の手番でした。"))
        self.remove.setToolTip(tr("Remove this player", "このプレイヤーを外す"))


class PlayEntryDialog(QDialog):
    """Add a play (`entry` a new `PlayEntry`) or correct one (`PlayEntry.from_play`)."""

    saved = Signal(int)  # play id

    def __init__(self, ctx: AppContext, entry: PlayEntry, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx, self.entry = ctx, entry
        self.setObjectName("play_entry")
        self.setModal(False)  # the timer may run through the whole game
        self.finished.connect(self.deleteLater)
        self.rows: list[SeatRow] = []
        self._dirty = False
        self._known_games = self._read(lambda db: db.other_game_ids(ctx.db), [])
        self._known_players = self._read(lambda db: [p.name for p in db.list_players(ctx.db)],
                                         [])
        if entry.base is None and entry.game_id and not entry.win_mode_fixed:
            entry.set_game(entry.game_id, self._kept_win_mode(entry.game_id))
        self._build()
        entry.listeners.append(weak_listener(self._entry_changed))
        language().changed.connect(self.retranslate)
        self.retranslate()
        self._rebuild_rows()
        self._dirty = False
        self.setMinimumSize(520, 560)
        self.resize(640, 620)

    def _read(self, query: Any, default: Any) -> Any:
        try:
            return query(repo())
        except Exception:  # names to offer are a help; the entry works without them
            return default

    # --- building ---------------------------------------------------------------------------
    def _build(self) -> None:
        entry = self.entry
        self.title = heading(self, 1.25)
        self.game_combo = QComboBox(self)
        self.game_combo.setObjectName("entry_game")
        self.game_combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.game_combo.setMinimumContentsLength(16)
        self.game_combo.activated.connect(self._game_chosen)
        self.other_name = QLineEdit(self)
        self.other_name.setObjectName("entry_other_name")
        self.other_name.setMaxLength(MAX_NAME)
        completer = QCompleter([g.split(":", 1)[1] for g in self._known_games], self.other_name)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.other_name.setCompleter(completer)
        self.other_name.textEdited.connect(self._other_name_typed)
        when = entry.started_at
        self.date_edit = QDateTimeEdit(QDateTime(QDate(when.year, when.month, when.day),
                                                 QTime(when.hour, when.minute, when.second)),
                                       self)
        self.date_edit.setObjectName("entry_date")
        self.date_edit.setCalendarPopup(True)
        self.date_edit.setDisplayFormat("yyyy-MM-dd HH:mm")
        self.date_edit.dateTimeChanged.connect(self._date_changed)
        self.duration = DurationField(entry.duration_s, self)
        self.duration.timer_widget.changed.connect(self._duration_changed)
        self.duration.minutes.valueChanged.connect(self._duration_changed)
        self.place_edit = QLineEdit(entry.location, self)
        self.place_edit.setObjectName("entry_place")
        self.place_edit.setMaxLength(200)
        self.place_edit.textEdited.connect(self._place_typed)
        self.win_combo = QComboBox(self)
        self.win_combo.setObjectName("entry_win_mode")
        self.win_combo.activated.connect(self._win_mode_chosen)
        self.expansions_edit = QLineEdit(", ".join(entry.expansions), self)
        self.expansions_edit.setObjectName("entry_expansions")
        self.expansions_edit.textEdited.connect(self._expansions_typed)
        self.variant_edit = QLineEdit(entry.variant, self)
        self.variant_edit.setObjectName("entry_variant")
        self.variant_edit.setMaxLength(200)
        self.variant_edit.textEdited.connect(self._variant_typed)

        game_row = QHBoxLayout()
        game_row.addWidget(self.game_combo, 1)
        game_row.addWidget(self.other_name, 1)
        form = QFormLayout()
        self.game_label, self.date_label = QLabel(self), QLabel(self)
        self.duration_label, self.place_label = QLabel(self), QLabel(self)
        self.win_label, self.expansions_label = QLabel(self), QLabel(self)
        self.variant_label = QLabel(self)
        form.addRow(self.game_label, game_row)
        form.addRow(self.win_label, self.win_combo)
        form.addRow(self.date_label, self.date_edit)
        form.addRow(self.duration_label, self.duration)
        form.addRow(self.place_label, self.place_edit)
        form.addRow(self.expansions_label, self.expansions_edit)
        form.addRow(self.variant_label, self.variant_edit)

        self.players_box = QGroupBox(self)
        self.grid_holder = QWidget()
        self.grid = QGridLayout(self.grid_holder)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setColumnStretch(0, 1)
        self.headers = [QLabel(self.grid_holder) for _ in COLUMN_HEADERS]
        for (column, _en, _ja), label in zip(COLUMN_HEADERS, self.headers, strict=True):
            label.setStyleSheet(NOTE_STYLE)
            self.grid.addWidget(label, 0, column)
        scroll = QScrollArea(self.players_box)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(self.grid_holder)
        scroll.setMinimumHeight(110)
        self.add_button = QPushButton(self.players_box)
        self.add_button.setObjectName("entry_add_player")
        self.add_button.clicked.connect(self.add_player)
        self.team_check = QCheckBox(self.players_box)
        self.team_check.setObjectName("entry_team_won")
        self.team_check.clicked.connect(self._team_clicked)
        self.results_note = QLabel(self.players_box)
        self.results_note.setObjectName("entry_note")
        self.results_note.setWordWrap(True)
        self.results_note.setStyleSheet(NOTE_STYLE)
        below = QHBoxLayout()
        below.addWidget(self.add_button)
        below.addWidget(self.team_check)
        below.addStretch(1)
        box = QVBoxLayout(self.players_box)
        box.addWidget(scroll, 1)
        box.addLayout(below)
        box.addWidget(self.results_note)

        self.notes_label = QLabel(self)
        self.notes_edit = QPlainTextEdit(entry.notes, self)
        self.notes_edit.setObjectName("entry_notes")
        lines = self.notes_edit.fontMetrics().lineSpacing() * 3 + 12  # three lines of notes
        self.notes_edit.setFixedHeight(max(lines, self.notes_edit.minimumSizeHint().height()))
        self.notes_edit.setTabChangesFocus(True)
        self.notes_edit.textChanged.connect(self._notes_typed)
        self.error_label = MessageLabel(self)
        self.error_label.setObjectName("entry_error")
        self.save_button = QPushButton(self)
        self.save_button.setObjectName("entry_save")
        self.save_button.setDefault(True)
        self.save_button.clicked.connect(self.save)
        self.cancel_button = QPushButton(self)
        self.cancel_button.setObjectName("entry_cancel")
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.save_button)
        buttons.addWidget(self.cancel_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addLayout(form)
        layout.addWidget(self.players_box, 1)
        layout.addWidget(self.notes_label)
        layout.addWidget(self.notes_edit)
        layout.addWidget(self.error_label)
        layout.addLayout(buttons)
        QShortcut(QKeySequence("Ctrl+Return"), self).activated.connect(self.save)
        QShortcut(QKeySequence("Ctrl+Shift+N"), self).activated.connect(self.add_player)
        digital = self.entry.is_digital
        self.game_combo.setEnabled(not digital)
        self.other_name.setEnabled(not digital)
        self.add_button.setVisible(not digital)
        self.expansions_edit.setEnabled(not digital)
        self.variant_edit.setEnabled(not digital)

    def retranslate(self, *_: object) -> None:
        base = self.entry.base
        if base is None:
            self.setWindowTitle(tr("Add a play", "対局を記録"))
            self.title.setText(tr("Log a play", "対局を記録"))
        else:
            self.setWindowTitle(tr(f"Edit play #{base.id}", f"対局 #{base.id} を編集"))
            self.title.setText(tr(f"Edit play #{base.id}", f"対局 #{base.id} を編集"))
        self.game_label.setText(tr("Game", "ゲーム"))
        self.other_name.setPlaceholderText(tr("name of the game", "ゲームの名前"))
        self.date_label.setText(tr("Date", "日時"))
        self.duration_label.setText(tr("Duration", "所要時間"))
        self.place_label.setText(tr("Place", "場所"))
        self.place_edit.setPlaceholderText(tr("where you played", "遊んだ場所"))
        self.players_box.setTitle(tr("Players", "プレイヤー"))
        for label, (_column, en, ja) in zip(self.headers, COLUMN_HEADERS, strict=True):
            label.setText(tr(en, ja))
        self.win_label.setText(tr("Won by", "勝ち方"))
        self.expansions_label.setText(tr("Expansions", "拡張"))
        self.expansions_edit.setPlaceholderText(tr("expansions played, separated by commas",
                                                   "使った拡張（カンマ区切り）"))
        self.variant_label.setText(tr("Variant", "バリアント"))
        self.variant_edit.setPlaceholderText(tr("variant or house rule played",
                                                "遊んだバリアント・ハウスルール"))
        self._fill_win_modes()
        self.add_button.setText(tr("Add player", "プレイヤーを追加"))
        self.add_button.setToolTip("Ctrl+Shift+N")
        self.team_check.setText(tr("We won (every player)", "全員で勝った（協力ゲーム）"))
        self.notes_label.setText(tr("Notes", "メモ"))
        self.notes_edit.setPlaceholderText(tr("anything to remember about this play",
                                              "この対局について残しておきたいこと"))
        self.save_button.setText(tr("Save", "保存"))
        self.save_button.setToolTip("Ctrl+Enter")
        self.cancel_button.setText(tr("Cancel", "キャンセル"))
        for row in self.rows:
            row.retranslate()
        if self.rows:
            self._show_seats()
        self._fill_games()
        self._show_results_note()

    # --- the game ---------------------------------------------------------------------------
    def _fill_games(self) -> None:
        lang = language().code
        combo = self.game_combo
        combo.clear()
        for info in registry.all_games():
            combo.addItem(info.name(lang), info.id)
        known = list(self._known_games)
        if is_other_game(self.entry.game_id) and self.entry.game_id not in known:
            known.append(self.entry.game_id)
        if known:
            combo.insertSeparator(combo.count())
        for game_id in known:
            combo.addItem(game_name(game_id), game_id)
        combo.addItem(tr("Other game…", "その他のゲーム…"), OTHER)
        index = combo.findData(self.entry.game_id) if self.entry.game_id else -1
        if index < 0 and not self.entry.game_id and self.other_name.text():
            index = combo.findData(OTHER)
        combo.setCurrentIndex(index if index >= 0 else combo.findData(OTHER))
        self.other_name.setVisible(combo.currentData() == OTHER)

    def _game_chosen(self, *_: object) -> None:
        chosen = self.game_combo.currentData()
        asks_name = chosen == OTHER
        self.other_name.setVisible(asks_name)
        if asks_name:
            self._other_name_typed(self.other_name.text())
            self.other_name.setFocus()
        else:
            self.entry.set_game(str(chosen), self._kept_win_mode(str(chosen)))
        self._dirty = True

    def _other_name_typed(self, text: str) -> None:
        try:
            game_id = other_game_id(text, self._known_games) if text.strip() else ""
        except OtherGameError:
            game_id = ""
        self.entry.set_game(game_id, self._kept_win_mode(game_id))
        self._dirty = True

    def _kept_win_mode(self, game_id: str) -> WinMode | None:
        """How the history says a game is won (chosen before for a game the app lacks)."""
        if not game_id:
            return None
        return self._read(lambda db: db.game_win_mode(self.ctx.db, game_id), None)

    def _fill_win_modes(self) -> None:
        combo = self.win_combo
        combo.clear()
        for mode, (en, ja) in WIN_MODE_NAMES.items():
            combo.addItem(tr(en, ja), mode.value)
        self._show_win_mode()

    def _show_win_mode(self) -> None:
        entry = self.entry
        self.win_combo.setCurrentIndex(self.win_combo.findData(entry.win_mode.value))
        self.win_combo.setEnabled(entry.can_change_results() and not entry.win_mode_fixed)
        self.win_combo.setToolTip("" if not entry.win_mode_fixed else tr(
            "The app knows this game: it is won its own way.",
            "アプリが知っているゲームです。勝ち方はゲームのとおりです。"))

    def _win_mode_chosen(self, *_: object) -> None:
        self.entry.set_win_mode(WinMode(self.win_combo.currentData()))
        self._dirty = True

    def _expansions_typed(self, text: str) -> None:
        self.entry.expansions = [part.strip() for part in text.split(",") if part.strip()]
        self._dirty = True

    def _variant_typed(self, text: str) -> None:
        self.entry.variant = text
        self._dirty = True

    # --- the players ------------------------------------------------------------------------
    def _rebuild_rows(self) -> None:
        for row in self.rows:
            for widget in row.widgets():
                self.grid.removeWidget(widget)
                widget.deleteLater()
        self.rows = []
        for index in range(len(self.entry.seats)):
            row = SeatRow(self.grid_holder, index, self._known_players)
            for column, widget in enumerate(row.widgets()):
                self.grid.addWidget(widget, index + 1, column)
            row.name.textChanged.connect(lambda text, i=index: self._name_typed(i, text))
            row.score.textEdited.connect(lambda text, i=index: self._score_typed(i, text))
            row.team.textEdited.connect(lambda text, i=index: self._team_typed(i, text))
            row.winner.clicked.connect(lambda on, i=index: self._winner_clicked(i, on))
            row.start.clicked.connect(lambda on, i=index: self._start_clicked(i, on))
            row.remove.clicked.connect(lambda _=False, i=index: self.remove_player(i))
            row.retranslate()
            self.rows.append(row)
        for line in range(self.grid.rowCount()):  # the rows stay at the top
            self.grid.setRowStretch(line, 0)
        self.grid.setRowStretch(len(self.rows) + 1, 1)
        self._show_seats(refill=True)

    def _show_seats(self, refill: bool = False) -> None:
        entry = self.entry
        results = entry.can_change_results()
        coop = entry.cooperative
        teams = entry.win_mode is WinMode.TEAMS
        scored = entry.win_mode is not WinMode.NO_SCORE
        known = {name.casefold() for name in self._known_players}
        for row, seat in zip(self.rows, entry.seats, strict=True):
            if refill:
                row.name.setText(seat.name)
                row.score.setText(format_score(seat.score))
                row.team.setText(seat.team)
            name = seat.name.strip()
            row.new_mark.setVisible(bool(name) and not seat.is_bot
                                    and name.casefold() not in known)
            row.team.setVisible(teams)
            row.team.setEnabled(results)
            row.score.setVisible(scored)
            row.rank.setVisible(scored)
            row.start.blockSignals(True)
            row.start.setChecked(seat.start_player)
            row.start.blockSignals(False)
            if seat.is_bot:  # a computer opponent, named in the interface language
                row.name.setText(player_name(seat.name, language().code))
            row.name.setEnabled(not seat.is_bot)
            row.score.setEnabled(results)
            row.rank.setText(f"{seat.rank}." if seat.rank is not None else "")
            row.winner.blockSignals(True)
            row.winner.setChecked(seat.winner)
            row.winner.blockSignals(False)
            row.winner.setVisible(not coop)
            row.winner.setEnabled(results)
            row.remove.setVisible(results)
            row.remove.setEnabled(len(entry.seats) > 1)
        self.team_check.setVisible(coop)
        self.headers[1].setVisible(teams)
        self.headers[2].setVisible(scored)
        self.headers[3].setVisible(not coop)
        self._show_win_mode()
        self.team_check.setEnabled(results)
        self.team_check.setChecked(entry.team_won())

    def _entry_changed(self) -> None:
        if len(self.rows) != len(self.entry.seats):
            self._rebuild_rows()
        else:
            self._show_seats()
        self._show_results_note()

    def _name_typed(self, index: int, text: str) -> None:
        """Typed, or picked from the completer's list of known players."""
        seat = self.entry.seats[index]
        if seat.is_bot or seat.name == text:
            return
        self.entry.set_name(index, text)
        self._dirty = True

    def _score_typed(self, index: int, text: str) -> None:
        row = self.rows[index]
        try:
            score = parse_score(text)
        except ValueError:
            row.bad_score = text
            row.score.setStyleSheet("border: 1px solid #b00020;")
            self.error_label.setText(self._bad_score_text(index))
            return
        row.bad_score = ""
        row.score.setStyleSheet("")
        self.error_label.setText("")
        self.entry.set_score(index, score)
        self._dirty = True

    def _team_typed(self, index: int, text: str) -> None:
        self.entry.set_team(index, text)
        self._dirty = True

    def _start_clicked(self, index: int, on: bool) -> None:
        self.entry.set_start_player(index if on else None)
        self._dirty = True

    def _bad_score_text(self, index: int) -> str:
        text = self.rows[index].bad_score
        return tr(f"The score of player {index + 1} is not a number: “{text}”.",
                  f"プレイヤー {index + 1} の得点が数字ではありません:「{text}」。")

    def _winner_clicked(self, index: int, on: bool) -> None:
        self.entry.set_winner(index, on)
        self._dirty = True

    def _team_clicked(self, on: bool) -> None:
        self.entry.set_team_won(on)
        self._dirty = True

    def add_player(self) -> None:
        if not self.entry.can_change_results():
            return
        index = self.entry.add_seat()
        self.rows[index].name.setFocus()
        self._dirty = True

    def remove_player(self, index: int) -> None:
        if self.entry.can_change_results() and len(self.entry.seats) > 1:
            self.entry.remove_seat(index)
            self._dirty = True

    def _show_results_note(self) -> None:
        entry = self.entry
        if entry.is_digital:
            text = tr("This game was played in the app: its scores and winners come from its "
                      "moves. Names, date, duration, place and notes can change.",
                      "アプリで遊んだ対局です。得点と勝者は手順から決まります。名前・日時・"
                      "所要時間・場所・メモは変更できます。")
        elif entry.cooperative:
            text = tr("A co-operative game: everyone wins or loses together.",
                      "協力ゲームです。全員で勝つか、全員で負けます。")
        elif entry.win_mode is WinMode.NO_SCORE:
            text = tr("No score: tick the winners.",
                      "得点はありません。勝者にチェックしてください。")
        elif entry.win_mode is WinMode.TEAMS:
            text = tr("Teams: a team's total adds up its players' totals; the best team wins.",
                      "チーム戦です。チームの合計はメンバーの合計の和で、最も高いチームが勝ちます。")
        elif entry.win_mode is WinMode.LOWEST:
            text = tr("The lowest total wins; tick “won” to choose the winners yourself.",
                      "合計が最も低い人が勝ちます。「勝ち」にチェックすると勝者を自分で選べます。")
        elif any(s.stored is not None and len(s.stored.breakdown) > 1 for s in entry.seats):
            text = tr("Changing a player's total replaces their category scores by the total.",
                      "合計を変えると、そのプレイヤーの項目別の得点は合計だけになります。")
        else:
            text = tr("The best total wins; tick “won” to choose the winners yourself.",
                      "合計が最も高い人が勝ちます。「勝ち」にチェックすると勝者を自分で選べます。")
        self.results_note.setText(text)

    # --- the rest ---------------------------------------------------------------------------
    def _date_changed(self, when: QDateTime) -> None:
        value = when.toPython()
        if isinstance(value, datetime):
            self.entry.started_at = value.replace(microsecond=0)  # seconds keep the order
            self._dirty = True

    def _duration_changed(self, *_: object) -> None:
        self.entry.duration_s = self.duration.seconds()
        self._dirty = True

    def _place_typed(self, text: str) -> None:
        self.entry.location = text
        self._dirty = True

    def _notes_typed(self) -> None:
        self.entry.notes = self.notes_edit.toPlainText()
        self._dirty = True

    # --- saving -----------------------------------------------------------------------------
    def problems(self) -> list[str]:
        """Why the play cannot be saved yet, as sentences in the interface language."""
        found = self.entry.problems(language().code)
        if not self.entry.game_id:  # "Choose a game." comes first; say where
            found[0] = tr("Type the name of the game.", "ゲームの名前を入力してください。")
        return found + [self._bad_score_text(row.index) for row in self.rows if row.bad_score]

    def save(self) -> int | None:
        """Store the play (one transaction); its id, or None with the reason shown."""
        self.entry.duration_s = self.duration.seconds()
        problems = self.problems()
        if problems:
            self.error_label.setText(" ".join(problems))
            return None
        db = repo()
        play = self.entry.to_play_record()
        try:
            if play.id is None:
                play_id = int(db.add_play(self.ctx.db, play))
            else:
                db.update_play(self.ctx.db, play)
                play_id = play.id
        except Exception as exc:  # the entry stays open with what was typed
            why = reason(exc)
            self.error_label.setText(tr(f"Not saved: {why}", f"保存できませんでした: {why}"))
            return None
        self._dirty = False
        events().history_changed.emit()
        self.saved.emit(play_id)
        self.accept()
        return play_id

    def reject(self) -> None:
        """Cancel (Esc): asks first when something was typed."""
        if self._dirty and not confirm(
                self, tr("Discard this play?", "この対局を破棄しますか？"),
                tr("What you typed is not saved. Discard it?",
                   "入力した内容は保存されていません。破棄しますか？"),
                tr("Discard", "破棄")):
            return
        self.duration.timer.pause()
        super().reject()
