"""The 紙机戦 card games' table pages (issue 34): the players box above the tabs folds to one
line once the ledger holds an entry, so the calculator and the ledger keep the page's height;
it opens on demand and again when the entries are undone back to the start."""

from __future__ import annotations

from typing import Any

from tests.ui.test_nincetkaik_table import name_players, open_table, show_tab, tick
from tests.ui.test_table_players_fold import one_line


def enter_a_win(person: Any, page: Any, seat: int) -> None:
    """値木's score tab: tick the winner, enter the game into the ledger."""
    score = show_tab(page, "Plays and wins")
    tick(person, score.winners[seat])
    person.click(score.enter_button)


def test_the_card_games_players_box_folds_at_the_first_entry(window, person, qtbot) -> None:
    window.resize(window.minimumSize())
    page = open_table(window, "makup")
    box = page.players
    name_players(person, page, ["Ann", "Ben", "Cy"])
    qtbot.wait(10)
    before = box.height()
    assert not box.is_folded() and box.names[2].isVisible()  # names are no entry
    enter_a_win(person, page, 1)
    qtbot.waitUntil(lambda: one_line(box), timeout=2000)
    assert box.height() < before / 2 and not box.names[0].isVisible()
    assert not box.count.isVisible() and not box.rounds.isVisible()
    assert box.summary.text() == "Players: \u2068Ann\u2069 · \u2068Ben\u2069 · \u2068Cy\u2069"
    person.click(box.change_button)  # a name can still be corrected during the game
    assert box.names[2].isVisible() and box.title() == "Players"
    enter_a_win(person, page, 0)  # the next entry folds it again
    qtbot.waitUntil(lambda: one_line(box), timeout=2000)
    for _ in range(2):  # both entries undone: back to the start, the box opens
        person.click(page.undo_button)
    qtbot.waitUntil(lambda: not box.is_folded(), timeout=2000)
    assert [e.isVisible() for e in box.names[:4]] == [True, True, True, False]
    assert box.count.isVisible() and box.title() == "Players" and not box.fold_row.isVisible()


def test_the_folded_card_table_speaks_japanese(window, person, qtbot, english) -> None:
    from ui.i18n import language

    page = open_table(window, "makup")
    box = page.players
    name_players(person, page, ["花子", "Ben"])
    enter_a_win(person, page, 0)
    qtbot.waitUntil(lambda: one_line(box), timeout=2000)
    language().set("ja")
    assert box.summary.text() == "プレイヤー: \u2068花子\u2069 · \u2068Ben\u2069"
    assert not box.title()
    assert box.change_button.text() == "プレイヤーを変更…"
    assert not box.names[0].isVisible()  # a language switch does not open it


def test_the_one_line_headers_stay_one_line(window, qtbot) -> None:
    """Sorani's and 机戦's headers hold no more than a row of fields from the start (lower
    than a folded players box with its frame and button), in Japanese at the smallest
    window: they have nothing to fold."""
    from PySide6.QtWidgets import QLineEdit

    from ui.i18n import language

    window.resize(window.minimumSize())
    language().set("ja")
    try:
        for game_id in ("sorani", "cetkaik"):
            page = window.open_game(game_id, "table").widget("table")
            qtbot.wait(10)
            header = page.header.itemAt(0).widget()
            row = max(e.height() for e in header.findChildren(QLineEdit))
            assert header.isVisible() and header.height() <= row + 4, game_id
    finally:
        language().set("en")


def test_equilibriums_players_box_folds_at_the_first_tracker_step(window, person,
                                                                 qtbot) -> None:
    """Equilibrium's table page: the players box folds once the tracker holds a step, so the
    tracker keeps the page's height at the smallest window; undone, it opens again."""
    window.resize(window.minimumSize())
    page = window.open_game("equilibrium", "table").widget("table")
    box = page.players
    page.tabs.setCurrentIndex(1)
    qtbot.wait(10)
    before = box.height()
    assert not box.is_folded()
    person.click(page.tracker_tab.buttons["end_phase"])
    qtbot.waitUntil(lambda: one_line(box), timeout=2000)
    assert box.height() < before
    person.click(page.undo_button)
    qtbot.waitUntil(lambda: not box.is_folded(), timeout=2000)
