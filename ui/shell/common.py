"""Small helpers the shell pages share: the repository module, dialogs, names and dates."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from PySide6.QtGui import QFont
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ui.i18n import language, tr

if TYPE_CHECKING:  # not imported at start-up (issue 35): only the dates' type
    from datetime import datetime

ERROR_STYLE = "color: #b00020;"
OK_STYLE = "color: #1b5e20;"


def _qt() -> Any:
    """Qt's namespace of enums: PySide6 makes its hundred Python enums when it is first
    imported (about 25 ms), so the modules the main window loads at start-up import it late."""
    from PySide6.QtCore import Qt

    return Qt


class MessageLabel(QLabel):
    """A red message line that takes no room while it is empty."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setStyleSheet(ERROR_STYLE)
        self.setVisible(False)

    def setText(self, text: str) -> None:
        super().setText(text)
        self.setVisible(bool(text))


def short_name(name: str, limit: int = 32) -> str:
    """A name for a sentence: at most `limit` characters (then "…"), isolated (see
    `companion.display.isolate`) so that a right-to-left name keeps the sentence in order."""
    from companion.display import isolate

    return isolate(name if len(name) <= limit else name[:limit - 1] + "…")


class EmptyState(QWidget):
    """What a page shows instead of an empty table: what to do, and a button to go there."""

    def __init__(self, parent: QWidget | None = None,
                 go: Callable[[], object] | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("empty_state")
        self.label = QLabel(self)
        self.label.setObjectName("empty_text")
        self.label.setWordWrap(True)
        self.label.setAlignment(_qt().AlignmentFlag.AlignCenter)
        font = QFont(self.label.font())
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.label.setFont(font)
        self.label.setStyleSheet("color: #5b503e;")
        self.label.setMaximumWidth(560)  # a readable line, not one across the page
        self.button = QPushButton(self)
        self.button.setObjectName("empty_go")
        if go is not None:
            self.button.clicked.connect(lambda: go())
        row = QHBoxLayout()
        row.addStretch(1)
        row.addWidget(self.button)
        row.addStretch(1)
        text_row = QHBoxLayout()
        text_row.addStretch(1)
        text_row.addWidget(self.label, 100)
        text_row.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addStretch(1)
        layout.addLayout(text_row)
        layout.addSpacing(8)
        layout.addLayout(row)
        layout.addStretch(2)

    def set_text(self, text: str, button: str = "") -> None:
        """The advice, and the button's text (no button when empty)."""
        self.label.setText(text)
        self.button.setText(button)
        self.button.setVisible(bool(button))

    def text(self) -> str:
        return self.label.text()


def go_to_library(window: Any) -> Callable[[], object]:
    """A slot that shows the Library of `window` (nothing without a window)."""
    return lambda: window.show_page("library") if window is not None else None


def library_button() -> str:
    return tr("Open the Library", "ライブラリを開く")


def repo() -> ModuleType:
    """The `db` package (imported on first use: SQLAlchemy is slow to import)."""
    import db

    return db


def organiser_refusal(ctx: Any, action: tuple[str, str]) -> str:
    """Why this login may not do `action` (db/errors.py's DELETE_PLAYS, MERGE_PLAYERS...) in
    a club's shared history: a sentence naming the role that may; "" when it may."""
    database = getattr(ctx, "db", None)
    access = getattr(database, "access", None)
    if database is None or access is None or database.is_organiser:
        return ""
    verb, noun = action
    return tr(f"Only the organiser role “{access.organiser}” may {verb} in this history "
              f"(you are logged in as “{access.login}”).",
              f"この履歴で{noun}ができるのはオーガナイザーのロール「{access.organiser}」だけ"
              f"です（現在のログインは「{access.login}」）。")


def other_games(ctx: Any) -> list[str]:
    """Games the app does not know that the history holds ("other:Catan"), by name; none when
    the history is not open or cannot be read (a list to offer is a help, not a must)."""
    if getattr(ctx, "db", None) is None:
        return []
    try:
        return list(repo().other_game_ids(ctx.db))
    except Exception:
        return []


def game_name(game_id: str) -> str:
    """A game's name in the current language (its id when unknown)."""
    from companion.export.sheets import game_name as name

    return name(game_id, language().code)


def format_when(when: datetime | None) -> str:
    return when.strftime("%Y-%m-%d %H:%M") if when is not None else ""


def format_number(value: float | None) -> str:
    if value is None:
        return "—"
    return str(int(value)) if float(value).is_integer() else f"{value:.1f}"


def mode_text(mode: Any) -> str:
    value = getattr(mode, "value", str(mode))
    return tr("Digital", "デジタル") if value == "digital" else tr("Table", "卓上")


def named_button(parent: QWidget, name: str, slot: Callable[[], object]) -> QPushButton:
    """A push button with an object name (tests and style sheets find it) and what it does;
    its text comes with the page's `retranslate`."""
    button = QPushButton(parent)
    button.setObjectName(name)
    button.clicked.connect(lambda _=False: slot())
    return button


def heading(parent: QWidget, scale: float = 1.35) -> QLabel:
    """A bold title label."""
    label = QLabel(parent)
    font = QFont(label.font())
    font.setPointSizeF(font.pointSizeF() * scale)
    font.setBold(True)
    label.setFont(font)
    return label


def ask_save_path(parent: QWidget | None, title: str, suggested: str,
                  file_filter: str = "PDF (*.pdf)") -> Path | None:
    """A file to write, chosen by the person (None when they cancel)."""
    from PySide6.QtWidgets import QFileDialog

    name, _ = QFileDialog.getSaveFileName(parent, title, suggested, file_filter)
    return Path(name) if name else None


def confirm(parent: QWidget | None, title: str, text: str, yes: str) -> bool:
    """Ask before something that cannot be undone; True when the person agrees."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.NoButton,
                      parent)
    yes_button = box.addButton(yes, QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(tr("Cancel", "キャンセル"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    return box.clickedButton() is yes_button


def write_play_pdf(play: Any, path: Path) -> None:
    """The play's filled sheets as one PDF (the game's own layout when it has one)."""
    from companion.export.pdf import render_sheets
    from companion.export.sheets import play_sheets

    render_sheets(play_sheets(play, language().code), path)
