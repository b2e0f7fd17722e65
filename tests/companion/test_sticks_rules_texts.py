"""The in-app rules of the stick games: both languages, the notation and the house choices."""

from __future__ import annotations

import re

import pytest

from companion.core.record import Game
from companion.games import registry
from companion.resources import rules_text

GAMES = ("juusai", "rengeki", "shinyu")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_documents_every_move_kind_seen_in_play(game_id: str, lang: str) -> None:
    info = registry.get(game_id)
    text = rules_text(info.rules, lang)
    game = Game.new(game_id, 3, seed=4)
    kinds = set()
    while not game.state.is_over() and len(kinds) < 4:
        for move in game.state.legal_moves():
            kinds.add(str(move).split()[0] if not str(move).startswith("=") else "=")
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(game.state.legal_moves()[-1])
    for kind in kinds:
        assert f"`{kind}" in text, f"{game_id}.{lang} does not explain {kind!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_rules_text_marks_the_companions_choices(game_id: str) -> None:
    assert "## The companion's choices" in rules_text(game_id, "en")
    assert "## コンパニオンの判断" in rules_text(game_id, "ja")


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_states_the_default_options(game_id: str, lang: str) -> None:
    text = rules_text(game_id, lang)
    for spec in registry.get(game_id).options:
        if spec.kind.value == "int":
            assert re.search(rf"(?<!\d){spec.default}(?!\d)", text), (spec.key, spec.default)
