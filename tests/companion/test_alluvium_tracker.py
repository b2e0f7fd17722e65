"""The Alluvium round tracker and the table score model."""

from __future__ import annotations

import re

import pytest

from companion.games.alluvium.table import TableGame
from companion.games.alluvium.tracker import Phase, RoundTracker, clockwise, steps_for


@pytest.mark.parametrize(("players", "rounds", "per_round"), [(3, 4, 5), (4, 4, 5), (5, 3, 6)])
def test_steps_per_player_count(players: int, rounds: int, per_round: int) -> None:
    steps = steps_for(players)
    assert len(steps) == rounds * per_round + 1
    assert steps[-1].phase is Phase.END
    assert max(s.round for s in steps) == rounds
    other = [s for s in steps if s.round == 1 and s.phase is Phase.OTHER_MAPS]
    assert len(other) == players - 1  # the sheet visits every other player once
    assert any(s.phase is Phase.VIRTUAL for s in steps) == (players == 3)


def test_direction_flips_every_round() -> None:
    assert [clockwise(r) for r in (1, 2, 3, 4)] == [True, False, True, False]


def test_tracker_texts_and_passes_left() -> None:
    t = RoundTracker(5)
    assert t.heading("en") == "Round 1 of 3"
    assert t.passes_left() == 4
    assert "outlined start cell" in t.instruction("en")
    t.advance()
    assert t.phase_text("en") == "Phase 2: other maps, pass 1 of 4 (4 left)"
    for _ in range(3):
        t.advance()
    assert t.passes_left() == 1
    assert "back to its owner" in t.instruction("en")
    t.advance()
    assert t.step.phase is Phase.SCORE and "box 1" in t.instruction("en")
    t.advance()
    assert t.heading("ja") == "ラウンド 2 / 3"
    assert "左回り" in t.direction_text("ja")
    while t.advance():
        pass
    assert t.is_over() and not t.advance()


def test_three_players_virtual_deck_is_seeded() -> None:
    a, b = RoundTracker(3, seed=9), RoundTracker(3, seed=9)
    assert a.virtual_deck == b.virtual_deck
    assert sorted(a.virtual_deck) == sorted(["I3", "V3", "I4", "L4", "T4", "S4"])
    a.advance()
    assert a.step.phase is Phase.VIRTUAL
    assert a.virtual_card() == a.virtual_deck[0]
    assert a.virtual_deck[0] in a.instruction("en")
    assert RoundTracker(4).virtual_card() is None


def test_table_model_paint_restore_and_record() -> None:
    game = TableGame(["A", "B", "C"], ["R", "Y", "B"], virtual="G")
    assert game.visitors(0) == ["Y", "B", "G"]
    before = game.paint(0, [(0, 0), (0, 1), (9, 9)], "R")  # out of the map: ignored
    assert before == {(0, 0): ".", (0, 1): "."}
    assert game.map_area(0) == 2
    game.restore(0, before)
    assert game.map_area(0) == 0
    with pytest.raises(ValueError):
        game.paint(0, [(0, 0)], "Q")
    game.set_checks(0, "G", 4)
    with pytest.raises(KeyError):
        game.set_checks(0, "R", 1)
    record = game.to_play_record()
    assert record.options == {"colours": "RYB", "virtual": "G"}
    assert [s.faction for s in record.seats] == ["Red", "Yellow", "Blue"]


def test_the_table_says_what_stops_the_score_in_japanese() -> None:
    """Every problem of a table play reads as a Japanese sentence in Japanese (colour letters
    aside), and as an English sentence in English."""
    game = TableGame(["", "B", "B", "D"], ["R", "R", "B", "G"], virtual="Y")
    ja = game.problems("ja")
    assert "同じ色のシートが 2 枚あります。" in ja
    assert "仮想の色があるのは 3 人のゲームだけです。" in ja
    assert all(p.endswith("。") for p in ja)
    words = {w for p in ja for w in re.findall(r"[A-Za-z]{2,}", p)}
    assert not words, f"English in the Japanese problems: {words}"
    en = game.problems("en")
    assert "Two sheets have the same colour." in en
    assert all(p[0].isupper() and p.endswith(".") for p in en)
