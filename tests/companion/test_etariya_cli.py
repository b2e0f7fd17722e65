"""`companion play etariya ... --expansions A,C`: the generic --expansions flag of the play
command maps onto a game's `expansions` option."""

from __future__ import annotations

import json

import pytest

from ui import cli


def test_play_with_expansions_prints_records_and_the_tally(
        capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "etariya", "--bots", "random,greedy", "--seed", "7", "--expansions",
            "a,C", "--games", "2", "--json"]
    assert cli.main(argv) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    games, tally = lines[:-1], lines[-1]["tally"]
    assert len(games) == 2 and tally["games"] == 2
    for game in games:
        assert game["options"]["expansions"] == ["A", "C"]
        assert game["moves"][0]["chance"].startswith("first ")
        assert [m["chance"].split()[0] for m in game["moves"][1:5]] == ["map"] * 4
        assert any(m.get("move", "").startswith("set ") for m in game["moves"])
    assert sum(tally["wins_by_bot"].values()) <= 2


def test_play_refuses_a_and_b_together(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "etariya", "--expansions", "A,B"]) == 2
    assert "cannot be combined" in capsys.readouterr().err


def test_play_refuses_expansions_for_a_game_without_them(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "juusai", "--expansions", "A"]) == 2
    assert "has no expansions" in capsys.readouterr().err


def test_play_without_expansions_is_unchanged(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "etariya", "--seed", "3", "--json"]) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first["options"]["expansions"] == []
