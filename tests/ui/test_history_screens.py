"""The new screens of issue 10 — the play entry (new, a correction, a digital play, a
co-operative game), the player page, an other game's page and the File menu — in both
languages at the window's minimum and default size: nothing drawn over something else, no text
cut off (tests/ui/layout_checks.py), no English in the Japanese interface
(tests/ui/japanese_walker.py). Each screen is saved as a PNG under /tmp to be looked at."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime

import pytest
from PySide6.QtWidgets import QApplication, QScrollArea, QWidget

import db
from companion.games import registry
from companion.games.registry import GameInfo, Mode
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.play_entry import PlayEntry
from tests.ui.japanese_walker import game_names, widget_problems
from tests.ui.layout_checks import layout_problems
from tests.ui.shots import save_shot
from ui.i18n import language
from ui.shell.play_entry import PlayEntryDialog

#: Data shown on the screens (people, places, notes, games' names), not interface text.
NAMES = ("Ben", "Cho", "Dan", "Club", "a <b>&amp; note", "Catan", "Team Game", *game_names())


@pytest.fixture
def seeded(window, monkeypatch):
    """The sample history, a digital play, an other game and a co-operative game."""
    info = GameInfo("coop", "協力ゲーム", "Team Game", 1, 4, frozenset({Mode.TABLE}),
                    extras={"cooperative": True})
    monkeypatch.setitem(registry._load(), "coop", info)
    when = datetime(2026, 11, 3, 20, 0)
    db.add_plays(window.ctx.db, [
        PlayRecord("juusai", PlayMode.DIGITAL, when,
                   [SeatResult(0, "Ben", score=25, winner=True, rank=1),
                    SeatResult(1, "Bot · MCTS strong", is_bot=True, bot_kind="mcts:strong",
                               score=15, rank=2)],
                   finished_at=when, record={"game": "juusai", "moves": []}),
        PlayRecord("other:Catan", PlayMode.TABLE, when, [
            SeatResult(0, "Ben", score=10, rank=1, winner=True,
                       breakdown={"roads": 4, "cities": 6}),
            SeatResult(1, "Cho", score=8, rank=2, breakdown={"roads": 2, "cities": 6})],
            finished_at=when, duration_s=3600),
        PlayRecord("coop", PlayMode.TABLE, when, [
            SeatResult(0, "Ben", winner=True), SeatResult(1, "Dan", winner=True)],
            finished_at=when)])
    return window


def entries(window) -> dict[str, PlayEntryDialog]:
    plays = {p.game_id + p.mode.value: p for p in db.list_plays(window.ctx.db)}
    page = window.show_page("history")
    made = {
        "new": PlayEntry.new("", ["Ben", ""]),
        "edit": PlayEntry.from_play(plays["other:Catantable"]),
        "digital": PlayEntry.from_play(plays["juusaidigital"]),
        "coop": PlayEntry.from_play(plays["cooptable"]),
    }
    return {key: PlayEntryDialog(window.ctx, entry, page) for key, entry in made.items()}


def screens(window) -> Iterator[tuple[str, QWidget]]:
    """(name, widget) of every new screen, each shown when it is yielded."""
    players = window.show_page("players")
    players.open_player("Ben")
    yield "player page", players.player_page
    library = window.show_page("library")
    library.show_list()
    scroll = library.list_page.findChild(QScrollArea)
    scroll.ensureWidgetVisible(library.other_card)  # the last card, "Other game…"
    QApplication.processEvents()
    assert not scroll.horizontalScrollBar().isVisible(), "the game cards are cut at the side"
    yield "library", library
    page = library.open_other_game("Catan")
    assert page is not None
    for part in (page.back_button, page.title, page.tabs.tabBar()):
        # the generic score sheet below is the table-page frame's (frame branch), checked there
        yield "other game", part
    library.show_list()


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_new_screens_hold_together_in_both_languages(seeded, qtbot, lang) -> None:
    window = seeded
    language().set(lang)
    problems: list[str] = []
    minimum = window.minimumSize()
    for width, height in ((minimum.width(), minimum.height()), (1100, 720)):
        window.resize(width, height)
        QApplication.processEvents()
        for name, widget in screens(window):
            QApplication.processEvents()
            save_shot(window, f"issue10_{lang}_{width}_{name.replace(' ', '_')}.png")
            problems += [f"{lang} {width} {name}: {p}" for p in layout_problems(widget)]
            if lang == "ja":
                problems += [f"{name}: {p}" for p in widget_problems(widget, NAMES)]
    for key, dialog in entries(window).items():
        dialog.show()
        for size in (dialog.minimumSizeHint(), dialog.size()):
            dialog.resize(size)
            QApplication.processEvents()
            save_shot(dialog, f"issue10_{lang}_entry_{key}_{size.width()}.png")
            problems += [f"{lang} entry {key} {size.width()}: {p}"
                         for p in layout_problems(dialog)]
        if lang == "ja":
            problems += [f"entry {key}: {p}" for p in widget_problems(dialog, NAMES)]
        dialog._dirty = False
        dialog.close()
    if lang == "ja":
        menus = [window.file_menu, window.export_menu]
        texts = [a.text() for menu in menus for a in menu.actions()] + [
            window.file_menu.title(), window.export_menu.title()]
        problems += [f"menu: {t}" for t in texts
                     if widget_problems_of_text(t)]
    assert problems == [], "\n".join(problems)


def widget_problems_of_text(text: str) -> list[str]:
    from tests.ui.japanese_walker import untranslated

    return untranslated(text.replace("&", ""), ["JSON", "CSV", "BG", "Stats"])
