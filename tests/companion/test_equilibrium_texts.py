"""Equilibrium's moves and results in words (`companion.games.equilibrium.texts`): every move
of random games in every configuration reads in Japanese without English words, and the
engine's result line is translated."""

from __future__ import annotations

import random

import pytest

from companion.core.record import Game
from companion.display import chance_text, end_reason, move_text
from companion.export.sheets import move_log_lines
from companion.games.equilibrium.texts import move_text as equilibrium_move_text
from companion.resources import rules_text
from tests.ui.japanese_walker import untranslated


@pytest.mark.parametrize(("players", "expansions"), [(1, []), (2, ["books", "squares"])])
def test_every_move_and_draw_reads_in_japanese(players: int, expansions: list[str]) -> None:
    seen: set[str] = set()
    for seed in range(3):
        game = Game.new("equilibrium", players, {"expansions": expansions}, seed)
        rng = random.Random(seed)
        game.resolve_chance()
        while not game.state.is_over():
            seen.update(str(m) for m in game.state.legal_moves())
            game.play_and_resolve(rng.choice(game.state.legal_moves()))
        seen.update(e.move for e in game.record.entries)
    for notation in seen:
        ja = move_text("equilibrium", notation, "ja")
        assert ja != notation and untranslated(ja) == [], notation
        assert equilibrium_move_text(notation, "en") != notation or notation.isalpha()


def test_known_texts() -> None:
    assert equilibrium_move_text("IE2 3L", "ja") == "IE2 → 都市3の左"
    assert equilibrium_move_text("IE2 3L", "en") == "IE2 on the left of city 3"
    assert equilibrium_move_text("swap 1L:IE1 3L:C5", "ja") == \
        "交換: 都市1の左のIE1 ⇄ 都市3の左のC5"
    assert equilibrium_move_text("chaos C5 clear 2", "ja") == "罰2: C5 と都市2の札を捨てる"
    assert equilibrium_move_text("juggle", "ja") == "juggle"  # not a move: as written


def test_the_team_result_in_japanese() -> None:
    assert end_reason("equilibrium", "won (12/12)", "ja") == "勝利 (12/12)"
    assert end_reason("equilibrium", "lost (9/16)", "ja") == "敗北 (9/16)"
    assert end_reason("equilibrium", "lost (9/16)", "en") == "lost (9/16)"


def _decides(lang: str) -> str:
    """The "how this companion decides" section of the in-app rules text in `lang`."""
    text = rules_text("equilibrium", lang)
    heading = "## How this companion decides" if lang == "en" \
        else "## ルールブックに書かれていない点"
    return text[text.index(heading):]


def test_the_rules_texts_say_equal_cards_may_be_swapped() -> None:
    en, ja = _decides("en"), _decides("ja")
    assert "whatever their powers" in en and "two identical cards" in en
    assert "only two different cards" not in en
    assert "力の値に関係なく入れ替えられる" in ja and "異なる2枚の入れ替えだけ" not in ja


def test_the_rules_texts_say_penalty_three_is_always_a_choice() -> None:
    en, ja = _decides("en"), _decides("ja")
    assert "Penalty 3 can always be" in en and "none at all when the deck is empty" in en
    assert "never discards a chaos card on its own" in en and "simply discarded" not in en
    assert "いつでも選べ" in ja and "0枚でもよい" in ja and "そのまま捨て札" not in ja


def test_a_log_leaves_out_the_dream_cards_drawn_but_keeps_the_decisions() -> None:
    """The History's log and the printed sheet (`move_log_lines`) name no card drawn: most go
    into a hand the partner may not see; decisions and the cities turned up stay."""
    game = Game.new("equilibrium", 2, {}, 5)
    rng = random.Random(5)
    game.resolve_chance()
    for _ in range(30):
        game.play_and_resolve(rng.choice(game.state.legal_moves()))
    record = game.record.to_dict()
    lines = move_log_lines(record, {0: "Ann", 1: "Ben"}, "en")
    decisions = [e for e in game.record.entries if not e.is_chance]
    assert len(lines) == len(decisions) + 1  # the setup's cities open the log
    assert lines[0].startswith("→ the deck is shuffled → city ")
    for line, entry in zip(lines[1:], decisions, strict=True):
        assert line.startswith(f"{lines.index(line)}. {('Ann', 'Ben')[entry.seat]} ")
    text = " ".join(lines)
    assert "draws" not in text and "→ →" not in text
    assert chance_text("equilibrium", "draw SA3", "ja") == ""
    assert chance_text("equilibrium", "city EW", "ja") == "都市 大地・水"


def test_the_rules_texts_say_how_hands_stay_private_at_one_screen() -> None:
    en, ja = _decides("en"), _decides("ja")
    assert "names no card drawn" in en and "a hand only after the hand-off screen" in en
    assert "引いたカードを書かず" in ja and "受け渡しの画面の後で手札を表示する" in ja
