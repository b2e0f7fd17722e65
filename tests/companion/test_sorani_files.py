"""Sorani: the score file (text and JSON), `companion score sorani`, the PDFs, the registry."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import pytest

from companion.export.pdf import pdf_bytes
from companion.export.sheets import blank_sheets
from companion.games import registry
from companion.games.sorani.notation import parse, score_text
from companion.games.sorani.printing import filled_sheet, setup_sheet
from companion.games.sorani.scoring import SoraniSheet
from companion.games.sorani.setup import randomize

GAME = """\
# two players
player Alice
planets 2 1 1 0
cluster 3 0 3
cluster 2 1 3     # white star used
guiding 2 2
feature 4
branches 3
player Bob
planets 1 1 1 1
cluster 3 0 3
branches 1
award 4 Alice Bob
"""


def test_text_file_breakdown_and_winner() -> None:
    report = score_text(GAME)
    assert "Alice: 23 VP (rank 1)" in report
    assert "planets 10: set 1+2+3 → 7; group 2×1 → 3; = 10" in report
    assert "Bob: 18 VP (rank 2)" in report
    assert report.endswith("Winner: Alice")


def test_json_file_and_json_report_agree_with_text() -> None:
    data = {"players": [
        {"name": "Alice", "planets": [2, 1, 1, 0], "clusters": [[3, 0, 3], [2, 1, 3]],
         "guiding": [[2, 2]], "features": [4], "branches": 3},
        {"name": "Bob", "planets": [1, 1, 1, 1], "clusters": [[3, 0, 3]], "branches": 1}],
        "awards": [{"points": 4, "players": ["Alice", "Bob"]}]}
    assert [p.breakdown() for p in parse(json.dumps(data))] == [p.breakdown() for p in parse(GAME)]
    report = json.loads(score_text(json.dumps(data), as_json=True))
    assert [p["total"] for p in report["players"]] == [23, 18]
    assert report["players"][0]["winner"] and not report["shared"]


def test_tie_break_and_shared_victory_reported() -> None:
    tie = "player A\ncluster 3 0 3\nbonus 2\nplayer B\nguiding 3 3\nbonus 2\n"
    assert score_text(tie).endswith("Winner: A (tie broken by star cluster VP)")
    shared = "player A\ncluster 3 0 3\nplayer B\ncluster 2 1 3\n"
    assert score_text(shared).endswith("Shared victory: A, B")


@pytest.mark.parametrize(("text", "message"), [
    ("planets 1 2", "line 1: write 'player NAME' before 'planets'"),
    ("player A\ncluster 3 3", "line 2: expected 3 whole numbers, got 2"),
    ("player A\nbranches x", "line 2: 'x' are not whole numbers"),
    ("player A\nbranches -2", "line 2: numbers cannot be negative"),
    ("player A\nstars 3", "line 2: unknown entry 'stars'"),
    ("player A\naward 3 Zed", "line 2: no player 'Zed'"),
    ("player A\n" + "feature 1\n" * 5, "line 6: at most 4 special feature cards"),
    ("", "no players"),
    ("{bad", "not valid JSON"),
])
def test_bad_files_name_the_line(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(")):
        score_text(text)


def test_score_command_scores_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from ui.commands import score

    path = tmp_path / "game.txt"
    path.write_text(GAME, "utf-8")
    assert score.run(argparse.Namespace(game="sorani", file=path, json=False)) == 0
    assert "Winner: Alice" in capsys.readouterr().out
    path.write_text("player A\nplanets x\n", "utf-8")
    assert score.run(argparse.Namespace(game="sorani", file=path, json=False)) == 2
    assert "line 2" in capsys.readouterr().err


def test_registry_entry() -> None:
    info = registry.get("sorani")
    assert (info.name_ja, info.name_en, info.min_players, info.max_players) == (
        "ソラニ", "Sorani", 1, 4)
    assert info.new_state is not None
    assert {m.value for m in info.modes} == {"table", "play", "rules"}
    assert {"score_file", "blank_sheet", "play_sheets", "move_text", "end_reason"} <= set(
        info.extras)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_blank_pdf_for_each_player_count(players: int) -> None:
    specs = blank_sheets("sorani", players, ["Ann"], "ja")
    assert specs[0].columns[0] == "Ann" and len(specs[0].columns) == players
    assert "惑星" in specs[0].rows and specs[0].is_blank
    assert pdf_bytes(specs).startswith(b"%PDF")


def test_filled_and_setup_pdfs() -> None:
    sheet = SoraniSheet.new(["Ann", "Ben"])
    sheet.set_score(0, "clusters", 6)
    sheet.set_score(1, "guiding", 6)
    spec = filled_sheet(sheet, "en", ["Ann planets: = 0"])
    assert spec.total_row == ["6", "6"] and spec.highlight_columns == frozenset({0})
    assert not spec.problems()
    setup = setup_sheet(randomize(3, 2), "ja", ["Ann", "Ben"])
    assert setup.meta[0][1] == randomize(3, 2).code
    assert pdf_bytes([spec, setup]).startswith(b"%PDF")


def test_profile_holds_the_rulebook_numbers_and_reports_bad_files() -> None:
    from companion.games.sorani.profile import ProfileError, parse_profile, profile
    from companion.resources import load_json

    found = profile()
    assert found.tiles_per_round == {1: 3, 2: 3, 3: 4, 4: 5}
    assert found.track_planets[4] == 12 and found.reserve_planets == 4
    assert found.round12_branches == (("l2", 1), ("i1", 2), ("v2", 2))
    data = load_json("profiles", "sorani.json")
    del data["rounds"]
    with pytest.raises(ProfileError, match="missing 'rounds'"):
        parse_profile(data)
    data = load_json("profiles", "sorani.json")
    data["set_points"] = {"2": "three"}
    with pytest.raises(ProfileError, match="set_points"):
        parse_profile(data)
