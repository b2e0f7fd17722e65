"""Run as a script (`python -m tests.ui.dpr_pictures FOLDER`), under QT_SCALE_FACTOR=1 or 2:
shows the Library, then opens every game's play page (a game started with people at every
seat, the first person's hand revealed) and table page in the main window, and saves one
picture of each custom-painted widget it shows (a class of `ui` that paints itself) as
FOLDER/<game>.<mode>.<class>.png; prints the list as JSON.

`tests/ui/test_sharp_at_2x.py` compares the pictures taken at device pixel ratio 2 with
those taken at 1 (issue 37: boards and cards stay sharp on a 2× screen)."""

from __future__ import annotations

import json
import sys
from argparse import Namespace
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QWidget


def custom_painted(widget: QWidget) -> bool:
    """A widget of one of the app's own classes that paints itself."""
    for cls in type(widget).__mro__:
        if cls.__module__.startswith("PySide6"):
            return False
        if cls.__module__.startswith("ui.") and "paintEvent" in vars(cls):
            return True
    return False


def pictures(root: QWidget, prefix: str, folder: Path, saved: dict[str, str]) -> None:
    """Save the largest shown widget of each custom-painted class under `root`."""
    largest: dict[str, QWidget] = {}
    for widget in root.findChildren(QWidget):
        if not custom_painted(widget) or not widget.isVisible() or widget.width() < 8 \
                or widget.height() < 8:
            continue
        name = type(widget).__name__
        area = widget.width() * widget.height()
        if name not in largest or area > largest[name].width() * largest[name].height():
            largest[name] = widget
    for name, widget in largest.items():
        key = f"{prefix}.{name}"
        path = folder / f"{key}.png"
        widget.grab().save(str(path))
        saved[key] = str(path)


def settle(rounds: int = 20) -> None:
    for _ in range(rounds):
        QApplication.processEvents()


def main(folder: Path) -> dict[str, str]:
    import db
    from companion.games import registry
    from ui.app import build_window
    from ui.new_game_dialog import GameSetup, SeatChoice
    from ui.shell.library import Mode

    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = build_window(Namespace(lang="en"), settings)
    window.ctx.db = db.open_database(f"sqlite:///{folder / 'history.db'}")
    window.resize(1180, 760)
    window.show()
    saved: dict[str, str] = {}
    settle()
    pictures(window.page("library"), "library.list", folder, saved)
    for info in registry.all_games():
        if Mode.PLAY in info.modes:
            area = window.open_game(info.id, "play").widget("play")
            seats = [SeatChoice(f"P{i + 1}", None) for i in range(info.min_players)]
            area.start(GameSetup(info.id, {}, seats, seed=7))
            settle()
            if area.view.is_covered():  # hidden hands: the first person takes the device
                area.view.reveal()
                settle()
            pictures(area, f"{info.id}.play", folder, saved)
            area.close_view()
        if Mode.TABLE in info.modes:
            page = window.open_game(info.id, "table")
            settle()
            pictures(page, f"{info.id}.table", folder, saved)
    window.close()
    window.ctx.db.close()
    return saved


if __name__ == "__main__":
    print(json.dumps(main(Path(sys.argv[1]))), flush=True)
