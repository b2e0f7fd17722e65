"""`companion play GAME --bots random,mcts [--seed N] [--games N] [--options ...] [--json]`.

Headless games between bots, for any game in the registry: prints each game (a readable line,
or with --json the record as one JSON line) and then the tally of victories per seat and per
bot. Options are JSON (`--options '{"rounds": 3}'`) or `key=value,key=value` (numbers, true/
false, and `a+b` for a set of choices).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="game id, e.g. juusai, rengeki or shinyu")
    parser.add_argument("--bots", default="random,random",
                        help="one bot per seat, comma-separated: random, greedy, mcts, "
                             "mcts:weak, mcts:strong (default: random,random)")
    parser.add_argument("--players", type=int,
                        help="number of seats (the --bots list is repeated to fill them)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game (default 1)")
    parser.add_argument("--games", type=int, default=1, help="how many games (default 1)")
    parser.add_argument("--options", default="",
                        help="game options as JSON or key=value,... (e.g. rounds=3,stake=2)")
    parser.add_argument("--expansions", default=None,
                        help="expansions, comma-separated (e.g. A,C), for games with an "
                             "'expansions' option; same as --options expansions=A+C")
    parser.add_argument("--json", action="store_true", help="JSON lines instead of text")


def parse_options(text: str) -> dict[str, Any]:
    """Options from JSON or `key=value,...`; ValueError with a readable message otherwise."""
    text = text.strip()
    if not text:
        return {}
    if text.startswith("{"):
        try:
            value = json.loads(text)
        except json.JSONDecodeError as exc:
            raise ValueError(f"--options is not valid JSON: {exc}") from None
        if not isinstance(value, dict):
            raise ValueError("--options JSON must be an object")
        return value
    options: dict[str, Any] = {}
    for item in text.split(","):
        key, sep, raw = item.partition("=")
        if not sep or not key.strip():
            raise ValueError(f"--options: expected key=value, got {item!r}")
        options[key.strip()] = _option_value(raw.strip())
    return options


def _option_value(raw: str) -> Any:
    if raw.lower() in ("true", "yes", "on"):
        return True
    if raw.lower() in ("false", "no", "off"):
        return False
    if "+" in raw:
        return [part for part in raw.split("+") if part]
    try:
        return int(raw)
    except ValueError:
        return raw


def run(args: argparse.Namespace) -> int:
    from companion.bots import make_bot
    from companion.bots.runner import Tally, play_bots
    from companion.games import registry

    def fail(message: str) -> int:
        print(f"companion play: {message}", file=sys.stderr)
        return 2

    try:
        info = registry.get(args.game)
        raw_options = parse_options(args.options)
        expansions = getattr(args, "expansions", None)
        if expansions is not None:
            if "expansions" not in {spec.key for spec in info.options}:
                return fail(f"{info.name_en} has no expansions")
            raw_options["expansions"] = [e.strip().upper() for e in expansions.split(",")
                                         if e.strip()]
        options = info.validate_options(raw_options)
        bots = [b.strip() for b in args.bots.split(",") if b.strip()]
        for kind in bots:
            make_bot(kind)
        if not bots:
            return fail("--bots needs at least one bot")
        if args.players is not None and args.players < 1:
            return fail(f"--players must be at least 1, not {args.players}")
        seats = len(bots) if args.players is None else args.players
        bots = [bots[i % len(bots)] for i in range(seats)]
        info.check_players(seats)
        if info.new_state is None:
            return fail(f"{info.name_en} has no digital play")
    except ValueError as exc:
        return fail(str(exc))
    if args.games < 1:
        return fail("--games must be at least 1")

    tally = Tally()
    for index in range(args.games):
        seed = args.seed + index
        result = play_bots(info.id, bots, seed, options)
        tally.add(result)
        if args.json:
            line = result.record.to_dict()
            line["bots"] = list(result.bots)
            line["outcome"] = {
                "scores": list(result.outcome.scores),
                "winners": sorted(result.outcome.winners),
                "termination": result.outcome.termination.value,
            }
            print(json.dumps(line, ensure_ascii=False, sort_keys=True))
        else:
            winners = ", ".join(f"seat {s + 1} ({bots[s]})" for s in sorted(
                result.outcome.winners))
            scores = " ".join(f"{score:g}" for score in result.outcome.scores)
            print(f"game {index + 1} seed {seed}: {len(result.record.entries)} steps, "
                  f"scores {scores}; winner {winners or 'none'}")
            print("  " + " ".join(result.record.moves()))
    summary = tally.to_dict()
    if args.json:
        print(json.dumps({"tally": summary}, ensure_ascii=False, sort_keys=True))
    else:
        print(f"tally over {tally.games} game(s) (shared victories split):")
        for seat, wins in sorted(tally.by_seat.items()):
            print(f"  seat {seat + 1} ({bots[seat]}): {wins:g}")
        for kind, wins in sorted(tally.by_bot.items()):
            print(f"  {kind}: {wins:g} over {tally.seats_by_bot[kind]} seat-games")
    return 0
