"""The 机戦 table companion: hand calculator, season ledger and stick caster (pure models)."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.table import (
    STEP,
    WATER,
    CastHelper,
    CastVerdict,
    HandCalculator,
    SeasonLedger,
    success_chance,
)
from companion.history import PlayMode

R, B = Colour.RED, Colour.BLACK
P = Profession


def held(*pieces: tuple[Colour, Profession]) -> HandCalculator:
    calc = HandCalculator()
    for colour, profession in pieces:
        calc = calc.add(colour, profession)
    return calc


# --- hand calculator ---------------------------------------------------------------------------
def test_the_calculator_names_every_hand_and_its_points_at_the_rate() -> None:
    calc = held((B, P.HORSE), (R, P.HORSE), (B, P.BOW), (B, P.PAWN)).with_rate(4)
    assert [h.name("ja") for h in calc.hands()] == ["同色馬弓兵"]
    assert calc.total() == 9 and calc.points() == 36
    assert calc.lines("ja") == ["同色馬弓兵 9", "計 9 × 4 = 36"]
    assert calc.lines("en")[-1] == "Total 9 × 4 = 36"


def test_the_calculator_follows_the_official_values_option() -> None:
    calc = HandCalculator(official_values=True).add(R, P.HORSE).add(B, P.BOW).add(R, P.PAWN)
    assert calc.total() == 5


def test_taps_are_values_so_undo_is_the_previous_value() -> None:
    before = held((R, P.TIGER))
    after = before.add(R, P.HORSE)
    assert before.total() == 0 and after.total() == 5
    assert after.remove(R, P.HORSE) == before


def test_the_calculator_refuses_more_pieces_than_the_set_has() -> None:
    calc = held((R, P.KING))
    with pytest.raises(ValueError, match="the set has only 1 赤王"):
        calc.add(R, P.KING)
    with pytest.raises(ValueError, match="no 黒馬 is held"):
        calc.remove(B, P.HORSE)
    with pytest.raises(ValueError, match="×3"):
        calc.with_rate(3)


def test_the_calculator_lists_hands_one_piece_away() -> None:
    near = {n.spec.name("ja"): n.missing for n in held((R, P.TIGER), (B, P.PAWN)).near_hands()}
    assert near["獣"] == (P.HORSE,)
    assert "王" in near and "戦集" not in near  # 将 and one more 兵 are two pieces


# --- season ledger ----------------------------------------------------------------------------
def test_the_ledger_starts_at_twenty_each_rate_one_in_spring() -> None:
    state = SeasonLedger().state()
    assert state.scores == (20, 20) and state.rate == 1 and state.season == 0
    assert SeasonLedger().season_name("ja") == "春" and not state.over


def test_again_doubles_the_rate_and_end_pays_at_it_then_resets() -> None:
    state = SeasonLedger().again(0).again(1).end(1, 5, ["同色獣"]).state()
    assert state.scores == (0, 40) and state.over  # 5 × 4 = 20: all the points
    ledger = SeasonLedger().again(0).end(1, 5, ["同色獣"])
    state = ledger.state()
    assert state.scores == (10, 30) and state.rate == 1 and state.season == 1
    assert state.paid == (0, 10)


def test_the_rate_stops_at_the_cap() -> None:
    ledger = SeasonLedger()
    for _ in range(8):
        ledger = ledger.again(0)
    assert ledger.state().rate == 64


def test_a_penalty_taken_at_once_pays_the_other_side_at_the_rate() -> None:
    state = SeasonLedger().again(1).penalty(0, -5, "撃皇").state()
    assert state.scores == (10, 30) and state.season == 0


def test_the_ledger_ends_when_a_side_holds_forty_or_the_seasons_run_out() -> None:
    state = SeasonLedger().end(0, 25).state()
    assert state.over and state.scores == (40, 0) and state.leader() == 0
    two = SeasonLedger(seasons=2).end(0, 3).end(1, 5).state()
    assert two.over and two.scores == (18, 22) and "2 seasons" in two.reason
    with pytest.raises(ValueError, match="the game is over"):
        SeasonLedger(seasons=1).end(0, 3).again(1)


def test_undo_takes_back_the_last_entry() -> None:
    ledger = SeasonLedger().again(0).end(0, 7)
    assert ledger.undo() == SeasonLedger(started_at=ledger.started_at).again(0)
    with pytest.raises(ValueError, match="nothing to take back"):
        SeasonLedger().undo()


def test_the_ledger_reads_as_sentences() -> None:
    ledger = SeasonLedger(names=("太郎", "Hanako")).again(0).end(1, 5, ["同色獣"])
    assert ledger.lines("ja") == ["春: 太郎(黒王側) 再行 → ×2",
                                  "春: Hanako(赤王側) 終季 (同色獣) 5 × 2 → +10"]
    assert ledger.lines("en")[1].startswith("spring: Hanako (A side) 終季 (end)")


def test_the_finished_ledger_becomes_a_table_play_for_the_history() -> None:
    ledger = SeasonLedger(names=("太郎", "花子"), seasons=1).end(1, 9, ["同色馬弓兵"])
    assert ledger.problems() == []
    play = ledger.to_play_record(location="公民館")
    assert play.mode is PlayMode.TABLE and play.game_id == "cetkaik"
    assert [s.score for s in play.seats] == [11.0, 29.0]
    assert [s.winner for s in play.seats] == [False, True] and play.seats[1].rank == 1
    assert play.seats[1].breakdown == {"points": 29.0, "seasons": 1.0}
    assert play.record is not None and play.record["ledger"][0]["hands"] == ["同色馬弓兵"]
    assert SeasonLedger(names=("a", "a")).problems() == ["The two players have the same name."]
    assert SeasonLedger(names=("", "花子")).problems("ja") == ["黒王側の人の名前を入れてください。"]
    unfinished = SeasonLedger(names=("太郎", "花子")).again(0)
    assert unfinished.problems()[0].startswith("Finish the game first")


# --- stick caster ---------------------------------------------------------------------------------
def test_water_entry_needs_three_face_up() -> None:
    assert [CastVerdict(k, WATER).success for k in range(6)] == [False] * 3 + [True] * 3
    assert "入水成功" in CastVerdict(3, WATER).text("ja")


def test_a_stepping_cast_must_cover_the_announced_distance() -> None:
    assert CastVerdict(2, STEP, 2).success and not CastVerdict(1, STEP, 2).success
    assert CastVerdict(4, STEP).text("en") == "4: up to 4 squares from the stepped-on piece"


def test_success_chances_are_exact() -> None:
    assert success_chance(WATER) == Fraction(1, 2)
    assert success_chance(STEP, 1) == Fraction(31, 32)
    assert success_chance(STEP, 5) == Fraction(1, 32)


def test_the_caster_throws_five_sticks_and_keeps_the_log() -> None:
    helper = CastHelper()
    faces, verdict = helper.throw(random.Random(4), WATER)
    assert len(faces) == 5 and verdict.result == sum(faces)
    assert helper.enter(4, STEP, 3).success and helper.log.results() == [sum(faces), 4]
