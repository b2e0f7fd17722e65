"""The 終季 table calculator reads a 船 in a laid-out 役 as the play engine does: the number
that scores most (lanerme-games.md §14.7; issue 31, item 1)."""

from __future__ import annotations

from tests.ui.test_nincetkaik_table import name_players, open_table, pick, plain, show_tab


def test_a_laid_out_ship_counts_six_in_a_row_in_the_calculator(window, person) -> None:
    page = open_table(window, "taxot")
    name_players(person, page, ["Ann", "Ben"])
    score = show_tab(page, "Score")
    person.choose(score.winner, "Ann")  # the 親 (加点 2), on her own draw
    pick(person, score.form, score.hand, "b0b1b2")
    pick(person, score.form, score.laid, "rSr4r5")
    text = plain(score.result.text())
    assert "Season's end 2, Six in a row 1" in text  # the 船 as 3
    assert "Ann +6 · Ben −6" in text
    assert score.enter_button.isEnabled()
