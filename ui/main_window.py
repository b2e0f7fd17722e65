"""The main window: a sidebar of pages (Library, History, Players, Statistics, Rules, Settings)
and the page shown. Pages are built the first time they are shown, so start-up only pays for
the window itself. Window geometry, the last page and the last game are remembered.

Shortcuts: Ctrl+1…6 pages, Ctrl+F search (Rules, History), F1 the rules of the current game,
Ctrl+P print where the page has something to print, Ctrl+Q quit; View (Alt+V): Ctrl+= / Ctrl+-
/ Ctrl+0 the interface's size (`ui.zoom`, remembered).

The File menu (Alt+F) imports a history file (Ctrl+I), exports the history as JSON, CSV or BG
Stats, backs it up (Ctrl+B) and quits (ui/shell/transfer.py does the work).
"""

from __future__ import annotations

import importlib
import sys
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QSize, QTimer
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMainWindow,
    QStackedWidget,
    QVBoxLayout,
    QWidget,
)

from ui.context import AppContext
from ui.i18n import language, tr
from ui.idle import IdleWork
from ui.zoom import PageScroller, Zoom, hold_pages

if TYPE_CHECKING:  # Qt makes QEvent's 180 event types the first time an event class is used
    from PySide6.QtGui import QAction, QCloseEvent

#: (key, English, Japanese, module under ui.shell, class name)
PAGES: tuple[tuple[str, str, str, str, str], ...] = (
    ("library", "Library", "ライブラリ", "library", "LibraryPage"),
    ("history", "History", "履歴", "history", "HistoryPage"),
    ("players", "Players", "プレイヤー", "players", "PlayersPage"),
    ("statistics", "Statistics", "統計", "statistics", "StatisticsPage"),
    ("rules", "Rules", "ルール", "rules", "RulesPage"),
    ("settings", "Settings", "設定", "settings", "SettingsPage"),
)
PAGE_KEYS = tuple(p[0] for p in PAGES)

KEY_GEOMETRY = "window/geometry"
KEY_STATE = "window/state"
KEY_PAGE = "window/page"
KEY_GAME = "library/last_game"
#: The colour palette chosen in Settings (`companion.colours.Palette`'s value).
KEY_PALETTE = "colour/palette"


#: The menus' entries, made in the event loop's second turn (`MainWindow.make_keys`).
MENU_ENTRIES = frozenset({"import_action", "export_menu", "export_actions", "backup_action",
                          "quit_action", "zoom_in_action", "zoom_out_action",
                          "zoom_reset_action"})

#: The sidebar's width at the starting size (it grows with the interface, `ui.zoom`).
SIDEBAR_WIDTH = 170


def sidebar_style(factor: float) -> str:
    """The sidebar's style sheet at the interface's size `factor`."""
    return (f"QListWidget#sidebar {{ font-size: {11 * factor:g}pt; border: none; "
            "background: #efe9dd; outline: 0; }"
            f"QListWidget#sidebar::item {{ padding: {round(8 * factor)}px "
            f"{round(10 * factor)}px; }}"
            "QListWidget#sidebar::item:selected { background: #c9a24a; color: white; }")


def _transfer() -> Any:
    """`ui.shell.transfer` (import, export, back-up), imported on first use."""
    from ui.shell import transfer

    return transfer


def restore_palette(value: object) -> None:
    """Use the colour palette chosen in Settings. The standard one, in use from the start,
    needs no colour table before the window shows (unless another window changed it)."""
    if value in (None, "", "standard") and "companion.colours" not in sys.modules:
        return
    from companion.colours import Palette, set_current

    set_current(Palette.parse(value))


class MainWindow(QMainWindow):
    """The application window. `show_page(key)` switches pages; `page(key)` builds one."""

    import_action: QAction
    export_menu: Any
    export_actions: dict[str, QAction]
    backup_action: QAction
    quit_action: QAction
    zoom_in_action: QAction
    zoom_out_action: QAction
    zoom_reset_action: QAction

    def __init__(self, ctx: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.ctx = ctx
        restore_palette(ctx.settings.value(KEY_PALETTE))
        #: Work done while the window is idle (`ui.app.qt_first_use_jobs`).
        self.first_use = IdleWork(self)
        self.setObjectName("main_window")
        self.setMinimumSize(QSize(760, 520))
        self._pages: dict[str, Any] = {}
        self.sidebar = QListWidget(self)
        self.sidebar.setObjectName("sidebar")
        self.sidebar.setFixedWidth(SIDEBAR_WIDTH)
        self.sidebar.setSpacing(2)
        self.sidebar.setStyleSheet(sidebar_style(1.0))
        for _ in PAGES:
            QListWidgetItem(self.sidebar)
        self.stack = QStackedWidget(self)
        for _ in PAGES:
            self.stack.addWidget(QWidget(self.stack))  # placeholders until first shown
        #: The pages' scroll area while the interface is larger than at start (`ui.zoom`).
        self.scroller: PageScroller | None = None
        self.status_label = QLabel(self)
        self.statusBar().addWidget(self.status_label, 1)
        # no size grip (the window's edges resize it): Fusion's 17 px grip made the status
        # bar 3 px taller than its text, and a 900 x 600 window's pages under 560 px
        self.statusBar().setSizeGripEnabled(False)
        central = QWidget(self)
        layout = QHBoxLayout(central)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        side = QVBoxLayout()
        side.addWidget(self.sidebar)
        layout.addLayout(side)
        layout.addWidget(self.stack, 1)
        self._page_layout = layout
        self.setCentralWidget(central)
        self._keys_made = False
        self._menus()
        # the menu bar takes no room from the pages: the window grows by its height
        self.setMinimumHeight(self.minimumHeight() + self.menuBar().sizeHint().height())
        self.sidebar.currentRowChanged.connect(self._row_changed)
        language().changed.connect(self.retranslate)
        self.retranslate()
        self._restore()
        # the shortcuts and the menus' entries follow the first paint (see `make_keys`)
        QTimer.singleShot(0, self, lambda: QTimer.singleShot(0, self, self.make_keys))

    def __getattr__(self, name: str) -> Any:
        """A menu entry asked for before the event loop made them: made now."""
        if name in MENU_ENTRIES and not self.__dict__.get("_keys_made", True):
            self.make_keys()
            return getattr(self, name)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    # --- building ---------------------------------------------------------------------------
    def _menus(self) -> None:
        """The menu bar's File and View menus, empty, and the interface's size (`ui.zoom`,
        remembered: the window shows at it)."""
        self.file_menu = self.menuBar().addMenu("")
        self.file_menu.setObjectName("file_menu")
        self.view_menu = self.menuBar().addMenu("")
        self.view_menu.setObjectName("view_menu")
        self.zoom = Zoom(self.ctx.settings, self)
        self.zoom.changed.connect(self._zoomed)
        self.zoom.restore()

    @property
    def keys_made(self) -> bool:
        """Whether the shortcuts and the menus' entries are there (`make_keys`)."""
        return self._keys_made

    def make_keys(self) -> None:
        """The shortcuts and the menus' entries. Made in the event loop's second turn, after
        the window's first paint, like the style and the Japanese font (`ui.app`): about a
        twentieth of the start-up (PySide6 sets up QAction, QKeySequence and QShortcut with
        their enums), ready long before a hand reaches the keyboard."""
        if self._keys_made:
            return
        self._keys_made = True
        self._shortcuts()
        self._file_menu()
        self._view_menu()
        self._retranslate_menu()

    def _shortcuts(self) -> None:
        from PySide6.QtGui import QKeySequence, QShortcut

        for number, key in enumerate(PAGE_KEYS, start=1):
            shortcut = QShortcut(QKeySequence(f"Ctrl+{number}"), self)
            shortcut.activated.connect(lambda k=key: self.show_page(k))
        for keys, slot in ((QKeySequence("Ctrl+F"), self.focus_search),
                           (QKeySequence("F1"), self.rules_of_current_game),
                           (QKeySequence("Ctrl+P"), self.print_current)):
            QShortcut(keys, self).activated.connect(slot)

    def _file_menu(self) -> None:
        """File: import, export (one entry per format), back up, quit (`ui.shell.transfer`
        does the work, imported when an entry is first chosen)."""
        from ui.shell.formats import FORMATS

        self.import_action = self._action("import_history", "Ctrl+I",
                                          lambda: _transfer().import_history(self))
        self.export_menu = self.file_menu.addMenu("")
        self.export_actions = {
            key: self._action(f"export:{key}", None,
                              lambda _=False, k=key: _transfer().export_history(self, k),
                              self.export_menu)
            for key, *_rest in FORMATS}
        self.backup_action = self._action("backup_history", "Ctrl+B",
                                          lambda: _transfer().backup_history(self))
        self.file_menu.addSeparator()
        self.quit_action = self._action("quit", "Ctrl+Q", self.close)

    def _view_menu(self) -> None:
        """View: the interface's size (`ui.zoom`), remembered in the settings."""
        from PySide6.QtGui import QKeySequence

        self.zoom_in_action = self._action("zoom_in", "Ctrl+=", self.zoom.zoom_in,
                                           self.view_menu)
        self.zoom_in_action.setShortcuts([QKeySequence("Ctrl+="), QKeySequence("Ctrl++")])
        self.zoom_out_action = self._action("zoom_out", "Ctrl+-", self.zoom.zoom_out,
                                            self.view_menu)
        self.zoom_reset_action = self._action("zoom_reset", "Ctrl+0", self.zoom.reset,
                                              self.view_menu)

    def _zoomed(self, factor: float) -> None:
        """Sidebar and page area at the interface's new size."""
        self.scroller = hold_pages(self._page_layout, self.stack, self.scroller, factor > 1)
        self.sidebar.setFixedWidth(round(SIDEBAR_WIDTH * factor))
        self.sidebar.setStyleSheet(sidebar_style(factor))

    def _action(self, name: str, keys: str | None, slot: Any, menu: Any = None) -> QAction:
        from PySide6.QtGui import QAction, QKeySequence

        action = QAction(self)
        action.setObjectName(name)
        if keys:  # `setShortcut` would have PySide6 make Qt's enums (see `ui.shell.common._qt`)
            action.setShortcuts([QKeySequence(keys)])
        action.triggered.connect(slot)
        (menu or self.file_menu).addAction(action)
        return action

    def page(self, key: str) -> Any:
        """The page `key`, built on first use (its module is imported only then)."""
        found = self._pages.get(key)
        if found is not None:
            return found
        index = PAGE_KEYS.index(key)
        module_name, class_name = PAGES[index][3], PAGES[index][4]
        module = importlib.import_module(f"ui.shell.{module_name}")
        page: QWidget = getattr(module, class_name)(self.ctx, self)
        page.setObjectName(f"page:{key}")
        placeholder = self.stack.widget(index)
        self.stack.insertWidget(index, page)
        if placeholder is not None:
            self.stack.removeWidget(placeholder)
            placeholder.deleteLater()
        self._pages[key] = page
        return page

    def built_pages(self) -> dict[str, QWidget]:
        return dict(self._pages)

    # --- navigation -------------------------------------------------------------------------
    def show_page(self, key: str) -> Any:
        """Switch to page `key` (as if its sidebar entry was clicked) and return it."""
        index = PAGE_KEYS.index(key)
        if self.sidebar.currentRow() != index:
            self.sidebar.setCurrentRow(index)
        else:
            self._row_changed(index)
        return self._pages[key]

    def current_key(self) -> str:
        return PAGE_KEYS[max(0, self.stack.currentIndex())]

    def current_page(self) -> Any:
        return self._pages.get(self.current_key())

    def _row_changed(self, row: int) -> None:
        if row < 0:
            return
        key = PAGE_KEYS[row]
        page = self.page(key)
        self.clear_message()
        self.stack.setCurrentIndex(row)
        self.ctx.settings.setValue(KEY_PAGE, key)
        activated = getattr(page, "activated", None)
        if activated is not None:
            activated()

    def focus_search(self) -> None:
        """Ctrl+F: the search box of Rules or History (Rules when elsewhere)."""
        key = self.current_key() if self.current_key() in ("rules", "history") else "rules"
        self.show_page(key).focus_search()

    def current_game(self) -> str | None:
        """The game the person is looking at (Library game page), else the last one opened."""
        if "library" in self._pages:
            game = self._pages["library"].current_game()
            if game:
                return str(game)
        if self.current_key() == "rules" and "rules" in self._pages:
            return self._pages["rules"].current_game()
        value = self.ctx.settings.value(KEY_GAME)
        return str(value) if value else None

    def rules_of_current_game(self) -> None:
        """F1: the rules of the current game."""
        game = self.current_game()
        rules = self.show_page("rules")
        if game:
            rules.select_game(game)

    def print_current(self) -> None:
        """Ctrl+P: print what the current page shows, where it has something to print."""
        page = self.current_page()
        handler = getattr(page, "print_current", None)
        if handler is None or not handler():
            self.show_message(tr("Nothing to print on this page.",
                                 "このページには印刷するものがありません。"))

    def show_message(self, text: str) -> None:
        self.status_label.setText(text)

    def clear_message(self) -> None:
        """Forget the status message: it was about the page or language that was in front."""
        self.status_label.clear()

    def open_game(self, game_id: str, mode: str = "play") -> Any:
        """Library → the game's page at `mode` ("table", "play" or "rules")."""
        library = self.show_page("library")
        return library.open_game(game_id, mode)

    def open_resumed(self, play: Any) -> Any:
        """Continue an autosaved play in its game's Play page (raises `ResumeError`)."""
        library = self.show_page("library")
        return library.resume(play)

    # --- language, state --------------------------------------------------------------------
    def retranslate(self, *_: object) -> None:
        self.clear_message()
        self.setWindowTitle(tr("Tabletop Companion", "テーブルゲーム・コンパニオン"))
        self._retranslate_menu()
        for row, (_key, en, ja, _m, _c) in enumerate(PAGES):
            item = self.sidebar.item(row)
            item.setText(f"{tr(en, ja)}")
            item.setToolTip(f"Ctrl+{row + 1}")

    def _retranslate_menu(self) -> None:
        self.file_menu.setTitle(tr("&File", "ファイル(&F)"))
        self.view_menu.setTitle(tr("&View", "表示(&V)"))
        if not self._keys_made:
            return
        from ui.shell.formats import FORMATS

        self.import_action.setText(tr("&Import history…", "履歴の読み込み(&I)…"))
        self.export_menu.setTitle(tr("&Export history", "履歴の書き出し(&E)"))
        for key, en, ja, _filter, _suffix in FORMATS:
            self.export_actions[key].setText(tr(en, ja))
        self.backup_action.setText(tr("&Back up history…", "履歴のバックアップ(&B)…"))
        self.quit_action.setText(tr("&Quit", "終了(&Q)"))
        self.zoom_in_action.setText(tr("Zoom &in", "拡大(&I)"))
        self.zoom_out_action.setText(tr("Zoom &out", "縮小(&O)"))
        self.zoom_reset_action.setText(tr("&Actual size", "標準のサイズ(&A)"))

    def _restore(self) -> None:
        settings = self.ctx.settings
        geometry = settings.value(KEY_GEOMETRY)
        if isinstance(geometry, QByteArray) and not geometry.isEmpty():
            self.restoreGeometry(geometry)
        else:
            self.resize(1180, 760)
        state = settings.value(KEY_STATE)
        if isinstance(state, QByteArray) and not state.isEmpty():
            self.restoreState(state)
        last = settings.value(KEY_PAGE)
        self.show_page(str(last) if last in PAGE_KEYS else "library")

    def database_ready(self) -> None:
        """The database was opened after the window appeared: pages load their data."""
        for page in self._pages.values():
            reload = getattr(page, "reload", None)
            if reload is not None:
                reload()

    def closeEvent(self, event: QCloseEvent) -> None:
        settings = self.ctx.settings
        settings.setValue(KEY_GEOMETRY, self.saveGeometry())
        settings.setValue(KEY_STATE, self.saveState())
        for page in self._pages.values():
            shutdown = getattr(page, "shutdown", None)
            if shutdown is not None:
                shutdown()
        settings.sync()
        super().closeEvent(event)
