"""Reading a BG Stats export ("BGStatsExport.json", the app's JSON backup) into plays.

The file's top level holds `games`, `players`, `locations` and `plays`, linked by integer ids
(companion/export/bgstats.py writes the same layout). Each play becomes a table play:

- its game by name: a game of this app when the name is one of its games' names (Japanese or
  English, letter case and width aside), else a game the app does not know ("other:" + name);
  expansions played (`expansionPlays`) go to the play's options, the `board` as its variant;
- how it was won from the game's flags: `cooperative`, `usesTeams` (the game's or the play's),
  `noPoints`, `highestWins` false (lowest); the app's own games keep their own way;
- its date (`playDate`), duration (`durationMin`), place (`locationRefId`), comments;
- its seats in `seatOrder`: the player (`playerRefId`), `score` (text; "" none), `winner`,
  `rank` (0 none), `startPlayer`, `role` (faction) and `team`;
- its identity: the play's `uuid` (so importing the same file twice adds nothing).

Players are matched to the history's players by name (letter case and width aside): the
result lists the names matched and the new ones. A play that cannot be read is left out and
listed (`Skipped`: its number counted from 1, date, game and the reason in both languages); a
file that is not a BG Stats export is refused whole (`BGStatsFileError`), nothing read.
"""

from __future__ import annotations

import json
import unicodedata
import uuid
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, TypeVar

from companion import playdata
from companion.core.errors import CompanionError
from companion.history import PlayMode, PlayRecord, SeatResult, WinMode
from companion.other_games import OtherGameError, other_game_id

T = TypeVar("T")
DATE_FORMATS = ("%Y-%m-%d %H:%M:%S", "%Y-%m-%d %H:%M", "%Y-%m-%dT%H:%M:%S", "%Y-%m-%d")
#: Namespace of identities made for plays whose `uuid` is not a UUID.
UID_NAMESPACE = uuid.UUID("6f1d2a8e-0c4b-4f55-9a0e-2b7f3c9d1e64")


class BGStatsFileError(CompanionError, ValueError):
    """A file that is not a BG Stats export: refused whole. `text(lang)` says why."""

    def __init__(self, en: str, ja: str) -> None:
        super().__init__(en)
        self.en, self.ja = en, ja

    def text(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


@dataclass(frozen=True)
class Skipped:
    """A play of the file that was left out: as a person finds it in BG Stats."""

    number: int  # counted from 1, in the file's order
    date: str  # as the file gives it ("" when it gives none)
    game: str  # the game's name in the file ("" when unknown)
    reason_en: str
    reason_ja: str

    def text(self, lang: str) -> str:
        """"Play 3 (2026-11-22 19:30, Catan): …" in `lang`."""
        where = ", ".join(part for part in (self.date, self.game) if part)
        if lang == "ja":
            return (f"{self.number} 件目の対局" + (f"（{where}）" if where else "")
                    + f": {self.reason_ja}")
        return f"Play {self.number}" + (f" ({where})" if where else "") + f": {self.reason_en}"


@dataclass
class BGStatsFile:
    """What a BG Stats export holds, ready to import."""

    plays: list[PlayRecord] = field(default_factory=list)
    matched: list[str] = field(default_factory=list)  # players the history has
    new_players: list[str] = field(default_factory=list)  # players it will get
    skipped: list[Skipped] = field(default_factory=list)


class _PlayError(Exception):
    def __init__(self, en: str, ja: str) -> None:
        super().__init__(en)
        self.en, self.ja = en, ja


def _key(name: str) -> str:
    return unicodedata.normalize("NFKC", playdata.normalize_name(name)).casefold()


def looks_like_bgstats(data: Any) -> bool:
    """A parsed file with BG Stats' lists (and not the app's own history format)."""
    return (isinstance(data, Mapping) and "format" not in data
            and isinstance(data.get("plays"), list)
            and isinstance(data.get("players", []), list)
            and isinstance(data.get("games", []), list))


def bgstats_data(text: str | bytes) -> Mapping[str, Any] | None:
    """The parsed file when it is a BG Stats export, else None (also when it cannot be read as
    JSON: the app's own reader then says where, e.g. "plays[0]: …")."""
    from companion.export.history_json import ImportValidationError, parse_json_text

    try:
        data = parse_json_text(text)
    except ImportValidationError:
        return None
    return data if looks_like_bgstats(data) else None


def read_bgstats(data: str | bytes | Mapping[str, Any], players: Iterable[str] = (),
                 known_games: Iterable[str] = ()) -> BGStatsFile:
    """The plays of a BG Stats export. `players`: the history's player names (matched by
    name); `known_games`: the other games the history holds (their spelling is kept)."""
    top = _parse(data)
    games = _by_id(top.get("games"), "games")
    people = _by_id(top.get("players"), "players")
    places = _by_id(top.get("locations"), "locations")
    existing = {_key(name): name for name in players}
    found = BGStatsFile()
    names: dict[int, str] = {}
    for ref, person in people.items():
        name = playdata.normalize_name(str(person.get("name") or ""))
        names[ref] = existing.get(_key(name), name) if name else ""
    resolver = _Games(games, list(known_games))
    used: set[str] = set()
    for index, raw in enumerate(top["plays"]):
        try:
            play = _play(raw, resolver, names, places)
        except _PlayError as exc:
            found.skipped.append(_skipped(index, raw, games, exc))
            continue
        found.plays.append(play)
        used.update(seat.player for seat in play.seats)
    found.matched = sorted(name for name in used if _key(name) in existing)
    found.new_players = sorted(name for name in used if _key(name) not in existing)
    return found


def _parse(data: str | bytes | Mapping[str, Any]) -> Mapping[str, Any]:
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise BGStatsFileError("The file is not UTF-8 text.",
                                   "ファイルが UTF-8 のテキストではありません。") from None
    if isinstance(data, str):
        try:
            data = json.loads(data.removeprefix("\ufeff"))
        except (json.JSONDecodeError, RecursionError) as exc:
            where = (f" (line {exc.lineno}, column {exc.colno})"
                     if isinstance(exc, json.JSONDecodeError) else "")
            where_ja = (f"（{exc.lineno} 行目 {exc.colno} 文字目）"
                        if isinstance(exc, json.JSONDecodeError) else "")
            raise BGStatsFileError(f"The file is not valid JSON{where}.",
                                   f"ファイルが正しい JSON ではありません{where_ja}。") from None
    if not looks_like_bgstats(data):
        raise BGStatsFileError(
            "The file is not a BG Stats export (it has no list of plays, players and games).",
            "BG Stats の書き出しファイルではありません（対局・プレイヤー・ゲームの一覧が"
            "ありません）。")
    assert isinstance(data, Mapping)
    return data


def _ref(value: Any) -> int | None:
    """A whole number of the file (an id, a count), else None."""
    return int(value) if playdata.is_int(value) else None


def _lookup(table: Mapping[int, T], value: Any) -> T | None:
    """The record an id of the file refers to (None: no such id, or no id)."""
    ref = _ref(value)
    return None if ref is None else table.get(ref)


def _by_id(items: Any, what: str) -> dict[int, Mapping[str, Any]]:
    """The records of a top-level list by their `id` (records without one are ignored)."""
    found: dict[int, Mapping[str, Any]] = {}
    for item in items or []:
        if isinstance(item, Mapping) and playdata.is_int(item.get("id")):
            found[int(item["id"])] = item
    return found


class _Games:
    """Game records to game ids and ways of winning."""

    def __init__(self, games: dict[int, Mapping[str, Any]], known: list[str]) -> None:
        self.games, self.known = games, known
        self._names = _registered_names()

    def game(self, ref: Any) -> tuple[str, Mapping[str, Any]]:
        record = _lookup(self.games, ref)
        if record is None:
            raise _PlayError(f"its game (number {ref}) is not in the file's list of games",
                             f"ゲーム（番号 {ref}）がファイルのゲーム一覧にありません")
        name = playdata.normalize_name(str(record.get("name") or ""))
        if not name:
            raise _PlayError("its game has no name", "ゲームに名前がありません")
        registered = self._names.get(_key(name))
        if registered is not None:
            return registered, record
        try:
            return other_game_id(name, self.known), record
        except OtherGameError as exc:
            raise _PlayError(f"its game's name cannot be used: {exc}",
                             f"ゲームの名前が使えません: {exc}") from None

    def expansions(self, raw: Any) -> list[str]:
        names = []
        for item in raw if isinstance(raw, list) else []:
            ref = item.get("gameRefId") if isinstance(item, Mapping) else None
            record = _lookup(self.games, ref)
            if record is not None and str(record.get("name") or "").strip():
                names.append(playdata.normalize_name(str(record["name"])))
        return names


def _registered_names() -> dict[str, str]:
    """The app's games by each of their names (both languages)."""
    try:
        from companion.games import registry

        infos = registry.all_games()
    except Exception:  # the games cannot load: every game is an other game
        return {}
    return {_key(name): info.id for info in infos for name in (info.name_en, info.name_ja)}


def win_mode_of(game: Mapping[str, Any], play: Mapping[str, Any]) -> WinMode:
    """How a play was won, from its game's (and its own) flags."""
    if game.get("cooperative") is True:
        return WinMode.COOPERATIVE
    if game.get("usesTeams") is True or play.get("usesTeams") is True:
        return WinMode.TEAMS
    if game.get("noPoints") is True:
        return WinMode.NO_SCORE
    if game.get("highestWins") is False:
        return WinMode.LOWEST
    return WinMode.HIGHEST


def _play(raw: Any, games: _Games, names: dict[int, str],
          places: dict[int, Mapping[str, Any]]) -> PlayRecord:
    if not isinstance(raw, Mapping):
        raise _PlayError("it is not a record {…}", "対局の記録 {…} ではありません")
    game_id, game = games.game(raw.get("gameRefId"))
    started = _date(raw.get("playDate"))
    minutes = _ref(raw.get("durationMin"))
    duration = minutes * 60 if minutes is not None and 0 < minutes <= 100_000 else None
    place = _lookup(places, raw.get("locationRefId"))
    options: dict[str, Any] = {}
    expansions = games.expansions(raw.get("expansionPlays"))
    if expansions:
        options["expansions"] = expansions
    board = str(raw.get("board") or "").strip()
    if board:
        options["variant"] = board
    play = PlayRecord(
        game_id, PlayMode.TABLE, started, _seats(raw.get("playerScores"), names),
        finished_at=started + timedelta(seconds=duration or 0), options=options,
        location=playdata.normalize_name(str((place or {}).get("name") or "")),
        notes=str(raw.get("comments") or ""), duration_s=duration,
        uid=_uid(raw.get("uuid")), win_mode=win_mode_of(game, raw))
    try:
        clean = playdata.normalized(play)
        playdata.check_play(clean)
    except playdata.PlayDataError as exc:
        raise _PlayError(f"it cannot be stored: {exc}",
                         f"保存できない内容があります: {exc}") from None
    return clean


def _date(value: Any) -> datetime:
    for fmt in DATE_FORMATS:
        try:
            return datetime.strptime(str(value), fmt)
        except ValueError:
            continue
    raise _PlayError(f"its date {value!r} cannot be read", f"日付 {value!r} を読めません")


def _uid(value: Any) -> str | None:
    """The play's identity: its `uuid` (a text that is no UUID gives a stable one)."""
    if not isinstance(value, str) or not value.strip():
        return None
    try:
        return str(uuid.UUID(value.strip()))
    except ValueError:
        return str(uuid.uuid5(UID_NAMESPACE, value.strip()))


def _seats(raw: Any, names: dict[int, str]) -> list[SeatResult]:
    entries = [entry for entry in raw if isinstance(entry, Mapping)] if isinstance(
        raw, list) else []
    if not entries:
        raise _PlayError("it has no players", "プレイヤーがいません")
    order = sorted(range(len(entries)), key=lambda i: (_seat_order(entries[i]), i))
    seats = []
    for seat, i in enumerate(order):
        entry = entries[i]
        ref = entry.get("playerRefId")
        name = _lookup(names, ref) or ""
        if not name:
            raise _PlayError(f"its player number {ref} is not in the file's list of players",
                             f"プレイヤー（番号 {ref}）がファイルのプレイヤー一覧にありません")
        rank = _ref(entry.get("rank"))
        seats.append(SeatResult(
            seat, name, faction=str(entry.get("role") or ""),
            score=_score(entry.get("score"), name), winner=entry.get("winner") is True,
            rank=rank if rank is not None and 1 <= rank <= playdata.MAX_SEATS else None,
            start_player=entry.get("startPlayer") is True,
            team=str(entry.get("team") or "").strip()))
    return seats


def _seat_order(entry: Mapping[str, Any]) -> int:
    order = _ref(entry.get("seatOrder"))
    return order if order is not None else 1 << 30


def _score(value: Any, name: str) -> float | None:
    if value is None or (isinstance(value, str) and not value.strip()):
        return None
    if isinstance(value, bool):
        value = str(value)
    try:
        return float(str(value).strip().replace(",", "."))
    except ValueError:
        raise _PlayError(f"{name}'s score {value!r} is not a number",
                         f"{name} の得点 {value!r} が数ではありません") from None


def _skipped(index: int, raw: Any, games: dict[int, Mapping[str, Any]],
             exc: _PlayError) -> Skipped:
    date = game = ""
    if isinstance(raw, Mapping):
        date = str(raw.get("playDate") or "")[:16]
        record = _lookup(games, raw.get("gameRefId"))
        game = str((record or {}).get("name") or "")
    return Skipped(index + 1, date, game, exc.en, exc.ja)
