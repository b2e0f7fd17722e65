"""`companion table open|join|start|play|watch|pause|resume|list`: a game across laptops on
the club's history.

    companion table open cetkaik --seats ann,ben          # prints the table's code
    companion table open taxot --seats ann,open --bot 1   # a free seat, one bot run by the host
    companion table join K7PQ2M --seat 2
    companion table play K7PQ2M --seat 1 --bot random     # runs the seat headless to the end
    companion table list
    companion table watch K7PQ2M                           # a spectator: public rows only

The history must be a club's PostgreSQL (`--db`). `play` decides its seats' moves with a bot
(its level 1-5 or a bot kind), catching up from the rows first, so a laptop restarted mid-game
goes on where the table is; the host's laptop also runs the table's bot seats. At the end the
whole game is replayed with every card known; the host writes the finished play into the
history once (its uid is the table's). Seats are numbered from 1 here, as people count them.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from ui.commands import open_history

#: Bot levels as the command takes them (a bot kind is taken too).
LEVELS = {"1": "random", "2": "greedy", "3": "mcts:weak", "4": "mcts", "5": "mcts:strong"}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    opener = sub.add_parser("open", help="open a table; prints its code")
    opener.add_argument("game", help="game id, e.g. cetkaik or taxot")
    opener.add_argument("--seats", required=True,
                        help="one seat each, comma-separated: a login, 'bot' or 'open'")
    opener.add_argument("--bot", type=int, default=0, metavar="N",
                        help="add N bot seats (run by the host's laptop)")
    opener.add_argument("--options", default="", help="game options as JSON or key=value,...")
    opener.add_argument("--away", type=int, default=120, metavar="SECONDS",
                        help="a seat unseen this long may be handed to a bot (default 120)")
    joiner = sub.add_parser("join", help="take a free seat of a table")
    joiner.add_argument("code")
    joiner.add_argument("--seat", type=int, required=True, help="the seat's number, from 1")
    starter = sub.add_parser("start", help="start a table (its host)")
    starter.add_argument("code")
    player = sub.add_parser("play", help="play this login's seats headless until the end")
    player.add_argument("code")
    player.add_argument("--seat", type=int, default=None,
                        help="the seat's number, from 1 (default: every seat of this login)")
    player.add_argument("--bot", default="1",
                        help="who decides: a level 1-5 or a bot kind (random, greedy, mcts...)")
    player.add_argument("--seed", type=int, default=None, help="the bot's random seed")
    player.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                        help="give up after this many seconds")
    player.add_argument("--verbose", action="store_true", help="print every row applied")
    for action, help_text in (("pause", "pause a table (its host): nobody moves meanwhile"),
                              ("resume", "go on with a paused table (its host)")):
        sub.add_parser(action, help=help_text).add_argument("code")
    sub.add_parser("list", help="the tables still open or being played")
    watcher = sub.add_parser("watch", help="follow a table as a spectator (no hidden card)")
    watcher.add_argument("code")
    watcher.add_argument("--timeout", type=float, default=None, metavar="SECONDS",
                         help="stop watching after this many seconds")


# --- language --------------------------------------------------------------------------------
def _lang(args: argparse.Namespace) -> str:
    lang = getattr(args, "lang", None) or os.environ.get("LANG", "")
    return "ja" if str(lang).startswith("ja") else "en"


def _say(args: argparse.Namespace, en: str, ja: str) -> None:
    print(ja if _lang(args) == "ja" else en)


def _fail(args: argparse.Namespace, en: str, ja: str) -> int:
    print(f"companion table: {ja if _lang(args) == 'ja' else en}", file=sys.stderr)
    return 2


# --- running -----------------------------------------------------------------------------------
def run(args: argparse.Namespace) -> int:
    from db.errors import DatabaseError

    database = open_history(args.db)
    try:
        return int(_ACTIONS[args.action](args, database))
    except DatabaseError as exc:
        return _fail(args, exc.text("en"), exc.text("ja"))
    finally:
        database.close()


def _open(args: argparse.Namespace, database: Any) -> int:
    from companion.games import registry
    from companion.network.session import is_playable
    from db import network
    from ui.commands.play import parse_options

    info = registry.get(args.game)
    if not is_playable(info.id):
        return _fail(args, f"{info.name_en} cannot be played across laptops yet",
                     f"{info.name_ja}はまだ複数のパソコンで遊べません")
    try:
        options = info.validate_options(parse_options(args.options, info.options, info.id))
    except ValueError as exc:
        return _fail(args, str(exc), getattr(exc, "ja", "") or str(exc))
    seats = [_seat_spec(word) for word in args.seats.split(",") if word.strip()]
    seats += [{"kind": "bot"}] * args.bot
    if not info.min_players <= len(seats) <= info.max_players:
        return _fail(args, f"{info.name_en} takes {info.min_players} to {info.max_players} seats",
                     f"{info.name_ja}の席は{info.min_players}から{info.max_players}です")
    table = network.open_table(database, info.id, options, seats, away_after_s=args.away)
    if all(seat["kind"] != "open" for seat in seats):
        _start(database, table.id)
    _say(args, f"table {table.code}: {info.name_en}, {len(seats)} seats",
         f"卓 {table.code}: {info.name_ja}、{len(seats)}席")
    print(table.code)
    return 0


def _seat_spec(word: str) -> dict[str, Any]:
    word = word.strip()
    if word in ("bot", "open"):
        return {"kind": word}
    return {"kind": "person", "login": word}


def _start(database: Any, table_id: int) -> None:
    """Start a table with the first row's writers its game's engine names."""
    from companion.network.session import next_seats_of
    from db import network

    table = network.table_of(database, table_id)
    from companion.games import registry

    state = registry.get(table.game_id).create(len(table.seats), dict(table.options))
    network.start_table(database, table_id, next_seats_of(state))


def _find(database: Any, code: str) -> Any:
    from db import network

    for table in network.open_tables(database):
        if table.code.upper() == code.strip().upper():
            return table
    return None


def _join(args: argparse.Namespace, database: Any) -> int:
    from db import network

    table = network.join_table(database, args.code.strip().upper(), args.seat - 1)
    _say(args, f"table {table.code}: you sit at seat {args.seat}",
         f"卓 {table.code}: 席{args.seat}に着きました")
    return 0


def _start_action(args: argparse.Namespace, database: Any) -> int:
    table = _find(database, args.code)
    if table is None:
        return _no_table(args)
    _start(database, table.id)
    _say(args, f"table {table.code} started", f"卓 {table.code} を始めました")
    return 0


def _no_table(args: argparse.Namespace) -> int:
    return _fail(args, f"there is no open table with code {args.code}",
                 f"コード {args.code} の卓は見つかりません")


def _list(args: argparse.Namespace, database: Any) -> int:
    from companion.games import registry
    from db import network

    tables = network.open_tables(database)
    if not tables:
        _say(args, "no table is open", "開いている卓はありません")
    for table in tables:
        info = registry.get(table.game_id)
        name = info.name_ja if _lang(args) == "ja" else info.name_en
        seats = ", ".join(f"{s.seat + 1}:{s.login or s.kind}" for s in table.seats)
        print(f"{table.code}  {name}  {table.status}  {seats}")
    return 0


def _play(args: argparse.Namespace, database: Any) -> int:
    from ui.commands.table_run import play_table

    return play_table(args, database, LEVELS.get(args.bot, args.bot))


def _pause(args: argparse.Namespace, database: Any) -> int:
    from db import network

    table = _find(database, args.code)
    if table is None:
        return _no_table(args)
    with network.TableClient(database, table.id) as client:
        if args.action == "pause":
            client.pause()
            _say(args, f"table {table.code} paused", f"卓 {table.code} を一時停止しました")
        else:
            client.resume()
            _say(args, f"table {table.code} goes on", f"卓 {table.code} を再開しました")
    return 0


def _watch(args: argparse.Namespace, database: Any) -> int:
    from ui.commands.table_run import watch_table

    return watch_table(args, database)


_ACTIONS = {"open": _open, "join": _join, "start": _start_action, "list": _list,
            "play": _play, "watch": _watch, "pause": _pause, "resume": _pause}
