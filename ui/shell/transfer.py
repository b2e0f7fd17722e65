"""File menu: import a history file (the app's JSON or a BG Stats export: its players matched
by name and the plays it cannot read listed, confirmed first; or a Cerke Online record of one
机戦 game, its players asked for: ui/shell/kiaak_import.py), export the history (JSON, CSV,
BG Stats), back it up.

The same checks as the command line (`companion import/export`): an imported file is checked
whole before anything is written, then its plays are stored all at once or not at all, plays
already in the history skipped; exports hold the finished plays, written to a temporary file
and renamed. A backup is a consistent copy (db/transfer.py). The work runs outside the
interface's thread while a progress dialog shows how far it is; the outcome is said on the
status bar, a failure in a sentence (in the interface language) with nothing written.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEventLoop, Qt, QThread, QTimer, Signal
from PySide6.QtWidgets import QFileDialog, QMessageBox, QProgressDialog, QWidget

from ui.context import AppContext
from ui.events import events
from ui.i18n import language, tr
from ui.i18n import reason as why
from ui.shell.common import ask_save_path, repo
from ui.shell.formats import FORMATS

#: Work shorter than this shows no progress dialog (no flash on a small history).
SHOW_AFTER_MS = 400

Progress = Callable[[int, int], None]


class _Job(QThread):
    """`work(progress)` in a thread of its own; `result` or `error` afterwards."""

    progressed = Signal(int, int)

    def __init__(self, work: Callable[[Progress], Any], parent: QWidget | None) -> None:
        super().__init__(parent)
        self.work = work
        self.result: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.result = self.work(self.progressed.emit)
        except Exception as exc:  # handed to the interface thread, said there
            self.error = exc


def run_in_background(parent: QWidget | None, text: str, work: Callable[[Progress], Any]) -> Any:
    """Run `work(progress)` outside the interface thread while a progress dialog shows (busy
    until the work reports how far it is); its result, or its exception raised here."""
    dialog = QProgressDialog(text, "", 0, 0, parent)
    dialog.setObjectName("transfer_progress")
    dialog.setWindowTitle(tr("Please wait", "お待ちください"))
    dialog.setCancelButton(None)  # nothing to cancel halfway: all or nothing
    dialog.setWindowModality(Qt.WindowModality.WindowModal)
    dialog.setMinimumDuration(SHOW_AFTER_MS)
    dialog.reset()  # no automatic showing: the timer below shows it for long work only
    job = _Job(work, parent)

    def moved(done: int, total: int) -> None:
        dialog.setMaximum(max(total, 1))
        dialog.setValue(min(done, total))

    job.progressed.connect(moved)
    loop = QEventLoop()
    job.finished.connect(loop.quit)
    shower = QTimer(dialog)  # long work only: no flash of a dialog for a small history
    shower.setSingleShot(True)
    shower.timeout.connect(dialog.show)
    shower.start(SHOW_AFTER_MS)
    job.start()
    if not job.isFinished():
        loop.exec()
    job.wait()
    shower.stop()
    dialog.close()
    dialog.deleteLater()
    error, result = job.error, job.result
    job.deleteLater()
    if error is not None:
        raise error
    return result


def tell(parent: QWidget | None, title: str, text: str) -> None:
    """A failure, in a sentence, with a Close button in the interface language."""
    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.NoButton,
                      parent)
    box.setObjectName("transfer_message")
    box.addButton(tr("Close", "閉じる"), QMessageBox.ButtonRole.AcceptRole)
    box.exec()


# --- import -------------------------------------------------------------------------------------
#: At most this many names or left-out plays are listed one by one in the confirmation.
LISTED = 12


def import_failure(name: str, exc: Any) -> str:
    """Why the file was not imported (an `ImportValidationError` or `BGStatsFileError`), as a
    sentence in the interface language: the play by its number from 1, date and game."""
    lang = language().code
    text = exc.text(lang).rstrip("。.") if hasattr(exc, "text") else str(exc)
    return tr(f"“{name}” was not imported: {text}. Nothing was written.",
              f"「{name}」は読み込めませんでした: {text}。何も書き込んでいません。")


def _check_file(ctx: AppContext, path: Path, progress: Progress) -> Any:
    """The file read within its size limit and checked whole before anything is written:
    a BG Stats export (`BGStatsFile`, its players matched to the history's) or the app's
    history JSON (its text)."""
    from companion.export.bgstats_import import bgstats_data
    from companion.export.history_json import as_text, iter_plays, read_file
    from companion.games.cetkaik.kiaak import looks_like_kiaak
    from db.transfer import read_bgstats_file
    from ui.shell.kiaak_import import check_kiaak

    progress(0, 2)
    with path.open("rb") as stream:
        text = as_text(read_file(stream, str(path)))
    progress(1, 2)
    if looks_like_kiaak(text):  # a Cerke Online record (棋譜): one 机戦 game, replayed
        return check_kiaak(text)
    data = bgstats_data(text)
    if data is not None:
        return read_bgstats_file(ctx.db, data)
    for _play in iter_plays(text):  # every field checked before anything is written
        pass
    progress(2, 2)
    return text


def _store(ctx: AppContext, checked: Any, progress: Progress) -> Any:
    """The checked plays stored in steps that let the autosave in between."""
    from companion.export.history_json import iter_plays
    from db.imports import import_plays

    progress(0, 1)
    plays = iter_plays(checked) if isinstance(checked, str) else checked.plays
    result = import_plays(ctx.db, plays)
    progress(1, 1)
    return result


def _listed(names: list[str]) -> str:
    shown = ", ".join(names[:LISTED])
    more = len(names) - LISTED
    return shown + (tr(f" and {more} more", f" ほか {more} 人") if more > 0 else "")


def confirm_bgstats(window: Any, name: str, found: Any) -> bool:
    """Ask before importing a BG Stats export: its plays, the players matched to the
    history's and the new ones, and the plays that cannot be read (left out)."""
    lang = language().code
    lines = [tr(f"“{name}” is a BG Stats export with {len(found.plays)} plays to import.",
                f"「{name}」は BG Stats の書き出しで、{len(found.plays)} 件の対局を読み込みます。")]
    if found.matched:
        lines.append(tr(f"Players already in the history: {_listed(found.matched)}.",
                        f"履歴にいるプレイヤー: {_listed(found.matched)}。"))
    if found.new_players:
        lines.append(tr(f"New players: {_listed(found.new_players)}.",
                        f"新しいプレイヤー: {_listed(found.new_players)}。"))
    if found.skipped:
        lines.append(tr(f"{len(found.skipped)} plays cannot be read and are left out:",
                        f"{len(found.skipped)} 件の対局は読めないため省きます:"))
        lines += [skipped.text(lang) for skipped in found.skipped[:LISTED]]
        if len(found.skipped) > LISTED:
            lines.append(tr(f"… and {len(found.skipped) - LISTED} more",
                            f"…ほか {len(found.skipped) - LISTED} 件"))
    box = QMessageBox(QMessageBox.Icon.Question, tr("Import history", "履歴の読み込み"),
                      "\n".join(lines), QMessageBox.StandardButton.NoButton, window)
    box.setObjectName("bgstats_confirm")
    box.setTextFormat(Qt.TextFormat.PlainText)
    yes = box.addButton(tr("Import", "読み込む"), QMessageBox.ButtonRole.AcceptRole)
    box.addButton(tr("Cancel", "キャンセル"), QMessageBox.ButtonRole.RejectRole)
    box.exec()
    return box.clickedButton() is yes


def import_history(window: Any, path: Path | None = None) -> Any:
    """File › Import history… (the app's history JSON or a BG Stats export, asked about
    first): the result (None when cancelled or refused)."""
    from companion.export.bgstats_import import BGStatsFileError
    from companion.export.history_json import ImportValidationError
    from companion.games.cetkaik.kiaak import KiaakError
    from ui.shell.kiaak_import import KiaakImport, ask_names

    if path is None:
        name, _ = QFileDialog.getOpenFileName(window, tr("Import history", "履歴の読み込み"),
                                              "", tr("History or 棋譜 (*.json *.txt);;"
                                                     "JSON (*.json);;Cerke Online (*.txt)",
                                                     "履歴・棋譜 (*.json *.txt);;"
                                                     "JSON (*.json);;Cerke Online (*.txt)"))
        if not name:
            return None
        path = Path(name)
    try:
        checked = run_in_background(window, tr("Checking…", "確認中…"),
                                    lambda progress: _check_file(window.ctx, path, progress))
        if isinstance(checked, KiaakImport):
            if not ask_names(window, path.name, checked):
                return None
        elif not isinstance(checked, str) and not confirm_bgstats(window, path.name, checked):
            return None
        result = run_in_background(window, tr("Importing…", "読み込み中…"),
                                   lambda progress: _store(window.ctx, checked, progress))
    except (ImportValidationError, BGStatsFileError, KiaakError) as exc:
        tell(window, tr("Import history", "履歴の読み込み"), import_failure(path.name, exc))
        return None
    except Exception as exc:  # unreadable file, a play the history refuses
        reason = why(exc).rstrip("。.")  # a system error in the interface language
        tell(window, tr("Import history", "履歴の読み込み"),
             tr(f"“{path.name}” was not imported: {reason}. Nothing was written.",
                f"「{path.name}」は読み込めませんでした: {reason}。何も書き込んでいません。"))
        return None
    events().history_changed.emit()
    skipped = (tr(f"; {result.skipped} were already in the history",
                  f"（{result.skipped} 件はすでに履歴にあるため省きました）")
               if result.skipped else "")
    window.show_message(tr(f"Imported {result.imported} plays from {path.name}{skipped}.",
                           f"{path.name} から {result.imported} 件の対局を読み込みました"
                           f"{skipped}。") + differing_text(getattr(result, "differing", ())))
    return result


def differing_text(differing: tuple[Any, ...]) -> str:
    """The plays of an imported file that the history holds edited since (kept as stored),
    on lines after the import's sentence ("" when there are none)."""
    from ui.commands.import_ import differing_lines

    return "".join("\n" + line.strip() for line in differing_lines(differing, language().code))


# --- export -------------------------------------------------------------------------------------
def render(plays: list[Any], fmt: str) -> str:
    """The exported text (the formats of `companion export`; game names of BG Stats in the
    interface language, CSV ready for spreadsheets)."""
    from companion.export import bgstats, history_csv, history_json
    from companion.export.sheets import game_name

    if fmt == "csv":
        return history_csv.plays_to_csv(plays, excel=True)
    if fmt == "bgstats":
        lang = language().code
        return bgstats.dumps(plays, lambda game_id: game_name(game_id, lang))
    return history_json.dumps(plays)


def _export(ctx: AppContext, fmt: str, path: Path, progress: Progress) -> tuple[int, str]:
    """Write the finished plays; how many, and the sentence naming those left out because
    they cannot be read (db/reading.py; "" when none)."""
    from companion.files import write_private
    from db.reading import left_out_text, readable

    progress(0, 2)
    plays, unreadable = readable(reversed(repo().list_plays(ctx.db, finished=True)))
    progress(1, 2)
    write_private(path, render(plays, fmt).encode("utf-8"))
    progress(2, 2)
    return len(plays), left_out_text((p.id for p in unreadable), language().code)


def export_history(window: Any, fmt: str, path: Path | None = None) -> int | None:
    """File › Export history › format: the number of plays written (None when cancelled)."""
    *_names, file_filter, suffix = next(f for f in FORMATS if f[0] == fmt)
    path = path or ask_save_path(window, tr("Export history", "履歴の書き出し"),
                                 f"history-{datetime.now():%Y-%m-%d}{suffix}", file_filter)
    if path is None:
        return None
    try:
        count, left_out = run_in_background(
            window, tr("Exporting…", "書き出し中…"),
            lambda progress: _export(window.ctx, fmt, path, progress))
    except Exception as exc:
        reason = why(exc).rstrip("。.")  # a system error in the interface language
        tell(window, tr("Export history", "履歴の書き出し"),
             tr(f"The history could not be written to {path}: {reason}. Nothing was written.",
                f"履歴を {path} に書き出せませんでした: {reason}。何も書き込んでいません。"))
        return None
    window.show_message(tr(f"Exported {count} plays to {path}.",
                           f"{count} 件の対局を {path} に書き出しました。")
                        + (f" {left_out}" if left_out else ""))
    return int(count)


# --- backup -------------------------------------------------------------------------------------
def backup_history(window: Any, path: Path | None = None) -> Path | None:
    """File › Back up history…: the backup written (None when cancelled or it failed)."""
    from db.transfer import backup_kind, write_backup

    kind = backup_kind(window.ctx.db)
    stamp = f"{datetime.now():%Y-%m-%d-%H%M}"
    suggested, file_filter = ((f"companion-backup-{stamp}.db", "SQLite (*.db)")
                              if kind == "sqlite" else
                              (f"companion-backup-{stamp}.json", "JSON (*.json)"))
    path = path or ask_save_path(window, tr("Back up history", "履歴のバックアップ"), suggested,
                                 file_filter)
    if path is None:
        return None
    left_out: list[int] = []  # plays that cannot be read (db/reading.py)
    try:
        written = run_in_background(
            window, tr("Backing up the history…", "履歴をバックアップ中…"),
            lambda progress: write_backup(window.ctx.db, path, progress, left_out))
    except Exception as exc:
        cause = exc.__cause__
        system = why(cause, "ja") if isinstance(cause, OSError) else exc
        tell(window, tr("Back up history", "履歴のバックアップ"),
             tr(str(exc), f"バックアップを {path} に書き出せませんでした。何も書き込んでいません。"
                          f"（{system}）"))
        return None
    how = (tr("a copy of the history file; open it with --db to look at it",
              "履歴ファイルのコピーです。--db で開けます")
           if kind == "sqlite" else
           tr("every play as history JSON; File › Import history… reads it back",
              "全対局の JSON です。「ファイル › 履歴の読み込み…」で戻せます"))
    window.show_message(tr(f"Backup written: {written} ({how}).",
                           f"バックアップを書き出しました: {written}（{how}）。")
                        + _left_out_sentence(left_out))
    return Path(written)


def _left_out_sentence(play_ids: list[int]) -> str:
    """The sentence naming the plays a backup left out, after a space ("" for none)."""
    from db.reading import left_out_text

    text = left_out_text(play_ids, language().code)
    return f" {text}" if text else ""
