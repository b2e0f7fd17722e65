"""机戦 hands (役) and their points, with the book's and the rules notes' own examples."""

from __future__ import annotations

import pytest

from companion.games.cetkaik.hands import HandTable, counts_of, standard_hands
from companion.games.cetkaik.pieces import COLOUR_ALIASES, PROFESSION_ALIASES

BOOK = HandTable(standard_hands())
OFFICIAL = HandTable(standard_hands(official_values=True))


def counts(text: str) -> tuple[int, ...]:
    """``黒馬 赤馬 黒弓`` → counts."""
    return counts_of((COLOUR_ALIASES[p[0]], PROFESSION_ALIASES[p[1]]) for p in text.split())


def hands(text: str, table: HandTable = BOOK) -> dict[str, int]:
    return {h.name("ja"): h.value for h in table.hands(counts(text))}


def test_no_pieces_no_hands() -> None:
    assert hands("") == {} and BOOK.score(counts("")) == 0


def test_the_king_alone_is_the_king_hand_always_of_one_colour() -> None:
    assert hands("赤王") == {"王": 5} and hands("黒王") == {"王": 5}


def test_one_piece_may_serve_several_hands() -> None:
    # cetkaik.md §5.3: 馬虎車船 gives 行行 5 + 獣 3
    assert hands("赤馬 黒虎 赤車 黒船") == {"行行": 5, "獣": 3}


def test_a_hand_counts_once_however_often_it_is_held() -> None:
    assert hands("赤虎 黒虎 赤馬 黒馬") == {"同色獣": 5}
    assert hands("赤兵 赤兵 黒兵 黒兵 赤兵 黒兵 黒兵 赤兵 黒兵 黒兵") == {"同色闇戦之集": 5}


def test_the_same_colour_version_replaces_the_mixed_one() -> None:
    # the book's 同色優越 example, in the standard game: a black and a red horse, a black bow
    # and a black pawn hold only the one-colour 馬弓兵
    assert hands("黒馬 赤馬 黒弓 黒兵") == {"同色馬弓兵": 9}
    assert hands("黒馬 赤馬 黒弓 黒兵", OFFICIAL) == {"同色馬弓兵": 7}


@pytest.mark.parametrize(("pieces", "name", "book", "official"), [
    ("赤兵 黒弓 赤将 赤筆 黒巫", "筆兵無傾", 10, 10),
    ("黒兵 黒弓 黒将 黒筆 黒巫", "同色筆兵無傾", 12, 12),
    ("赤筆 黒巫 赤将", "地心", 7, 7),
    ("赤筆 赤巫 赤将", "同色地心", 9, 9),
    ("赤馬 黒弓 赤兵", "馬弓兵", 7, 5),
    ("赤馬 赤弓 赤兵", "同色馬弓兵", 9, 7),
    ("黒船 赤車 赤馬", "行行", 5, 5),
    ("黒船 黒車 黒馬", "同色行行", 7, 7),
    ("赤虎 黒馬", "獣", 3, 3),
    ("黒将 赤兵 黒兵", "戦集", 3, 3),
    ("黒将 黒兵 黒兵", "同色戦集", 5, 5),
    ("赤車 赤兵 黒兵", "助友", 3, 3),
    ("赤兵 赤兵 赤兵 黒兵 黒兵", "闇戦之集", 3, 3),
])
def test_each_hand_and_its_one_colour_version_score_as_listed(
        pieces: str, name: str, book: int, official: int) -> None:
    assert hands(pieces)[name] == book
    assert hands(pieces, OFFICIAL)[name] == official


def test_the_king_stands_in_for_one_piece_of_its_own_colour() -> None:
    assert hands("黒王 黒虎") == {"王": 5, "同色獣": 5}
    assert hands("黒王 赤虎") == {"王": 5, "獣": 3}  # the king is a black horse: mixed


def test_each_king_stands_in_for_its_own_piece_in_every_hand_at_once() -> None:
    # both kings as pawns give 闇戦之集; the red king as a red 将 or 車 with two red pawns
    # gives the one-colour 戦集 and 助友; as a tiger and a horse (or a horse and a bow) they
    # give the mixed 獣 and 馬弓兵
    assert hands("赤王 黒王 赤兵 赤兵 赤兵") == {"王": 5, "闇戦之集": 3, "同色戦集": 5,
                                             "同色助友": 5, "獣": 3, "馬弓兵": 7}


def test_the_unbeatable_needs_a_real_king() -> None:
    nine = "黒船 赤兵 黒弓 赤車 黒虎 赤馬 黒筆 赤巫 黒将"
    assert "無抗行処" in hands(nine + " 黒王")
    assert "無抗行処" not in hands(nine.replace("黒船 ", "") + " 黒王")  # one king cannot be both
    assert "無抗行処" in hands(nine.replace("黒船 ", "") + " 黒王 赤王")


def test_a_mixed_full_set_scores_every_hand_it_forms() -> None:
    found = hands("黒船 赤兵 黒弓 赤車 黒虎 赤馬 黒筆 赤巫 黒将 黒王")
    assert found == {"無抗行処": 50, "筆兵無傾": 10, "同色地心": 9, "馬弓兵": 7, "行行": 5,
                     "王": 5, "同色獣": 5, "戦集": 3, "助友": 3}
    assert sum(found.values()) == 97


def test_a_one_colour_full_set_scores_109() -> None:
    found = hands("黒船 黒兵 黒弓 黒車 黒虎 黒馬 黒筆 黒巫 黒将 黒王")
    assert found["同色無抗行処"] == 52
    assert sum(found.values()) == 52 + 12 + 9 + 9 + 7 + 5 + 5 + 5 + 5 == 109


def test_english_names_mark_the_one_colour_version() -> None:
    found = BOOK.hands(counts("赤虎 赤馬"))
    assert [h.name("en") for h in found] == ["The Animals (same colour)"]
    assert [h.id for h in found] == ["bap1pok1 saup1"]
