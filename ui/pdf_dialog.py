"""Asking where to save a PDF and reporting how it went, the same way on every screen."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from ui.i18n import tr

#: Reports a sentence, given in English and Japanese (e.g. `StatusLine.say`).
Say = Callable[[str, str], None]


def save_pdf(parent: QWidget, suggested: str, write: Callable[[Path], None],
             say: Say) -> Path | None:
    """Ask for a file name, call `write(path)`, and `say` what happened.

    Returns the written path, or None when the person cancelled or writing failed."""
    name, _ = QFileDialog.getSaveFileName(parent, tr("Save PDF", "PDF を保存"), suggested,
                                          "PDF (*.pdf)")
    if not name:
        return None
    try:
        write(Path(name))
    except Exception as exc:  # any failure is shown; the screen and its data stay as they were
        say(f"The PDF could not be written: {exc}", f"PDF を書き出せませんでした: {exc}")
        return None
    say(f"PDF written: {name}", f"PDF を書き出しました: {name}")
    return Path(name)
