"""Whole Equilibrium games: random play in every configuration (solo and two players, each
expansion and both) with the invariants after every step (every dream, city and book card
conserved, at most three cards a side, sums in step), every legal move and chance outcome
round-tripping through its notation, records that replay exactly (also with another deck
profile), bad records refused with a sentence, the two-player views and determinization, and
the co-operative outcome."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.core.errors import IllegalMoveError, MoveParseError, RecordError
from companion.core.record import Game, GameRecord, RecordEntry, sample_outcome
from companion.games.equilibrium.moves import parse_move
from companion.games.equilibrium.positions import arrange, fresh
from companion.games.equilibrium.profile import default_profile
from companion.games.equilibrium.record import game_document
from companion.games.equilibrium.rules import HIDDEN, EquilibriumState, new_state

CONFIGS = [(), ("books",), ("squares",), ("books", "squares")]


def _random_game(players: int, expansions: tuple[str, ...], seed: int,
                 check: Any = None) -> Game:
    game = Game.new("equilibrium", players, {"expansions": list(expansions)}, seed)
    rng = random.Random(seed)
    if check is not None:
        check(game.state)
    while not game.state.is_over():
        if game.state.is_chance():
            game._play(sample_outcome(game.state, game.rng))
        else:
            game.play(rng.choice(game.state.legal_moves()))
        if check is not None:
            check(game.state)
        assert len(game.record.entries) < 3000
    return game


def _no_broken_invariants(state: EquilibriumState) -> None:
    errors = state.invariant_errors()
    assert not errors, (errors, state.describe())


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("expansions", CONFIGS, ids=lambda c: "+".join(c) or "base")
def test_every_configuration_plays_to_the_end_keeping_the_invariants(
        players: int, expansions: tuple[str, ...]) -> None:
    for seed in range(3):
        game = _random_game(players, expansions, seed, _no_broken_invariants)
        state = game.state
        assert isinstance(state, EquilibriumState)
        outcome = state.outcome()
        assert outcome is not None and state.legal_moves() == []
        assert outcome.winners in (frozenset(), frozenset(range(players)))
        assert outcome.scores == (float(len(state.claimed)),) * players
        assert state.total_cities == (16 if "squares" in expansions else 12)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.sampled_from([1, 2]),
       expansions=st.sampled_from(CONFIGS))
def test_random_games_keep_every_invariant(seed: int, players: int,
                                           expansions: tuple[str, ...]) -> None:
    _random_game(players, expansions, seed, _no_broken_invariants)


@pytest.mark.parametrize("expansions", CONFIGS, ids=lambda c: "+".join(c) or "base")
def test_every_legal_move_and_chance_outcome_round_trips_through_notation(
        expansions: tuple[str, ...]) -> None:
    seen: set[str] = set()

    def check(state: EquilibriumState) -> None:
        for move in state.legal_moves():
            text = str(move)
            assert parse_move(text) == move, text
            assert type(move).parse(text) == move, text
            seen.add(text.split()[0])

    for seed in range(2):
        _random_game(2, expansions, seed, check)
    assert {"draw", "city", "deck", "balance", "discard", "swap", "chaos"} <= seen


def test_record_json_replays_to_the_same_position_and_documents_the_result() -> None:
    game = _random_game(2, ("books", "squares"), 5)
    text = game.record.to_json()
    replayed = Game.replay(GameRecord.from_json(text))
    assert replayed.state.describe() == game.state.describe()
    document = game_document(game.record)
    assert document["moves"][0]["chance"].startswith("deck I:")
    assert document["deck_profile"] == default_profile().to_data()
    assert document["result"]["finished"] is True
    assert document["result"]["cities_total"] == 16
    assert document["result"]["detail"] == game.state.outcome().detail
    assert GameRecord.from_dict(json.loads(json.dumps(document))).to_json() == text


def test_a_record_replays_with_the_deck_profile_it_was_played_with() -> None:
    data = default_profile().to_data()
    data["sognae"]["water"] = [1, 1, 1, 2, 2, 2, 4, 4]
    game = Game(new_state(1, {}, profile=data), seed=9)
    rng = random.Random(9)
    while not game.state.is_over():
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(rng.choice(game.state.legal_moves()))
    assert "S:11122234/11122244/" in game.record.entries[0].move
    replayed = Game.replay(game.record)  # created with the default profile, then the record's
    assert replayed.state.describe() == game.state.describe()


def test_a_record_with_an_illegal_move_is_refused_with_the_move_position_and_reason() -> None:
    game = _random_game(1, (), 3)
    entries = list(game.record.entries)
    first_seat = next(i for i, e in enumerate(entries) if e.seat == 0)
    bad = GameRecord("equilibrium", 1, game.record.seed, game.record.options,
                     [*entries[:first_seat], RecordEntry(0, "IE1 4R")])
    with pytest.raises(RecordError) as caught:
        Game.replay(bad)
    message = str(caught.value)
    assert f"move {first_seat + 1} (IE1 4R)" in message
    assert "in position: Equilibrium" in message
    assert ("Incubi card goes on the left" in message or "no IE1 in the hand" in message)


def test_a_record_with_a_chance_outcome_that_cannot_happen_is_refused() -> None:
    game = _random_game(1, (), 4)
    entries = [e for e in game.record.entries[:3]]
    entries[1] = RecordEntry(-1, "city EWFA")  # no square city without the expansion
    bad = GameRecord("equilibrium", 1, game.record.seed, game.record.options, entries)
    with pytest.raises(RecordError, match="no city EWFA is left in the city deck"):
        Game.replay(bad)


@pytest.mark.parametrize("text", ["IE2", "IX2 3L", "IE2 5L", "IE2 3Q", "swap 1L:IE1",
                                  "chaos IE1 2L", "zero 2 IE1 SE1", "book nothing", "deck x",
                                  "order", "city QQ", ""])
def test_text_that_is_not_a_move_gives_a_parse_error_naming_it(text: str) -> None:
    try:
        move = parse_move(text)
    except MoveParseError as exc:
        assert repr(text) in str(exc)
        return
    assert text == "swap 1L:IE1" and str(move) == text  # a valid half of a swap


def test_an_illegal_move_leaves_the_position_unchanged() -> None:
    state = arrange(fresh(), column={1: ("EW", [], [])}, hands=[["IE1", "SE1", "IW1", "SW1"]])
    before = state.describe()
    with pytest.raises(IllegalMoveError):
        state.play(parse_move("IE1 1R"))
    assert state.describe() == before


# --- two players: private hands ---------------------------------------------------------------
def test_view_hides_the_partners_hand_among_the_unseen_cards() -> None:
    state = fresh(2, seed=6)
    for seat in (0, 1):
        view = state.view(seat)
        assert view.hand(seat) == state.hand(seat)
        assert view.hand(1 - seat) == (HIDDEN,) * len(state.hand(1 - seat))
        assert not view.invariant_errors()
        assert view.to_move() == state.to_move()


def test_determinize_deals_the_hidden_hand_from_the_unseen_cards() -> None:
    state = fresh(2, seed=7)
    view = state.view(0)
    rng = random.Random(1)
    hands = set()
    for _ in range(10):
        full = view.determinize(0, rng)
        assert full.hand(0) == state.hand(0) and HIDDEN not in full.hand(1)
        assert len(full.hand(1)) == 4 and not full.invariant_errors()
        assert full.deck_size() == state.deck_size()
        assert full.describe().split("; column")[1].split("; hands")[0] == \
            state.describe().split("; column")[1].split("; hands")[0]
        hands.add(tuple(sorted(full.hand(1))))
    assert len(hands) > 1  # sampled, not copied


def test_solo_view_hides_nothing_but_the_deck_order_is_determinized() -> None:
    state = fresh(1, seed=5)
    assert state.view(0).describe() == state.describe()
    assert state.has_hidden_information()  # the order of both decks
    world = state.determinize(0, random.Random(2))
    assert len(world.top) == state.deck_size() and sum(world.deck.values()) == 0
    assert sorted(world.city_top) == sorted(c for c, n in state.city_deck.items()
                                            for _ in range(n))
    assert not world.invariant_errors()
    assert world.chance_outcomes() == [] and world.to_move() == 0
    world.play(world.legal_moves()[0])
    while world.is_chance():
        (only, probability), = world.chance_outcomes()  # every draw is now known
        assert probability == 1.0
        world.play(only)


# --- the co-operative outcome ---------------------------------------------------------------------
def test_outcome_every_seat_wins_or_none_and_scores_are_cities_claimed() -> None:
    state = arrange(fresh(2), column={1: ("EW", ["IE1"], ["SE1"]), 2: ("", [], []),
                                      3: ("", [], []), 4: ("", [], [])},
                    hands=[["IE2", "SE2", "IW2", "SW2"], ["IA2", "SA2", "IF2", "SF2"]])
    for city, n in state.city_deck.items():
        state.claimed += [city] * n
        state.city_deck[city] = 0
    state.play(parse_move("balance"))
    state.play(parse_move("discard IE2"))
    outcome = state.outcome()
    assert outcome is not None and outcome.winners == frozenset({0, 1})
    assert outcome.detail == "won (12/12)" and state.returns() == (1.0, 1.0)
    assert outcome.breakdown == ({"cities": 12.0, "total": 12.0,
                                  "deck_left": float(state.deck_size())},) * 2


def test_a_game_is_worth_its_share_of_cities_to_the_bots() -> None:
    state = arrange(fresh(1), column={1: ("EW", [], [])}, hands=[["IE1", "SE1", "IW1", "SW1"]],
                    keep=0)
    state.claimed += ["FA", "FA", "WA"]
    state.city_deck["FA"] -= 2
    state.city_deck["WA"] -= 1
    state.play(parse_move("IE1 1L"))
    assert state.outcome().detail == "lost (3/12)"
    assert state.returns() == (pytest.approx(3 / 12),)
    assert state.result_text("ja") == "敗北 (3/12)"


# --- what a board view reads ------------------------------------------------------------------
def test_queries_a_board_view_reads() -> None:
    from companion.games.equilibrium.cards import card_name, city_name, side_name

    state = arrange(fresh(), column={1: ("EW", ["IE2", "C5"], ["SE3"]), 2: ("EF", [], []),
                                     3: ("EA", ["IA1"], ["SA1"]), 4: ("WF", [], ["SW2"])},
                    hands=[["IE1", "SE1", "IW1", "SW1"]], top=["C5"])
    assert state.city(1) == "EW" and state.side(1, 0) == ("IE2", "C5")
    assert (state.side_sum(1, 0), state.side_sum(1, 1)) == (-7, 3)
    assert state.stronger_sides(1) == (0,) and state.stronger_sides(2) == (0, 1)
    assert state.is_balanced(3) and not state.is_balanced(2)
    assert state.balanced_cities() == [3]
    assert state.penalty_options() == {"place": True, "clear": True, "reveal": True}
    assert (state.deck_size(), state.discard_size(), state.city_deck_size()) == (
        state.deck_n, 0, 8)
    assert state.cities_claimed() == 0 and state.pending() == "act" and state.phase() == 1
    state.play(parse_move("IE1 2L"))
    assert state.phase() == 2 and state.pending() == "chance"
    assert card_name("IE2", "en") == "earth Incubi −2"
    assert card_name("C5", "ja", side=1) == "混沌 +5"
    assert card_name("HW2", "en") == "water higher being ±2"
    assert city_name("EWFA", "en") == "square (all four elements)"
    assert city_name("FA", "ja") == "火・大気" and side_name(1, "en") == "right"
