"""The import graph of start-up (issue 35): opening the main window imports no game's engine,
bots, printing or pages, nor the database layer; the registry's metadata loads without them.

Each check runs in a fresh interpreter, as the app starts: a module imported by an earlier
test in this process would hide an import that start-up makes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from companion.games import registry

ROOT = Path(__file__).resolve().parents[2]

#: The modules that a window showing the Library may hold: the registry, its info modules
#: and their light text tables; anything else under companion.games is a game's engine.
ENGINE_PARTS = ("rules", "bots", "moves", "board", "words", "deck", "hands", "variants",
                "printing", "table", "record", "bench", "explain", "cards", "diagrams")

WINDOW_SCRIPT = """
import json, sys
from argparse import Namespace
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from ui.app import build_window
settings = QSettings(sys.argv[1], QSettings.Format.IniFormat)
window = build_window(Namespace(lang="en"), settings)
window.show()
QApplication.processEvents()
print(json.dumps(sorted(sys.modules)))
"""

REGISTRY_SCRIPT = """
import json, sys
from companion.games import registry
games = registry.all_games()
print(json.dumps(sorted(sys.modules)))
"""


def run_script(script: str, *args: str) -> Any:
    """What `script`, run in a fresh interpreter, printed last (JSON)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    done = subprocess.run([sys.executable, "-c", script, *args], cwd=ROOT, env=env,
                          check=True, capture_output=True, text=True, timeout=120)
    return json.loads(done.stdout.strip().splitlines()[-1])


def imported(script: str, *args: str) -> list[str]:
    modules: list[str] = run_script(script, *args)
    return modules


def engine_modules(modules: list[str]) -> list[str]:
    """Modules of a game's engine, bots, printing or table tools among `modules`."""
    return [m for m in modules if m.startswith("companion.games.")
            and m.rsplit(".", 1)[-1] in ENGINE_PARTS]


def test_the_registry_lists_every_game_without_importing_an_engine() -> None:
    modules = imported(REGISTRY_SCRIPT)
    assert engine_modules(modules) == []
    assert "companion.core.api" not in modules
    assert "companion.core.record" not in modules
    assert "companion.history" not in modules


def test_opening_the_main_window_imports_no_game_and_no_database(tmp_path: Path) -> None:
    modules = imported(WINDOW_SCRIPT, str(tmp_path / "settings.ini"))
    assert "ui.shell.library" in modules  # the Library was built and shown
    assert engine_modules(modules) == []
    assert [m for m in modules if m.startswith("ui.games")] == []
    assert [m for m in modules if m.startswith(("ui.play.", "ui.table."))
            and m != "ui.play.pyside_guard"] == []
    assert [m for m in modules if m == "db" or m.startswith(("db.", "sqlalchemy"))] == []
    assert [m for m in modules if m.startswith("reportlab")] == []


def test_the_window_lists_the_games_without_importing_their_info_modules(
        tmp_path: Path) -> None:
    """Twenty games cost what one does: the Library's cards come from the registry's
    catalogue; a game's `INFO` module is imported when the window is idle or its page opens."""
    modules = imported(WINDOW_SCRIPT, str(tmp_path / "settings.ini"))
    assert [m for m in registry.GAME_MODULES if m in modules] == []


FINISH_SCRIPT = WINDOW_SCRIPT.replace("QApplication.processEvents()\n", """
QApplication.processEvents()
first = {"flat": type(QApplication.instance().style()).__name__ == "FlatScrollBars",
         "modules": [m for m in ("ui.style", "ui.fonts", "ui.shell.transfer") if m in sys.modules]}
from PySide6.QtCore import QEventLoop, QTimer
loop = QEventLoop()
QTimer.singleShot(50, loop.quit)
loop.exec()
from ui import fonts
later = {"flat": type(QApplication.instance().style()).__name__ == "FlatScrollBars",
         "font": bool(fonts._FONT_FAMILY)}
print(json.dumps([first, later]))
raise SystemExit
""")


def test_the_style_and_the_font_come_after_the_first_paint(tmp_path: Path) -> None:
    """The window shows without waiting for the flat scroll bars' style, the Japanese font
    or the File menu's work; they follow in the next turns of the event loop."""
    first, later = run_script(FINISH_SCRIPT, str(tmp_path / "settings.ini"))
    assert first == {"flat": False, "modules": []}
    assert later == {"flat": True, "font": True}


def test_the_check_sees_a_game_page_imported(tmp_path: Path) -> None:
    """The same check after a game's page is opened: it names the game's engine and page."""
    script = WINDOW_SCRIPT.replace("print(", "window.open_game('mokzo', 'table')\nprint(")
    modules = imported(script, str(tmp_path / "settings.ini"))
    assert "companion.games.mokzo.table" in engine_modules(modules)
    assert any(m.startswith("ui.games.mokzo") for m in modules)


PRELOAD_SCRIPT = WINDOW_SCRIPT.replace("print(", """
area = window.open_game("cetkaik", "play").widget("play")
wanted = ("ui.games.cetkaik.play", "companion.games.cetkaik.rules")
at_once = [m for m in wanted if m in sys.modules]
from PySide6.QtCore import QEventLoop
for _ in range(200):
    if not area.preload.pending():
        break
    QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
print(json.dumps([at_once, [m for m in wanted if m in sys.modules]]))
raise SystemExit
print(""")


def test_the_new_game_form_loads_the_game_while_the_window_is_idle(tmp_path: Path) -> None:
    """The Play tab's form shows at once; then, in idle turns while the person fills it in,
    the game's play screen and engine are imported, so that Start only builds the page."""
    at_once, later = run_script(PRELOAD_SCRIPT, str(tmp_path / "settings.ini"))
    assert at_once == []
    assert later == ["ui.games.cetkaik.play", "companion.games.cetkaik.rules"]


CARDS_SCRIPT = """
import json, sys
from argparse import Namespace
from PySide6.QtCore import QEventLoop, QSettings
from PySide6.QtWidgets import QApplication
from ui.app import build_window
from ui.shell.library import GameCard, OtherGameCard
window = build_window(Namespace(lang="en"), QSettings(sys.argv[1], QSettings.Format.IniFormat))
library = window.page("library")
def built():
    return [len(library.findChildren(GameCard)), len(library.findChildren(OtherGameCard))]
first = built()
window.show()
for _ in range(20):
    QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
print(json.dumps([first, built()]))
"""


def test_the_library_shows_with_its_first_cards_and_adds_the_rest_when_idle(
        tmp_path: Path) -> None:
    """Twenty games start as fast as a few: the first screen's cards are built with the
    window, the others and "Other game…" in its first idle turn."""
    from ui.shell.library import FIRST_CARDS

    first, later = run_script(CARDS_SCRIPT, str(tmp_path / "settings.ini"))
    assert first == [FIRST_CARDS, 0]
    assert later == [len(registry.all_games()), 1]


CLI_SCRIPT = """
import atexit, json, os, sys
os.environ["COMPANION_EXIT_AFTER_SHOW"] = "1"
atexit.register(lambda: print(json.dumps(sorted(sys.modules))))
from ui.cli import main
main(["--lang", "en", "--db", "sqlite:///" + sys.argv[1]])
"""


def test_the_command_line_starts_the_window_without_argparse_or_ctypes(tmp_path: Path) -> None:
    """`companion --lang en --db URL` reads its two options itself: argparse's messages would
    load the locale tables, and the commands' modules the engines; the PySide6 guard's
    ctypes is only loaded for the affected versions."""
    from ui.play.pyside_guard import needs_guard

    modules = imported(CLI_SCRIPT, str(tmp_path / "h.db"))
    assert "ui.main_window" in modules
    assert [m for m in modules if m in ("locale", "ui.commands") or m.startswith(
        "ui.commands.")] == []
    assert "companion.colours" not in modules  # the standard palette needs no colour table
    assert ("ctypes" in modules) == needs_guard()


GC_SCRIPT = """
import gc, json, sys
import ui.app
finish = ui.app.finish_start_up
def watched(app, window):
    held = not gc.isenabled()
    finish(app, window)
    print(json.dumps([held, gc.isenabled(), gc.get_freeze_count() > 0]), flush=True)
    app.quit()
ui.app.finish_start_up = watched
from ui.cli import main
main(["--lang", "en", "--db", "sqlite:///" + sys.argv[1]])
"""


def test_the_garbage_collector_waits_for_the_window(tmp_path: Path) -> None:
    """The cyclic collector's passes over the start's many new objects are held off until the
    window is shown, then it runs again, with what the start made kept out of its passes."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COMPANION_DATA_DIR=str(tmp_path),
               HOME=str(tmp_path), XDG_CONFIG_HOME=str(tmp_path / "config"))
    done = subprocess.run([sys.executable, "-c", GC_SCRIPT, str(tmp_path / "h.db")], cwd=ROOT,
                          env=env, check=True, capture_output=True, text=True, timeout=120)
    assert json.loads(done.stdout.strip().splitlines()[-1]) == [True, True, True]


QT_CLASSES_SCRIPT = WINDOW_SCRIPT.replace("QApplication.processEvents()\n", "").replace(
    "print(json.dumps(sorted(sys.modules)))", """
from PySide6 import QtGui
print(json.dumps(sorted(name for name in vars(QtGui) if name.endswith("Event"))))
""")


def test_the_window_is_built_and_shown_without_making_qt_event_classes(tmp_path: Path) -> None:
    """PySide6 makes QEvent's 180 event types the first time an event class is named (about
    4 ms): building and showing the window names none (closeEvent's and paintEvent's are for
    type checks; the first paint makes QPaintEvent)."""
    assert run_script(QT_CLASSES_SCRIPT, str(tmp_path / "settings.ini")) == []


QT_NAMESPACE_SCRIPT = WINDOW_SCRIPT.replace("QApplication.processEvents()\n", "").replace(
    "print(json.dumps(sorted(sys.modules)))", """
from PySide6 import QtCore
print(json.dumps("Qt" in vars(QtCore)))
""")


def test_the_window_is_built_and_shown_without_qts_namespace(tmp_path: Path) -> None:
    """PySide6 makes the hundred enums of Qt's namespace (`PySide6.QtCore.Qt`) the first time
    it is named (about 25 ms): no module the window loads names it at import."""
    assert run_script(QT_NAMESPACE_SCRIPT, str(tmp_path / "settings.ini")) is False


def test_every_game_is_still_listed() -> None:
    assert len(registry.all_games()) == len(registry.GAME_MODULES)


def test_the_catalogue_says_what_each_games_info_says() -> None:
    """Each catalogue line (what a Library card shows before the game is imported) agrees
    with the game's `INFO`, in the same order."""
    infos = registry.all_games()
    assert [line.id for line in registry.CATALOGUE] == [info.id for info in infos]
    for line, info in zip(registry.CATALOGUE, infos, strict=True):
        assert (line.name_ja, line.name_en, line.min_players, line.max_players, line.minutes,
                line.modes) == (info.name_ja, info.name_en, info.min_players,
                                info.max_players, info.minutes, info.modes), line.id
        assert (line.name("ja"), line.name("en"), line.players_text()) == (
            info.name("ja"), info.name("en"), info.players_text())
