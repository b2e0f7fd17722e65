"""Legal-move counts (perft depth 1, python-chess style) of 机戦 positions, with the figures.

From the start position each side has 249 moves under cetkaik.md §8: 126 moves of the 皇 and
123 piece moves, of which 4 need a water-entry cast and 41 a stepping cast. Nine of the piece
moves step on the 皇 (the IA ship ZAI over ZO, which is 皇処 as the centre: four fixed sideways
second legs and five ranging ones), so forbidding that leaves 240. The 皇's 126: from ZO its
eight neighbours are empty; the six in rows Y and U then have five empty neighbours each (30),
TO and XO eight each (16); the other 80 go to a square of row Y (or U), step on a piece of row
AI (or I) and go on one square (13 + 14 + 13 on each side).
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.games.cetkaik.moves import FirstMover, PieceMove
from companion.games.cetkaik.positions import layout, play_all, position
from companion.games.cetkaik.rules import CetkaikState, new_state


def started(side: int, **options: object) -> CetkaikState:
    state = new_state(2, options)
    state.play(FirstMover(side))
    return state


def kinds(state: CetkaikState) -> Counter[str]:
    found: Counter[str] = Counter()
    for move in state.legal_moves():
        found[type(move).__name__] += 1
        for cast in state.casts_for(move):
            found[cast] += 1
    return found


@pytest.mark.parametrize("side", [0, 1])
def test_start_position_has_249_moves_per_side(side: int) -> None:
    state = started(side)
    assert len(state.legal_moves()) == 249
    assert kinds(state) == Counter(TamMove=126, PieceMove=123, water=4, step=41)


@pytest.mark.parametrize("side", [0, 1])
def test_start_position_has_240_moves_when_stepping_on_the_tam_is_forbidden(side: int) -> None:
    state = started(side, step_on_tam="forbidden")
    assert len(state.legal_moves()) == 240
    assert kinds(state) == Counter(TamMove=126, PieceMove=114, water=4, step=36)


def test_the_nine_start_moves_over_the_tam_are_the_ships() -> None:
    over = [str(m) for m in started(0).legal_moves()
            if isinstance(m, PieceMove) and m.via == "ZO"]
    assert sorted(over) == sorted(f"ZAI-[ZO]-{sq}" for sq in
                                  ("NO", "TO", "XO", "CO", "ZU", "ZI", "ZY", "ZAI", "ZAU"))


@pytest.mark.parametrize(("options", "total", "steps"), [
    ({"announce": "direction"}, 234, 26),  # one move per line instead of per square
    ({"announce": "nothing"}, 223, 15),  # one move per stepped-on piece
    ({"tam_back_home": "forbidden"}, 241, 41),  # the 皇's eight ways back home go
])
def test_start_position_counts_under_other_options(options: dict[str, object], total: int,
                                                   steps: int) -> None:
    state = started(0, **options)
    assert len(state.legal_moves()) == total and kinds(state)["step"] == steps


def test_an_empty_board_with_the_tam_and_a_king() -> None:
    state = position(layout({"e5": "皇", "a1": "黒王^"}))
    assert kinds(state) == Counter(TamMove=8 * 8, PieceMove=3)


def test_an_empty_board_with_a_captured_piece_to_drop() -> None:
    state = position(layout({"e5": "皇", "a1": "黒王^"}), held=(["赤兵", "赤兵"], []))
    # 64 + 3 as above, and one drop per empty square (two pawns of one kind are one choice)
    assert kinds(state) == Counter(TamMove=64, PieceMove=3, Drop=79)


def test_after_an_opening_pawn_move() -> None:
    state = started(0)
    play_all(state, "NAI-NY")
    assert len(state.legal_moves()) == 256
    assert kinds(state) == Counter(TamMove=133, PieceMove=123, water=4, step=41)


def test_after_a_pawn_move_and_a_tam_move() -> None:
    state = started(0)
    play_all(state, "NAI-NY", "皇ZO-ZU-TU")
    assert len(state.legal_moves()) == 240
    assert kinds(state) == Counter(TamMove=116, PieceMove=124, water=6, step=41)


def test_every_legal_move_is_listed_once() -> None:
    state = started(0)
    play_all(state, "NAI-NY", "皇ZO-ZU-TU")
    texts = [str(m) for m in state.legal_moves()]
    assert len(texts) == len(set(texts))
