"""The 紙机戦 games' search hooks: the moves MCTS considers (`candidates`) and how a search
that reaches the end of the last season is scored."""

from __future__ import annotations

import random

import pytest

from companion.bots.playout import playout
from companion.core.record import Game
from companion.games import registry
from companion.games.nincetkaik.bots import MOKAIK_DOWNS, candidates
from companion.games.nincetkaik.cardgame import CardsMove
from companion.games.nincetkaik.deck import STRENGTH_OF, parse_cards
from companion.games.nincetkaik.mokaik.rules import new_state as new_mokaik
from companion.games.nincetkaik.positions import feed, round_robin

MOKAIK_TWO = ("r1r2r3b5b5r8bKrSb0b0", "r4r5r6b6r6b1b1b2rTb8")


def test_mokaik_search_puts_down_only_the_weakest_groups_and_keeps_every_play() -> None:
    state = feed(new_mokaik(2, {}), ["parent 2", *round_robin(list(MOKAIK_TWO))])
    feed(state, ["play r1r2r3"])  # seat 2 leads a red run of three: 70 ways to put 3 down
    legal = state.legal_moves()
    picked = candidates(state)
    downs = [m for m in picked if m.verb == "down"]
    assert len([m for m in legal if m.verb == "down"]) == 70
    assert len(downs) == MOKAIK_DOWNS and all(m in legal for m in picked)
    assert [m for m in picked if m.verb == "play"] == [m for m in legal if m.verb == "play"]
    weight = sorted(sum(STRENGTH_OF[c] for c in m.cards) for m in legal if m.verb == "down")
    assert sorted(sum(STRENGTH_OF[c] for c in m.cards) for m in downs) == weight[:MOKAIK_DOWNS]


def test_mokaik_asks_for_candidates_at_every_visit_and_other_games_see_every_move() -> None:
    extras = registry.get("mokaik").extras
    assert extras["fresh_candidates"] is True  # opponents' cards differ per determinization
    state = Game.new("makup", 2, seed=3)
    state.resolve_chance()
    assert candidates(state.state) == state.state.legal_moves()
    assert "candidates" not in registry.get("makup").extras


@pytest.mark.parametrize("game_id", ["mokaik", "nine", "taxot"])
def test_a_search_reaching_the_end_of_the_last_season_scores_the_real_result(
        game_id: str) -> None:
    game = Game.new(game_id, 2, {"seasons": 1}, seed=4)
    game.resolve_chance()
    seat = game.state.to_move()
    sample = game.state.view(seat).determinize(seat, random.Random(1))
    for cut in ("horizon_plays", "horizon_tricks", "horizon_turns"):  # no cut inside the season
        if hasattr(sample, cut):
            setattr(sample, cut, None)
    playout(sample, random.Random(2))
    assert sample.is_over() and not sample.truncated  # type: ignore[attr-defined]
    outcome = sample.outcome()
    assert outcome is not None
    assert sample.returns() == tuple(
        1.0 / len(outcome.winners) if s in outcome.winners else 0.0 for s in range(2))


def test_nine_search_keeps_every_single_and_one_set_per_strength_and_size_fewest_blanks(
        ) -> None:
    from companion.games.nincetkaik.nine.rules import NineState, is_blank, read

    state = NineState.position([parse_cards(h) for h in
                                ("r0r0b0b1b1r1r2b2r5b5rKbT", "r3b3r4b4r6b6r7b7r8b8rSbS")])
    legal = state.legal_moves()
    picked = candidates(state)
    assert (len(legal), len(picked)) == (83, 31) and all(m in legal for m in picked)
    singles = [m for m in legal if len(m.cards) == 1]
    assert [m for m in picked if len(m.cards) == 1] == singles

    def shape(move: CardsMove) -> tuple[int, int]:
        combo = read(move.cards)
        assert combo is not None
        return combo.rank, combo.size

    def blanks(move: CardsMove) -> int:
        return len([c for c in move.cards if is_blank(c)])

    sets = [m for m in legal if len(m.cards) > 1]
    kept = [m for m in picked if len(m.cards) > 1]
    assert sorted(map(shape, kept)) == sorted(set(map(shape, sets)))  # one per shape
    for move in kept:
        assert blanks(move) == min(blanks(m) for m in sets if shape(m) == shape(move))
    state.play(state.parse_move("play b1b1r1"))
    assert candidates(state)[-1] == state.legal_moves()[-1]  # staying out is kept
    assert str(candidates(state)[-1]) == "out"
    assert registry.get("nine").extras["fresh_candidates"] is True
    sample = state.determinize(1, random.Random(1))
    assert sample.horizon_plays == state.plays + 8  # then judged by the evaluation
