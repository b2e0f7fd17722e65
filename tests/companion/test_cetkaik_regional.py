"""The book's regional and historical rules as options of 標準机戦 (cetkaik.md §3.7, 4, 5.5):
連撃術, 古計算法, the hand systems 連獣連体系 and 三連体系, the same hand more than once, the
points cap and 硬皇力 — each clause with a case that fails when it is broken.

Values under 古計算法 and 三連体系 are kept in tenths (`HandTable.scale` 10): 7.0 is 70.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import pytest

from companion.games.cetkaik.board import STANDARD_BOARD as B
from companion.games.cetkaik.hands import (
    HandTable,
    counts_of,
    renjuren_hands,
    sanren_hands,
    standard_hands,
)
from companion.games.cetkaik.pieces import COLOUR_ALIASES, PROFESSION_ALIASES
from companion.games.cetkaik.positions import layout, play_all, position
from companion.games.cetkaik.rules import (
    AFTER_CAST,
    DECLARE,
    MOVE,
    OVER,
    STEP_CAST,
    STEP_CHAIN,
    CetkaikState,
)


def counts(text: str) -> tuple[int, ...]:
    return counts_of((COLOUR_ALIASES[p[0]], PROFESSION_ALIASES[p[1]]) for p in text.split())


def at(pieces: Mapping[str, str], mover: int = 0, held: Sequence[Sequence[str]] = ((), ()),
       **options: object) -> CetkaikState:
    return position(layout({"i1": "皇", **pieces}), mover, options,
                    (list(held[0]), list(held[1])))


def name(square: str) -> str:
    return B.name(B.parse_square(square))


# --- 古計算法 -----------------------------------------------------------------------------------
@pytest.mark.parametrize(("counting", "pieces", "tenths"), [
    # 将巫筆 (地心, no 兵, three pieces: ×4) = 1.4; plus the pieces' own 1.4
    ("old24", "黒将 黒巫 黒筆", 14 + 4 * 14),
    ("old35", "黒将 黒巫 黒筆", 14 + 5 * 14),
    ("old35_unused", "黒将 黒巫 黒筆", 5 * 14),  # every piece is in a hand: nothing more
    # 将兵兵 (戦集, with 兵: ×2) = 1.0, plus the pieces 1.0
    ("old24", "黒将 黒兵 赤兵", 10 + 2 * 10),
    # 馬虎 (獣, two pieces: ×2) = 1.0; the lone 船 is in no hand but counts its 0.1
    ("old24", "黒馬 赤虎 黒船", 11 + 2 * 10),
    ("old35_unused", "黒馬 赤虎 黒船", 3 * 10 + 1),
])
def test_old_counting_adds_piece_values_and_multiplies_them_in_hands(
        counting: str, pieces: str, tenths: int) -> None:
    table = HandTable(standard_hands(), counting)
    assert table.scale == 10 and table.score(counts(pieces)) == tenths


def test_old_counting_has_no_same_colour_bonus() -> None:
    table = HandTable(standard_hands(), "old24")
    assert table.score(counts("黒将 黒巫 黒筆")) == table.score(counts("赤将 黒巫 黒筆"))


def test_a_season_under_old_counting_pays_in_tenths_of_the_twenty_points() -> None:
    state = at({"b2": "黒兵^", "b3": "赤筆v", "e9": "赤王v", "e1": "黒王^"},
               held=(["黒将", "黒巫"], []), counting="old24")
    assert state.scores == [200, 200]
    play_all(state, f"{name('b2')}-{name('b3')}", "終季")
    assert state.scores == [270, 130]
    outcome = state.outcome() if state.phase == OVER else None
    assert outcome is None


# --- hand systems ---------------------------------------------------------------------------
def test_renjuren_hands_are_king_general_shaman_clerk_horse_tiger_chariot_bow_pawn() -> None:
    table = HandTable(renjuren_hands())
    found = {h.name("ja"): h.value for h in table.hands(counts("赤馬 黒虎 赤車 黒弓 赤兵"))}
    assert found == {"馬虎": 3, "車弓兵": 5}
    assert "地心" not in {h.name("ja") for h in table.hands(counts("黒将 黒巫 黒筆"))}


def test_sanren_runs_of_three_score_the_books_figures() -> None:
    table = HandTable(sanren_hands())
    assert table.scale == 10
    assert table.score(counts("赤将 黒巫 赤筆")) == 56
    assert table.score(counts("赤巫 黒筆 赤馬")) == 48
    assert table.score(counts("赤弓 黒兵 赤船")) == 28
    # 巫筆馬 and 筆馬虎 share their pieces: 4.8 + 5.2; the king alone is 2.0
    assert table.score(counts("赤巫 黒筆 赤馬 黒虎")) == 48 + 52
    assert table.score(counts("黒王")) == 20


# --- the same hand twice --------------------------------------------------------------------
@pytest.mark.parametrize(("rule", "points"), [("once", 5), ("twice", 5 + 3), ("copies", 5 + 3 + 3)])
def test_the_same_hand_more_than_once(rule: str, points: int) -> None:
    table = HandTable(standard_hands(), same_hand=rule)
    # three 獣 sets (虎 馬), one of them in one colour: 同色獣 5 once, the others 3 each
    assert table.score(counts("赤虎 黒馬 黒虎 赤馬 赤虎 黒馬")) == points


def test_a_second_copy_is_a_new_hand_that_calls_for_a_declaration() -> None:
    state = at({"b2": "黒兵^", "b3": "赤馬v", "e9": "赤王v", "e1": "黒王^"},
               held=(["黒虎", "黒馬", "赤虎"], []), same_hand="twice")
    play_all(state, f"{name('b2')}-{name('b3')}")
    assert state.phase == DECLARE


# --- the points cap -------------------------------------------------------------------------
def test_without_the_cap_a_side_may_go_below_zero_and_the_game_goes_on() -> None:
    state = at({"b2": "黒兵^", "b3": "赤筆v", "e9": "赤王v", "e1": "黒王^"},
               held=(["黒将", "黒巫"], []), cap=False)
    state.rate = 4
    play_all(state, f"{name('b2')}-{name('b3')}", "終季")
    # 地心 (将巫 held, the red 筆 taken: mixed) 7 × 4
    assert state.scores == [20 + 28, 20 - 28] and state.phase != OVER


def test_with_the_cap_the_same_payment_ends_the_game() -> None:
    state = at({"b2": "黒兵^", "b3": "赤筆v", "e9": "赤王v", "e1": "黒王^"},
               held=(["黒将", "黒巫"], []))
    state.rate = 4
    play_all(state, f"{name('b2')}-{name('b3')}", "終季")
    assert state.scores == [40, 0] and state.phase == OVER


# --- 硬皇力 -----------------------------------------------------------------------------------
def reach(state: CetkaikState, square: str) -> set[str]:
    return {B.plain_name(B.parse_square(m.dest)) for m in state.moves_from(name(square))
            if not getattr(m, "via", "")}


def test_hard_tam_power_chariot_ranges_diagonally_off_tam_hue() -> None:
    state = at({"a1": "黒車^"}, movement="pek_tam_py")
    assert reach(state, "a1") >= {"b2", "c3"} and "a3" not in reach(state, "a1")
    assert reach(at({"a1": "黒車^"}), "a1") == {"a3", "c1"}


def test_hard_tam_power_bow_on_tam_hue_keeps_its_lines_and_adds_diagonal_steps() -> None:
    state = at({"d4": "黒弓^"}, movement="pek_tam_py")
    found = reach(state, "d4")
    assert {"d9", "a4", "c5", "e3"} <= found and "b6" not in found


def test_hard_tam_power_shaman_off_tam_hue_steps_one_square_orthogonally() -> None:
    state = at({"b2": "黒巫^"}, movement="pek_tam_py")
    assert reach(state, "b2") == {"b1", "b3", "a2", "c2"}


# --- 連撃術 -----------------------------------------------------------------------------------
def test_chain_casting_adds_a_second_cast_to_the_first() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"}, chain_casting=True)
    play_all(state, f"{name('b2')}-[{name('b3')}]-{name('b7')}", "=2")
    assert state.phase == STEP_CHAIN and state.chain_total == 2
    assert [str(m) for m in state.legal_moves()] == ["recast", "bank"]
    play_all(state, "recast", "=2")
    assert state.phase == AFTER_CAST  # 4 reaches b7, four squares beyond b3


def test_chain_casting_a_recast_below_two_loses_the_whole_total() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"}, chain_casting=True)
    play_all(state, f"{name('b2')}-[{name('b3')}]-{name('b7')}", "=3", "recast", "=1")
    assert state.phase == MOVE and state.mover == 1
    assert state.piece_at(name("b2")) is not None  # the bow stayed home


def test_chain_casting_banking_a_short_total_fails_the_move() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"}, chain_casting=True)
    play_all(state, f"{name('b2')}-[{name('b3')}]-{name('b7')}", "=2", "bank")
    assert state.phase == MOVE and state.mover == 1


def test_without_chain_casting_the_first_cast_decides() -> None:
    state = at({"b2": "黒弓^", "b3": "黒兵^"})
    play_all(state, f"{name('b2')}-[{name('b3')}]-{name('b7')}")
    assert state.phase == STEP_CAST
    play_all(state, "=2")
    assert state.phase == MOVE and state.mover == 1


@pytest.mark.parametrize("options", [
    {"counting": "old24", "hand_system": "sanren", "same_hand": "copies",
     "movement": "pek_tam_py", "chain_casting": True, "cap": False},
    {"counting": "old35_unused", "hand_system": "renjuren", "same_hand": "twice",
     "announce": "nothing", "chain_casting": True},
])
def test_random_games_under_the_regional_options_keep_the_invariants_and_replay(
        options: dict[str, object]) -> None:
    import random

    from companion.core.record import Game, GameRecord

    game = Game.new("cetkaik", 2, dict(options), seed=8)
    rng = random.Random(8)
    while not game.state.is_over():
        game.resolve_chance()
        assert not game.state.invariant_errors(), game.state.describe()
        if not game.state.is_over():
            game.play(rng.choice(game.state.legal_moves()))
    state: CetkaikState = game.state  # type: ignore[assignment]
    assert sum(state.scores) == state.total_points
    replayed = Game.replay(GameRecord.from_json(game.record.to_json()))
    assert replayed.state.describe() == state.describe()
