"""行山's hidden hands: what a seat's view shows and hides, determinization, the public log,
and the documented record."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from companion.bots.mcts import MCTSBot
from companion.core.errors import RecordError
from companion.core.record import Game, GameRecord
from companion.games.mokzo.bots import playout_move
from companion.games.mokzo.cards import HIDDEN
from companion.games.mokzo.record import game_document, public_log
from companion.games.mokzo.rules import MokzoState


def midgame(seed: int = 3, players: int = 3, steps: int = 60) -> Game:
    game = Game.new("mokzo", players, seed=seed)
    rng = random.Random(seed)
    while len(game.record.entries) < steps or game.state.is_chance():
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(playout_move(game.state, rng))
    return game


def state_of(game: Game) -> MokzoState:
    assert isinstance(game.state, MokzoState)
    return game.state


def test_a_view_shows_the_own_hand_and_only_the_size_of_the_others() -> None:
    state = state_of(midgame())
    view = state.view(1)
    assert view.hands[1] == state.hands[1]
    for other in (0, 2):
        assert view.hands[other] == [HIDDEN] * len(state.hands[other])
        if state.hands[other]:
            assert "hand " + "".join(map(str, state.hands[other])) not in view.describe()


def test_a_view_pools_the_hidden_cards_with_the_draw_pile() -> None:
    state = state_of(midgame())
    view = state.view(0)
    pooled = Counter(state.deck) + Counter(state.hands[1]) + Counter(state.hands[2])
    assert Counter(view.deck) == pooled
    assert view.deck_size == state.deck_size
    assert not view.invariant_errors()


def test_a_view_offers_the_mover_the_same_moves() -> None:
    state = state_of(midgame())
    mover = state.to_move()
    assert [str(m) for m in state.view(mover).legal_moves()] == [
        str(m) for m in state.legal_moves()]


def test_determinize_deals_the_hidden_hands_from_the_unseen_cards() -> None:
    state = state_of(midgame())
    view = state.view(0)
    hands = set()
    for seed in range(8):
        full = view.determinize(0, random.Random(seed))
        assert not full.invariant_errors() and not full.redacted
        assert full.hands[0] == state.hands[0]
        assert [len(h) for h in full.hands] == [len(h) for h in state.hands]
        assert HIDDEN not in full.hands[1] + full.hands[2]
        hands.add(tuple(full.hands[1]))
    assert len(hands) > 1 or len(state.hands[1]) == 0  # the hidden hand really is sampled


def test_determinize_of_the_full_state_resamples_only_what_the_seat_cannot_see() -> None:
    state = state_of(midgame())
    full = state.determinize(2, random.Random(1))
    assert full.hands[2] == state.hands[2] and full.rows == state.rows
    assert Counter(full.deck) + Counter(full.hands[0]) + Counter(full.hands[1]) == \
        Counter(state.deck) + Counter(state.hands[0]) + Counter(state.hands[1])


def test_a_bot_chooses_from_its_view_without_error() -> None:
    game = midgame(5, 2)
    state = state_of(game)
    seat = state.to_move()
    move = MCTSBot(iterations=8).choose(state.view(seat), seat, random.Random(0))
    assert move in state.legal_moves()


def test_the_public_log_hides_the_cards_the_others_drew() -> None:
    game = midgame(7, 2, steps=40)
    log = public_log(game.record, 0)
    draws = [(who, text) for who, text in log if text.startswith("draw")]
    assert any(who == 0 and text != "draw ?" for who, text in draws)
    assert all(text == "draw ?" for who, text in draws if who == 1)
    assert len(log) == len(game.record.entries)


def test_the_documented_record_carries_the_result() -> None:
    game = midgame(2, 2, steps=30)
    while not game.state.is_over():
        game.resolve_chance()
        if not game.state.is_over():
            game.play(playout_move(game.state, random.Random(len(game.record.entries))))
    state = state_of(game)
    document = json.loads(json.dumps(game_document(game.record), ensure_ascii=False))
    result = document["result"]
    assert result["finished"] and result["square"] == state.square
    assert result["winner_seat"] == (state.winner if state.winner >= 0 else None)
    assert result["placed"][0] == [{"slot": s, "card": str(p.card), "markers": p.markers}
                                   for s, p in state.placed(0)]
    assert GameRecord.from_dict(document).to_json() == game.record.to_json()


def test_a_record_with_an_impossible_draw_is_refused_with_a_sentence() -> None:
    record = GameRecord.from_dict({"game": "mokzo", "players": 2, "seed": 1, "moves": [
        {"chance": "first 1"}, {"chance": "draw 黒王"}, {"chance": "draw 黒王"}]})
    with pytest.raises(RecordError, match=r"move 3 \(draw 黒王\)"):
        Game.replay(record)


def test_the_history_move_list_leaves_out_the_cards_drawn() -> None:
    """The History and the generic sheet read chance through the registry: a card drawn into
    a hand is left out (it named every hand while a game went on); casts stay."""
    from companion.display import chance_text
    from companion.export.sheets import move_log_lines

    game = midgame()
    drawn = [e.move for e in game.record.entries if e.move.startswith("draw ")]
    assert drawn and all(chance_text("mokzo", move, "ja") == "" for move in drawn)
    assert chance_text("mokzo", "=3", "en") == "=3"
    lines = move_log_lines(game.record.to_dict(), {0: "Ann", 1: "Ben", 2: "Cy"}, "en")
    assert lines and not any("draw" in line for line in lines)
