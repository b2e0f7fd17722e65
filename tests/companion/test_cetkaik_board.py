"""The 机戦 board: square names, water, 皇処 and the standard start position (cetkaik.md §1–2)."""

from __future__ import annotations

import pytest

from companion.core.errors import MoveParseError
from companion.games.cetkaik.board import STANDARD_BOARD as B
from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.rules import new_state


@pytest.mark.parametrize(("public", "plain"), [
    ("ZIA", "e1"), ("ZA", "e9"), ("ZO", "e5"), ("KA", "a9"), ("PIA", "i1"), ("LAU", "b2"),
    ("CAI", "g3"), ("NE", "c8"),
])
def test_public_and_plain_names_name_the_same_square(public: str, plain: str) -> None:
    assert B.parse_square(public) == B.parse_square(plain) == B.parse_square(public.lower())
    assert B.name(B.parse_square(plain)) == public
    assert B.plain_name(B.parse_square(public)) == plain


def test_columns_run_k_to_p_left_to_right_and_rows_a_to_ia_top_to_bottom() -> None:
    assert [B.name(c) for c in range(9)] == ["KA", "LA", "NA", "TA", "ZA", "XA", "CA", "MA",
                                             "PA"]
    assert [B.name(r * 9) for r in range(9)] == ["KA", "KE", "KI", "KU", "KO", "KY", "KAI",
                                                 "KAU", "KIA"]


@pytest.mark.parametrize("text", ["", "Q1", "ZQ", "j5", "e0", "e10", "ZIAA"])
def test_a_name_that_is_no_square_is_refused_with_the_names_explained(text: str) -> None:
    with pytest.raises(MoveParseError, match="columns K L N T Z X C M P"):
        B.parse_square(text)


def test_water_is_the_plus_of_nine_squares_round_the_centre() -> None:
    assert sorted(B.names(B.water)) == sorted(
        ["ZI", "ZU", "ZO", "ZY", "ZAI", "NO", "TO", "XO", "CO"])


def test_fixed_tam_hue_is_the_two_diagonals_through_the_centre() -> None:
    assert sorted(B.names(B.hue)) == sorted(
        ["NI", "CI", "TU", "XU", "ZO", "TY", "XY", "NAI", "CAI"])


def test_the_hill_is_the_centre_and_both_water_and_tam_hue() -> None:
    assert B.name(B.hill) == "ZO" and B.hill in B.water and B.hill in B.hue


#: cetkaik.md §2.3, square by square.
START = {
    "KA": "黒筆", "LA": "黒馬", "NA": "黒車", "TA": "黒将", "ZA": "赤王", "XA": "赤将",
    "CA": "赤車", "MA": "赤馬", "PA": "赤筆", "KE": "赤巫", "LE": "赤弓", "TE": "赤虎",
    "XE": "黒虎", "ME": "黒弓", "PE": "黒巫", "KI": "黒兵", "LI": "赤兵", "NI": "黒兵",
    "TI": "赤兵", "ZI": "赤船", "XI": "赤兵", "CI": "黒兵", "MI": "赤兵", "PI": "黒兵",
    "KAI": "黒兵", "LAI": "赤兵", "NAI": "黒兵", "TAI": "赤兵", "ZAI": "黒船", "XAI": "赤兵",
    "CAI": "黒兵", "MAI": "赤兵", "PAI": "黒兵", "KAU": "黒巫", "LAU": "黒弓", "TAU": "黒虎",
    "XAU": "赤虎", "MAU": "赤弓", "PAU": "赤巫", "KIA": "赤筆", "LIA": "赤馬", "NIA": "赤車",
    "TIA": "赤将", "ZIA": "黒王", "XIA": "黒将", "CIA": "黒車", "MIA": "黒馬", "PIA": "黒筆",
}


def test_start_position_is_exactly_the_standard_one() -> None:
    state = new_state(2, {})
    found = {}
    for sq in range(81):
        piece = state.piece_at(B.name(sq))
        if piece is not None:
            colour, profession, side = piece
            found[B.name(sq)] = colour.kanji + profession.kanji
            row = B.row(sq)
            assert side == (1 if row <= 2 else 0), B.name(sq)
    assert found == START
    assert state.tam_square() == "ZO"


def test_each_side_has_24_pieces_of_both_colours_and_kings_of_its_own() -> None:
    state = new_state(2, {})
    pieces = [state.piece_at(B.name(sq)) for sq in range(81)]
    for side, king in ((0, Colour.BLACK), (1, Colour.RED)):
        mine = [(c, p) for c, p, s in filter(None, pieces) if s == side]
        assert len(mine) == 24
        assert (king, Profession.KING) in mine and (king, Profession.VESSEL) in mine
        assert sum(1 for c, p in mine if p is Profession.PAWN and c is Colour.RED) == 4
        for profession in (Profession.BOW, Profession.CHARIOT, Profession.TIGER,
                           Profession.HORSE, Profession.CLERK, Profession.SHAMAN,
                           Profession.GENERAL):
            assert sorted(c for c, p in mine if p is profession) == [Colour.RED, Colour.BLACK]


def test_every_rule_sets_state_deep_copies_and_pickles_sharing_its_board() -> None:
    """A deep copy (GameState's default copy, the bench's comparison) and a pickle keep the
    shared, read-only rule set and board rather than failing on their read-only maps."""
    import copy
    import pickle

    from companion.games import registry

    for game_id in ("cetkaik", "cetkaik_education", "cetkaik_old"):
        state = registry.get(game_id).create(2)
        for other in (copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
            assert other.describe() == state.describe()
            assert other.variant is state.variant and other.tables.board is state.tables.board
