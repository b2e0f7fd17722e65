"""`companion play GAME --bots random,mcts [--seed N] [--games N] [--options ...] [--json]`.

Headless games between bots, for any game in the registry: prints each game (a readable line,
or with --json the record as one JSON line) and then the tally of victories per seat and per
bot. `--variant NAME` plays a rule set of a game that has several (机戦: standard, education,
old), as its own registry id does. Options are JSON (`--options '{"rounds": 3}'`) or
`key=value,key=value` (numbers, true/false, and `a+b` for a set of choices); a bare word turns
on the flag of that name or adds the choice of that name to the one set option that has it
(`--options books,squares` = `--options expansions=books+squares` for Equilibrium).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.registry import OptionSpec


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
    parser.add_argument("--variant", default=None,
                        help="a rule set of the game, for games that have several (e.g. "
                             "cetkaik --variant education|old); the same as naming its own id")
    parser.add_argument("--json", action="store_true", help="JSON lines instead of text")


def parse_options(text: str, specs: Sequence[OptionSpec] = (),
                  game: str = "the game") -> dict[str, Any]:
    """Options from JSON or `key=value,...` where a bare word is a flag or a choice of `specs`
    (see `bare_word_option`); ValueError with a readable message otherwise."""
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
        if not sep and key.strip():
            bare_key, value = bare_word_option(key.strip(), specs, game)
            if isinstance(value, list):
                value = [*options.get(bare_key, []), *value]
            options[bare_key] = value
            continue
        if not sep or not key.strip():
            raise ValueError(f"--options: expected key=value, got {item!r}")
        options[key.strip()] = _option_value(raw.strip())
    return options


def bare_word_option(word: str, specs: Sequence[OptionSpec], game: str) -> tuple[str, Any]:
    """The option a bare word in --options turns on: `(key, True)` for a yes/no option of that
    name, `(key, [choice])` for the set option that has a choice of that name (any case);
    ValueError with the words the game would understand otherwise."""
    from companion.games.registry import OptionKind

    lowered = word.lower()
    for spec in specs:
        if spec.kind is OptionKind.BOOL and spec.key.lower() == lowered:
            return spec.key, True
    holders = [(spec.key, choice) for spec in specs if spec.kind is OptionKind.MULTI
               for choice in spec.choices if choice.lower() == lowered]
    if len(holders) == 1:
        key, choice = holders[0]
        return key, [choice]
    flags = [spec.key for spec in specs if spec.kind is OptionKind.BOOL]
    expansions = [c for spec in specs if spec.key == "expansions" for c in spec.choices]
    known = ", ".join(expansions + flags) or "none"
    if holders:
        raise ValueError(f"--options: {word!r} is a choice of several options of {game} "
                         f"({', '.join(key for key, _ in holders)}); write key=value")
    raise ValueError(f"--options: expected key=value or an expansion or flag of {game} "
                     f"(its expansions and flags: {known}), got {word!r}")


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


def variant_id(game: str, variant: str | None) -> str:
    """The registry id of `game` played as `variant` (a game's `extras["variants"]` maps its
    variant names to ids); `ValueError` with the names when it has no such variant."""
    from companion.games import registry

    if variant is None:
        return game
    variants = registry.get(game).extras.get("variants") or {}
    if variant not in variants:
        known = ", ".join(variants) if variants else "none"
        raise ValueError(f"{game} has no variant {variant!r} (its variants: {known})")
    return str(variants[variant])


def run(args: argparse.Namespace) -> int:
    from companion.bots import make_bot
    from companion.bots.runner import Tally, play_bots
    from companion.games import registry

    def fail(message: str) -> int:
        print(f"companion play: {message}", file=sys.stderr)
        return 2

    try:
        info = registry.get(variant_id(args.game, getattr(args, "variant", None)))
        raw_options = parse_options(args.options, info.options, info.name_en)
        expansions = getattr(args, "expansions", None)
        if expansions is not None:
            if "expansions" not in {spec.key for spec in info.options}:
                return fail(f"{info.name_en} has no expansions")
            spec = next(spec for spec in info.options if spec.key == "expansions")
            by_upper = {choice.upper(): choice for choice in spec.choices}
            raw_options["expansions"] = [by_upper.get(e.strip().upper(), e.strip().upper())
                                         for e in expansions.split(",") if e.strip()]
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
    cooperative = bool(info.extras.get("cooperative"))
    team_wins = 0  # co-operative games: every seat wins or none does
    for index in range(args.games):
        seed = args.seed + index
        result = play_bots(info.id, bots, seed, options)
        tally.add(result)
        team_wins += len(result.outcome.winners) == seats
        if args.json:
            line = result.record.to_dict()
            line["bots"] = list(result.bots)
            line["outcome"] = {
                "scores": list(result.outcome.scores),
                "winners": sorted(result.outcome.winners),
                "termination": result.outcome.termination.value,
                "detail": result.outcome.detail,
            }
            print(json.dumps(line, ensure_ascii=False, sort_keys=True))
        else:
            winners = ", ".join(f"seat {s + 1} ({bots[s]})" for s in sorted(
                result.outcome.winners))
            scores = " ".join(f"{score:g}" for score in result.outcome.scores)
            detail = f" ({result.outcome.detail})" if result.outcome.detail else ""
            print(f"game {index + 1} seed {seed}: {len(result.record.entries)} steps, "
                  f"scores {scores}; winner {winners or 'none'}{detail}")
            print("  " + " ".join(result.record.moves()))
    summary = tally.to_dict()
    if cooperative:
        summary["games_won"] = team_wins
        summary["win_rate"] = team_wins / tally.games
    if args.json:
        print(json.dumps({"tally": summary}, ensure_ascii=False, sort_keys=True))
    else:
        if cooperative:
            print(f"co-operative: the team won {team_wins} of {tally.games} game(s), win rate "
                  f"{100 * team_wins / tally.games:.1f}%")
        print(f"tally over {tally.games} game(s) (shared victories split):")
        for seat, wins in sorted(tally.by_seat.items()):
            print(f"  seat {seat + 1} ({bots[seat]}): {wins:g}")
        for kind, wins in sorted(tally.by_bot.items()):
            print(f"  {kind}: {wins:g} over {tally.seats_by_bot[kind]} seat-games")
    return 0
