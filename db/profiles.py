"""The player page's numbers as SQL aggregates over finished plays (bots are not players).

- Per game: plays, wins, best score and when the player last played it.
- Head to head against each other person, over the plays both sat in: who finished ahead
  (the better rank; without ranks, a winner ahead of a seat that did not win), or neither (a
  tie). In a co-operative game (registry extras "cooperative": every seat wins or every seat
  loses) nobody finishes ahead of a team-mate: the play counts as shared.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import and_, case, false, func, not_, select
from sqlalchemy.orm import aliased

from companion.history import GameTally, HeadToHead, PlayerProfile, is_cooperative
from db.engine import Database
from db.models import PlayerRow, PlayRow, SeatRow
from db.reading import checked_score, checked_time
from db.stats import plays_counted, wins_counted


def cooperative_games() -> list[str]:
    """The registered games whose seats win or lose together."""
    from companion.games import registry

    return [info.id for info in registry.all_games() if is_cooperative(info.id)]


def _ahead(me: Any, them: Any, cooperative: Any) -> Any:
    """1 when seat `me` finished ahead of seat `them` in the same play, else 0."""
    both_ranked = and_(me.rank.is_not(None), them.rank.is_not(None))
    return case(
        (cooperative, 0),
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
        rivals = conn.execute(_rivals_query(player_id, game_id, coop)).all()
    tallies = tuple(
        GameTally(game_id=g, plays=int(plays), wins=int(wins or 0),
                  best_score=None if best is None else float(best), last_played=last,
                  cooperative=g in coop)
        for g, plays, wins, best, last in games)
    return PlayerProfile(
        name=name,
        games=tuple(sorted(tallies, key=lambda t: (-t.plays, t.game_id))),
        rivals=tuple(sorted((HeadToHead(opponent=o, plays=int(n), wins=int(w or 0),
                                        losses=int(lost or 0)) for o, n, w, lost in rivals),
                            key=lambda h: (-h.plays, h.opponent))))


def _games_query(player_id: int, game_id: str | None) -> Any:
    query = (select(PlayRow.game_id, plays_counted(), wins_counted(),
                    func.max(checked_score(SeatRow.score)),  # NULL: no number stored
                    func.max(checked_time(PlayRow.finished_at)))
             .select_from(SeatRow)
             .join(PlayRow, SeatRow.play_id == PlayRow.id)
             .where(SeatRow.player_id == player_id,
                    checked_time(PlayRow.finished_at).is_not(None))
             .group_by(PlayRow.game_id))
    return query.where(PlayRow.game_id == game_id) if game_id else query


def _rivals_query(player_id: int, game_id: str | None, coop: list[str]) -> Any:
    me, them, other = aliased(SeatRow), aliased(SeatRow), aliased(PlayerRow)
    together = PlayRow.game_id.in_(coop) if coop else false()
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
