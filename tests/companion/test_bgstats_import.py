"""Reading a BG Stats export (issue 32.6, 32.7): games by name, ways of winning from the
game's flags, teams, expansions, players matched by name, and plays that cannot be read
listed as a person finds them, in both languages; a file that is no BG Stats export is
refused whole."""

from __future__ import annotations

from datetime import datetime

import pytest

from companion.export.bgstats_import import BGStatsFileError, read_bgstats
from companion.history import WinMode
from companion.winning import play_win_mode
from tests.companion.bgstats_sample import PLAY_UUIDS, sample_text


def test_a_hand_written_export() -> None:
    found = read_bgstats(sample_text(), players=["Ann", "Zed"])
    golf, pandemic, codenames, juusai = found.plays
    assert golf.game_id == "other:Golf" and play_win_mode(golf) is WinMode.LOWEST
    assert [(s.player, s.score, s.rank, s.winner, s.start_player) for s in golf.seats] == [
        ("Ann", 36, 1, True, True), ("Ben", 41, 2, False, False)]  # "ann" is the history's Ann
    assert (golf.started_at, golf.duration_s, golf.location, golf.notes) == (
        datetime(2026, 3, 1, 19, 30), 40 * 60, "Club", "windy")
    assert golf.uid == PLAY_UUIDS[0]
    assert play_win_mode(pandemic) is WinMode.COOPERATIVE and pandemic.winners() == ["Ann", "Cy"]
    assert pandemic.options == {"expansions": ["Pandemic: On the Brink"]}
    assert play_win_mode(codenames) is WinMode.TEAMS
    assert [s.team for s in codenames.seats] == ["red", "red", "blue", "blue"]
    assert juusai.game_id == "juusai" and juusai.options == {"variant": "short game"}
    assert [(s.player, s.score, s.faction) for s in juusai.seats] == [
        ("Di", 12, "red"), ("Ben", 20.5, "")]
    assert found.matched == ["Ann"] and found.new_players == ["Ben", "Cy", "Di"]


def test_plays_that_cannot_be_read_are_listed_in_both_languages() -> None:
    found = read_bgstats(sample_text())
    assert [s.text("en") for s in found.skipped] == [
        "Play 5 (2026-03-05 19:00, Golf): its player number 9 is not in the file's list of "
        "players",
        "Play 6 (yesterday, Pandemic): its date 'yesterday' cannot be read"]
    assert [s.text("ja") for s in found.skipped] == [
        "5 件目の対局（2026-03-05 19:00, Golf）: プレイヤー（番号 9）がファイルのプレイヤー一覧に"
        "ありません",
        "6 件目の対局（yesterday, Pandemic）: 日付 'yesterday' を読めません"]


@pytest.mark.parametrize(("text", "en", "ja"), [
    ("{not json", "The file is not valid JSON (line 1, column 2).",
     "ファイルが正しい JSON ではありません（1 行目 2 文字目）。"),
    ('{"format": "tabletop-companion-history", "version": 1, "plays": []}',
     "The file is not a BG Stats export (it has no list of plays, players and games).",
     "BG Stats の書き出しファイルではありません（対局・プレイヤー・ゲームの一覧がありません）。"),
])
def test_a_file_that_is_not_an_export_is_refused_whole(text: str, en: str, ja: str) -> None:
    with pytest.raises(BGStatsFileError) as refused:
        read_bgstats(text)
    assert (refused.value.text("en"), refused.value.text("ja")) == (en, ja)
