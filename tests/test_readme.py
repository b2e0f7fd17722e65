"""The README claims what the app does, no more: its game table names every game of the
Library, says "yes" to digital play exactly where the Library offers Play, and lists no game
the app cannot reach."""

from __future__ import annotations

from pathlib import Path

from companion.games import registry
from companion.games.registry import Mode

README = Path(__file__).resolve().parents[1] / "README.md"


def game_rows() -> list[list[str]]:
    text = README.read_text("utf-8")
    table = text.split("## The games and what the app does for each", 1)[1]
    rows = [line.strip().strip("|").split("|") for line in table.splitlines()
            if line.startswith("|")]
    return [[cell.strip() for cell in row] for row in rows[2:]]  # after header and rule


def row_of(info: registry.GameInfo, rows: list[list[str]]) -> list[str]:
    short_ja = info.name_ja.split("（")[0]
    found = [row for row in rows if short_ja in row[0] or info.name_en.split(" (")[0] in row[0]]
    assert found, f"{info.name_en} is in the Library but not in the README's table"
    return found[0]


def test_every_library_game_is_in_the_table_with_its_modes() -> None:
    rows = game_rows()
    for info in registry.all_games():
        row = row_of(info, rows)
        plays = row[2].startswith("yes")
        assert plays == (Mode.PLAY in info.modes and info.new_state is not None), row
        assert (row[1] not in ("", "—")) == (Mode.TABLE in info.modes), row


#: The row of games the app does not know: not a registry game, the Library's "Other game…".
OTHER_ROW = "any other game"


def test_the_table_lists_no_game_the_app_cannot_reach() -> None:
    names = " ".join(f"{g.name_ja} {g.name_en}" for g in registry.all_games())
    for row in game_rows():
        first = row[0].split(" (")[0].split(",")[0].strip()
        reachable = first in names or first == OTHER_ROW
        assert reachable or row[1] == "not yet in the app", row


def test_any_other_game_gets_the_table_companion_it_claims() -> None:
    from companion.other_games import other_game_id, other_game_info
    from companion.scoresheet import SCORE_CATEGORY, categories_for

    (row,) = [r for r in game_rows() if r[0].startswith(OTHER_ROW)]
    game_id = other_game_id("Catan")
    assert other_game_info(game_id).modes == frozenset({Mode.TABLE})  # the Library's page
    assert "score sheet" in row[1] and categories_for(game_id) == [SCORE_CATEGORY]
    assert row[2] == "—"  # no digital play for a game the app does not know


def test_the_two_set_up_commands_stay() -> None:
    text = README.read_text("utf-8")
    assert "make run     # creates .venv on first use" in text
    assert "make test    # creates .venv on first use" in text
