"""The generic score sheet: totals, competition ranks with ties, shared victory, history."""

from __future__ import annotations

from datetime import datetime

import pytest

from companion.history import PlayMode
from companion.scoresheet import SCORE_CATEGORY, ScoreSheet, categories_for, competition_ranks

CATS = [("a", "甲", "A"), ("b", "乙", "B")]


def sheet(players=("花子", "Ann", "Bo", "Cy"), categories=None) -> ScoreSheet:
    return ScoreSheet("juusai", list(players), categories or [SCORE_CATEGORY],
                      date=datetime(2026, 11, 22, 19, 0))


def test_competition_ranks_share_a_rank_and_skip_the_next() -> None:
    assert competition_ranks([9, 7, 7, 3]) == [1, 2, 2, 4]
    assert competition_ranks([5, 5, 5]) == [1, 1, 1]


def test_totals_add_the_categories() -> None:
    s = sheet(categories=CATS)
    s.set_score("花子", "a", 3)
    s.set_score("花子", "b", 4.5)
    s.set_score(1, "a", 2)
    assert s.totals() == [7.5, 2.0, 0.0, 0.0]
    assert s.breakdown(0) == {"a": 3.0, "b": 4.5}
    s.set_score(0, "b", None)
    assert s.total(0) == 3.0


def test_ranks_with_ties_are_1_2_2_4() -> None:
    s = sheet()
    for name, value in zip(s.players, [10, 8, 8, 2], strict=True):
        s.set_score(name, "score", value)
    assert s.ranks() == [1, 2, 2, 4]
    assert s.winners() == ["花子"]
    assert not s.is_shared_victory()


def test_equal_best_totals_share_the_victory() -> None:
    s = sheet()
    for name, value in zip(s.players, [10, 10, 3, 1], strict=True):
        s.set_score(name, "score", value)
    assert s.winners() == ["花子", "Ann"]
    assert s.is_shared_victory()
    assert s.ranks() == [1, 1, 3, 4]


def test_a_tie_break_decides_between_equal_totals_only() -> None:
    s = sheet(players=("A", "B", "C"))
    for name, value in zip(s.players, [5, 5, 9], strict=True):
        s.set_score(name, "score", value)
    s.tie_breaker = lambda sh, i: -i  # the earlier seat wins ties
    assert s.ranks() == [2, 3, 1]
    s.set_score("C", "score", 1)
    assert s.winners() == ["A"]


def test_unknown_player_or_category_is_named() -> None:
    s = sheet()
    with pytest.raises(KeyError, match="Zed"):
        s.set_score("Zed", "score", 1)
    with pytest.raises(KeyError, match="bonus"):
        s.set_score(0, "bonus", 1)


def test_no_winner_before_any_score_and_problems_say_why() -> None:
    s = sheet(players=("A", "A", " "))
    assert s.winners() == []
    problems = " ".join(s.problems())
    assert "twice: A" in problems and "needs a name" in problems
    assert "at least one score" in problems


def test_removing_a_player_moves_later_scores_up() -> None:
    s = sheet(players=("A", "B", "C"))
    s.set_score("C", "score", 4)
    s.remove_player("B")
    assert s.players == ["A", "C"] and s.total("C") == 4


def test_listeners_hear_every_change() -> None:
    s = sheet()
    heard: list[int] = []
    s.listeners.append(lambda: heard.append(1))
    s.set_score(0, "score", 1)
    s.rename_player(1, "Ben")
    s.set_notes("fun")
    assert len(heard) == 3


def test_to_play_record_is_a_table_play_with_ranks_and_winners() -> None:
    s = sheet(players=("花子", "Ann", "Bo"))
    s.location = "公民館"
    for name, value in zip(s.players, [4, 9, 9], strict=True):
        s.set_score(name, "score", value)
    play = s.to_play_record()
    assert play.mode is PlayMode.TABLE and play.game_id == "juusai"
    assert [(x.player, x.score, x.rank, x.winner) for x in play.seats] == [
        ("花子", 4.0, 3, False), ("Ann", 9.0, 1, True), ("Bo", 9.0, 1, True)]
    assert play.winners() == ["Ann", "Bo"]
    assert play.location == "公民館" and play.finished_at == datetime(2026, 11, 22, 19, 0)


def test_a_game_without_categories_gets_a_single_score() -> None:
    assert categories_for("no-such-game") == [SCORE_CATEGORY]
