"""What happens around start-up: a history that cannot be opened (damaged, made by a newer
version, read-only, locked by another program, a mistyped location...) and games left
unfinished when the app last stopped.

A broken file is never changed: "Move it aside and start fresh" renames it (with its -wal and
-shm files) next to where it was and opens a new, empty history; "Quit" leaves everything as is.
A history chosen elsewhere (Settings, --db) that cannot be opened — a server that cannot be
reached — does not lock the person out: the app can use the local history for this run, and
open Settings to change the choice.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import partial
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

from companion.display import names_text, seat_name
from ui.i18n import language, os_error_text, tr
from ui.shell.common import format_when, game_name, heading, repo

#: What SQLite says most often, for the details in Japanese (the rest is shown as it is).
_DRIVER_JA = {
    "file is not a database": "データベースファイルではありません",
    "database disk image is malformed": "データベースのイメージが壊れています",
    "database is locked": "データベースがロックされています",
    "unable to open database file": "データベースファイルを開けません",
    "attempt to write a readonly database": "読み取り専用のデータベースです",
    "database or disk is full": "データベースまたはディスクがいっぱいです",
    "no such table": "テーブルがありません",
    "no version table": "バージョン表がありません",
}


def problem_sentence(error: Exception) -> str:
    """The one plain sentence about `error`, in the interface language."""
    if isinstance(error, repo().DatabaseError):
        return str(error.text(language().code))
    return tr("The history cannot be opened.", "履歴を開けません。")


#: Why a server could not be reached, from what libpq said: (its words, English, Japanese).
_CONNECTION_REASONS = (
    ("connection refused", "the server refused the connection (is it running, and is the "
                           "port right?)",
     "サーバーが接続を拒否しました（サーバーは動いていますか。ポート番号は正しいですか）"),
    ("timeout expired", "the server did not answer in time", "サーバーが時間内に応答しません"),
    ("timed out", "the server did not answer in time", "サーバーが時間内に応答しません"),
    ("could not translate host name", "no computer of that name was found",
     "その名前のコンピューターが見つかりません"),
    ("name or service not known", "no computer of that name was found",
     "その名前のコンピューターが見つかりません"),
    ("no route to host", "the network cannot reach the server",
     "ネットワークからサーバーに届きません"),
    ("network is unreachable", "the network cannot reach the server",
     "ネットワークからサーバーに届きません"),
    ("password authentication failed", "the server refused the user name or password",
     "サーバーがユーザー名かパスワードを受け付けませんでした"),
    ("no password supplied", "the server asks for a password and none was given",
     "サーバーがパスワードを求めていますが、指定されていません"),
    ("does not exist", "the server has no such database or user",
     "サーバーにそのデータベースかユーザーがありません"),
)


def problem_reason(error: Exception) -> str:
    """Why a server history could not be reached, in the interface language ("" when the
    problem is not reaching a server)."""
    detail = repo().redact(str(getattr(error, "detail", "") or ""))
    if not detail or getattr(error, "path", None) is not None:
        return ""
    lowered = detail.lower()
    for words, english, japanese in _CONNECTION_REASONS:
        if words in lowered:
            return tr(f"Reason: {english}.", f"理由: {japanese}。")
    if "connection" not in lowered:
        return ""
    said = detail.split(": ", 1)[-1]
    return tr(f"Reason: the server said “{said}”.", f"理由: サーバーの応答は「{said}」です。")


def problem_details(error: Exception) -> str:
    """The technical part, shown on request: the file and what the database said."""
    path = getattr(error, "path", None)
    technical = repo().redact(getattr(error, "detail", "") or f"{type(error).__name__}: {error}")
    if language().code == "ja":
        for english, japanese in _DRIVER_JA.items():
            technical = technical.replace(english, f"{japanese}（{english}）")
    lines = [tr(f"File: {path}", f"ファイル: {path}")] if path is not None else []
    return "\n".join([*lines, tr(f"Technical detail: {technical}", f"技術的な詳細: {technical}")])


class DatabaseProblemDialog(QDialog):
    """Why the history cannot be opened, in one plain sentence (the technical detail behind
    "Show details"), and what the person can do: move a damaged or newer file aside and start
    fresh, try again when another program holds the history locked, or quit; for a history
    chosen `elsewhere` than the local file (Settings, --db), also use the local history this
    time or open Settings. `choice` is MOVE, RETRY, LOCAL, SETTINGS or QUIT."""

    MOVE, RETRY, LOCAL, SETTINGS, QUIT = "move", "retry", "local", "settings", "quit"

    def __init__(self, error: Exception, parent: QWidget | None = None, *,
                 elsewhere: bool = False) -> None:
        super().__init__(parent)
        self.error = error
        self.choice = self.QUIT
        self.setObjectName("database_problem")
        self.setWindowTitle(tr("The history cannot be opened", "履歴を開けません"))
        self.setMinimumWidth(520)
        db = repo()
        self.headline = heading(self, 1.1)
        self.headline.setObjectName("problem_sentence")
        self.headline.setWordWrap(True)
        self.headline.setText(problem_sentence(error))
        self.reason = QLabel(problem_reason(error), self)
        self.reason.setObjectName("problem_reason")
        self.reason.setWordWrap(True)
        self.reason.setVisible(bool(self.reason.text()))
        self.details = QLabel(problem_details(error), self)
        self.details.setObjectName("problem_details")
        self.details.setWordWrap(True)
        self.details.setStyleSheet("color: #6b5d45;")
        self.details.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.details.setVisible(False)
        self.details_button = QPushButton(tr("Show details", "詳細を表示"), self)
        self.details_button.setObjectName("show_details")
        self.details_button.setCheckable(True)
        self.details_button.toggled.connect(self._show_details)
        movable = (isinstance(error, db.CorruptDatabaseError | db.NewerDatabaseError)
                   and not isinstance(error, db.NotAHistoryError)  # another program's file
                   and getattr(error, "path", None) is not None)
        self.move_button = QPushButton(tr("Move it aside and start fresh",
                                          "別名で残して新しく始める"), self)
        self.move_button.setObjectName("move_aside")
        self.move_button.setToolTip(tr(
            "The file is renamed, not changed: nothing is lost, and the app starts with an "
            "empty history.", "ファイルは名前を変えるだけで変更しません。何も失われず、空の履歴で"
                              "始めます。"))
        self.move_button.setVisible(movable)
        self.move_button.clicked.connect(lambda: self._choose(self.MOVE))
        self.retry_button = QPushButton(tr("Try again", "もう一度試す"), self)
        self.retry_button.setObjectName("retry")
        self.retry_button.setVisible(isinstance(error, db.HistoryBusyError))
        self.retry_button.clicked.connect(lambda: self._choose(self.RETRY))
        self.local_button = QPushButton(tr("Use the local history this time",
                                           "今回はローカルの履歴を使う"), self)
        self.local_button.setObjectName("use_local")
        self.local_button.setToolTip(tr(
            "Opens the history file on this computer for this run only; the choice in Settings "
            "stays as it is.", "今回だけこのコンピューターの履歴ファイルを開きます。設定の選択は"
                               "そのままです。"))
        self.local_button.setVisible(elsewhere)
        self.local_button.clicked.connect(lambda: self._choose(self.LOCAL))
        self.settings_button = QPushButton(tr("Open Settings", "設定を開く"), self)
        self.settings_button.setObjectName("open_settings")
        self.settings_button.setToolTip(tr(
            "Uses the local history for this run and opens Settings, where the history's place "
            "can be changed for the next start.", "今回はローカルの履歴を使い、設定を開きます。"
            "次回起動からの履歴の場所を変更できます。"))
        self.settings_button.setVisible(elsewhere)
        self.settings_button.clicked.connect(lambda: self._choose(self.SETTINGS))
        self.quit_button = QPushButton(tr("Quit", "終了"), self)
        self.quit_button.setObjectName("quit")
        self.quit_button.clicked.connect(lambda: self._choose(self.QUIT))
        # a history elsewhere that cannot be reached: Enter goes on with the local one
        (self.local_button if elsewhere else self.quit_button).setDefault(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.details_button)
        buttons.addStretch(1)
        buttons.addWidget(self.move_button)
        buttons.addWidget(self.retry_button)
        buttons.addWidget(self.settings_button)
        buttons.addWidget(self.local_button)
        buttons.addWidget(self.quit_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.headline)
        layout.addWidget(self.reason)
        layout.addWidget(self.details)
        layout.addLayout(buttons)

    def _show_details(self, shown: bool) -> None:
        self.details.setVisible(shown)
        self.details_button.setText(tr("Hide details", "詳細を隠す") if shown
                                    else tr("Show details", "詳細を表示"))
        self.adjustSize()

    def _choose(self, choice: str) -> None:
        self.choice = choice
        (self.reject if choice == self.QUIT else self.accept)()

    @property
    def moved_aside(self) -> bool:
        return self.choice == self.MOVE


def _ask(error: Exception, parent: QWidget | None, elsewhere: bool = False) -> str:
    dialog = DatabaseProblemDialog(error, parent, elsewhere=elsewhere)
    dialog.exec()
    return dialog.choice


def tell(parent: QWidget | None, title: str, text: str) -> None:
    """A note the person reads and closes (modal)."""
    box = QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    box.setObjectName("database_note")
    box.exec()


#: The histories whose unencrypted connection the person was already warned about.
KEY_WARNED = "database/warned_unencrypted"


def warn_once(window: Any, database: Any) -> QMessageBox | None:
    """The history's warning (a server on another computer reached without TLS), shown the
    first time only for each history; the box, or None when there was nothing new to say."""
    notice = getattr(database, "notice", None)
    if notice is None:
        return None
    settings = window.ctx.settings
    warned = [str(key) for key in settings.value(KEY_WARNED, [], type=list)]
    if notice.key in warned:
        return None
    settings.setValue(KEY_WARNED, [*warned, notice.key])
    box = QMessageBox(QMessageBox.Icon.Warning, tr("Not encrypted", "暗号化されていません"),
                      notice.text(language().code), QMessageBox.StandardButton.Ok, window)
    box.setObjectName("transport_warning")
    box.finished.connect(box.deleteLater)
    box.open()
    return box


def open_database_interactively(
    url: str | None, parent: QWidget | None = None,
    ask: Callable[[Exception, QWidget | None], str] | None = None,
    tell: Callable[[QWidget | None, str, str], None] = tell,
    fell_back: Callable[[str, Exception], None] | None = None,
) -> Any:
    """The opened database, or None when the person chose to quit.

    Whatever stops the history from opening, `ask` shows `DatabaseProblemDialog` (one
    sentence, details on request). Moving aside renames the file (`db.move_aside`) and opens a
    fresh one at the same place, then `tell` says where the old file now is; "Try again" (the
    history was locked) opens it again. For a history chosen elsewhere, "Use the local
    history this time" and "Open Settings" open the local history instead, after telling
    `fell_back` the choice (LOCAL or SETTINGS) and what stopped the chosen one.
    """
    db = repo()
    while True:
        try:
            return db.open_database(url)
        except Exception as error:  # every failure is explained rather than a crash
            choice = (ask or partial(_ask, elsewhere=is_elsewhere(url)))(error, parent)
            path = getattr(error, "path", None)
            failure = error
        if choice == DatabaseProblemDialog.RETRY:
            continue
        if choice in (DatabaseProblemDialog.LOCAL, DatabaseProblemDialog.SETTINGS):
            url = local_history_url()
            if url is None:
                return None
            if fell_back is not None:
                fell_back(choice, failure)
            continue
        if choice != DatabaseProblemDialog.MOVE or path is None:
            return None
        try:
            kept = db.move_aside(path)
        except db.DatabaseError as exc:  # open in another window of the app
            tell(parent, tr("The file could not be moved", "ファイルを移動できませんでした"),
                 exc.text(language().code))
            return None
        except OSError as exc:
            tell(parent, tr("The file could not be moved", "ファイルを移動できませんでした"),
                 tr(f"{path} could not be renamed ({exc.strerror}); nothing was changed.",
                    f"{path} の名前を変更できませんでした（{os_error_text(exc, 'ja')}）。"
                    "何も変更していません。"))
            return None
        tell(parent, tr("A fresh history", "新しい履歴"),
             tr(f"The old file is kept unchanged as:\n{kept}\n\nThe app now starts with an "
                "empty history.", f"元のファイルは変更せずに次の名前で残しました:\n{kept}\n\n"
                "空の履歴で起動します。"))


def local_history_url() -> str | None:
    """The history file in the data folder (None: the folder cannot be made)."""
    from db.engine import local_history_url as local

    try:
        return str(local())
    except repo().DatabaseError:
        return None


def is_elsewhere(url: str | None) -> bool:
    """The history to open is chosen (an argument, COMPANION_DB_URL or Settings) and is not
    the local history file: the local one can stand in for a run."""
    chosen = url or os.environ.get("COMPANION_DB_URL")
    if not chosen:
        return False
    try:
        return str(repo().check_location(chosen)) != str(repo().default_url())
    except repo().DatabaseError:  # a mistyped location: elsewhere too
        return True


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
            lang = language().code
            seats = names_text((seat_name(s, lang)
                                for s in sorted(play.seats, key=lambda s: s.seat)), lang)
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
        reason = (exc.text(language().code) if isinstance(exc, repo().DatabaseError)
                  else repo().redact(str(exc)))
        window.show_message(tr(f"Unfinished games could not be read: {reason}",
                               f"未完了の対局を読み込めませんでした: {reason}"))
        return None
    from db.reading import left_out_text, readable

    plays, unreadable = readable(plays)  # a row the app cannot read is not offered
    if unreadable:
        window.show_message(left_out_text((p.id for p in unreadable), language().code))
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
