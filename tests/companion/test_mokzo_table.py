"""The 行山 table companion (deal aid, tracker, turn guide, card reference), its sheets, the
registry hooks and the command line."""

from __future__ import annotations

import io
import json
import random
from datetime import datetime
from pathlib import Path

import pytest
from pypdf import PdfReader

from companion.core.record import Game
from companion.export.pdf import pdf_bytes
from companion.export.sheets import blank_sheets, play_sheets
from companion.games import registry
from companion.games.mokzo.bots import evaluate, playout_move
from companion.games.mokzo.cards import parse_card
from companion.games.mokzo.effects import EFFECTS
from companion.games.mokzo.rules import MokzoState
from companion.games.mokzo.table import new_tracker, setup
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.resources import rules_text
from companion.table.log import TableError
from ui import cli


def pdf_text(data: bytes) -> tuple[int, str]:
    reader = PdfReader(io.BytesIO(data))
    return len(reader.pages), "\n".join(page.extract_text() for page in reader.pages)


def test_the_deal_aid_draws_the_first_player_from_the_seed() -> None:
    firsts = {setup(seed, 3, ["A", "B", "C"]).first for seed in range(20)}
    assert firsts == {0, 1, 2}
    aid = setup(4, 3, ["Ann", "Bo", "Cy"])
    assert setup(4, 3, ["Ann", "Bo", "Cy"]) == aid
    lines = aid.lines("en")
    assert any("g3" in line for line in lines) and any("Turn order" in line for line in lines)
    assert any("先手" in line for line in aid.lines("ja"))
    assert registry.get("mokzo").extras["setup"](4, 3, ["Ann", "Bo", "Cy"]) == aid


def test_the_tracker_pays_costs_and_moves_by_the_rules() -> None:
    tracker = new_tracker(["Ann", "Bo"]).gain(0, rice=20)
    tracker = tracker.place(0, parse_card("黒車")).place(0, parse_card("黒馬"))
    assert tracker.player(0).rice == 12
    tracker = tracker.end_turn().end_turn()  # Ann's cards act now; 黒 cards take a marker
    assert [c.markers for c in tracker.player(0).cards] == [1, 1]
    assert tracker.move_cost(0, "米") == 9 and tracker.stride(0) == 4  # g3 is a 皇処
    tracker = tracker.move(0, "米")
    assert tracker.player(0).square == 4 and tracker.player(0).rice == 3


def test_the_tracker_pays_blank_and_king_and_removes_cards_at_three_markers() -> None:
    tracker = new_tracker(["Ann", "Bo"]).gain(0, money=10).place(0, parse_card("赤王"))
    tracker = tracker.place(0, parse_card("黒無"))
    for _ in range(3):
        tracker = tracker.end_turn().end_turn()
    assert tracker.player(0).money == 6 and tracker.player(0).rice == 3
    tracker = tracker.end_turn().end_turn()
    assert [str(c.card) for c in tracker.player(0).cards] == ["赤王"]


def test_the_guide_lists_what_is_left_to_do_by_hand() -> None:
    tracker = new_tracker(["Ann", "Bo"]).gain(0, rice=30).place(0, parse_card("黒虎"))
    tracker = tracker.place(0, parse_card("黒兵")).end_turn().end_turn()
    guide = tracker.guide()
    assert guide.hand_limit == 4 and dict(guide.by_hand) == {"虎": 1}
    assert any("虎" in line for line in guide.lines("ja"))
    assert tracker.guide(halvings=1).move_rice == 5


def test_the_tracker_refuses_what_cannot_be_paid_and_undo_is_the_old_value() -> None:
    tracker = new_tracker(["Ann", "Bo"])
    with pytest.raises(TableError, match="not enough"):
        tracker.place(0, parse_card("黒馬"))
    richer = tracker.gain(1, money=3)
    assert tracker.player(1).money == 0 and richer.player(1).money == 3


def test_the_tracker_knows_the_winner_and_becomes_a_play() -> None:
    tracker = new_tracker(["Ann", "Bo"]).gain(1, rice=10)
    tracker = tracker.set_square(1, 23)
    tracker = tracker.move(1, "米")
    assert tracker.is_over() and tracker.winner == 1
    with pytest.raises(TableError, match="over"):
        tracker.gain(0, rice=1)
    play = tracker.to_play_record()
    assert play.mode is PlayMode.TABLE and play.is_finished
    assert [s.rank for s in play.seats] == [2, 1] and play.seats[1].winner


def test_the_card_reference_has_every_rank_with_its_cost() -> None:
    assert [e.rank for e in EFFECTS] == list("船無兵弓車虎馬筆巫将王皇")
    assert {e.rank: e.cost for e in EFFECTS}["王"] == 10
    assert all(e.text("ja") and e.text("en") for e in EFFECTS)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_blank_sheets_are_the_road_the_card_reference_and_a_tracking_sheet(lang: str) -> None:
    pages, text = pdf_text(pdf_bytes(blank_sheets("mokzo", 2, ["Ann"], lang)))
    assert pages == 3 and "皇山" in text and "g3" in text and "Ann" in text
    for rank in "船無兵弓車虎馬筆巫将王皇":
        assert rank in text
    assert ("札の効果" if lang == "ja" else "Card effects") in text


def test_the_result_sheet_of_a_play() -> None:
    game = Game.new("mokzo", 2, seed=8)
    rng = random.Random(8)
    while not game.state.is_over():
        game.resolve_chance()
        if not game.state.is_over():
            game.play(playout_move(game.state, rng))
    outcome = game.state.outcome()
    assert outcome is not None
    seats = [SeatResult(i, n, score=outcome.scores[i], winner=i in outcome.winners)
             for i, n in enumerate(("Ann", "花子"))]
    play = PlayRecord("mokzo", PlayMode.DIGITAL, datetime(2026, 11, 22), seats,
                      finished_at=datetime(2026, 11, 22, 1), record=game.record.to_dict())
    sheets = play_sheets(play, "en")
    assert sheets[0].subtitle == "Result sheet"
    _, text = pdf_text(pdf_bytes(sheets))
    assert "花子" in text and "Square reached" in text


def test_evaluation_prefers_progress_and_an_engine() -> None:
    game = Game.new("mokzo", 2, seed=1)
    game.resolve_chance()
    state = game.state
    assert isinstance(state, MokzoState)
    before = evaluate(state, 0)
    state.square[0] = 5
    assert evaluate(state, 0) > before and evaluate(state, 1) < 0


def test_companion_play_and_pdf(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert cli.main(["play", "mokzo", "--bots", "random,greedy", "--seed", "2",
                     "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[0]["game"] == "mokzo" and lines[-1]["tally"]["games"] == 1
    assert any(m.get("chance", "").startswith("draw ") for m in lines[0]["moves"])
    out = tmp_path / "mokzo.pdf"
    assert cli.main(["pdf", "--blank", "mokzo", "--players", "3", "-o", str(out)]) == 0
    assert pdf_text(out.read_bytes())[0] == 3


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_has_the_decisions_and_the_notation(lang: str) -> None:
    text = rules_text("mokzo", lang)
    assert ("## このアプリの決定" if lang == "ja" else "## How this companion decides") in text
    for notation in ("`use 3`", "`use 3 2米`", "`mark 2.5`", "`destroy 2.5`", "`exchange 2`",
                     "`dismantle 4`", "`place 黒馬`", "`discard 赤兵`", "`move 米`", "`end`",
                     "`first 2`", "`draw 黒馬`", "`=3`"):
        assert notation in text
    assert "100" in text and "皇処" in text
