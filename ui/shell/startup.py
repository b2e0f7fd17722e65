"""What happens around start-up: a database that cannot be opened (damaged, or made by a newer
version) and games left unfinished when the app last stopped.

A broken file is never changed: "Move it aside and start fresh" renames it (with its -wal and
-shm files) next to where it was and opens a new, empty history; "Quit" leaves everything as is.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMessageBox,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import tr
from ui.shell.common import format_when, game_name, heading, repo


class DatabaseProblemDialog(QDialog):
    """Explains why the history cannot be opened; `moved_aside` is True when the person chose
    to move the file aside and start fresh (the dialog is accepted), else it is rejected."""

    def __init__(self, error: Exception, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.error = error
        self.setObjectName("database_problem")
        self.setWindowTitle(tr("The history cannot be opened", "履歴を開けません"))
        self.setMinimumWidth(520)
        db = repo()
        path = getattr(error, "path", None)
        if isinstance(error, db.NewerDatabaseError):
            headline = tr("This history was made by a newer version of the app.",
                          "この履歴は新しいバージョンのアプリで作られています。")
            advice = tr("Update the app to open it. Or move the file aside (it is kept "
                        "unchanged) and start with an empty history.",
                        "開くにはアプリを更新してください。あるいは、ファイルを変更せずに"
                        "別名で残し、空の履歴で始めることもできます。")
        else:
            headline = tr("The history file is damaged or is not a history of this app.",
                          "履歴ファイルが壊れているか、このアプリの履歴ではありません。")
            advice = tr("Move the file aside (it is kept unchanged, so nothing is lost) and "
                        "start with an empty history, or quit and look at it first.",
                        "ファイルを変更せずに別名で残して（何も失われません）空の履歴で始めるか、"
                        "終了して先にファイルを確認してください。")
        self.headline = heading(self, 1.15)
        self.headline.setText(headline)
        self.headline.setWordWrap(True)
        self.details = QLabel(self)
        self.details.setObjectName("problem_details")
        self.details.setWordWrap(True)
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        where = tr(f"File: {path}", f"ファイル: {path}") if path is not None else ""
        self.details.setText("\n\n".join(part for part in (where, advice) if part))
        self.technical = QLabel(self)
        self.technical.setObjectName("problem_technical")
        self.technical.setWordWrap(True)
        self.technical.setStyleSheet("color: #6b5d45;")
        self.technical.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        message = getattr(error, "message", "") or str(error)
        self.technical.setText(tr(f"Details: {message}", f"詳細: {message}"))
        self.move_button = QPushButton(tr("Move it aside and start fresh",
                                          "別名で残して新しく始める"), self)
        self.move_button.setObjectName("move_aside")
        self.move_button.setEnabled(path is not None)
        self.move_button.clicked.connect(self.accept)
        self.quit_button = QPushButton(tr("Quit", "終了"), self)
        self.quit_button.setObjectName("quit")
        self.quit_button.clicked.connect(self.reject)
        self.quit_button.setDefault(True)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.move_button)
        buttons.addWidget(self.quit_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.details)
        layout.addWidget(self.technical)
        layout.addLayout(buttons)

    @property
    def moved_aside(self) -> bool:
        return self.result() == QDialog.DialogCode.Accepted


def _ask(error: Exception, parent: QWidget | None) -> bool:
    dialog = DatabaseProblemDialog(error, parent)
    dialog.exec()
    return dialog.moved_aside


def _tell(parent: QWidget | None, title: str, text: str) -> None:
    box = QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    box.setObjectName("database_note")
    box.exec()


def open_database_interactively(
    url: str | None, parent: QWidget | None = None,
    ask: Callable[[Exception, QWidget | None], bool] = _ask,
    tell: Callable[[QWidget | None, str, str], None] = _tell,
) -> Any:
    """The opened database, or None when the person chose to quit.

    A damaged or newer file: `ask` shows `DatabaseProblemDialog`; moving aside renames the file
    (`db.move_aside`) and opens a fresh one at the same place, then `tell` says where the old
    file now is. Any other failure is explained and gives None.
    """
    db = repo()
    while True:
        try:
            return db.open_database(url)
        except (db.CorruptDatabaseError, db.NewerDatabaseError) as error:
            if getattr(error, "path", None) is None or not ask(error, parent):
                return None
            try:
                kept = db.move_aside(error.path)
            except OSError as exc:
                tell(parent, tr("The file could not be moved", "ファイルを移動できませんでした"),
                     tr(f"{error.path} could not be renamed: {exc.strerror}. Nothing was "
                        "changed.", f"{error.path} の名前を変更できませんでした: {exc.strerror}。"
                        "何も変更していません。"))
                return None
            tell(parent, tr("A fresh history", "新しい履歴"),
                 tr(f"The old file is kept unchanged as:\n{kept}\n\nThe app now starts with an "
                    "empty history.", f"元のファイルは変更せずに次の名前で残しました:\n{kept}\n\n"
                    "空の履歴で起動します。"))
        except db.DatabaseError as error:
            tell(parent, tr("The history cannot be opened", "履歴を開けません"),
                 getattr(error, "message", "") or str(error))
            return None
        except Exception as error:  # anything else: say what happened rather than crash
            tell(parent, tr("The history cannot be opened", "履歴を開けません"),
                 f"{type(error).__name__}: {error}")
            return None


class ResumeDialog(QDialog):
    """Games left unfinished: pick one to continue, or "Not now" (they stay in the History)."""

    def __init__(self, plays: list[Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.plays = plays
        self.setObjectName("resume_offer")
        self.setWindowTitle(tr("Continue a game?", "対局を続けますか？"))
        self.setMinimumWidth(620)
        self.text = QLabel(tr(
            "These games were not finished when the app last stopped. Each is saved after "
            "every move and continues exactly where it was.",
            "前回アプリが終了したとき、次の対局は終わっていませんでした。一手ごとに保存されて"
            "いるので、そのままの局面から続けられます。"), self)
        self.text.setWordWrap(True)
        self.list = QListWidget(self)
        self.list.setObjectName("unfinished")
        for play in plays:
            seats = ", ".join(s.player for s in sorted(play.seats, key=lambda s: s.seat))
            item = QListWidgetItem(f"{game_name(play.game_id)} — "
                                   f"{format_when(play.started_at)} — {seats}", self.list)
            item.setData(Qt.ItemDataRole.UserRole, play.id)
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.resume_button = QPushButton(tr("Continue", "続ける"), self)
        self.resume_button.setObjectName("resume")
        self.resume_button.setDefault(True)
        self.resume_button.clicked.connect(self.accept)
        self.later_button = QPushButton(tr("Not now", "今はしない"), self)
        self.later_button.setObjectName("later")
        self.later_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.later_button)
        buttons.addWidget(self.resume_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.text)
        layout.addWidget(self.list)
        layout.addLayout(buttons)

    def chosen(self) -> Any:
        row = self.list.currentRow()
        return self.plays[row] if 0 <= row < len(self.plays) else None


def offer_resume(window: Any) -> ResumeDialog | None:
    """If games were left unfinished, open the offer (non-blocking); None when there are none.
    Accepting opens the chosen play in its game's Play page at the saved position."""
    from ui.play.resume import ResumeError

    try:
        plays = list(repo().unfinished_plays(window.ctx.db))
    except Exception as exc:
        window.show_message(tr(f"Unfinished games could not be read: {exc}",
                               f"未完了の対局を読み込めませんでした: {exc}"))
        return None
    if not plays:
        return None
    dialog = ResumeDialog(plays, window)

    def accepted() -> None:
        play = dialog.chosen()
        if play is None:
            return
        try:
            window.open_resumed(play)
        except ResumeError as exc:
            window.show_message(str(exc))

    dialog.accepted.connect(accepted)
    dialog.finished.connect(dialog.deleteLater)
    dialog.open()
    return dialog
