"""Equilibrium for the bots: the team evaluation, the playout policy (always legal, claims what
it can), the hint with its reason in both languages, and the registry's hooks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.bots import make_bot
from companion.bots.playout import playout
from companion.bots.runner import play_bots
from companion.core.record import sample_outcome
from companion.games import registry
from companion.games.equilibrium.bots import (
    BALANCED,
    CLAIMED,
    ONE_AWAY,
    WIN,
    evaluate,
    explain,
    hint,
    playout_move,
    static_value,
)
from companion.games.equilibrium.moves import Balance, Discard, parse_move
from companion.games.equilibrium.positions import arrange, fresh
from companion.games.equilibrium.rules import new_state

HAND = ["IE1", "SE1", "IW1", "SW1"]
COLUMN = {1: ("EW", ["IE2"], ["SE2"]), 2: ("EF", ["IF1"], ["SF1"]), 3: ("EA", ["IA3"], []),
          4: ("WF", ["IW3"], ["SW1"])}


def test_evaluation_is_the_teams_the_same_for_both_seats() -> None:
    state = fresh(2, seed=3)
    assert evaluate(state, 0) == evaluate(state, 1)


def test_evaluation_values_claims_then_balanced_cities_then_closeness() -> None:
    base = arrange(fresh(), column=COLUMN, hands=[HAND])
    claimed = base.copy()
    claimed.claimed.append("FA")
    claimed.city_deck["FA"] -= 1
    assert static_value(claimed) - static_value(base) == pytest.approx(CLAIMED)
    one_away = arrange(fresh(), column={**COLUMN, 1: ("EW", ["IE3"], ["SE2"])}, hands=[HAND])
    far = arrange(fresh(), column={**COLUMN, 1: ("EW", ["IE3", "IW3"], ["SE2"])}, hands=[HAND])
    assert static_value(base) > static_value(one_away) > static_value(far)
    assert static_value(base) - static_value(far) > BALANCED


def test_a_city_is_one_card_away_by_a_card_of_its_element_type_and_power() -> None:
    """City 1 (earth, water) leans left by 2: a Sognae +2 of earth or water, or a higher being
    (power 2), closes it; an Incubi, another element or another power does not, nor a
    partner's card the seat cannot see."""
    column = {1: ("EW", ["IE3"], ["SE1"])}  # the other cities hold no cards
    value = {card: static_value(arrange(fresh(expansions=["squares"]), column=column,
                                        hands=[[card]]))
             for card in ("SW2", "HE2", "IW2", "SF2", "SW1")}
    assert value["SW2"] == value["HE2"]
    assert all(value["SW2"] - value[card] == ONE_AWAY for card in ("IW2", "SF2", "SW1"))
    pair = arrange(fresh(2, seed=3), column=column, hands=[["IW2"], ["SW2"]])
    assert static_value(pair) - static_value(pair.view(0)) == ONE_AWAY


def test_evaluation_of_a_finished_game() -> None:
    state = arrange(fresh(), column={1: ("EW", [], [])}, hands=[HAND], keep=0)
    state.play(parse_move("IE1 1L"))
    assert state.over and evaluate(state, 0) == -WIN


def test_evaluation_looks_at_the_best_card_to_pay_for_an_effect() -> None:
    state = arrange(fresh(), column=COLUMN, hands=[HAND])
    state.play(parse_move("balance"))
    values = []
    for move in state.legal_moves():
        child = state.copy()
        child._apply(move)
        values.append(static_value(child))
    assert evaluate(state, 0) == max(values)


@pytest.mark.parametrize("players", [1, 2])
@pytest.mark.parametrize("expansions", [(), ("books", "squares")])
def test_playout_policy_always_returns_a_legal_move(players: int,
                                                   expansions: tuple[str, ...]) -> None:
    for seed in range(3):
        state = new_state(players, {"expansions": list(expansions)})
        rng = random.Random(seed)
        while not state.is_over():
            if state.is_chance():
                state.play(sample_outcome(state, rng))
                continue
            move = playout_move(state, rng)
            assert move in state.legal_moves(), (str(move), state.describe())
            state.play(move)


def test_playout_policy_claims_balanced_cities_together() -> None:
    nothing_else = arrange(fresh(), column={**COLUMN, 3: ("FA", ["IF3"], []),
                                            4: ("FA", ["IA3"], ["SF1"])}, hands=[HAND])
    assert {str(playout_move(nothing_else, random.Random(s))) for s in range(5)} == {"balance"}
    progress = arrange(fresh(), column=COLUMN, hands=[HAND])  # SW1 brings city 4 closer
    assert str(playout_move(progress, random.Random(0))) == "SW1 4R"
    every = arrange(fresh(), column={1: ("EW", ["IE1"], ["SE1"]), 2: ("EF", ["IF1"], ["SF1"]),
                                     3: ("EA", ["IA1"], ["SA1"]), 4: ("WF", ["IW1"], ["SW1"])},
                    hands=[["IE2", "SE2", "IW2", "SW2"]])
    assert str(playout_move(every, random.Random(0))) == "balance"


def test_playout_policy_plays_much_better_than_random() -> None:
    def cities(policy: object) -> int:
        total = 0
        for seed in range(4):
            state = new_state(1, {})
            playout(state, random.Random(seed), policy=policy)  # type: ignore[arg-type]
            total += len(state.claimed)
        return total

    assert cities(playout_move) > cities(None) + 12


def test_greedy_claims_more_than_random_over_the_same_seeds() -> None:
    greedy = sum(play_bots("equilibrium", ["greedy"], s).outcome.scores[0] for s in (1, 2))
    randomly = sum(play_bots("equilibrium", ["random"], s).outcome.scores[0] for s in (1, 2))
    assert greedy > randomly + 6


# --- the hint ---------------------------------------------------------------------------------
def test_hint_claims_two_cities_with_a_reason_in_both_languages() -> None:
    state = arrange(fresh(), column=COLUMN, hands=[HAND])
    suggestion = hint(state, bot="greedy")
    assert isinstance(suggestion.moves[0], Balance) and isinstance(suggestion.moves[-1], Discard)
    assert suggestion.reason("en") == "claims two cities"
    assert suggestion.reason("ja") == "2都市を獲得する"
    assert suggestion.text().startswith("balance, discard ")
    copy = state.copy()
    for move in suggestion.moves:
        copy.play(move)  # the moves are legal one after the other


def test_hint_for_a_play_that_balances_a_city() -> None:
    state = arrange(fresh(), column={1: ("EW", ["IE3"], ["SE1"]), 2: ("EF", ["IF3"], []),
                                     3: ("EA", [], []), 4: ("WF", [], [])},
                    hands=[["SE2", "IW1", "IA1", "SA1"]])
    en, ja = explain(state, [parse_move("SE2 1R")])
    assert (en, ja) == ("balances city 1", "都市1を均衡させる")
    en, _ = explain(state, [parse_move("IW1 4L")])
    assert en == "places the card where it does least harm (city 4)"


def test_hint_uses_only_what_the_seat_sees() -> None:
    state = fresh(2, seed=9)
    first = hint(state, 0, random.Random(1), bot="greedy")
    hidden_changed = state.copy()
    hidden_changed.hands[1] = list(reversed(hidden_changed.hands[1]))
    again = hint(hidden_changed, 0, random.Random(1), bot="greedy")
    assert first.moves == again.moves


def test_hint_refuses_when_nobody_is_to_move() -> None:
    state = new_state(1, {})
    with pytest.raises(ValueError, match="nobody is to move"):
        hint(state)


def test_registry_extras_offer_the_policy_the_hint_and_the_cooperative_marker() -> None:
    extras = registry.get("equilibrium").extras
    assert extras["cooperative"] is True
    state = arrange(fresh(), column=COLUMN, hands=[HAND])
    assert extras["playout_policy"](state, random.Random(0)) in state.legal_moves()
    assert extras["hint"](state, None, random.Random(0), "greedy").reason("en")


def test_candidates_are_the_greedy_best_few_and_the_policy_move() -> None:
    from companion.bots.greedy import GreedyBot
    from companion.games.equilibrium.bots import CANDIDATES, candidates

    state = arrange(fresh(), column=COLUMN, hands=[HAND])
    moves = state.legal_moves()
    chosen = candidates(state)
    assert len(moves) > CANDIDATES + 1 and CANDIDATES <= len(chosen) <= CANDIDATES + 1
    assert all(move in moves for move in chosen)
    assert GreedyBot().choose(state, 0, random.Random(0)) in chosen
    assert playout_move(state, random.Random(0)) in chosen
    values = [evaluate(_after_move(state, m), 0) for m in chosen[:CANDIDATES]]
    assert values == sorted(values, reverse=True)
    assert min(values) >= max(evaluate(_after_move(state, m), 0)
                              for m in moves if m not in chosen)
    assert candidates(state) == chosen  # remembered, the same


def _after_move(state, move):
    child = state.copy()
    child._apply(move)
    return child


def test_estimate_is_a_share_of_the_cities_that_grows_with_the_position() -> None:
    from companion.games.equilibrium.bots import estimate

    base = arrange(fresh(), column=COLUMN, hands=[HAND])
    far = arrange(fresh(), column={**COLUMN, 1: ("EW", ["IE3", "IW3"], ["SE2"])}, hands=[HAND])
    claimed = base.copy()
    claimed.claimed.append("FA")
    claimed.city_deck["FA"] -= 1
    shares = [estimate(s)[0] for s in (far, base, claimed)]
    assert all(0.0 < share < 1.0 for share in shares)
    assert shares == sorted(shares) and len(set(shares)) == 3
    two = fresh(2, seed=3)
    assert estimate(two)[0] == estimate(two)[1]


def test_two_player_search_applies_only_moves_legal_in_each_determinization(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The partner's hand differs between determinizations: the candidates of a node are asked
    again in each (a kept list would play a card the partner does not hold)."""
    from companion.bots.mcts import MCTSBot
    from companion.core.record import Game
    from companion.games.equilibrium import rules

    apply = rules.EquilibriumState._apply
    illegal: list[str] = []

    def checked(self: rules.EquilibriumState, move: object) -> None:
        if self.to_move() >= 0 and move not in self.legal_moves():
            illegal.append(str(move))
        apply(self, move)

    monkeypatch.setattr(rules.EquilibriumState, "_apply", checked)
    game = Game.new("equilibrium", 2, {"expansions": []}, seed=3)
    rng = random.Random(1)
    for _ in range(4):
        game.resolve_chance()
        seat = game.state.to_move()
        game.play(MCTSBot(iterations=96).choose(game.state.view(seat), seat, rng))
    assert illegal == []


def _penalty_with_an_empty_deck() -> Any:
    """Every stronger side full, no balanced city, the deck empty: penalty 3 is all there is."""
    full = {p: (city, [f"I{e}3", f"I{e}3", f"I{e}2"], [f"S{e}1"])
            for p, city, e in ((1, "EW", "E"), (2, "EF", "W"), (3, "EA", "F"), (4, "WF", "A"))}
    state = arrange(fresh(), column=full, hands=[["IW1", "SE2", "SW1", "SA1"]], top=["C5"],
                    keep=1)
    state.play(parse_move("SE2 1R"))
    state.play(parse_move("draw C5"))
    return state


def _swap_of_identical_cards() -> Any:
    column = {1: ("EW", ["IE1"], []), 2: ("EF", ["IE1"], []), 3: ("EA", [], []),
              4: ("WF", [], [])}
    state = arrange(fresh(), column=column, hands=[HAND])
    for text in ("swap", "swap 1L:IE1"):
        state.play(parse_move(text))
    return state


@pytest.mark.parametrize("kind", ["random", "greedy", "mcts:weak"])
def test_every_bot_answers_penalty_three_on_an_empty_deck_and_an_equal_swap(kind: str) -> None:
    bot = make_bot(kind)
    for state, expected in ((_penalty_with_an_empty_deck(), "chaos C5 reveal"),
                            (_swap_of_identical_cards(), "swap 1L:IE1 2L:IE1")):
        assert [str(m) for m in state.legal_moves()] == [expected]
        move = bot.choose(state.view(0), 0, random.Random(1))
        assert str(move) == expected
        state.play(move)
    assert playout_move(_penalty_with_an_empty_deck(), random.Random(2)) == \
        parse_move("chaos C5 reveal")
