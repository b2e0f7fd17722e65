"""Options and player counts a game refuses are explained in both languages."""

from __future__ import annotations

import re

import pytest

from companion.games import registry
from companion.games.registry import OptionError

JAPANESE = re.compile(r"[\u3040-\u30ff\u4e00-\u9fff]")


def refusal(call, *args) -> OptionError:
    with pytest.raises(OptionError) as caught:
        call(*args)
    return caught.value


def test_a_player_count_a_game_does_not_take_is_refused_in_both_languages() -> None:
    error = refusal(registry.get("alluvium").check_players, 2)
    assert error.text("en") == str(error) == "Alluvium takes 3–5 players, not 2"
    assert error.text("ja").startswith(registry.get("alluvium").name_ja)
    assert "3–5人" in error.text("ja") and "2人" in error.text("ja")


@pytest.mark.parametrize("game_id, options", [
    ("taxot", {"seasons": 0}),
    ("taxot", {"light": "maybe"}),
    ("taxot", {"colour": "red"}),
    ("etariya", {"expansions": ["A", "B"]}),
    ("equilibrium", {"books": ["prophecy"]}),
])
def test_every_refused_option_has_a_japanese_text(game_id: str, options: dict) -> None:
    error = refusal(registry.get(game_id).validate_options, options)
    assert JAPANESE.search(error.text("ja")), error.text("ja")
    assert not JAPANESE.search(error.text("en")), error.text("en")


def test_a_number_out_of_range_names_the_range_in_japanese() -> None:
    error = refusal(registry.get("taxot").validate_options, {"seasons": 0})
    assert error.text("ja") == "設定「季節の数」に 0 は使えません（1から20までの整数）"


def test_an_error_without_a_japanese_text_keeps_its_english() -> None:
    assert OptionError("no such thing").text("ja") == "no such thing"
