"""連友 (neki): one test per rule clause of lanerme-games.md §6 (and §14.1, §14.8), notation
and bad input."""

from __future__ import annotations

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError
from companion.core.record import Game
from companion.games.nincetkaik.deck import parse_cards
from companion.games.nincetkaik.neki.rules import NekiState
from companion.games.nincetkaik.positions import feed


def at(*hands: str, discards: str = "", mover: int = 0) -> NekiState:
    return NekiState.position([parse_cards(h) for h in hands],
                              parse_cards(discards) if discards else (), mover)


def legal(state: NekiState) -> set[str]:
    return {str(m) for m in state.legal_moves()}


def cards(text: str) -> list[int]:
    return sorted(parse_cards(text))


@pytest.mark.parametrize(("players", "each", "aside"), [(2, 24, 0), (4, 12, 0), (5, 9, 3),
                                                        (6, 8, 0)])
def test_every_card_dealt_evenly_the_rest_aside_and_the_parent_leads(players: int, each: int,
                                                                     aside: int) -> None:
    game = Game.new("neki", players, seed=1)
    game.resolve_chance()
    state = game.state
    assert [len(h) for h in state.hands] == [each] * players and state.deck_size == aside
    assert state.to_move() == state.parent and "pass" not in legal(state)


def test_the_hands_a_leader_may_lay_colours_ignored() -> None:
    state = at("r1b2r3r5b5rKbTb0b0r0", "r8")
    moves = legal(state)
    assert {"play r1", "play r5b5", "play rKbT", "play r0b0b0"} <= moves  # 王 and 皇 a set
    assert "run r1b2r3" in moves  # a run in mixed colours
    assert "run r0r1b2r3" in moves
    assert "play b5" not in moves and "play r5" in moves  # one choice of cards per strength
    assert "run b0r1b2" not in moves and "run r0r1b2" in moves
    assert "run r1r3r5" not in moves


def test_a_run_of_sets_and_the_wild_ship() -> None:
    state = at("r1b1r2b2r3b3rS", "r8")
    moves = legal(state)
    assert "run r1b1r2b2r3b3" in moves  # [1][1][2][2][3][3]
    assert "run rSr1b1r2b2r3" in moves  # the 船 stands in for the missing 車
    assert "play rSr1b1" in moves  # a set of three 兵 with the 船
    assert "play rS" in moves  # alone it is itself, the weakest single


def test_two_ships_and_a_card_are_a_set_unless_laid_as_a_run() -> None:
    state = at("rSbSr4", "r8b8")
    assert {"play rSbSr4", "run rSbSr4"} <= legal(state)
    feed(state, "play rSbSr4")
    assert state.top is not None and state.top.combo.kind.name == "SET"
    state = at("rSbSr4", "r8b8")
    feed(state, "run rSbSr4")
    assert state.top is not None and state.top.combo.kind.name == "RUN"
    assert state.top.combo.rank == 6  # read as strongly as it can: 4-5-6 (r4 is the 虎, 4)


def test_followers_lay_the_same_shape_stronger_or_pass() -> None:
    state = feed(at("r3r4r5r1", "r6r7r8b6b1b2b3b4", "r2"), "run r3r4r5")
    moves = legal(state)
    assert {"run r6r7r8", "pass"} <= moves  # top 8 beats top 5
    assert "run b1b2b3" not in moves and "run b2b3b4" not in moves  # tops 3 and 4 are weaker
    assert "run b2b3b4r6" not in moves  # four cards are another shape
    assert "play b6" not in moves
    with pytest.raises(IllegalMoveError, match="does not beat"):
        state.play(state.parse_move("run b1b2b3"))


def test_a_run_of_sets_is_beaten_only_by_one_of_the_same_shape() -> None:
    state = feed(at("r1b1r2b2r3b3r8", "r4b4r5b5r6b6r7b7r0"), "run r1b1r2b2r3b3")
    moves = legal(state)
    assert "run r4b4r5b5r6b6" in moves
    assert "run r4b4r5b5r6b6r7b7" not in moves  # four numbers: another shape


def test_a_set_of_three_or_more_goes_on_anything_and_then_only_sets_of_three_or_beaters() \
        -> None:
    state = feed(at("r7r1", "r2b2r0b0b4", "r3b3"), "play r7")
    assert "play r0b0" not in legal(state)  # a two-card set does not go on a single
    state = at("r7r1", "r2b2b2b4", "r3b3b3r8b7")
    feed(state, "play r7")
    assert "play r2b2b2" in legal(state)  # three 弓 on a 巫
    feed(state, "play r2b2b2")
    moves = legal(state)
    assert "play r3b3b3" in moves  # a stronger three-set
    assert "play r8" not in moves and "pass" in moves  # a single no longer goes


def test_passing_does_not_shut_a_player_out_and_all_passing_clears_the_table() -> None:
    state = feed(at("r1r5r0", "r2r6r7", "r3b7b0"), "play r1; pass; play r3; pass")
    assert "play r6" in legal(state)  # seat 2 passed before and may lay now
    feed(state, "play r6; pass; pass")
    assert state.top is None and state.to_move() == 1  # seat 2 laid last and leads
    assert sorted(state.discards) == cards("r1r3r6") and state.table == []


def test_a_general_removes_a_strength_from_every_hand_and_the_discards_not_the_table() -> None:
    state = at("r8r1r3", "b5b5r3", "r5b3b1", discards="r5b1")
    feed(state, "play r8")
    moves = legal(state)
    assert "remove 5" in moves and "take r5" in moves and "take b1" in moves
    assert "pass" not in moves and state.to_move() == 0
    feed(state, "remove 5")
    assert state.hands[1] == cards("r3") and state.hands[2] == cards("b1b3")
    assert state.discards == cards("b1") and sorted(state.removed) == cards("b5b5r5r5")
    assert state.table == cards("r8") and state.to_move() == 1


def test_naming_the_king_removes_king_and_tam_and_a_ship_as_general_does_nothing() -> None:
    state = feed(at("r8r1r2", "rKbTr3", "r4r6"), "play r8; remove K")
    assert state.hands[1] == cards("r3")
    state = feed(at("r8b8bSr1", "r0b0r4", "r6"), "play r8b8bS")
    assert state.effects == 2  # two real 将, the 船 standing in triggers nothing


def test_taking_from_the_discards_and_one_effect_per_general() -> None:
    state = feed(at("r8b8r1", "r2r3", "r4", discards="r5b6"), "play r8b8")
    feed(state, "take r5")
    assert state.to_move() == 0 and state.effects == 1
    feed(state, "take b6")
    assert state.hands[0] == cards("r1r5b6") and state.discards == [] and state.to_move() == 1


def test_the_first_empty_hand_wins() -> None:
    state = feed(at("r5", "r6r7"), "play r5")
    assert state.is_over() and state.outcome().winners == {0}


def test_a_removal_that_empties_hands_the_general_first_then_turn_order() -> None:
    state = feed(at("r8r1", "b1", "r1b1"), "play r8; remove 1")
    assert state.outcome().winners == {0}  # the 将's player is out first
    state = feed(at("r8r2r1", "b1", "r1b1", "r3r1"), "play r8; remove 1")
    assert state.outcome().winners == {1}  # next in turn order after the 将's player


def test_any_colour_reads_as_the_engines_choice_and_bad_text_gets_a_sentence() -> None:
    state = at("r5b5r1", "r8")
    assert str(state.parse_move("play b5")) == "play r5"
    for text in ("lay r5", "remove 9", "take", "run"):
        with pytest.raises(MoveParseError):
            state.parse_move(text)
    with pytest.raises(IllegalMoveError, match="not in seat 1's hand"):
        state.play(state.parse_move("play r7"))
    with pytest.raises(IllegalMoveError, match="nothing to pass"):
        state.play(state.parse_move("pass"))
    with pytest.raises(IllegalMoveError, match="follows only"):
        state.play(state.parse_move("remove 5"))


# --- the table companion -----------------------------------------------------------------------
def test_table_plan_deals_the_whole_deck_and_the_winner_is_the_next_parent() -> None:
    from companion.games.nincetkaik.neki.table import game_plan, game_step, new_session

    session = new_session(["A", "B", "C", "D", "E"], games=2, parent=2)
    plan = game_plan(session)
    assert (plan.parent, plan.cards_each, plan.aside) == (2, 9, 3)
    assert "3 left over" in plan.text(session.names)
    session = session.add(game_step(session, 4))
    assert game_plan(session).parent == 4 and session.totals() == (0, 0, 0, 0, 1)


def test_table_checker_lists_what_beats_the_hand_on_the_table() -> None:
    from companion.games.nincetkaik.neki.table import answers

    found = answers("r6r7r8b1b2b3b0b0b0", "r3r4r5")
    assert "run r6r7r8" in found and "pass" in found and "play b0b0b0" in found
    assert "run b1b2b3" not in found
    assert "play r6" in answers("r6", "")
    with pytest.raises(ValueError, match="no 役"):
        answers("r6", "r1r5")


def test_one_laid_move_is_checked_alone_and_agrees_with_the_list_of_moves() -> None:
    """`is_legal` checks a 役 without listing the hand's (the window checks each bot's
    answer): over random games at 2-6 seats it agrees with `legal_moves()` on every listed
    move, on every 役 of the hand (some too weak for the table), on other cards for the same
    strengths and on cards the mover does not hold."""
    import random

    from companion.games.nincetkaik.cardgame import CardsMove
    from companion.games.nincetkaik.deck import ALL_CARDS
    from companion.games.nincetkaik.neki.rules import groups_of

    rng = random.Random(5)
    checked = refused = 0
    for players in (2, 3, 4, 6):
        game = Game.new("neki", players, seed=players)
        while not game.state.is_over() and checked < 4000 * players:
            game.resolve_chance()
            state = game.state
            if state.is_over():
                break
            hand = state.hands[state.to_move()]
            listed = set(state.legal_moves())
            candidates = set(listed) | set(groups_of(tuple(hand)))
            for move in list(candidates)[:40]:
                other = CardsMove(move.verb, tuple(sorted(c ^ 1 for c in move.cards))) \
                    if isinstance(move, CardsMove) else move  # the other colour's twin
                candidates.add(other)
            foreign = [c for c in ALL_CARDS if c not in hand][:3]
            candidates.add(CardsMove("play", tuple(foreign[:1])))
            candidates.add(CardsMove("run", tuple(foreign)))
            for move in candidates:
                fresh = state.copy()
                fresh._legal = None  # nothing listed yet: the direct check answers
                assert fresh.is_legal(move) == (move in listed), (move, hand, state.top)
                checked += 1
                refused += move not in listed
            game.play(rng.choice(listed and sorted(listed, key=str)))
    assert checked > 1000 and refused > 100
