"""What the four 紙机戦 games share: the registry entries, `companion play`, the documented
record and the move list a seat may see, printed sheets, rules texts and the bench figures."""

from __future__ import annotations

import io
import json
import random
import re
from datetime import datetime

import pytest
from pypdf import PdfReader

from companion.core.api import CHANCE
from companion.core.errors import RecordError
from companion.core.record import Game, GameRecord
from companion.export.pdf import pdf_bytes
from companion.export.sheets import blank_sheets, play_sheets
from companion.games import registry
from companion.games.nincetkaik.bench import decision_times, random_playouts, win_rate
from companion.games.nincetkaik.record import game_document, visible_moves
from companion.history import PlayMode, PlayRecord, SeatResult
from companion.resources import rules_text
from ui import cli

GAMES = ("taxot", "makaik", "nanto", "makup", "mokaik", "neki", "nine")


def finished(game_id: str, players: int = 3, seed: int = 2) -> Game:
    from companion.bots.runner import play_bots

    result = play_bots(game_id, ["random"] * players, seed)
    return Game.replay(result.record)


@pytest.mark.parametrize("game_id", GAMES)
def test_registry_entries_name_the_game_in_both_languages(game_id: str) -> None:
    info = registry.get(game_id)
    assert info.family == "lanerme" and info.min_players == 2
    assert info.max_players == (4 if game_id in ("taxot", "nine") else 6)
    assert info.name_ja and info.name_en and info.rules == game_id
    assert {"playout_policy", "bench", "play_sheets", "blank_sheet"} <= set(info.extras)
    state = info.create(2)
    assert state.has_hidden_information()


@pytest.mark.parametrize("game_id", GAMES)
def test_companion_play_prints_replayable_json_records(
        game_id: str, capsys: pytest.CaptureFixture[str]) -> None:
    players = 4 if game_id == "taxot" else 3
    bots = "random" if game_id == "nanto" else "greedy,random"  # (greedy weighs every bet)
    argv = ["play", game_id, "--bots", bots, "--players", str(players),
            "--games", "2", "--seed", "3", "--json"]
    assert cli.main(argv) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert lines[-1]["tally"]["games"] == 2
    for line in lines[:2]:
        game = Game.replay(GameRecord.from_dict(line))
        assert game.state.is_over()
        assert list(game.state.outcome().scores) == line["outcome"]["scores"]  # type: ignore


def test_companion_play_refuses_too_many_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "taxot", "--players", "5"]) == 2
    assert "2–4 players, not 5" in capsys.readouterr().err


@pytest.mark.parametrize("game_id", GAMES)
def test_game_document_adds_first_parent_rounds_and_result(game_id: str) -> None:
    game = finished(game_id)
    document = json.loads(json.dumps(game_document(game.record), ensure_ascii=False))
    assert document["game"] == game_id and document["result"]["finished"] is True
    assert 0 <= document["first_parent"] < 3
    assert GameRecord.from_dict(document).to_json() == game.record.to_json()
    if game_id not in ("makup", "neki"):  # one game, no rounds
        assert document["rounds"] and len(document["rounds"][0]) == 3


def test_a_malformed_or_illegal_record_is_refused_with_a_sentence() -> None:
    with pytest.raises(RecordError, match="not a game record"):
        GameRecord.from_json('{"game": "taxot"}')
    game = finished("taxot")
    data = game.record.to_dict()
    index = next(i for i, m in enumerate(data["moves"]) if "seat" in m)
    seat = data["moves"][index]["seat"]
    for bad, reason in (("discard zz", "colour letter"), ("discard bT", "not in seat")):
        data["moves"] = [*data["moves"][:index], {"seat": seat, "move": bad}]
        with pytest.raises(RecordError, match=rf"move {index + 1} \({bad}\).*{reason}"):
            Game.replay(GameRecord.from_dict(data))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_move_list_hides_other_seats_cards(game_id: str) -> None:
    game = finished(game_id)
    mine = visible_moves(game.record, 0)
    assert len(mine) == len(game.record.entries)
    hidden = [text for seat, text in mine if seat == CHANCE and text.endswith("?")]
    assert hidden and all(t in ("deal ?", "draw ?") for t in hidden)
    own = sum(1 for seat, text in mine if seat == CHANCE and text.startswith("deal ")
              and not text.endswith("?"))
    assert own >= (2 if game_id == "nanto" else 3)
    spectator = visible_moves(game.record, -1)
    assert not any(t.startswith("deal ") and not t.endswith("?") for _, t in spectator)


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_blank_sheets_print_a_row_per_round_and_the_scoring(game_id: str, lang: str) -> None:
    specs = blank_sheets(game_id, 3, ["太郎", "<b>&amp;"], lang)
    text = "".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf_bytes(specs))).pages)
    assert "<b>&amp;" in text and "太郎" in text
    first_row = "第1" if lang == "ja" else {"taxot": "Season 1", "makaik": "Hand 1",
                                            "nanto": "Deal 1", "makup": "Game 1",
                                            "mokaik": "Season 1", "neki": "Game 1",
                                            "nine": "Season 1"}[game_id]
    assert first_row in text
    if lang == "en":
        assert not re.search(r"[ぁ-ゖ]", text.replace("太郎", ""))  # no Japanese sentences


@pytest.mark.parametrize("game_id", ("taxot", "makaik", "nanto", "mokaik", "nine"))
def test_play_sheets_list_the_points_of_every_round(game_id: str) -> None:
    game = finished(game_id)
    outcome = game.state.outcome()
    assert outcome is not None
    play = PlayRecord(game_id, PlayMode.DIGITAL, datetime(2026, 1, 2, 20, 0), seats=[
        SeatResult(s, name, score=outcome.scores[s], breakdown=dict(outcome.breakdown[s]),
                   winner=s in outcome.winners) for s, name in enumerate(["A", "B", "C"])],
        finished_at=datetime(2026, 1, 2, 20, 30), options=dict(game.record.options),
        seed=game.record.seed, record=game.record.to_dict())
    specs = play_sheets(play, "en")
    assert specs[0].rows[0].endswith(" 1") and not specs[0].problems()
    rounds = len(game_document(game.record)["rounds"])
    text = "".join(p.extract_text() for p in PdfReader(io.BytesIO(pdf_bytes(specs))).pages)
    assert f"{specs[0].rows[0][:-2]} {rounds}" in text
    table = PlayRecord(game_id, PlayMode.TABLE, datetime(2026, 1, 2), seats=play.seats)
    assert registry.get(game_id).extras["play_sheets"](table, "en") is None


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_rules_texts_explain_every_move_and_how_the_companion_decides(game_id: str,
                                                                      lang: str) -> None:
    text = rules_text(game_id, lang)
    heading = "## このコンパニオンの決め方" if lang == "ja" else "## How this companion decides"
    assert heading in text
    game = finished(game_id)
    words = {e.move.split()[0] for e in game.record.entries}
    for word in words:
        assert f"`{word}" in text, f"{game_id}.{lang} does not explain {word!r}"
    for spec in registry.get(game_id).options:
        if spec.kind.value == "int":
            assert re.search(rf"(?<!\d){spec.default}(?!\d)", text), (spec.key, spec.default)


def test_bench_figures_are_numbers() -> None:
    assert random_playouts("makup", 2, 0.05)["playouts_per_second"] > 0
    times = decision_times("nanto", 2, "greedy", 2)
    assert times["median_ms"] >= 0 and times["mean_ms"] >= 0
    figures = win_rate("nanto", 3, "random", 3, bot="random")
    assert figures["games"] == 3 and 0 <= figures["low"] <= figures["win_rate"] <= 1
    assert figures["fair_share"] == pytest.approx(1 / 3)


@pytest.mark.parametrize("game_id", GAMES)
def test_search_states_stop_at_their_horizon_with_rewards_between_0_and_1(game_id: str) -> None:
    from companion.bots.playout import playout

    game = Game.new(game_id, 3, seed=6)
    game.resolve_chance()
    state = game.state
    sample = state.view(state.to_move()).determinize(state.to_move(), random.Random(1))
    assert sample.horizon == state.round_no  # type: ignore[attr-defined]
    playout(sample, random.Random(2))
    assert sample.is_over()
    assert all(0.0 <= r <= 1.0 for r in sample.returns())
    if sample.truncated:  # type: ignore[attr-defined]
        assert sample.round_no == state.round_no  # type: ignore[attr-defined]
    assert not state.is_over()  # the real game goes on


def test_undo_reveals_nothing_only_when_no_card_came_after_the_decision() -> None:
    from companion.games.nincetkaik.cardgame import undo_reveals_nothing

    game = Game.new("makaik", 2, seed=3)
    game.resolve_chance()
    seat = game.state.to_move()
    game.play(game.state.parse_move("draw2"))
    assert undo_reveals_nothing(game.record.entries, seat)  # nothing drawn yet
    game.resolve_chance()
    assert not undo_reveals_nothing(game.record.entries, seat)  # two cards were seen


@pytest.mark.parametrize("game_id", GAMES)
def test_no_view_shows_another_seats_cards_and_every_sample_agrees_with_the_view(
        game_id: str) -> None:
    from companion.games.nincetkaik.cardgame import CardGameState

    game = finished(game_id, players=3, seed=8)
    replay = Game.new(game_id, 3, game.record.options, game.record.seed)
    rng = random.Random(4)
    for index, entry in enumerate(game.record.entries):
        replay.state.play(replay.state.parse_move(entry.move))
        state = replay.state
        assert isinstance(state, CardGameState)
        if index % 7 or state.is_over():
            continue
        for seat in range(3):
            view = state.view(seat)
            for other in range(3):
                if other != seat:
                    assert view.hands[other] == [] and view.asides[other] == []
                    assert view.hand_size(other) == len(state.hands[other])
            assert view.hands[seat] == state.hands[seat]
            sample = view.determinize(seat, rng)
            assert not sample.invariant_errors()
            assert sample.view(seat).describe() == view.describe()
