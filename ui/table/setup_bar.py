"""What the setup tabs of the table pages share: the row "New setup · [code] · Open code",
the setup's share code in large type, and the tab's state remembered as JSON in QSettings."""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QLineEdit, QPushButton, QVBoxLayout, QWidget

from ui.i18n import tr


class SetupCodeBar(QWidget):
    """New setup / type a code / Open code, and the shown setup's code (selectable)."""

    new_requested = Signal()
    open_requested = Signal(str)  # the typed code

    def __init__(self, parent: QWidget | None = None, max_length: int = 16) -> None:
        super().__init__(parent)
        self.new_button = QPushButton(self)
        self.new_button.clicked.connect(self.new_requested.emit)
        self.code_edit = QLineEdit(self)
        self.code_edit.setMaxLength(max_length)
        self.code_edit.returnPressed.connect(self._open)
        self.open_button = QPushButton(self)
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

    def retranslate(self, placeholder: tuple[str, str]) -> None:
        self.new_button.setText(tr("New setup", "新しい準備"))
        self.open_button.setText(tr("Open code", "コードを開く"))
        self.code_edit.setPlaceholderText(tr(*placeholder))


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
