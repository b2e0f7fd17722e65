"""Statistics at a club's scale (issue 35): the Statistics, History and player pages read
cells kept in step with the plays; here every count they give equals the count a full scan of
the plays gives, after the writes a member makes (and, as the organiser, edits, deletes and
merges). No timing here: `companion bench --only history` measures."""

from __future__ import annotations

from dataclasses import replace
from datetime import datetime, timedelta

import pytest
from sqlalchemy import and_, case, false, func, not_, or_, select
from sqlalchemy.orm import aliased

import db
from companion.history import PlayMode, PlayRecord, SeatResult, WinMode
from db.bench import generate_history
from db.models import PlayerRow, PlayRow, SeatRow, visible_plays
from db.profiles import cooperative_games
from db.reading import checked_score, checked_time
from db.stats import all_cells, counted_cells
from tests.db.helpers import play
from tests.db.test_migrations import migrate

FINISHED = checked_time(PlayRow.finished_at).is_not(None)


def _with_people():
    person = (select(SeatRow.id)
              .where(SeatRow.play_id == PlayRow.id, SeatRow.player_id.is_not(None)).exists())
    return or_(PlayRow.mode == PlayMode.TABLE.value, person)


def scanned_game_counts(database) -> dict[str, int]:
    query = (select(PlayRow.game_id, func.count()).where(FINISHED, visible_plays())
             .group_by(PlayRow.game_id))
    with database.engine.connect() as conn:
        return {g: int(n) for g, n in conn.execute(query)}


def scanned_months(database, game_id=None) -> list[tuple[str, int]]:
    """Plays with a person per month, by scanning the plays."""
    with database.engine.connect() as conn:
        query = (select(PlayRow.game_id, checked_time(PlayRow.finished_at))
                 .where(FINISHED, _with_people(), visible_plays()))
        counts: dict[str, int] = {}
        for game, ended in conn.execute(query):
            if game_id in (None, game):
                counts[ended.strftime("%Y-%m")] = counts.get(ended.strftime("%Y-%m"), 0) + 1
    return sorted(counts.items())


def _ahead(me, them, cooperative):
    both_ranked = and_(me.rank.is_not(None), them.rank.is_not(None))
    same_team = and_(me.team != "", me.team == them.team)
    return case((cooperative, 0), (same_team, 0),
                (both_ranked, case((me.rank < them.rank, 1), else_=0)),
                (and_(me.winner, not_(them.winner)), 1), else_=0)


def scanned_profile(database, name: str, game_id: str | None = None):
    """The player page's numbers by scanning every seat of the player (the page's queries
    before issue 35): per game, and head to head."""
    coop = cooperative_games()
    lowest = PlayRow.win_mode == WinMode.LOWEST.value
    score = checked_score(SeatRow.score)
    with database.engine.connect() as conn:
        player_id = conn.scalar(select(PlayerRow.id).where(PlayerRow.name == name))
        games = (select(PlayRow.game_id, func.count(func.distinct(SeatRow.play_id)),
                        func.count(func.distinct(case((SeatRow.winner, SeatRow.play_id)))),
                        func.max(case((lowest, None), else_=score)),
                        func.min(case((lowest, score), else_=None)),
                        func.max(checked_time(PlayRow.finished_at)),
                        func.count(func.distinct(case(
                            (PlayRow.win_mode == WinMode.COOPERATIVE.value, SeatRow.play_id)))))
                 .select_from(SeatRow).join(PlayRow, SeatRow.play_id == PlayRow.id)
                 .where(SeatRow.player_id == player_id, FINISHED, visible_plays())
                 .group_by(PlayRow.game_id))
        me, them, other = aliased(SeatRow), aliased(SeatRow), aliased(PlayerRow)
        coop_play = PlayRow.win_mode == WinMode.COOPERATIVE.value
        together = or_(PlayRow.game_id.in_(coop), coop_play) if coop else or_(false(), coop_play)
        rivals = (select(other.name, func.count(func.distinct(PlayRow.id)),
                         func.sum(_ahead(me, them, together)),
                         func.sum(_ahead(them, me, together)))
                  .select_from(me).join(PlayRow, me.play_id == PlayRow.id)
                  .join(them, and_(them.play_id == me.play_id, them.player_id != me.player_id))
                  .join(other, them.player_id == other.id)
                  .where(me.player_id == player_id, FINISHED, visible_plays())
                  .group_by(other.id, other.name))
        if game_id:
            games = games.where(PlayRow.game_id == game_id)
            rivals = rivals.where(PlayRow.game_id == game_id)
        found_games = {g: (int(n), int(w), hi if lo is None or hi is not None else lo, last,
                           g in coop or bool(shared))
                       for g, n, w, hi, lo, last, shared in conn.execute(games)}
        found_rivals = {o: (int(n), int(a), int(b)) for o, n, a, b in conn.execute(rivals)}
    return found_games, found_rivals


def shown_profile(database, name: str, game_id: str | None = None):
    profile = db.player_profile(database, name, game_id=game_id)
    assert profile is not None
    games = {t.game_id: (t.plays, t.wins, t.best_score, t.last_played, t.cooperative)
             for t in profile.games}
    rivals = {h.opponent: (h.plays, h.wins, h.losses) for h in profile.rivals}
    return games, rivals


def lowest_play(day: int) -> PlayRecord:
    """A game the app does not know, won by the lowest total."""
    base = play(["Ann", "Bo", "Cy"], [12, 7, 9], game="other:Golf", day=day)
    seats = [replace(s, rank=r, winner=r == 1) for s, r in zip(base.seats, [3, 1, 2],
                                                                strict=True)]
    return replace(base, seats=seats, win_mode=WinMode.LOWEST)


def teams_play(day: int) -> PlayRecord:
    base = play(["Ann", "Bo", "Cy", "花子"], [10, 10, 4, 4], game="other:Teams", day=day)
    seats = [replace(s, team=t, rank=1 if t == "red" else 2, winner=t == "red")
             for s, t in zip(base.seats, ["red", "red", "blue", "blue"], strict=True)]
    return replace(base, seats=seats, win_mode=WinMode.TEAMS)


def club_plays() -> list[PlayRecord]:
    """Plays over four months: table and digital, computers alone, a co-operative game, one
    won by the lowest total, one in teams, and unfinished ones."""
    plays = []
    names = ["Ann", "Bo", "Cy", "花子", "Dee"]
    for day in range(0, 120, 3):
        people = [names[(day + k) % 5] for k in range(2 + day % 3)]
        plays.append(play(people, [float((day * 7 + 3 * k) % 11) for k in range(len(people))],
                          game=("juusai", "rengeki", "shinyu")[day % 3], day=day))
    plays.append(play(["Ann", "MCTS"], [3, 5], game="rengeki", day=5, bots=("MCTS",)))
    plays.append(play(["MCTS", "Greedy"], [3, 5], game="rengeki", day=6,
                      bots=("MCTS", "Greedy")))
    plays.append(play(["Ann", "Bo"], [None, None], game="equilibrium", day=8))
    plays.append(lowest_play(10))
    plays.append(teams_play(40))
    plays.append(play(["Ann", "Cy"], [1, 2], day=70, finished=False))
    plays.append(play(["Bo", "MCTS"], [1, 2], game="shinyu", day=71, finished=False,
                      bots=("MCTS",)))
    return plays


def assert_pages_match_a_full_scan(database, names=("Ann", "Bo", "花子", "Dee"),
                                   games=(None, "juusai", "other:Golf")) -> None:
    with database.engine.connect() as conn:
        assert all_cells(conn) == counted_cells(conn)
    assert db.game_play_counts(database) == scanned_game_counts(database)
    for game in (None, "juusai", "rengeki"):
        assert db.stats.plays_counted_per_period(database, game_id=game) == scanned_months(
            database, game)
    since = datetime(2026, 5, 1)
    assert db.stats.plays_counted_per_period(database, since=since) == [
        (m, n) for m, n in scanned_months(database) if m >= "2026-05"]
    for game in (None, "juusai", "rengeki", "shinyu"):
        for finished in (None, True, False):
            shown = db.list_plays(database, game_id=game, finished=finished)
            assert db.count_plays(database, game_id=game, finished=finished) == len(shown)
    for name in names:
        for game in games:
            assert shown_profile(database, name, game) == scanned_profile(database, name, game)


def test_every_count_of_the_pages_equals_a_full_scan(database) -> None:
    """As a club member (COMPANION_TEST_PG_ROLE=member) too: plays added one by one and in a
    batch, an unfinished play continued and finished."""
    plays = club_plays()
    for one in plays[:10]:
        db.add_play(database, one)
    db.add_plays(database, plays[10:])
    assert_pages_match_a_full_scan(database)
    (open_play,) = [p for p in db.unfinished_plays(database) if p.game_id == "juusai"]
    open_play.finished_at = open_play.started_at + timedelta(hours=2)
    db.update_play(database, open_play)
    assert_pages_match_a_full_scan(database)
    assert db.count_plays(database) == len(plays)
    assert db.count_plays(database, finished=False) == 1


@pytest.mark.organiser
def test_edits_deletes_and_merges_keep_the_cells_in_step(database) -> None:
    for one in club_plays():
        db.add_play(database, one)
    stored = db.list_plays(database, finished=True)
    moved = stored[3]
    moved.finished_at = datetime(2026, 9, 30, 23, 0)  # another month, another game
    moved.game_id = "shinyu"
    moved.seats[0].player = "Eve"
    db.update_play(database, moved)
    db.delete_play(database, stored[5].id)
    bots_only = next(p for p in stored if all(s.is_bot for s in p.seats))
    db.delete_play(database, bots_only.id)
    db.add_play(database, play(["Fay", "Bo"], [4, 2], day=100))
    players = {p.name: p.id for p in db.list_players(database)}
    db.merge_players(database, players["花子"], players["Fay"])
    assert_pages_match_a_full_scan(database)
    assert db.recount_statistics(database) == 0


@pytest.mark.organiser
def test_an_upgrade_fills_the_new_cells_from_the_stored_plays(db_url) -> None:
    database = db.open_database(db_url)
    for one in club_plays():
        db.add_play(database, one)
    with database.engine.connect() as conn:
        kept = all_cells(conn)
    database.close()
    migrate(db_url, "0009", down=True)
    migrate(db_url, "head")
    database = db.open_database(db_url)
    try:
        with database.engine.connect() as conn:
            assert all_cells(conn) == kept
        assert_pages_match_a_full_scan(database)
    finally:
        database.close()


@pytest.mark.organiser
def test_the_bench_history_counts_its_cells_as_a_recount_would(database) -> None:
    generate_history(database, 400, players=12)
    with database.engine.connect() as conn:
        cells = all_cells(conn)
        assert cells == counted_cells(conn)
    assert {key[0] for key in cells} == {"stat_cells", "play_cells", "rival_cells"}
    assert db.count_plays(database) == 400
    assert_pages_match_a_full_scan(database, ("Player 000", "Player 007"), (None, "sorani"))


def test_the_latest_months_and_scores_are_the_tail_of_the_whole(database) -> None:
    db.add_plays(database, club_plays())
    months = db.plays_per_period(database)
    latest = sorted({row.period for row in months})[-2:]
    assert db.plays_per_period(database, latest=2) == [r for r in months if r.period in latest]
    whole = db.scores_over_time(database, "juusai", "Ann")
    assert len(whole) > 3
    assert db.scores_over_time(database, "juusai", "Ann", latest=3) == whole[-3:]
    assert db.scores_over_time(database, "juusai", latest=1000) == db.scores_over_time(
        database, "juusai")
    people = ["Bo", "Ann", "Nobody", "花子"]
    for latest in (1, 4, 1000):
        assert db.stats.latest_scores(database, "juusai", people, latest) == [
            point for name in people
            for point in db.scores_over_time(database, "juusai", name, latest=latest)]
        assert db.scores_over_time(database, "juusai", "Bo", latest=latest) == [
            p for p in db.scores_over_time(database, "juusai", "Bo")][-latest:]


def test_a_seat_of_a_player_and_computers_only_counts_where_people_sat(database) -> None:
    seats = [SeatResult(seat=0, player="MCTS", is_bot=True, score=3.0, rank=1, winner=True),
             SeatResult(seat=1, player="Greedy", is_bot=True, score=1.0, rank=2)]
    start = datetime(2026, 2, 1, 10, 0)
    db.add_play(database, PlayRecord(game_id="rengeki", mode=PlayMode.DIGITAL,
                                     started_at=start, finished_at=start + timedelta(hours=1),
                                     seats=seats))
    assert db.game_play_counts(database) == {"rengeki": 1}
    assert db.stats.plays_counted_per_period(database) == []
    assert db.count_plays(database) == 1
