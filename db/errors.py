"""What can go wrong with the history, as exceptions that carry one plain sentence for people
(English `message`, Japanese `message_ja`; `text(lang)` picks one) and, on request, the
technical `detail` (the file and what the database driver said).

`describe` turns a driver's exception (SQLAlchemy, sqlite3, psycopg, OSError) into the right
class, so no caller shows a traceback or a driver's message as the sentence.
"""

from __future__ import annotations

import errno
import re
import sqlite3
from pathlib import Path
from typing import Any

from db.credentials import redact

# SQLite primary result codes (https://sqlite.org/rescode.html)
SQLITE_BUSY, SQLITE_LOCKED, SQLITE_READONLY, SQLITE_IOERR = 5, 6, 8, 10
SQLITE_CORRUPT, SQLITE_FULL, SQLITE_CANTOPEN, SQLITE_NOTADB = 11, 13, 14, 26
#: PostgreSQL SQLSTATEs worth another try: serialization failure, deadlock, lock not available.
PG_TRANSIENT = {"40001", "40P01", "55P03"}
#: lock_not_available (lock_timeout ran out) and query_canceled (statement_timeout ran out).
PG_LOCK_TIMEOUT, PG_QUERY_CANCELED = "55P03", "57014"
PG_DISK_FULL = "53100"
PG_UNDEFINED_TABLE = "42P01"
#: insufficient_privilege: a grant is missing, or a row-level rule refused the row.
PG_NOT_ALLOWED = "42501"
_MISSING_TABLE = re.compile(r'no such table: (\w+)|relation "(\w+)" does not exist')


class DatabaseError(Exception):
    """A database problem, with a sentence a person can act on. Passwords never reach the
    sentences or the detail: everything passes through `redact` here."""

    def __init__(self, message: str, path: Path | None = None, *, ja: str = "",
                 detail: str = "") -> None:
        message = redact(message)
        super().__init__(message)
        self.message = message
        self.message_ja = redact(ja) if ja else message
        self.path = path
        self.detail = redact(detail)

    def text(self, lang: str) -> str:
        """The sentence in `lang` ("ja" or "en")."""
        return self.message_ja if lang == "ja" else self.message


class CorruptDatabaseError(DatabaseError):
    """The file is not a readable history database (damaged, not one, or missing a table)."""


class NewerDatabaseError(DatabaseError):
    """The file was written by a newer version of the app."""

    def __init__(self, message: str, path: Path | None, revision: str, *, ja: str = "",
                 detail: str = "") -> None:
        super().__init__(message, path, ja=ja, detail=detail)
        self.revision = revision


class DuplicatePlayerError(DatabaseError):
    """A player with that name already exists."""


class DatabaseLocationError(DatabaseError):
    """The location is not one the history can be kept at (mistyped URL, missing folder...)."""


class ReadOnlyDatabaseError(DatabaseError):
    """The history file or its folder cannot be written to."""


class HistoryWriteError(DatabaseError):
    """A write did not happen (after its retries): nothing of it was stored, and doing it
    again later with the same data is safe. `message`/`text(lang)` say why."""


class HistoryBusyError(HistoryWriteError):
    """Another program kept the history locked for longer than the app waits."""


class OrganiserOnlyError(DatabaseError):
    """The login may not do this in a shared history; `organiser` names the role that may
    (db/roles.py). Nothing was changed, and trying again with the same login will not help."""

    def __init__(self, message: str, *, ja: str, detail: str = "", organiser: str,
                 login: str) -> None:
        super().__init__(message, ja=ja, detail=detail)
        self.organiser = organiser
        self.login = login



class NetTableError(DatabaseError):
    """A network table (db/network.py) refused a call; `sqlstate` is the server's reason
    (migration 0011's CT codes). Nothing was written by that call."""

    def __init__(self, message: str, *, ja: str, detail: str = "", sqlstate: str = "") -> None:
        super().__init__(message, ja=ja, detail=detail)
        self.sqlstate = sqlstate


class MoveRefused(NetTableError):
    """The server refused a row: not that seat's turn, not the login's seat, the game not
    being played or ended, no chance due, or a malformed row. Trying it again will not help."""


class Conflict(NetTableError):
    """Another laptop's row n landed first (or this laptop's own, when a lost connection hid
    that it had): read the rows again, then decide."""


# -- sentences ----------------------------------------------------------------------------------


def corrupt(path: Path, detail: object) -> CorruptDatabaseError:
    return CorruptDatabaseError(
        f"The history file {path} is damaged or is not a history of this app.", path,
        ja=f"履歴ファイル {path} は壊れているか、このアプリの履歴ではありません。",
        detail=str(detail))


def missing_table(where: str, table: str, path: Path | None) -> CorruptDatabaseError:
    return CorruptDatabaseError(
        f"The history {where} is damaged: its table “{table}” is missing.", path,
        ja=f"履歴 {where} は壊れています（テーブル「{table}」がありません）。",
        detail=f"{where}: no table {table}")


def newer(where: str, path: Path | None, revision: str) -> NewerDatabaseError:
    return NewerDatabaseError(
        f"The history {where} was written by a newer version of Tabletop Companion; update "
        "the app to open it.", path, revision,
        ja=f"履歴 {where} は新しいバージョンの Tabletop Companion で書かれています。開くには"
           "アプリを更新してください。",
        detail=f"{where}: schema {revision}")


def busy(where: str, seconds: float, detail: object = "", *,
         saving: bool = True) -> HistoryBusyError:
    """Locked for longer than the wait: while saving (nothing was saved) or opening."""
    then_en, then_ja = (("nothing was saved, so try again in a moment",
                         "何も保存していないので、少し待ってからもう一度お試しください")
                        if saving else ("close that program or try again in a moment",
                                        "そのプログラムを閉じるか、少し待ってからもう一度お試し"
                                        "ください"))
    return HistoryBusyError(
        f"The history {where} is in use by another program, which kept it locked for more "
        f"than {seconds:g} seconds; {then_en}.",
        ja=f"履歴 {where} は別のプログラムが {seconds:g} 秒以上ロックしているため使えません。"
           f"{then_ja}。", detail=str(detail))


def timed_out(where: str, seconds: float, detail: object = "", *,
              saving: bool = False) -> HistoryBusyError:
    """A server's history did not answer within the wait: a lock held by another login or
    program (lock_timeout), or a statement that ran too long (statement_timeout)."""
    then_en, then_ja = (("nothing was saved, so try again in a moment",
                         "何も保存していないので、少し待ってからもう一度お試しください")
                        if saving else ("try again in a moment",
                                        "少し待ってからもう一度お試しください"))
    return HistoryBusyError(
        f"The history {where} did not answer within {seconds:g} seconds, because another "
        f"login or program is holding it locked or the server is overloaded; {then_en}.",
        ja=f"履歴 {where} は {seconds:g} 秒以内に応答しませんでした（別のログインかプログラムが"
           f"ロックしているか、サーバーが混み合っています）。{then_ja}。", detail=str(detail))


def disk_full(where: str, detail: object = "") -> HistoryWriteError:
    return HistoryWriteError(
        f"The disk of the history {where} is full; nothing was saved.",
        ja=f"履歴 {where} のディスクがいっぱいです。何も保存していません。", detail=str(detail))


def read_only_file(path: Path, detail: object = "") -> ReadOnlyDatabaseError:
    return ReadOnlyDatabaseError(
        f"The history file {path} is read-only, so nothing can be saved in it.", path,
        ja=f"履歴ファイル {path} は読み取り専用のため、保存できません。", detail=str(detail))


def read_only_folder(path: Path, detail: object = "") -> ReadOnlyDatabaseError:
    return ReadOnlyDatabaseError(
        f"The folder {path.parent} of the history cannot be written to, so the history "
        f"{path.name} cannot be used there (the file itself is unchanged).", path,
        ja=f"履歴のフォルダ {path.parent} に書き込めないため、そこでは履歴 {path.name} を使えません"
           "（ファイルは変更していません）。", detail=str(detail))


def backup_failed(path: Path, reason_en: str, reason_ja: str,
                  detail: object = "") -> DatabaseError:
    return DatabaseError(
        f"The history {path} needs an update for this version, but the copy kept before "
        f"updating could not be written ({reason_en}); nothing was changed.", path,
        ja=f"履歴 {path} はこのバージョン用の更新が必要ですが、更新前のコピーを書き込めませんでした"
           f"（{reason_ja}）。何も変更していません。", detail=str(detail))


def write_failed(where: str, detail: object) -> HistoryWriteError:
    return HistoryWriteError(
        f"The history {where} could not be written to; nothing was saved.",
        ja=f"履歴 {where} に書き込めませんでした。何も保存していません。", detail=str(detail))


def connection_failed(where: str, detail: object) -> DatabaseError:
    return DatabaseError(
        f"Cannot connect to the history database {where}.",
        ja=f"履歴データベース {where} に接続できません。", detail=str(detail))


#: What only the organiser may do: (English verb phrase, Japanese noun phrase).
DELETE_PLAYS = ("delete plays", "対局の削除")
EDIT_PLAYS = ("change a finished play or another login's play",
              "終了した対局や他のログインの対局の変更")
RENAME_PLAYERS = ("rename players", "プレイヤー名の変更")
MERGE_PLAYERS = ("merge players", "プレイヤーの統合")
IMPORT_FILES = ("import a history file", "履歴ファイルの取り込み")
RECOUNT = ("recount the statistics", "統計の再集計")
ANY_CHANGE = ("make this change", "この変更")


def organiser_only(action: tuple[str, str], where: str, access: Any,
                   detail: object = "") -> OrganiserOnlyError:
    """`access` (db.roles.Access) may not do `action` in the history `where`."""
    verb, noun = action
    return OrganiserOnlyError(
        f"Only the organiser role “{access.organiser}” may {verb} in the history {where} "
        f"(you are logged in as “{access.login}”); nothing was changed.",
        ja=f"履歴 {where} で{noun}ができるのはオーガナイザーのロール「{access.organiser}」だけ"
           f"です（現在のログインは「{access.login}」）。何も変更していません。",
        detail=str(detail), organiser=access.organiser, login=access.login)


def needs_organiser_update(where: str, access: Any, revision: str | None) -> OrganiserOnlyError:
    """The history's tables are older than this version (or missing) and the login may not
    update them."""
    state_en, state_ja = (("has no tables yet", "にはまだテーブルがありません") if revision is None
                          else ("needs an update for this version of the app",
                                "はこのバージョンのアプリ用の更新が必要です"))
    return OrganiserOnlyError(
        f"The history {where} {state_en}, which only the organiser role “{access.organiser}” "
        f"may do by starting this version once (you are logged in as “{access.login}”); "
        "nothing was changed.",
        ja=f"履歴 {where} {state_ja}。これはオーガナイザーのロール「{access.organiser}」が"
           f"このバージョンを一度起動して行います（現在のログインは「{access.login}」）。"
           "何も変更していません。",
        detail=f"{where}: schema {revision or 'none'}", organiser=access.organiser,
        login=access.login)


#: What each refusal of a network table's function means (migration 0011): (class, English,
#: Japanese); the sentences are the app's own, the server's message goes to the detail.
NET_REFUSALS: dict[str, tuple[type[NetTableError], str, str]] = {
    "CT001": (MoveRefused, "It is not that seat's turn, so the move was not sent.",
              "その席の手番ではないため、手を送っていません。"),
    "CT002": (MoveRefused, "That seat is not played by your login, so nothing was sent for it.",
              "その席はあなたのログインの席ではないため、何も送っていません。"),
    "CT003": (MoveRefused, "The game at this table has not started or is paused, so nothing "
                           "was sent.",
              "この卓の対局は始まっていないか一時停止中のため、何も送っていません。"),
    "CT004": (MoveRefused, "The game at this table has ended, so nothing was sent.",
              "この卓の対局は終わっているため、何も送っていません。"),
    "CT005": (Conflict, "Another move reached the table first; the board is brought up to "
                        "date before anything else is sent.",
              "別の手が先に卓に届きました。盤面を最新にしてから次を送ります。"),
    "CT006": (NetTableError, "There is no table with that code in this history.",
              "この履歴にはそのコードの卓がありません。"),
    "CT007": (NetTableError, "That seat at the table is already taken.",
              "卓のその席はもう埋まっています。"),
    "CT008": (NetTableError, "Only the host of the table may do that.",
              "それができるのは卓のホストだけです。"),
    "CT009": (MoveRefused, "The table's server refused a request that was not well formed; "
                           "nothing was changed.",
              "形の正しくない要求のため、卓のサーバーが受け付けませんでした。何も変更していません。"),
    "CT010": (NetTableError, "That seat's person was at the table recently, so the seat cannot "
                             "be handed to a bot yet.",
              "その席の人は少し前まで卓にいたため、まだボットに任せられません。"),
    "CT011": (MoveRefused, "Your login has no seat at this table.",
              "あなたのログインはこの卓に席がありません。"),
    "CT012": (MoveRefused, "No chance draw is due at this point of the game, so nothing was "
                           "drawn.",
              "今は偶然で決める場面ではないため、何も引いていません。"),
    "CT013": (NetTableError, "A seat is still free: wait for everyone to join, or give the seat "
                             "to a bot.",
              "まだ空いている席があります。全員の参加を待つか、その席をボットにしてください。"),
    "CT014": (NetTableError, "The game has not ended yet, so the table cannot be finished.",
              "対局がまだ終わっていないため、卓を終了できません。"),
    "CT015": (NetTableError, "The game at this table has already started, so nothing was "
                             "changed.",
              "この卓の対局はもう始まっているため、何も変更していません。"),
}
#: undefined_function: the history predates migration 0011.
PG_UNDEFINED_FUNCTION = "42883"


def net_refusal(exc: BaseException) -> NetTableError | None:
    """The sentence for a network table's refusal, or None when `exc` is no such refusal."""
    state = pg_state(exc)
    if state not in NET_REFUSALS:
        return None
    kind, message, ja = NET_REFUSALS[state]
    return kind(message, ja=ja, detail=first_line(_origin(exc)), sqlstate=state)


def no_network_tables(where: str, detail: object = "") -> NetTableError:
    """The history cannot hold network tables: a file, or a server not yet updated."""
    return NetTableError(
        f"The history {where} has no network tables: games across laptops need a club "
        "history on PostgreSQL 13 or newer, updated by the organiser starting this version "
        "once.",
        ja=f"履歴 {where} にはネットワーク対局の卓がありません。複数のパソコンでの対局には、"
           "オーガナイザーがこのバージョンを一度起動して更新した PostgreSQL 13 以降のクラブ履歴"
           "が必要です。",
        detail=str(detail))


def location(message: str, ja: str, detail: str = "") -> DatabaseLocationError:
    return DatabaseLocationError(message, ja=ja, detail=detail)


# -- classifying a driver's exception -----------------------------------------------------------


def first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else exc.__class__.__name__


def _origin(exc: BaseException) -> BaseException:
    """The driver's own exception under SQLAlchemy's wrapper."""
    return getattr(exc, "orig", None) or exc


def sqlite_code(exc: BaseException) -> int | None:
    """The primary SQLite result code of an error, if it is one."""
    orig = _origin(exc)
    code = getattr(orig, "sqlite_errorcode", None)
    if isinstance(orig, sqlite3.Error) and code is not None:
        return int(code) & 0xFF
    if isinstance(orig, sqlite3.OperationalError):  # older sqlite3 modules: the text only
        text = str(orig)
        for needle, guess in (("locked", SQLITE_BUSY), ("disk is full", SQLITE_FULL),
                              ("readonly", SQLITE_READONLY), ("not a database", SQLITE_NOTADB)):
            if needle in text:
                return guess
    return None


def pg_state(exc: BaseException) -> str | None:
    state: Any = getattr(_origin(exc), "sqlstate", None)
    return state if isinstance(state, str) else None


def is_transient(exc: BaseException) -> bool:
    """Another writer was in the way: the same transaction may succeed if tried again."""
    return sqlite_code(exc) in (SQLITE_BUSY, SQLITE_LOCKED) or pg_state(exc) in PG_TRANSIENT


def describe(exc: BaseException, where: str, *, path: Path | None = None,
             waited: float = 0.0, access: Any = None) -> DatabaseError:
    """The `DatabaseError` that says in a sentence what `exc` means for the history `where`
    (`access`: the login's db.roles.Access on a shared history)."""
    if isinstance(exc, DatabaseError):
        return exc
    detail = f"{exc.__class__.__name__}: {first_line(exc)}"
    code = sqlite_code(exc)
    state = pg_state(exc)
    if state == PG_NOT_ALLOWED and access is not None:
        return organiser_only(ANY_CHANGE, where, access, detail)
    origin = _origin(exc)
    os_errno = origin.errno if isinstance(origin, OSError) else None
    if is_transient(exc):
        return busy(where, waited, detail)
    if code == SQLITE_FULL or state == PG_DISK_FULL or os_errno in (errno.ENOSPC, errno.EDQUOT,
                                                                    errno.EFBIG):
        return disk_full(where, detail)
    if code == SQLITE_READONLY or os_errno in (errno.EROFS, errno.EACCES):
        return read_only_file(path, detail) if path is not None else write_failed(where, detail)
    if code in (SQLITE_CORRUPT, SQLITE_NOTADB) and path is not None:
        return corrupt(path, first_line(exc))
    table = _MISSING_TABLE.search(detail)
    if state == PG_UNDEFINED_TABLE or table is not None:
        return missing_table(where, table.group(1) or table.group(2) if table else "?", path)
    if (state is not None and state.startswith("08")) or "connection" in detail.lower():
        return connection_failed(where, detail)
    return write_failed(where, detail)
