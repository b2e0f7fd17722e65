"""The Sorani score file read by `companion score sorani FILE` (text, or JSON).

Text form — one entry per line, '#' starts a comment, blank lines are ignored::

    player Alice          # starts a player; the lines below belong to them
    planets 2 1 1 0       # untouched planets (no branch line touches them) per colour, 1–4
    cluster 3 0 3         # a star cluster: stars, white stars, touching branch nodes
    cluster 2 1 3
    guiding 2 2           # a guiding star printed on the board: stars, touching nodes
    feature 4             # VP of one special feature card (at most 4 lines)
    branches 3            # branch nodes connected to nothing (scores −3)
    bonus 5               # VP from bonus tiles, already added up (optional)
    player Bob
    ...
    award 4 Alice Bob     # one bonus tile worth 4 to each named player (all who tied)

JSON form — the same entries::

    {"players": [{"name": "Alice", "planets": [2, 1, 1, 0], "clusters": [[3, 0, 3]],
                  "guiding": [[2, 2]], "features": [4], "branches": 3, "bonus": 5}],
     "awards": [{"points": 4, "players": ["Alice", "Bob"]}]}

Mistakes are reported with their line number (text) or the player (JSON).
"""

from __future__ import annotations

import json
from typing import Any

from companion.games.sorani.scoring import (
    COLOURS,
    FEATURE_KEYS,
    GameResult,
    PlayerEntries,
    StarTile,
    planet_split,
    score_game,
)

#: The longest number a sheet holds (points and counts are small).
MAX_DIGITS = 6


def _ints(words: list[str], count: int | tuple[int, int], where: str) -> list[int]:
    low, high = (count, count) if isinstance(count, int) else count
    if not low <= len(words) <= high:
        wanted = str(low) if low == high else f"{low} to {high}"
        raise ValueError(f"{where}: expected {wanted} whole numbers, got {len(words)}")
    for word in words:
        if len(word) > MAX_DIGITS:
            raise ValueError(f"{where}: {word[:MAX_DIGITS]!r}… is longer than a number on a "
                             f"sheet ({MAX_DIGITS} digits at most)")
    try:
        values = [int(w) for w in words]
    except ValueError:
        raise ValueError(f"{where}: {' '.join(words)!r} are not whole numbers") from None
    if any(v < 0 for v in values):
        raise ValueError(f"{where}: numbers cannot be negative")
    return values


def _apply(player: PlayerEntries, key: str, numbers: list[int], where: str) -> None:
    if key == "planets":
        player.planets = (numbers + [0] * COLOURS)[:COLOURS]
    elif key == "cluster":
        player.tiles.append(StarTile(numbers[0], numbers[1], numbers[2]))
    elif key == "guiding":
        player.tiles.append(StarTile(numbers[0], 0, numbers[1], cluster=False))
    elif key == "feature":
        if len(player.features) >= len(FEATURE_KEYS):
            raise ValueError(f"{where}: at most {len(FEATURE_KEYS)} special feature cards")
        player.features.append(numbers[0])
    elif key == "branches":
        player.unconnected_nodes = numbers[0]
    elif key == "bonus":
        player.bonus += numbers[0]


#: keyword -> how many numbers it takes
_COUNTS: dict[str, int | tuple[int, int]] = {
    "planets": (1, COLOURS), "cluster": 3, "guiding": 2, "feature": 1, "branches": 1, "bonus": 1,
}


def parse_text(text: str) -> list[PlayerEntries]:
    players: list[PlayerEntries] = []
    awards: list[tuple[int, list[str], str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        key, *words = line.split()
        key = key.lower()
        where = f"line {number}"
        if key == "player":
            players.append(PlayerEntries(" ".join(words) or f"Player {len(players) + 1}"))
        elif key == "award":
            if not words:
                raise ValueError(f"{where}: 'award POINTS NAME...' needs the points")
            awards.append((_ints(words[:1], 1, where)[0], words[1:], where))
        elif key in _COUNTS:
            if not players:
                raise ValueError(f"{where}: write 'player NAME' before {key!r}")
            _apply(players[-1], key, _ints(words, _COUNTS[key], where), where)
        else:
            known = ", ".join(["player", "award", *_COUNTS])
            raise ValueError(f"{where}: unknown entry {key!r} (known: {known})")
    if not players:
        raise ValueError("no players: start with 'player NAME'")
    for points, names, where in awards:
        _award(players, points, names, where)
    return players


def _award(players: list[PlayerEntries], points: int, names: list[str], where: str) -> None:
    by_name = {p.name: p for p in players}
    for name in names:
        if name not in by_name:
            raise ValueError(f"{where}: no player {name!r} (players: "
                             f"{', '.join(by_name)})")
        by_name[name].bonus += points


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object whose keys are all different (a key given twice would hide one value)."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise ValueError(f'the key "{key[:40]}" appears twice in one object; keep one')
        data[key] = value
    return data


def _json_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"the number {text[:MAX_DIGITS]}… is longer than a number on a sheet "
                         f"({MAX_DIGITS} digits at most)")
    return int(text)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a number JSON allows")


_DECODER = json.JSONDecoder(object_pairs_hook=_unique_keys, parse_int=_json_int,
                            parse_constant=_no_constant)


def parse_json(text: str) -> list[PlayerEntries]:
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as exc:
        raise ValueError(f"not valid JSON at line {exc.lineno}, column {exc.colno}") from None
    if not isinstance(data, dict) or not isinstance(data.get("players"), list):
        raise ValueError('JSON must be an object with a "players" list')
    players = []
    for index, item in enumerate(data["players"], start=1):
        where = f"player {index}"
        if not isinstance(item, dict):
            raise ValueError(f"{where}: must be an object")
        name = item.get("name")
        if name is not None and not isinstance(name, str):
            raise ValueError(f'{where}: "name" must be text, not {_kind(name)}')
        player = PlayerEntries(name or f"Player {index}")
        where = f"player {player.name!r}"
        _json_entries(player, item, where)
        players.append(player)
    for index, award in enumerate(_list(data.get("awards", []), "awards", "the file"), start=1):
        if not isinstance(award, dict):
            raise ValueError(f"award {index}: must be an object")
        points = _ints([str(award.get("points"))], 1, f"award {index}")[0]
        names = _list(award.get("players", []), "players", f"award {index}")
        _award(players, points, [str(n) for n in names], f"award {index}")
    if not players:
        raise ValueError("no players")
    return players


def _kind(value: Any) -> str:
    """What a JSON value is, for a sentence ("a number", "an object")."""
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, (int, float)):
        return "a number"
    if isinstance(value, str):
        return "text"
    return "an object" if isinstance(value, dict) else "a list" if isinstance(value, list) \
        else "nothing"


def _list(value: Any, key: str, where: str) -> list[Any]:
    """`value` when it is a JSON list; a sentence naming the entry otherwise."""
    if not isinstance(value, list):
        raise ValueError(f'{where}: "{key}" must be a list, not {_kind(value)}')
    return value


def _json_entries(player: PlayerEntries, item: dict[str, Any], where: str) -> None:
    def numbers(value: Any, key: str) -> list[str]:
        return [str(v) for v in (value if isinstance(value, list) else [value])]

    if "planets" in item:
        _apply(player, "planets", _ints(numbers(item["planets"], "planets"),
                                        _COUNTS["planets"], where), where)
    for key, many in (("clusters", "cluster"), ("guiding", "guiding")):
        for tile in _list(item.get(key, []), key, where):
            _apply(player, many, _ints(numbers(tile, key), _COUNTS[many], where), where)
    for value in _list(item.get("features", []), "features", where):
        _apply(player, "feature", _ints([str(value)], 1, where), where)
    for key in ("branches", "bonus"):
        if key in item:
            _apply(player, key, _ints([str(item[key])], 1, where), where)


def parse(text: str) -> list[PlayerEntries]:
    """The players of a score file (JSON when it starts with '{')."""
    return parse_json(text) if text.lstrip().startswith("{") else parse_text(text)


def _report_text(players: list[PlayerEntries], result: GameResult) -> str:
    out: list[str] = []
    for i, player in enumerate(players):
        b = result.breakdowns[i]
        out.append(f"{player.name}: {result.totals[i]} VP (rank {result.ranks[i]})")
        split = planet_split(player.planets)
        out.append(f"  planets {b['planets']}: " + "; ".join(split.lines()))
        for tile in player.tiles:
            kind = "cluster" if tile.cluster else "guiding star"
            white = f" + {tile.white} white" if tile.white else ""
            out.append(f"  {kind} {tile.stars}{white} stars, {tile.nodes} nodes → {tile.points}")
        out.append(f"  guiding stars {b['guiding']}, star clusters {b['clusters']}")
        for key in FEATURE_KEYS:
            if key in b:
                out.append(f"  special feature {key[-1]}: {b[key]}")
        out.append(f"  branches {b['branches']}, bonus tiles {b['bonus']}")
    names = [players[i].name for i in result.winners]
    tied_total = [i for i, t in enumerate(result.totals) if t == max(result.totals)]
    if result.shared:
        out.append("Shared victory: " + ", ".join(names))
    else:
        note = " (tie broken by star cluster VP)" if len(tied_total) > 1 else ""
        out.append(f"Winner: {names[0]}{note}")
    return "\n".join(out)


def score_text(text: str, as_json: bool = False) -> str:
    """The `companion score sorani` report of a score file."""
    players = parse(text)
    result = score_game(players)
    if not as_json:
        return _report_text(players, result)
    rows = [{"name": p.name, "breakdown": result.breakdowns[i], "total": result.totals[i],
             "rank": result.ranks[i], "winner": i in result.winners,
             "planet_split": planet_split(p.planets).lines()}
            for i, p in enumerate(players)]
    return json.dumps({"game": "sorani", "players": rows, "shared": result.shared},
                      ensure_ascii=False, indent=2)


