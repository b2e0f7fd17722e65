"""Start the desktop app: QApplication, the language, the main window, then the style and the
Japanese font (after the window's first paint), then the database (opened just after the
window appears: SQLAlchemy and the migrations take longer to load than the window takes to
show) and the offer to continue unfinished games.

For the start-up benchmark:
- `COMPANION_EXIT_AFTER_SHOW=1 companion` quits as soon as the main window is shown and prints
  one JSON line `{"window_shown_s": <seconds since the process started (in clock ticks, 10
  ms)>, "cpu_s": <CPU seconds used>, "shown_at": <the time, time.time()>}`;
- `companion bench --only startup` runs that and a bare QApplication + QMainWindow (the floor)
  the same way (ui/commands/bench.py).

Only the standard library is imported at module level, so importing this module costs nothing.
"""

from __future__ import annotations

import json
import os
import sys
import time
from argparse import Namespace
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from ui.main_window import MainWindow

ORGANIZATION = "TabletopCompanion"
APPLICATION = "companion"
ENV_EXIT_AFTER_SHOW = "COMPANION_EXIT_AFTER_SHOW"
KEY_DATABASE = "database/url"

_IMPORTED_AT = time.perf_counter()


def seconds_since_process_start() -> float:
    """Wall time since this process started (Linux /proc; else since this module loaded)."""
    try:
        ticks = os.sysconf("SC_CLK_TCK")
        stat = Path("/proc/self/stat").read_text()
        start_ticks = int(stat.rsplit(")", 1)[1].split()[19])
        uptime = float(Path("/proc/uptime").read_text().split()[0])
        return max(0.0, uptime - start_ticks / ticks)
    except (OSError, ValueError, IndexError):
        return time.perf_counter() - _IMPORTED_AT




def initial_language(args: Namespace, settings: QSettings) -> str:
    """--lang, else the remembered choice, else Japanese on a Japanese system, else English."""
    chosen = getattr(args, "lang", None) or settings.value("language")
    if chosen in ("ja", "en"):
        return str(chosen)
    from PySide6.QtCore import QLocale

    return "ja" if QLocale.system().language() == QLocale.Language.Japanese else "en"


def database_url(args: Namespace, settings: QSettings) -> str | None:
    """--db / COMPANION_DB_URL, else the location chosen in Settings, else the default."""
    url = getattr(args, "db", None) or settings.value(KEY_DATABASE)
    return str(url) if url else None


def move_stored_password(settings: QSettings) -> str | None:
    """An older version kept the history's URL with its password in the settings file: the
    password goes to the system keyring (or, without one, is dropped) and the setting keeps
    the URL alone. Returns the sentence that says so (None: there was no password)."""
    stored = settings.value(KEY_DATABASE)
    if not stored:
        return None
    import db
    from ui.i18n import tr
    from ui.shell.settings import password_places

    url, password = db.split_password(str(stored))
    if password is None:
        return None
    settings.setValue(KEY_DATABASE, url)
    settings.sync()
    if db.store_password(url, password):
        return tr(f"The password that an older version saved with the history's address "
                  f"({db.redact(url)}) is now kept in the system keyring, no longer in the "
                  "settings file.",
                  f"以前のバージョンが履歴のアドレス（{db.redact(url)}）と一緒に保存した"
                  "パスワードは、設定ファイルからシステムのキーリングに移しました。")
    return tr(f"The password that an older version saved with the history's address "
              f"({db.redact(url)}) was removed from the settings file, and this computer has "
              f"no system keyring to keep it: {password_places()}.",
              f"以前のバージョンが履歴のアドレス（{db.redact(url)}）と一緒に保存したパスワードを"
              "設定ファイルから削除しました。このコンピューターにはパスワードを保管するシステムの"
              f"キーリングがありません。{password_places()}。")


def default_data_dir() -> Path:
    """The folder of the default SQLite database."""
    import db

    return Path(db.data_dir())


def make_settings() -> QSettings:
    """The app's settings file, readable by its owner only (0600, in a 0700 folder): it holds
    the history's location and the seats' names. Qt keeps an existing file's mode when it
    rewrites it, so the file is made private before Qt first writes it."""
    from PySide6.QtCore import QSettings

    settings = QSettings(ORGANIZATION, APPLICATION)
    make_settings_private(Path(settings.fileName()))
    return settings


def make_settings_private(path: Path) -> None:
    """Create the settings file (and its folder) user-only, or narrow an older one."""
    from companion import files

    try:
        files.private_dir(path.parent, tighten=True)
        if not files.create_private(path):
            files.make_private(path)
    except OSError:  # a folder the app cannot write: Qt reports its own failure to save
        pass


def open_database_after_show(window: MainWindow, url: str | None) -> bool:
    """Open the history for a shown window (asking what to do when it is damaged or newer, or
    when a chosen one cannot be reached: the local history can stand in for this run), warn
    once about an unencrypted connection to another computer, then offer to continue
    unfinished games. False when the person chose to quit."""
    from ui.shell.startup import offer_resume, open_database_interactively, warn_once

    window.show_message("")
    fallback: list[tuple[str, Exception]] = []
    database = open_database_interactively(
        url, window, fell_back=lambda choice, error: fallback.append((choice, error)))
    if database is None:
        return False
    window.ctx.db = database
    window.database_ready()
    if fallback:
        say_local_history(window, database, *fallback[-1])
    warn_once(window, database)
    offer_resume(window)
    return True


def say_local_history(window: MainWindow, database: Any, choice: str,
                      error: Exception) -> None:
    """The local history stands in for this run: open Settings if asked, and say so."""
    from ui.i18n import tr
    from ui.shell.startup import DatabaseProblemDialog, problem_sentence

    if choice == DatabaseProblemDialog.SETTINGS:
        window.show_page("settings")
    why = problem_sentence(error)
    window.show_message(tr(f"This run uses the local history {database.where}. {why}",
                           f"今回はローカルの履歴 {database.where} を使っています。{why}"))


def start_history(window: MainWindow, args: Namespace) -> bool:
    """Just after the window shows: move a password an older version stored (and say so),
    then open the history as `open_database_after_show` does. False: the person quit."""
    from ui.shell.startup import tell

    note = move_stored_password(window.ctx.settings)
    if note is not None:
        tell(window, "Tabletop Companion", note)
    return open_database_after_show(window, database_url(args, window.ctx.settings))


#: How long a thread may hold the interpreter while another waits for it (Python's default
#: is 5 ms). The autosave's thread shares this interpreter with the window: a shorter turn
#: gives the lock back to the window within about a millisecond.
INTERPRETER_SWITCH_S = 0.001


#: Room for kept pictures, in KiB (Qt keeps 10 MiB): boards' ground layers, card and piece
#: sprites drawn ahead of need and move-list lines, four times the pixels on a 2× screen.
PICTURE_CACHE_KIB = 64 * 1024


def keep_more_pictures() -> None:
    """Let Qt's pixmap cache hold `PICTURE_CACHE_KIB`: a picture pushed out is drawn again,
    on the interface thread, the next time it shows."""
    from PySide6.QtGui import QPixmapCache

    QPixmapCache.setCacheLimit(max(QPixmapCache.cacheLimit(), PICTURE_CACHE_KIB))


def build_window(args: Namespace, settings: QSettings | None = None) -> MainWindow:
    """QApplication (if none), language and the main window — not yet shown, no db; the style
    and the Japanese font follow the first paint (`finish_start_up`)."""
    sys.setswitchinterval(INTERPRETER_SWITCH_S)
    from PySide6.QtWidgets import QApplication

    from ui.pyside_imports import quicker_feature_check

    quicker_feature_check()
    from ui.context import AppContext
    from ui.i18n import install_qt_translations, language
    from ui.main_window import MainWindow
    from ui.play.pyside_guard import protect_singletons

    protect_singletons()
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    keep_more_pictures()
    settings = settings if settings is not None else make_settings()
    language().set(initial_language(args, settings))
    install_qt_translations()  # Qt's own dialogs and buttons in the same language
    ctx: Any = AppContext(db=None, settings=settings, lang=language())  # type: ignore[arg-type]
    window = MainWindow(ctx)
    after_first_paint(partial(finish_start_up, app, window))
    return window


def after_first_paint(job: Callable[[], object]) -> None:
    """Run `job` in the second turn of the event loop: the first shows and paints the window
    (and runs what the caller queued after `show()`, such as the start-up benchmark's report)."""
    from PySide6.QtCore import QTimer

    QTimer.singleShot(0, lambda: QTimer.singleShot(0, job))


def finish_start_up(app: Any, window: MainWindow) -> None:
    """What the window does not wait for: the flat scroll bars, the Japanese font (the
    window is laid out again in it; a game page loads it itself if it opens first) and
    PySide6's classes set up while idle. The cyclic garbage collector, held off while the
    modules and widgets of the start were made (`ui.cli.main`), runs again; what the start
    made is kept out of its later passes."""
    import gc

    from ui.fonts import load_cjk_font
    from ui.style import install_style

    gc.freeze()
    gc.enable()

    install_style(app)
    load_cjk_font(app)
    window.first_use.add(qt_first_use_jobs())


def qt_first_use_jobs() -> list[Callable[[], object]]:
    """Jobs (for `IdleWork`) that have PySide6 set up every class of QtGui, QtWidgets and
    QtCore with its Python enums. It does so the first time a class is used, up to a few
    milliseconds each, and a game page uses some only mid-game (a gradient's enums at a
    scroll bar's first paint, an icon's at the first hint): those few milliseconds landed on
    a bot's move. All of them take about 65 ms, done in turns of the idle window."""
    from PySide6 import QtCore, QtGui, QtWidgets

    return [partial(_set_up, module, name) for module in (QtGui, QtWidgets, QtCore)
            for name in dir(module) if name.startswith("Q")]


def _set_up(module: object, name: str) -> None:
    """Have PySide6 set up `module.name` (a class: with its enums)."""
    cls = getattr(module, name)
    if isinstance(cls, type):
        vars(cls)  # its enums


def run_gui(args: Namespace) -> int:
    """The desktop app; returns the exit status."""
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    window = build_window(args)
    app = QApplication.instance()
    assert app is not None
    window.show()
    if os.environ.get(ENV_EXIT_AFTER_SHOW) == "1":
        def report() -> None:
            print(json.dumps({"window_shown_s": round(seconds_since_process_start(), 4),
                              "cpu_s": round(time.process_time(), 4),
                              "shown_at": time.time()}), flush=True)
            app.quit()

        QTimer.singleShot(0, report)
        return int(app.exec())
    def start() -> None:
        if not start_history(window, args):
            window.close()
            app.exit(1)

    QTimer.singleShot(0, start)
    status = int(app.exec())
    if window.ctx.db is not None:
        window.ctx.db.close()
    return status
