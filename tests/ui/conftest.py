"""Fixtures of the shell tests: an in-memory stand-in for `db` with the same functions
(`fake_db`), seeded plays, a context with its own settings file and the main window.
Nothing here is autouse, so other UI tests are unaffected."""

from __future__ import annotations

import copy
import sys
import types
from collections import defaultdict
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings

from companion.history import (
    PeriodCount,
    Player,
    PlayerStats,
    PlayMode,
    PlayRecord,
    ScorePoint,
    SeatResult,
)
from ui.play.pyside_guard import protect_singletons

protect_singletons()


# --- an in-memory repository with the db API ------------------------------------------------
class DatabaseError(Exception):
    def __init__(self, message: str, path: Path | None = None) -> None:
        super().__init__(message)
        self.message, self.path = message, path


class CorruptDatabaseError(DatabaseError):
    pass


class NewerDatabaseError(DatabaseError):
    revision = "future"


class DuplicatePlayerError(DatabaseError):
    pass


class FakeDatabase:
    def __init__(self, url: str = "memory://") -> None:
        self.url, self.path = url, None
        self.plays: dict[int, PlayRecord] = {}
        self.players: dict[int, str] = {}
        self.next_play = self.next_player = 1

    def close(self) -> None:
        pass


def _player_id(db: FakeDatabase, name: str) -> int:
    for pid, known in db.players.items():
        if known == name:
            return pid
    db.players[db.next_player] = name
    db.next_player += 1
    return db.next_player - 1


def add_play(db: FakeDatabase, play: PlayRecord) -> int:
    stored = copy.deepcopy(play)
    stored.id = db.next_play
    db.next_play += 1
    for seat in stored.seats:
        if not seat.is_bot:
            _player_id(db, seat.player)
    db.plays[stored.id] = stored
    return stored.id


def add_plays(db: FakeDatabase, plays: list[PlayRecord]) -> list[int]:
    return [add_play(db, p) for p in plays]


def update_play(db: FakeDatabase, play: PlayRecord) -> None:
    assert play.id is not None
    for seat in play.seats:
        if not seat.is_bot:
            _player_id(db, seat.player)
    db.plays[play.id] = copy.deepcopy(play)


def save_autosave(db: FakeDatabase, play: PlayRecord) -> int:
    if play.id is None:
        return add_play(db, play)
    update_play(db, play)
    return play.id


def get_play(db: FakeDatabase, play_id: int) -> PlayRecord | None:
    play = db.plays.get(play_id)
    return copy.deepcopy(play) if play is not None else None


def delete_play(db: FakeDatabase, play_id: int) -> None:
    db.plays.pop(play_id, None)


def _matching(db: FakeDatabase, game_id: str | None = None, player: str | None = None,
              since: datetime | None = None, until: datetime | None = None,
              finished: bool | None = None) -> list[PlayRecord]:
    found = []
    for play in db.plays.values():
        if game_id and play.game_id != game_id:
            continue
        if player and player not in [s.player for s in play.seats]:
            continue
        if (since and play.started_at < since) or (until and play.started_at > until):
            continue
        if finished is not None and play.is_finished != finished:
            continue
        found.append(play)
    return sorted(found, key=lambda p: (p.started_at, p.id or 0), reverse=True)


def list_plays(db: FakeDatabase, *, limit: int | None = None, offset: int = 0,
               **filters: Any) -> list[PlayRecord]:
    found = _matching(db, **filters)[offset:]
    return copy.deepcopy(found[:limit] if limit is not None else found)


def count_plays(db: FakeDatabase, **filters: Any) -> int:
    return len(_matching(db, **filters))


def unfinished_plays(db: FakeDatabase) -> list[PlayRecord]:
    return copy.deepcopy([p for p in _matching(db, finished=False)
                          if p.mode is PlayMode.DIGITAL])


def list_players(db: FakeDatabase) -> list[Player]:
    return sorted((Player(pid, name) for pid, name in db.players.items()), key=lambda p: p.name)


def add_player(db: FakeDatabase, name: str) -> Player:
    if name in db.players.values():
        raise DuplicatePlayerError(f"a player called {name!r} exists")
    return Player(_player_id(db, name), name)


def rename_player(db: FakeDatabase, player_id: int, new_name: str) -> None:
    old = db.players[player_id]
    if new_name != old and new_name in db.players.values():
        raise DuplicatePlayerError(f"a player called {new_name!r} exists")
    db.players[player_id] = new_name
    for play in db.plays.values():
        for seat in play.seats:
            if seat.player == old and not seat.is_bot:
                seat.player = new_name


def merge_players(db: FakeDatabase, keep_id: int, remove_id: int) -> None:
    keep, remove = db.players[keep_id], db.players.pop(remove_id)
    for play in db.plays.values():
        for seat in play.seats:
            if seat.player == remove and not seat.is_bot:
                seat.player = keep


def player_play_counts(db: FakeDatabase) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for play in db.plays.values():
        for name in {s.player for s in play.seats if not s.is_bot}:
            counts[name] += 1
    return dict(counts)


def _finished_seats(db: FakeDatabase, game_id: str | None = None):
    for play in sorted(db.plays.values(), key=lambda p: p.started_at):
        if not play.is_finished or (game_id and play.game_id != game_id):
            continue
        for seat in play.seats:
            if not seat.is_bot:
                yield play, seat


def player_stats(db: FakeDatabase, game_id: str | None = None) -> list[PlayerStats]:
    groups: dict[tuple[str, str], list[SeatResult]] = defaultdict(list)
    for play, seat in _finished_seats(db, game_id or None):
        groups[(seat.player, "" if game_id == "" else play.game_id)].append(seat)
    rows = []
    for (player, gid), seats in sorted(groups.items()):
        scores = [s.score for s in seats if s.score is not None]
        rows.append(PlayerStats(player, gid, len(seats), sum(s.winner for s in seats),
                                sum(scores) / len(scores) if scores else None,
                                max(scores) if scores else None))
    return rows


def plays_per_period(db: FakeDatabase, *, game_id: str | None = None,
                     period: str = "month") -> list[PeriodCount]:
    fmt = "%Y-%m" if period == "month" else "%Y"
    counts: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0])
    for play, seat in _finished_seats(db, game_id):
        cell = counts[(play.started_at.strftime(fmt), seat.player)]
        cell[0] += 1
        cell[1] += int(seat.winner)
    return [PeriodCount(p, n, c[0], c[1]) for (p, n), c in sorted(counts.items())]


def scores_over_time(db: FakeDatabase, game_id: str, player: str | None = None
                     ) -> list[ScorePoint]:
    return [ScorePoint(play.started_at, seat.player, play.game_id, seat.score)
            for play, seat in _finished_seats(db, game_id)
            if seat.score is not None and (player is None or seat.player == player)]


def game_play_counts(db: FakeDatabase) -> dict[str, int]:
    counts: dict[str, int] = defaultdict(int)
    for play in db.plays.values():
        if play.is_finished:
            counts[play.game_id] += 1
    return dict(counts)


def open_database(url: str | None = None) -> FakeDatabase:
    """Like the real one for SQLite files: a file that is not SQLite is corrupt, one starting
    with b"NEWER" was made by a newer version; a missing file is created."""
    if url and url.startswith("sqlite:///"):
        path = Path(url[len("sqlite:///"):])
        if path.exists():
            head = path.read_bytes()[:16]
            if head.startswith(b"NEWER"):
                raise NewerDatabaseError(f"{path} was made by a newer version of the app", path)
            if not head.startswith(b"SQLite format 3"):
                raise CorruptDatabaseError(f"{path} is not a database", path)
        else:
            path.write_bytes(b"SQLite format 3\0")
        database = FakeDatabase(url)
        database.path = path  # type: ignore[assignment]
        return database
    return FakeDatabase(url or "memory://")


def default_url() -> str:
    return "sqlite:////tmp/companion-fake/companion.db"


def move_aside(path: Path) -> Path:
    target = path.with_name(path.name + ".broken-test")
    path.rename(target)
    return target


API = ("DatabaseError", "CorruptDatabaseError", "NewerDatabaseError", "DuplicatePlayerError",
       "open_database", "default_url", "move_aside", "add_play", "add_plays", "update_play",
       "get_play", "delete_play", "list_plays", "count_plays", "save_autosave",
       "unfinished_plays", "list_players", "add_player", "rename_player", "merge_players",
       "player_play_counts", "player_stats", "plays_per_period", "scores_over_time",
       "game_play_counts")


def make_fake_module() -> types.ModuleType:
    module = types.ModuleType("db")
    for name in API:
        setattr(module, name, globals()[name])
    module.Database = FakeDatabase  # type: ignore[attr-defined]
    return module


# --- data ----------------------------------------------------------------------------------
def seat(i: int, name: str, score: float, winner: bool = False, bot: bool = False,
         **breakdown: float) -> SeatResult:
    return SeatResult(i, name, is_bot=bot, bot_kind="greedy" if bot else "", score=score,
                      breakdown=dict(breakdown), rank=None, winner=winner)


def sample_plays() -> list[PlayRecord]:
    """Five finished plays and one unfinished digital play, over two months."""
    return [
        PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 9, 5, 20, 0),
                   [seat(0, "花子", 24, True), seat(1, "Ben", 10), seat(2, "Cho", 6)],
                   finished_at=datetime(2026, 9, 5, 20, 20), location="Club"),
        PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 10, 2, 19, 0),
                   [seat(0, "花子", 12), seat(1, "Ben", 18, True)],
                   finished_at=datetime(2026, 10, 2, 19, 30)),
        PlayRecord("shinyu", PlayMode.TABLE, datetime(2026, 10, 9, 19, 0),
                   [seat(0, "Ben", 30, True), seat(1, "Cho", 5)],
                   finished_at=datetime(2026, 10, 9, 19, 40)),
        PlayRecord("juusai", PlayMode.TABLE, datetime(2026, 10, 20, 21, 0),
                   [seat(0, "花子", 40, True), seat(1, "Cho", 3),
                    seat(2, "Bot · Greedy", 9, bot=True)],
                   finished_at=datetime(2026, 10, 20, 21, 15), notes="a <b>&amp; note"),
        PlayRecord("rengeki", PlayMode.TABLE, datetime(2026, 10, 25, 18, 0),
                   [seat(0, "Dan", 7), seat(1, "Cho", 11, True)],
                   finished_at=datetime(2026, 10, 25, 18, 20)),
    ]


# --- acting as a person ------------------------------------------------------------------------
class Person:
    """Clicks, types and presses keys like someone at the computer."""

    def __init__(self, qtbot: Any) -> None:
        self.qtbot = qtbot

    def click(self, widget: Any) -> None:
        from PySide6.QtCore import Qt

        assert widget.isVisible() and widget.isEnabled(), f"{widget.objectName()} not clickable"
        self.qtbot.mouseClick(widget, Qt.MouseButton.LeftButton)

    def type(self, widget: Any, text: str, clear: bool = True) -> None:
        if clear:
            widget.clear()
        self.qtbot.keyClicks(widget, text)

    def key(self, widget: Any, key: Any, modifier: Any = None) -> None:
        from PySide6.QtCore import Qt

        self.qtbot.keyClick(widget, key, modifier or Qt.KeyboardModifier.NoModifier)

    def activate(self, window: Any) -> None:
        from PySide6.QtWidgets import QApplication

        window.activateWindow()
        window.windowHandle().requestActivate()
        self.qtbot.waitUntil(lambda: QApplication.activeWindow() is window, timeout=3000)

    def click_sidebar(self, window: Any, text: str) -> None:
        from PySide6.QtCore import Qt

        sidebar = window.sidebar
        (item,) = [sidebar.item(r) for r in range(sidebar.count())
                   if sidebar.item(r).text() == text]
        self.qtbot.mouseClick(sidebar.viewport(), Qt.MouseButton.LeftButton,
                              pos=sidebar.visualItemRect(item).center())

    def click_row(self, view: Any, row: int, column: int = 0, double: bool = False) -> None:
        from PySide6.QtCore import Qt

        index = view.model().index(row, column)
        view.scrollTo(index)
        center = view.visualRect(index).center()
        self.qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)
        if double:  # a double click is a press on the same row, then the double click
            self.qtbot.mouseDClick(view.viewport(), Qt.MouseButton.LeftButton, pos=center)

    def answer_next_dialog(self, button_text: str, seen: list[str] | None = None) -> None:
        """When the next modal dialog opens, click its button `button_text` (records the
        dialog's text in `seen`)."""
        from PySide6.QtCore import QTimer
        from PySide6.QtWidgets import QAbstractButton, QApplication, QLabel

        def answer(tries: int = 100) -> None:
            dialog = QApplication.activeModalWidget()
            if dialog is None:
                if tries:
                    QTimer.singleShot(20, lambda: answer(tries - 1))
                return
            if seen is not None:
                seen.append(" ".join(label.text() for label in dialog.findChildren(QLabel)))
            buttons = [b for b in dialog.findChildren(QAbstractButton)
                       if b.text().replace("&", "") == button_text]
            assert buttons, f"no button {button_text!r} in {dialog.windowTitle()!r}"
            buttons[0].click()

        QTimer.singleShot(20, answer)


@pytest.fixture
def person(qtbot) -> Person:
    return Person(qtbot)


# --- fixtures ------------------------------------------------------------------------------
class Ctx:
    """AppContext's fields (a plain object so the database can be any stand-in)."""

    def __init__(self, database: Any, settings: QSettings) -> None:
        from ui.i18n import language

        self.db, self.settings, self.lang = database, settings, language()


@pytest.fixture
def english():
    from ui.i18n import language

    language().set("en")
    yield
    language().set("en")


@pytest.fixture
def fake_db(monkeypatch) -> types.ModuleType:
    """The stand-in installed as `db` for the duration of the test."""
    module = make_fake_module()
    monkeypatch.setitem(sys.modules, "db", module)
    return module


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture
def ctx(fake_db, settings, english) -> Ctx:
    database = fake_db.open_database()
    for play in sample_plays():
        fake_db.add_play(database, play)
    return Ctx(database, settings)


@pytest.fixture
def window(qtbot, ctx):
    from ui.main_window import MainWindow

    win = MainWindow(ctx)  # type: ignore[arg-type]
    qtbot.addWidget(win)
    win.resize(1100, 720)
    win.show()
    qtbot.waitExposed(win)
    yield win
    win.close()
