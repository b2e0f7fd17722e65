"""`companion bench`: the speed figures the project tracks, one JSON object per line.

Each line is {"bench": name, "value": number, "unit": ..., and "goal" where there is one}.
Figures only: nothing here fails because the machine is slow.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

Line = dict[str, Any]

SECTIONS = ("startup", "history", "pdf", "games", "winrates")
#: Sections run when none is named: win rates take an hour (hundreds of MCTS games).
DEFAULT_SECTIONS = ("startup", "history", "pdf", "games")
#: Win-rate goals of MCTS (default strength) per opponent, where an issue set one.
WIN_RATE_GOALS = {("etariya", "random"): ">= 95%", ("etariya", "greedy"): ">= 70%"}

#: A bare Qt window: the floor the app's start-up is compared with. Like the app under
#: COMPANION_EXIT_AFTER_SHOW it prints the seconds from process start to the window shown.
FLOOR_SCRIPT = """
import json
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
from ui.app import seconds_since_process_start
app = QApplication([])
window = QMainWindow()
window.resize(1100, 720)
window.show()
def report():
    print(json.dumps({"window_shown_s": seconds_since_process_start()}), flush=True)
    app.quit()
QTimer.singleShot(0, report)
app.exec()
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--only", action="append", choices=SECTIONS, metavar="SECTION",
                        help=f"run only these sections ({', '.join(SECTIONS)}; default: all "
                             "but winrates, which takes about an hour); repeatable")
    parser.add_argument("--winrate-games", type=int, default=200, metavar="N",
                        help="games per pairing in the winrates section (default 200)")
    parser.add_argument("--plays", type=int, default=100_000,
                        help="size of the generated history (default 100000)")
    parser.add_argument("--quick", action="store_true",
                        help="shorter runs (rougher figures), for a smoke test")
    parser.add_argument("--game", action="append", metavar="ID",
                        help="only these games in the games section; repeatable")


def run(args: argparse.Namespace) -> int:
    sections = args.only or list(DEFAULT_SECTIONS)
    producers: dict[str, Callable[[argparse.Namespace], Iterator[Line]]] = {
        "startup": startup_lines, "history": history_lines, "pdf": pdf_lines,
        "games": game_lines, "winrates": winrate_lines}
    for section in SECTIONS:
        if section in sections:
            for figure in producers[section](args):
                print(json.dumps(figure, ensure_ascii=False), flush=True)
    return 0


def line(name: str, value: float, unit: str, goal: str = "", **extra: Any) -> Line:
    result: Line = {"bench": name, "value": round(value, 3), "unit": unit}
    if goal:
        result["goal"] = goal
    result.update(extra)
    return result


# ---------------------------------------------------------------- start-up


def _time_process(argv: list[str], env: dict[str, str]) -> float:
    """Seconds from the process's start to its window shown, as the process reports it."""
    done = subprocess.run(argv, env=env, check=True, capture_output=True, text=True,
                          timeout=120)
    shown = [json.loads(text) for text in done.stdout.splitlines() if "window_shown_s" in text]
    return float(shown[-1]["window_shown_s"])


def startup_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Process start → main window shown (as each process reports it, shutdown not counted),
    against a bare QApplication + QMainWindow."""
    repeats = 2 if args.quick else 5
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
                   COMPANION_DATA_DIR=folder, COMPANION_EXIT_AFTER_SHOW="1")
        env.pop("COMPANION_DB_URL", None)
        app = [sys.executable, "-m", "ui.cli"]
        _time_process(app, env)  # first run creates the database: not what a user waits for
        floor = min(_time_process([sys.executable, "-c", FLOOR_SCRIPT], env)
                    for _ in range(repeats))
        shown = min(_time_process(app, env) for _ in range(repeats))
    yield line("startup.floor", floor * 1000, "ms")
    yield line("startup.main_window", shown * 1000, "ms", goal="<= 2x floor",
               ratio=round(shown / floor, 2))


# ---------------------------------------------------------------- history


def history_lines(args: argparse.Namespace) -> Iterator[Line]:
    """The statistics page's queries on a generated history of `--plays` plays."""
    import db
    from db.bench import generate_history, time_history_page, time_statistics_queries

    plays = 2_000 if args.quick and args.plays == 100_000 else args.plays
    with tempfile.TemporaryDirectory() as folder:
        database = db.open_database(f"sqlite:///{Path(folder) / 'bench.db'}")
        began = time.perf_counter()
        generate_history(database, plays)
        yield line("history.generate", time.perf_counter() - began, "s", plays=plays)
        timings = time_statistics_queries(database)
        history_page = time_history_page(database)
        database.close()
    for name, ms in timings.items():
        if name != "total":
            yield line(f"history.{name}", ms, "ms", plays=plays)
    yield line("history.statistics_page", timings["total"], "ms", goal="<= 100 ms", plays=plays)
    yield line("history.history_page", history_page, "ms", plays=plays, rows=500)


# ---------------------------------------------------------------- PDF


def pdf_lines(args: argparse.Namespace) -> Iterator[Line]:
    from companion.export.bench import time_font_load, time_one_sheet

    yield line("pdf.font_load", time_font_load(), "ms")
    yield line("pdf.one_sheet", time_one_sheet(3 if args.quick else 10), "ms", goal="<= 200 ms")


# ---------------------------------------------------------------- games


def game_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Per playable game: random playouts per second and the default bot's move time."""
    from companion.bots.bench import playouts_per_second
    from companion.games import registry

    seconds = 0.3 if args.quick else 2.0
    for info in registry.all_games():
        if args.game and info.id not in args.game:
            continue
        if info.new_state is not None:
            for players in sorted({info.min_players, info.max_players}):
                yield line(f"{info.id}.playouts_per_second", playouts_per_second(
                    info.id, players, seconds), "1/s", players=players)
            yield _mcts_line(info.id, info.min_players, 2 if args.quick else _bot_moves(info.id))
        bench = info.extras.get("bench")
        if bench is not None:
            for name, value in bench(args.quick).items():
                unit = "ms" if name.endswith("_ms") else ""
                yield line(f"{info.id}.{name.removesuffix('_ms')}", value, unit)


def _mcts_line(game_id: str, players: int, decisions: int) -> Line:
    from companion.bots.bench import bot_decision_time

    ms, timed = bot_decision_time(game_id, "mcts", players, decisions)
    if ms is None:
        return {"bench": f"{game_id}.mcts_move", "value": None, "unit": "ms", "players": players,
                "note": "no seat ever has a choice: every move is forced"}
    return line(f"{game_id}.mcts_move", ms, "ms", players=players, decisions=timed,
                strength="normal (default)")


def _bot_moves(game_id: str) -> int:
    """Enough decisions for a stable mean without minutes of waiting on slow searches."""
    return 5 if game_id == "alluvium" else 20


def winrate_lines(args: argparse.Namespace) -> Iterator[Line]:
    """MCTS at its default strength against random and greedy, per two-seat game."""
    from companion.bots.bench import head_to_head
    from companion.games import registry

    games = 4 if args.quick else args.winrate_games
    for info in registry.playable_games():
        if (args.game and info.id not in args.game) or info.min_players > 2:
            continue
        for opponent in ("random", "greedy"):
            figures = head_to_head(info.id, "mcts", opponent, games)
            yield line(f"{info.id}.mcts_vs_{opponent}", 100 * figures["win_rate"], "%",
                       goal=WIN_RATE_GOALS.get((info.id, opponent), ""), games=games,
                       seconds=round(figures["seconds"], 1))
