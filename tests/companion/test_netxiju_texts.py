"""The in-app rules of 六裁: both languages, the companion's decisions, every move kind."""

from __future__ import annotations

import pytest

from companion.games import registry
from companion.resources import rules_text

HEADINGS = {"en": "## How this companion decides", "ja": "## このアプリの決定"}


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_has_the_decisions_and_the_notation(lang: str) -> None:
    text = rules_text(registry.get("netxiju").rules, lang)
    assert HEADINGS[lang] in text
    for notation in ("`throw`", "`=4`", "`first 2`"):
        assert notation in text
    for fact in ("22", "31", "1/64", "20/64"):
        assert fact in text
    assert "牛行" in text
