"""Settings: the interface language (switches at once), the games' colour palette (standard,
or for deuteranopia, protanopia or tritanopia; screens repaint at once, PDFs follow), where
the history is kept (a file or a database URL, used from the next start), the server's
password (a masked field that saves to the system keyring, or without one keeps it in memory
for this run and says where to put it for good) and a button that opens the data folder.

No password is ever shown or kept in the settings file: every location shown passes through
`db.redact`, and a password typed or pasted into the location is moved into the masked field
as it is typed ("user:" followed by what cannot be a port, or ?password=); while the rest of
the password is typed there, the "@" (or "&") that ends it goes back to the location.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import unquote

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import (
    QButtonGroup,
    QComboBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QRadioButton,
    QVBoxLayout,
    QWidget,
)

from companion.colours import Palette, current
from ui.context import AppContext
from ui.i18n import language, tr
from ui.main_window import KEY_PALETTE
from ui.play.palette import use_palette
from ui.shell.common import ERROR_STYLE, OK_STYLE, heading, repo

KEY_LANGUAGE = "language"
KEY_DATABASE = "database/url"


def database_url(text: str) -> str:
    """A database URL from what a person typed (a URL, or a file path as SQLite; "" for the
    default), or `db.DatabaseLocationError` saying in a sentence what is wrong with it."""
    return str(repo().check_location(text))


def password_places() -> str:
    """Where PostgreSQL users keep a password when the app cannot (one sentence's end)."""
    return tr("put it in ~/.pgpass (a line host:port:database:user:password, readable by you "
              "only), in a libpq service file, or in PGPASSWORD",
              "~/.pgpass（ホスト:ポート:データベース:ユーザー:パスワード の 1 行、自分だけが"
              "読める設定）、PostgreSQL のサービスファイル、または PGPASSWORD に入れてください")


def data_folder(ctx: AppContext) -> Path:
    """The folder of the SQLite file in use, else the default data folder."""
    path = getattr(ctx.db, "path", None) if ctx.db is not None else None
    if path is not None:
        return Path(path).parent
    from ui.app import default_data_dir

    return default_data_dir()


def open_folder(folder: Path) -> bool:
    """Show the folder in the system's file manager."""
    folder.mkdir(parents=True, exist_ok=True)
    return bool(QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder))))


class SettingsPage(QWidget):
    """Language, colour palette and database location."""

    def __init__(self, ctx: AppContext, window: Any = None) -> None:
        super().__init__()
        self.ctx, self.window_ = ctx, window
        self.title = heading(self)
        self.language_box = QGroupBox(self)
        self.english = QRadioButton("English", self.language_box)
        self.english.setObjectName("lang_en")
        self.japanese = QRadioButton("日本語", self.language_box)
        self.japanese.setObjectName("lang_ja")
        group = QButtonGroup(self)
        group.addButton(self.english)
        group.addButton(self.japanese)
        (self.japanese if language().code == "ja" else self.english).setChecked(True)
        self.english.toggled.connect(lambda on: self._language_toggled(on, "en"))
        self.japanese.toggled.connect(lambda on: self._language_toggled(on, "ja"))
        language_row = QHBoxLayout(self.language_box)
        language_row.addWidget(self.english)
        language_row.addWidget(self.japanese)
        language_row.addStretch(1)

        self.colour_box = QGroupBox(self)
        self.colour_box.setObjectName("colour_box")
        self.palette_combo = QComboBox(self.colour_box)
        self.palette_combo.setObjectName("palette")
        for palette in Palette:
            self.palette_combo.addItem("", palette.value)
        self.palette_combo.setCurrentIndex(list(Palette).index(current()))
        self.palette_combo.currentIndexChanged.connect(self._palette_chosen)
        self.palette_note = QLabel(self.colour_box)
        self.palette_note.setObjectName("palette_note")
        self.palette_note.setWordWrap(True)
        colour_form = QFormLayout(self.colour_box)
        colour_form.addRow(self.palette_combo)
        colour_form.addRow(self.palette_note)

        self.db_box = QGroupBox(self)
        self.current_label = QLabel(self.db_box)
        self.current_value = QLabel(self.db_box)
        self.current_value.setObjectName("db_current")
        self.current_value.setWordWrap(True)
        self.current_value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.next_label = QLabel(self.db_box)
        self.db_edit = QLineEdit(self.db_box)
        self.db_edit.setObjectName("db_url")
        self.db_edit.textChanged.connect(self._location_typed)
        self.db_edit.textEdited.connect(self._move_password_out)
        self.password_label = QLabel(self.db_box)
        self.password_edit = QLineEdit(self.db_box)
        self.password_edit.setObjectName("db_password")
        self.password_edit.setEchoMode(QLineEdit.EchoMode.Password)
        #: While the password moved out of the location is typed on: the character that ends
        #: it and goes back to the location ("@" or "&"); "" otherwise.
        self._open_end = ""
        self.password_edit.textEdited.connect(self._password_typed)
        self.password_edit.editingFinished.connect(self._close_password)
        self.password_note = QLabel(self.db_box)
        self.password_note.setObjectName("password_note")
        self.password_note.setWordWrap(True)
        self.browse_button = QPushButton(self.db_box)
        self.browse_button.clicked.connect(self._browse)
        self.save_button = QPushButton(self.db_box)
        self.save_button.setObjectName("db_save")
        self.save_button.clicked.connect(self.save_database)
        self.default_button = QPushButton(self.db_box)
        self.default_button.setObjectName("db_default")
        self.default_button.clicked.connect(self.use_default)
        self.folder_button = QPushButton(self.db_box)
        self.folder_button.setObjectName("open_folder")
        self.folder_button.clicked.connect(self.open_data_folder)
        self.db_note = QLabel(self.db_box)
        self.db_note.setWordWrap(True)
        self.db_status = QLabel(self.db_box)
        self.db_status.setObjectName("db_status")
        self.db_status.setWordWrap(True)
        edit_row = QHBoxLayout()
        edit_row.addWidget(self.db_edit, 1)
        edit_row.addWidget(self.browse_button)
        buttons = QHBoxLayout()
        for button in (self.save_button, self.default_button, self.folder_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        form = QFormLayout(self.db_box)
        form.addRow(self.current_label, self.current_value)
        form.addRow(self.next_label, edit_row)
        form.addRow(self.password_label, self.password_edit)
        form.addRow(self.password_note)
        form.addRow(buttons)
        form.addRow(self.db_note)
        form.addRow(self.db_status)

        layout = QVBoxLayout(self)
        layout.addWidget(self.title)
        layout.addWidget(self.language_box)
        layout.addWidget(self.colour_box)
        layout.addWidget(self.db_box)
        layout.addStretch(1)
        stored = ctx.settings.value(KEY_DATABASE)
        # (an older version's password, if still there, is not put back into the field)
        self.db_edit.setText(repo().split_password(str(stored))[0] if stored else "")
        language().changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        self.title.setText(tr("Settings", "設定"))
        for button, code in ((self.english, "en"), (self.japanese, "ja")):
            button.blockSignals(True)
            button.setChecked(language().code == code)
            button.blockSignals(False)
        self.language_box.setTitle(tr("Language", "言語"))
        self.colour_box.setTitle(tr("Colours", "色"))
        for index, palette in enumerate(Palette):
            self.palette_combo.setItemText(index, palette.label(language().code))
        self.palette_note.setText(tr(
            "The games' colours for the colour vision chosen, on screen and in PDFs. Every "
            "colour that matters also shows a letter, a symbol, a number or a double frame.",
            "選んだ色覚に合わせたゲームの色（画面と PDF）。意味のある色にはどれも、文字・記号・"
            "番号・二重枠のいずれかも付きます。"))
        self.db_box.setTitle(tr("History database", "履歴データベース"))
        self.current_label.setText(tr("In use", "使用中"))
        self.next_label.setText(tr("From next start", "次回起動から"))
        self.db_edit.setPlaceholderText(tr("default (a file in the data folder), a file, or a "
                                           "URL such as postgresql://host/db",
                                           "既定（データフォルダ内のファイル）、ファイル、または "
                                           "postgresql://host/db のような URL"))
        self.browse_button.setText(tr("File…", "ファイル…"))
        self.password_label.setText(tr("Password", "パスワード"))
        self._location_typed(self.db_edit.text())
        self.save_button.setText(tr("Use from next start", "次回起動から使う"))
        self.default_button.setText(tr("Back to default", "既定に戻す"))
        self.folder_button.setText(tr("Open data folder", "データフォルダを開く"))
        self.db_note.setText(tr("The database in use does not change until the app is "
                                "started again. Nothing is copied or deleted.",
                                "アプリを再起動するまで使用中のデータベースは変わりません。"
                                "データのコピーや削除は行いません。"))
        self.refresh_current()

    def refresh_current(self) -> None:
        if self.ctx.db is None:
            self.current_value.setText(tr("(opening…)", "（開いています…）"))
        else:
            self.current_value.setText(repo().redact(str(getattr(self.ctx.db, "url", ""))))

    def activated(self) -> None:
        self.refresh_current()

    def reload(self) -> None:
        self.refresh_current()

    # --- actions ----------------------------------------------------------------------------
    def _language_toggled(self, on: bool, code: str) -> None:
        if on:
            self.set_language(code)

    def set_language(self, code: str) -> None:
        """Switch the interface language now and remember it."""
        self.ctx.settings.setValue(KEY_LANGUAGE, code)
        language().set(code)

    def _palette_chosen(self, index: int) -> None:
        self.set_palette(Palette.parse(self.palette_combo.itemData(index)))

    def set_palette(self, palette: Palette) -> None:
        """Draw the games (and PDFs) in `palette` now and remember it."""
        self.ctx.settings.setValue(KEY_PALETTE, palette.value)
        use_palette(palette)

    def _browse(self) -> None:
        name, _ = QFileDialog.getSaveFileName(
            self, tr("History database file", "履歴データベースのファイル"),
            str(data_folder(self.ctx) / "companion.db"), "SQLite (*.db *.sqlite)",
            options=QFileDialog.Option.DontConfirmOverwrite)
        if name:
            self.db_edit.setText(name)

    def _move_password_out(self, text: str) -> None:
        """A password typed or pasted into the location moves into the masked field at once;
        one still being typed goes on there."""
        taken = repo().credentials.take_password(text)
        if taken is None:
            return
        self.db_edit.setText(taken.url)
        self.password_edit.setText(taken.password)
        self._open_end = taken.open_end
        if taken.open_end:
            self.password_edit.setFocus()
            self.password_edit.end(False)

    def _password_typed(self, text: str) -> None:
        """The "@" (or "&") that ends a password moved out of the location goes back there,
        and so does the typing."""
        if not self._open_end or self._open_end not in text:
            return
        password, rest = text.split(self._open_end, 1)
        self.password_edit.setText(unquote(password))
        url = self.db_edit.text()
        joint = "?" if self._open_end == "&" and "?" not in url else self._open_end
        self._open_end = ""
        self.db_edit.setText(url + joint + rest)
        self.db_edit.setFocus()
        self.db_edit.end(False)

    def _close_password(self) -> None:
        """Leaving the masked field ends a password moved there (its encoding undone)."""
        if self._open_end:
            self._open_end = ""
            self.password_edit.setText(unquote(self.password_edit.text()))

    def _location_typed(self, text: str) -> None:
        """The password field is for a database server (kept in the keyring, or without one
        in memory for this run)."""
        db = repo()
        keyring = db.keyring_name()
        # the field's text now: a password moved out of `text` may have changed it since
        self.password_edit.setEnabled(db.is_server_url(self.db_edit.text().strip()))
        if keyring is not None:
            self.password_note.setText(tr(
                f"For a database server: the password is kept in the system keyring "
                f"({keyring}), never in the settings file. Leave it empty to use ~/.pgpass, a "
                "service file or PGPASSWORD.",
                f"データベースサーバー用: パスワードはシステムのキーリング（{keyring}）に保管し、"
                "設定ファイルには保存しません。空欄なら ~/.pgpass、サービスファイル、"
                "PGPASSWORD を使います。"))
        else:
            self.password_note.setText(tr(
                "This computer has no system keyring: a database server's password typed here "
                "is kept in memory only while the app runs, never in a file. To keep it, "
                f"{password_places()}.",
                "このコンピューターにはシステムのキーリングがありません。ここに入力したデータベース"
                "サーバーのパスワードはアプリの実行中だけメモリーに保持し、ファイルには保存"
                f"しません。保管するには、{password_places()}。"))

    def save_database(self) -> None:
        """Remember the typed location (a file or URL) for the next start; its password goes
        to the keyring, never into the settings file."""
        db = repo()
        try:
            url = database_url(self.db_edit.text())
        except Exception as exc:  # db.DatabaseLocationError: a mistyped location
            self._status(exc.text(language().code) if hasattr(exc, "text") else
                         db.redact(str(exc)), error=True)
            return
        if not url:
            self.use_default()
            return
        url, typed_in_url = db.split_password(url)
        password = self.password_edit.text() or typed_in_url
        self.password_edit.clear()
        self.ctx.settings.setValue(KEY_DATABASE, url)
        self.ctx.settings.sync()
        self.db_edit.setText(url)
        shown = db.redact(url)
        sentence = tr(f"From the next start the history is kept in {shown}.",
                      f"次回起動から履歴は {shown} に保存されます。")
        if password and db.is_server_url(url):
            db.credentials.remember_password(url, password)
            if db.store_password(url, password):
                sentence += tr(" Its password is kept in the system keyring.",
                               "パスワードはシステムのキーリングに保管しました。")
            else:
                line = db.credentials.pgpass_line(url)
                sentence += tr(
                    " Its password is kept in memory only while the app runs (this computer "
                    f"has no system keyring); for the next starts {password_places()} — in "
                    f"~/.pgpass the line is {line}.",
                    "パスワードはアプリの実行中だけメモリーに保持します（このコンピューターには"
                    f"システムのキーリングがありません）。次回起動以降のために、{password_places()}"
                    f"（~/.pgpass の行は {line}）。")
        self._status(sentence)

    def use_default(self) -> None:
        self.ctx.settings.remove(KEY_DATABASE)
        self.db_edit.clear()
        self._status(tr("From the next start the default database is used.",
                        "次回起動から既定のデータベースを使います。"))

    def open_data_folder(self) -> None:
        folder = data_folder(self.ctx)
        if not open_folder(folder):
            self._status(tr(f"The folder could not be opened: {folder}",
                            f"フォルダを開けませんでした: {folder}"), error=True)
        else:
            self._status(str(folder))

    def _status(self, text: str, error: bool = False) -> None:
        self.db_status.setStyleSheet(ERROR_STYLE if error else OK_STYLE)
        self.db_status.setText(text)
