"""Table pages: the players box folds to one line once the game has begun (issue 34), so the
tracker, the board or the calculator keeps the page's height; it opens again on demand and
when the game is undone back to its start."""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QLineEdit

from tests.ui.test_race_tables import button, type_names


def one_line(box: Any) -> bool:
    """The box shows its one summary line (in the box's frame), nothing else."""
    line = box.fold_row.height()
    return (box.fold_row.isVisible() and not box.title()
            and line <= 2 * box.fontMetrics().height() and box.height() <= line + 32)


def name_fields(page: Any) -> list[QLineEdit]:
    return [e for e in page.findChildren(QLineEdit)
            if e.objectName().startswith("table_name:") and e.isVisible()]


def test_a_race_games_players_box_folds_once_the_game_begins(window, person, qtbot) -> None:
    window.resize(window.minimumSize())
    page = window.open_game("netxiju", "table").widget("table")
    tab = page.tab(0)
    box = tab.players_box
    tab.players_box.players.setValue(2)
    type_names(person, page, ["花子", "Ben"])
    before = box.height()
    assert len(name_fields(page)) == 2 and not box.fold_row.isVisible()
    person.click(button(tab, "table_begin"))
    qtbot.waitUntil(lambda: one_line(box), timeout=2000)
    assert box.height() < before / 2 and name_fields(page) == []
    assert box.summary.text() == "Players: \u2068花子\u2069 · \u2068Ben\u2069"
    person.click(box.change_button)  # the names can be changed during the game
    assert len(name_fields(page)) == 2 and box.title() == "Players"
    person.click(button(tab, "table_throw:3"))  # the next entry folds it again
    qtbot.waitUntil(lambda: one_line(box), timeout=2000)
    for _ in range(2):  # the throw and who begins undone: back to the start, open again
        person.click(page.undo_button)
    assert len(name_fields(page)) == 2 and not box.fold_row.isVisible()


def test_the_shared_header_folds_too(window, person, qtbot, english) -> None:
    from ui.i18n import language

    page = window.open_game("mokzo", "table").widget("table")
    page.tabs.setCurrentIndex(1)
    tracker = page.tracker_tab
    box = page.players
    type_names(person, page, ["花子", "Ben"])
    person.click(button(tracker, "mokzo_res:2"))
    qtbot.waitUntil(lambda: one_line(box), timeout=2000)
    language().set("ja")
    assert box.summary.text().startswith("プレイヤー: ") and not box.title()
    assert box.change_button.text() == "プレイヤーを変更…"
