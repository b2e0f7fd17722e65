"""`companion table`'s side of network play (issue 38) that needs no server: the next seats a
draw row names, and the sentences a history without network tables gives."""

from __future__ import annotations

from pathlib import Path

import pytest

from ui.cli import main
from ui.commands.table_run import draw_next_seats


@pytest.mark.parametrize(("by_outcome", "sent"), [
    ([-1, -1, -1], [-1]),  # chance again whatever is drawn
    ([1, 1, 0, 0], [0, 1]),  # either seat; each laptop checks the one drawn
    ([0, 1], [0, 1]),  # 机戦's first mover: one seat per outcome
    ([1, 0], [1, 0]),  # one per outcome, in the outcomes' order
    ([-2, 1, 1], [1]),  # the game may end: the seat named writes the end row
    ([-2, -2], []),  # it ends whatever is drawn
    ([-1, 0, 0], [-1, 0, 0]),  # chance or a seat: per outcome
])
def test_a_draw_names_who_may_write_next_as_the_server_takes_it(
        by_outcome: list[int], sent: list[int]) -> None:
    assert draw_next_seats(by_outcome) == sent


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
