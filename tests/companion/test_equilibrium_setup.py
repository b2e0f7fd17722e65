"""The Equilibrium setup randomizer and its setup codes."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.record import Game
from companion.games import registry
from companion.games.equilibrium.cards import BOOK_IDS
from companion.games.equilibrium.setup import (
    DEFAULT_BOOKS,
    Setup,
    SetupCodeError,
    normalise_code,
    randomize_setup,
    setup_from_code,
    setup_from_options,
)

EXPANSION_SETS = [(), ("books",), ("squares",), ("books", "squares")]


def test_same_seed_same_setup_and_seeds_differ() -> None:
    assert randomize_setup(4, ["books"]) == randomize_setup(4, ["books"])
    orders = {randomize_setup(seed, ["books"]).reveal_order for seed in range(30)}
    assert len(orders) > 20


def test_books_two_removed_unseen_six_in_reveal_order_default_three_in_play() -> None:
    setup = randomize_setup(11, ["books"])
    assert len(setup.reveal_order) == 6 and len(set(setup.reveal_order)) == 6
    assert set(setup.reveal_order) <= set(BOOK_IDS)
    assert len(setup.books) == DEFAULT_BOOKS
    assert set(setup.books) == set(setup.reveal_order[:DEFAULT_BOOKS])
    assert setup.with_books(5).books == tuple(sorted(setup.reveal_order[:5],
                                                     key=BOOK_IDS.index))
    with pytest.raises(ValueError, match="between 0 and 6"):
        setup.with_books(7)


def test_no_books_without_the_book_of_powers() -> None:
    assert randomize_setup(2, ["squares"]).books == ()
    with pytest.raises(ValueError, match="only with the Book of Powers"):
        randomize_setup(2, [], books=2)
    with pytest.raises(ValueError, match="unknown expansion"):
        randomize_setup(2, ["dragons"])


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), expansions=st.sampled_from(EXPANSION_SETS),
       players=st.sampled_from([1, 2]), books=st.integers(0, 6),
       cost=st.sampled_from([2, 3, 4]))
def test_every_setup_round_trips_through_its_code(seed: int, expansions: tuple[str, ...],
                                                  players: int, books: int, cost: int) -> None:
    setup = randomize_setup(seed, expansions, players, books if "books" in expansions else None,
                            cost)
    again = setup_from_code(setup.code())
    assert (again.players, again.expansions, again.books, again.book_cost) == (
        setup.players, setup.expansions, setup.books, setup.book_cost)
    assert again.code() == setup.code()


def test_code_reads_with_any_case_spaces_and_without_the_prefix() -> None:
    code = randomize_setup(3, ["books", "squares"], 2).code()
    assert code.startswith("EQ-") and len(code) == 8
    bare = code[3:]
    assert setup_from_code(bare.lower()) == setup_from_code(code)
    assert setup_from_code(" eq " + bare[:2] + " " + bare[2:]) == setup_from_code(code)
    assert normalise_code("EQ-1O1IL") == "10111"


@pytest.mark.parametrize(("code", "sentence"), [
    ("hello!", "is not an Equilibrium setup code"),
    ("EQ-1234", "is not an Equilibrium setup code"),
    ("1A2B3-C4D5E", "is not an Equilibrium setup code"),
])
def test_text_that_is_not_a_code_is_refused_with_a_sentence(code: str, sentence: str) -> None:
    with pytest.raises(SetupCodeError, match=sentence):
        setup_from_code(code)


def test_a_mistyped_character_is_caught_by_the_check_character() -> None:
    code = normalise_code(randomize_setup(8, ["books"]).code())
    caught = 0
    for position, char in itertools.product(range(5), "0123456789ABCDEFGHJKMNPQRSTVWXYZ"):
        if char == code[position]:
            continue
        typo = code[:position] + char + code[position + 1:]
        try:
            setup_from_code(typo)
        except SetupCodeError:
            caught += 1
    assert caught >= 0.9 * 5 * 31


def _code_for(bits: int, version: int = 1) -> str:
    from companion.games.equilibrium.setup import ALPHABET, _check_char

    data = ALPHABET[version] + "".join(ALPHABET[(bits >> (5 * k)) & 31] for k in (2, 1, 0))
    return data + _check_char(data)


@pytest.mark.parametrize(("bits", "version", "sentence"), [
    (0, 2, "comes from another version"),
    (1, 1, "is damaged"),
    (0b0_00_11_00000000 << 2, 1, "book price that does not exist"),
    (0b0_00_00_10000000 << 2, 1, "lists books without the Book of Powers"),
    (0b0_10_00_11111110 << 2, 1, "lists 7 books"),
])
def test_a_code_that_decodes_to_nonsense_is_refused(bits: int, version: int,
                                                    sentence: str) -> None:
    with pytest.raises(SetupCodeError, match=sentence):
        setup_from_code(_code_for(bits, version))


def test_setup_describes_the_steps_in_both_languages() -> None:
    setup = randomize_setup(5, ["books", "squares"], 2, books=2, book_cost=3)
    en, ja = setup.describe("en"), setup.describe("ja")
    assert en[0].startswith("Players: 2") and "Sognae polarity card" in en[0]
    assert any("16 cities" in line for line in en)
    assert any("turn up 6 dream cards (3 per book)" in line for line in en)
    assert en[-1] == f"Setup code: {setup.code()}" and ja[-1] == f"準備コード: {setup.code()}"
    assert any("16都市" in line for line in ja)
    assert not any(c.isascii() and c.isalpha() for c in ja[1].replace("Incubi", "")
                   .replace("Sognae", ""))


def test_a_setup_starts_a_digital_game_with_its_books() -> None:
    setup = randomize_setup(6, ["books"], books=4, book_cost=3)
    options = registry.get("equilibrium").validate_options(setup.options())
    game = Game.new("equilibrium", 1, options, seed=2)
    assert sorted(game.state.books) == sorted(setup.books)
    game.state.play(game.state.chance_outcomes()[0][0])  # the deck profile
    assert [k for k, _ in game.state.steps].count("cost") == 12
    assert setup_from_options(1, options).code() == setup.code()


def test_registry_offers_the_setup_hooks() -> None:
    extras = registry.get("equilibrium").extras
    setup = extras["setup"](3, ["books"], 2)
    assert isinstance(setup, Setup) and setup.players == 2
    assert extras["setup_from_code"](setup.code()).books == setup.books
