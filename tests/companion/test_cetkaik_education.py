"""教育机戦 (cetkaik.md §1.4, 2.4, 5.2): the 5 × 7 board, ten pieces a side, four hands, 10
points each at the start and the end at 20, played by the standard engine.

From the start position each side has 148 legal moves: 96 moves of the 皇 and 52 piece moves
(4 pawns one step each; the ship 9: c3, and over the 皇 on c4 four fixed sideways squares and
four ranging ones; 巫 3, 将 12, 王 14 — all but the pawns' and the 車's first squares are
occupied, so nearly every move steps —; 弓 7, 車 3); 12 need a stepping cast, 1 (the 弓 over
its pawn into the water on d4) a water cast too.
"""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.record import Game
from companion.games import registry
from companion.games.cetkaik.board import EDUCATION_BOARD as B
from companion.games.cetkaik.hands import HandTable, education_hands
from companion.games.cetkaik.moves import FirstMover, PieceMove
from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.positions import held_counts, layout, play_all, position
from companion.games.cetkaik.rules import DECLARE, OVER, CetkaikState, new_state


def started(side: int = 0, **options: object) -> CetkaikState:
    state = new_state(2, {"variant": "education", **options})
    state.play(FirstMover(side))
    return state


def at(pieces: dict[str, str], mover: int = 0, held: tuple[list[str], list[str]] = ([], []),
       **options: object) -> CetkaikState:
    return position(layout({"a4": "皇", **pieces}, B), mover,
                    {"variant": "education", **options}, held)


def test_the_board_is_five_by_seven_with_a_water_rank_and_the_hill_in_its_middle() -> None:
    assert (B.width, B.height) == (5, 7)
    assert sorted(B.name(sq) for sq in B.water) == ["a4", "b4", "c4", "d4", "e4"]
    assert B.name(B.hill) == "c4"
    assert [B.name(sq) for sq in B.hue] == ["c4"]  # no fixed orange squares


def test_the_start_position_has_ten_pieces_a_side_without_tiger_horse_or_clerk() -> None:
    state = new_state(2, {"variant": "education"})
    pieces = [state.piece_at(B.name(sq)) for sq in range(B.size)]
    found = Counter((p[2], p[1]) for p in pieces if p is not None)
    for side in (0, 1):
        assert sum(n for (s, _), n in found.items() if s == side) == 10
        assert found[(side, Profession.PAWN)] == 4
    assert not {Profession.TIGER, Profession.HORSE, Profession.CLERK} & {p for _, p in found}
    assert state.piece_at("c1") == (Colour.BLACK, Profession.KING, 0)
    assert state.piece_at("c7") == (Colour.RED, Profession.KING, 1)
    assert state.piece_at("a2") == (Colour.RED, Profession.PAWN, 0)  # colour is not the owner
    assert state.tam_square() == "c4"


@pytest.mark.parametrize("side", [0, 1])
def test_the_start_position_has_148_moves_per_side(side: int) -> None:
    state = started(side)
    kinds: Counter[str] = Counter()
    for move in state.legal_moves():
        kinds[type(move).__name__] += 1
        kinds.update(state.casts_for(move))
    assert kinds == Counter(TamMove=96, PieceMove=52, step=12, water=1)


def test_the_ship_over_the_tam_on_the_hill_moves_sideways_or_ranges() -> None:
    over = {m.dest for m in started().legal_moves() if isinstance(m, PieceMove) and m.via}
    assert over >= {"a4", "b4", "d4", "e4", "c5", "c6"}


@pytest.mark.parametrize(("pieces", "points"), [
    (["黒将", "赤巫", "黒兵"], 5),  # 将巫兵
    (["黒車", "黒弓", "黒兵"], 7),  # 同色車弓兵
    (["赤王"], 5),  # 王, always of one colour
    (["赤船", "黒兵", "赤兵"], 3),  # 船兵兵
    # the king stands in for the 弓 and the second 兵 at once: 王 5 + 同色車弓兵 7 + 同色船兵兵 5
    (["黒王", "黒車", "黒兵", "黒船"], 17),
    # 同色将巫兵 7 + 同色車弓兵 7 + 王 5 + 同色船兵兵 5 (the red king as the second red 兵)
    (["黒将", "黒巫", "黒車", "黒弓", "黒兵", "赤兵", "赤船", "赤王"], 24),
])
def test_the_four_hands_of_the_learners_game(pieces: list[str], points: int) -> None:
    assert HandTable(education_hands()).score(held_counts(pieces)) == points


def test_a_capture_completing_a_hand_calls_for_the_declaration_and_pays_at_the_rate() -> None:
    state = at({"b2": "黒兵^", "b3": "赤兵v", "e7": "赤王v", "e1": "黒王^"},
               held=(["黒将", "赤巫"], []))
    play_all(state, "b2-b3")
    assert state.phase == DECLARE and state.declaration_value() == 5
    play_all(state, "終季")
    assert state.scores == [15, 5]


def test_the_game_ends_when_a_side_holds_all_twenty_points() -> None:
    state = at({"b2": "黒兵^", "b3": "赤兵v", "e7": "赤王v", "e1": "黒王^"},
               held=(["黒将", "赤巫"], []))
    state.rate = 2
    play_all(state, "b2-b3", "終季")
    assert state.phase == OVER and state.scores == [20, 0]
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})


def test_the_learners_game_is_its_own_game_in_the_history_and_the_command_line() -> None:
    info = registry.get("cetkaik_education")
    assert info.extras["variants"]["education"] == "cetkaik_education"
    game = Game.new("cetkaik_education", 2, {}, seed=3)
    assert game.state.game_id == "cetkaik_education"
    assert game.state.scores == [10, 10]
