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

SECTIONS = ("startup", "first_move", "history", "pdf", "bots", "games", "stalls", "winrates",
            "ladder", "network")
#: Sections run when none is named: win rates and the ladder take long (many MCTS games);
#: network needs a PostgreSQL server (--pg-url).
DEFAULT_SECTIONS = ("startup", "first_move", "history", "pdf", "bots", "games", "stalls")
#: The default bot's median decision, per game (issue 35).
DEFAULT_BOT_GOAL_MS = 250
#: Win-rate goals of MCTS (default strength) per opponent, where an issue set one.
WIN_RATE_GOALS = {("etariya", "random"): ">= 95%", ("etariya", "greedy"): ">= 70%"}
#: Decisions timed per game for the default MCTS's move time.
MCTS_DECISIONS = 20
#: Goals of MCTS at its default strength in two-seat games (share of games won).
TWO_SEAT_GOALS = {"random": 0.95, "greedy": 0.70}

#: A bare Qt window: the floor the app's start-up is compared with. Like the app under
#: COMPANION_EXIT_AFTER_SHOW it prints the seconds from process start to the window shown.
FLOOR_SCRIPT = """
import json, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
from ui.app import seconds_since_process_start
app = QApplication([])
window = QMainWindow()
window.resize(1100, 720)
window.show()
def report():
    print(json.dumps({"window_shown_s": seconds_since_process_start(),
                      "cpu_s": time.process_time(), "shown_at": time.time()}), flush=True)
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
    parser.add_argument("--plays", type=int, action="append", metavar="N",
                        help="sizes of the generated history in the history section; "
                             "repeatable (default 100000 and 1000000)")
    parser.add_argument("--history-runs", type=int, default=1, metavar="N",
                        help="times the history section times each page on each generated "
                             "history (default 1)")
    parser.add_argument("--pg-url", default=os.environ.get("COMPANION_TEST_PG_URL", ""),
                        metavar="URL",
                        help="also time the history section on this PostgreSQL server, read "
                             "as a club member (a login that may create schemas and roles; "
                             "default: COMPANION_TEST_PG_URL)")
    parser.add_argument("--quick", action="store_true",
                        help="shorter runs (rougher figures), for a smoke test")
    parser.add_argument("--game", action="append", metavar="ID",
                        help="only these games in the games, stalls, winrates and ladder "
                             "sections; repeatable")
    parser.add_argument("--games", type=int, default=40, metavar="N", dest="ladder_games",
                        help="games per pairing in the ladder section (default 40)")
    parser.add_argument("--bots", default="", metavar="KINDS",
                        help="bots of the ladder, comma-separated, weakest first (default: "
                             "random,greedy,mcts:weak,mcts,mcts:strong)")
    parser.add_argument("--jobs", type=int, default=0, metavar="N",
                        help="processes for the ladder (default: one per core)")
    parser.add_argument("--players", type=int, default=0, metavar="N",
                        help="seats in the ladder section (default: the fewest at which bots "
                             "play against one another); games without N seats are skipped")
    parser.add_argument("--stall-seconds", type=float, default=12.0, metavar="S",
                        help="at most this long per game in the stalls section (default 12)")
    parser.add_argument("--stall-pause", type=int, default=None, metavar="MS",
                        help="pause before each bot move in the stalls section (default: the "
                             "app's own; 0 asks the next bot at once, a harder test)")
    parser.add_argument("--stall-repaint", choices=REPAINTED, default="board",
                        help="what the stalls section repaints 60 times a second: the board "
                             "(an animation; the default) or the whole page (a harder test)")


def run(args: argparse.Namespace) -> int:
    sections = args.only or list(DEFAULT_SECTIONS)
    producers: dict[str, Callable[[argparse.Namespace], Iterator[Line]]] = {
        "startup": startup_lines, "first_move": first_move_lines, "history": history_lines,
        "pdf": pdf_lines, "bots": bot_lines,
        "games": game_lines, "stalls": stall_lines, "winrates": winrate_lines,
        "ladder": ladder_lines, "network": network_lines}
    for section in SECTIONS:
        if section in sections:
            for figure in producers[section](args):
                print(json.dumps(figure, ensure_ascii=False), flush=True)
    return 0


def network_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Network play's delay from a row to the other laptop's board (ui/commands/table_bench)."""
    from ui.commands.table_bench import network_lines as lines

    yield from lines(args)


def line(name: str, value: float, unit: str, goal: str = "", **extra: Any) -> Line:
    result: Line = {"bench": name, "value": round(value, 3), "unit": unit}
    if goal:
        result["goal"] = goal
    result.update(extra)
    return result


# ---------------------------------------------------------------- start-up


_BYTECODE: list[str] = []


def app_env(folder: str) -> dict[str, str]:
    """The environment of a timed app process: offscreen, its own data folder, the default
    history, and the project's modules compiled beforehand, as an installation has them (pip
    compiles them; without it every process would compile each module it imports, and
    PYTHONDONTWRITEBYTECODE, set on some machines, stops Python from keeping the result)."""
    env = dict(os.environ, QT_QPA_PLATFORM=os.environ.get("QT_QPA_PLATFORM", "offscreen"),
               COMPANION_DATA_DIR=folder, PYTHONPYCACHEPREFIX=bytecode_folder())
    env.pop("COMPANION_DB_URL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def bytecode_folder() -> str:
    """A folder, kept for this run, holding the compiled companion, db and ui packages."""
    if not _BYTECODE:
        import atexit
        import shutil

        folder = tempfile.mkdtemp(prefix="companion-bytecode-")
        atexit.register(shutil.rmtree, folder, True)
        root = Path(__file__).resolve().parents[2]
        subprocess.run(
            [sys.executable, "-c", "import compileall, sys; sys.exit(not all(["
             "compileall.compile_dir(d, quiet=1) for d in sys.argv[1:]]))",
             *(str(root / package) for package in ("companion", "db", "ui"))],
            env=dict(os.environ, PYTHONPYCACHEPREFIX=folder), capture_output=True,
            timeout=600, check=True)
        _BYTECODE.append(folder)
    return _BYTECODE[0]


def _time_process(argv: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Seconds from starting the process to its window shown (the time it reports less the
    time it was started: microseconds, where the kernel's count of the process's age goes in
    10 ms ticks), and the CPU seconds it had used by then (all its threads)."""
    started = time.time()
    done = subprocess.run(argv, env=env, check=True, capture_output=True, text=True,
                          timeout=120)
    shown = [json.loads(text) for text in done.stdout.splitlines() if "window_shown_s" in text]
    return float(shown[-1]["shown_at"]) - started, float(shown[-1]["cpu_s"])


def startup_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Process start → main window shown (as each process reports it, shutdown not counted),
    against a bare QApplication + QMainWindow: the best of each over `repeats` pairs (nine:
    a shared machine's noise of a few ms either way lands on a minimum less often), a floor
    then the app, so that both meet the same load of a shared machine (each pair's ratio is
    printed too). The CPU time each had used by then is printed beside (the least
    over the pairs): a shared machine's load moves the clock more than the CPU time."""
    repeats = 2 if args.quick else 9
    with tempfile.TemporaryDirectory() as folder:
        env = dict(app_env(folder), COMPANION_EXIT_AFTER_SHOW="1")
        app = [sys.executable, "-m", "ui.cli"]
        _time_process(app, env)  # first run creates the database: not what a user waits for
        pairs = [(_time_process([sys.executable, "-c", FLOOR_SCRIPT], env),
                  _time_process(app, env)) for _ in range(repeats)]
    floor_cpu = min(f[1] for f, _a in pairs) * 1000
    app_cpu = min(a[1] for _f, a in pairs) * 1000
    floor_line = line("startup.floor", min(f[0] for f, _a in pairs) * 1000, "ms",
                      cpu_ms=round(floor_cpu, 1))
    shown_line = line("startup.main_window", min(a[0] for _f, a in pairs) * 1000, "ms",
                      goal="<= 1.25x floor", cpu_ms=round(app_cpu, 1))
    # the ratio of the figures as printed, so that a reader's division gives the same
    shown_line["ratio"] = round(shown_line["value"] / floor_line["value"], 2)
    shown_line["pair_ratios"] = [round(a[0] / f[0], 2) if f[0] else None for f, a in pairs]
    shown_line["cpu_ratio"] = round(app_cpu / floor_cpu, 2) if floor_cpu else None
    yield floor_line
    yield shown_line


# ---------------------------------------------------------------- from Start to the first move

#: Times Start → the board taking a click for one game in a fresh app (its first game).
FIRST_MOVE_SCRIPT = """
import json, sys
from ui.commands.bench import measure_first_move
print(json.dumps(measure_first_move(sys.argv[1])), flush=True)
"""


def first_move_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Per playable game, in a fresh app each time (so every game is the first one after
    the app started): Start pressed on the new-game form → the play page built and painted,
    its board ready for a click. The best of `repeats` fresh apps."""
    from companion.games import registry

    repeats = 1 if args.quick else 3
    for info in registry.playable_games():
        if args.game and info.id not in args.game:
            continue
        runs = [_run_first_move(info.id) for _ in range(repeats)]
        best = min(runs, key=lambda run: float(run["ms"]))
        yield line(f"{info.id}.first_move", best["ms"], "ms", goal="<= 300 ms",
                   players=best["players"], runs_ms=[run["ms"] for run in runs],
                   cpu_ms=best["cpu_ms"], board=best["shown"] and best["board"])


def _run_first_move(game_id: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(app_env(folder), QT_QPA_PLATFORM="offscreen")
        done = subprocess.run([sys.executable, "-c", FIRST_MOVE_SCRIPT, game_id], env=env,
                              check=True, capture_output=True, text=True, timeout=300)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def measure_first_move(game_id: str, folder: Path | None = None) -> dict[str, Any]:
    """In the main window (offscreen, its history open), the game's Play tab with its
    new-game form shown; then, timed: Start with people at every seat, until the event loop
    has built, laid out and painted the page and would take the board's click (ms and the
    interface thread's CPU ms)."""
    from argparse import Namespace

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    import db
    from companion.games import registry
    from ui.app import build_window
    from ui.new_game_dialog import GameSetup, SeatChoice

    info = registry.get(game_id)
    folder = folder or Path(os.environ.get("COMPANION_DATA_DIR") or tempfile.mkdtemp())
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = build_window(Namespace(lang="en"), settings)
    window.ctx.db = db.open_database(f"sqlite:///{folder / 'bench.db'}")
    window.show()
    area = window.open_game(game_id, "play").widget("play")
    settle_page()
    seats = [SeatChoice(f"P{i + 1}", None) for i in range(info.min_players)]
    began, began_cpu = time.perf_counter(), time.thread_time()
    area.start(GameSetup(game_id, {}, seats, seed=7))
    QApplication.processEvents()  # layout and the first paint, before any click is read
    ms = 1000 * (time.perf_counter() - began)
    cpu_ms = 1000 * (time.thread_time() - began_cpu)
    board = getattr(area.view, "board", None)
    shown = area.view is not None and area.view.isVisible()
    window.close()
    window.ctx.db.close()
    return {"game": game_id, "players": info.min_players, "ms": round(ms, 1),
            "cpu_ms": round(cpu_ms, 1), "shown": shown, "board": board is not None}


# ---------------------------------------------------------------- history


#: Sizes of the generated history (the smallest first: the growth is said against it).
HISTORY_SIZES = (100_000, 1_000_000)
#: The pages the history section times, with their goal.
PAGES = ("statistics_page", "history_page", "player_page")


def history_lines(args: argparse.Namespace) -> Iterator[Line]:
    """The Statistics, History and player pages' reads on generated histories of each
    `--plays` size, on SQLite and (with `--pg-url`) on PostgreSQL as a club member, timed
    `--history-runs` times on each; then how each page's time grows from the smallest size to
    the largest (a page that scanned every play would grow as the plays do)."""
    from ui.shell.history import LIMIT

    sizes = sorted(set(args.plays or ([2_000, 20_000] if args.quick else HISTORY_SIZES)))
    backends = ["sqlite", "postgresql"] if args.pg_url else ["sqlite"]
    for backend in backends:
        medians: dict[int, dict[str, float]] = {}
        for plays in sizes:
            runs, extra = _time_history(backend, plays, args.pg_url, max(1, args.history_runs))
            yield line(f"history.generate.{backend}", extra.pop("generate_s"), "s",
                       plays=plays)
            for run, figures in enumerate(runs, 1):
                for name in figures:
                    if name not in PAGES and not name.endswith("_cpu"):
                        yield line(f"history.{name}.{backend}", figures[name], "ms",
                                   plays=plays, run=run)
                for page in PAGES:
                    rows = {"rows": LIMIT} if page == "history_page" else {}
                    yield line(f"history.{page}.{backend}", figures[page], "ms",
                               goal="<= 100 ms", plays=plays, run=run,
                               cpu_ms=figures[f"{page}_cpu"], **rows, **extra)
            medians[plays] = {page: sorted(f[page] for f in runs)[len(runs) // 2]
                              for page in PAGES}
        small, large = sizes[0], sizes[-1]
        if large > small:
            for page in PAGES:
                growth = medians[large][page] / max(medians[small][page], 0.1)
                yield line(f"history.{page}.{backend}.growth", growth, "x",
                           goal=f"< {large / small:g}x (the plays' growth)",
                           plays=[small, large], ms=[medians[small][page],
                                                     medians[large][page]])


def _time_history(backend: str, plays: int, pg_url: str,
                  runs: int) -> tuple[list[dict[str, float]], Line]:
    """The pages' median times, `runs` times over, on a new generated history of `plays`
    plays, and the generation's seconds (and on PostgreSQL the reader's role)."""
    import db
    from db.bench import club_history, generate_history, row_rules_in_force, time_pages
    from ui.shell.history import LIMIT

    if backend == "sqlite":
        with tempfile.TemporaryDirectory() as folder:
            database = db.open_database(f"sqlite:///{Path(folder) / 'bench.db'}")
            began = time.perf_counter()
            generate_history(database, plays)
            generated = time.perf_counter() - began
            timed = [time_pages(database, rows=LIMIT) for _ in range(runs)]
            database.close()
        return timed, {"generate_s": generated}
    with club_history(pg_url) as (owner, member_url):
        began = time.perf_counter()
        generate_history(owner, plays)
        generated = time.perf_counter() - began
        member = db.open_database(member_url)
        try:
            timed = [time_pages(member, rows=LIMIT) for _ in range(runs)]
            rules = row_rules_in_force(member)
        finally:
            member.close()
    return timed, {"generate_s": generated, "role": "member", "row_rules": rules}


# ---------------------------------------------------------------- PDF


def pdf_lines(args: argparse.Namespace) -> Iterator[Line]:
    """The font's registration, one sheet, and a season: one PDF of 50 finished plays of
    every game in turn, each with its own sheets (the median of three; the plays are made
    and one season printed first, so that every game's printing code is loaded)."""
    import statistics

    from companion.export.bench import (
        season_plays,
        time_font_load,
        time_one_sheet,
        time_season_pdf,
    )

    yield line("pdf.font_load", time_font_load(), "ms")
    yield line("pdf.one_sheet", time_one_sheet(3 if args.quick else 10), "ms", goal="<= 200 ms")
    plays = season_plays(10 if args.quick else 50)
    time_season_pdf(plays)
    runs = [time_season_pdf(plays) for _ in range(1 if args.quick else 3)]
    yield line("pdf.season", statistics.median(run[0] for run in runs), "ms",
               goal="<= 1000 ms", plays=len(plays), pages=runs[0][2],
               runs_ms=[round(run[0]) for run in runs],
               cpu_ms=round(statistics.median(run[1] for run in runs)))


# ---------------------------------------------------------------- bots


def bot_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Per game with choices: the default MCTS's median decision against 250 ms and the
    strong level's longest against the time limit the interface shows, each with "pass", on
    the same real decisions of greedy games, at the seats of a contest; then how many games
    pass each."""
    from companion.bots import TIME_LIMITS
    from companion.bots.bench import (
        contest_seats,
        decision_positions,
        decision_times,
        time_summary,
    )
    from companion.games import registry

    decisions, strong = (3, 1) if args.quick else (MCTS_DECISIONS, 3)
    limit_ms = 1000 * TIME_LIMITS["strong"]
    passed = {"mcts_median": 0, "mcts_strong_max": 0}
    games = 0
    for info in registry.playable_games():
        if args.game and info.id not in args.game:
            continue
        players = contest_seats(info.id)
        positions = decision_positions(info.id, players, decisions)
        if not positions:
            continue
        games += 1
        normal = time_summary(decision_times("mcts", positions))
        ok = normal["median_ms"] <= DEFAULT_BOT_GOAL_MS
        passed["mcts_median"] += ok
        yield line(f"{info.id}.mcts_median", normal["median_ms"], "ms",
                   goal=f"<= {DEFAULT_BOT_GOAL_MS} ms", passed=ok, players=players,
                   decisions=len(positions), strength="normal (default)", **normal)
        longest = time_summary(decision_times("mcts:strong", positions[:strong]))
        ok = longest["max_ms"] <= limit_ms
        passed["mcts_strong_max"] += ok
        yield line(f"{info.id}.mcts_strong_max", longest["max_ms"], "ms",
                   goal=f"<= {limit_ms:g} ms (the limit shown)", passed=ok, players=players,
                   decisions=min(strong, len(positions)), **longest)
    for name, count in passed.items():
        yield line(f"bots.{name}.games_passed", count, "games", goal=f"{games} of {games}",
                   passed=count == games)


# ---------------------------------------------------------------- games


def game_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Per playable game: copy cost, random playouts per second and the default bot's move
    time."""
    from companion.bots.bench import contest_seats, copy_microseconds, playouts_per_second
    from companion.games import registry

    seconds = 0.3 if args.quick else 2.0
    for info in registry.all_games():
        if args.game and info.id not in args.game:
            continue
        if info.new_state is not None:
            repeat = 300 if args.quick else 3000
            yield line(f"{info.id}.copy", copy_microseconds(info.id, info.min_players, repeat),
                       "µs", players=info.min_players, deepcopy_us=round(copy_microseconds(
                           info.id, info.min_players, repeat // 10, deep=True), 1))
            for players in sorted({info.min_players, info.max_players}):
                yield line(f"{info.id}.playouts_per_second", playouts_per_second(
                    info.id, players, seconds), "1/s", players=players)
            yield _mcts_line(info.id, contest_seats(info.id),
                             2 if args.quick else MCTS_DECISIONS)
        bench = info.extras.get("bench")
        if bench is not None:
            for name, value in bench(args.quick).items():
                unit = "ms" if name.endswith("_ms") else ""
                yield line(f"{info.id}.{name.removesuffix('_ms')}", value, unit)


def _mcts_line(game_id: str, players: int, decisions: int) -> Line:
    from companion.bots.bench import bot_decision_times

    ms, cpu_ms, timed = bot_decision_times(game_id, "mcts", players, decisions)
    if ms is None or cpu_ms is None:
        return {"bench": f"{game_id}.mcts_move", "value": None, "unit": "ms", "players": players,
                "note": "no seat ever has a choice: every move is forced"}
    return line(f"{game_id}.mcts_move", ms, "ms", players=players, decisions=timed,
                cpu_ms=round(cpu_ms, 1), strength="normal (default)")


def winrate_lines(args: argparse.Namespace) -> Iterator[Line]:
    """MCTS at its default strength against random and greedy, per two-seat game."""
    from companion.bots.bench import contest_seats, head_to_head
    from companion.games import registry

    games = 4 if args.quick else args.winrate_games
    for info in registry.playable_games():
        if (args.game and info.id not in args.game) or contest_seats(info.id) != 2:
            continue
        for opponent in ("random", "greedy"):
            figures = head_to_head(info.id, "mcts", opponent, games)
            yield line(f"{info.id}.mcts_vs_{opponent}", 100 * figures["win_rate"], "%",
                       goal=WIN_RATE_GOALS.get((info.id, opponent), ""), games=games,
                       seconds=round(figures["seconds"], 1))


# ---------------------------------------------------------------- interface stalls

#: Longest a stall measurement waits for the first bot move, in seconds.
STALL_LIMIT_S = 60
#: Runs one game's stall measurement in a fresh interpreter (like the app: its own heap).
STALL_SCRIPT = """
import json, sys
from ui.commands.bench import measure_stalls
print(json.dumps(measure_stalls(sys.argv[1], float(sys.argv[2]), sys.argv[3],
                                pause_ms=int(sys.argv[4]), repaint=sys.argv[5])), flush=True)
"""
#: What the stalls section can keep repainting at 60 Hz while bots play.
REPAINTED = ("board", "page")


def stall_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Per game with choices: the event loop's latency in the real window while bots play."""
    from companion.bots.bench import has_choices
    from companion.games import registry
    from ui.play.frame import BOT_PAUSE_MS

    seconds = min(args.stall_seconds, 3.0) if args.quick else args.stall_seconds
    pause = BOT_PAUSE_MS if args.stall_pause is None else max(0, args.stall_pause)
    games = [info.id for info in registry.playable_games()
             if (not args.game or info.id in args.game) and has_choices(info.id)]
    if games:  # the control: the same window and timers, nobody playing
        yield from _stall_figures("idle", _run_stalls(games[0], min(seconds, 2.0), "idle",
                                                      pause, args.stall_repaint))
    for game_id in games:
        yield from _stall_figures(game_id, _run_stalls(game_id, seconds, "mcts", pause,
                                                       args.stall_repaint))


def _run_stalls(game_id: str, seconds: float, bot: str, pause_ms: int,
                repaint: str) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", COMPANION_DATA_DIR=folder)
        env.pop("COMPANION_DB_URL", None)
        done = subprocess.run([sys.executable, "-c", STALL_SCRIPT, game_id, str(seconds), bot,
                               str(pause_ms), repaint],
                              env=env, check=True, capture_output=True, text=True,
                              timeout=120 + 4 * seconds)
    figures: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return figures


def _stall_figures(name: str, figures: dict[str, Any]) -> Iterator[Line]:
    extra = {k: figures[k] for k in ("players", "bot", "pause_ms", "repaint", "moves",
                                     "samples", "over_50ms", "cpu_p99", "cpu_max", "seconds",
                                     "page_settled_ms", "steal_ms",
                                     "move_ms_p50", "move_ms_max", "move_cpu_ms_p50",
                                     "move_cpu_ms_max")}
    for stat in ("p50", "p99", "max"):
        goal = "<= 16 ms" if stat == "max" and name != "idle" else ""
        yield line(f"{name}.stall_{stat}", figures[stat], "ms", goal=goal, **extra)


def measure_stalls(game_id: str, seconds: float, bot: str = "mcts", seed: int = 7,
                   folder: Path | None = None, pause_ms: int = 0,
                   repaint: str = "board") -> dict[str, Any]:
    """Play bots against each other in the main window (offscreen) with the board (or, with
    `repaint="page"`, the whole play page) repainted at 60 Hz, as if animating, and measure
    how late a 1 ms timer fires while a bot thinks.
    `pause_ms` is the wait before each bot move (the app waits `BOT_PAUSE_MS`; with 0 an
    answer can arrive while the last one is still being shown).

    Lateness is the gap between two timer ticks minus the 1 ms asked for; only gaps that end
    while a bot is thinking count. The bots start once the page has settled: its building,
    first paints, first-use loading and the window's idle work (`IdleWork`: pictures drawn
    ahead, Qt's classes set up) are reported apart (`page_settled_ms`, the same with nobody
    playing), as a person needs a few seconds to start a game.
    Returns p50, p99, max (ms), gaps over 50 ms and counts, and the most CPU time the
    interface thread itself used in one gap (`cpu_p99`, `cpu_max`): on a shared machine a
    gap can also be time the thread was not given a core. On a virtual machine a thread's
    CPU time also counts time the host gave to others: `steal_ms` is the machine's steal
    time during the run (None where the system does not tell).
    With `bot="idle"` every seat is a person who never moves and every gap counts: the
    control that shows what the machine itself adds."""
    from argparse import Namespace

    from PySide6.QtCore import QElapsedTimer, QEventLoop, QSettings, Qt, QTimer

    import db
    from companion.games import registry
    from ui.app import build_window
    from ui.new_game_dialog import GameSetup, SeatChoice
    from ui.play.widgets import IdleWork

    info = registry.get(game_id)
    players = info.min_players
    folder = folder or Path(os.environ.get("COMPANION_DATA_DIR") or tempfile.mkdtemp())
    settings = QSettings(str(folder / "settings.ini"), QSettings.Format.IniFormat)
    window = build_window(Namespace(lang="en"), settings)
    window.ctx.db = db.open_database(f"sqlite:///{folder / 'bench.db'}")
    window.show()
    page = window.open_game(game_id, "play")
    area = page.widget("play")
    idle = bot == "idle"
    seats = [SeatChoice(f"P{i + 1}" if idle else "", None if idle else bot)
             for i in range(players)]
    opening = time.perf_counter()
    area.start(GameSetup(game_id, {}, seats, seed))
    view = area.view
    controller = view.controller
    controller.pause()  # the bots start once the page has settled
    controller.bot_delay_ms = pause_ms
    handling, handling_cpu = _time_each_bot_move(controller)
    settle_page(lambda: any(work.pending() for work in window.findChildren(IdleWork)))
    page_settled_ms = 1000 * (time.perf_counter() - opening)
    controller.resume()
    clock = QElapsedTimer()
    clock.start()
    gaps: list[float] = []
    gaps_cpu: list[float] = []  # the interface thread's own CPU time in each gap
    last = [clock.nsecsElapsed()]
    last_cpu = [time.thread_time()]
    steal_before = machine_steal_ms()

    def tick() -> None:
        now, cpu = clock.nsecsElapsed(), time.thread_time()
        if idle or controller.thinking_seat() is not None:
            gaps.append(max(0.0, (now - last[0]) / 1e6 - 1.0))
            gaps_cpu.append(1000 * (cpu - last_cpu[0]))
        last[0], last_cpu[0] = now, cpu

    probe = QTimer()
    probe.setTimerType(Qt.TimerType.PreciseTimer)
    probe.timeout.connect(tick)
    probe.start(1)
    frames = QTimer()
    frames.timeout.connect(view.update if repaint == "page" else view.board.update)
    frames.start(16)
    loop = QEventLoop()
    controller.game_over.connect(lambda *_: loop.quit())

    def stop_once_a_bot_moved() -> None:  # a slow machine still measures some thinking
        if idle or handling or clock.elapsed() > STALL_LIMIT_S * 1000:
            loop.quit()
        else:
            QTimer.singleShot(50, stop_once_a_bot_moved)

    QTimer.singleShot(int(seconds * 1000), stop_once_a_bot_moved)
    if not controller.finished:
        loop.exec()
    probe.stop()
    frames.stop()
    steal_after = machine_steal_ms()
    moves = len([e for e in controller.game.record.entries if e.seat >= 0])
    window.close()
    window.ctx.db.close()
    window.deleteLater()
    gaps.sort()
    gaps_cpu.sort()
    handling.sort()
    handling_cpu.sort()
    return {"game": game_id, "players": players, "bot": bot, "pause_ms": pause_ms,
            "repaint": repaint,
            "moves": moves, "samples": len(gaps), "p50": _at(gaps, 0.5), "p99": _at(gaps, 0.99),
            "max": _at(gaps, 1.0), "over_50ms": sum(1 for g in gaps if g > 50),
            "cpu_p99": _at(gaps_cpu, 0.99), "cpu_max": _at(gaps_cpu, 1.0),
            "seconds": round(clock.elapsed() / 1000, 1),
            "page_settled_ms": round(page_settled_ms, 1),
            "steal_ms": None if steal_before is None or steal_after is None
            else round(steal_after - steal_before, 1),
            "move_ms_p50": _at(handling, 0.5), "move_ms_max": _at(handling, 1.0),
            "move_cpu_ms_p50": _at(handling_cpu, 0.5),
            "move_cpu_ms_max": _at(handling_cpu, 1.0)}


def machine_steal_ms(stat: Path = Path("/proc/stat")) -> float | None:
    """The time this virtual machine's processors have waited for the host since boot, in
    ms, from Linux's `/proc/stat` (its eighth "cpu" column); None elsewhere."""
    try:
        fields = stat.read_text().split("\n", 1)[0].split()
        return 1000.0 * int(fields[8]) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return None


#: A page has settled when this many 1 ms timer ticks in a row come at most `SETTLED_MS` late.
SETTLED_TICKS, SETTLED_MS, SETTLE_LIMIT_S = 50, 4.0, 5.0


def settle_page(busy: Callable[[], bool] = lambda: False) -> None:
    """Run the event loop until a 1 ms timer fires on time `SETTLED_TICKS` times in a row and
    `busy()` is false (or `SETTLE_LIMIT_S` passed): the page is built, painted and its
    first-use loading done."""
    from PySide6.QtCore import QEventLoop, Qt, QTimer

    loop = QEventLoop()
    last, calm, began = [time.perf_counter()], [0], time.perf_counter()

    def tick() -> None:
        now = time.perf_counter()
        late = (now - last[0]) * 1000 - 1.0
        last[0] = now
        calm[0] = calm[0] + 1 if late <= SETTLED_MS else 0
        if (calm[0] >= SETTLED_TICKS and not busy()) or now - began > SETTLE_LIMIT_S:
            loop.quit()

    timer = QTimer()
    timer.setTimerType(Qt.TimerType.PreciseTimer)
    timer.timeout.connect(tick)
    timer.start(1)
    loop.exec()
    timer.stop()


def _at(values: list[float], share: float) -> float:
    """The `share` quantile of sorted `values` (0 when there are none)."""
    return round(values[min(len(values) - 1, int(share * len(values)))], 2) if values else 0.0


def _time_each_bot_move(controller: Any) -> tuple[list[float], list[float]]:
    """Milliseconds the interface thread spends on each bot answer (apply, autosave queued,
    views refreshed), on the clock and in its own CPU time: the interface's own share of a
    stall, whatever else the machine does."""
    timings: list[float] = []
    cpu: list[float] = []
    answer = controller._bot_answer

    def timed(result: Any) -> None:
        began, began_cpu = time.perf_counter(), time.thread_time()
        answer(result)
        timings.append(1000 * (time.perf_counter() - began))
        cpu.append(1000 * (time.thread_time() - began_cpu))

    controller._bot_answer = timed
    return timings, cpu


# ---------------------------------------------------------------- strength ladder


def ladder_lines(args: argparse.Namespace) -> Iterator[Line]:
    """Round robin of the bots for every game with choices: win rates with 95% intervals,
    the default MCTS's goals, and a Bradley–Terry rating per bot."""
    from companion.bots.bench import contest_seats, has_choices
    from companion.bots.ladder import LADDER_BOTS, ladders, run_matches, schedule
    from companion.games import registry

    bots = [b.strip() for b in args.bots.split(",") if b.strip()] or list(LADDER_BOTS)
    games = 2 if args.quick else args.ladder_games
    matches = []
    for info in registry.playable_games():
        if args.game and info.id not in args.game:
            continue
        players = args.players or contest_seats(info.id)
        if not info.min_players <= players <= info.max_players:
            yield {"bench": f"{info.id}.ladder", "value": None, "unit": "%",
                   "note": f"not played by {players}"}
            continue
        if not has_choices(info.id, players):
            yield {"bench": f"{info.id}.ladder", "value": None, "unit": "%",
                   "note": "no seat ever has a choice: every bot plays the same"}
            continue
        matches += schedule(info.id, players, bots, games)
    began = time.perf_counter()
    results = list(run_matches(matches, args.jobs or None))
    yield line("ladder.seconds", time.perf_counter() - began, "s", matches=len(matches))
    for game_id, ladder in ladders(results).items():
        for pairing in ladder.pairings.values():
            yield _pairing_line(game_id, pairing)
        for bot, rating in sorted(ladder.ratings().items(), key=lambda item: -item[1]):
            yield line(f"{game_id}.rating.{bot}", rating, "Elo", anchor="random = 0",
                       players=ladder.players)


def _pairing_line(game_id: str, pairing: Any) -> Line:
    low, high = pairing.interval()
    extra: dict[str, Any] = {"ci95": [round(100 * low, 1), round(100 * high, 1)],
                             "games": pairing.games, "players": pairing.players,
                             "fair_share": round(100 * pairing.fair_share, 1),
                             "seconds": round(pairing.seconds, 1)}
    goal = ""
    if pairing.bot == "mcts" and pairing.opponent in TWO_SEAT_GOALS:
        if pairing.players == 2:
            target = TWO_SEAT_GOALS[pairing.opponent]
            goal = f">= {100 * target:.0f}%"
            extra["met"] = pairing.win_rate() >= target
        else:
            goal = f"> {100 * pairing.fair_share:.0f}% (fair share), interval above it"
            extra["met"] = low > pairing.fair_share
    name = f"{game_id}.{pairing.bot}_vs_{pairing.opponent}".replace(":", "_")
    return line(name, 100 * pairing.win_rate(), "%", goal=goal, **extra)
