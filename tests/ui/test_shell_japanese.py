"""No English in the Japanese interface: every shell page, each game's page header, the play
dialog, and every PDF the app makes (blank and filled sheets of every registered game), walked
in Japanese. Names, notation and numbers pass (tests/ui/japanese_walker.py)."""

from __future__ import annotations

import random
from datetime import datetime

import pytest

import db
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.japanese_walker import (
    game_names,
    pdf_problems,
    untranslated,
    widget_problems,
)
from ui.i18n import language
from ui.main_window import PAGE_KEYS

#: The seeded history's people, place and notes (data, not interface), and the games' names.
NAMES = ("Ben", "Cho", "Dan", "Club", "a <b>&amp; note", *game_names())
#: Widgets that show data a person typed or a path: the database in use, the typed URL.
DATA_WIDGETS = ("db_current", "db_url")


def test_the_walker_finds_english_and_passes_names_and_notation() -> None:
    assert untranslated("勝者: Ben · Greedy が d4 に", allowed=["Ben"]) == ["Greedy"]
    assert untranslated("1. 花子 赤 d4 → =3 · I3 a1 b1 · MCTS 強") == []
    assert untranslated("Nothing to print") == ["Nothing", "to", "print"]


def test_the_walker_passes_cetkaik_squares_in_their_notation_only() -> None:
    assert untranslated("1 XAU虎ZIAXAU無撃裁 ZO皇[ZU]XICE · 8 XO皇[XY]CAIMY") == []
    assert untranslated("棋譜（Cerke Online の記法） MAX Zu") == ["Cerke", "Online", "MAX", "Zu"]


def digital_play(game_id: str, seed: int = 3) -> PlayRecord:
    """A random digital game of `game_id` to its end, with a bot in the second seat."""
    from companion.core.record import Game
    from companion.games import registry

    info = registry.get(game_id)
    players = max(info.min_players, 2)
    game = Game.new(game_id, players, seed=seed)
    rng = random.Random(seed)
    game.resolve_chance()
    while not game.state.is_over():
        game.play_and_resolve(rng.choice(game.state.legal_moves()))
    outcome = game.state.outcome()
    ranks = outcome.ranks()
    seats = [SeatResult(i, "Bot · Greedy" if i == 1 else f"花子{i}", is_bot=i == 1,
                        bot_kind="greedy" if i == 1 else "", score=float(outcome.scores[i]),
                        rank=ranks[i], winner=i in outcome.winners,
                        breakdown={str(k): float(v) for k, v in outcome.breakdown[i].items()}
                        if i < len(outcome.breakdown) else {})
             for i in range(players)]
    return PlayRecord(game_id, PlayMode.DIGITAL, datetime(2026, 11, 3, 20), seats,
                      finished_at=datetime(2026, 11, 3, 21), seed=seed,
                      record=game.record.to_dict(), notes=outcome.detail, id=9)


def table_play(game_id: str) -> PlayRecord:
    """A table play of `game_id` scored in each of its categories."""
    from companion.scoresheet import categories_for

    keys = [key for key, _ja, _en in categories_for(game_id)]
    seats = [SeatResult(i, f"花子{i}", score=float(10 - i), rank=i + 1, winner=i == 0,
                        breakdown={key: float(i + 1) for key in keys}) for i in range(2)]
    return PlayRecord(game_id, PlayMode.TABLE, datetime(2026, 11, 3, 20), seats,
                      finished_at=datetime(2026, 11, 3, 21), location="公民館", id=8)


def test_every_shell_page_is_japanese(window, qtbot) -> None:
    window.ctx.db and db.add_play(window.ctx.db, digital_play("juusai"))
    language().set("ja")
    problems = []
    for key in PAGE_KEYS:
        window.show_page(key)
        qtbot.wait(1)
        problems += [f"{key} › {p}" for p in widget_problems(window, NAMES, DATA_WIDGETS)]
    library = window.show_page("library")
    for game_id, page in ((g, library.game_page(g)) for g in library.cards):
        library.open_game(game_id, "rules")
        for part in (page.back_button, page.title, page.tabs.tabBar()):
            problems += [f"{game_id} › {p}" for p in widget_problems(part, NAMES)]
    history = window.show_page("history")
    history.reload()
    for play in history.model.plays:
        dialog = history.open_play(play.id)
        problems += [f"play {play.id} › {p}" for p in widget_problems(dialog, NAMES)]
        dialog.close()
    assert problems == [], "\n".join(problems)


def pdfs() -> list[tuple[str, bytes]]:
    """Every sheet the app prints, in Japanese: blank for the fewest and most players, and
    filled from a digital play (a table play for games without one) of every game."""
    from companion.export.pdf import pdf_bytes
    from companion.export.sheets import blank_sheets, play_sheets
    from companion.games import registry

    made = []
    for info in registry.all_games():
        for players in sorted({info.min_players, info.max_players}):
            made.append((f"{info.id} blank {players}",
                         pdf_bytes(blank_sheets(info.id, players, [], "ja"))))
        play = digital_play(info.id) if info.new_state is not None else table_play(info.id)
        made.append((f"{info.id} filled", pdf_bytes(play_sheets(play, "ja"))))
        made.append((f"{info.id} table play", pdf_bytes(play_sheets(table_play(info.id),
                                                                    "ja"))))
    return made


@pytest.mark.parametrize(("what", "data"), pdfs(), ids=lambda value: str(value)[:24])
def test_every_pdf_is_japanese(what: str, data: bytes) -> None:
    assert pdf_problems(data) == [], what
