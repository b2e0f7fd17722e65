"""The layout of the interface code (issue 8): every game's screens live in `ui/games/<game>/`,
and what two games' screens have in common lives once in `ui/play/` or `ui/table/`. The
`duplicates` command of the developers' tool library finds no run of six lines (the same, or
of the same shape) shared by the folders of two different games. Like the command, the test
passes over import lines (a wrapped `from PySide6.QtWidgets import (...)` is read as the one
line it is) and over rows the command itself calls boilerplate (runs of thin declarations).
Where the command is not installed (it is not a package of this project) the test is
skipped."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "ui" / "games"
DUPLICATES = shutil.which("duplicates")
#: "D3 netxiju/play.py:32-41 ~ tudepijume/play.py:36-45 shape boilerplate"
ROW = re.compile(r"^D\d+ (\S+?):\d+-\d+ ~ (\S+?):\d+-\d+")


def game_of(path: str) -> str:
    return path.split("/", 1)[0]


def imports_on_one_line(source: str) -> str:
    """`source` with every import statement that spans lines written on one line."""
    lines = source.splitlines()
    wrapped = [node for node in ast.walk(ast.parse(source))
               if isinstance(node, ast.Import | ast.ImportFrom) and node.end_lineno != node.lineno]
    for node in sorted(wrapped, key=lambda node: -node.lineno):
        first = lines[node.lineno - 1]
        indent = first[: len(first) - len(first.lstrip())]
        lines[node.lineno - 1: node.end_lineno] = [indent + ast.unparse(node)]
    return "\n".join(lines) + "\n"


def copy_with_imports_on_one_line(games: Path, into: Path) -> Path:
    for source in games.rglob("*.py"):
        target = into / source.relative_to(games)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(imports_on_one_line(source.read_text(encoding="utf-8")),
                          encoding="utf-8")
    return into


@pytest.mark.skipif(DUPLICATES is None, reason="the duplicates command is not installed here")
def test_no_two_games_screens_repeat_each_other(tmp_path: Path) -> None:
    assert DUPLICATES is not None
    games = copy_with_imports_on_one_line(GAMES, tmp_path / "games")
    found = subprocess.run([DUPLICATES, "--repo", str(games), "--most", "200", "--seconds",
                            "600"], capture_output=True, text=True, check=True).stdout
    lines = found.splitlines()
    assert lines and "files read" in lines[0], found
    assert not [line for line in lines if line.startswith("incomplete:")], found
    pairs = [match.groups() for line in lines
             if (match := ROW.match(line)) and "boilerplate" not in line.split()]
    assert "no duplicates" in lines[0] or pairs, found  # the rows were read
    across = [(a, b) for a, b in pairs if game_of(a) != game_of(b)]
    assert across == [], found
