"""Equilibrium rules, one test per clause of the rulebook (準備, フェイズI, フェイズII, ゲームの
終了, 2人用, 力の書, 正方形の建造物と高次元なるもの) and of the decisions in
rules/equilibrium.md. Each test name says the clause."""

from __future__ import annotations

from collections import Counter

import pytest

from companion.core.api import CHANCE
from companion.core.errors import IllegalMoveError, MoveParseError
from companion.games.equilibrium.cards import BASE_CITIES, LEFT, RIGHT
from companion.games.equilibrium.moves import (
    ClearCity,
    Discard,
    Draw,
    PlaceChaos,
    Play,
    RevealCards,
    parse_move,
)
from companion.games.equilibrium.positions import (
    arrange,
    draw_until_decision,
    fresh,
    moves_text,
    play_all,
)
from companion.games.equilibrium.profile import default_profile, profile_from_data
from companion.games.equilibrium.rules import EquilibriumState, new_state

HAND4 = ["IE1", "SE1", "IW1", "SW1"]
EMPTY_COLUMN = {1: ("EW", [], []), 2: ("EF", [], []), 3: ("EA", [], []), 4: ("WF", [], [])}
#: Every city with a full stronger (left) side: no room for a chaos card anywhere.
FULL_COLUMN = {p: (city, [f"I{e}3", f"I{e}3", f"I{e}2"], [f"S{e}1"])
               for (p, (city, _, _)), e in zip(EMPTY_COLUMN.items(), "EWFA", strict=True)}


def column(**cities: tuple[str, list[str], list[str]]) -> dict[int, tuple[str, list[str],
                                                                           list[str]]]:
    """EMPTY_COLUMN with some positions replaced: column(p1=("EW", ["IE1"], ["SE1"]))."""
    result = dict(EMPTY_COLUMN)
    for key, value in cities.items():
        result[int(key[1:])] = value
    return result


def ready(players: int = 1, expansions: tuple[str, ...] = (), books: tuple[str, ...] = (),
          **layout: object) -> EquilibriumState:
    """A game after its setup, laid out by `arrange`."""
    state = fresh(players, expansions, books)
    return arrange(state, **layout)  # type: ignore[arg-type]


def places(state: EquilibriumState) -> set[str]:
    return {f"{m.pos}{'LR'[m.side]}" for m in state.legal_moves() if isinstance(m, PlaceChaos)}


def exhaust_city_deck(state: EquilibriumState) -> None:
    """Test set-up: every city still in the city deck counts as claimed already."""
    for city, n in state.city_deck.items():
        state.claimed += [city] * n
        state.city_deck[city] = 0


def offered(state: EquilibriumState, effect: str) -> list[str]:
    """The cards offered once `effect` (swap, fly, vanish, plaza) is chosen ([] when the effect
    itself is not offered)."""
    if effect not in moves_text(state):
        return []
    trial = state.copy()
    trial.play(parse_move(effect))
    return moves_text(trial)


def chaos_waiting(state: EquilibriumState) -> EquilibriumState:
    """Play IE1 onto city 1 so that phase II draws the chaos card on top of the deck."""
    play_all(state, "IE1 1L")
    draw_until_decision(state)
    assert state.pending() == "penalty", state.describe()
    return state


# --- 内容物 (components) -----------------------------------------------------------------------
def test_components_twelve_cities_of_the_six_element_pairs_twice_each() -> None:
    state = new_state(1, {})
    assert state.city_deck == {"EW": 2, "EF": 2, "EA": 2, "WF": 2, "WA": 2, "FA": 2}
    assert state.total_cities == 12


def test_components_72_dream_cards_32_incubi_32_sognae_8_chaos() -> None:
    cards = default_profile().dream_cards()
    kinds = Counter()
    for code, n in cards.items():
        kinds[code[0]] += n
    assert kinds == {"I": 32, "S": 32, "C": 8}
    assert {int(c[2]) for c in cards if c[0] == "I"} == {1, 2, 3}  # −1 … −3
    assert {int(c[2]) for c in cards if c[0] == "S"} == {1, 2, 3, 4}  # +1 … +4
    assert sum(n for c, n in cards.items() if c[0] in "IS" and c[1] == "E") == 16


# --- 準備 (setup) ------------------------------------------------------------------------------
def test_setup_four_face_up_cities_in_a_column() -> None:
    state = fresh(seed=3)
    assert all(state.cities) and len(state.cities) == 4
    assert sum(state.city_deck.values()) == 8


def test_setup_two_dream_cards_on_each_city_incubi_left_sognae_right() -> None:
    for seed in range(20):
        state = fresh(seed=seed)
        for p in range(1, 5):
            left, right = state.side(p, LEFT), state.side(p, RIGHT)
            assert len(left) + len(right) >= 2  # a chaos card from a hand may join later
            assert all(c[0] in "IC" for c in left) and all(c[0] in "SC" for c in right)


def _setup_with_seeds(seeds: list[str]) -> EquilibriumState:
    """A new game up to the first seeding decision or the hands, seeding `seeds` in order."""
    state = new_state(1, {})
    queue = list(seeds)
    while state.is_chance() and state.turn == 0:
        kind = state.steps[0][0]
        if kind == "seed" and queue:
            state.play(Draw(queue.pop(0)))
        elif kind in ("seed", "hand"):
            return state
        else:
            state.play(state.chance_outcomes()[0][0])
    return state


def test_setup_a_lone_chaos_card_goes_with_the_other_cards_side() -> None:
    state = _setup_with_seeds(["C5", "IE1", "SE2", "C5"])
    assert state.side(1, LEFT) == ("C5", "IE1") and state.side(1, RIGHT) == ()
    assert state.side(2, RIGHT) == ("SE2", "C5") and state.side(2, LEFT) == ()


def test_setup_two_chaos_cards_go_together_on_a_side_of_the_players_choice() -> None:
    state = _setup_with_seeds(["C5", "C5"])
    assert state.pending() == "seedside" and state.to_move() == 0
    assert moves_text(state) == ["seed 1L", "seed 1R"]
    state.play(parse_move("seed 1R"))
    assert state.side(1, RIGHT) == ("C5", "C5")


def test_setup_symbols_are_ignored_when_seeding() -> None:
    state = _setup_with_seeds(["IA1", "SA1"])  # whatever the city, air cards are seeded
    assert state.side(1, LEFT) == ("IA1",) and state.side(1, RIGHT) == ("SA1",)


def test_setup_hand_of_four_chaos_drawn_goes_on_a_stronger_side_then_draw_again() -> None:
    state = _setup_with_seeds(["IE1", "SE2", "IW1", "SW2", "IF1", "SF2", "IA1", "SA2"])
    state.play(Draw("C5"))
    assert state.pending() == "setupchaos" and state.to_move() == 0
    assert all(p.startswith(tuple("1234")) for p in places(state))
    assert places(state) == {"1R", "2R", "3R", "4R"}  # +2 beats −1 everywhere
    state.play(parse_move("chaos C5 2R"))
    assert state.side(2, RIGHT) == ("SW2", "C5")
    draw_until_decision(state)
    assert state.turn == 1 and len(state.hand(0)) == 4
    assert not any(c.startswith("C") for c in state.hand(0))


def test_setup_chaos_in_a_starting_hand_that_no_city_can_take_is_discarded() -> None:
    state = ready(column=FULL_COLUMN, hands=[[]], top=["C5", "SE1"])
    state.steps = [("hand", 0), ("deal", 0), ("startturn", 0)]  # back into the deal
    state.turn = 0
    state.play(Draw("C5"))
    assert state.discards.get("C5") == 1 and state.is_chance()  # and another card comes
    state.play(Draw("SE1"))
    assert state.hand(0) == ("SE1",)


# --- フェイズI: playing a card ------------------------------------------------------------------
def test_play_needs_one_of_the_city_cards_elements() -> None:
    state = ready(column=column(p1=("EW", ["IF2"], [])), hands=[["IF1", "IE1", "SW1", "SA1"]])
    moves = moves_text(state)
    assert "IE1 1L" in moves and "SW1 1R" in moves
    assert "IF1 1L" not in moves  # the fire card already lying there does not count
    assert "SA1 1R" not in moves
    with pytest.raises(IllegalMoveError, match="does not show the card's element"):
        state.play(parse_move("IF1 1L"))


def test_play_incubi_on_the_left_sognae_on_the_right() -> None:
    state = ready(column=EMPTY_COLUMN, hands=[HAND4])
    with pytest.raises(IllegalMoveError, match="Incubi card goes on the left"):
        state.play(parse_move("IE1 1R"))
    with pytest.raises(IllegalMoveError, match="Sognae card goes on the right"):
        state.play(parse_move("SE1 1L"))
    state.play(parse_move("SE1 1R"))
    assert state.side(1, RIGHT) == ("SE1",)


def test_play_at_most_three_cards_on_a_side() -> None:
    state = ready(column=column(p1=("EW", ["IE1", "IE2", "IW1"], [])), hands=[HAND4])
    assert "IE1 1L" not in moves_text(state) and "IE1 2L" in moves_text(state)
    with pytest.raises(IllegalMoveError, match="already holds 3 cards"):
        state.play(parse_move("IE1 1L"))


def test_at_most_three_cards_the_l89_wording_is_a_slip() -> None:
    state = ready(column=column(p1=("EW", ["IE1", "IE2"], [])), hands=[HAND4])
    state.play(parse_move("IE1 1L"))  # the third card is allowed
    assert len(state.side(1, LEFT)) == 3


# --- フェイズI: discarding for an effect ----------------------------------------------------------
def test_discard_one_card_of_the_hand_pays_for_one_effect() -> None:
    state = ready(column=EMPTY_COLUMN, hands=[["IE1", "IE1", "SW1", "SA1"]])
    state.play(parse_move("balance"))
    assert state.pending() == "pay"
    assert moves_text(state) == ["discard IE1", "discard SW1", "discard SA1"]
    with pytest.raises(IllegalMoveError):
        state.play(parse_move("IE1 1L"))
    state.play(parse_move("discard SW1"))
    assert sorted(state.hand(0)) == ["IE1", "IE1", "SA1"]
    assert state.discards["SW1"] == 1


def test_discard_effect_comes_first_then_the_card_in_this_app() -> None:
    state = ready(column=EMPTY_COLUMN, hands=[HAND4])
    with pytest.raises(IllegalMoveError, match="choose the effect first"):
        state.play(parse_move("discard IE1"))


def test_swap_exchanges_two_cards_on_the_same_kind_of_side_of_two_cities() -> None:
    state = ready(column=column(p1=("EW", ["IE1"], ["SE3"]), p2=("EF", ["IF2"], ["SF1"])),
                  hands=[HAND4])
    play_all(state, "swap", "swap 1L:IE1")
    assert state.pending() == "swapwith"
    assert moves_text(state) == ["swap 1L:IE1 2L:IF2"]
    play_all(state, "swap 1L:IE1 2L:IF2", "discard SW1")
    assert state.side(1, LEFT) == ("IF2",) and state.side(2, LEFT) == ("IE1",)
    assert state.side_sum(1, LEFT) == -2 and state.side_sum(2, LEFT) == -1


def test_swap_ignores_the_symbols_of_the_cities() -> None:
    state = ready(column=column(p1=("EW", ["IE1"], []), p2=("FA", ["IF2"], [])),
                  hands=[HAND4])
    play_all(state, "swap", "swap 1L:IE1", "swap 1L:IE1 2L:IF2", "discard SW1")
    assert state.side(1, LEFT) == ("IF2",)  # a fire card on an earth-water city


def test_swap_never_between_a_left_and_a_right_side() -> None:
    state = ready(column=column(p1=("EW", ["IE1"], []), p2=("EF", [], ["SF1"])),
                  hands=[HAND4])
    assert "swap" not in moves_text(state)
    with pytest.raises(IllegalMoveError, match="two cards lying on the same kind of side"):
        state.play(parse_move("swap"))
    with pytest.raises(MoveParseError, match="same kind of side"):
        parse_move("swap 1L:IE1 2R:SF1")


def test_swap_may_exchange_chaos_cards() -> None:
    state = ready(column=column(p1=("EW", ["C5"], []), p2=("EF", ["IF2"], [])),
                  hands=[HAND4])
    assert "swap 1L:C5" in offered(state, "swap")


def test_swap_of_two_identical_cards_is_legal_and_pays_a_discard() -> None:
    state = ready(column=column(p1=("EW", ["IE1"], []), p2=("EF", ["IE1"], [])),
                  hands=[HAND4])
    assert "swap" in moves_text(state)
    assert offered(state, "swap") == ["swap 1L:IE1", "swap 2L:IE1"]
    assert state.swaps() == [parse_move("swap 1L:IE1 2L:IE1")]
    play_all(state, "swap", "swap 2L:IE1")
    assert moves_text(state) == ["swap 1L:IE1 2L:IE1"]
    play_all(state, "swap 1L:IE1 2L:IE1", "discard SW1")
    assert state.side(1, LEFT) == ("IE1",) and state.side(2, LEFT) == ("IE1",)
    assert state.discards["SW1"] == 1 and state.phase() == 2


def test_swap_of_two_cards_of_equal_value_is_offered_both_ways() -> None:
    state = ready(column=column(p1=("EW", ["IE2", "IW1"], []), p2=("EF", ["IF2"], []),
                                p3=("EA", [], ["C5"]), p4=("WF", [], ["C5"])),
                  hands=[HAND4])
    swaps = {str(m) for m in state.swaps()}
    assert {"swap 1L:IE2 2L:IF2", "swap 1L:IW1 2L:IF2", "swap 3R:C5 4R:C5"} == swaps
    play_all(state, "swap", "swap 1L:IE2")
    assert moves_text(state) == ["swap 1L:IE2 2L:IF2"]
    play_all(state, "swap 1L:IE2 2L:IF2", "discard SW1")
    assert state.side_sum(1, LEFT) == -3 and state.side_sum(2, LEFT) == -2


def test_swap_of_two_chaos_cards_is_legal() -> None:
    state = ready(column=column(p3=("EA", [], ["C5"]), p4=("WF", [], ["C5"])),
                  hands=[HAND4])
    play_all(state, "swap", "swap 3R:C5", "swap 3R:C5 4R:C5", "discard IW1")
    assert state.side(3, RIGHT) == ("C5",) and state.side(4, RIGHT) == ("C5",)


def test_balance_claims_every_balanced_city_and_discards_its_dream_cards() -> None:
    state = ready(column=column(p1=("EW", ["IE2"], ["SE2"]), p2=("EF", ["IF1", "IF1"], ["SF2"]),
                                p4=("WF", ["IW3"], ["SW1"])), hands=[HAND4])
    play_all(state, "balance", "discard SW1")
    assert state.claimed == ["EW", "EF"]
    assert state.discards["IE2"] == 1 and state.discards["IF1"] == 2
    assert state.side(4, LEFT) == ("IW3",)  # the unbalanced city stays


def test_balance_none_of_the_balanced_cities_can_be_kept_back() -> None:
    state = ready(column=column(p1=("EW", ["IE2"], ["SE2"]), p2=("EF", ["IF1"], ["SF1"])),
                  hands=[HAND4])
    balances = [m for m in moves_text(state) if m in ("balance", "joyful")]
    assert balances == ["balance"]  # one balance claims both: there is no choice
    play_all(state, "balance", "discard SW1")
    assert len(state.claimed) == 2


def test_balance_a_city_without_dream_cards_is_not_balanced() -> None:
    state = ready(column=EMPTY_COLUMN, hands=[HAND4])
    assert not state.is_balanced(3)
    play_all(state, "balance", "discard SW1")
    assert state.claimed == []


def test_balance_that_claims_and_discards_nothing_is_legal() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4])
    assert "balance" in moves_text(state)
    play_all(state, "balance", "discard SW1")
    assert state.claimed == [] and state.side(1, LEFT) == ("IE3",)


def test_zero_sum_cards_of_an_unbalanced_city_may_be_discarded_and_the_city_stays() -> None:
    state = ready(column=column(p4=("WF", ["IW1", "IW2"], ["SW1"])), hands=[HAND4])
    play_all(state, "balance", "discard SE1")
    assert state.pending() == "zero"
    assert moves_text(state) == ["zero 4 L:IW1 R:SW1", "done"]
    play_all(state, "zero 4 L:IW1 R:SW1")
    assert state.city(4) == "WF" and state.side(4, LEFT) == ("IW2",) and state.side(4, RIGHT) == ()
    assert state.claimed == []


def test_zero_sum_discard_one_set_per_city_on_any_number_of_cities() -> None:
    state = ready(column=column(p1=("EW", ["IE1", "IW2"], ["SE1", "SW2", "SE3"]),
                                p2=("EF", ["IF2", "IF1"], ["SF1"])), hands=[HAND4])
    play_all(state, "balance", "discard SW1")
    first = moves_text(state)
    assert "zero 1 L:IE1 R:SE1" in first and "zero 2 L:IF1 R:SF1" in first
    play_all(state, "zero 1 L:IE1 R:SE1")
    after = moves_text(state)
    assert not any(m.startswith("zero 1") for m in after)  # city 1 had its set
    assert "zero 2 L:IF1 R:SF1" in after
    play_all(state, "zero 2 L:IF1 R:SF1")
    assert state.pending() != "zero"


def test_zero_sum_discard_can_be_declined() -> None:
    state = ready(column=column(p4=("WF", ["IW1", "IW2"], ["SW1"])), hands=[HAND4])
    play_all(state, "balance", "discard SE1", "done")
    assert state.side(4, LEFT) == ("IW1", "IW2")


def _all_balanced(hand: list[str] = HAND4) -> EquilibriumState:
    return ready(column={1: ("EW", ["IE1"], ["SE1"]), 2: ("EF", ["IF1"], ["SF1"]),
                         3: ("EA", ["IA1"], ["SA1"]), 4: ("WF", ["IW1"], ["SW1"])},
                 hands=[hand])


def test_four_cities_at_once_give_a_bonus_city_from_the_top_of_the_city_deck() -> None:
    state = _all_balanced()
    play_all(state, "balance", "discard IE1")
    assert len(state.claimed) == 4 and state.steps[0] == ("city", -1)
    state.play(state.chance_outcomes()[0][0])
    assert len(state.claimed) == 5
    assert state.cities == ["", "", "", ""]  # the bonus comes before the refill
    draw_until_decision(state)
    assert all(state.cities) and sum(state.city_deck.values()) == 12 - 5 - 4


def test_bonus_city_needs_four_claims_in_one_balance() -> None:
    state = ready(column={1: ("EW", ["IE1"], ["SE1"]), 2: ("EF", ["IF1"], ["SF1"]),
                          3: ("EA", ["IA1"], ["SA1"]), 4: ("WF", ["IW2"], ["SW1"])},
                  hands=[HAND4])
    play_all(state, "balance", "discard IE1")
    draw_until_decision(state)
    assert len(state.claimed) == 3


def test_claimed_city_is_replaced_at_its_own_position_and_seeded() -> None:
    state = ready(column=column(p2=("EF", ["IF2"], ["SF2"]), p1=("EW", ["IE3"], ["SE1"])),
                  hands=[HAND4], top=["IE1", "SE2"])
    play_all(state, "balance", "discard SW1")
    assert state.city(2) == "" and state.steps[0] == ("city", 1)
    state.play(state.chance_outcomes()[0][0])
    assert state.city(2) and state.city(1) == "EW"
    state.play(Draw("IE1"))
    state.play(Draw("SE2"))
    assert state.side(2, LEFT) == ("IE1",) and state.side(2, RIGHT) == ("SE2",)


def test_position_stays_empty_once_the_city_deck_is_used_up() -> None:
    state = ready(column=column(p2=("EF", ["IF2"], ["SF2"])), hands=[HAND4])
    exhaust_city_deck(state)
    play_all(state, "balance", "discard SW1")
    draw_until_decision(state)
    assert state.city(2) == "" and state.side(2, LEFT) == ()
    assert all(not m.startswith(("IE1 2", "SE1 2")) for m in moves_text(state))


def test_seeding_every_empty_city_after_any_balance_in_position_order() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4],
                  top=["IE1", "SE1", "IW2", "SW2"])
    play_all(state, "balance", "discard SW1")  # claims nothing, seeds the empty cities
    assert state.steps[:3] == [("seed", 1), ("seed", 1), ("place", 1)]
    state.play(Draw("IE1"))
    state.play(Draw("SE1"))
    state.play(Draw("IW2"))
    state.play(Draw("SW2"))
    assert state.side(2, LEFT) == ("IE1",) and state.side(3, LEFT) == ("IW2",)


def test_city_emptied_by_a_penalty_waits_for_the_next_seeding() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"]), p2=("EF", ["IF2"], ["SF2"]),
                                p3=("EA", ["IA3"], ["SA1"]), p4=("WF", ["IW3"], ["SW1"])),
                  hands=[HAND4], top=["C5", "SE2", "IE2", "SW2", "IW1", "SA1"])
    chaos_waiting(state)
    state.play(ClearCity("C5", 2))
    draw_until_decision(state)
    assert state.turn == 2 and state.side(2, LEFT) == () and state.side(2, RIGHT) == ()
    play_all(state, "balance", "discard " + state.hand(0)[0])
    if state.pending() == "zero":
        play_all(state, "done")
    draw_until_decision(state)
    assert len(state.side(2, LEFT)) + len(state.side(2, RIGHT)) == 2


def test_seeding_skipped_when_no_dream_card_is_left() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4], keep=0)
    play_all(state, "balance", "discard SW1")
    assert state.side(2, LEFT) == () and state.over and not state.won  # then phase II loses


def test_lone_last_card_goes_by_its_type_and_a_lone_chaos_card_by_choice() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"]), p3=("EA", ["IA1"], ["SA3"]),
                                p4=("WF", ["IW1"], ["SW2"])), hands=[HAND4], top=["C5"], keep=1)
    play_all(state, "balance", "discard SW1")
    state.play(Draw("C5"))
    assert state.pending() == "seedside" and moves_text(state) == ["seed 2L", "seed 2R"]
    other = ready(column=column(p1=("EW", ["IE3"], ["SE1"]), p3=("EA", ["IA1"], ["SA3"]),
                                p4=("WF", ["IW1"], ["SW2"])), hands=[HAND4], top=["SE2"], keep=1)
    play_all(other, "balance", "discard SW1")
    other.play(Draw("SE2"))
    assert other.side(2, RIGHT) == ("SE2",)


# --- フェイズII: refilling the hand ---------------------------------------------------------------
def test_phase_two_draws_until_four_cards() -> None:
    state = ready(column=EMPTY_COLUMN, hands=[HAND4], top=["SA2"])
    play_all(state, "IE1 1L")
    assert state.is_chance() and state.phase() == 2
    state.play(Draw("SA2"))
    assert sorted(state.hand(0)) == ["IW1", "SA2", "SE1", "SW1"] and state.turn == 2


def test_phase_two_chaos_drawn_forces_a_penalty_then_drawing_goes_on() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4],
                  top=["C5", "SA2"])
    chaos_waiting(state)
    assert state.to_move() == 0 and state.chaos == ["C5"]
    state.play(PlaceChaos("C5", 1, LEFT))
    assert state.side(1, LEFT) == ("IE3", "IE1", "C5")
    state.play(Draw("SA2"))
    assert len(state.hand(0)) == 4 and state.turn == 2


def test_penalty_one_on_a_stronger_side_that_is_not_full_either_side_on_a_tie() -> None:
    state = ready(column=column(p1=("EW", [], ["SE3"]), p2=("EF", ["IF3", "IF3", "IF2"], ["SF1"]),
                                p3=("EA", [], []), p4=("WF", ["IW2"], ["SW2"])),
                  hands=[HAND4], top=["C5"])
    play_all(state, "SW1 4R")
    draw_until_decision(state)
    assert places(state) == {"1R", "3L", "3R", "4R"}  # 4 is now −2 against +3
    state = ready(column=column(p1=("EW", [], ["SE3"]), p2=("EF", ["IF3", "IF3", "IF2"], ["SF1"]),
                                p3=("EA", [], []), p4=("WF", ["IW2"], ["SW2"])),
                  hands=[HAND4], top=["C5"])
    chaos_waiting(state)  # IE1 onto city 1: −1 against +3
    assert places(state) == {"1R", "3L", "3R", "4L", "4R"}


def test_penalty_one_not_offered_when_no_stronger_side_has_room() -> None:
    state = ready(column=FULL_COLUMN, hands=[["IW1", "SE2", "SW1", "SA1"]], top=["C5"])
    play_all(state, "SE2 1R")
    draw_until_decision(state)
    assert places(state) == set()
    assert [str(m) for m in state.legal_moves()] == ["chaos C5 reveal"]


def test_penalty_two_discards_the_chaos_card_and_a_balanced_city_which_stays_unclaimed() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"]), p2=("EF", ["IF2"], ["SF2"])),
                  hands=[HAND4], top=["C5", "SA1"])
    chaos_waiting(state)
    assert [m.pos for m in state.legal_moves() if isinstance(m, ClearCity)] == [2]  # not 3: empty
    state.play(ClearCity("C5", 2))
    assert state.city(2) == "EF" and state.side(2, LEFT) == () and state.claimed == []
    assert state.discards["C5"] == 1 and state.discards["IF2"] == 1


def test_penalty_three_reveals_four_discards_dreams_and_chaos_among_them_need_penalties() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4],
                  top=["C5", "IE2", "SW2", "C5", "SA1", "SE1"])
    chaos_waiting(state)
    state.play(RevealCards("C5"))
    for _ in range(4):
        state.play(state.chance_outcomes()[0][0])
    assert state.discards["IE2"] == 1 and state.discards["SW2"] == 1 and state.discards["SA1"] == 1
    assert state.pending() == "penalty" and state.chaos == ["C5"]
    assert state.deck_size() == len(state.top) + sum(state.deck.values())


def test_penalty_three_reveals_as_many_as_remain() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4],
                  top=["C5", "IE2", "SW2"], keep=3)
    chaos_waiting(state)
    state.play(RevealCards("C5"))
    assert [k for k, _ in state.steps[:3]] == ["reveal", "reveal", "revealdone"]
    state.play(Draw("IE2"))
    state.play(Draw("SW2"))
    assert state.deck_size() == 0 and state.discards["IE2"] >= 1
    assert state.over and not state.won  # phase II must draw on from the empty deck


def test_penalty_three_with_one_card_left_reveals_that_card() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4],
                  top=["C5", "SA1"], keep=2)
    chaos_waiting(state)
    assert RevealCards("C5") in state.legal_moves()
    state.play(RevealCards("C5"))
    assert [k for k, _ in state.steps[:2]] == ["reveal", "revealdone"]
    state.play(Draw("SA1"))
    assert state.deck_size() == 0 and state.discards["SA1"] >= 1


def test_penalty_three_is_offered_with_an_empty_deck_and_reveals_nothing() -> None:
    state = ready(column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4], top=["C5"],
                  keep=1)
    chaos_waiting(state)
    assert state.deck_size() == 0
    assert RevealCards("C5") in state.legal_moves()
    assert state.penalty_options()["reveal"]
    discarded = state.discard_size()
    state.play(RevealCards("C5"))
    assert state.discard_size() == discarded + 1
    assert state.revealed == [] and state.chaos == []
    # the rules' only end then: phase II must draw a card from the empty deck, a loss
    assert state.over and not state.won
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset()


def test_several_waiting_chaos_cards_are_resolved_in_the_order_chosen() -> None:
    data = default_profile().to_data()
    data["chaos"] = [4, 5, 5, 5, 5, 5, 5, 6]
    state = fresh(1)
    state.profile = profile_from_data(data)
    state.deck = {**state.deck}
    arrange(state, column=column(p1=("EW", ["IE3"], ["SE1"])), hands=[HAND4])
    state.deck = {k: v for k, v in state.deck.items() if not k.startswith("C")}
    state.deck.update({"C4": 1, "C5": 6, "C6": 1})
    state.deck_n = sum(state.deck.values())
    state.chaos = ["C4", "C6"]
    state.steps = [("penalty", 0), ("refillhand", 0), ("endturn", 0)]
    state._legal = None
    cards = {m.card for m in state.legal_moves() if isinstance(m, PlaceChaos)}
    assert cards == {"C4", "C6"}
    state.play(PlaceChaos("C6", 1, LEFT))
    assert state.chaos == ["C4"] and state.pending() == "penalty"


def test_no_place_and_no_balanced_city_and_an_empty_deck_still_asks_for_penalty_three() -> None:
    state = ready(column=FULL_COLUMN, hands=[["IW1", "SE2", "SW1", "SA1"]], top=["C5"], keep=1)
    play_all(state, "SE2 1R")
    before = state.discards.get("C5", 0)
    state.play(Draw("C5"))
    assert not state.over and state.pending() == "penalty" and state.chaos == ["C5"]
    assert moves_text(state) == ["chaos C5 reveal"]  # the app never discards it on its own
    assert state.discards.get("C5", 0) == before
    state.play(RevealCards("C5"))
    assert state.discards["C5"] == before + 1 and state.over and not state.won


# --- ゲームの終了 (end) -------------------------------------------------------------------------
def test_win_when_every_city_card_is_claimed_at_once_without_refill_or_phase_two() -> None:
    state = ready(column={1: ("EW", ["IE1"], ["SE1"]), 2: ("", [], []), 3: ("", [], []),
                          4: ("", [], [])}, hands=[HAND4])
    exhaust_city_deck(state)
    assert len(state.claimed) == 11
    play_all(state, "balance", "discard SW1")
    assert state.over and state.won and len(state.hand(0)) == 3
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0})
    assert outcome.detail == "won (12/12)" and outcome.scores == (12.0,)


def test_loss_when_a_card_must_be_drawn_from_an_empty_deck() -> None:
    state = ready(column=EMPTY_COLUMN, hands=[HAND4], keep=0)
    play_all(state, "IE1 1L")
    assert state.over and not state.won
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset()
    assert outcome.detail == "lost (0/12)"


def test_no_loss_while_the_hand_is_full_even_with_an_empty_deck() -> None:
    state = ready(column=column(p1=("EW", ["IE1"], ["SE1"])), hands=[HAND4], keep=0)
    assert not state.over and state.deck_size() == 0
    state.steps = [("refillhand", 0), ("endturn", 0)]
    state._run()
    assert not state.over and state.turn == 2


# --- 2人用 (two players) ------------------------------------------------------------------------
def test_two_players_four_cards_each_and_the_sognae_seat_starts() -> None:
    state = fresh(2, seed=4)
    assert [len(h) for h in state.hands] == [4, 4]
    assert state.polarity == ["S", "I"] and state.to_move() == 0


def test_two_players_hands_are_dealt_seat_one_then_seat_two() -> None:
    state = _setup_with_seeds(["IE1", "SE2", "IW1", "SW2", "IF1", "SF2", "IA1", "SA2"])
    assert state.steps[0] == ("hand", 0)
    two = new_state(2, {})
    while not (two.steps and two.steps[0][0] == "hand"):
        two.play(two.chance_outcomes()[0][0] if two.is_chance() else two.legal_moves()[0])
    assert [s for s in two.steps if s[0] in ("deal", "hand")][:2] == [("hand", 0), ("deal", 0)]
    assert ("deal", 1) in two.steps


def test_two_players_a_seat_plays_only_dreams_of_its_polarity() -> None:
    state = ready(2, column=EMPTY_COLUMN, hands=[HAND4, ["IA1", "SA1", "IE2", "SE2"]])
    plays = [m for m in state.legal_moves() if isinstance(m, Play)]
    assert plays and all(m.card.startswith("S") for m in plays)
    with pytest.raises(IllegalMoveError, match="plays only Sognae cards"):
        state.play(parse_move("IE1 1L"))


def test_two_players_discard_any_card_and_effects_on_both_sides() -> None:
    state = ready(2, column=column(p1=("EW", ["IE1"], []), p2=("EF", ["IF2"], [])),
                  hands=[HAND4, ["IA1", "SA1", "IE2", "SE2"]])
    play_all(state, "swap", "swap 1L:IE1", "swap 1L:IE1 2L:IF2")  # the Sognae seat: Incubi
    assert "discard IE1" in moves_text(state)  # and may pay with an Incubi card


def test_two_players_exchange_polarity_cards_and_turns_still_alternate() -> None:
    state = ready(2, column=EMPTY_COLUMN, hands=[HAND4, ["IA1", "SA1", "IE2", "SE2"]],
                  top=["SW2", "SE3"])
    assert "polarity" in moves_text(state)
    play_all(state, "polarity", "discard SW1")
    draw_until_decision(state)
    assert state.polarity == ["I", "S"] and state.to_move() == 1
    assert all(m.card.startswith("S") for m in state.legal_moves() if isinstance(m, Play))


def test_solo_has_no_polarity_exchange() -> None:
    state = ready(column=EMPTY_COLUMN, hands=[HAND4])
    assert "polarity" not in moves_text(state)
    with pytest.raises(IllegalMoveError, match="only in the two-player game"):
        state.play(parse_move("polarity"))


def test_two_players_each_hand_is_private_to_its_seat() -> None:
    state = ready(2, column=EMPTY_COLUMN, hands=[HAND4, ["IA1", "SA1", "IE2", "SE2"]])
    view = state.view(0)
    assert view.hand(0) == state.hand(0) and view.hand(1) == ("?",) * 4
    assert view.deck_size() == state.deck_size()
    assert sum(view.deck.values()) == sum(state.deck.values()) + 4
    assert "IA1" not in view.describe().split("hands")[1].split(";")[0]


def test_two_players_the_turns_seat_answers_every_choice_of_the_turn() -> None:
    state = ready(2, column=column(p1=("EW", ["IE3"], ["SE1"])),
                  hands=[HAND4, ["IA1", "SA1", "IE2", "SE2"]], top=["SA2", "C5", "SE3"])
    play_all(state, "SE1 1R")
    draw_until_decision(state)
    play_all(state, "IA1 3L")
    draw_until_decision(state)
    assert state.pending() == "penalty" and state.to_move() == 1


def test_two_players_a_chaos_card_in_a_starting_hand_is_placed_by_its_owner() -> None:
    state = new_state(2, {})
    while not (state.steps and state.steps[0] == ("hand", 1)):
        if state.is_chance():
            outcomes = [m for m, _ in state.chance_outcomes()]
            state.play(next((m for m in outcomes if not str(m).startswith("draw C")),
                            outcomes[0]))
        else:
            state.play(state.legal_moves()[0])
    state.play(Draw("C5"))
    assert state.pending() == "setupchaos" and state.to_move() == 1


# --- 力の書 (Book of Powers) -------------------------------------------------------------------
def test_books_turn_up_one_at_a_time_at_most_six() -> None:
    state = new_state(1, {"expansions": ["books"]})
    state.play(state.chance_outcomes()[0][0])
    for _ in range(6):
        assert moves_text(state) == ["books more", "books done"]
        state.play(parse_move("books more"))
        assert len(state.chance_outcomes()) == 8 - len(state.books)
        state.play(state.chance_outcomes()[0][0])
    assert moves_text(state) == ["books done"] and len(state.books) == 6


@pytest.mark.parametrize("cost", [2, 3, 4])
def test_books_cost_cards_per_book_incubi_sognae_discarded_chaos_back(cost: int) -> None:
    state = new_state(1, {"expansions": ["books"], "books": ["plaza-lover", "prophecy-1"],
                          "book_cost": cost})
    state.play(state.chance_outcomes()[0][0])
    paid = [k for k, _ in state.steps].count("cost")
    assert paid == 2 * cost
    state.play(Draw("C5"))
    for _ in range(paid - 1):
        state.play(Draw(next(c for c, n in state.deck.items() if n and c[0] == "S")))
    assert state.discards.get("C5", 0) == 0 and sum(state.discards.values()) == paid - 1
    assert state.deck_size() == 72 - paid + 1
    assert state.steps[0][0] == "city"  # paid before the cities are turned up


def _book_state(book: str, players: int = 1, expansions: tuple[str, ...] = ("books",),
                **layout: object) -> EquilibriumState:
    return ready(players, expansions, (book,), **layout)


def test_books_are_used_instead_of_a_basic_effect_every_turn() -> None:
    state = _book_state("invisible-incubi", column=column(p1=("EW", ["IE3", "IE1"], ["SE1"])),
                        hands=[HAND4], top=["SA1", "SA2"])
    play_all(state, "vanish", "vanish 1L:IE3", "discard SW1")
    draw_until_decision(state)
    assert state.side(1, LEFT) == ("IE1",) and state.discards["IE3"] == 1
    assert "vanish 1L:IE1" in offered(state, "vanish")  # again the next turn


def test_flying_incubi_moves_an_incubi_to_another_citys_left_symbols_ignored() -> None:
    state = _book_state("flying-incubi",
                        column=column(p1=("EW", ["IE2", "C5"], []),
                                      p2=("FA", ["IF1", "IF1", "IA1"], []), p3=("EA", [], [])),
                        hands=[HAND4])
    assert "fly 1L:IE2" in offered(state, "fly") and "fly 1L:C5" not in offered(state, "fly")
    play_all(state, "fly", "fly 1L:IE2")
    assert moves_text(state) == ["fly 1L:IE2 3", "fly 1L:IE2 4"]  # 2 is full
    play_all(state, "fly 1L:IE2 4", "discard SW1")
    assert state.side(4, LEFT) == ("IE2",)  # WF shows no earth: symbols ignored


def test_flying_sognae_moves_to_the_right_side_the_misprint_decision() -> None:
    state = _book_state("flying-sognae",
                        column=column(p1=("EW", [], ["SE2"]),
                                      p2=("EF", ["IF1", "IF1", "IF1"], []),
                                      p3=("EA", [], ["SA1", "SA1", "SA2"])),
                        hands=[HAND4])
    play_all(state, "fly", "fly 1R:SE2")
    assert moves_text(state) == ["fly 1R:SE2 2", "fly 1R:SE2 4"]  # a full left is no bar
    play_all(state, "fly 1R:SE2 2", "discard SW1")
    assert state.side(2, RIGHT) == ("SE2",) and state.side(2, LEFT) == ("IF1",) * 3


def test_invisible_sognae_discards_a_played_sognae_never_a_chaos_card() -> None:
    state = _book_state("invisible-sognae", column=column(p1=("EW", [], ["SE2", "C5"])),
                        hands=[HAND4])
    assert offered(state, "vanish") == ["vanish 1R:SE2"]


def test_plaza_lover_claims_an_empty_city_replaces_it_and_seeds_without_bonus() -> None:
    state = _book_state("plaza-lover", column=column(p1=("EW", ["IE3"], ["SE1"])),
                        hands=[HAND4])
    assert offered(state, "plaza") == ["plaza 2", "plaza 3", "plaza 4"]
    play_all(state, "plaza", "plaza 2", "discard SW1")
    assert state.claimed == ["EF"] and state.steps[0] == ("city", 1)
    draw_until_decision(state)
    assert state.city(2) and len(state.side(2, LEFT) + state.side(2, RIGHT)) == 2


def test_plaza_lover_claim_can_win_the_game() -> None:
    state = _book_state("plaza-lover", column={1: ("EW", [], []), 2: ("", [], []),
                                               3: ("", [], []), 4: ("", [], [])},
                        hands=[HAND4])
    exhaust_city_deck(state)
    play_all(state, "plaza", "plaza 1", "discard SW1")
    assert state.over and state.won


def test_joyful_balance_four_at_once_gives_two_bonus_cities() -> None:
    state = ready(1, ("books",), ("joyful-balance",),
                  column={1: ("EW", ["IE1"], ["SE1"]), 2: ("EF", ["IF1"], ["SF1"]),
                          3: ("EA", ["IA1"], ["SA1"]), 4: ("WF", ["IW1"], ["SW1"])},
                  hands=[HAND4])
    play_all(state, "joyful", "discard IE1")
    assert [s for s in state.steps if s == ("city", -1)] == [("city", -1)] * 2
    state.play(state.chance_outcomes()[0][0])
    state.play(state.chance_outcomes()[0][0])
    assert len(state.claimed) == 6


def test_prophecy_looks_at_two_cards_and_puts_them_back_in_the_chosen_order() -> None:
    state = _book_state("prophecy-1", column=EMPTY_COLUMN, hands=[HAND4])
    play_all(state, "prophecy", "discard SW1", "draw C5", "draw IE2")
    assert state.pending() == "order"
    assert moves_text(state) == ["order C5 IE2", "order IE2 C5"]
    play_all(state, "order IE2 C5")
    assert state.chance_outcomes() == [(Draw("IE2"), 1.0)]  # phase II draws it first


def test_two_prophecy_books_look_at_four_and_fewer_when_the_deck_is_short() -> None:
    state = ready(1, ("books",), ("prophecy-1", "prophecy-2"), column=EMPTY_COLUMN,
                  hands=[HAND4])
    play_all(state, "prophecy", "discard SW1")
    assert [k for k, _ in state.steps[:5]] == ["see"] * 4 + ["order"]
    short = ready(1, ("books",), ("prophecy-1", "prophecy-2"), column=EMPTY_COLUMN,
                  hands=[HAND4], keep=3)
    play_all(short, "prophecy", "discard SW1")
    assert [k for k, _ in short.steps[:4]] == ["see"] * 3 + ["order"]


def test_prophecy_cards_seen_are_shown_to_both_players() -> None:
    state = ready(2, ("books",), ("prophecy-1",), column=EMPTY_COLUMN,
                  hands=[HAND4, ["IA1", "SA1", "IE2", "SE2"]])
    play_all(state, "prophecy", "discard SW1", "draw C5", "draw IE2")
    assert state.view(1).top == ["C5", "IE2"]


def test_books_are_usable_by_either_seat_whatever_its_polarity() -> None:
    state = _book_state("invisible-sognae", players=2,
                        column=column(p1=("EW", [], ["SE2"])),
                        hands=[HAND4, ["IA1", "SA1", "IE2", "SE2"]], top=["SW3", "SW4"])
    play_all(state, "SE1 2R")
    draw_until_decision(state)
    assert state.polarity[state.to_move()] == "I"
    assert "vanish 1R:SE2" in offered(state, "vanish")


# --- 正方形の建造物と高次元なるもの (Squares & Higher Beings) -----------------------------------
def test_squares_join_the_city_deck_and_sixteen_cities_win() -> None:
    state = new_state(1, {"expansions": ["squares"]})
    assert state.city_deck == {**BASE_CITIES, "EWFA": 4} and state.total_cities == 16


def test_square_city_takes_a_dream_card_of_any_element() -> None:
    state = ready(1, ("squares",), column={1: ("EWFA", [], []), 2: ("EW", [], []),
                                           3: ("", [], []), 4: ("", [], [])},
                  hands=[["IA1", "SF2", "IW3", "SE1"]])
    plays = {m for m in moves_text(state) if m[0] in "IS"}
    assert {"IA1 1L", "SF2 1R", "IW3 1L", "SE1 1R"} <= plays and "IA1 2L" not in plays


def test_higher_beings_eight_in_the_dream_deck_two_per_element() -> None:
    cards = default_profile().dream_cards(higher_beings=True)
    assert {c: n for c, n in cards.items() if c[0] == "H"} == {
        "HE2": 2, "HW2": 2, "HF2": 2, "HA2": 2}
    assert sum(cards.values()) == 80


def test_higher_being_from_the_hand_is_played_as_incubi_or_sognae() -> None:
    state = ready(1, ("squares",), column=EMPTY_COLUMN, hands=[["HE2", "SE1", "IW1", "SW1"]])
    assert {"HE2 1L", "HE2 1R"} <= set(moves_text(state))
    play_all(state, "HE2 1R")
    assert state.side_sum(1, RIGHT) == 2


@pytest.mark.parametrize(("seeds", "left", "right"), [
    (["HE2", "IE1"], ("HE2", "IE1"), ()),
    (["SW1", "HW2"], (), ("SW1", "HW2")),
])
def test_higher_being_seeded_follows_the_other_card(seeds: list[str], left: tuple[str, ...],
                                                    right: tuple[str, ...]) -> None:
    state = ready(1, ("squares",), column=column(p1=("EW", ["IE3"], ["SE1"]),
                                                 p3=("EA", ["IA1"], ["SA3"]),
                                                 p4=("WF", ["IW1"], ["SW2"])),
                  hands=[HAND4], top=seeds)
    play_all(state, "balance", "discard SW1", *(f"draw {c}" for c in seeds))
    assert state.side(2, LEFT) == left and state.side(2, RIGHT) == right


@pytest.mark.parametrize("seeds", [["HE2", "C5"], ["HE2", "HW2"]])
def test_higher_being_with_chaos_or_another_higher_being_goes_on_a_chosen_side(
        seeds: list[str]) -> None:
    state = ready(1, ("squares",), column=column(p1=("EW", ["IE3"], ["SE1"]),
                                                 p3=("EA", ["IA1"], ["SA3"]),
                                                 p4=("WF", ["IW1"], ["SW2"])),
                  hands=[HAND4], top=seeds)
    play_all(state, "balance", "discard SW1", *(f"draw {c}" for c in seeds), "seed 2L")
    assert state.side(2, LEFT) == tuple(seeds)


def test_two_players_a_higher_being_only_on_the_side_of_the_seats_polarity() -> None:
    state = ready(2, ("squares",), column=EMPTY_COLUMN,
                  hands=[["HE2", "SE1", "IW1", "SW1"], ["IA1", "SA1", "IE2", "SE2"]])
    moves = moves_text(state)
    assert "HE2 1R" in moves and "HE2 1L" not in moves
    with pytest.raises(IllegalMoveError, match="side of the seat's polarity"):
        state.play(parse_move("HE2 1L"))


def test_higher_being_on_the_left_counts_as_incubi_for_the_books() -> None:
    state = ready(1, ("books", "squares"), ("invisible-incubi", "flying-sognae"),
                  column=column(p1=("EW", ["HE2"], ["HW2"])), hands=[HAND4])
    vanish, fly = offered(state, "vanish"), offered(state, "fly")
    assert "vanish 1L:HE2" in vanish and "fly 1R:HW2" in fly
    assert "vanish 1R:HW2" not in vanish and "fly 1L:HE2" not in fly


def test_book_price_and_penalty_three_discard_higher_beings() -> None:
    state = new_state(1, {"expansions": ["books", "squares"], "books": ["plaza-lover"]})
    state.play(state.chance_outcomes()[0][0])
    state.play(Draw("HE2"))
    state.play(Draw("C5"))
    assert state.discards == {"HE2": 1} and state.deck["C5"] == 8
    revealing = ready(1, ("squares",), column=column(p1=("EW", ["IE3"], ["SE1"])),
                      hands=[HAND4], top=["C5", "HA2", "SE2", "IE2", "SA1"])
    chaos_waiting(revealing)
    play_all(revealing, "chaos C5 reveal", "draw HA2", "draw SE2", "draw IE2", "draw SA1")
    assert revealing.discards["HA2"] == 1


# --- the deck profile (rules/equilibrium.md) --------------------------------------------------
def test_the_engine_reads_the_deck_profile_never_fixed_powers() -> None:
    data = default_profile().to_data()
    data["sognae"]["earth"] = [1, 1, 1, 2, 2, 2, 3, 5]
    data["higher_beings"]["fire"] = [3, 3]
    state = new_state(1, {"expansions": ["squares"]}, profile=data)
    assert state.deck.get("SE5") == 1 and "SE4" not in state.deck
    assert state.deck.get("HF3") == 2
    assert str(state.chance_outcomes()[0][0]).startswith("deck I:")


def test_chance_events_are_explicit_with_their_probabilities() -> None:
    state = fresh(seed=2)
    arrange(state, column=EMPTY_COLUMN, hands=[HAND4])
    play_all(state, "IE1 1L")
    assert state.to_move() == CHANCE
    outcomes = state.chance_outcomes()
    total = sum(state.deck.values())
    assert dict((str(m), p) for m, p in outcomes)["draw C5"] == pytest.approx(8 / total)
    assert sum(p for _, p in outcomes) == pytest.approx(1.0)
    assert Discard("IE1") not in state.legal_moves()
