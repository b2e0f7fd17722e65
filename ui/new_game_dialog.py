"""Setting up a digital game: how many seats, who sits where (a person's name or a computer
opponent), the game's options and an optional seed. The form emits a `GameSetup` that every
play view's `start(setup)` accepts. It is built from the registry: a game whose `extras` read
table setup codes ("setup_from_code") also gets a "Setup code" field, to play on exactly the
board of a table setup. Options the game refuses together are said at once.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QResizeEvent
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QScrollArea,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from companion.games.registry import GameInfo, OptionError, OptionKind, OptionSpec
from ui.i18n import language, reason, tr
from ui.play.widgets import ScrollContent

#: The form grows with the window up to this width.
MAX_FORM_WIDTH = 980
#: At most this many seat rows are offered, whatever the game allows.
MAX_SEATS = 8
#: Below this width the seats and the options stand one above the other.
ONE_COLUMN = 760
#: A seat's name field never gets narrower than this.
NAME_WIDTH = 120
#: Choices of a multiple-choice option, per row.
CHOICES_PER_ROW = 2
#: (bot kind or "" for a person, English, Japanese)
SEAT_KINDS: tuple[tuple[str, str, str], ...] = (
    ("", "Person", "人"),
    ("random", "Computer · random", "コンピューター・ランダム"),
    ("greedy", "Computer · greedy", "コンピューター・貪欲"),
    ("mcts:weak", "Computer · MCTS weak", "コンピューター・MCTS 弱"),
    ("mcts", "Computer · MCTS", "コンピューター・MCTS"),
    ("mcts:strong", "Computer · MCTS strong", "コンピューター・MCTS 強"),
)


def limit_text(kind: str) -> str:
    """" (up to 3 s)" / "（最長 3 秒）" for a bot kind whose moves have a time limit, else ""."""
    from companion.bots import time_limit

    limit = time_limit(kind) if kind else None
    return "" if limit is None else tr(f" (up to {limit:g} s)", f"（最長 {limit:g} 秒）")


@dataclass(frozen=True)
class SeatChoice:
    """Who sits at a seat: a person's name (bot None) or a computer opponent of a kind."""

    name: str
    bot: str | None = None


@dataclass
class GameSetup:
    """Everything a play view needs to start a new game."""

    game_id: str
    options: dict[str, Any]
    seats: list[SeatChoice] = field(default_factory=list)
    seed: int | None = None
    #: A table setup code to play on (games whose registry extras read setup codes).
    setup_code: str = ""


class SetupError(ValueError):
    """A setup that cannot start; the message is for people."""


class _SeatRow:
    def __init__(self, parent: QWidget, index: int) -> None:
        self.index = index
        self.label = QLabel(parent)
        self.name = QLineEdit(parent)
        self.name.setObjectName(f"seat_name:{index}")
        self.name.setMinimumWidth(NAME_WIDTH)
        self.kind = QComboBox(parent)
        self.kind.setObjectName(f"seat_kind:{index}")
        for bot, _en, _ja in SEAT_KINDS:
            self.kind.addItem("", bot)
        self.kind.currentIndexChanged.connect(self._kind_changed)

    def _kind_changed(self, *_: object) -> None:
        self.name.setEnabled(not self.bot())

    def bot(self) -> str | None:
        value = self.kind.currentData()
        return str(value) if value else None

    def set_bot(self, bot: str | None) -> None:
        index = self.kind.findData(bot or "")
        self.kind.setCurrentIndex(max(0, index))

    def set_visible(self, on: bool) -> None:
        for widget in (self.label, self.name, self.kind):
            widget.setVisible(on)

    def retranslate(self) -> None:
        self.label.setText(tr(f"Seat {self.index + 1}", f"{self.index + 1} 番席"))
        self.name.setPlaceholderText(tr("name", "名前"))
        for row, (bot, en, ja) in enumerate(SEAT_KINDS):
            self.kind.setItemText(row, tr(en, ja) + limit_text(bot))


class NewGameForm(QWidget):
    """The new-game form of one game; `started` carries the `GameSetup` when Start is clicked."""

    started = Signal(object)

    def __init__(self, info: GameInfo, settings: Any = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.info, self.settings = info, settings
        self._option_widgets: dict[str, Any] = {}
        self._build()
        language().changed.connect(self.retranslate)
        self.retranslate()
        self._load_remembered()

    def _build(self) -> None:
        self.seats_box = QGroupBox(self)
        self.players_label = QLabel(self)
        self.players = QSpinBox(self)
        self.players.setObjectName("players")
        self.players.setRange(self.info.min_players, min(self.info.max_players, MAX_SEATS))
        self.players.valueChanged.connect(self._players_changed)
        grid = QGridLayout(self.seats_box)
        top = QHBoxLayout()
        top.addWidget(self.players_label)
        top.addWidget(self.players)
        top.addStretch(1)
        grid.addLayout(top, 0, 0, 1, 3)
        self.rows = [_SeatRow(self.seats_box, i) for i in range(self.players.maximum())]
        for i, row in enumerate(self.rows, start=1):
            grid.addWidget(row.label, i, 0)
            grid.addWidget(row.name, i, 1)
            grid.addWidget(row.kind, i, 2)
        grid.setColumnStretch(1, 2)
        grid.setColumnStretch(2, 2)
        grid.setRowStretch(len(self.rows) + 1, 1)  # seats stay together at the top

        self.options_box = QGroupBox(self)
        form = QFormLayout(self.options_box)
        # a long option name (a list of choices after it) goes above its field when the
        # window is small, instead of pushing the form wider than the page
        form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        self._option_labels: dict[str, QLabel] = {}
        for spec in self.info.options:
            label = QLabel(self.options_box)
            widget = self._option_widget(spec)
            widget.setObjectName(f"option:{spec.key}")
            self._option_labels[spec.key] = label
            self._option_widgets[spec.key] = widget
            form.addRow(label, widget)
        self.seed_label = QLabel(self.options_box)
        self.seed_edit = QLineEdit(self.options_box)
        self.seed_edit.setObjectName("seed")
        form.addRow(self.seed_label, self.seed_edit)
        self.code_label = QLabel(self.options_box)
        self.code_edit = QLineEdit(self.options_box)
        self.code_edit.setObjectName("setup_code")
        self.code_edit.setMaxLength(24)
        form.addRow(self.code_label, self.code_edit)
        if not self.reads_setup_codes():
            form.setRowVisible(self.code_edit, False)

        self.error_label = QLabel(self)
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet("color: #b00020;")
        self.start_button = QPushButton(self)
        self.start_button.setObjectName("start_game")
        self.start_button.setMinimumHeight(36)
        self.start_button.setDefault(True)
        self.start_button.clicked.connect(self.start)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.start_button)
        self.columns = QBoxLayout(QBoxLayout.Direction.LeftToRight)
        self.columns.addWidget(self.seats_box, 3)
        self.columns.addWidget(self.options_box, 2)
        body = ScrollContent(self)
        body.setMaximumWidth(MAX_FORM_WIDTH)  # readable on a wide screen too
        inner = QVBoxLayout(body)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(self.columns)
        inner.addWidget(self.error_label)
        inner.addLayout(buttons)
        inner.addStretch(1)
        scroll = QScrollArea(self)  # a small window scrolls the form instead of cutting it
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(body)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll, 1)

    def resizeEvent(self, event: QResizeEvent) -> None:
        narrow = self.width() < ONE_COLUMN
        self.columns.setDirection(QBoxLayout.Direction.TopToBottom if narrow
                                  else QBoxLayout.Direction.LeftToRight)
        super().resizeEvent(event)

    def _option_widget(self, spec: OptionSpec) -> QWidget:
        if spec.kind is OptionKind.INT:
            spin = QSpinBox(self.options_box)
            spin.setRange(spec.minimum if spec.minimum is not None else -10**6,
                          spec.maximum if spec.maximum is not None else 10**6)
            spin.setValue(int(spec.default))
            return spin
        if spec.kind is OptionKind.BOOL:
            box = QCheckBox(self.options_box)
            box.setChecked(bool(spec.default))
            return box
        if spec.kind is OptionKind.CHOICE:
            combo = QComboBox(self.options_box)
            for choice in spec.choices:
                combo.addItem(choice, choice)  # shown text follows the language (retranslate)
            combo.setCurrentIndex(max(0, combo.findData(spec.default)))
            return combo
        holder = QWidget(self.options_box)
        grid = QGridLayout(holder)  # a few a row: the seats keep their room
        grid.setContentsMargins(0, 0, 0, 0)
        for i, choice in enumerate(spec.choices):
            check = QCheckBox(choice, holder)
            check.setObjectName(f"choice:{choice}")
            check.setChecked(choice in (spec.default or ()))
            check.toggled.connect(self._options_changed)
            grid.addWidget(check, i // CHOICES_PER_ROW, i % CHOICES_PER_ROW)
        grid.setColumnStretch(CHOICES_PER_ROW, 1)
        return holder

    def reads_setup_codes(self) -> bool:
        return "setup_from_code" in self.info.extras

    def _options_changed(self, *_: object) -> None:
        """Say at once when the game refuses the options together (e.g. A with B)."""
        try:
            self.info.validate_options(self.options())
        except OptionError as exc:
            self.error_label.setText(reason(exc))
            return
        self.error_label.setText("")

    def retranslate(self, *_: object) -> None:
        self.seats_box.setTitle(tr("Who plays", "参加者"))
        self.players_label.setText(tr("Players", "人数"))
        for row in self.rows:
            row.retranslate()
        self.options_box.setTitle(tr("Options", "オプション"))
        lang = language().code
        for spec in self.info.options:
            self._option_labels[spec.key].setText(tr(spec.label_en, spec.label_ja))
            widget = self._option_widgets.get(spec.key)
            if isinstance(widget, QComboBox):
                for i in range(widget.count()):
                    widget.setItemText(i, spec.choice_label(widget.itemData(i), lang))
            elif spec.kind is OptionKind.MULTI and widget is not None:
                for check in widget.findChildren(QCheckBox):
                    label = spec.choice_label(check.objectName().split(":", 1)[1], lang)
                    check.setText(label.replace("&", "&&"))  # "&" is a letter, not a shortcut
        self.seed_label.setText(tr("Seed", "シード"))
        self.seed_edit.setPlaceholderText(tr("random", "ランダム"))
        self.seed_edit.setToolTip(tr("Leave empty for a random game, or type a number to play "
                                     "the same throws again.",
                                     "空欄ならランダム。番号を入れると同じ出目の展開を再現します。"))
        self.start_button.setText(tr("Start game", "ゲーム開始"))
        self.code_label.setText(tr("Setup code", "準備コード"))
        self.code_edit.setPlaceholderText(tr("optional: a table setup's board",
                                             "任意: 卓上の準備と同じボード"))
        self.code_edit.setToolTip(tr("Play on exactly the board of a table setup (its "
                                     "expansions too): type the code the Table companion shows.",
                                     "卓上コンパニオンの準備コードを入れると、そのボード(拡張も)"
                                     "で遊びます。"))

    # --- values -----------------------------------------------------------------------------
    def _players_changed(self, count: int) -> None:
        for row in self.rows:
            row.set_visible(row.index < count)

    def set_players(self, count: int) -> None:
        self.players.setValue(count)
        self._players_changed(self.players.value())

    def options(self) -> dict[str, Any]:
        values: dict[str, Any] = {}
        for spec in self.info.options:
            widget = self._option_widgets[spec.key]
            if spec.kind is OptionKind.INT:
                values[spec.key] = widget.value()
            elif spec.kind is OptionKind.BOOL:
                values[spec.key] = widget.isChecked()
            elif spec.kind is OptionKind.CHOICE:
                values[spec.key] = widget.currentData()
            else:
                values[spec.key] = [c for c in spec.choices
                                    if widget.findChild(QCheckBox, f"choice:{c}").isChecked()]
        return values

    def set_option(self, key: str, value: Any) -> None:
        widget = self._option_widgets[key]
        if isinstance(widget, QSpinBox):
            widget.setValue(int(value))
        elif isinstance(widget, QCheckBox):
            widget.setChecked(bool(value))
        elif isinstance(widget, QComboBox):
            widget.setCurrentIndex(max(0, widget.findData(str(value))))
        else:
            for check in widget.findChildren(QCheckBox):
                check.setChecked(check.objectName().split(":", 1)[1] in value)

    def seats(self) -> list[SeatChoice]:
        seats = []
        for row in self.rows[:self.players.value()]:
            bot = row.bot()
            name = "" if bot else (row.name.text().strip()
                                   or tr(f"Player {row.index + 1}", f"プレイヤー{row.index + 1}"))
            seats.append(SeatChoice(name, bot))
        return seats

    def setup(self) -> GameSetup:
        """The setup as typed; `SetupError` with a message a person understands."""
        seats = self.seats()
        names = [s.name for s in seats if not s.bot]
        twice = sorted({n for n in names if names.count(n) > 1})
        if twice:
            raise SetupError(tr(f"Two seats have the same name: {', '.join(twice)}",
                                f"同じ名前の席があります: {'、'.join(twice)}"))
        try:
            self.info.check_players(len(seats))
            options = self.info.validate_options(self.options())
        except OptionError as exc:
            raise SetupError(reason(exc)) from exc
        text = self.seed_edit.text().strip()
        if text and not text.lstrip("-").isdigit():
            raise SetupError(tr(f"The seed must be a whole number, not {text!r}",
                                f"シードは整数で入力してください（{text!r} は不可）"))
        seed = int(text) if text else random.randrange(2**31)
        return GameSetup(self.info.id, options, seats, seed, self._setup_code())

    def _setup_code(self) -> str:
        """The typed setup code, checked by the game ("" when none)."""
        code = self.code_edit.text().strip()
        if not code or not self.reads_setup_codes():
            return ""
        try:
            self.info.extras["setup_from_code"](code)
        except ValueError as exc:
            raise SetupError(tr(f"That setup code cannot be read: {reason(exc)}",
                                f"その準備コードは読めません: {reason(exc)}")) from exc
        return code

    def start(self) -> None:
        try:
            setup = self.setup()
        except SetupError as exc:
            self.error_label.setText(str(exc))
            return
        self.error_label.setText("")
        self._remember(setup)
        self.started.emit(setup)

    # --- remembered choices -----------------------------------------------------------------
    def _key(self) -> str:
        return f"newgame/{self.info.id}"

    def _remember(self, setup: GameSetup) -> None:
        if self.settings is None:
            return
        data = {"players": len(setup.seats), "options": setup.options,
                "seats": [[row.name.text(), row.bot() or ""] for row in self.rows]}
        self.settings.setValue(self._key(), json.dumps(data, ensure_ascii=False))

    def _load_remembered(self) -> None:
        self.rows[0].set_bot(None)
        for row in self.rows[1:]:
            row.set_bot("greedy")
        self.set_players(max(self.info.min_players, min(3, self.players.maximum())))
        raw = self.settings.value(self._key()) if self.settings is not None else None
        if not raw:
            return
        try:
            data = json.loads(str(raw))
            for row, (name, bot) in zip(self.rows, data.get("seats", []), strict=False):
                row.name.setText(str(name))
                row.set_bot(str(bot) or None)
            for key, value in data.get("options", {}).items():
                if key in self._option_widgets:
                    self.set_option(key, value)
            self.set_players(int(data.get("players", self.players.value())))
        except (ValueError, TypeError, AttributeError):
            return  # a damaged remembered setup just falls back to the defaults


class NewGameDialog(QDialog):
    """The form in a dialog, for callers that want a modal question; `setup` after accept."""

    def __init__(self, info: GameInfo, settings: Any = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(tr(f"New game: {info.name_en}", f"新しいゲーム: {info.name_ja}"))
        self.form = NewGameForm(info, settings, self)
        self.form.start_button.hide()
        self.setup: GameSetup | None = None
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        ok = buttons.addButton(tr("Start game", "ゲーム開始"),
                               QDialogButtonBox.ButtonRole.AcceptRole)
        ok.setDefault(True)
        buttons.accepted.connect(self.form.start)
        buttons.rejected.connect(self.reject)
        self.form.started.connect(self._started)
        layout = QVBoxLayout(self)
        layout.addWidget(self.form)
        layout.addWidget(buttons, 0, Qt.AlignmentFlag.AlignRight)

    def _started(self, setup: GameSetup) -> None:
        self.setup = setup
        self.accept()
