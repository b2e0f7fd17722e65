"""The 紙机戦 deck, its notation, the hand types (the book's examples) and the points ledger."""

from __future__ import annotations

import pytest

from companion.core.errors import MoveParseError
from companion.games.nincetkaik.deck import (
    ALL_CARDS,
    COPIES,
    DECK_SIZE,
    Colour,
    Profession,
    card,
    card_kanji,
    colour,
    face,
    format_card,
    format_cards,
    number,
    parse_card,
    parse_cards,
    strength,
)
from companion.games.nincetkaik.hands import (
    STANDARD,
    HandRules,
    Kind,
    partitions,
    readings,
    strongest,
)
from companion.games.nincetkaik.ledger import (
    ParentRate,
    Session,
    Step,
    split_pot,
    sticks_for,
    sticks_text,
)
from companion.history import PlayMode

P = Profession


def cards(text: str) -> list[int]:
    return parse_cards(text)


# --- the deck --------------------------------------------------------------------------------
def test_deck_has_48_cards_24_per_colour_with_the_books_counts() -> None:
    assert DECK_SIZE == 48
    for c in (Colour.RED, Colour.BLACK):
        assert sum(COPIES[k] for k in ALL_CARDS if colour(k) == c) == 24
    per_profession = [COPIES[card(p, Colour.RED)] for p in P]
    # 船 1, 無 3, 兵 4, 弓 車 虎 馬 筆 巫 将 2 each, 王 1, 皇 1 (the count row under the deck)
    assert per_profession == [1, 3, 4, 2, 2, 2, 2, 2, 2, 2, 1, 1]


def test_numbers_run_from_blank_0_to_general_8_and_ship_king_tam_have_none() -> None:
    assert [number(card(p, 0)) for p in P] == [None, 0, 1, 2, 3, 4, 5, 6, 7, 8, None, None]


def test_strength_rises_from_ship_to_general_and_king_equals_tam() -> None:
    order = [strength(card(p, 0)) for p in P]
    assert order[:10] == sorted(order[:10]) and len(set(order[:10])) == 10
    assert strength(card(P.KING, 0)) == strength(card(P.TAM, 1)) > strength(card(P.GENERAL, 0))
    assert strength(card(P.SHIP, 0)) == min(order)


def test_every_card_round_trips_through_both_notations() -> None:
    for c in ALL_CARDS:
        assert parse_card(format_card(c)) == c
        assert parse_card(card_kanji(c)) == c
    assert format_card(card(P.HORSE, Colour.RED)) == "r5"
    assert format_card(card(P.TAM, Colour.BLACK)) == "bT"
    assert parse_cards("赤馬 黒馬,rS+bK") == cards("r5b5rSbK")
    assert format_cards(cards("r5b5")) == "r5b5"


@pytest.mark.parametrize("text", ["", "r9", "x5", "r", "赤猫", "r5b"])
def test_bad_card_text_is_refused_with_the_text_and_a_hint(text: str) -> None:
    with pytest.raises(MoveParseError) as err:
        parse_cards(text)
    assert repr(text) in str(err.value) and "colour letter" in str(err.value)


def test_faces_give_the_pictures_kanji_colour_strength_numeral_and_names() -> None:
    horse = face(card(P.HORSE, Colour.RED))
    assert (horse.kanji, horse.colour, horse.number, horse.strength, horse.numeral) == \
        ("馬", Colour.RED, 5, 6, "一")
    assert horse.name("ja") == "赤の馬" and horse.name("en") == "red Horse 5"
    tam = face(card(P.TAM, Colour.BLACK))
    assert tam.number is None and tam.name("en") == "black Tam" and tam.numeral == "皇"
    assert [face(card(p, 0)).numeral for p in P if number(card(p, 0)) is not None] == \
        ["、", "|", "‖", "|||", "メ", "一", "十", "卄", "卌"]


# --- hand types -------------------------------------------------------------------------------
def kinds(text: str, rules: HandRules = STANDARD) -> set[tuple[Kind, int]]:
    return {(r.kind, r.rank) for r in readings(cards(text), rules)}


def test_single_is_one_card_by_strength_and_a_lone_ship_is_the_weakest() -> None:
    assert kinds("r5") == {(Kind.SINGLE, 6)}
    assert kinds("rS") == {(Kind.SINGLE, 0)}


def test_set_needs_equal_strength_any_colours_and_king_with_tam_is_a_set() -> None:
    assert kinds("r1b1") == {(Kind.SET, 2)}  # 兵兵
    assert kinds("rKbT") == {(Kind.SET, 10)}  # 皇王
    assert kinds("r1b2") == set()


def test_run_is_one_colour_and_consecutive_numbers() -> None:
    assert kinds("b3b4b5") == {(Kind.RUN, 5)}  # 車虎馬
    assert kinds("r0r1r2") == {(Kind.RUN, 2)}  # 無兵弓: 無 is 0
    assert kinds("r3b4r5") == set()  # colours mixed
    assert kinds("r3r5r6") == set()  # a gap


def test_run_never_counts_king_or_tam_as_9_nor_the_ship_as_minus_1_or_9() -> None:
    assert kinds("r7r8rK") == set()  # 巫将王 is no run
    # 船 with 無 and 兵 can only be 弓 (2), never −1
    assert kinds("r0r1rS") == {(Kind.RUN, 2)}
    # 船 with 巫 and 将 can only be 筆 (6), never 9
    assert kinds("r7r8rS") == {(Kind.RUN, 8)}


def test_ship_stands_in_for_a_card_of_its_own_colour_inside_a_hand() -> None:
    assert kinds("rSb5") == {(Kind.SET, 6)}  # a set of 馬: colours of a set are free
    assert kinds("rSr3r5") == {(Kind.RUN, 5)}  # the red 船 is the red 虎
    assert kinds("bSr3r5") == set()  # a black 船 cannot join a red run
    assert (Kind.RUN, 6) in kinds("rSr4r5")  # 4-5 with 船 as 3 or as 6: both readings
    assert strongest(cards("rSr4r5")).rank == 6  # type: ignore[union-attr]


def test_ships_alone_are_a_set_of_ships() -> None:
    assert kinds("rSbS") == {(Kind.SET, 0)}


def test_same_hand_means_same_type_and_size_and_stronger_means_strictly() -> None:
    pair = strongest(cards("r1b1"))
    better = strongest(cards("r2b2"))
    three = strongest(cards("r3b3r3"))
    assert pair and better and three
    assert better.beats(pair) and not pair.beats(better) and not better.beats(better)
    assert not three.beats(pair)  # a 3-set is not "the same 役" as a 2-set


def test_set_colours_as_played_decide_the_colour_mix_of_mokaik() -> None:
    # 行戦: after black-red-red only another black-red-red three-set may follow
    lead = strongest(cards("b4r4r4"))
    good, bad = strongest(cards("b5r5r5")), strongest(cards("b5b5r5"))
    assert lead and good and bad
    assert good.colours == lead.colours and bad.colours != lead.colours


def test_run_of_sets_like_the_books_1_1_2_2_3_3() -> None:
    rules = HandRules(run_one_colour=False, runs_of_sets=True)
    found = {(r.kind, r.rank, r.width) for r in readings(cards("r1b1r2b2r3b3"), rules)}
    assert found == {(Kind.RUN_OF_SETS, 3, 2)}
    assert (Kind.RUN_OF_SETS, 3) not in kinds("r1b1r2b2r3b3")  # not in the standard rules


def winning_splits(text: str) -> set[tuple[tuple[Kind, int], ...]]:
    def accept(c: object) -> bool:
        return (c.kind is Kind.SET and c.size in (2, 3, 4)) or (  # type: ignore[attr-defined]
            c.kind is Kind.RUN and c.size == 3)  # type: ignore[attr-defined]

    return {tuple(sorted((c.kind, c.size) for c in split))
            for split in partitions(cards(text), accept)}


def test_the_books_taxot_winning_hands_split_into_hands() -> None:
    assert ((Kind.SET, 2),) * 3 in winning_splits("r1b1r5b5rKbT")  # 兵兵 馬馬 王皇
    assert ((Kind.SET, 2), (Kind.SET, 4)) in winning_splits("r0b0r2b2r2b2")  # 無無 弓弓弓弓
    assert ((Kind.SET, 3), (Kind.RUN, 3)) in winning_splits("r7b7r7r3r4r5")  # 巫巫巫 車虎馬
    assert winning_splits("r1b2r5b6r8bK") == set()


# --- point sticks and the ledger ---------------------------------------------------------------
def test_sticks_are_white_1_red_5_black_25() -> None:
    assert sticks_for(40) == (1, 3, 0)
    assert sticks_for(31) == (1, 1, 1)
    assert sticks_text(31, "en") == "1 black, 1 red, 1 white"
    assert sticks_text(7, "ja") == "赤1本・白2本"
    with pytest.raises(ValueError):
        sticks_for(-1)


def test_parent_rate_starts_at_2_rises_when_the_parent_wins_and_resets_otherwise() -> None:
    rate = ParentRate(0)
    assert rate.rate == 2
    assert rate.after(0) == ParentRate(0, 3)
    assert rate.after(0).after(0).after(2) == ParentRate(2, 2)
    assert rate.after(None) == rate


def test_parent_rate_multiplies_only_payments_the_parent_makes_or_receives() -> None:
    rate = ParentRate(0, 2)
    # the book's 行戦 example: 甲 (親, 7 cards) pays 乙 (6 − 7) × 2 = −2; 丙 pays 6 − 1 = 5
    assert (6 - 7) * rate.multiplier(0, 1) == -2
    assert (6 - 1) * rate.multiplier(2, 1) == 5


def test_split_pot_hands_odd_points_out_in_seat_order_after_the_parent() -> None:
    assert split_pot(7, [0, 2], parent=1, players=4) == [3, 0, 4, 0]
    assert split_pot(7, [0, 1, 2], parent=2, players=3) == [3, 2, 2]
    assert split_pot(6, [1], parent=0, players=3) == [0, 6, 0]


def season(deltas: tuple[int, ...], parent: int, rate: int) -> Step:
    return Step("season", (("seasons", deltas),), "季節", "season", ends_round=True,
                parent_after=parent, rate_after=rate)


def test_session_steps_undo_redo_and_conserve_points() -> None:
    session = Session("taxot", ("A", "B", "C"), (0, 0, 0), parent=0, rounds=2,
                      categories=("seasons", "calls"))
    first = session.add(season((6, -3, -3), 0, 3))
    second = first.add(Step("call", (("calls", (1, -1, 0)),), "開", "call"))
    assert second.totals() == (7, -4, -3)
    assert second.breakdown(1) == {"seasons": -3, "calls": -1}
    assert second.parent_rate() == ParentRate(0, 3)
    back = second.undo()
    assert back.steps == first.steps and back.can_redo()
    assert back.redo().totals() == second.totals()
    assert session.totals() == (0, 0, 0)  # values never change
    with pytest.raises(ValueError, match="do not balance"):
        session.add(season((1, 0, 0), 0, 2))
    done = second.add(season((-2, 4, -2), 1, 2))
    assert done.is_over() and done.winners() == [0]
    with pytest.raises(ValueError, match="already entered"):
        done.add(season((0, 0, 0), 1, 2))


def test_session_gives_a_table_play_record_with_ranks_and_breakdown() -> None:
    session = Session("nanto", ("A", "B"), (40, 40), rounds=1,
                      categories=("pots", "stakes"))
    session = session.add(Step("hand", (("pots", (6, 0)), ("stakes", (-3, -3))),
                               ends_round=True))
    record = session.to_play_record(location="club")
    assert record.mode is PlayMode.TABLE and record.game_id == "nanto"
    assert [s.score for s in record.seats] == [43.0, 37.0]
    assert record.seats[0].breakdown == {"start": 40.0, "pots": 6.0, "stakes": -3.0}
    assert [s.rank for s in record.seats] == [1, 2] and record.winners() == ["A"]
    assert Session("x", ("A", ""), (0, 0)).problems() == ["Every player needs a name."]
