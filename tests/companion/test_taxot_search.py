"""終季's search: the hands one card short (waits, draws that lead to a wait), how soon a hand
wins (`taxot_hand_chance`), how the other hands are guessed (`taxot_kept_value`, the clues
the table shows), the danger of a discard, and what the determinized search sees at its
horizon."""

from __future__ import annotations

import random

import pytest

from companion.games.nincetkaik.bots import (
    TAXOT_HASTE,
    TAXOT_PROGRESS,
    TaxotClues,
    taxot_hand_chance,
    taxot_kept_value,
    taxot_progress,
    taxot_unseen,
    taxot_waited_points,
    taxot_win_points,
)
from companion.games.nincetkaik.deck import ALL_CARDS, format_cards, full_stock, parse_cards
from companion.games.nincetkaik.positions import feed, round_robin
from companion.games.nincetkaik.taxot.rules import TaxotState, new_state
from companion.games.nincetkaik.taxot.scoring import (
    improving_draws,
    is_winning,
    waiting_cards,
)


def waits(hand: str, meld_sizes: tuple[int, ...] = ()) -> str:
    return format_cards(waiting_cards(parse_cards(hand), meld_sizes))


def test_the_waits_of_a_hand_one_card_short() -> None:
    assert waits("b0b2b4b5b6") == "bSb1"  # b4b5b6 and b0 _ b2 (a 船 stands in for b1)
    assert waits("r1b1r5b5rK") == "rSbSbKrTbT"  # [2][2][2]: another 王 or 皇, or a 船
    assert waits("r2r2b2r7r8") == "rSr6"  # [3-set][3-run]: r6 r7 r8 (r7 r8 is no pair)
    assert waits("r1b3r5b6rK") == ""
    assert waits("b3b3", (3,)) == "rSbSr3"  # a 3 laid out: the pair waits for a third 車


@pytest.mark.parametrize("seed", range(6))
def test_waits_are_exactly_the_cards_that_make_the_hand_win(seed: int) -> None:
    rng = random.Random(seed)
    deck = [c for c in ALL_CARDS for _ in range(full_stock()[c])]
    for _ in range(40):
        rng.shuffle(deck)
        hand = deck[:5]
        winning = tuple(c for c in ALL_CARDS if is_winning([*hand, c], []))
        assert waiting_cards(hand) == winning, format_cards(hand)


def test_improving_draws_are_the_cards_after_which_a_discard_leaves_a_wait() -> None:
    hand = tuple(parse_cards("r1b1r5b7rK"))  # one pair: not waiting yet
    assert waiting_cards(hand) == ()
    found = dict(improving_draws(hand))
    for c in ALL_CARDS:
        six = sorted((*hand, c))
        leaves = {waiting_cards([*six[:i], *six[i + 1:]]) for i in range(6)} - {()}
        assert set(found.get(c, ())) == leaves, format_cards([c])
    assert set(found[parse_cards("b5")[0]]) >= {waiting_cards(parse_cards("r1b1r5b5rK"))}


def chance(hand: str, deep: bool = True, looks: int = 20) -> float:
    cards = tuple(parse_cards(hand))
    unseen = full_stock()
    for c in cards:
        unseen[c] -= 1
    return taxot_hand_chance(cards, (), unseen, looks, deep)


def test_a_hand_wins_sooner_with_more_waits_and_sooner_than_one_not_waiting() -> None:
    assert len(waiting_cards(parse_cards("r1b1r5b5r0"))) == 4  # 無 ×5 and the 船 ×2
    assert len(waiting_cards(parse_cards("r1b1r5b5rK"))) == 5  # one card each
    assert chance("r1b1r5b5r0") > chance("r1b1r5b5rK") > 0.0
    assert chance("r1b1r5b5rK") > chance("r1b1r5b7rK") > 0.0  # one card from waiting
    assert chance("r1b1r5b7rK", deep=False) == 0.0  # (the others' hands: only their waits)
    assert chance("r1b1r5b7rK") > chance("r1b3r5b7rK")
    assert chance("r1b1r5b5rK", looks=8) < chance("r1b1r5b5rK", looks=20)


def test_a_hand_cannot_win_when_its_winning_cards_are_all_seen() -> None:
    hand = tuple(parse_cards("b0b2b4b5b6"))  # waits for b1 or bS
    gone = full_stock()
    gone[parse_cards("b1")[0]] = gone[parse_cards("bS")[0]] = 0
    assert taxot_hand_chance(hand, (), gone, 20, deep=True) == 0.0
    one = [0] * len(gone)
    one[parse_cards("b1")[0]] = 1  # the next card wins for sure: worth a card's haste
    assert taxot_hand_chance(hand, (), one, 20, deep=True) == pytest.approx(TAXOT_HASTE)


def searched(hands: tuple[str, str], draw: str) -> TaxotState:
    """Seat 1 (the 親) has drawn `draw`; the state is the start of seat 1's search."""
    state = new_state(2, {"seasons": 4})
    feed(state, ["parent 1", *round_robin(list(hands)), f"draw {draw}"])
    state.begin_search(0)
    return state


def test_the_search_stops_before_the_next_draw_and_scores_the_hands_it_left() -> None:
    state = searched(("b0b2b4b5b6", "r1b3r5r7rK"), "r8")
    state.danger = (0.0,) * len(ALL_CARDS)  # no discard loses here
    keep = state.copy()
    feed(keep, "discard r8;pass")  # still waiting for b1
    assert keep.is_over() and keep.truncated and keep.queue == []
    spoil = state.copy()
    feed(spoil, "discard b5;pass")  # no longer waits
    assert keep.returns()[0] > spoil.returns()[0]
    # six cards at the start: worth their best discard, so keeping the wait gains nothing
    assert state.horizon_values[0] == pytest.approx(keep.search_value(0))
    assert keep.returns() == pytest.approx((0.5, 0.5))
    assert keep.search_value(0) > keep.search_value(1)  # the other seat's hand is not judged


def test_a_discard_the_other_seat_wins_on_is_a_loss_in_the_search() -> None:
    state = searched(("b0b2b4b5b6", "r1b1r5b5rK"), "bT")  # seat 2 waits for 皇
    feed(state, "discard bT;declare")
    assert state.is_over() and state.season_ended()
    assert state.search_value(1) == state.points[1] > 0  # a season scored: points only
    assert state.returns()[0] < 0.1


def test_a_guessed_hand_after_a_few_turns_is_one_a_player_would_keep() -> None:
    state = new_state(2, {"seasons": 4})
    feed(state, ["parent 1", *round_robin(["r0b2r4b6b8", "r1b3r5r7rK"])])
    for drawn, thrown in (("b0", "b0"), ("r3", "r3"), ("bT", "bT"), ("r6", "r6"),
                          ("b7", "b7"), ("rT", "rT"), ("r2", "r2"), ("b5", "b5")):
        feed(state, f"draw {drawn};discard {thrown}")
        while state.phase == "claim":
            feed(state, "pass")
    view = state.view(0)
    rng = random.Random(5)
    guessed = [view.determinize(0, rng) for _ in range(60)]
    plain = [super(TaxotState, view).determinize(0, rng) for _ in range(60)]
    for sample in guessed:
        assert sample.card_errors() == [] and len(sample.hands[1]) == 5
        assert sample.hands[0] == state.hands[0]

    def waiting(samples: list[TaxotState]) -> int:
        return sum(1 for s in samples if waiting_cards(s.hands[1]))

    assert waiting(guessed) > 2 * waiting(plain)


def test_each_discard_remembers_its_discarder_and_a_call_takes_both_away() -> None:
    state = new_state(2, {"seasons": 4})
    feed(state, ["parent 1", *round_robin(["r3b0b2rKb6", "r4r5b1b3r8"])])
    feed(state, "draw b8;discard b8;pass;draw b7;discard b7;pass;draw r0;discard r3")
    assert state.discarders == [0, 1, 0]
    feed(state, "call r4r5;discard r8")
    assert list(zip(state.discards, state.discarders, strict=True)) == [
        (parse_cards("b8")[0], 0), (parse_cards("b7")[0], 1), (parse_cards("r8")[0], 1)]


def test_a_kept_hand_rarely_holds_the_strength_its_player_threw_away() -> None:
    hand = parse_cards("r1b1r5b5r7")  # waits for 巫 (r7 b7)
    kept = taxot_kept_value(hand)
    assert taxot_kept_value(hand, TaxotClues(thrown=tuple(parse_cards("b7")))) < kept
    assert taxot_kept_value(hand, TaxotClues(thrown=tuple(parse_cards("b8")))) == kept
    assert taxot_kept_value(parse_cards("r1b3r5b6rK")) < kept  # no wait, no pair


def test_a_kept_hand_does_not_wait_for_a_discard_its_player_let_pass() -> None:
    hand = parse_cards("r1b1r5b5r7")
    kept = taxot_kept_value(hand)
    assert taxot_kept_value(hand, TaxotClues(passed=tuple(parse_cards("b7r3")))) < kept
    assert taxot_kept_value(hand, TaxotClues(passed=tuple(parse_cards("b6r3")))) == kept
    state = new_state(2, {"seasons": 4})
    feed(state, ["parent 1", *round_robin(["r3b0b2rKb6", "r4r5b1b3r8"])])
    feed(state, "draw b8;discard b8;pass;draw b7;discard b7;pass;draw r0;discard r3;call r4r5")
    clues = state.clues(1)
    assert clues.meld_sizes == (3,) and clues.thrown == tuple(parse_cards("b7"))
    assert clues.passed == tuple(parse_cards("b8b7"))  # r3 was taken


def test_a_discard_in_the_search_costs_its_danger_times_what_the_other_would_win() -> None:
    state = searched(("b0b2b4b5b6", "r1b3r5r7rK"), "r8")
    assert len(state.danger) == len(ALL_CARDS) and all(0 <= d <= 1 for d in state.danger)
    assert state.danger[parse_cards("rS")[0]] > state.danger[parse_cards("r8")[0]]
    safe, risky = state.copy(), state.copy()
    safe.danger = (0.0,) * len(ALL_CARDS)
    risky.danger = tuple(0.5 if c == parse_cards("r8")[0] else 0.0 for c in ALL_CARDS)
    feed(safe, "discard r8")
    feed(risky, "discard r8")
    worth = taxot_win_points(risky, 1)  # 終季 2 × 加点 2 (the 親 would pay) + its 王
    assert worth == 5
    assert risky.search_value(0) == pytest.approx(safe.search_value(0) - 0.5 * worth)
    assert risky.search_value(1) == safe.search_value(1)


def test_a_waiting_hand_is_worth_what_its_winning_cards_would_score() -> None:
    state = searched(("b0b2b4b5b6", "r1b3r5r7rK"), "r8")
    state.danger = (0.0,) * len(ALL_CARDS)  # no discard loses here
    feed(state, "discard r8")  # waits for b1 or bS: one colour either way (同色)
    kept = tuple(state.hands[0])
    unseen = taxot_unseen(state, 0)
    worth = taxot_win_points(state, 0)
    assert worth == 4  # 終季 2 × 加点 2
    assert taxot_waited_points(state, 0, kept, unseen, worth) == 6  # (2 + 同色 1) × 2
    chance = taxot_hand_chance(kept, (), unseen, state.deck_size, deep=True)
    assert state.search_value(0) == pytest.approx(
        6 * chance + TAXOT_PROGRESS * taxot_progress(list(kept)))
    mixed = tuple(parse_cards("r1b1r5b5rK"))  # waits for rS bS (its 王 pays 1) or bK rT bT
    assert taxot_waited_points(state, 0, mixed, unseen, worth) == pytest.approx(
        ((2 * 2 + 1) * 2 + (2 * 2 + 2) * 3) / 5)  # (a second 王 or 皇 pays 1 more)
