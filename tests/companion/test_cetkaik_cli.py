"""`companion play cetkaik …` and `companion pdf --blank cetkaik …` from the command line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.core.record import GameRecord
from companion.games.cetkaik.record import load_record
from ui import cli


def test_play_prints_replayable_records_and_the_tally(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "cetkaik", "--bots", "greedy,random", "--games", "2", "--seed", "1",
            "--json"]
    assert cli.main(argv) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games, tally = lines[:-1], lines[-1]["tally"]
    assert len(games) == 2 and tally["games"] == 2
    for game in games:
        assert game["moves"][0]["chance"] in ("first IA", "first A")
        state = load_record(GameRecord.from_dict(game).to_dict()).state
        assert state.is_over() and list(state.scores) == game["outcome"]["scores"]


def test_play_takes_the_options_of_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "cetkaik", "--bots", "random,random", "--seed", "3", "--json",
            "--options", "seasons=1,step_on_tam=forbidden,hand_values=official"]
    assert cli.main(argv) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert game["options"]["seasons"] == 1 and game["options"]["step_on_tam"] == "forbidden"
    assert sum(1 for m in game["moves"] if m.get("chance", "").startswith("first")) == 1


def test_play_refuses_an_option_value_with_a_sentence(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "cetkaik", "--options", "announce=loudly"]) == 2
    assert "option 'announce'" in capsys.readouterr().err


def test_pdf_blank_prints_the_season_sheet_diagram_and_card(tmp_path: Path) -> None:
    out = tmp_path / "cetkaik.pdf"
    assert cli.main(["pdf", "--blank", "cetkaik", "--players", "2", "--names", "太郎,花子",
                     "--lang", "en", "-o", str(out)]) == 0
    reader = PdfReader(out)
    assert len(reader.pages) == 3 and "太郎" in reader.pages[0].extract_text()


@pytest.mark.parametrize(("variant", "game_id"), [("education", "cetkaik_education"),
                                                  ("old", "cetkaik_old")])
def test_play_a_variant_by_name(capsys: pytest.CaptureFixture[str], variant: str,
                                game_id: str) -> None:
    argv = ["play", "cetkaik", "--variant", variant, "--bots", "greedy,random", "--games", "1",
            "--seed", "2", "--json"]
    assert cli.main(argv) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    assert game["game"] == game_id
    state = load_record(game, expected=game_id).state
    assert state.is_over()


def test_play_refuses_an_unknown_variant_with_the_known_names(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "cetkaik", "--variant", "modern"]) == 2
    err = capsys.readouterr().err
    assert "no variant 'modern'" in err and "education" in err and "Traceback" not in err


def test_a_record_of_another_rule_set_is_refused_with_a_sentence(
        capsys: pytest.CaptureFixture[str]) -> None:
    from companion.core.errors import RecordError

    assert cli.main(["play", "cetkaik", "--variant", "old", "--bots", "random,random",
                     "--seed", "4", "--json"]) == 0
    game = json.loads(capsys.readouterr().out.splitlines()[0])
    with pytest.raises(RecordError, match=r"of Old Cetkaik \(cetkaik_old\), not of Standard"):
        load_record(game, expected="cetkaik")
