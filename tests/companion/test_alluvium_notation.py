"""The Alluvium sheet file: parsing, mistakes with line and column, the score report, the CLI."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from companion.games import registry
from companion.games.alluvium.notation import (
    SheetParseError,
    format_sheets,
    parse_sheets,
    score_text,
)
from companion.games.alluvium.profile import (
    ProfileError,
    deck,
    orientations,
    sheet_profile,
    sheet_profile_from,
)

ONE = """\
# Alice's sheet
sheet R Alice
areas 4 6 -
track Y 7
track B 3
track N 3
RRR......
RRYY.....
.YYY.....
...R.....
...RBB...
.....R...
.....NN..
.........
.........
"""


def _game(n: int) -> str:
    colours = "RYGBN"[:n] if n > 3 else "RYB"
    visitors = colours + ("G" if n == 3 else "")
    parts = ["virtual G\n"] if n == 3 else []
    for i, owner in enumerate(colours):
        tracks = "".join(f"track {v} {j + i}\n" for j, v in enumerate(visitors) if v != owner)
        rows = [c * (j + 1) + "." * (8 - j) for j, c in enumerate(visitors) if c != owner]
        rows += [owner * 9] * 2
        rows += ["." * 9] * (9 - len(rows))
        parts.append(f"sheet {owner} P{i}\n{tracks}" + "\n".join(rows) + "\n")
    return "\n".join(parts)


def test_profiles_load() -> None:
    profile = sheet_profile()
    assert (profile.rows, profile.cols) == (9, 9)
    assert profile.start_cells == ((3, 3), (5, 5))
    assert [c.id for c in deck()] == ["I3", "V3", "I4", "L4", "T4", "S4"]
    counts = {c.id: len(orientations(c.shape)) for c in deck()}
    assert counts == {"I3": 2, "V3": 4, "I4": 2, "L4": 8, "T4": 4, "S4": 4}


def test_profile_errors_are_clear() -> None:
    data = {"rows": 9, "cols": 9, "start_cells": [[3, 3], [9, 9]],
            "colours": [{"letter": x, "en": x, "ja": x, "rgb": [0, 0, 0]} for x in "RYGB"],
            "rounds": {"4": 4}}
    with pytest.raises(ProfileError, match="outside"):
        sheet_profile_from(data)


def test_parse_one_sheet() -> None:
    parsed = parse_sheets(ONE)
    (sheet,) = parsed.sheets
    assert sheet.owner == "R" and sheet.name == "Alice"
    assert sheet.areas == [4, 6, None]
    assert sheet.checks == {"Y": 7, "B": 3, "N": 3}
    assert sheet.grid[1] == "RRYY....."


def test_spaces_between_cells_are_allowed() -> None:
    text = ONE.replace("RRR......", "R R R . . . . . .")
    assert parse_sheets(text).sheets[0].grid[0] == "RRR......"


def test_round_trip() -> None:
    parsed = parse_sheets(_game(4))
    again = parse_sheets(format_sheets(parsed.sheets, parsed.virtual))
    assert again.sheets == parsed.sheets


@pytest.mark.parametrize(("change", "line", "column", "words"), [
    (("RRYY.....", "RRXY....."), 8, 3, "'X' is not a cell"),
    (("RRYY.....", "RRYY......"), 8, 10, "one more"),
    (("RRYY.....", "RRYY...."), 8, 9, "has 8"),
    (("track B 3", "track B three"), 5, 9, "not a number of checks"),
    (("track B 3", "track R 3"), 5, 7, "owns this sheet"),
    (("track B 3", "track Y 3"), 5, 7, "a second track"),
    (("sheet R Alice", "sheet Q Alice"), 2, 7, "not a colour letter"),
    (("areas 4 6 -", "areas 4 six"), 3, 9, "not an area"),
    (("track N 3\n", "track N 3\nbogus 1\n"), 7, 1, "unknown word"),
])
def test_mistakes_name_line_and_column(change: tuple[str, str], line: int, column: int,
                                       words: str) -> None:
    with pytest.raises(SheetParseError, match=words) as info:
        parse_sheets(ONE.replace(*change, 1))
    assert (info.value.line, info.value.column) == (line, column)
    assert str(info.value).startswith(f"line {line}, column {column}:")


def test_missing_map_rows() -> None:
    text = ONE.rsplit(".........\n", 2)[0]
    with pytest.raises(SheetParseError, match="has 7 rows, not 9"):
        parse_sheets(text)


def test_too_many_map_rows() -> None:
    with pytest.raises(SheetParseError, match="only 9 rows") as info:
        parse_sheets(ONE + ".........\n")
    assert info.value.line == 16


def test_wrong_number_of_tracks() -> None:
    with pytest.raises(SheetParseError, match="2 tracks") as info:
        parse_sheets(ONE.replace("track N 3\n", ""))
    assert info.value.line == 2


def test_map_before_sheet() -> None:
    with pytest.raises(SheetParseError, match="start one with") as info:
        parse_sheets("RRR......\n")
    assert (info.value.line, info.value.column) == (1, 1)


def test_report_of_one_sheet() -> None:
    text = score_text(ONE)
    assert "largest rectangle: 6 = 2 × 3 (rows 1–2, columns 1–3)" in text
    assert "Y: 7 checks, rank 1, largest group 5 -> 5" in text
    assert "B: 3 checks, rank 2, largest group 2 -> 1" in text


def test_report_of_a_game_json() -> None:
    data = json.loads(score_text(_game(5), as_json=True))
    assert len(data["sheets"]) == 5
    players = data["game"]["players"]
    assert [p["colour"] for p in players] == list("RYGBN")
    assert all(len(p["areas"]) == 3 for p in players)
    for p in players:
        assert p["total"] == p["area_total"] + p["cooperation_total"]
    assert data["game"]["winners"]


def test_three_player_file_needs_virtual() -> None:
    text = _game(3)
    assert "Game" in score_text(text)
    with pytest.raises(SheetParseError, match="virtual"):
        score_text(text.replace("virtual G\n", ""))


def test_cli_score_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ui.commands import score

    path = tmp_path / "sheet.txt"
    path.write_text(ONE, "utf-8")
    assert score.run(argparse.Namespace(game="alluvium", file=path, json=False)) == 0
    assert "largest rectangle: 6" in capsys.readouterr().out
    assert score.run(argparse.Namespace(game="alluvium", file=path, json=True)) == 0
    assert json.loads(capsys.readouterr().out)["sheets"][0]["area"] == 6
    path.write_text(ONE.replace("RRYY", "RRZY"), "utf-8")
    assert score.run(argparse.Namespace(game="alluvium", file=path, json=False)) == 2
    assert "line 8, column 3" in capsys.readouterr().err


def test_registered() -> None:
    info = registry.get("alluvium")
    assert (info.min_players, info.max_players) == (3, 5)
    assert "score_file" in info.extras and "blank_sheet" in info.extras


def test_report_marks_the_rectangle_on_the_map() -> None:
    text = score_text(ONE)
    assert "    rrr......\n    rryY....." in text
