"""The status bar says what just happened on the page in front, in the language shown: a
message does not outlive a change of page or of language."""

from __future__ import annotations

from PySide6.QtCore import Qt

from ui.i18n import language

NOTHING = "Nothing to print on this page."


def press_ctrl_p(person, window) -> None:
    person.key(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)


def test_a_message_goes_when_another_page_is_shown(window, person) -> None:
    person.activate(window)
    window.show_page("players")
    press_ctrl_p(person, window)
    assert window.status_label.text() == NOTHING
    person.click_sidebar(window, "History")
    assert window.status_label.text() == ""


def test_a_message_goes_when_a_game_page_that_can_print_opens(window, person) -> None:
    person.activate(window)
    library = window.show_page("library")
    press_ctrl_p(person, window)  # the list of games has nothing to print
    assert window.status_label.text() == NOTHING
    person.click(library.cards["juusai"].buttons["rules"])
    assert window.status_label.text() == ""
    press_ctrl_p(person, window)
    assert window.status_label.text() == NOTHING  # the rules tab prints nothing
    page = library.game_page("juusai")
    page.tabs.setCurrentIndex(page.tab_keys.index("table"))  # its score sheet prints
    assert window.status_label.text() == ""


def test_a_message_goes_when_the_language_changes(window, person) -> None:
    person.activate(window)
    window.show_page("rules")
    press_ctrl_p(person, window)
    assert window.status_label.text() == NOTHING
    language().set("ja")
    assert window.status_label.text() == ""
    press_ctrl_p(person, window)
    assert window.status_label.text() == "このページには印刷するものがありません。"
