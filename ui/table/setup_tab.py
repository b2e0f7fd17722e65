"""What the setup tabs of the table pages share: `SetupTab` — the row "New setup · [code] ·
Open code", the setup's share code in large type, the steps to follow (ticked where the game
wants a checklist), Print — and the tab's state remembered as JSON in QSettings.

A game's setup tab subclasses `SetupTab` and supplies `new_setup`, `read_code` (a code to its
setup, `ValueError` with the reason) and `show_setup`."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import reason, tr
from ui.play.widgets import words
from ui.table.frame import Printing, TablePage, TableTab


class SetupCodeBar(QWidget):
    """New setup / type a code / Open code, and the shown setup's code (selectable)."""

    new_requested = Signal()
    open_requested = Signal(str)  # the typed code

    def __init__(self, parent: QWidget | None = None, max_length: int = 16) -> None:
        super().__init__(parent)
        self.new_button = words(QPushButton(self), "New setup", "新しい準備")
        self.new_button.clicked.connect(self.new_requested.emit)
        self.code_edit = words(QLineEdit(self), "Setup code", "準備コード", "setAccessibleName")
        self.code_edit.setMaxLength(max_length)
        self.code_edit.returnPressed.connect(self._open)
        self.open_button = words(QPushButton(self), "Open code", "コードを開く")
        self.open_button.clicked.connect(self._open)
        self.code_label = QLabel(self)
        self.code_label.setWordWrap(True)
        font = self.code_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.3)
        font.setBold(True)
        self.code_label.setFont(font)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row = QHBoxLayout()
        row.addWidget(self.new_button)
        row.addWidget(self.code_edit, 1)
        row.addWidget(self.open_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(row)
        layout.addWidget(self.code_label)

    def _open(self) -> None:
        self.open_requested.emit(self.code_edit.text().strip())

    def show_code(self, code: str | None) -> None:
        """The shown setup's code, or the hint that there is none yet."""
        self.code_label.setText(
            tr("Setup code: ", "準備コード: ") + code if code else
            tr("No setup yet: press “New setup” or type a code.",
               "準備はまだありません: 「新しい準備」を押すか、コードを入力してください。"))



class SetupTab(TableTab):
    """A game's setup: a new one or one from its code, shown as steps; printable."""

    title = ("Setup", "準備")
    printing = Printing()

    def __init__(self, page: TablePage, placeholder: tuple[str, str], max_length: int = 16,
                 checkable: bool = False) -> None:
        super().__init__(page)
        self.setup: Any = None
        self.checkable = checkable
        self.bar = SetupCodeBar(self, max_length)
        words(self.bar.code_edit, *placeholder, setter="setPlaceholderText")
        self.bar.new_requested.connect(self.new_setup)
        self.bar.open_requested.connect(self.open_code)
        self.steps = words(QListWidget(self), "Setup steps", "準備の手順", "setAccessibleName")
        page.bind(self, "Ctrl+N", self.bar.new_button)
        self.steps.setWordWrap(True)
        self.steps.setMinimumHeight(120)

    def new_setup(self) -> None:
        raise NotImplementedError

    def read_code(self, code: str) -> Any:
        """The setup of a typed code; `ValueError` saying why it cannot be read."""
        raise NotImplementedError

    def show_setup(self, setup: Any) -> None:
        raise NotImplementedError

    def open_code(self, code: str) -> bool:
        try:
            setup = self.read_code(code.strip())
        except ValueError as exc:
            self.say(f"That code cannot be read: {reason(exc, 'en')}",
                     f"そのコードは読めません: {reason(exc, 'ja')}")
            return False
        self.show_setup(setup)
        return True

    def show_steps(self, lines: list[str], ticks: list[bool] | None = None) -> None:
        """The steps to follow (with their ticks when the tab is a checklist)."""
        self.steps.blockSignals(True)
        self.steps.clear()
        for i, line in enumerate(lines):
            item = QListWidgetItem(line, self.steps)
            if self.checkable:
                item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                done = ticks is not None and i < len(ticks) and ticks[i]
                item.setCheckState(Qt.CheckState.Checked if done else Qt.CheckState.Unchecked)
        self.steps.blockSignals(False)

    def ticks(self) -> list[bool]:
        return [self.steps.item(i).checkState() == Qt.CheckState.Checked
                for i in range(self.steps.count())]

    def print_problem(self) -> str | None:
        return None if self.setup is not None else tr("No setup yet.", "準備はまだありません。")


def load_json(ctx: Any, key: str) -> dict[str, Any] | None:
    """A remembered JSON object under `key` in the context's settings (None if none/bad)."""
    settings = getattr(ctx, "settings", None) if ctx is not None else None
    raw = settings.value(key) if settings is not None else None
    if not raw:
        return None
    try:
        data = json.loads(str(raw))
    except ValueError:
        return None
    return data if isinstance(data, dict) else None


def store_json(ctx: Any, key: str, data: dict[str, Any]) -> None:
    """Remember `data` under `key` (nothing without settings)."""
    settings = getattr(ctx, "settings", None) if ctx is not None else None
    if settings is not None:
        settings.setValue(key, json.dumps(data, ensure_ascii=False))
        settings.sync()
