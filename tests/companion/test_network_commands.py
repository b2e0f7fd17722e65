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
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = f"sqlite:///{tmp_path / 'history.db'}"
    assert main(["--db", url, "--lang", "ja", "table", "open", "makaik", "--seats",
                 "ann,ben"]) == 2
    err = capsys.readouterr().err
    assert "複数のパソコンで遊べません" in err
    assert main(["--db", url, "--lang", "en", "table", "open", "makaik", "--seats",
                 "ann,ben"]) == 2
    assert "cannot be played across laptops yet" in capsys.readouterr().err


def test_the_network_bench_says_it_needs_a_server_when_none_is_given() -> None:
    import argparse

    from ui.commands.table_bench import network_lines

    lines = list(network_lines(argparse.Namespace(pg_url="")))
    assert [line["bench"] for line in lines] == ["network.skipped"]
    assert "pg-url" in lines[0]["note"]
