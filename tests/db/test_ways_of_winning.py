"""Every play is ranked and counted by its game's way of winning (issue 32.3): a lowest-wins
play ranks its winner first, she is ahead in head to head and her best is her lowest score; a
co-operative game the app does not know is won together and nobody is ahead; team-mates are
never ahead of each other. On SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import datetime, timedelta

import db
from companion.history import PlayMode, WinMode
from companion.play_entry import PlayEntry
from db.stats import player_stats

DAY = datetime(2026, 6, 1, 19, 0)


def logged(day: int, game: str, mode: WinMode, scores: dict[str, float | None],
           teams: dict[str, str] | None = None, team_won: bool | None = None) -> PlayEntry:
    entry = PlayEntry.new(game, list(scores), DAY + timedelta(days=day), win_mode=mode)
    for i, name in enumerate(scores):
        if teams:
            entry.set_team(i, teams[name])
        entry.set_score(i, scores[name])
    if team_won is not None:
        entry.set_team_won(team_won)
    return entry


def test_the_lowest_total_wins_everywhere(database) -> None:
    assert db.game_win_mode(database, "other:Golf") is None  # never logged
    for day, scores in enumerate(({"Ann": 30, "Ben": 41}, {"Ann": 36, "Ben": 33})):
        db.add_play(database, logged(day, "other:Golf", WinMode.LOWEST, scores)
                    .to_play_record())
    assert db.game_win_mode(database, "other:Golf") is WinMode.LOWEST  # kept for next time
    first, _ = reversed(db.list_plays(database, game_id="other:Golf"))
    assert first.win_mode is WinMode.LOWEST
    assert [(s.player, s.rank, s.winner) for s in first.seats] == [
        ("Ann", 1, True), ("Ben", 2, False)]
    ann = db.player_profile(database, "Ann")
    assert ann is not None
    (golf,) = ann.games
    assert (golf.wins, golf.best_score) == (1, 30)
    (ben,) = ann.rivals
    assert (ben.opponent, ben.wins, ben.losses) == ("Ben", 1, 1)
    stats = {s.player: s for s in player_stats(database, "other:Golf")}
    assert (stats["Ann"].best_score, stats["Ben"].best_score) == (30, 33)
    assert (stats["Ann"].wins, stats["Ben"].wins) == (1, 1)


def test_an_unknown_cooperative_game_is_won_together(database) -> None:
    entry = logged(0, "other:Pandemic", WinMode.COOPERATIVE, {"Ann": None, "Ben": None},
                   team_won=True)
    db.add_play(database, entry.to_play_record())
    (play,) = db.list_plays(database, game_id="other:Pandemic")
    assert play.win_mode is WinMode.COOPERATIVE and play.winners() == ["Ann", "Ben"]
    profile = db.player_profile(database, "Ann")
    assert profile is not None and profile.games[0].cooperative
    (ben,) = profile.rivals
    assert (ben.wins, ben.losses, ben.shared) == (0, 0, 1)
    assert db.team_results(database, "other:Pandemic")[0].wins == 1


def test_teams_share_their_total_rank_and_result(database) -> None:
    entry = logged(0, "other:Codenames", WinMode.TEAMS,
                   {"Ann": 3, "Ben": 4, "Cy": 5, "Di": 1},
                   teams={"Ann": "red", "Ben": "red", "Cy": "blue", "Di": "blue"})
    db.add_play(database, entry.to_play_record())
    (play,) = db.list_plays(database, game_id="other:Codenames")
    assert [(s.player, s.team, s.rank, s.winner) for s in play.seats] == [
        ("Ann", "red", 1, True), ("Ben", "red", 1, True), ("Cy", "blue", 2, False),
        ("Di", "blue", 2, False)]
    rivals = {r.opponent: r for r in db.player_profile(database, "Ann").rivals}  # type: ignore[union-attr]
    assert (rivals["Ben"].wins, rivals["Ben"].losses) == (0, 0)  # a team-mate
    assert (rivals["Cy"].wins, rivals["Di"].wins) == (1, 1)


def test_a_play_of_the_apps_own_cooperative_game_reads_back_as_made(database) -> None:
    entry = logged(0, "equilibrium", WinMode.HIGHEST, {"Ann": None}, team_won=False)
    assert entry.win_mode is WinMode.COOPERATIVE  # the game's own way, not the one offered
    record = entry.to_play_record()
    play_id = db.add_play(database, record)
    stored = db.get_play(database, play_id)
    assert stored is not None and stored.win_mode is None and stored.mode is PlayMode.TABLE
