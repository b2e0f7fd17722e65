"""Library: a card per registered game, each mode opens the game's page inside the window;
the new-game form; Back."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel

from companion.games import registry
from tests.ui.conftest import fill_new_game
from tests.ui.shots import save_shot
from ui.shell.library import GamePage, PlayArea


def test_a_card_per_registered_game_with_its_modes(window) -> None:
    library = window.page("library")
    assert list(library.cards) == [g.id for g in registry.all_games()]
    juusai = library.cards["juusai"]
    assert juusai.title.text() == "Juusai (Foolish Sticks)"
    assert juusai.subtitle.text() == "獣裁（ザウプシュー）"
    assert juusai.facts.text() == "2–6 players · 5–15 min · played 3×"
    assert library.cards["alluvium"].facts.text() == "3–5 players · 20–40 min"
    assert [b.text() for b in juusai.buttons.values()] == ["Table companion", "Play", "Rules"]
    assert list(library.cards["sorani"].buttons) == ["table", "play", "rules"]  # issue 17


def test_each_mode_opens_inside_the_window_and_back_returns(window, person) -> None:
    library = window.page("library")
    person.click(library.cards["juusai"].buttons["rules"])
    page = library.stack.currentWidget()
    assert isinstance(page, GamePage) and page.title.text() == "Juusai (Foolish Sticks)"
    assert page.tabs.tabText(page.tabs.currentIndex()) == "Rules"
    assert "Foolish Sticks" in page.current_widget().toPlainText()
    person.click(page.back_button)
    assert library.stack.currentWidget() is library.list_page
    person.click(library.cards["juusai"].buttons["table"])
    assert page.tabs.tabText(page.tabs.currentIndex()) == "Table companion"
    assert page.current_widget() is not None and page.current_widget().isVisible()
    save_shot(window, "shell_library_table.png")
    person.click(page.back_button)
    person.click(library.cards["sorani"].buttons["table"])
    assert library.current_game() == "sorani"


def test_new_game_form_defaults_and_mistakes(window, person) -> None:
    library = window.page("library")
    person.click(library.cards["juusai"].buttons["play"])
    area = library.stack.currentWidget().current_widget()
    assert isinstance(area, PlayArea)
    form = area.form
    assert form.players.value() == 3
    assert [s.bot for s in form.seats()] == [None, "greedy", "greedy"]
    assert form.seats()[0].name == "Player 1"
    save_shot(window, "shell_new_game.png")
    fill_new_game(person, form, [("Ann", "Person"), ("Ann", "Person")])
    person.click(form.start_button)
    assert form.error_label.text() == "Two seats have the same name: Ann"
    assert area.view is None
    person.type(form.seed_edit, "abc")
    person.type(form.rows[1].name, "Bo")
    person.click(form.start_button)
    assert form.error_label.text() == "The seed must be a whole number, not 'abc'"


def test_start_a_game_then_new_game_goes_back_to_the_form(window, person, quiet_games) -> None:
    library = window.page("library")
    person.click(library.cards["shinyu"].buttons["play"])
    area = library.stack.currentWidget().current_widget()
    fill_new_game(person, area.form, [("Ann", "Person"), ("Bo", "Person")], laps=1)
    person.click(area.form.start_button)
    assert area.view is not None and area.view.isVisible()
    assert area.view.controller.game.record.options["laps"] == 1
    assert [s.name for s in area.view.controller.seats] == ["Ann", "Bo"]
    save_shot(window, "shell_play_started.png")
    assert not area.new_button.isVisible()  # the play frame has its own New game button
    person.click(area.view.new_button)  # nobody has moved yet: no question
    assert area.view is None and area.form.isVisible()
    # the form remembers the last choices
    assert area.form.rows[0].name.text() == "Ann" and area.form.players.value() == 2


def test_texts_fit_in_a_small_window(window) -> None:
    window.resize(900, 600)
    library = window.page("library")
    library.open_game("juusai", "play")
    for label in library.findChildren(QLabel):
        if label.isVisible() and label.text() and not label.wordWrap():
            assert label.width() >= label.minimumSizeHint().width(), label.text()
    save_shot(window, "shell_new_game_900.png")


def test_starting_before_the_history_is_open_says_to_wait(window, person, database) -> None:
    window.ctx.db = None  # the window shows before the database has opened
    area = window.open_game("juusai", "play").widget("play")
    person.click(area.form.start_button)
    assert area.error_label.text() == "The history is still opening; start again in a moment."
    assert area.view is None


def test_a_page_that_fails_to_build_says_so(window, person, monkeypatch) -> None:
    from ui import views

    def broken(ctx, game_id):
        raise RuntimeError("the table view is missing a part")

    monkeypatch.setattr(views, "table_view", lambda game_id: broken)
    library = window.page("library")
    person.click(library.cards["shinyu"].buttons["table"])
    shown = library.stack.currentWidget().current_widget()
    assert shown.text() == "This page could not be opened: the table view is missing a part"


def test_option_choices_read_as_words_in_each_language(window, person) -> None:
    from PySide6.QtWidgets import QCheckBox, QComboBox

    from ui.i18n import language

    library = window.page("library")
    person.click(library.cards["etariya"].buttons["play"])
    form = library.stack.currentWidget().current_widget().form
    combo = form._option_widgets["first_faction"]
    assert isinstance(combo, QComboBox)
    assert [combo.itemText(i) for i in range(combo.count())] == [
        "drawn from the bag", "Light", "Dark"]
    checks = form._option_widgets["expansions"].findChildren(QCheckBox)
    assert checks[0].text() == "A · choose a set"
    person.click(checks[2])  # C
    combo.setCurrentIndex(2)
    assert form.options() == {"expansions": ["C"], "first_faction": "dark"}
    language().set("ja")
    try:
        assert combo.currentText() == "闇" and checks[2].text() == "C · 加速"
        assert form.options() == {"expansions": ["C"], "first_faction": "dark"}
    finally:
        language().set("en")
