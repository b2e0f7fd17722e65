"""The documented 机戦 game record (JSON) and reading one back with sentences for every fault.

`game_document(record)` is the shared `GameRecord` (``format``, ``game``, ``players``, ``seed``,
``options``, ``moves``) plus what a reader wants without replaying:

- ``variant``: ``standard`` (標準机戦, game ``cetkaik``), ``education`` (教育机戦,
  ``cetkaik_education``) or ``old`` (古机戦, ``cetkaik_old``); ``sides``: seat 0 plays the IA
  side (black king, at the bottom), seat 1 the A side (red king, at the top);
- ``seasons``: one entry per season that ended with 終季: ``season`` (1-based), ``name``
  (春 夏 秋 冬), ``declarer`` (seat), ``hands`` (e.g. ``["同色獣", "王"]``), ``penalties``
  (``["撃皇"]``), ``rate``, ``points`` (what the declarer received; negative when paid);
- ``result``: ``finished``, ``winner_seat`` (null for a draw or an unfinished game),
  ``points`` per seat (古机戦: ``taken``, the pieces each seat took), ``reason``. Points are
  in points (tenths are decimals under 古計算法 and 三連体系).

``moves`` lists seat moves as ``{"seat": 0, "move": "ZAI-ZY"}`` and chance events as
``{"chance": "=3"}`` (a cast) or ``{"chance": "first IA"}`` (a season's first side). The
notation is explained in `companion.games.cetkaik.moves`. `load_record` reads a record back.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.core.errors import MoveParseError, RecordError
from companion.core.record import Game, GameRecord
from companion.games.cetkaik.board import Board
from companion.games.cetkaik.moves import parse_move
from companion.games.cetkaik.variants import GAME_IDS, variant_of


def game_document(record: GameRecord) -> dict[str, Any]:
    """The record as a JSON-ready dict with the seasons and the result."""
    from companion.games.cetkaik.rules import SEASON_NAMES, CetkaikState

    state: Any = Game.replay(record).state
    document = record.to_dict()
    document["variant"] = state.variant.key
    document["sides"] = ["IA", "A"]
    outcome = state.outcome()
    winner = sorted(outcome.winners)[0] if outcome is not None and outcome.winners else None
    if not isinstance(state, CetkaikState):  # 古机戦: no seasons, no points
        document["result"] = {"finished": state.over, "winner_seat": winner,
                              "taken": list(state.taken), "reason": state.reason}
        return document
    scale = state.scale
    document["seasons"] = [{
        "season": r.season + 1,
        "name": SEASON_NAMES[r.season][0],
        "declarer": r.declarer,
        "hands": [h.name("ja") for h in r.hands],
        "penalties": [p.name("ja") for p in r.penalties],
        "rate": r.rate,
        "points": r.points / scale,
    } for r in state.results]
    document["result"] = {
        "finished": state.over,
        "winner_seat": winner,
        "points": [p / scale for p in state.scores],
        "reason": state.reason,
    }
    return document


def load_record(data: str | Mapping[str, Any], expected: str | None = None) -> Game:
    """Replay a 机戦 record (JSON text or a parsed dict) to its last position; `expected`: the
    registry id of the rule set the caller wants (``cetkaik``, ``cetkaik_education``,
    ``cetkaik_old``), None for any of them.

    Raises `RecordError` with a sentence naming the fault: not a record, a record of another
    game or of another rule set, an unreadable move (with the position where it was read) or
    an illegal one (with the position and the reason).
    """
    record = GameRecord.from_json(data) if isinstance(data, str) else GameRecord.from_dict(data)
    if record.game_id not in GAME_IDS:
        raise RecordError(f"this is a record of {record.game_id!r}, not of 机戦 (one of "
                          f"{', '.join(sorted(GAME_IDS))})")
    variant = variant_of(record.game_id)
    if expected is not None and record.game_id != expected:
        wanted = variant_of(expected).name_en if expected in GAME_IDS else expected
        raise RecordError(f"this is a record of {variant.name_en} ({record.game_id}), not of "
                          f"{wanted} ({expected})")
    named = record.options.get("variant")
    if named is not None and named != variant.key:
        raise RecordError(f"this record names the rule set {named!r}, which is played as its "
                          f"own game ({', '.join(sorted(GAME_IDS))}), not as an option of "
                          f"{record.game_id}")
    unreadable = _first_unreadable(record, variant.board)
    try:
        game = Game.replay(record, upto=None if unreadable is None else unreadable[0])
    except ValueError as exc:  # RecordError, or options the game refuses (OptionError)
        raise RecordError(f"the record cannot be replayed: {exc}") from exc
    if unreadable is not None:
        index, error = unreadable
        raise RecordError(f"move {index + 1} of the record: {error}; position: "
                          f"{game.state.describe()}") from error
    return game


def _first_unreadable(record: GameRecord, board: Board) -> tuple[int, MoveParseError] | None:
    for index, entry in enumerate(record.entries):
        try:
            parse_move(entry.move, board)
        except MoveParseError as error:
            return index, error
    return None

