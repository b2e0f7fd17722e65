"""`companion table`'s side of network play (issue 38) that needs no server: the next seats a
draw names per outcome, and the sentences a history without network tables gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.cli import main
from ui.commands.table_run import next_by_outcome


def test_a_draw_names_who_may_write_next_after_each_outcome() -> None:
    # 連船之遊: a throw gives chance again or a seat; 獣裁: a seat or the end
    assert next_by_outcome([-1, 0, 0]) == [[-1], [0], [0]]
    assert next_by_outcome([-2, 1]) == [[], [1]]


@pytest.mark.parametrize(("lang", "words"), [("en", "network tables"), ("ja", "ネットワーク対局")])
def test_a_file_history_has_no_tables_and_says_so_in_one_sentence(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], lang: str, words: str) -> None:
    url = f"sqlite:///{tmp_path / 'history.db'}"
    assert main(["--db", url, "--lang", lang, "table", "list"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("companion table: ") and words in err
    assert "Traceback" not in err and len(err.splitlines()) == 1


def test_a_game_whose_hidden_cards_have_no_server_zones_is_refused_before_any_table(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game of the registry is played across laptops today; a game added later whose
    hidden cards have no server zones yet is refused in a sentence."""
    import companion.network.session as session

    monkeypatch.setattr(session, "is_playable", lambda game_id: game_id != "equilibrium")
    url = f"sqlite:///{tmp_path / 'history.db'}"
    assert main(["--db", url, "--lang", "ja", "table", "open", "equilibrium", "--seats",
                 "ann,ben"]) == 2
    err = capsys.readouterr().err
    assert "複数のパソコンで遊べません" in err
    assert main(["--db", url, "--lang", "en", "table", "open", "equilibrium", "--seats",
                 "ann,ben"]) == 2
    assert "cannot be played across laptops yet" in capsys.readouterr().err


def test_the_network_bench_says_it_needs_a_server_when_none_is_given() -> None:
    import argparse

    from ui.commands.table_bench import network_lines

    lines = list(network_lines(argparse.Namespace(pg_url="")))
    assert [line["bench"] for line in lines] == ["network.skipped"]
    assert "pg-url" in lines[0]["note"]


def test_a_laptop_that_loses_the_server_mid_game_says_so_waits_and_finishes(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    import argparse
    import random

    from companion.bots import make_bot
    from companion.network.driver import TableDriver
    from companion.network.session import TableSession
    from tests.companion.network_client_fake import FakeClient
    from tests.companion.network_fake import FakeServer
    from ui.commands import table_run

    monkeypatch.setattr(table_run, "RETRY_S", 0.0)
    server = FakeServer(["ann", "ann"], seed=2)  # one laptop plays both seats
    client = FakeClient(server.link("ann"), outage_after=20, outage_calls=3)
    bot, rng = make_bot("random"), random.Random(1)
    driver = TableDriver(table_run.ClientLink(client),
                         TableSession("taxot", 2, {"seasons": 1}, [0, 1]),
                         lambda state, seat: bot.choose(state, seat, rng), host=True,
                         grace_s=0.0)
    args = argparse.Namespace(lang="ja")
    result = table_run.run_through_outages(args, driver, 60.0)
    assert result.ok and client.failed == 3 and server.status == "finished"
    err = capsys.readouterr().err
    assert err.count("クラブの履歴サーバーに接続できません。 0秒後にもう一度試します。") == 3


def test_the_clients_refusals_reach_the_driver_as_taken_rows_and_pauses() -> None:
    """A row number already taken (`Conflict`) is `RowTaken` to the driver; two laptops
    through `ClientLink` wait out a pause (`MoveRefused` CT003) without an error, to the end."""
    import random

    from companion.bots import make_bot
    from companion.network.driver import TableDriver
    from companion.network.link import RowTaken
    from companion.network.session import TableSession
    from tests.companion.network_client_fake import FakeClient
    from tests.companion.network_fake import FakeServer
    from ui.commands.table_run import ClientLink

    server = FakeServer(["ann", "ben"], seed=9)
    with pytest.raises(RowTaken):
        ClientLink(FakeClient(server.link("ann"))).draw(5, 0, [0.5, 0.5], [0, 1])
    bot, rng = make_bot("random"), random.Random(3)
    drivers = [TableDriver(ClientLink(FakeClient(server.link(login))),
                           TableSession("taxot", 2, {"seasons": 1}, [seat]),
                           lambda state, seat: bot.choose(state, seat, rng),
                           host=True, grace_s=0.0)  # both act at once on every chance row
               for seat, login in enumerate(server.logins)]
    results: dict[int, object] = {}
    for tick in range(5000):
        if tick == 6:
            server.pause()
        if tick == 12:
            server.pause(False)
        for index, driver in enumerate(drivers):
            if index not in results:
                result = driver.tick()
                if result is not None:
                    results[index] = result
        if len(results) == 2:
            break
    assert all(getattr(r, "ok", False) for r in results.values())
    assert [row.kind for row in server.rows].count("pause") == 1
