"""The shared new-game form: the seats stay together under the player count, however tall the
options beside them make the form."""

from __future__ import annotations

from companion.games import registry
from ui.new_game_dialog import NewGameForm
from ui.play.pyside_guard import protect_singletons

protect_singletons()


def test_the_seats_stay_together_beside_a_long_list_of_options(qtbot) -> None:
    form = NewGameForm(registry.get("cetkaik"))  # fourteen options, two seats
    qtbot.addWidget(form)
    form.resize(1100, 720)
    form.show()
    qtbot.waitExposed(form)
    first, second = (row.name for row in form.rows[:2])
    gap = second.geometry().top() - first.geometry().bottom()
    assert 0 <= gap <= first.height(), (first.geometry(), second.geometry())


def test_an_ampersand_in_a_choice_is_shown_not_taken_for_a_shortcut(qtbot) -> None:
    from PySide6.QtWidgets import QCheckBox

    form = NewGameForm(registry.get("equilibrium"))
    qtbot.addWidget(form)
    check = form.findChild(QCheckBox, "choice:squares")
    assert check.text() == "Squares && Higher Beings"  # drawn as one "&"
