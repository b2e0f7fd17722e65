"""The player page's numbers as SQL aggregates over finished plays (bots are not players).

- Per game: plays, wins, best score (the lowest in plays won by the lowest total) and when the
  player last played it.
- Head to head against each other person, over the plays both sat in: who finished ahead
  (the better rank — ranks follow each play's way of winning, so the lowest total ranks first
  where it wins; without ranks, a winner ahead of a seat that did not win), or neither (a
  tie). In a co-operative play (every seat wins or every seat loses) nobody finishes ahead of a
  team-mate, nor in teams of one's own team: the play counts as shared.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import and_, case, false, func, not_, or_, select
from sqlalchemy.orm import aliased

from companion.history import GameTally, HeadToHead, PlayerProfile, WinMode, is_cooperative
from db.engine import Database
from db.models import PlayerRow, PlayRow, SeatRow
from db.reading import checked_score, checked_time
from db.stats import best_of, plays_counted, wins_counted


def cooperative_games() -> list[str]:
    """The registered games whose seats win or lose together."""
    from companion.games import registry

    return [info.id for info in registry.all_games() if is_cooperative(info.id)]


def _ahead(me: Any, them: Any, cooperative: Any) -> Any:
    """1 when seat `me` finished ahead of seat `them` in the same play, else 0."""
    both_ranked = and_(me.rank.is_not(None), them.rank.is_not(None))
    same_team = and_(me.team != "", me.team == them.team)
    return case(
        (cooperative, 0),
        (same_team, 0),
        (both_ranked, case((me.rank < them.rank, 1), else_=0)),
        (and_(me.winner, not_(them.winner)), 1),
        else_=0)


def player_profile(database: Database, name: str, game_id: str | None = None,
                   cooperative: Collection[str] | None = None) -> PlayerProfile | None:
    """The player's results per game and head to head (only in `game_id` when given); None
    when there is no player of that name. `cooperative`: game ids whose seats win or lose
    together (default: the registry's)."""
    coop = list(cooperative_games() if cooperative is None else cooperative)
    with database.engine.connect() as conn:
        player_id = conn.scalar(select(PlayerRow.id).where(PlayerRow.name == name))
        if player_id is None:
            return None
        games = conn.execute(_games_query(player_id, game_id)).all()
        coop_played = set(conn.scalars(_cooperative_query(player_id)))
        rivals = conn.execute(_rivals_query(player_id, game_id, coop)).all()
    tallies = tuple(
        GameTally(game_id=g, plays=int(plays), wins=int(wins or 0),
                  best_score=_float(best_of(high, low)), last_played=last,
                  cooperative=g in coop or g in coop_played)
        for g, plays, wins, high, low, last in games)
    return PlayerProfile(
        name=name,
        games=tuple(sorted(tallies, key=lambda t: (-t.plays, t.game_id))),
        rivals=tuple(sorted((HeadToHead(opponent=o, plays=int(n), wins=int(w or 0),
                                        losses=int(lost or 0)) for o, n, w, lost in rivals),
                            key=lambda h: (-h.plays, h.opponent))))


def _float(value: Any) -> float | None:
    return None if value is None else float(value)


def _cooperative_query(player_id: int) -> Any:
    """The games of the player's co-operative plays (of any game, known to the app or not)."""
    return (select(PlayRow.game_id).distinct()
            .join(SeatRow, SeatRow.play_id == PlayRow.id)
            .where(SeatRow.player_id == player_id,
                   PlayRow.win_mode == WinMode.COOPERATIVE.value))


def _games_query(player_id: int, game_id: str | None) -> Any:
    lowest = PlayRow.win_mode == WinMode.LOWEST.value
    score = checked_score(SeatRow.score)  # NULL where a stored row holds no number
    query = (select(PlayRow.game_id, plays_counted(), wins_counted(),
                    func.max(case((lowest, None), else_=score)),
                    func.min(case((lowest, score), else_=None)),
                    func.max(checked_time(PlayRow.finished_at)))
             .select_from(SeatRow)
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(SeatRow.player_id == player_id,
                    checked_time(PlayRow.finished_at).is_not(None))
             .group_by(PlayRow.game_id))
    return query.where(PlayRow.game_id == game_id) if game_id else query


def _rivals_query(player_id: int, game_id: str | None, coop: list[str]) -> Any:
    me, them, other = aliased(SeatRow), aliased(SeatRow), aliased(PlayerRow)
    coop_play = PlayRow.win_mode == WinMode.COOPERATIVE.value
    together = or_(PlayRow.game_id.in_(coop), coop_play) if coop else or_(false(), coop_play)
    query = (select(other.name, func.count(func.distinct(PlayRow.id)),
                    func.sum(_ahead(me, them, together)),
                    func.sum(_ahead(them, me, together)))
             .select_from(me)
             .join(PlayRow, me.play_id == PlayRow.id)
             .join(them, and_(them.play_id == me.play_id, them.player_id != me.player_id))
             .join(other, them.player_id == other.id)
             .where(me.player_id == player_id, checked_time(PlayRow.finished_at).is_not(None))
             .group_by(other.id, other.name))
    return query.where(PlayRow.game_id == game_id) if game_id else query
