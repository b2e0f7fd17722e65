"""`companion play`: headless bot games over the registry, records and the tally."""

from __future__ import annotations

import argparse
import json

import pytest

from companion.bots.runner import play_bots
from companion.core.record import Game, GameRecord
from ui.commands import play


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    play.add_arguments(parser)
    code = play.run(parser.parse_args(list(argv)))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_json_lines_are_replayable_records_and_a_tally(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rengeki", "--bots", "greedy,random", "--games", "3",
                       "--seed", "5", "--options", "rounds=2,stake=2", "--json")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert len(lines) == 4
    for line in lines[:3]:
        assert line["options"] == {"rounds": 2, "stake": 2, "start_points": 20}
        game = Game.replay(GameRecord.from_dict(line))
        outcome = game.state.outcome()
        assert outcome is not None and list(outcome.scores) == line["outcome"]["scores"]
    assert [line["seed"] for line in lines[:3]] == [5, 6, 7]
    tally = lines[3]["tally"]
    assert tally["games"] == 3
    assert sum(tally["wins_by_seat"].values()) == pytest.approx(3.0)
    assert tally["seats_by_bot"] == {"greedy": 3, "random": 3}


def test_text_output_and_options_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "shinyu", "--bots", "random", "--players", "3",
                       "--options", '{"laps": 1, "rotate_banker": false}')
    assert code == 0
    assert out.startswith("game 1 seed 1: ")
    assert "seat 3 (random)" in out and "random: " in out


def test_same_seed_same_games() -> None:
    first = play_bots("shinyu", ["mcts:weak", "greedy"], seed=3, options={"laps": 1})
    again = play_bots("shinyu", ["mcts:weak", "greedy"], seed=3, options={"laps": 1})
    assert first.record.to_json() == again.record.to_json()


@pytest.mark.parametrize(("argv", "message"), [
    (("juusai", "--bots", "minimax"), "unknown bot 'minimax'"),
    (("juusai", "--options", "rounds=0"), "option 'rounds'"),
    (("juusai", "--options", "rounds"), "expected key=value"),
    (("juusai", "--options", "{bad"), "not valid JSON"),
    (("juusai", "--players", "7"), "2–6 players, not 7"),
    (("juusai", "--players", "0"), "--players must be at least 1, not 0"),
    (("juusai", "--players", "-2"), "--players must be at least 1, not -2"),
    (("nosuchgame",), "unknown game"),
])
def test_bad_input_gives_a_clear_message(capsys: pytest.CaptureFixture[str],
                                         argv: tuple[str, ...], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err
