"""The 机戦 search hooks (cetkaik.bots: candidates, horizon, estimate) that MCTS uses: what
they pick and how they judge, on positions whose answer is plain. Strength itself is measured
by `companion bench`, not tested."""

from __future__ import annotations

import random

from companion.bots import make_bot
from companion.games import registry
from companion.games.cetkaik.bots import (
    CANDIDATES,
    candidates,
    candidates_old,
    estimate,
    estimate_old,
    horizon,
    move_gain,
)
from companion.games.cetkaik.moves import Declare, FirstMover
from companion.games.cetkaik.positions import layout, old_position, play_all, position
from companion.games.cetkaik.rules import DECLARE, new_state


def test_candidates_are_few_and_put_the_best_capture_first() -> None:
    # the bow on b2 may take a red 将 on b6 or a red 兵 on f2
    state = position(layout({"i1": "皇", "b2": "黒弓^", "b6": "赤将v", "f2": "赤兵v",
                             "a9": "赤王v", "a1": "黒王^"}))
    chosen = candidates(state)
    assert len(chosen) == CANDIDATES
    assert str(chosen[0]) == "LAU-LU" and str(chosen[1]) == "LAU-XAU"


def test_a_capture_that_completes_a_hand_gains_its_points_at_the_rate() -> None:
    state = position(layout({"i1": "皇", "b2": "黒弓^", "b6": "赤兵v", "a9": "赤王v",
                             "e1": "黒王^"}), held=(["黒馬", "黒弓"], []))
    state.rate = 2
    take = state.parse_move("LAU-LU")
    assert move_gain(state, take) > 2 * 7 - 1  # 同色馬弓兵 9 at ×2, and the pawn


def test_idle_tam_moves_and_coming_back_rank_below_a_quiet_move() -> None:
    state = new_state(2, {})
    state.play(FirstMover(0))
    quiet = state.parse_move("KAI-KY")
    tam = next(m for m in state.legal_moves() if str(m).startswith("皇"))
    assert move_gain(state, quiet) > move_gain(state, tam)
    assert all(not str(m).startswith("皇") for m in candidates(state))


def test_declarations_are_never_pruned() -> None:
    state = position(layout({"i1": "皇", "b2": "黒弓^", "b6": "赤兵v", "a9": "赤王v",
                             "e1": "黒王^"}), held=(["黒馬", "黒弓"], []))
    play_all(state, "LAU-LU")
    assert state.phase == DECLARE
    assert candidates(state) == [Declare(True), Declare(False)]


def test_the_estimate_is_a_share_of_victory_leaning_to_the_side_ahead() -> None:
    state = new_state(2, {})
    level = estimate(state)
    assert abs(sum(level) - 1) < 1e-9 and abs(level[0] - 0.5) < 1e-9
    state.scores = [30, 10]
    ahead = estimate(state)
    assert ahead[0] > 0.9 and horizon(state) > 0


def test_old_cetkaik_candidates_take_the_king_first_and_estimate_by_material() -> None:
    state = old_position(layout({"i9": "赤王v", "i1": "黒王^", "i8": "黒将^", "a8": "赤兵v",
                                 "a7": "黒将^"}))
    assert str(candidates_old(state)[0]) == "PE-PA"
    share = estimate_old(state)
    assert abs(sum(share) - 1) < 1e-9 and share[0] > 0.5  # a 将 more than the red side


def test_the_registry_hands_the_hooks_to_mcts_for_every_rule_set() -> None:
    for game_id in ("cetkaik", "cetkaik_education", "cetkaik_old"):
        extras = registry.get(game_id).extras
        assert {"candidates", "horizon", "estimate", "playout_policy"} <= set(extras)


def test_mcts_with_the_hooks_takes_a_free_general() -> None:
    state = position(layout({"i1": "皇", "b2": "黒弓^", "b6": "赤将v", "a9": "赤王v",
                             "e1": "黒王^"}))
    move = make_bot("mcts:weak").choose(state, 0, random.Random(1))
    assert str(move) == "LAU-LU"
