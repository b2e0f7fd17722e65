"""終季: a 船 in a laid-out 役 keeps no number of its own; when the hand is judged it reads as
whatever scores most (lanerme-games.md §14.1 and §14.7; issue 31, item 1). One test per
終了点 that can read it (六連, with 同色 and 一周), in play, in the scorer and in the table's
calculator."""

from __future__ import annotations

from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.hands import Kind
from companion.games.nincetkaik.positions import feed, round_robin
from companion.games.nincetkaik.taxot.rules import TaxotState, new_state
from companion.games.nincetkaik.taxot.scoring import score_hand
from companion.games.nincetkaik.taxot.table import read_melds, score


def started(hands: tuple[str, ...]) -> TaxotState:
    """A season dealt with seat 1 as 親 (加点 2), before the 親's first draw."""
    state = new_state(len(hands), {"seasons": 4, "light": False})
    return feed(state, ["parent 1", *round_robin(list(hands))])


def answered(state: TaxotState, *answers: str) -> TaxotState:
    """Answer the question about a discard: the given answers in order, then pass for
    every seat still asked."""
    for answer in answers:
        feed(state, answer)
    while state.phase == "claim":
        feed(state, "pass")
    return state


def test_the_issues_example_the_parent_calls_onto_a_ship_and_wins_with_six_in_a_row() -> None:
    # 親 (seat 1) holds 赤船 赤4; seat 2 discards 赤5, the 親 calls: 赤船 赤4 赤5 laid out
    state = started(("rSr4b0b1r8", "r5b6b7rKb3"))
    answered(feed(state, "draw b8;discard b8"))
    feed(state, "draw r6;discard r5")
    answered(state, "call rSr4")
    assert [m.cards for m in state.melds[0]] == [tuple(parse_cards("rSr4r5"))]
    answered(feed(state, "discard r8"))
    answered(feed(state, "draw bT;discard bT"))
    feed(state, "draw b2;declare")  # self-draw: 黒0 黒1 黒2 in hand
    result = state.last
    assert result is not None and result.score is not None
    assert dict(result.score.end) == {"taxot": 2, "same_colour": 0, "six_run": 1,
                                      "first_round": 0}
    # (終季 2 + 六連 1, the 船 as 3) × 加点 2: the other player pays 6 (calls: −1 +1)
    assert result.deltas == (6, -6)
    runs = sorted(g.rank for g in result.score.groups if g.kind is Kind.RUN)
    assert runs == [2, 5]  # the laid-out run reads 3-4-5 for this hand


def test_a_ship_laid_out_as_the_low_end_reads_as_the_number_that_scores() -> None:
    # 赤船 赤5 赤6 could be 4-5-6 or 5-6-7: with 黒1 黒2 黒3 only 4-5-6 makes 六連
    laid = read_melds(["rSr5r6"])
    result = score_hand(parse_cards("b1b2b3"), laid)
    assert result is not None and result.end_points == 3
    other = score_hand(parse_cards("b0b1b2"), laid)  # 0-1-2 and 4-5-6 or 5-6-7: no 六連
    assert other is not None and other.end_points == 2


def test_one_colour_and_six_in_a_row_with_a_laid_out_ship() -> None:
    # 同色 reads the 船's own colour (red) whatever number it stands for; 六連 needs it as 3
    laid = read_melds(["rSr4r5"])
    result = score_hand(parse_cards("r0r1r2"), laid)
    assert result is not None
    assert dict(result.end) == {"taxot": 2, "same_colour": 1, "six_run": 1, "first_round": 0}


def test_first_round_win_on_a_discard_with_a_laid_out_ship_scores_six_in_a_row_too() -> None:
    # three players: seat 2 calls the 親's 赤5 onto 赤船 赤4 and wins on seat 3's 黒2 before the
    # 親's second turn: 終季 2 + 一周 3 + 六連 1 = 6, paid by seat 3 (two children: × 1)
    state = started(("r5b7b8rKr8", "rSr4b0b1b6", "b2r1r0b5bT"))
    feed(state, "draw bK;discard r5")
    answered(state, "call rSr4")
    answered(feed(state, "discard b6"))
    feed(state, "draw r2;discard b2")
    while state.phase == "claim" and state.to_move() != 1:
        feed(state, "pass")
    feed(state, "declare")
    result = state.last
    assert result is not None and result.score is not None and result.discarder == 2
    assert dict(result.score.end) == {"taxot": 2, "same_colour": 0, "six_run": 1,
                                      "first_round": 3}
    assert result.deltas == (0, 6, -6)


def test_the_table_calculator_reads_a_laid_out_ship_the_same_way() -> None:
    found = score("b0b1b2", melds=["rSr4r5"])
    assert (found.end_points, found.text("en")) == (3, "Season's end 2, Six in a row 1")
