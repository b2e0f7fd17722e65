"""The in-app rules of 机戦: both languages, every option named, the notation, the hands."""

from __future__ import annotations

import re

import pytest

from companion.games import registry
from companion.games.cetkaik.hands import standard_hands
from companion.resources import rules_text

INFO = registry.get("cetkaik")


def flat(text: str, lang: str) -> str:
    """Line breaks undone: Japanese lines join without a space."""
    return re.sub(r"\s*\n\s*", "" if lang == "ja" else " ", text)


@pytest.mark.parametrize(("lang", "title", "section"), [
    ("en", "# Cetkaik", "## How this companion decides"),
    ("ja", "# 机戦", "## コンパニオンの判断"),
])
def test_rules_text_has_a_how_this_companion_decides_section(lang: str, title: str,
                                                             section: str) -> None:
    text = rules_text(INFO.rules, lang)
    assert text.startswith(title) and section in text


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_names_every_option(lang: str) -> None:
    text = flat(rules_text(INFO.rules, lang), lang)
    for spec in INFO.options:
        label = spec.label_ja if lang == "ja" else spec.label_en
        assert label in text, label


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_explains_the_notation(lang: str) -> None:
    text = rules_text(INFO.rules, lang)
    for example in ("`LAU-LY`", "`ZAI-[ZO]-ZU`", "`皇ZO-TY-TAU`", "`赤兵*ZY`", "`go LO`",
                    "`stay`", "`再行`", "`終季`", "`=3`", "`first IA`"):
        assert example in text, example


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_lists_every_hand_with_its_points(lang: str) -> None:
    rows = [line for line in rules_text(INFO.rules, lang).splitlines() if line.startswith("|")]
    for spec in standard_hands():
        row = next(r for r in rows if f"| {spec.name_ja}" in r)
        if spec.key != "io":
            assert f"| {spec.points} | {spec.points + 2} |" in row, row


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_text_states_the_default_number_of_seasons_and_points(lang: str) -> None:
    text = rules_text(INFO.rules, lang)
    assert "20" in text and "40" in text and ("4季" in text if lang == "ja" else
                                              "four seasons" in text.lower())


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_start_diagram_in_the_text_is_the_engines_start_position(lang: str) -> None:
    from companion.games.cetkaik.variants import STANDARD, parse_layout

    block = rules_text(INFO.rules, lang).split("```")[3]
    rows = [line.split()[1:] for line in block.strip().splitlines()[1:]]
    tokens = [[t if t in (".", "皇") or t.endswith("v") else t + "^" for t in row]
              for row in rows]
    diagram = "\n".join(" ".join(row) for row in tokens)
    assert parse_layout(STANDARD.board, diagram) == STANDARD.start()
