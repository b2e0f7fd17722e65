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


def drawn_text(lang: str) -> str:
    """The rules text as the rules view shows it (diagrams drawn in by the registry hook)."""
    return INFO.extras["rules_markdown"](rules_text(INFO.rules, lang), lang)


def board_cells(html: str) -> list[list[str]]:
    """The rows of the first HTML board in `html`, each cell's inner text and styles."""
    table = re.search(r"<table.*?</table>", html, re.S)
    assert table is not None
    rows = re.findall(r"<tr>(.*?)</tr>", table.group(0), re.S)
    return [re.findall(r"<td[^>]*>(.*?)</td>", row, re.S) for row in rows]


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_rules_view_draws_the_board_start_position_and_moves(lang: str) -> None:
    """The text marks where its diagrams go; the hook draws them from the engine's data and
    leaves no mark behind."""
    raw, drawn = rules_text(INFO.rules, lang), drawn_text(lang)
    for name in ("board", "start", "moves"):
        assert f"<!-- diagram:{name} -->" in raw
    assert "<!-- diagram:" not in drawn and drawn.count("<table") > 20
    labels = ["a", "b", "c"] if lang == "ja" else ["K", "L", "N"]
    head = board_cells(drawn)[0]
    assert [re.sub(r"<[^>]+>", "", c) for c in head[1:4]] == labels


def test_the_start_diagram_is_the_engines_start_position() -> None:
    from companion.games.cetkaik.diagrams import board_html
    from companion.games.cetkaik.pieces import TAM_KANJI, Colour
    from companion.games.cetkaik.variants import STANDARD

    rows = board_cells(board_html(STANDARD, "en"))[1:]
    placements, tam = STANDARD.start()
    board = STANDARD.board
    for sq, colour, profession, side in placements:
        cell = rows[board.row(sq)][1 + board.col(sq)]
        assert profession.kanji in cell
        assert ("#c0281f" in cell) == (colour is Colour.RED)
        assert ("overline" in cell) == (side == 1)  # the top player's pieces
    assert TAM_KANJI in rows[board.row(tam)][1 + board.col(tam)]
    occupied = {sq for sq, *_ in placements} | {tam}
    empty = [rows[board.row(sq)][1 + board.col(sq)] for sq in range(board.size)
             if sq not in occupied]
    assert all("&nbsp;" in cell for cell in empty)


def test_move_diagrams_mark_steps_jumps_and_lines() -> None:
    from companion.games.cetkaik.diagrams import pattern_cells, tam_cells
    from companion.games.cetkaik.movement import STANDARD_MOVES
    from companion.games.cetkaik.pieces import Profession

    pawn_normal, pawn_hue = STANDARD_MOVES[Profession.PAWN]
    assert pattern_cells(pawn_normal) == {(1, 2): "○"}
    assert pattern_cells(pawn_hue) == {(1, 2): "○", (3, 2): "○", (2, 1): "○", (2, 3): "○",
                                       (0, 2): "○"}  # two forward only past an empty square
    chariot = pattern_cells(STANDARD_MOVES[Profession.CHARIOT][0])
    assert chariot == {(0, 2): "◌", (4, 2): "◌", (2, 0): "◌", (2, 4): "◌"}
    horse_hue = pattern_cells(STANDARD_MOVES[Profession.HORSE][1])
    assert horse_hue[(1, 1)] == "·" and horse_hue[(0, 0)] == "╲"  # skipped, then ranging
    shaman_hue = pattern_cells(STANDARD_MOVES[Profession.SHAMAN][1])
    assert all("#1f5fbf" in mark for mark in shaman_hue.values())  # may pass one piece
    assert sum(mark == "●" for mark in tam_cells().values()) == 16


def test_japanese_paragraph_lines_join_without_a_space() -> None:
    from companion.games.cetkaik.diagrams import expand

    assert expand("駒を\n動かす。\n\n| a |\n- b", "ja") == "駒を動かす。\n\n| a |\n- b"
    assert expand("one\nline", "en") == "one\nline"


VARIANT_IDS = ("cetkaik_education", "cetkaik_old")


@pytest.mark.parametrize("game_id", VARIANT_IDS)
@pytest.mark.parametrize(("lang", "section"), [("en", "## How this companion decides"),
                                               ("ja", "## コンパニオンの判断")])
def test_each_variant_has_its_text_with_its_decisions_and_options(game_id: str, lang: str,
                                                                  section: str) -> None:
    info = registry.get(game_id)
    text = rules_text(info.rules, lang)
    assert text.startswith(f"# {info.name_en}" if lang == "en" else f"# {info.name_ja}")
    assert section in text
    joined = flat(text, lang)
    for spec in info.options:
        label = spec.label_ja if lang == "ja" else spec.label_en
        assert label in joined, (game_id, label)


@pytest.mark.parametrize("game_id", VARIANT_IDS)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_each_variants_diagrams_are_drawn_from_its_rule_set(game_id: str, lang: str) -> None:
    from companion.games.cetkaik.variants import variant_of

    info = registry.get(game_id)
    drawn = info.extras["rules_markdown"](rules_text(info.rules, lang), lang)
    assert "<!-- diagram:" not in drawn
    variant = variant_of(game_id)
    start = re.findall(r"<table.*?</table>", drawn, re.S)[1]  # the board, then the start
    rows = board_cells(start)[1:]
    assert len(rows) == variant.board.height and len(rows[0]) == variant.board.width + 1
    placements, _ = variant.start()
    for sq, _colour, profession, _side in placements:
        cell = rows[variant.board.row(sq)][1 + variant.board.col(sq)]
        assert variant.piece_kanji(profession) in cell
