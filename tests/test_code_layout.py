"""The layout of the interface code (issue 8): every game's screens live in `ui/games/<game>/`,
and what two games' screens have in common lives once in `ui/play/` or `ui/table/`. The
`duplicates` command of the developers' tool library finds no run of six lines (the same, or
of the same shape) shared by the folders of two different games. Where the command is not
installed (it is not a package of this project) the test is skipped."""

from __future__ import annotations

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


@pytest.mark.skipif(DUPLICATES is None, reason="the duplicates command is not installed here")
def test_no_two_games_screens_repeat_each_other() -> None:
    assert DUPLICATES is not None
    found = subprocess.run([DUPLICATES, "--repo", str(GAMES), "--most", "200", "--seconds",
                            "600"], capture_output=True, text=True, check=True).stdout
    lines = found.splitlines()
    assert lines and "files read" in lines[0], found
    assert not [line for line in lines if line.startswith("incomplete:")], found
    pairs = [match.groups() for match in map(ROW.match, lines) if match]
    assert "no duplicates" in lines[0] or pairs, found  # the rows were read
    across = [(a, b) for a, b in pairs if game_of(a) != game_of(b)]
    assert across == [], found
