"""The 紙机戦 games' records as people read them: every move of every game in Japanese (cards
in kanji) and English (cards as their faces show them, never notation), the end reasons, the
registry hooks, and the printed move list (decisions and the cards turned up, no dealing)."""

from __future__ import annotations

import pytest

from companion.display import chance_text as displayed_chance
from companion.display import end_reason as displayed_reason
from companion.display import move_text as displayed_move
from companion.export.sheets import move_log_lines
from companion.games.nincetkaik.texts import cards_text, end_reason, log_lines, move_text


def test_cards_read_in_kanji_in_japanese_and_as_their_faces_show_them_in_english() -> None:
    """Issue 34: English names no card in notation (r1, bS, rK) but by colour, glyph and the
    corner number the card shows."""
    from companion.games.nincetkaik.deck import parse_cards

    cards = parse_cards("r5bTbS")
    assert cards_text(cards, "ja") == "赤馬・黒皇・黒船"
    assert cards_text(cards, "en") == "red 馬 5, black 皇, black 船"
    assert cards_text(parse_cards("r1b0rK"), "en") == "red 兵 1, black 無 0, red 王"


@pytest.mark.parametrize(("game_id", "notation", "ja", "en"), [
    ("taxot", "discard r5", "赤馬 を捨てる", "discards red 馬 5"),
    ("taxot", "declare", "終季を宣言", "declares 終季"),
    ("taxot", "lay r5r5b5b5", "四友 赤馬・赤馬・黒馬・黒馬 を公開",
     "lays out the four-set red 馬 5, red 馬 5, black 馬 5, black 馬 5 (四友)"),
    ("taxot", "call r4r6", "赤虎・赤筆 で開(鳴く)", "calls (開) with red 虎 4, red 筆 6"),
    ("taxot", "pass", "見送る", "lets it go"),
    ("makaik", "swap r5 bT", "赤馬 と公開札の 黒皇 を交換",
     "swaps red 馬 5 for the shared black 皇"),
    ("makaik", "draw2", "山札から2枚引く", "draws two"),
    ("makaik", "keep b3 r5", "黒車 を残し 赤馬 を公開札へ", "keeps black 車 3, gives up red 馬 5"),
    ("makaik", "keep ? r5", "? を残し 赤馬 を公開札へ", "keeps ?, gives up red 馬 5"),
    ("makaik", "bet 3", "基準点 3 で勝負", "plays with a base of 3"),
    ("makaik", "call", "基準点を払う", "pays the base"),
    ("makaik", "fold", "降りる", "folds"),
    ("nanto", "bet 12", "加行 12 点", "加行: bets 12"),
    ("nanto", "pass", "無行", "無行: stays out"),
    ("makup", "play 2 r1b2r3", "道2に 赤兵・黒弓・赤車 を置く",
     "lays red 兵 1, black 弓 2, red 車 3 on road 2"),
    ("makup", "merge 1 3 b2", "黒弓 で道1と道3をつなぐ", "joins roads 1 and 3 with black 弓 2"),
    ("makup", "clear rK", "赤王 で道を消す", "clears the roads with red 王"),
    ("makup", "pass", "パス(山札から新しい道)", "passes: a new road is turned up"),
    ("makup", "up b0", "黒無 を表にする", "turned up black 無 0"),
    ("taxot", "parent 2", "親は 2 番目の席", "the 親 is seat 2"),
])
def test_every_move_reads_in_both_languages(game_id: str, notation: str, ja: str,
                                            en: str) -> None:
    assert move_text(game_id, notation, "ja") == ja
    assert move_text(game_id, notation, "en") == en
    if notation != "keep b3 r5":  # the registry hook reads it as every seat may (below)
        assert displayed_move(game_id, notation, "ja") == ja


def test_the_history_and_the_sheets_name_no_card_a_seat_holds_hidden() -> None:
    """The registry hooks (the History's move list, the generic sheet): the card a 値戦 seat
    kept, 行戦 cards put face down and cards dealt or drawn stay unnamed; cards turned up and
    face-up plays are named."""
    assert displayed_move("makaik", "keep b3 r5", "en") == "keeps ?, gives up red 馬 5"
    assert displayed_move("mokaik", "down b3", "en") == "puts 1 card face down"
    assert displayed_move("mokaik", "down r1b2", "ja") == "2 枚を伏せて出す"
    assert displayed_move("mokaik", "play r1b1", "en") == "lays red 兵 1, black 兵 1 face up"
    for game_id in ("mokaik", "taxot", "nine", "makaik"):
        assert displayed_chance(game_id, "deal r5", "en") == ""
        assert displayed_chance(game_id, "draw bT", "ja") == ""
    assert displayed_chance("makup", "up b0", "ja") == "黒無 を表にする"
    assert displayed_chance("nanto", "parent 2", "en") == "the 親 is seat 2"
    record = {"game": "mokaik", "moves": [
        {"chance": "parent 1"}, {"chance": "deal r5"}, {"chance": "deal b3"},
        {"seat": 0, "move": "play r5"}, {"seat": 1, "move": "down b3"}]}
    lines = move_log_lines(record, {0: "Ann", 1: "Ben"}, "en")
    assert lines == ["→ the 親 is seat 1", "1. Ann lays red 馬 5 face up",
                     "2. Ben puts 1 card face down"]
    assert log_lines(record, {0: "Ann", 1: "Ben"}, "en") == lines[1:]


def test_unknown_text_stays_as_written() -> None:
    assert move_text("taxot", "dance", "ja") == "dance"
    assert move_text("taxot", "discard zz", "ja") == "zz を捨てる"


@pytest.mark.parametrize(("detail", "ja"), [
    ("4 seasons played", "4 季節終了"), ("6 hands played", "6 勝負終了"),
    ("10 deals played", "10 回配り終了"), ("a seat cannot ante", "参加料を払えない人が出た"),
    ("no seat can pay the entry fee", "参加料を払えない人が出た"),
    ("a hand is empty", "手札を出し切った"),
    ("everyone passed with the 山札 empty", "山札が尽き、全員がパスした"),
])
def test_end_reasons_read_in_japanese(detail: str, ja: str) -> None:
    assert end_reason(detail, "ja") == ja and end_reason(detail, "en") == detail
    assert displayed_reason("makaik", detail, "ja") == ja


def test_the_printed_move_list_has_decisions_and_cards_turned_up_but_no_dealing() -> None:
    record = {"game": "makup", "moves": [
        {"chance": "parent 1"}, {"chance": "deal r5"}, {"chance": "up b3"},
        {"seat": 0, "move": "pass"}, {"chance": "up r2"},
        {"seat": 1, "move": "play 2 r1r1"}]}
    assert log_lines(record, {0: "花子", 1: "Ben"}, "ja") == [
        "1. 花子 パス(山札から新しい道) → 赤弓", "2. Ben 道2に 赤兵・赤兵 を置く"]
    assert log_lines(None, {}, "en") == []


@pytest.mark.parametrize(("detail", "en"), [
    ("1 seasons played", "1 season played"), ("1 hands played", "1 hand played"),
    ("1 deals played", "1 deal played"), ("2 seasons played", "2 seasons played")])
def test_one_counted_round_reads_in_the_singular_in_english(detail: str, en: str) -> None:
    """Issue 34: "1 seasons played" in the result banner and on the sheet."""
    assert end_reason(detail, "en") == en
