"""Finds English left in the Japanese interface and in Japanese PDFs (reusable by any test).

`untranslated(text, allowed)` lists the English words of a text: runs of two or more Latin
letters that are not on the explicit allow-list below (names of the product and of formats,
notation) nor in `allowed` (the names a test typed, e.g. its players). Single letters with
digits ("d4", "I3", "=3") are notation and numbers, and pass. So do words made wholly of 机戦
square names in upper case, as Cerke Online's notation writes them ("XAU", "ZIAXAU" = ZIA + XAU
in ``XAU虎ZIAXAU無撃裁``): the squares are taken from the board itself, not listed here.

`widget_problems(widget, allowed, skip)` walks every visible widget under `widget` (labels,
buttons, group boxes, tabs, combo boxes, line edits' placeholders, tables, lists, text
browsers, tooltips, window titles) and reports "where: text -> words". Widgets whose object
name is in `skip` show data, not interface (a file path, a typed URL).

`pdf_problems(data, allowed)` does the same for the text of a PDF.
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable

from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

#: Words that are the same in a Japanese interface: names of the product, of the formats and
#: tools it names, the language choice, and the bots' notation. Keep it short.
ALLOWED = frozenset({
    "Tabletop", "Companion",  # the product's name (PDF footers)
    "PDF", "CSV", "JSON", "URL", "SQLite", "PostgreSQL", "postgresql", "host", "db",
    "Ctrl", "Shift", "Enter", "Esc", "English",  # keys, the language switch's own name
    "MCTS",  # the bots' algorithm, named so in both languages
    "pgpass", "PGPASSWORD",  # PostgreSQL's password file and variable (Settings)
    "cm", "mm",  # units, written so in Japanese too ("1マス 3 cm")
    "Incubi", "Sognae",  # Equilibrium's dream cards, so named in the Japanese rulebook
})

_CODE = re.compile(r"`[^`]*`")
_WORD = re.compile(r"(?<![A-Za-z0-9])[A-Za-z][A-Za-z'’]+(?![A-Za-z0-9])")


def _square_run() -> re.Pattern[str]:
    """One or more 机戦 square names in a row (a column letter, then a row), upper case only."""
    from companion.games.cetkaik.board import STANDARD_BOARD

    columns = "".join(STANDARD_BOARD.columns)
    rows = "|".join(sorted(STANDARD_BOARD.rows, key=len, reverse=True))
    return re.compile(rf"(?:[{columns}](?:{rows}))+")


_SQUARES = _square_run()


def untranslated(text: str, allowed: Iterable[str] = ()) -> list[str]:
    """The English words of `text` that are neither on `ALLOWED` nor in `allowed` (names), nor
    机戦 squares in its notation."""
    known = ALLOWED | {word for name in allowed for word in _WORD.findall(name)}
    return [word for word in _WORD.findall(text)
            if word not in known and not _SQUARES.fullmatch(word)]


def _item_texts(view: QAbstractItemView) -> list[str]:
    model = view.model()
    if model is None:
        return []
    from PySide6.QtCore import QModelIndex, Qt

    texts = []
    rows = model.rowCount(QModelIndex())
    header = getattr(view, "horizontalHeader", None)
    columns = header().count() if header is not None else 1
    for orientation, count in ((Qt.Orientation.Horizontal, columns),
                               (Qt.Orientation.Vertical, rows)):
        for section in range(count):
            header = model.headerData(section, orientation)
            if isinstance(header, str):
                texts.append(header)
    for row in range(min(rows, 200)):
        for column in range(columns):
            for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                value = model.index(row, column).data(role)
                if isinstance(value, str):
                    texts.append(value)
    return texts


def _plain(text: str) -> str:
    """A label's text as shown (rich text without its markup)."""
    from PySide6.QtGui import QTextDocument

    if not re.search(r"<(span|b|i|a|p|br|font)\b", text):
        return text
    document = QTextDocument()
    document.setHtml(text)
    return document.toPlainText()


def game_names() -> list[str]:
    """Every registered game's names: a Japanese page shows a game's English name too."""
    from companion.games import registry

    return [name for info in registry.all_games() for name in (info.name_en, info.name_ja)]


def widget_texts(widget: QWidget) -> list[tuple[str, str]]:
    """(object name or class, text) of every visible piece of interface text."""
    found: list[tuple[str, str]] = []
    for child in [widget, *widget.findChildren(QWidget)]:
        if not child.isVisible():
            continue
        where = child.objectName() or type(child).__name__
        texts: list[str] = [child.toolTip(), child.windowTitle() if child.isWindow() else ""]
        if isinstance(child, QLabel):
            texts.append(_plain(child.text()))
        if isinstance(child, QAbstractButton):
            texts.append(child.text())
        if isinstance(child, QGroupBox):
            texts.append(child.title())
        if isinstance(child, QLineEdit):
            texts.append(child.placeholderText())
        if isinstance(child, QComboBox):
            texts += [child.itemText(i) for i in range(child.count())]
        if isinstance(child, QTabBar):
            texts += [child.tabText(i) for i in range(child.count())]
        if isinstance(child, QTextEdit):  # notation is written as `code` in the texts
            texts.append(_CODE.sub("", child.toMarkdown()))
        if isinstance(child, QAbstractItemView):
            texts += _item_texts(child)
        for attribute in ("title", "empty_text"):  # the shell's painted charts
            value = getattr(child, attribute, None)
            if isinstance(value, str):
                texts.append(value)
        found += [(where, text) for text in texts if text]
    return found


def widget_problems(widget: QWidget, allowed: Iterable[str] = (),
                    skip: Iterable[str] = ()) -> list[str]:
    """"where: text -> words" for every visible text under `widget` with English words."""
    skipped = set(skip)
    allowed = list(allowed)
    problems = []
    for where, text in widget_texts(widget):
        words = untranslated(text, allowed)
        if words and where not in skipped:
            problems.append(f"{where}: {text[:120]!r} -> {sorted(set(words))}")
    return sorted(set(problems))


def pdf_problems(data: bytes, allowed: Iterable[str] = ()) -> list[str]:
    """"page n: line -> words" for every line of a PDF with English words."""
    from pypdf import PdfReader

    allowed = list(allowed)
    problems = []
    for number, page in enumerate(PdfReader(io.BytesIO(data)).pages, start=1):
        for line in page.extract_text().splitlines():
            words = untranslated(line, allowed)
            if words:
                problems.append(f"page {number}: {line[:120]!r} -> {sorted(set(words))}")
    return problems
