"""A BG Stats export written by hand (the layout of the app "BG Stats"): a lowest-wins game, a
co-operative one, one played in teams, one of this app's games, an expansion, and two plays
that cannot be read (an unknown player, a date that is no date)."""

from __future__ import annotations

import json
from typing import Any

PLAY_UUIDS = ("8c2b1f8e-1111-4a6e-9a51-1d9f3f1a0001", "8c2b1f8e-1111-4a6e-9a51-1d9f3f1a0002",
              "8c2b1f8e-1111-4a6e-9a51-1d9f3f1a0003", "8c2b1f8e-1111-4a6e-9a51-1d9f3f1a0004")


def player_score(ref: int, score: str, winner: bool, seat: int, **more: Any) -> dict[str, Any]:
    return {"playerRefId": ref, "score": score, "winner": winner, "newPlayer": False,
            "startPlayer": more.get("start", False), "rank": more.get("rank", 0),
            "seatOrder": seat, "role": more.get("role", ""), "team": more.get("team", "")}


def sample() -> dict[str, Any]:
    return {
        "games": [
            {"id": 1, "name": "Golf", "cooperative": False, "highestWins": False,
             "noPoints": False, "usesTeams": False, "isExpansion": False},
            {"id": 2, "name": "Pandemic", "cooperative": True, "highestWins": True,
             "noPoints": False, "usesTeams": False, "isExpansion": False},
            {"id": 3, "name": "Codenames", "cooperative": False, "highestWins": True,
             "noPoints": False, "usesTeams": True, "isExpansion": False},
            {"id": 4, "name": "Juusai (Foolish Sticks)", "cooperative": False,
             "highestWins": True, "noPoints": False, "usesTeams": False, "isExpansion": False},
            {"id": 5, "name": "Pandemic: On the Brink", "isExpansion": True},
        ],
        "players": [{"id": 1, "name": "ann", "isAnonymous": False},
                    {"id": 2, "name": "Ben"}, {"id": 3, "name": "Cy"}, {"id": 4, "name": "Di"}],
        "locations": [{"id": 1, "name": "Club"}],
        "plays": [
            {"uuid": PLAY_UUIDS[0], "gameRefId": 1, "playDate": "2026-03-01 19:30:00",
             "durationMin": 40, "locationRefId": 1, "comments": "windy",
             "playerScores": [player_score(1, "36", True, 1, rank=1, start=True),
                              player_score(2, "41", False, 2, rank=2)]},
            {"uuid": PLAY_UUIDS[1], "gameRefId": 2, "playDate": "2026-03-02 20:00:00",
             "durationMin": 0, "expansionPlays": [{"gameRefId": 5}],
             "playerScores": [player_score(1, "", True, 1), player_score(3, "", True, 2)]},
            {"uuid": PLAY_UUIDS[2], "gameRefId": 3, "playDate": "2026-03-03 21:00:00",
             "usesTeams": True,
             "playerScores": [player_score(1, "8", True, 1, team="red", rank=1),
                              player_score(2, "8", True, 2, team="red", rank=1),
                              player_score(3, "5", False, 3, team="blue", rank=2),
                              player_score(4, "5", False, 4, team="blue", rank=2)]},
            {"uuid": PLAY_UUIDS[3], "gameRefId": 4, "playDate": "2026-03-04 18:00:00",
             "board": "short game",
             "playerScores": [player_score(4, "12", False, 1, rank=2, role="red"),
                              player_score(2, "20.5", True, 2, rank=1)]},
            {"uuid": "not-a-uuid-5", "gameRefId": 1, "playDate": "2026-03-05 19:00:00",
             "playerScores": [player_score(9, "3", True, 1)]},
            {"uuid": "not-a-uuid-6", "gameRefId": 2, "playDate": "yesterday",
             "playerScores": [player_score(1, "", True, 1)]},
        ],
        "tags": [], "groups": [], "challenges": [],
    }


def sample_text() -> str:
    return json.dumps(sample(), ensure_ascii=False, indent=2)
