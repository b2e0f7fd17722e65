"""The main window as a person meets it: every page by click and by shortcut, the language
switching live, the window remembering where it was, F1, Ctrl+F, Ctrl+P and Ctrl+Q."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel

from ui.i18n import language
from ui.main_window import PAGE_KEYS, PAGES, MainWindow

TITLES_EN = ["Library", "History", "Players", "Statistics", "Rules", "Settings"]
TITLES_JA = ["ライブラリ", "履歴", "プレイヤー", "統計", "ルール", "設定"]


def page_title(window: MainWindow) -> str:
    """The big title at the top of the page shown."""
    page = window.current_page()
    return page.title.text()


def test_every_page_is_reachable_by_clicking_the_sidebar(window, person) -> None:
    assert window.current_key() == "library"
    assert [window.sidebar.item(r).text() for r in range(6)] == TITLES_EN
    for key, title in zip(PAGE_KEYS, TITLES_EN, strict=True):
        person.click_sidebar(window, title)
        assert window.current_key() == key
        assert window.current_page().isVisible()
        assert page_title(window) == title
        window.grab().save(f"/tmp/shell_{key}.png")


def test_every_page_is_reachable_by_shortcut(window, person) -> None:
    person.activate(window)
    for number, key in reversed(list(enumerate(PAGE_KEYS, start=1))):
        person.key(window, getattr(Qt.Key, f"Key_{number}"), Qt.KeyboardModifier.ControlModifier)
        assert window.current_key() == key
        assert window.sidebar.currentRow() == number - 1


def test_pages_are_built_only_when_first_shown(window) -> None:
    assert set(window.built_pages()) == {"library"}
    window.show_page("players")
    assert set(window.built_pages()) == {"library", "players"}


def test_switching_to_japanese_relabels_everything_visible_at_once(window, person) -> None:
    for key in PAGE_KEYS:  # build every page so that each one must follow the switch
        window.show_page(key)
    settings = window.show_page("settings")
    person.click(settings.japanese)
    assert language().code == "ja"
    assert [window.sidebar.item(r).text() for r in range(6)] == TITLES_JA
    assert window.windowTitle() == "テーブルゲーム・コンパニオン"
    for key, title in zip(PAGE_KEYS, TITLES_JA, strict=True):
        window.show_page(key)
        assert page_title(window) == title
    library = window.show_page("library")
    assert library.cards["juusai"].title.text() == "獣裁（ザウプシュー）"
    assert library.cards["juusai"].buttons["play"].text() == "対戦"
    history = window.page("history")
    assert history.model.headerData(0, Qt.Orientation.Horizontal) == "日時"
    window.grab().save("/tmp/shell_library_ja.png")
    assert window.ctx.settings.value("language") == "ja"
    settings = window.show_page("settings")
    person.click(settings.english)
    assert window.sidebar.item(0).text() == "Library"
    assert library.cards["juusai"].title.text() == "Juusai (Foolish Sticks)"


def test_window_remembers_page_size_and_game(qtbot, ctx, person) -> None:
    first = MainWindow(ctx)
    qtbot.addWidget(first)
    first.resize(790, 560)  # within the offscreen screen (800×600)
    first.show()
    qtbot.waitExposed(first)
    first.open_game("shinyu", "rules")
    first.show_page("statistics")
    first.close()
    second = MainWindow(ctx)
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert second.current_key() == "statistics"
    assert (second.width(), second.height()) == (790, 560)
    assert second.current_game() == "shinyu"
    second.close()


def test_f1_shows_the_rules_of_the_game_being_looked_at(window, person) -> None:
    library = window.page("library")
    person.click(library.cards["shinyu"].buttons["play"])
    assert window.current_game() == "shinyu"
    person.activate(window)
    person.key(window, Qt.Key.Key_F1)
    assert window.current_key() == "rules"
    rules = window.current_page()
    assert rules.current_game() == "shinyu"
    assert "Shinyu" in rules.text.toPlainText()


def test_ctrl_f_goes_to_the_search_box(window, person) -> None:
    person.activate(window)
    window.show_page("history")
    person.key(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert QApplication.focusWidget() is window.page("history").search
    window.show_page("players")
    person.key(window, Qt.Key.Key_F, Qt.KeyboardModifier.ControlModifier)
    assert window.current_key() == "rules"
    assert QApplication.focusWidget() is window.page("rules").search


def test_ctrl_p_says_when_there_is_nothing_to_print(window, person) -> None:
    person.activate(window)
    window.show_page("players")
    person.key(window, Qt.Key.Key_P, Qt.KeyboardModifier.ControlModifier)
    assert window.status_label.text() == "Nothing to print on this page."


def test_ctrl_q_closes_the_window(window, person) -> None:
    person.activate(window)
    person.key(window, Qt.Key.Key_Q, Qt.KeyboardModifier.ControlModifier)
    assert not window.isVisible()


def test_readable_at_900_by_600(window) -> None:
    window.resize(900, 600)
    for key in PAGE_KEYS:
        page = window.show_page(key)
        QApplication.processEvents()
        assert page.width() >= 700 and page.height() >= 560
        for label in page.findChildren(QLabel):
            if label.isVisible() and label.text() and not label.wordWrap():
                assert label.width() >= min(label.sizeHint().width(), 700) - 2, label.text()
        window.grab().save(f"/tmp/shell_{key}_900.png")


def test_every_page_has_a_sidebar_entry_and_a_shortcut() -> None:
    assert len(PAGES) == 6 and len(set(PAGE_KEYS)) == 6


def test_the_keys_and_menu_entries_come_just_after_the_window_shows(qtbot, ctx) -> None:
    """The window shows without its shortcuts and menu entries (start-up, issue 35); the event
    loop's next turns make them, and the menus are there at once when asked for."""
    from PySide6.QtWidgets import QApplication

    from ui.main_window import MainWindow

    win = MainWindow(ctx)  # type: ignore[arg-type]
    qtbot.addWidget(win)
    win.show()
    assert not win.keys_made and not win.file_menu.actions()
    assert win.file_menu.title() == "&File" and win.view_menu.title() == "&View"
    for _ in range(3):
        QApplication.processEvents()
    assert win.keys_made
    assert [a.text() for a in win.view_menu.actions()] == ["Zoom &in", "Zoom &out",
                                                           "&Actual size"]
    other = MainWindow(ctx)  # type: ignore[arg-type]
    qtbot.addWidget(other)
    assert other.quit_action.text() == "&Quit" and other.keys_made  # made when asked for
