"""Games the app does not know: their ids carry their tidied names; a name differing from a
known one only by case or width is that game; bad names are refused with a sentence."""

from __future__ import annotations

import pytest

from companion.export.sheets import game_name as sheet_game_name
from companion.other_games import (
    MAX_NAME,
    OtherGameError,
    game_name,
    is_other_game,
    other_game_id,
    other_game_info,
    other_game_name,
)


def test_id_and_name_round_trip_with_tidying() -> None:
    assert other_game_id("  Ticket   to Ride ") == "other:Ticket to Ride"
    assert other_game_name("other:Ticket to Ride") == "Ticket to Ride"
    assert is_other_game("other:Catan") and not is_other_game("juusai")
    assert other_game_id("カタン") == "other:カタン"


def test_a_known_game_keeps_its_spelling() -> None:
    known = ["juusai", "other:Catan", "other:Azul"]
    assert other_game_id("catan", known) == "other:Catan"
    assert other_game_id("ＣＡＴＡＮ", known) == "other:Catan"  # full-width letters
    assert other_game_id("Catan: Seafarers", known) == "other:Catan: Seafarers"


@pytest.mark.parametrize(("name", "message"), [
    ("", "a game needs a name"),
    ("   ", "a game needs a name"),
    ("x" * (MAX_NAME + 1), f"at most {MAX_NAME} characters"),
    ("Cat\x00an", "control characters"),
])
def test_bad_names_are_refused(name: str, message: str) -> None:
    with pytest.raises(OtherGameError, match=message):
        other_game_id(name)


def test_the_longest_name_fits_the_game_id_column() -> None:
    assert len(other_game_id("x" * MAX_NAME)) == 64


def test_names_everywhere() -> None:
    assert game_name("other:Catan", "ja") == "Catan"
    assert game_name("juusai", "en") == "Juusai (Foolish Sticks)"
    assert game_name("no-such-game", "en") == "no-such-game"
    assert sheet_game_name("other:Azul", "ja") == "Azul"  # PDFs
    with pytest.raises(OtherGameError):
        other_game_name("juusai")


def test_library_entry_of_an_other_game() -> None:
    info = other_game_info("other:Catan")
    assert (info.id, info.name("ja"), info.name("en")) == ("other:Catan", "Catan", "Catan")
    assert [m.value for m in info.modes] == ["table"]
