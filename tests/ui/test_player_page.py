"""The player page, opened from Players with a double-click or Enter: per game and head to
head (known values of the seeded history), the game filter, a rival's page, Back with Esc;
co-operative games read as shared results."""

from __future__ import annotations

from datetime import datetime

from PySide6.QtCore import Qt

import db
from companion.games import registry
from companion.games.registry import GameInfo, Mode
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.shots import save_shot


def open_players(window, person):
    person.click_sidebar(window, "Players")
    return window.current_page()


def row_of(page, name: str) -> int:
    return [n for n, _count in page.rows()].index(name)


def test_double_click_shows_per_game_and_head_to_head(window, person) -> None:
    page = open_players(window, person)
    person.click_row(page.table, row_of(page, "花子"), double=True)
    player = page.player_page
    assert player.isVisible() and player.title.text() == "花子"
    assert player.summary.text() == "3 plays · 2 wins (67%) · last played 2026-10-20"
    assert player.game_rows() == [
        ["Juusai (Foolish Sticks)", "3", "2", "67%", "40", "2026-10-20"]]
    # 09-05: 花子 24 beat Ben 10 and Cho 6; 10-02: Ben 18 beat 花子 12; 10-20: 花子 beat Cho
    # (no ranks stored: the winner is ahead); the bot is nobody's rival
    assert player.rival_rows() == [["Ben", "2", "1", "1", "0"], ["Cho", "2", "2", "0", "0"]]
    save_shot(window, "player_page_en.png")
    person.key(player.games, Qt.Key.Key_Escape)
    assert page.table.isVisible() and not player.isVisible()


def test_enter_the_game_filter_and_a_rivals_page(window, person) -> None:
    page = open_players(window, person)
    person.click_row(page.table, row_of(page, "Cho"))
    person.key(page.table, Qt.Key.Key_Return)
    player = page.player_page
    assert player.isVisible() and player.title.text() == "Cho"
    offered = [player.game_filter.itemText(i) for i in range(player.game_filter.count())]
    assert offered == ["All games", "Juusai (Foolish Sticks)",
                       "Rengeki Juusai (Chained Sticks)", "Shinyu (Number Bets)"]
    person.choose(player.game_filter, "Shinyu (Number Bets)")
    assert player.game_rows() == [["Shinyu (Number Bets)", "1", "0", "0%", "5", "2026-10-09"]]
    assert player.rival_rows() == [["Ben", "1", "0", "1", "0"]]
    person.click_row(player.rivals, 0)
    person.key(player.rivals, Qt.Key.Key_Return)
    assert player.title.text() == "Ben" and player.game_filter.currentText() == "All games"
    assert page.selected().name == "Ben"
    person.click(player.back_button)
    assert page.table.isVisible()


def test_a_cooperative_game_counts_as_a_team_result(window, person, monkeypatch) -> None:
    info = GameInfo("coop", "協力ゲーム", "Team Game", 1, 4, frozenset({Mode.TABLE}),
                    extras={"cooperative": True})
    monkeypatch.setitem(registry._load(), "coop", info)
    for day, won in ((1, True), (2, False)):
        db.add_play(window.ctx.db, PlayRecord(
            "coop", PlayMode.TABLE, datetime(2026, 11, day, 20), [
                SeatResult(0, "Ben", score=10, rank=1, winner=won),
                SeatResult(1, "Dan", score=10, rank=1, winner=won)],
            finished_at=datetime(2026, 11, day, 21)))
    page = open_players(window, person)
    page.reload()
    page.open_player("Dan")
    player = page.player_page
    assert ["Team Game ★", "2", "1", "50%", "10", "2026-11-02"] in player.game_rows()
    assert ["Ben", "2", "0", "0", "2"] in player.rival_rows()
    assert "co-operative games (★), won or lost together" in player.note.text()


def test_the_page_follows_a_new_play(window, person) -> None:
    from ui.events import events

    page = open_players(window, person)
    page.open_player("Dan")
    db.add_play(window.ctx.db, PlayRecord(
        "rengeki", PlayMode.TABLE, datetime(2026, 11, 5, 20),
        [SeatResult(0, "Dan", score=9, rank=1, winner=True),
         SeatResult(1, "Cho", score=2, rank=2)], finished_at=datetime(2026, 11, 5, 21)))
    events().history_changed.emit()
    assert page.player_page.rival_rows() == [["Cho", "2", "1", "1", "0"]]
