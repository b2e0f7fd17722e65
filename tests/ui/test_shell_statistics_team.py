"""Statistics of a co-operative game: the team's win rate per configuration (expansions in
play, solo or two players) besides the table per player."""

from __future__ import annotations

from datetime import datetime

import db
from companion.history import PlayMode, PlayRecord, SeatResult
from tests.ui.shots import save_shot
from ui.events import events
from ui.i18n import language


def _team_play(day: int, names: list[str], expansions: list[str], won: bool,
               bot_partner: bool = False) -> PlayRecord:
    seats = [SeatResult(i, name, winner=won) for i, name in enumerate(names)]
    if bot_partner:
        seats.append(SeatResult(len(seats), "Bot · MCTS", is_bot=True, bot_kind="mcts",
                                winner=won))
    mode = PlayMode.DIGITAL if bot_partner else PlayMode.TABLE
    return PlayRecord("equilibrium", mode, datetime(2026, 11, day, 20, 0), seats,
                      finished_at=datetime(2026, 11, day, 20, 30),
                      options={"expansions": expansions, "books": [], "book_cost": 2})


def _save_team_plays(window) -> None:
    db.add_plays(window.ctx.db, [
        _team_play(1, ["花子"], [], True),
        _team_play(2, ["花子"], [], False),
        _team_play(3, ["花子"], [], False),
        _team_play(4, ["Ben"], ["books"], True),
        _team_play(5, ["花子"], ["squares", "books"], False),
        _team_play(6, ["花子", "Ben"], [], True),
        _team_play(7, ["Ben"], [], False, bot_partner=True),
    ])
    events().history_changed.emit()


def test_a_cooperative_game_shows_the_team_win_rate_per_configuration(window, person) -> None:
    _save_team_plays(window)
    person.click_sidebar(window, "Statistics")
    page = window.current_page()
    person.choose(page.game_filter, "Equilibrium")
    assert page.team_rows() == [
        ["Base game", "solo", "3", "1", "33%"],
        ["Book of Powers", "solo", "1", "1", "100%"],
        ["Book of Powers + Squares & Higher Beings", "solo", "1", "0", "0%"],
        ["Base game", "2 players", "2", "1", "50%"],  # a person with a bot partner too
    ]
    players = {row[0]: row for row in page.rows()}
    assert players["花子"][2:5] == ["5", "2", "40%"]  # and still per player
    assert not page.team_box.isHidden()
    save_shot(window, "shell_statistics_team.png")
    person.choose(page.game_filter, "Juusai (Foolish Sticks)")  # not co-operative
    assert page.team_rows() == [] and page.team_box.isHidden()


def test_the_configurations_read_in_japanese(window, person) -> None:
    _save_team_plays(window)
    person.click_sidebar(window, "Statistics")
    page = window.current_page()
    person.choose(page.game_filter, "Equilibrium")
    language().set("ja")
    try:
        rows = page.team_rows()
    finally:
        language().set("en")
    assert rows[0] == ["基本ゲーム", "ソロ", "3", "1", "33%"]
    assert rows[1][0] == "力の書" and rows[3][1] == "2人"
