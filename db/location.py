"""Where the history lives: the one check of a typed location (a file path or a database URL),
used by `--db`, COMPANION_DB_URL, Settings and `open_database`.

A mistyped location is refused with a sentence instead of becoming a new, empty history:
- a URL must name a supported database (sqlite, postgresql) whose driver is installed;
- a file (a path, or a sqlite:/// URL) must be in a folder that exists and must not be a
  folder itself; a path must be absolute (or start with ~): a relative one would depend on
  the folder the app happened to start in.
A new file in an existing folder is a new history: that is how a person starts one.
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

import platformdirs
from sqlalchemy.engine import URL, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError

from db.credentials import MASK, is_ambiguous, mask_location
from db.errors import DatabaseLocationError, location

APP_NAME = "TabletopCompanion"
DB_FILE = "companion.db"
SUPPORTED = ("sqlite", "postgresql")


def data_dir() -> Path:
    """The folder of the default database (env COMPANION_DATA_DIR overrides it)."""
    override = os.environ.get("COMPANION_DATA_DIR")
    return Path(override) if override else Path(platformdirs.user_data_dir(APP_NAME, False))


def is_default_data_dir(folder: Path) -> bool:
    """Whether `folder` is the app's own data folder (not one COMPANION_DATA_DIR names)."""
    return folder == Path(platformdirs.user_data_dir(APP_NAME, False))


def default_url() -> str:
    return f"sqlite:///{data_dir() / DB_FILE}"


def sqlite_path(url: str) -> Path | None:
    """The file of a SQLite URL (None: another database, or SQLite in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database or "")


def check_location(text: str) -> str:
    """The database URL of what a person typed ("" for the default), or
    `DatabaseLocationError` with a sentence saying what is wrong with it."""
    text = text.strip()
    if not text:
        return ""
    if "://" not in text:
        return _file_url(_absolute_path(text))
    url = _parse(text)
    if url.get_backend_name() == "sqlite" and url.database in (None, "", ":memory:"):
        raise location(
            f"{mask_location(text)} names a history kept in memory only, gone when the app "
            "closes; give a file, such as sqlite:///home/me/companion.db.",
            f"{mask_location(text)} はメモリ上だけの履歴で、アプリを閉じると消えます。"
            "sqlite:///home/me/companion.db のようにファイルを指定してください。")
    if url.get_backend_name() == "sqlite":
        _check_sqlite_parameters(text, url)
        path = Path(url.database or "").expanduser()
        return _file_url(path if path.is_absolute() else Path.cwd() / path, url)
    return text


def _check_sqlite_parameters(text: str, url: URL) -> None:
    """Each parameter of a SQLite URL (`?timeout=5`...) reads as the driver needs it."""
    dialect = url.get_dialect()()
    for key, value in url.query.items():
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")  # a parameter SQLite ignores is no mistake
                dialect.create_connect_args(url.set(query={key: value}))
        except (ValueError, TypeError):
            shown = f"{key}={value}"[:60]
            raise location(
                f"The parameter “{shown}” of {mask_location(text)} cannot be read (timeout is a "
                "number of seconds, check_same_thread and uri are true or false); correct it "
                "or remove it.",
                f"{mask_location(text)} のパラメーター「{shown}」を読めません（timeout は秒数、"
                "check_same_thread と uri は true か false）。直すか削除してください。") from None


def _absolute_path(text: str) -> Path:
    path = Path(text).expanduser()
    if not path.is_absolute():
        raise location(
            f"“{mask_location(text)}” is neither a file path (starting with / or ~) nor a "
            "database URL such as postgresql://host/db.",
            f"「{mask_location(text)}」はファイルのパス（/ か ~ で始まる）でも、"
            "postgresql://host/db のようなデータベースの URL でもありません。")
    return path


def _parse(text: str) -> URL:
    if is_ambiguous(text):
        raise _ambiguous(text)
    try:
        url = make_url(text)
    except (ArgumentError, ValueError):  # ValueError: a port that is not a number
        shown = mask_location(text)
        raise location(f"“{shown}” is not a database URL such as postgresql://host/db.",
                       f"「{shown}」は postgresql://host/db のようなデータベースの URL では"
                       "ありません。", f"{shown}: not a URL") from None
    if url.get_backend_name() not in SUPPORTED:
        raise _unsupported(text, url.get_backend_name())
    try:
        dialect = url.get_dialect()
    except NoSuchModuleError as exc:
        raise _unsupported(text, url.drivername) from exc
    try:
        dialect.import_dbapi()
    except ImportError as exc:
        raise location(
            f"The database driver of {mask_location(text)} ({dialect.driver}) is not installed; "
            "for PostgreSQL install the app with its postgres extra "
            "(pip install 'tabletop-companion[postgres]').",
            f"{mask_location(text)} のデータベースドライバ（{dialect.driver}）がインストールされて"
            "いません。PostgreSQL には postgres 追加機能付きでインストールしてください"
            "（pip install 'tabletop-companion[postgres]'）。", str(exc)) from None
    return url


def _ambiguous(text: str) -> DatabaseLocationError:
    shown = mask_location(text)
    return location(
        f"The address {shown} has more than one “@” before its server's name, so its user "
        "name and password cannot be told apart; write an “@” inside them as %40 "
        "(percent-encoding: likewise %3A for “:”, %2F for “/”, %3F for “?”, %23 for “#” and "
        "%20 for a space).",
        f"アドレス {shown} にはサーバー名の前に「@」が複数あるため、ユーザー名とパスワードの"
        "区切りが分かりません。その中の「@」は %40 と書いてください（パーセントエンコーディング。"
        "同様に「:」は %3A、「/」は %2F、「?」は %3F、「#」は %23、空白は %20）。",
        f"{shown}: {MASK} holds more than one @")


def _unsupported(text: str, name: str) -> DatabaseLocationError:
    return location(
        f"{mask_location(text)} names a database this app does not use ({name}); use a file, "
        "sqlite:///path or postgresql://host/db.",
        f"{mask_location(text)} はこのアプリが使わないデータベース（{name}）です。ファイル、"
        "sqlite:///パス、postgresql://host/db のいずれかを指定してください。")


def _file_url(path: Path, base: URL | None = None) -> str:
    """The sqlite URL of a history file, after checking its place."""
    try:
        return _checked_file_url(path, base)
    except OSError as exc:  # a name too long for the system, a folder that cannot be read...
        raise location(
            f"No history can be kept at {path} ({exc.strerror or exc}).",
            f"{path} に履歴を置けません（{exc.strerror or exc}）。", str(exc)) from None


def _checked_file_url(path: Path, base: URL | None) -> str:
    if path.is_dir():
        raise location(
            f"{path} is a folder; give the history file inside it, such as {path / DB_FILE}.",
            f"{path} はフォルダです。{path / DB_FILE} のように中の履歴ファイルを指定してください。")
    folder = path.parent
    if not folder.is_dir():
        what_en, what_ja = (("is a file, not a folder", "はフォルダではなくファイルです")
                            if folder.exists() else
                            ("does not exist", "は存在しません"))
        raise location(
            f"The folder {folder} {what_en}, so no history can be kept at {path} "
            "(is the location mistyped?).",
            f"フォルダ {folder} {what_ja}。{path} に履歴を置けません（場所の入力間違いでは"
            "ありませんか）。")
    if base is None:
        return f"sqlite:///{path}"
    return base.set(database=str(path)).render_as_string(hide_password=False)
