"""The shared bots: construction, determinism, sound choices, strength against random."""

from __future__ import annotations

import os
import random
from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from companion.bots import BOT_KINDS, make_bot
from companion.bots.bench import bot_move_time, playouts_per_second
from companion.bots.greedy import GreedyBot
from companion.bots.mcts import STRENGTHS, MCTSBot
from companion.bots.random_bot import RandomBot
from companion.core.api import TERMINAL, GameState, Outcome
from companion.core.record import Game, GameRecord
from companion.games import registry
from companion.games.sticks.moves import Again, Bank, Bet, Sticks, Throw
from companion.games.sticks.pot import RengekiState


def _rengeki(*steps: Any) -> RengekiState:
    """A two-seat, one-round 連撃獣裁 position after `steps` (moves or throw results)."""
    state = registry.get("rengeki").create(2, {"rounds": 1})
    assert isinstance(state, RengekiState)
    for step in steps:
        state.play(Sticks(step) if isinstance(step, int) else step)
    return state


def test_make_bot_parses_the_kinds() -> None:
    assert isinstance(make_bot("random"), RandomBot)
    assert isinstance(make_bot("greedy"), GreedyBot)
    assert isinstance(make_bot("mcts"), MCTSBot)
    strong = make_bot("mcts:strong")
    assert isinstance(strong, MCTSBot) and strong.iterations == STRENGTHS["strong"]
    assert make_bot("MCTS:weak").name == "mcts:weak"
    assert {make_bot(kind).name for kind in BOT_KINDS} == set(BOT_KINDS)
    for bad in ("", "minimax", "mcts:huge", "random:strong"):
        with pytest.raises(ValueError, match="known bots"):
            make_bot(bad)


def test_greedy_throws_again_when_banking_surely_loses() -> None:
    state = _rengeki(Throw(), 5, Bank(), Throw(), 2)  # seat 1 holds 2 against a banked 5
    assert GreedyBot().choose(state.view(1), 1, random.Random(0)) == Again()


def test_greedy_banks_a_sure_win() -> None:
    state = _rengeki(Throw(), 2, Bank(), Throw(), 5, Again(), 4)  # 9 against a banked 2
    assert GreedyBot().choose(state.view(1), 1, random.Random(0)) == Bank()


def test_mcts_banks_a_sure_win_and_chases_when_behind() -> None:
    bot = MCTSBot(iterations=200)
    ahead = _rengeki(Throw(), 2, Bank(), Throw(), 5, Again(), 4)
    behind = _rengeki(Throw(), 5, Bank(), Throw(), 2)
    assert bot.choose(ahead.view(1), 1, random.Random(1)) == Bank()
    assert bot.choose(behind.view(1), 1, random.Random(1)) == Again()


def test_rengeki_playouts_bank_or_throw_again_as_greedy_does() -> None:
    """The search's playout policy makes greedy's choice at every decision of random
    sessions (two to four seats), and throws when throwing is the only move."""
    from companion.games.sticks.evaluation import rengeki_playout_move

    rng = random.Random(4)
    decisions = 0
    for players in (2, 3, 4):
        state = registry.get("rengeki").create(players, {"rounds": 3})
        while not state.is_over():
            if state.is_chance():
                state.play(rng.choice(state.legal_moves()))
                continue
            seat = state.to_move()
            policy = rengeki_playout_move(state, rng)
            if state.legal_moves() == [Throw()]:
                assert policy == Throw()
            else:
                decisions += 1
                assert policy == GreedyBot().choose(state.view(seat), seat, random.Random(0))
            state.play(rng.choice(state.legal_moves()))
    assert decisions > 20


def test_rengeki_estimate_reads_expected_points_as_a_share_of_victory() -> None:
    from companion.games.sticks.evaluation import pot_estimate

    start = _rengeki()  # the last round, nobody has thrown: an even chance
    assert pot_estimate(start) == pytest.approx((0.5, 0.5))
    sure = _rengeki(Throw(), 5, Bank(), Throw(), 5, Again(), 4)  # 9 against a banked 5
    assert pot_estimate(sure) == pytest.approx((0.0, 1.0))  # no round left to turn it
    longer = registry.get("rengeki").create(2, {"rounds": 10})
    longer.points = [longer.points[0] + 3, longer.points[1] - 3]  # three points ahead
    ahead = pot_estimate(longer)
    assert sum(ahead) == pytest.approx(1.0) and 0.5 < ahead[0] < 1.0
    later = registry.get("rengeki").create(2, {"rounds": 10})
    later.points, later.round = list(longer.points), 9  # as far ahead, fewer rounds to go
    assert pot_estimate(later)[0] > ahead[0]
    three = registry.get("rengeki").create(3, {"rounds": 5})
    three.points = [three.points[0] + 4, three.points[1], three.points[2] - 4]
    shares = pot_estimate(three)
    assert sum(shares) == pytest.approx(1.0) and shares[0] > shares[1] > shares[2]
    hooks = registry.get("rengeki").extras  # the search uses these
    assert hooks["estimate"](three) == shares
    assert hooks["playout_policy"](start, random.Random(0)) == Throw()


def test_greedy_bets_one_point_on_the_least_bad_number_in_shinyu() -> None:
    state = registry.get("shinyu").create(3)
    move = GreedyBot().choose(state.view(1), 1, random.Random(3))
    assert move in (Bet(2, 1), Bet(3, 1))


def test_bots_are_deterministic_given_their_rng() -> None:
    state = registry.get("shinyu").create(3)
    for kind in ("random", "greedy", "mcts:weak"):
        first = make_bot(kind).choose(state.view(1), 1, random.Random(42))
        again = make_bot(kind).choose(state.view(1), 1, random.Random(42))
        assert first == again and first in state.legal_moves()


def test_mcts_runs_the_iterations_it_is_given() -> None:
    state = _rengeki(Throw(), 3)
    root = MCTSBot(iterations=50).search(state, 0, random.Random(0))
    assert root.visits == 50
    assert set(root.children) == {"again", "bank"}


def _play_rengeki_duel(games: int) -> float:
    """Share of victories of mcts:weak against random over seeded one-round duels."""
    wins = 0.0
    for index in range(games):
        game = Game.new("rengeki", 2, {"rounds": 1}, seed=1000 + index)
        mcts_seat = index % 2
        bots = {mcts_seat: make_bot("mcts:weak"), 1 - mcts_seat: make_bot("random")}
        rng = random.Random(index)
        while True:
            game.resolve_chance()
            if game.state.is_over():
                break
            seat = game.state.to_move()
            game.play(bots[seat].choose(game.state.view(seat), seat, rng))
        wins += game.state.returns()[mcts_seat]
    return wins / games


def test_mcts_beats_random_in_rengeki() -> None:
    # 60 seeded games, seats alternating; a coin would win about half. (Measured: 0.72.)
    assert _play_rengeki_duel(60) >= 0.62


@dataclass
class _HiddenCoin(GameState):
    """A one-move guessing game with a hidden coin, to see how MCTS treats hidden state."""

    game_id: ClassVar[str] = "test-hidden-coin"
    determinized: ClassVar[list[int]] = []

    coin: int | None = None  # None: hidden from this view
    guess: int | None = None

    def to_move(self) -> int:
        return TERMINAL if self.guess is not None else 0

    def legal_moves(self) -> list[Any]:
        return [] if self.guess is not None else [0, 1]

    def _apply(self, move: Any) -> None:
        self.guess = int(move)

    def parse_move(self, text: str) -> Any:
        return int(text)

    def outcome(self) -> Outcome | None:
        if self.guess is None:
            return None
        return Outcome((1.0,), frozenset({0}) if self.guess == self.coin else frozenset())

    def describe(self) -> str:
        return f"coin {self.coin} guess {self.guess}"

    def has_hidden_information(self) -> bool:
        return self.coin is None

    def view(self, seat: int) -> _HiddenCoin:
        return _HiddenCoin(1, {}, None, self.guess)

    def determinize(self, seat: int, rng: Any) -> _HiddenCoin:
        _HiddenCoin.determinized.append(seat)
        return _HiddenCoin(1, {}, 1, self.guess)  # this seat believes the coin shows 1


def test_mcts_samples_a_determinization_per_iteration_of_a_hidden_view() -> None:
    _HiddenCoin.determinized.clear()
    full = _HiddenCoin(1, {}, 0)
    move = MCTSBot(iterations=30).choose(full.view(0), 0, random.Random(0))
    assert _HiddenCoin.determinized == [0] * 30
    assert move == 1  # chosen from the sampled worlds, not from the real hidden coin


def test_bench_figures_are_measured() -> None:
    assert playouts_per_second("juusai", 2, seconds=0.05) > 0
    assert bot_move_time("rengeki", "greedy", 2, moves=3) >= 0


# --- the strength ladder ------------------------------------------------------------------


def test_wilson_interval_matches_the_textbook_values() -> None:
    from companion.bots.ladder import wilson_interval

    low, high = wilson_interval(8, 10)
    assert (round(low, 3), round(high, 3)) == (0.490, 0.943)
    assert wilson_interval(0, 10)[0] == 0.0 and round(wilson_interval(0, 10)[1], 3) == 0.278
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_bradley_terry_orders_bots_by_their_results_with_random_at_zero() -> None:
    from companion.bots.ladder import bradley_terry

    wins = {("greedy", "random"): 15.0, ("random", "greedy"): 5.0,
            ("mcts", "greedy"): 15.0, ("greedy", "mcts"): 5.0,
            ("mcts", "random"): 20.0, ("random", "mcts"): 0.0}
    ratings = bradley_terry(wins)
    assert ratings["random"] == 0.0
    assert ratings["mcts"] > ratings["greedy"] > 0.0
    even = bradley_terry({("a", "b"): 10.0, ("b", "a"): 10.0}, anchor="a")
    assert abs(even["b"]) < 1e-9


def test_the_schedule_rotates_seats_and_plays_both_orientations_with_more_seats() -> None:
    from companion.bots.ladder import schedule

    two = schedule("rengeki", 2, ["random", "greedy", "mcts"], games=4)
    assert {(m.bot, m.opponent) for m in two} == {("mcts", "greedy"), ("mcts", "random"),
                                                  ("greedy", "random")}
    assert sorted(m.seat for m in two if m.opponent == "random" and m.bot == "mcts") == [
        0, 0, 1, 1]
    three = schedule("alluvium", 3, ["random", "greedy"], games=3)
    assert [m.seats() for m in three if m.bot == "greedy"] == [
        ("greedy", "random", "random"), ("random", "greedy", "random"),
        ("random", "random", "greedy")]
    assert {(m.bot, m.opponent) for m in three} == {("greedy", "random"), ("random", "greedy")}


def test_ladder_results_give_win_rates_from_both_sides() -> None:
    from companion.bots.ladder import ladders, run_matches, schedule

    matches = schedule("rengeki", 2, ["random", "greedy"], games=4)
    (ladder,) = ladders(run_matches(matches, processes=1)).values()
    pairing = ladder.record("greedy", "random")
    mirror = ladder.record("random", "greedy")
    assert pairing is not None and mirror is not None and pairing.games == 4
    assert pairing.score + mirror.score == 4
    low, high = pairing.interval()
    assert low <= pairing.win_rate() <= high
    assert set(ladder.ratings()) == {"random", "greedy"}


def test_games_of_pure_chance_have_no_choices() -> None:
    from companion.bots.bench import has_choices

    assert not has_choices("juusai")
    assert has_choices("rengeki") and has_choices("etariya")


# --- thinking in worker processes ---------------------------------------------------------


def _mid_game_request(game_id: str, kind: str, steps: int, seed: int = 3):
    """A request for the first real decision (two legal moves or more) after `steps`."""
    from companion.bots.worker import BotRequest

    game = Game.new(game_id, registry.get(game_id).min_players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        game.resolve_chance()
        game.play(rng.choice(game.state.legal_moves()))
    game.resolve_chance()
    while len(game.state.legal_moves()) < 2:
        game.play(game.state.legal_moves()[0])
        game.resolve_chance()
    return BotRequest(game.record.to_dict(), game.state.to_move(), kind)


def test_worker_processes_answer_exactly_as_the_bot_in_this_process() -> None:
    from companion.bots.worker import BotPool, decide, parts_of

    assert parts_of("mcts:strong", processes=2) == 4  # four trees on two workers

    requests = [_mid_game_request("etariya", kind, 12)
                for kind in ("random", "greedy", "mcts:weak")]
    # the default level may stop at its time budget, which a busy machine reaches at another
    # iteration in each process: a level bounded by its iterations alone is compared
    requests += [_mid_game_request("rengeki", kind, 3) for kind in ("mcts:weak", "mcts:strong")]
    requests += [_mid_game_request("shinyu", "mcts:weak", 1)]
    pool = BotPool(2)
    try:
        tickets = [pool.submit(request) for request in requests]  # strong splits in 4 parts
        answers = [pool.wait(ticket, timeout=120) for ticket in tickets]
        pids = set(pool.pids())
    finally:
        pool.close()
    for request, answer in zip(requests, answers, strict=True):
        assert answer is not None and answer.error is None, answer
        assert answer.move == decide(request), request.kind
        assert answer.pid in pids and answer.pid != os.getpid()


def test_the_worker_replays_only_new_moves_and_refuses_a_seat_not_to_move() -> None:
    from companion.bots.worker import BotRequest, decide

    first = _mid_game_request("etariya", "greedy", 10)
    later = _mid_game_request("etariya", "greedy", 14)
    assert decide(first) == decide(first) and decide(later) == decide(later)
    undone = _mid_game_request("etariya", "greedy", 6)  # shorter: replayed from the start
    assert decide(undone) == GreedyBot().choose(
        Game.replay(GameRecord.from_dict(undone.record)).state.view(undone.seat),
        undone.seat, undone.rng()).__str__()
    wrong = BotRequest(first.record, 1 - first.seat, "random")
    with pytest.raises(ValueError, match="not to move"):
        decide(wrong)


def test_a_cancelled_search_stops_and_its_answer_never_comes() -> None:
    from companion.bots.worker import BotPool

    pool = BotPool(1)
    try:
        ticket = pool.submit(_mid_game_request("etariya", "mcts:600s", 12))
        pool.cancel(ticket)
        assert pool.drain(timeout=60)  # stopped long before its 600 s budget
        assert ticket not in pool.pending() and pool.collect() == []
        after = pool.submit(_mid_game_request("etariya", "random", 12))
        answer = pool.wait(after, timeout=60)
        assert answer is not None and answer.move is not None
    finally:
        pool.close()


def test_a_bot_error_comes_back_as_a_sentence() -> None:
    from companion.bots.worker import BotPool, BotRequest

    request = _mid_game_request("rengeki", "random", 2)
    pool = BotPool(1)
    try:
        answer = pool.wait(pool.submit(BotRequest(request.record, 1 - request.seat, "random")),
                           timeout=60)
    finally:
        pool.close()
    assert answer is not None and answer.move is None and "not to move" in (answer.error or "")


def test_time_budget_kinds_and_root_parallel_strength() -> None:
    from companion.bots.mcts import TREES

    timed = make_bot("mcts:0.5s")
    assert isinstance(timed, MCTSBot) and timed.seconds == 0.5 and timed.trees is None
    assert timed.name == "mcts:0.5s"
    assert make_bot("mcts:strong").trees == TREES["strong"] > 1
    for bad in ("mcts:0s", "mcts:-1s", "mcts:fasts", "mcts:9999s"):
        with pytest.raises(ValueError, match="known bots"):
            make_bot(bad)
    state = _rengeki(Throw(), 3)
    root = MCTSBot(iterations=10**9, seconds=0.05).search(state, 0, random.Random(0))
    assert root.visits > 0  # stopped by the clock, not by the iteration count


def test_root_parallel_trees_merge_their_visits() -> None:
    from companion.bots.mcts import best_key

    assert best_key([{"a": (3, 1.0), "b": (5, 2.0)}, {"a": (4, 3.0), "b": (1, 0.0)}]) == "a"
    assert best_key([{"a": (2, 1.0), "b": (2, 1.5)}]) == "b"  # visits tie: more reward
    bot = MCTSBot(iterations=40, trees=3)
    state = _rengeki(Throw(), 2, Bank(), Throw(), 5, Again(), 4)
    seeds = bot.tree_seeds(random.Random(7), 3)
    stats = [bot.tree_stats(state.view(1), 1, seed) for seed in seeds]
    assert all(sum(v for v, _ in s.values()) == 40 for s in stats)
    assert str(bot.choose(state.view(1), 1, random.Random(7))) == best_key(stats)


# --- the games' own playouts and search hooks ---------------------------------------------


def _positions_along(game_id: str, players: int, seed: int, every: int = 7):
    """Positions of a seeded random game where a seat is to move, every few steps."""
    game = Game.new(game_id, players, seed=seed)
    rng = random.Random(seed)
    found = []
    while True:
        game.resolve_chance()
        if game.state.is_over():
            return found
        if len(game.record.entries) % every == 0:
            found.append(game.state.copy())
        game.play(rng.choice(game.state.legal_moves()))


@pytest.mark.parametrize("expansions", [(), ("E",), ("A", "C"), ("B", "D", "E")])
def test_etariya_fast_playout_is_the_generic_playout(expansions) -> None:
    from companion.bots.playout import game_policy, generic_playout

    fast = registry.get("etariya").extras["playout"]
    for seed in range(4):
        game = Game.new("etariya", 2, {"expansions": list(expansions)}, seed=seed)
        rng = random.Random(seed)
        for _ in range(6 * seed):  # from the start, and from later positions
            game.resolve_chance()
            game.play(rng.choice(game.state.legal_moves()))
        for use_policy in (False, True):
            slow, quick = game.state.copy(), game.state.copy()
            slow_rng, quick_rng = random.Random(seed), random.Random(seed)
            steps = generic_playout(slow, slow_rng, 5000,
                                    game_policy(slow) if use_policy else None)
            assert fast(quick, quick_rng, 5000, use_policy) == steps
            assert quick.describe() == slow.describe() and quick.is_over()
            assert quick_rng.getstate() == slow_rng.getstate()  # the same numbers drawn


@pytest.mark.parametrize("game_id", [g.id for g in registry.playable_games()])
def test_a_games_playout_hooks_play_legal_games_to_the_end(game_id) -> None:
    """Registry-driven: every game's own playout, policy, candidates and estimate."""
    info = registry.get(game_id)
    hooks = {k: info.extras.get(k) for k in ("playout", "playout_policy", "candidates",
                                              "estimate")}
    rng = random.Random(3)
    for players in sorted({info.min_players, info.max_players}):
        for position in _positions_along(game_id, players, seed=players)[:8]:
            legal = position.legal_moves()
            if hooks["playout_policy"]:
                assert hooks["playout_policy"](position.copy(), rng) in legal
            if hooks["candidates"]:
                chosen = hooks["candidates"](position)
                assert chosen and all(move in legal for move in chosen)
            if hooks["estimate"]:
                shares = hooks["estimate"](position)
                assert len(shares) == players and all(0 <= s <= 1 for s in shares)
                # solo: a VP utility; co-operative: every seat the team's share
                together = players == 1 or info.extras.get("cooperative")
                assert together or abs(sum(shares) - 1) < 1e-9
                assert not together or len(set(shares)) == 1
            if hooks["playout"]:
                for use_policy in (False, True):
                    trial = position.copy()
                    hooks["playout"](trial, rng, 5000, use_policy)
                    assert trial.is_over() and not trial.invariant_errors()
                    assert trial.outcome() is not None


def test_alluvium_sampled_moves_are_legal_and_uniform() -> None:
    from collections import Counter

    from companion.games.alluvium.bots import _choose, playout_move

    positions = _positions_along("alluvium", 3, seed=5, every=3)
    rng = random.Random(9)
    for position in positions:
        legal = position.legal_moves()
        assert _choose(position, rng, use_policy=False) in legal
        assert playout_move(position, rng) in legal
    crowded = next(p for p in reversed(positions) if 3 <= len(p.legal_moves()) <= 12)
    legal = crowded.legal_moves()
    draws = Counter(str(_choose(crowded, rng, use_policy=False)) for _ in range(200 * len(legal)))
    assert set(draws) == {str(m) for m in legal}
    assert all(120 <= n <= 280 for n in draws.values()), draws  # about 200 each


def test_alluvium_fast_scoring_agrees_with_the_plain_definitions() -> None:
    from companion.games.alluvium.scoring import (
        area_bonus,
        groups,
        largest_group,
        largest_group_size,
        largest_rectangle,
    )

    rng = random.Random(11)
    for _ in range(600):
        density = rng.random()
        grid = tuple("".join(rng.choice("RRYGB") if rng.random() < density else "."
                             for _ in range(9)) for _ in range(9))
        rectangle = largest_rectangle(grid)
        assert area_bonus(grid) == (rectangle.area if rectangle else 0)
        for colour in "RYG":
            found = groups(grid, colour)
            assert largest_group(grid, colour) == (found[0] if found else frozenset())
            assert largest_group_size(grid, colour) == len(largest_group(grid, colour))


def test_the_search_keeps_to_the_games_candidates() -> None:
    from companion.games.alluvium.bots import BRANCHING, candidates

    position = next(p for p in _positions_along("alluvium", 3, seed=2)
                    if len(p.legal_moves()) > BRANCHING)
    seat = position.to_move()
    root = MCTSBot(iterations=60).search(position.view(seat), seat, random.Random(1))
    allowed = {str(m) for m in candidates(position.view(seat))}
    assert len(allowed) == BRANCHING and set(root.children) <= allowed
    assert root.visits == 60
