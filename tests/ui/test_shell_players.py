"""Players: counts, rename (a taken name is refused with a clear message), merge."""

from __future__ import annotations

import db
from companion.display import strip_isolates
from tests.ui.shots import save_shot


def open_players(window, person):
    person.click_sidebar(window, "Players")
    return window.current_page()


def select(person, page, name: str) -> None:
    row = [n for n, _count in page.rows()].index(name)
    person.click_row(page.table, row)
    assert page.selected().name == name


def test_everybody_with_their_number_of_plays(window, person) -> None:
    page = open_players(window, person)
    assert page.rows() == [("Ben", "3"), ("Cho", "4"), ("Dan", "1"), ("花子", "3")]
    assert not page.rename_button.isEnabled()  # nobody chosen yet
    save_shot(window, "shell_players.png")


def test_rename_shows_everywhere(window, person) -> None:
    page = open_players(window, person)
    select(person, page, "Dan")
    assert page.new_name.text() == "Dan"
    person.type(page.new_name, "Daniel")
    person.click(page.rename_button)
    assert strip_isolates(page.status.text()) == "“Dan” is now “Daniel”."
    assert ("Daniel", "1") in page.rows() and "Dan" not in [n for n, _c in page.rows()]
    assert page.selected().name == "Daniel"
    history = window.show_page("history")
    assert history.visible_rows()[0][2] == "Daniel, Cho"


def test_renaming_to_a_taken_name_says_what_to_do(window, person) -> None:
    page = open_players(window, person)
    select(person, page, "Ben")
    person.type(page.new_name, "Cho")
    person.click(page.rename_button)
    assert strip_isolates(page.status.text()) == (
        "There is already a player called “Cho”. If they are the same person, use Merge "
        "instead.")
    assert page.rows() == [("Ben", "3"), ("Cho", "4"), ("Dan", "1"), ("花子", "3")]
    person.type(page.new_name, "")
    person.click(page.rename_button)
    assert strip_isolates(page.status.text()) == "A name cannot be empty."


def test_merge_moves_the_plays_after_asking(window, person) -> None:
    page = open_players(window, person)
    select(person, page, "Dan")
    person.choose(page.merge_target, "Ben")
    seen: list[str] = []
    person.answer_dialogs("Merge", seen=seen)
    person.click(page.merge_button)
    assert "Move every play of “Dan” to “Ben”" in strip_isolates(seen[0])
    assert page.rows() == [("Ben", "4"), ("Cho", "4"), ("花子", "3")]
    assert strip_isolates(page.status.text()) == "“Dan” was merged into “Ben”."
    assert db.count_plays(window.ctx.db, player="Ben") == 4


def test_cancelled_merge_changes_nothing(window, person) -> None:
    page = open_players(window, person)
    select(person, page, "Dan")
    person.choose(page.merge_target, "Ben")
    person.answer_dialogs("Cancel")
    person.click(page.merge_button)
    assert ("Dan", "1") in page.rows()


def test_the_renamed_line_goes_when_another_player_is_chosen_or_the_language_changes(
        window, person) -> None:
    """The Players page kept "“Dan” is now “Daniel”." under another player, and in English
    in the Japanese interface (issue 34)."""
    from ui.i18n import language

    page = open_players(window, person)
    select(person, page, "Dan")
    person.type(page.new_name, "Daniel")
    person.click(page.rename_button)
    assert strip_isolates(page.status.text()) == "“Dan” is now “Daniel”."
    select(person, page, "Ben")
    assert page.status.text() == ""
    person.type(page.new_name, "Benjamin")
    person.click(page.rename_button)
    assert strip_isolates(page.status.text()) == "“Ben” is now “Benjamin”."
    language().set("ja")
    try:
        assert page.status.text() == ""
    finally:
        language().set("en")
