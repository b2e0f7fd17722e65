"""A Sorani score file in JSON with a value of the wrong kind is refused with a sentence that
names the player and the entry (never a TypeError from deep inside the reader)."""

from __future__ import annotations

import pytest

from companion.games.sorani.notation import score_text


@pytest.mark.parametrize(("text", "message"), [
    ('{"players": [{"name": "A", "clusters": 5}]}',
     """player 'A': "clusters" must be a list, not a number"""),
    ('{"players": [{"name": "A", "guiding": {"x": 1}}]}',
     """player 'A': "guiding" must be a list, not an object"""),
    ('{"players": [{"name": "A", "features": "4"}]}',
     """player 'A': "features" must be a list, not text"""),
    ('{"players": [{"name": "A"}], "awards": 3}',
     """the file: "awards" must be a list, not a number"""),
    ('{"players": [{"name": "A"}], "awards": [{"points": 2, "players": 5}]}',
     """award 1: "players" must be a list, not a number"""),
    ('{"players": [{"name": ["A"]}]}', """player 1: "name" must be text, not a list"""),
])
def test_a_value_of_the_wrong_kind_is_one_sentence(text: str, message: str) -> None:
    with pytest.raises(ValueError) as refused:
        score_text(text)
    assert str(refused.value) == message
