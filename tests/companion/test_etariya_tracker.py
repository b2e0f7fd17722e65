"""The table companion's Etariya tracker: counts, automatic chips, the winner, the history."""

from __future__ import annotations

from datetime import datetime

import pytest

from companion.games.etariya.setup import randomize_setup
from companion.games.etariya.tracker import Tracker
from companion.history import PlayMode


def _add(tracker: Tracker, colour: str, faction: str, times: int) -> None:
    for _ in range(times):
        tracker.add(colour, faction)


def test_stones_are_counted_per_colour_and_faction_and_can_be_removed() -> None:
    tracker = Tracker()
    _add(tracker, "R", "L", 2)
    tracker.add("R", "D")
    assert tracker.count("R", "L") == 2 and tracker.count("R", "D") == 1
    tracker.remove("R", "L")
    assert tracker.count("R", "L") == 1 and tracker.placed() == 2
    with pytest.raises(ValueError, match="no orange stone"):
        tracker.remove("O", "L")


def test_dominance_chip_is_awarded_at_four_stones_on_one_faction() -> None:
    tracker = Tracker()
    _add(tracker, "G", "D", 3)
    _add(tracker, "G", "L", 3)
    assert tracker.dominance() == {}
    tracker.add("G", "D")
    assert tracker.dominance() == {"G": "D"} and tracker.chips("D") == 1
    tracker.remove("G", "D")  # a correction takes the chip back
    assert tracker.dominance() == {}


def test_a_colour_has_only_seven_stones() -> None:
    tracker = Tracker()
    _add(tracker, "B", "L", 3)
    _add(tracker, "B", "D", 3)
    tracker.add("B", "D")
    with pytest.raises(ValueError, match="all 7 blue stones"):
        tracker.add("B", "L")


def test_four_chips_win_and_further_stones_are_refused() -> None:
    tracker = Tracker(first="D", names=["Aki", "Ben"])
    for colour in "ROYG":
        _add(tracker, colour, "D", 4)
    assert tracker.winner() == "D" and tracker.is_over()
    assert tracker.result_text() == "Aki (dark) wins"
    assert tracker.result_text("ja") == "Aki(闇)の勝ち"
    with pytest.raises(ValueError, match="game is over"):
        tracker.add("B", "L")


def test_with_e_the_score_chips_come_with_the_dominance_chips_and_seven_points_win() -> None:
    pairing = dict(zip("ROYGBIV", (1, 1, 1, 2, 2, 3, 4), strict=True))
    tracker = Tracker(expansions=("E",), score_pairing=pairing)
    for colour in "ROYG":  # 1 + 1 + 1 + 2
        _add(tracker, colour, "L", 4)
    assert tracker.chips("L") == 4 and tracker.points("L") == 5 and tracker.winner() is None
    _add(tracker, "B", "L", 4)
    assert tracker.points("L") == 7 and tracker.winner() == "L"


def test_e_needs_a_score_chip_on_every_colour() -> None:
    with pytest.raises(ValueError, match="score chip on each"):
        Tracker(expansions=("E",), score_pairing={"R": 1})


def test_seven_stones_of_every_colour_always_decide_the_game() -> None:
    # 7 stones split between two factions put 4 on one side: once every stone is counted,
    # all seven chips are out, so a winner exists before the stones can run out.
    tracker = Tracker()
    for colour in "ROYGBIV":
        _add(tracker, colour, "L", 3)
        _add(tracker, colour, "D", 3)
    assert tracker.winner() is None
    for colour in "ROYG":
        tracker.add(colour, "D")
    assert tracker.winner() == "D" and tracker.placed() == 46


def test_from_setup_takes_first_faction_expansions_and_pairing() -> None:
    setup = randomize_setup(5, "DE", first="D")
    tracker = Tracker.from_setup(setup, ["A", "B"])
    assert tracker.first == "D" and tracker.expansions == ("D", "E")
    assert tracker.score_pairing == setup.pairing() and tracker.faction(1) == "L"


def test_to_play_record_is_a_table_play_with_factions_scores_and_winner() -> None:
    started = datetime(2026, 11, 22, 20, 0)
    tracker = Tracker(first="L", names=[" Aki ", "Ben"], started_at=started)
    for colour in "ROY":
        _add(tracker, colour, "D", 4)
    _add(tracker, "G", "L", 4)
    for colour in "BIV":
        _add(tracker, colour, "L", 4)
    play = tracker.to_play_record(location="club", notes="n",
                                  finished_at=datetime(2026, 11, 22, 20, 20))
    assert play.mode is PlayMode.TABLE and play.game_id == "etariya"
    assert play.started_at == started and play.location == "club"
    aki, ben = play.seats
    assert (aki.player, aki.faction, aki.start_player) == ("Aki", "light", True)
    assert (ben.player, ben.faction, ben.start_player) == ("Ben", "dark", False)
    assert aki.winner and not ben.winner and aki.rank == 1 and ben.rank == 2
    assert aki.score == 4.0 and ben.score == 3.0
    assert ben.breakdown == {"chips": 3.0, "points": 0.0}
    assert play.options == {"expansions": [], "first_faction": "light"}


def test_problems_ask_for_two_different_names() -> None:
    assert Tracker().problems() == ["Every player needs a name."]
    assert Tracker(names=["A", "A"]).problems() == ["The two players have the same name."]
    assert Tracker(names=["A", "B"]).problems() == []


def test_unknown_colour_or_faction_is_refused() -> None:
    tracker = Tracker()
    with pytest.raises(ValueError, match="unknown colour"):
        tracker.add("X", "L")
    with pytest.raises(ValueError, match="unknown faction"):
        tracker.add("R", "Q")
