"""Cerke Online's records (棋譜, kia1ak1): read, replayed through the engine, checked, written.

The real records in tests/data/kiaak/ are Cerke Online games published in the test fixtures of
the public repository cetkaik/cerke_online_kiaak_parser, file src/index.test.ts (`case1`,
`case2`, `case3`; `old_version` from an earlier version of that file): see its README.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.core.record import Game, GameRecord
from companion.games.cetkaik.kiaak import (
    CERKE_ONLINE_OPTIONS,
    KiaakError,
    kiaak_play,
    looks_like_kiaak,
    pekzep_number,
    read_kiaak,
    read_pekzep,
    replay_kiaak,
    write_kiaak,
)

DATA = Path(__file__).resolve().parents[1] / "data" / "kiaak"

#: file -> (moves, final points IA/A, (season, declarer seat, points paid) per 終季)
REAL = {
    "case1_2022-05-31.txt": (59, [40, 0], [(0, 0, 5), (1, 0, 8), (2, 0, 7)]),
    "case2_2021-11-20.txt": (87, [0, 40], [(0, 0, 5), (1, 1, 5), (2, 1, 13), (3, 1, 7)]),
    "case3_2022-04-01.txt": (84, [0, 40], [(0, 0, 5), (1, 1, 15), (2, 1, 10)]),
    "old_2021-10-02.txt": (12, [30, 10], [(0, 0, 5), (1, 0, 5), (2, 0, 5), (3, 1, 5)]),
}


def real(name: str) -> str:
    return (DATA / name).read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(REAL))
def test_a_real_record_replays_to_its_recorded_result(name: str) -> None:
    moves, points, seasons = REAL[name]
    replayed = replay_kiaak(real(name))
    state = replayed.game.state
    assert replayed.moves == moves
    assert state.over and state.scores == points
    assert [(r.season, r.declarer, r.points) for r in state.results] == seasons


def test_the_real_records_count_four_games_and_242_moves() -> None:
    assert len(REAL) == 4
    assert sum(len(read_kiaak(real(name)).moves()) for name in REAL) == 242


def test_older_records_are_read_header_and_片_pieces() -> None:
    old = read_kiaak(real("old_2021-10-02.txt"))
    assert old.first_colours == "黒" and old.started == "2021-10-02T17:02:23.217Z"
    assert not old.ended
    assert {m.profession for m in read_kiaak(real("case2_2021-11-20.txt")).moves()
            if not m.tam_path} == {"片"}
    # the later seasons' first side is found from the moves (the 皇 move is the A side's)
    firsts = [e.move for e in replay_kiaak(old).game.record.entries if e.move.startswith("first")]
    assert firsts == ["first IA", "first A", "first IA", "first IA"]


def test_the_header_and_the_rule_set() -> None:
    record = read_kiaak(real("case1_2022-05-31.txt"))
    assert record.first_colours == "黒黒黒"
    assert record.started == "2022-05-31T17:16:02.433Z"
    assert record.ended == "2022-05-31T18:13:52.357Z"
    assert record.options() == CERKE_ONLINE_OPTIONS
    played = replay_kiaak(record).game.record.options
    assert {k: played[k] for k in CERKE_ONLINE_OPTIONS} == CERKE_ONLINE_OPTIONS
    assert looks_like_kiaak(real("old_2021-10-02.txt"))
    assert not looks_like_kiaak('{"format": "companion-history"}')


@pytest.mark.parametrize("name", sorted(REAL))
def test_an_exported_record_imports_to_the_same_play(name: str) -> None:
    original = replay_kiaak(real(name)).game.record
    text = write_kiaak(original)
    again = replay_kiaak(text).game.record
    assert again.entries == original.entries and again.options == original.options
    assert kiaak_play(text).uid == kiaak_play(real(name)).uid


@pytest.mark.parametrize("name", ["case1_2022-05-31.txt", "case3_2022-04-01.txt"])
def test_a_current_record_is_written_back_letter_for_letter(name: str) -> None:
    assert write_kiaak(replay_kiaak(real(name)).game.record) == real(name)


def refusal(text: str) -> KiaakError:
    with pytest.raises(KiaakError) as caught:
        replay_kiaak(text)
    return caught.value


def number_of(text: str, token: str) -> int:
    return [m.text for m in read_kiaak(text).moves()].index(token) + 1


def test_an_altered_water_cast_is_refused_naming_the_move() -> None:
    text = real("case1_2022-05-31.txt")
    number = number_of(text, "NI兵NO水三")
    error = refusal(text.replace("NI兵NO水三", "NI兵NO水二"))
    assert error.move == number
    assert error.text("en").startswith(f"move {number} (秋): NI兵NO水二: a water cast of 二")
    assert error.text("ja").startswith(f"{number} 手目（秋）: NI兵NO水二: 入水判定の二は失敗")


def test_an_altered_stepping_cast_is_refused_naming_the_move() -> None:
    text = real("case3_2022-04-01.txt")
    error = refusal(text.replace("ZO弓CAIZIA橋三手黒王", "ZO弓CAIZIA橋一手黒王"))
    assert error.move == number_of(text, "ZO弓CAIZIA橋三手黒王")
    assert "a cast of 一 does not take the piece to ZIA" in error.text("en")
    assert "投げ棒の一では ZIA に届きません" in error.text("ja")


def test_an_altered_capture_is_refused_naming_the_move() -> None:
    text = real("case1_2022-05-31.txt")
    error = refusal(text.replace("CAI巫CAMA橋一手赤馬", "CAI巫CAMA橋一手黒馬"))
    assert error.move == 9
    assert "captures the 赤馬, not the 黒馬 the record names" in error.text("en")
    assert "この手が取るのは赤馬で、棋譜の黒馬ではありません" in error.text("ja")


def test_an_altered_payment_is_refused() -> None:
    text = real("case1_2022-05-31.txt")
    error = refusal(text.replace("或為王加獣而手八", "或為王加獣而手九"))
    assert error.move == number_of(text, "ZI船ZEZA橋四手赤王")
    assert "終季 pays 8 at rate ×1, not 9" in error.text("en")
    assert "支払いはレート×1で8点で、9点ではありません" in error.text("ja")


def test_altered_hands_are_refused() -> None:
    error = refusal(real("case1_2022-05-31.txt").replace("或為馬弓兵而手五", "或為獣而手五"))
    assert "the hands held are 馬弓兵, not 獣" in error.text("en")


def test_an_illegal_move_is_refused_with_the_rule_it_breaks() -> None:
    text = real("case1_2022-05-31.txt")
    error = refusal(text.replace("CAI兵CAU無撃裁", "CAI兵CU無撃裁", 1))
    assert error.move == 3 and "CAI-CU breaks a rule" in error.text("en")
    assert "CAI-CU はこの局面では規則に反します（" in error.text("ja")


def test_a_wrong_piece_or_first_side_is_refused() -> None:
    text = real("case1_2022-05-31.txt")
    assert "is a 赤弓, not a 馬" in refusal(text.replace("MAU弓MAIMY橋五", "MAU馬MAIMY橋五", 1)
                                           ).text("en")
    assert "the header says 赤 moves first" in refusal(text.replace("{一位色:黒黒黒}",
                                                                   "{一位色:赤黒黒}")).text("en")


def test_a_record_that_stops_before_the_end_is_refused() -> None:
    text = real("case1_2022-05-31.txt")
    cut = text[:text.index("或為馬弓兵")]
    error = refusal(cut.replace("MY弓MU無撃裁手黒兵", "").rstrip() + "\n")
    assert "before the game is over" in error.text("en")


def test_the_same_record_spaced_differently_has_the_same_identity() -> None:
    text = real("case1_2022-05-31.txt")
    respaced = text.replace("    ", "\n").replace("\n\n", "\n")
    assert kiaak_play(respaced).uid == kiaak_play(text).uid
    assert kiaak_play(real("case3_2022-04-01.txt")).uid != kiaak_play(text).uid


def test_the_play_of_the_history() -> None:
    play = kiaak_play(real("case3_2022-04-01.txt"), ["Ann", ""])
    assert play.game_id == "cetkaik" and play.finished_at is not None
    assert [s.player for s in play.seats] == ["Ann", "赤"]
    assert [s.score for s in play.seats] == [0.0, 40.0]
    assert [s.winner for s in play.seats] == [False, True]
    assert [s.start_player for s in play.seats] == [False, True]
    assert play.started_at.year == 2022
    assert {k: play.options[k] for k in CERKE_ONLINE_OPTIONS} == CERKE_ONLINE_OPTIONS
    assert GameRecord.from_dict(play.record).meta["kiaak"]["started"] == \
        "2022-04-01T17:00:24.278Z"


def test_names_from_the_file() -> None:
    text = real("case1_2022-05-31.txt").replace("{終時:", "{黒名:kuai1}\n{赤名:iei2}\n{終時:")
    assert [s.player for s in kiaak_play(text).seats] == ["kuai1", "iei2"]


@pytest.mark.parametrize("value", [0, 1, 5, 10, 13, 20, 99, 100, 101, 125, 200, 210, 525,
                                   1000, 1200, 2200, 5678, -5, -13])
def test_pekzep_numerals_round_trip(value: int) -> None:
    assert read_pekzep(pekzep_number(value)) == value


def test_pekzep_numerals_as_records_write_them() -> None:
    assert [pekzep_number(n) for n in (5, 13, 15, 20, 125, -5)] == \
        ["五", "十三", "十五", "二十", "百二五", "下五"]


def random_game(options: dict[str, object], seed: int) -> GameRecord:
    game = Game.new("cetkaik", 2, options, seed=seed)
    rng = random.Random(seed)
    while not game.state.over:
        if game.state.is_chance():
            game.resolve_chance()
            continue
        moves = game.state.legal_moves()
        declare = [m for m in moves if str(m) in ("再行", "終季")]
        game.play(rng.choice(declare or moves))
    return game.record


@pytest.mark.parametrize("options", [dict(CERKE_ONLINE_OPTIONS, seasons=1), {"seasons": 1},
                                     {}])
def test_any_game_of_both_rule_sets_is_written_and_read_back(options: dict[str, object]) -> None:
    for seed in range(3):
        record = random_game(options, seed)
        text = write_kiaak(record)
        again = replay_kiaak(text).game.record
        assert again.entries == record.entries, text
        assert again.options == record.options
        assert ("{律:標準机戦}" in text) == ("announce" not in options)


def test_declarations_with_再行_are_written_and_read() -> None:
    texts = [write_kiaak(random_game({"seasons": 2}, seed)) for seed in range(6)]
    assert any("\n再行\n" in text for text in texts)
    for text in texts:
        assert replay_kiaak(text).game.state.over


@pytest.mark.parametrize(("game_id", "options", "words"), [
    ("cetkaik_education", {}, "教育机戦"),
    ("cetkaik_old", {}, "古机戦"),
    ("cetkaik", {"chain_casting": True}, "連撃術"),
    ("cetkaik", {**CERKE_ONLINE_OPTIONS, "announce": "nothing"}, "stepping throw"),
])
def test_a_rule_set_the_format_has_no_place_for_is_refused(
        game_id: str, options: dict[str, object], words: str) -> None:
    record = GameRecord(game_id, 2, 0, dict(options))
    with pytest.raises(KiaakError) as caught:
        write_kiaak(record)
    assert words in caught.value.text("en") or words in caught.value.text("ja")
    assert caught.value.text("en") != caught.value.text("ja")


def test_the_printed_play_has_a_棋譜_sheet_by_season(tmp_path: Path) -> None:
    from pypdf import PdfReader

    from companion.export.pdf import render_sheets
    from companion.games.cetkaik.printing import play_sheets

    play = kiaak_play(real("case1_2022-05-31.txt"), ["Ann", "Ben"])
    sheets = play_sheets(play, "ja")
    assert sheets is not None and len(sheets) == 2
    log = sheets[1].log
    assert sheets[1].subtitle == "棋譜（オンライン机戦の記法）"
    assert log[:2] == ["春: 先手 黒 Ann", "  1  MAU弓MAIMY橋五  PE巫PIPU無撃裁"]
    assert "     或為馬弓兵而手五  終季 春終" in log
    assert "春の後の点数: 黒 25 – 15 赤" in log and log[-1] == "秋の後の点数: 黒 40 – 0 赤"
    english = play_sheets(play, "en")
    assert english is not None and english[1].log[0] == "Spring: 黒 Ann moves first"
    path = tmp_path / "play.pdf"
    render_sheets(sheets, path)
    text = "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)
    assert "MAU弓MAIMY橋五" in text and "或為同色馬弓兵而手七" in text


def test_only_the_standard_board_gets_a_棋譜_sheet() -> None:
    from companion.games.cetkaik.printing import play_sheets
    from companion.history import PlayMode, PlayRecord, SeatResult

    game = Game.new("cetkaik_education", 2, {"seasons": 1}, seed=2)
    rng = random.Random(2)
    while not game.state.over:
        if game.state.is_chance():
            game.resolve_chance()
        else:
            game.play(rng.choice(game.state.legal_moves()))
    play = PlayRecord("cetkaik_education", PlayMode.DIGITAL, kiaak_play(
        real("old_2021-10-02.txt")).started_at, [SeatResult(0, "A"), SeatResult(1, "B")],
        record=game.record.to_dict())
    sheets = play_sheets(play, "en")
    assert sheets is not None and len(sheets) == 1


def test_a_capture_written_apart_from_its_move_is_read() -> None:
    text = real("case1_2022-05-31.txt").replace("CAI巫CAMA橋一手赤馬", "CAI巫CAMA橋一 手馬")
    assert replay_kiaak(text).game.state.scores == [40, 0]
    assert read_kiaak(text).moves()[8].captured == ("", "馬")
