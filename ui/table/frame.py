"""The table-companion page every game shares: `TablePage` holds a game's tools as tabs
(`TableTab`: setup, tracker, score sheet …) and gives them one status line, Undo/Redo over each
tab's QUndoStack, Print and "Save to history".

- The status line is cleared when the tab or the page changes, and a sentence said in both
  languages follows a language switch.
- Undo/Redo (and Ctrl+Z, Ctrl+Shift+Z, Ctrl+Y) act on the current tab's `undo_stack`; they are
  hidden on a tab without one.
- Print asks the current tab for `export_pdf(path)`; Save to history asks it for a
  `play_record()` and writes it in one transaction, with the play timer's time (Ctrl+T starts
  and pauses it) as the play's duration when the tab did not set one. Both say why they are
  disabled (the button's tooltip and a note beside it), e.g. "Finish the game first".
  A tab that `corrects_saved_play` (the generic score sheet) saves a change to the play it
  saved before; only its "New play" (`start_new_play`) makes the next save a new play.
- Keys: Ctrl+S saves, Ctrl+PgDown/PgUp change the tab, `?` / F1 list the page's keys (its own
  and the current tab's) in the interface's language. A tab gives its main actions keys with
  `page.bind(tab, "Ctrl+N", button)` (the key presses the button while it is shown and enabled;
  the button's words describe it) or `page.bind_action(tab, key, en, ja, slot)`; a tab's keys
  act only while it is the current tab.

How to add a game's table page (`ui/games/<game>/table.py`)::

    class Tracker(TableTab):
        title = ("Tracker", "記録")
        savable = True
        def __init__(self, page: TablePage) -> None:
            super().__init__(page)
            self.undo_stack = QUndoStack(self)      # optional: Undo/Redo
            ...                                     # emit self.edited after every change
        def save_problem(self) -> str | None:      # None: ready to save
            return None if self.model.is_over() else tr("Finish the game first.", "…")
        def play_record(self) -> PlayRecord: ...

    def table_view(ctx, game_id):
        page = TablePage(ctx, game_id)
        page.add_tab(Tracker(page))
        return page
    # ... and register_table("mygame", table_view) in the game's `views` module.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut, QUndoGroup, QUndoStack
from PySide6.QtWidgets import (
    QAbstractButton,
    QApplication,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from companion.history import PlayRecord
from ui.context import AppContext
from ui.fonts import ensure_cjk_font
from ui.i18n import language, reason, tr
from ui.play.keys import KeyRow, add_key_help, announce
from ui.play.widgets import ScrollContent, words
from ui.shell.timer_widget import TIMER_KEYS, PlayTimerWidget
from ui.table.players_box import FoldingBox

NOTE_STYLE = "color: #6b5d45;"


@dataclass(frozen=True)
class Printing:
    """What a tab's Print button offers: the file name and the button's words (en, ja)."""

    pdf_name: str = "sheet.pdf"
    text: tuple[str, str] = ("Print PDF…", "PDF に出力…")


#: The undo steps that start a game afresh (the game has not begun after them).
NEW_GAME_STEPS = frozenset({"new", "new game"})


@dataclass(frozen=True)
class TableKey:
    """A key of a table page: the key (portable text, e.g. "Ctrl+N") and what it does, in the
    interface's language when asked (`says`)."""

    keys: str
    says: Callable[[], str]

    def row(self) -> tuple[str, str]:
        """(key as the interface writes it, what it does)."""
        return key_text(self.keys), self.says()


#: The key of a shortcut the list names in a group line (`TablePage.list_key`).
_UNLISTED = TableKey("", str)


def key_text(keys: str, lang: str | None = None) -> str:
    """A key as a person reads it in the interface's language, or in `lang` ("en", "ja")
    (Ctrl+PgDown, Space …)."""
    text = keys if " " in keys else \
        QKeySequence(keys).toString(QKeySequence.SequenceFormat.NativeText) or keys
    japanese = text.replace("Space", "スペース")
    return tr(text, japanese) if lang is None else japanese if lang == "ja" else text


class TableTab(ScrollContent):
    """One tool of a table page. Override what the tab offers; the page does the rest."""

    #: The tab's title (English, Japanese).
    title: tuple[str, str] = ("", "")
    #: What the tab prints (`export_pdf`); None: nothing.
    printing: Printing | None = None
    #: The tab saves plays (`play_record`).
    savable = False
    #: Saving again after a change corrects the play saved before (its id kept) instead of
    #: storing a second one; the tab offers "New play" to start another (`start_new_play`).
    corrects_saved_play = False

    #: The tab's content changed (a saved play is then no longer what is shown).
    edited = Signal()
    #: Something the page's buttons depend on changed (not the content).
    changed = Signal()

    def __init__(self, page: TablePage) -> None:
        super().__init__(page)
        self.page = page
        self.undo_stack: QUndoStack | None = None
        self.saved_play_id: int | None = None
        #: Changed since it was saved (a tab that `corrects_saved_play` may save again).
        self.changed_since_save = False

    def has_begun(self) -> bool:
        """Something was entered (and not undone) since the last new game: an entry on the
        undo stack after the last one named in `NEW_GAME_STEPS`. Override where the tab knows
        better."""
        stack = self.undo_stack
        if stack is None or not isValid(stack):
            return False
        last = stack.command(stack.index() - 1) if stack.index() > 0 else None
        return last is not None and last.text() not in NEW_GAME_STEPS

    def say(self, en: str, ja: str | None = None) -> None:
        """A sentence on the page's status line (in both languages when given)."""
        self.page.status.say(en, ja)

    def print_problem(self) -> str | None:
        """Why there is nothing to print yet (None: ready)."""
        return None

    def export_pdf(self, path: Path) -> None:
        raise ValueError(self.print_problem() or tr("nothing to print", "印刷するものがありません"))

    def save_problem(self) -> str | None:
        """Why the play cannot be saved yet, as a sentence (None: ready)."""
        return None

    def play_record(self) -> PlayRecord:
        raise NotImplementedError

    def retranslate(self) -> None:
        """The language changed: relabel."""


def name_form_fields(root: QWidget) -> None:
    """Every form row's label names its field to a screen reader: Qt names a field by a
    label only when the label is its buddy, which a form makes only of labels it creates."""
    role = QFormLayout.ItemRole
    for form in root.findChildren(QFormLayout):
        for row in range(form.rowCount()):
            label, field = form.itemAt(row, role.LabelRole), form.itemAt(row, role.FieldRole)
            label_widget = label.widget() if label is not None else None
            field_widget = field.widget() if field is not None else None
            if isinstance(label_widget, QLabel) and field_widget is not None \
                    and label_widget.buddy() is None:
                label_widget.setBuddy(field_widget)


def tab_text(tab: TableTab) -> str:
    """The tab's title as a tab bar shows it ("&" is not a shortcut marker)."""
    return tr(*tab.title).replace("&", "&&")


class StatusLine(QLabel):
    """One sentence about the last action; it follows the language and can be cleared."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setObjectName("status")
        self._sentence: Callable[[], str] = str

    def say(self, en: str, ja: str | None = None) -> None:
        """A sentence given in English and Japanese (the same in both when `ja` is None)."""
        self.follow(lambda: tr(en, en if ja is None else ja))

    def follow(self, sentence: Callable[[], str]) -> None:
        """A sentence made afresh in the interface language whenever it changes."""
        self._sentence = sentence
        self._show()

    def clear_message(self) -> None:
        self.say("")

    def _show(self) -> None:
        text = self._sentence()
        said = text != self.text()
        super().setText(text)
        self.setVisible(bool(text))
        if said and text:
            announce(self, text)  # a screen reader hears what the page just said

    def setText(self, text: str) -> None:  # a plain sentence (the same in both languages)
        self.say(text)

    def retranslate(self) -> None:
        self._show()


class TablePage(QWidget):
    """A game's table companion: optional header, tabs, status line and the page's buttons."""

    saved = Signal(int)  # play id

    def __init__(self, ctx: AppContext | None, game_id: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        ensure_cjk_font()
        self.ctx, self.game_id = ctx, game_id
        self._tabs: list[TableTab] = []
        self._begun = False  # a tab holds an entry: the players boxes are folded
        self.undo_group = QUndoGroup(self)
        self.header = QVBoxLayout()
        self.tabs = QTabWidget(self)
        self.tabs.currentChanged.connect(self._tab_changed)
        self.undo_button = QPushButton(self)
        self.undo_button.clicked.connect(self.undo_group.undo)
        self.redo_button = QPushButton(self)
        self.redo_button.clicked.connect(self.undo_group.redo)
        self.undo_group.canUndoChanged.connect(self.undo_button.setEnabled)
        self.undo_group.canRedoChanged.connect(self.redo_button.setEnabled)
        self.print_button = QPushButton(self)
        self.print_button.clicked.connect(self.print_pdf)
        self.save_button = QPushButton(self)
        self.save_button.setObjectName("save_to_history")
        self.save_button.clicked.connect(self.save)
        self.save_note = QLabel(self)
        self.save_note.setWordWrap(True)
        self.save_note.setStyleSheet(NOTE_STYLE)
        self.status = StatusLine(self)
        self.timer_widget = PlayTimerWidget(parent=self)
        self.timer_widget.add_shortcut(self)
        self.tabs.setCornerWidget(self.timer_widget, Qt.Corner.TopRightCorner)
        buttons = QHBoxLayout()
        buttons.addWidget(self.undo_button)
        buttons.addWidget(self.redo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.print_button)
        buttons.addWidget(self.save_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(self.header)
        layout.addWidget(self.tabs, 1)
        layout.addLayout(buttons)
        layout.addWidget(self.save_note)
        layout.addWidget(self.status)
        for keys, slot in ((QKeySequence.StandardKey.Undo, self.undo_group.undo),
                           (QKeySequence("Ctrl+Shift+Z"), self.undo_group.redo),
                           (QKeySequence("Ctrl+Y"), self.undo_group.redo)):
            shortcut = QShortcut(keys, self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        self._keys: list[tuple[TableTab | None, TableKey, QShortcut | None]] = []
        self._bind_page_keys()
        language().changed.connect(self.retranslate)
        self.retranslate()

    def _bind_page_keys(self) -> None:
        """The keys of every table page (Undo, Redo and the timer's key are bound above)."""
        listed = (("Ctrl+Z", "Undo", "元に戻す"), ("Ctrl+Shift+Z", "Redo", "やり直し"),
                  (TIMER_KEYS, "Start or pause the play timer",
                   "対局タイマーの開始・一時停止"),
                  ("Ctrl+P", "Print the tab's sheet", "タブのシートを印刷"))
        for keys, en, ja in listed:
            self.list_key(None, keys, en, ja)
        self.bind(None, "Ctrl+S", self.save_button)
        self.bind_action(None, "Ctrl+PgDown", "Next tab", "次のタブ",
                         lambda: self._step_tab(1))
        self.bind_action(None, "Ctrl+PgUp", "Previous tab", "前のタブ",
                         lambda: self._step_tab(-1))
        self.list_key(None, "?", "This list of keys", "このキー一覧")
        add_key_help(self, self.key_help_rows)

    # --- building ----------------------------------------------------------------------------
    def set_header(self, widget: QWidget) -> None:
        """A widget above the tabs (e.g. players and names shared by every tab)."""
        self.header.addWidget(widget)
        name_form_fields(widget)

    def add_tab(self, tab: TableTab) -> TableTab:
        """Add a tool; it scrolls when the window is too small for it."""
        scroll = QScrollArea(self.tabs)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QFrame.Shape.NoFrame)
        scroll.setWidget(tab)
        self._tabs.append(tab)
        if tab.undo_stack is not None:
            self.undo_group.addStack(tab.undo_stack)
        tab.edited.connect(lambda t=tab: self._edited(t))
        if tab.undo_stack is not None:  # something entered: the game has begun
            tab.undo_stack.indexChanged.connect(lambda _i: self.fold_players())
        tab.changed.connect(self.update_buttons)
        self.tabs.addTab(scroll, tab_text(tab))
        name_form_fields(tab)
        if len(self._tabs) == 1:
            self._tab_changed(0)
        return tab

    def bind(self, tab: TableTab | None, keys: str,
             buttons: QAbstractButton | Sequence[QAbstractButton],
             en: str | None = None, ja: str | None = None) -> QShortcut:
        """`keys` press the first of `buttons` that is shown and enabled, while `tab` is
        current (None: on every tab); the key list says that button's words (or `en`/`ja`),
        and each button's accessible description names the key."""
        group = [buttons] if isinstance(buttons, QAbstractButton) else list(buttons)

        def ready() -> QAbstractButton | None:
            return next((b for b in group if b.isVisible() and b.isEnabled()), None)

        def press() -> None:
            focus = QApplication.focusWidget()
            if keys == "Space" and isinstance(focus, QAbstractButton) and focus not in group:
                focus.click()  # Space keeps its meaning on a focused button or box
                return
            button = ready()
            if button is not None:
                button.click()

        def says() -> str:
            if en is not None:
                return tr(en, ja or en)
            return (ready() or group[0]).text().replace("&", "")

        en_key, ja_key = key_text(keys, "en"), key_text(keys, "ja")
        for button in group:
            words(button, f"Key: {en_key}", f"キー: {ja_key}", setter="setAccessibleDescription")
        return self._bind(tab, TableKey(keys, says), press)

    def bind_action(self, tab: TableTab | None, keys: str, en: str, ja: str,
                    slot: Callable[[], object], listed: bool = True) -> QShortcut:
        """`keys` call `slot` while `tab` is current (None: on every tab); a key not
        `listed` is one of a group the tab lists once (`list_key`)."""
        return self._bind(tab, TableKey(keys, lambda: tr(en, ja)), slot, listed)

    def list_key(self, tab: TableTab | None, keys: str, en: str, ja: str) -> None:
        """A line of the key list for keys bound one by one (e.g. "0 … 9")."""
        self._keys.append((tab, TableKey(keys, lambda: tr(en, ja)), None))

    def _bind(self, tab: TableTab | None, key: TableKey, slot: Callable[[], object],
              listed: bool = True) -> QShortcut:
        shortcut = QShortcut(QKeySequence(key.keys), self)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(slot)
        shortcut.setEnabled(tab is None or tab is self.current_tab())
        self._keys.append((tab, key, shortcut) if listed else (tab, _UNLISTED, shortcut))
        return shortcut

    def key_rows(self) -> list[tuple[str, str]]:
        """The keys that act now (the page's and the current tab's): (key, what it does)."""
        current = self.current_tab()
        return [key.row() for tab, key, _s in self._keys
                if (tab is None or tab is current) and key is not _UNLISTED]

    def key_help_rows(self) -> list[KeyRow]:
        """The `?` / F1 list (`ui.play.keys`): Tab, then `key_rows`, in the interface's
        language."""
        rows = [KeyRow("Tab / Shift+Tab", "Move between the page's fields and buttons",
                       "ページの欄とボタンの間を移動")]
        return rows + [KeyRow(keys, says, says) for keys, says in self.key_rows()]

    def _step_tab(self, step: int) -> None:
        count = self.tabs.count()
        if count:
            self.tabs.setCurrentIndex((self.tabs.currentIndex() + step) % count)

    def tab(self, index: int) -> TableTab:
        return self._tabs[index]

    def current_tab(self) -> TableTab | None:
        index = self.tabs.currentIndex()
        return self._tabs[index] if 0 <= index < len(self._tabs) else None

    # --- reacting ----------------------------------------------------------------------------
    def _tab_changed(self, index: int) -> None:
        self.status.clear_message()
        tab = self.current_tab()
        stack = tab.undo_stack if tab is not None else None
        self.undo_group.setActiveStack(stack)  # type: ignore[arg-type]  # None: no active stack
        for owner, _key, shortcut in self._keys:
            if shortcut is not None and owner is not None:
                shortcut.setEnabled(owner is tab)
        self.update_buttons()

    def _edited(self, tab: TableTab) -> None:
        if tab.saved_play_id is not None:
            if tab.corrects_saved_play:
                tab.changed_since_save = True
            else:
                tab.saved_play_id = None
        self.update_buttons()

    def has_begun(self) -> bool:
        """Something was entered in a tab (and not undone)."""
        return any(tab.has_begun() for tab in self._tabs)

    def fold_players(self) -> None:
        """The page's players boxes fold to one line once the game has begun (and at every
        entry after), and open again when it is undone back to its start or a new game
        starts."""
        if not isValid(self):
            return  # the page is going (its stacks say so as they are emptied)
        begun = self.has_begun()
        if begun or self._begun:  # every entry folds a box opened to change a name
            for box in self.findChildren(FoldingBox):
                box.set_folded(begun)
        self._begun = begun

    def start_new_play(self, tab: TableTab) -> None:
        """The tab's next save stores a new play (its saved play stays as it is)."""
        tab.saved_play_id = None
        tab.changed_since_save = False
        self.status.clear_message()
        self.update_buttons()

    def hideEvent(self, event: Any) -> None:
        self.status.clear_message()  # another page: the last sentence is no longer about it
        super().hideEvent(event)

    def update_buttons(self) -> None:
        tab = self.current_tab()
        has_undo = tab is not None and tab.undo_stack is not None
        for button in (self.undo_button, self.redo_button):
            button.setVisible(has_undo)
        self.undo_button.setEnabled(has_undo and self.undo_group.canUndo())
        self.redo_button.setEnabled(has_undo and self.undo_group.canRedo())
        printing = tab.printing if tab is not None else None
        self.print_button.setVisible(printing is not None)
        if tab is not None and printing is not None:
            self.print_button.setText(tr(*printing.text))
            problem = tab.print_problem()
            self.print_button.setEnabled(problem is None)
            self.print_button.setToolTip(problem or "")
        savable = tab is not None and tab.savable
        self.save_button.setVisible(savable)
        problem = self.save_problem() if savable else None
        self.save_button.setEnabled(savable and problem is None)
        self.save_button.setToolTip(problem or "")
        self.save_note.setText(problem or "")
        self.save_note.setVisible(bool(problem))

    # --- printing and saving -----------------------------------------------------------------
    def export_pdf(self, path: Path) -> None:
        """The current tab's PDF (Ctrl+P in the main window); ValueError when it has none."""
        tab = self.current_tab()
        if tab is None or tab.printing is None:
            raise ValueError(tr("this tab has nothing to print",
                                "このタブには印刷するものがありません"))
        problem = tab.print_problem()
        if problem:
            raise ValueError(problem)
        tab.export_pdf(path)

    def print_pdf(self) -> None:
        from ui.pdf_dialog import save_pdf

        tab = self.current_tab()
        if tab is not None and tab.printing is not None:
            save_pdf(self, tab.printing.pdf_name, tab.export_pdf, self.status.say)

    def save_problem(self) -> str | None:
        """Why the current tab's play cannot be saved now (None: it can)."""
        tab = self.current_tab()
        if tab is None or not tab.savable:
            return tr("Nothing to save on this tab.", "このタブには保存するものがありません。")
        if tab.saved_play_id is not None and tab.corrects_saved_play:
            if not tab.changed_since_save:
                return tr(f"Saved as play #{tab.saved_play_id}; a change is saved to the same "
                          "play, “New play” starts another.",
                          f"対局 #{tab.saved_play_id} として保存済みです。変更は同じ対局に保存し"
                          "ます。別の対局は「新しい対局」から始めます。")
        elif tab.saved_play_id is not None:
            return tr(f"Saved as play #{tab.saved_play_id}; change something to save again.",
                      f"対局 #{tab.saved_play_id} として保存済みです。変更すると再び保存できます。")
        problem = tab.save_problem()
        if problem:
            return problem
        if self.ctx is None or getattr(self.ctx, "db", None) is None:
            return tr("No history database is open.", "履歴のデータベースが開かれていません。")
        return None

    def save(self) -> int | None:
        """Save the current tab's play to the history (one transaction); its id, or None with
        the reason on the status line."""
        tab = self.current_tab()
        problem = self.save_problem()
        if tab is None or problem is not None:
            if tab is not None and tab.saved_play_id is not None:
                return tab.saved_play_id
            self.status.follow(lambda: self.save_problem() or "")
            return None
        correcting = tab.saved_play_id
        try:
            import db

            assert self.ctx is not None
            play = self.timed(tab.play_record())
            if correcting is None:
                play_id = int(db.add_play(self.ctx.db, play))
            else:
                play.id = play_id = correcting
                db.update_play(self.ctx.db, play)
        except Exception as exc:  # the data stays on the page; the person is told
            error = exc
            self.status.follow(lambda: tr(f"Not saved: {reason(error)}",
                                          f"保存できませんでした: {reason(error)}"))
            return None
        self.timer_widget.timer.pause()
        tab.saved_play_id = play_id
        tab.changed_since_save = False
        if correcting is None:
            self.status.say(f"Saved to the history as play #{play_id}.",
                            f"対局 #{play_id} として履歴に保存しました。")
        else:
            self.status.say(f"Play #{play_id} corrected in the history.",
                            f"履歴の対局 #{play_id} を修正しました。")
        self.update_buttons()
        from ui.events import events

        events().history_changed.emit()
        self.saved.emit(play_id)
        return play_id

    def timed(self, play: PlayRecord) -> PlayRecord:
        """`play` with the page's timer as its duration (unless the tab gave one)."""
        if play.duration_s is None and self.timer_widget.timer.seconds() > 0:
            play.duration_s = self.timer_widget.timer.seconds()
        return play

    # --- language ----------------------------------------------------------------------------
    def retranslate(self, *_: object) -> None:
        self.undo_button.setText(tr("Undo", "元に戻す"))
        self.redo_button.setText(tr("Redo", "やり直し"))
        self.save_button.setText(tr("Save to history", "履歴に保存"))
        for index, tab in enumerate(self._tabs):
            self.tabs.setTabText(index, tab_text(tab))
            tab.retranslate()
        self.status.retranslate()
        self.update_buttons()
