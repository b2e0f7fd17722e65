"""`companion replay ID` and the replay model behind it (`companion.core.replay`): positions
are the moments a person sees (chance is never a position of its own), each position is the
engine's state at that point of the record, a record that stops part-way is replayed as far as
it goes and says where, and a game started from a position remembers where it came from."""

from __future__ import annotations

import re
from dataclasses import replace
from datetime import datetime
from pathlib import Path

import pytest

from companion.bots.runner import play_bots
from companion.core.record import Game, GameRecord, RecordEntry
from companion.core.replay import Replay, ReplayError, StopKind, branch_of
from companion.history import PlayMode, PlayRecord, SeatResult
from ui import cli

START = datetime(2026, 11, 22, 19, 30)


def bot_record(game_id: str = "shinyu", players: int = 2, seed: int = 3) -> GameRecord:
    return play_bots(game_id, ["random"] * players, seed).record


def with_move(record: GameRecord, index: int, entry: RecordEntry) -> GameRecord:
    entries = list(record.entries)
    entries[index] = entry
    return replace(record, entries=entries)


def first_move(record: GameRecord, after: int = 0) -> int:
    return next(i for i, e in enumerate(record.entries) if i >= after and not e.is_chance)


# --- the model --------------------------------------------------------------------------------
@pytest.mark.parametrize(("game_id", "players"), [("etariya", 2), ("alluvium", 3),
                                                  ("rengeki", 2)])
def test_every_position_is_the_engines_state_there(game_id: str, players: int) -> None:
    record = bot_record(game_id, players, 5)
    replay = Replay.of(record)
    assert replay.stop is None and replay.is_finished()
    decisions = [i for i, e in enumerate(record.entries) if not e.is_chance]
    assert len(replay) == len(decisions) + 1  # the start, then one per seat's move
    for index, step in enumerate(replay.steps):
        engine = Game.replay(record, upto=step.at).state
        assert not engine.is_chance()
        assert step.state.describe() == engine.describe()
        assert replay.moves_until(index) == index
        drawn = record.entries[replay.steps[index - 1].at if index else 0:step.at]
        assert [str(m) for m in step.chance] == [e.move for e in drawn if e.is_chance]
    assert replay.index_at(decisions[3] + 1) == 4  # the position right after the 4th move


def test_a_record_that_stops_is_replayed_as_far_as_it_goes() -> None:
    record = bot_record()
    bad = first_move(record, 5)
    seat = record.entries[bad].seat
    for entry, kind in ((RecordEntry(seat, "juggle"), StopKind.BAD_MOVE),
                        (RecordEntry(seat, "bank"), StopKind.ILLEGAL),
                        (RecordEntry(1 - seat, record.entries[bad].move), StopKind.WRONG_SEAT)):
        replay = Replay.of(with_move(record, bad, entry))
        assert replay.stop is not None and replay.stop.kind is kind
        assert replay.stop.entry == bad and replay.stop.move == entry.move
        assert replay.entries == tuple(record.entries[:bad])
        assert replay.steps[-1].at <= bad and not replay.is_finished()
        assert f"after move {replay.moves_until(len(replay) - 1)}" in replay.stop.sentence()


@pytest.mark.parametrize(("data", "kind"), [
    (None, StopKind.NO_RECORD),
    ({"game": "shinyu", "moves": "x"}, StopKind.UNREADABLE),
    ({"game": "newgame", "players": 2, "seed": 1, "moves": []}, StopKind.UNKNOWN_GAME),
    ({"game": "other:Catan", "players": 2, "seed": 1, "moves": []}, StopKind.UNKNOWN_GAME),
    ({"game": "shinyu", "players": 9, "seed": 1, "moves": []}, StopKind.BAD_SETUP),
    ({"game": "shinyu", "players": 2, "seed": 1, "options": {"speed": 3}, "moves": []},
     StopKind.BAD_SETUP),
    ({"game": "etariya", "players": 2, "seed": 1, "moves": [{"chance": "first X"}]},
     StopKind.BAD_MOVE),
])
def test_a_record_that_cannot_begin_says_why(data: dict | None, kind: StopKind) -> None:
    with pytest.raises(ReplayError) as caught:
        Replay.of_dict(data)
    assert caught.value.stop.kind is kind


def test_a_game_from_a_position_remembers_where_it_branched() -> None:
    record = bot_record("etariya", 2, 7)
    replay = Replay.of(record)
    game = replay.game_at(9, parent_play=41)
    assert game.state.describe() == replay.state(9).describe()
    assert game.record.entries == list(record.entries[:replay.steps[9].at])
    assert branch_of(game.record) == (41, replay.steps[9].at)
    # ... through saving, resuming and undo
    saved = GameRecord.from_json(game.record.to_json())
    assert branch_of(saved) == (41, replay.steps[9].at)
    resumed = Game.replay(saved)
    game.play(game.state.legal_moves()[0])
    game.resolve_chance()
    assert resumed.undo() and branch_of(resumed.record) == (41, replay.steps[9].at)
    assert branch_of(record) is None and "meta" not in record.to_dict()  # nothing for others


def test_move_text_has_one_move_a_line_with_names() -> None:
    record = bot_record()
    text = Replay.of(record).notation_text(["Ann", "Ben"], "新遊 #3").splitlines()
    assert text[0] == "# 新遊 #3"
    moves = [e for e in record.entries if not e.is_chance]
    lines = [line for line in text[1:] if not line.startswith("   → ")]
    assert lines == [f"{n}. {('Ann', 'Ben')[e.seat]}: {e.move}"
                     for n, e in enumerate(moves, start=1)]
    assert len(text) == 1 + len(record.entries)


# --- the command ------------------------------------------------------------------------------
@pytest.fixture
def history(tmp_path: Path):
    import db

    url = f"sqlite:///{tmp_path / 'history.db'}"
    database = db.open_database(url)
    yield url, database
    database.close()


def store(database, record: dict | None, finished: bool = True,
          mode: PlayMode = PlayMode.DIGITAL) -> int:
    import db

    seats = [SeatResult(0, "花子"), SeatResult(1, "Bot · Greedy", True, "greedy")]
    play = PlayRecord("shinyu", mode, START, seats, record=record,
                      finished_at=START if finished else None)
    return int(db.add_play(database, play))


def test_the_command_prints_every_move_and_position(history, capsys) -> None:
    url, database = history
    record = bot_record()
    play_id = store(database, record.to_dict())
    assert cli.main(["--db", url, "replay", str(play_id)]) == 0
    out = capsys.readouterr().out.splitlines()
    replay = Replay.of(record)
    assert out[0] == f"play {play_id}: shinyu, 花子, Bot · Greedy, seed 3 (finished)"
    assert out[1:3] == ["start", f"    {replay.state(0).describe()}"]
    body = out[3:]
    assert len(body) == 2 * (len(replay) - 1)
    for index in range(1, len(replay)):
        line, described = body[2 * index - 2], body[2 * index - 1]
        move = replay.entries_until(index)[-1 - len(replay.steps[index].chance)]
        who = ("花子", "Bot · Greedy")[move.seat]
        assert line.startswith(f"{index}. {who}: {move.move}")
        assert described == f"    {replay.state(index).describe()}"


def test_an_unfinished_play_is_printed_to_its_last_saved_move(history, capsys) -> None:
    url, database = history
    record = bot_record()
    cut = replace(record, entries=record.entries[:first_move(record, 4)])
    play_id = store(database, cut.to_dict(), finished=False)
    assert cli.main(["--db", url, "replay", str(play_id)]) == 0
    out = capsys.readouterr().out
    assert "(unfinished)" in out and out.rstrip().endswith(
        Replay.of(cut).state(len(Replay.of(cut)) - 1).describe())


def test_a_missing_play_or_a_table_play_is_one_sentence(history, capsys) -> None:
    url, database = history
    assert cli.main(["--db", url, "replay", "99"]) == 2
    err = capsys.readouterr().err
    assert err == "companion replay: there is no play with id 99\n"
    table = store(database, None, mode=PlayMode.TABLE)
    assert cli.main(["--db", url, "replay", str(table)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no moves were recorded" in err


def test_a_record_that_no_longer_replays_is_printed_as_far_as_it_goes(history, capsys) -> None:
    url, database = history
    record = bot_record()
    bad = first_move(record, 5)
    broken = with_move(record, bad, RecordEntry(record.entries[bad].seat, "juggle"))
    play_id = store(database, broken.to_dict())
    assert cli.main(["--db", url, "replay", str(play_id)]) == 2
    captured = capsys.readouterr()
    done = Replay.of(broken)
    assert captured.out.rstrip().endswith(done.state(len(done) - 1).describe())
    assert captured.err.count("\n") == 1
    assert f"entry {bad + 1} ('juggle') cannot be read" in captured.err
    newer = store(database, {**record.to_dict(), "game": "no-such-game"})
    assert cli.main(["--db", url, "replay", str(newer)]) == 2
    assert "this version cannot play that game" in capsys.readouterr().err


def test_the_command_opens_the_history_as_every_command_does(history, capsys,
                                                             monkeypatch) -> None:
    """A warning about the history (e.g. a server reached without encryption) is printed
    once before the moves, as `db check`, `export` and `import` print it."""
    import db
    from db.transport import Notice

    url, database = history
    play_id = store(database, bot_record().to_dict())
    opened = db.open_database

    def with_notice(location, *args, **kwargs):
        found = opened(location, *args, **kwargs)
        found.notice = Notice("plain", "The history is reached without encryption.",
                              "履歴には暗号化なしで接続しています。")
        return found

    monkeypatch.setattr(db, "open_database", with_notice)
    assert cli.main(["--db", url, "replay", str(play_id)]) == 0
    captured = capsys.readouterr()
    assert captured.err == ("companion: warning: The history is reached without "
                            "encryption.\n")
    assert captured.out.startswith(f"play {play_id}: shinyu")


#: Where a description names a seat by its number.
SEAT_NUMBER = re.compile(r"\b(?:seat|banker|to move|for|by|from|placing|order|親|leader|winner)"
                         r" (-?\d+)\b")
#: Japanese script: a description in English does not begin with it.
JAPANESE = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")


def digital_games() -> list[str]:
    from companion.games import registry

    return [g.id for g in registry.all_games() if registry.Mode.PLAY in g.modes]


@pytest.mark.parametrize("game_id", digital_games())
def test_every_games_replay_counts_seats_from_1_in_english(game_id: str, history,
                                                            capsys) -> None:
    """Seats are numbered 1… in every game's positions (as the card games and the move list
    do), and the English output names the game and its counters in English (the rules' own
    kanji terms, pieces and cards stay as the English rules texts write them)."""
    from companion.games import registry

    url, database = history
    info = registry.get(game_id)
    players = max(2, info.min_players)
    record = play_bots(game_id, ["random"] * players, 3).record
    seats = [SeatResult(i, f"P{i + 1}") for i in range(players)]
    import db

    play_id = db.add_play(database, PlayRecord(game_id, PlayMode.DIGITAL, START, seats,
                                               record=record.to_dict(), finished_at=START))
    assert cli.main(["--db", url, "replay", str(play_id)]) == 0
    described = [line.strip() for line in capsys.readouterr().out.splitlines()
                 if line.startswith("    ")]
    assert len(described) == len(Replay.of(record))
    japanese_name = info.name_ja.split("（")[0]
    for line in described:
        assert not JAPANESE.match(line) and japanese_name not in line, line
        assert "米" not in line and "銭" not in line, line
        numbers = [int(n) for n in SEAT_NUMBER.findall(line)]
        assert all(1 <= n <= players for n in numbers), line
