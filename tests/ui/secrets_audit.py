"""What a window shows a person, gathered for tests of hidden information.

`shown_on(widget)` collects, from the whole window `widget` is in, every text a person can
read: the window title and status bar; labels, buttons, group boxes, line and text edits,
combo boxes; every row and header of a list, table or tree; every visible widget's tooltip,
accessible name and description; the texts and object names of enabled buttons and actions
(what a person can do now, e.g. ``move:down r1b2``); and, through `faces`, the names of cards
a widget paints face up. `leaks(shown, secrets)` names every place where one of the words of
a secret appears.

Secrets are words, not cards: a test gives, per secret, the ways it may be written (``r5``,
``赤馬``). `card_words` writes a 紙机戦 card every way the app writes one: its notation (also
inside a run of notation such as ``r1b2``) and its kanji.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from PySide6.QtCore import QAbstractItemModel, QModelIndex, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QComboBox,
    QGroupBox,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPlainTextEdit,
    QTabBar,
    QTextEdit,
    QWidget,
)

#: How a painted widget's face-up cards are named: (widget) -> names ("" to skip a widget).
Faces = Callable[[QWidget], Iterable[str]]

_ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole,
          Qt.ItemDataRole.AccessibleTextRole)


@dataclass
class Shown:
    """Everything readable in a window: (where, text) pairs."""

    texts: list[tuple[str, str]] = field(default_factory=list)
    actions: list[tuple[str, str]] = field(default_factory=list)
    faces: list[tuple[str, str]] = field(default_factory=list)

    def all(self) -> list[tuple[str, str]]:
        return [*self.texts, *self.actions, *self.faces]


def _where(widget: QWidget) -> str:
    name = widget.objectName()
    return f"{type(widget).__name__}{'#' + name if name else ''}"


def _count(method: Callable[[QModelIndex], int], parent: QModelIndex) -> int:
    """Rows or columns under `parent` (a flat list model's columns: 1; a table's children:
    none, where Qt keeps the count private)."""
    try:
        return int(method(parent))
    except TypeError:
        return 1 if not parent.isValid() else 0


def _model_texts(model: QAbstractItemModel | None, parent: QModelIndex,
                 depth: int = 0) -> list[str]:
    """Every cell's display text, tooltip and accessible text (and the headers)."""
    if model is None or depth > 4:
        return []
    found: list[str] = []
    rows, columns = _count(model.rowCount, parent), _count(model.columnCount, parent)
    if depth == 0:
        for orientation, count in ((Qt.Orientation.Horizontal, columns),
                                   (Qt.Orientation.Vertical, rows)):
            for section in range(count):
                for role in _ROLES[:2]:
                    value = model.headerData(section, orientation, role)
                    if value:
                        found.append(str(value))
    for row in range(rows):
        for column in range(columns):
            index = model.index(row, column, parent)
            for role in _ROLES:
                value = model.data(index, role)
                if isinstance(value, str) and value:
                    found.append(value)
            if _count(model.rowCount, index) > 0:
                found += _model_texts(model, index, depth + 1)
    return found


def _own_texts(widget: QWidget) -> list[str]:
    """The texts a widget itself shows (not its children's)."""
    texts = [widget.toolTip(), widget.accessibleName(), widget.accessibleDescription(),
             widget.statusTip(), widget.whatsThis()]
    if isinstance(widget, QLabel | QAbstractButton | QLineEdit):
        texts.append(widget.text())
    if isinstance(widget, QGroupBox):
        texts.append(widget.title())
    if isinstance(widget, QTextEdit | QPlainTextEdit):
        texts.append(widget.toPlainText())
    if isinstance(widget, QComboBox):
        texts += [widget.itemText(i) for i in range(widget.count())]
        texts += _model_texts(widget.model(), QModelIndex())
    if isinstance(widget, QTabBar):
        texts += [widget.tabText(i) for i in range(widget.count())]
        texts += [widget.tabToolTip(i) for i in range(widget.count())]
    if isinstance(widget, QAbstractItemView):
        texts += _model_texts(widget.model(), widget.rootIndex())
    return [t for t in texts if t]


def _action_texts(action: QAction) -> list[str]:
    return [t for t in (action.text(), action.toolTip(), action.objectName()) if t]


def shown_on(widget: QWidget, faces: Faces | None = None) -> Shown:
    """Everything the window holding `widget` shows now (see the module's docstring)."""
    window = widget.window()
    shown = Shown()
    shown.texts.append(("window title", window.windowTitle()))
    if isinstance(window, QMainWindow) and window.statusBar() is not None:
        shown.texts.append(("status bar", window.statusBar().currentMessage()))
    widgets = [window, *window.findChildren(QWidget)]
    for each in widgets:
        if not each.isVisible():
            continue
        where = _where(each)
        shown.texts += [(where, text) for text in _own_texts(each)]
        if isinstance(each, QAbstractButton) and each.isEnabled():
            shown.actions += [(where, t) for t in (each.text(), each.objectName()) if t]
        for action in each.actions():
            if action.isEnabled() and action.isVisible():
                shown.actions += [(f"{where} action", t) for t in _action_texts(action)]
        if faces is not None:
            shown.faces += [(f"{where} face", name) for name in faces(each) if name]
    return shown


# --- secrets ------------------------------------------------------------------------------
_NOTATION_RUN = re.compile(r"(?<![A-Za-z0-9])((?:[rb][0-9SKT])+)(?![A-Za-z0-9])")


def notation_tokens(text: str) -> set[str]:
    """Every card written in 紙机戦 notation in `text`: ``r5``, and each of ``r1b2``."""
    found: set[str] = set()
    for run in _NOTATION_RUN.findall(text):
        found.update(run[i:i + 2] for i in range(0, len(run), 2))
    return found


@dataclass(frozen=True)
class Secret:
    """One thing a seat may not see, and every way it may be written."""

    label: str
    notation: str = ""  # a 紙机戦 card's notation, found also inside runs (``r1b2``)
    words: tuple[str, ...] = ()  # written as is (kanji: ``赤馬``)


def card_words(notation: str, kanji: str) -> Secret:
    """A 紙机戦 card as a secret: its notation, its kanji and its English words (as its face
    shows it: ``red 馬 5``)."""
    from companion.games.nincetkaik.deck import parse_card
    from companion.games.nincetkaik.texts import card_words as english

    return Secret(f"{kanji} ({notation})", notation, (kanji, english(parse_card(notation))))


def leaks(shown: Shown, secrets: Iterable[Secret]) -> list[str]:
    """"where: text (names secret)" for every shown text that names one of `secrets`."""
    found = []
    chosen = list(secrets)
    for where, text in shown.all():
        tokens = notation_tokens(text)
        for secret in chosen:
            if (secret.notation and secret.notation in tokens) or \
                    any(word in text for word in secret.words):
                found.append(f"{where}: {text!r} names {secret.label}")
    return found


def words_of(shown: Shown) -> str:
    """All shown texts as one string (for a failure message)."""
    return "\n".join(f"{where}: {text}" for where, text in shown.all())


def assert_nothing_leaks(shown: Shown, secrets: Sequence[Secret], context: str = "") -> None:
    """Fail with every leak found (and where), if any."""
    found = leaks(shown, secrets)
    assert not found, f"{context}: hidden cards shown:\n" + "\n".join(found[:20])

