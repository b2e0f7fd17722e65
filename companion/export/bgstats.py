"""Export of the history in the JSON layout of the BG Stats app ("BGStatsExport.json").

Matched field names (from public readers and writers of that file): top-level lists `games`,
`players`, `locations`, `plays` (+ empty `tags`, `groups`, `challenges`); records are linked
by integer ids (`gameRefId`, `locationRefId`, `playerScores[].playerRefId`); every record has a
`uuid`; `playDate` is "YYYY-MM-DD HH:MM:SS"; `playerScores[]` holds `score` as a *string*,
`winner`, `newPlayer`, `startPlayer`, `rank`, `seatOrder`, `role`, `team`. Where this app has
no value the field is filled the way BG Stats writes "nothing": "" for text, 0 for numbers,
false for flags. Not matched: BoardGameGeek ids (0), images, ratings, expansions.
`durationMin` is the play's duration in whole minutes (0 when nobody timed it); a game the app
does not know ("other:Catan") is a game of that name. A game's way of winning (the way of its
latest play, companion/winning.py) sets its flags: `cooperative`, `highestWins` (false when
the lowest total wins), `noPoints` (no score), `usesTeams` (teams, with each seat's `team`).

Re-exporting the same history gives the same file: ids are numbered in sorted order and the
uuids are uuid5 of names and ids, never random.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable
from datetime import datetime
from typing import Any

from companion.history import PlayRecord, SeatResult, WinMode
from companion.other_games import is_other_game, other_game_name
from companion.winning import known_win_mode, play_win_mode

#: Namespace of every uuid this exporter makes (uuid5 of a fixed name).
NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "tabletop-companion/bgstats")
DATE_FORMAT = "%Y-%m-%d %H:%M:%S"


def stable_uuid(kind: str, key: str) -> str:
    """The same uuid for the same (kind, key) on every machine and every export."""
    return str(uuid.uuid5(NAMESPACE, f"{kind}:{key}"))


def _date(when: datetime) -> str:
    return when.strftime(DATE_FORMAT)


def _score(value: float | None) -> str:
    if value is None:
        return ""
    return str(int(value)) if float(value).is_integer() else repr(float(value))


def _numbered(keys: Iterable[str]) -> dict[str, int]:
    """Ids 1, 2, ... in sorted key order (stable for the same history)."""
    return {key: number for number, key in enumerate(sorted(set(keys)), start=1)}


def play_key(play: PlayRecord) -> str:
    """What identifies a play across databases: game, start time and the seated players."""
    players = "|".join(s.player for s in sorted(play.seats, key=lambda s: s.seat))
    return f"{play.game_id}|{play.started_at.isoformat()}|{players}"


def to_bgstats(
    plays: list[PlayRecord],
    game_name: Callable[[str], str] | None = None,
) -> dict[str, Any]:
    """The BG Stats export dict of `plays` (`game_name(id)` gives the display name of a game;
    default: the game id; a game the app does not know is always called by its own name)."""
    given = game_name or (lambda game_id: game_id)

    def name_of(game_id: str) -> str:
        return other_game_name(game_id) if is_other_game(game_id) else given(game_id)

    game_ids = _numbered(p.game_id for p in plays)
    player_ids = _numbered(s.player for p in plays for s in p.seats)
    location_ids = _numbered(p.location for p in plays if p.location)
    ordered = sorted(plays, key=lambda p: (p.started_at.isoformat(), play_key(p)))
    modes = {p.game_id: play_win_mode(p) for p in ordered}  # the latest play's way
    return {
        "games": [_game(game_id, number, name_of(game_id), modes[game_id])
                  for game_id, number in game_ids.items()],
        "players": [_player(name, number) for name, number in player_ids.items()],
        "locations": [_location(name, number) for name, number in location_ids.items()],
        "plays": [_play(p, game_ids, player_ids, location_ids) for p in ordered],
        "tags": [],
        "groups": [],
        "challenges": [],
    }


def dumps(plays: list[PlayRecord], game_name: Callable[[str], str] | None = None) -> str:
    return json.dumps(to_bgstats(plays, game_name), ensure_ascii=False, indent=2) + "\n"


def _game(game_id: str, number: int, name: str, mode: WinMode | None = None) -> dict[str, Any]:
    mode = mode or known_win_mode(game_id) or WinMode.HIGHEST
    return {
        "id": number,
        "uuid": stable_uuid("game", game_id),
        "name": name,
        "bggName": "",
        "bggId": 0,
        "bggYear": 0,
        "cooperative": mode is WinMode.COOPERATIVE,
        "highestWins": mode is not WinMode.LOWEST,
        "noPoints": mode is WinMode.NO_SCORE,
        "usesTeams": mode is WinMode.TEAMS,
        "isExpansion": False,
    }


def _player(name: str, number: int) -> dict[str, Any]:
    return {
        "id": number,
        "uuid": stable_uuid("player", name),
        "name": name,
        "isAnonymous": False,
        "bggUsername": "",
    }


def _location(name: str, number: int) -> dict[str, Any]:
    return {"id": number, "uuid": stable_uuid("location", name), "name": name}


def _play(
    play: PlayRecord,
    game_ids: dict[str, int],
    player_ids: dict[str, int],
    location_ids: dict[str, int],
) -> dict[str, Any]:
    ended = play.finished_at or play.started_at
    entry: dict[str, Any] = {
        "uuid": play.uid or stable_uuid("play", play_key(play)),
        "gameRefId": game_ids[play.game_id],
        "playDate": _date(play.started_at),
        "entryDate": _date(ended),
        "modificationDate": _date(ended),
        "durationMin": play.duration_minutes() or 0,
        "playerScores": [_score_entry(s, player_ids) for s in
                         sorted(play.seats, key=lambda s: s.seat)],
        "rounds": 0,
        "board": "",
        "comments": play.notes,
        "ignored": False,
        "manualWinner": play_win_mode(play) is WinMode.NO_SCORE,
        "usesTeams": play_win_mode(play) is WinMode.TEAMS,
        "scoringSetting": 0,
        "rating": 0,
        "bggId": 0,
        "expansionPlays": [],
    }
    if play.location:
        entry["locationRefId"] = location_ids[play.location]
    return entry


def _score_entry(seat: SeatResult, player_ids: dict[str, int]) -> dict[str, Any]:
    return {
        "playerRefId": player_ids[seat.player],
        "score": _score(seat.score),
        "winner": seat.winner,
        "newPlayer": False,
        "startPlayer": seat.start_player,
        "rank": seat.rank or 0,
        "seatOrder": seat.seat,
        "role": seat.faction,
        "team": seat.team,
    }
