"""机戦 notation: every move and chance outcome round-trips, both square spellings read, bad
text and illegal moves are refused with sentences, and the JSON record reads back."""

from __future__ import annotations

import json

import pytest

from companion.core.errors import IllegalMoveError, MoveParseError, RecordError
from companion.core.record import Game, GameRecord
from companion.games.cetkaik.moves import (
    AfterCast,
    Declare,
    Drop,
    FirstMover,
    PieceMove,
    TamMove,
    parse_move,
)
from companion.games.cetkaik.pieces import Colour, Profession
from companion.games.cetkaik.positions import layout, position, random_game
from companion.games.cetkaik.record import game_document, load_record
from companion.games.cetkaik.rules import new_state
from companion.games.sticks.moves import Sticks


@pytest.mark.parametrize("announce", ["square", "direction", "nothing"])
def test_every_legal_move_of_a_played_game_round_trips(announce: str) -> None:
    record = random_game(5, {"announce": announce}).record
    replay = Game.new("cetkaik", 2, record.options, record.seed)
    kinds = set()
    for entry in record.entries:
        for move in replay.state.legal_moves():
            assert replay.state.parse_move(str(move)) == move, str(move)
            kinds.add(type(move).__name__)
        replay.state.play(replay.state.parse_move(entry.move))
    assert {"PieceMove", "TamMove", "FirstMover", "Sticks", "Declare"} <= kinds


@pytest.mark.parametrize(("text", "move"), [
    ("ZAI-ZY", PieceMove("ZAI", "ZY")),
    ("e3-e4", PieceMove("ZAI", "ZY")),
    ("zai - zy", PieceMove("ZAI", "ZY")),
    ("ZAI-[ZO]-ZU", PieceMove("ZAI", "ZU", "ZO")),
    ("e3-e5-e6", PieceMove("ZAI", "ZU", "ZO")),
    ("LAU-[LAI]->LY", PieceMove("LAU", "LY", "LAI", towards=True)),
    ("LAU-[LAI]", PieceMove("LAU", "", "LAI")),
    ("皇ZO-TY-TAU", TamMove(("ZO", "TY", "TAU"))),
    ("tam e5-d4-d2", TamMove(("ZO", "TY", "TAU"))),
    ("皇ZO-TY-[TAI]-NAU", TamMove(("ZO", "TY", "TAI", "NAU"), 2)),
    ("皇ZO-[ZU]-ZI-ZE", TamMove(("ZO", "ZU", "ZI", "ZE"), 1)),
    ("赤兵*ZY", Drop(Colour.RED, Profession.PAWN, "ZY")),
    ("rP*e4", Drop(Colour.RED, Profession.PAWN, "ZY")),
    ("bk*a1", Drop(Colour.BLACK, Profession.KING, "KIA")),
    ("go LO", AfterCast("LO")),
    ("stay", AfterCast("")),
    ("再行", Declare(True)), ("tymok", Declare(True)),
    ("終季", Declare(False)), ("taxot", Declare(False)),
    ("=3", Sticks(3)), ("first A", FirstMover(1)), ("first ia", FirstMover(0)),
])
def test_notation_reads_both_square_spellings_and_ascii_aliases(text: str, move: object) -> None:
    assert parse_move(text) == move
    assert parse_move(str(move)) == move


@pytest.mark.parametrize("text", [
    "", "ZAI", "ZAI-", "ZAI-QQ", "j1-a1", "皇ZO-ZU", "皇ZO-[ZU]-[ZI]-ZE", "皇ZO-ZU-ZI-ZE",
    "赤*ZY", "緑兵*ZY", "赤兵*", "go", "go Q9", "=6", "first B", "♜",
])
def test_malformed_notation_is_refused_naming_the_text(text: str) -> None:
    with pytest.raises(MoveParseError) as caught:
        parse_move(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize(("text", "reason"), [
    ("LAU-LY", "cannot reach LY"),
    ("KE-KU", "belongs to the A side"),
    ("TU-TO", "there is no piece on TU"),
    ("KIA-LIA", "holds one of your own pieces"),
    ("皇TY-TO-ZO", "the 皇 is not on TY"),
    ("赤兵*ZY", "holds no captured 赤兵"),
    ("再行", "no declaration is due"),
    ("=3", "chance does not act now"),
])
def test_an_illegal_move_is_refused_with_the_reason_and_the_position(
        text: str, reason: str) -> None:
    state = new_state(2, {})
    state.play(FirstMover(0))
    before = state.describe()
    with pytest.raises(IllegalMoveError) as caught:
        state.play(state.parse_move(text))
    assert reason in str(caught.value) and "position: Cetkaik standard" in str(caught.value)
    assert state.describe() == before


def test_a_protected_piece_is_refused_with_the_reason() -> None:
    state = position(layout({"i1": "皇", "b2": "黒弓^", "b4": "赤兵v", "c3": "赤将v"}))
    with pytest.raises(IllegalMoveError, match="protected by a 将 on 皇処"):
        state.play(state.parse_move("b2-b4"))


def test_the_documented_record_has_seasons_and_the_result() -> None:
    game = random_game(3)
    document = game_document(game.record)
    json.dumps(document, ensure_ascii=False)
    assert document["game"] == "cetkaik" and document["variant"] == "standard"
    assert document["result"]["finished"] is True
    assert sum(document["result"]["points"]) == 40
    assert len(document["seasons"]) == len(game.state.results)
    for season in document["seasons"]:
        assert season["name"] in "春夏秋冬" and season["rate"] >= 1
    assert GameRecord.from_dict(document).to_json() == game.record.to_json()


def test_a_record_reads_back_to_the_same_position() -> None:
    game = random_game(8)
    assert load_record(game.record.to_json()).state.describe() == game.state.describe()


def test_a_record_of_another_game_is_refused() -> None:
    data = random_game(1).record.to_dict()
    data["game"] = "etariya"
    with pytest.raises(RecordError, match="record of 'etariya', not of 机戦"):
        load_record(data)


def test_a_record_of_another_rule_set_is_refused() -> None:
    data = random_game(1).record.to_dict()
    data["options"]["variant"] = "education"
    with pytest.raises(RecordError, match="rule set 'education'"):
        load_record(data)


def test_a_record_with_an_unreadable_move_names_it_and_the_position() -> None:
    data = random_game(1).record.to_dict()
    data["moves"][3] = {"seat": data["moves"][3].get("seat", 0), "move": "LAU~LY"}
    with pytest.raises(RecordError) as caught:
        load_record(data)
    assert "move 4 of the record" in str(caught.value) and "'LAU~LY'" in str(caught.value)
    assert "position: Cetkaik standard" in str(caught.value)


def test_a_record_with_an_illegal_move_gives_the_reason_and_the_position() -> None:
    data = random_game(1).record.to_dict()
    seat_moves = [i for i, m in enumerate(data["moves"]) if "seat" in m]
    data["moves"][seat_moves[0]]["move"] = "TU-TO"
    with pytest.raises(RecordError, match=r"there is no piece on TU\) in position: Cetkaik"):
        load_record(data)


def test_a_record_that_is_no_json_is_refused() -> None:
    with pytest.raises(RecordError, match="not a game record"):
        load_record("{not json")
