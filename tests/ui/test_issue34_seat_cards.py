"""Seat cards at the smallest window (issue 34): a computer's name and the seat's role are
never cut ("ボット · ランダ…", "コンピューター …" were); only a person's own long name is."""

from __future__ import annotations

from typing import Any

from companion.display import strip_isolates
from tests.ui.form_start import play_from_form
from tests.ui.layout_checks import clipped, describe
from ui.i18n import language

LONG_NAME = "Alexandra Konstantinopoulou-Wolfeschlegelsteinhausen"


def sorani_with_three_seats(qtbot: Any, window: Any, person_name: str) -> Any:
    """Sorani's play page: a person and two random computers, at the smallest window (the
    tests take the pause before a computer's move away with monkeypatch)."""
    window.resize(window.minimumSize())
    return play_from_form(qtbot, window, "sorani", 3, person_name)


def shown_lines(card: Any) -> list[str]:
    return [strip_isolates(label.shown_text()) for label in (card.name, card.kind)]


def test_computers_seat_cards_are_whole_in_japanese(qtbot, window, monkeypatch) -> None:
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    language().set("ja")
    try:
        view = sorani_with_three_seats(qtbot, window, "花子")
        cards = view.seat_panel.cards
        roles = [view.screens.seat_role(view.controller.state, s) for s in (1, 2)]
        assert all(roles)  # Sorani's seats have roles: they tell the two computers apart
        assert [shown_lines(card) for card in cards[1:]] == [
            ["ボット · ランダム", role] for role in roles]
        assert shown_lines(cards[0])[0] == "花子"
        for card in cards[1:]:  # a role wider than the card takes a second line
            for line in (card.name, card.kind):
                assert line.height() >= line.heightForWidth(line.width()) - 2
        cut = [f"{describe(w)}: {why}" for w, why in clipped(view)
               if any(w.parentWidget() is card for card in cards)]
        assert not cut, "\n".join(cut)
    finally:
        language().set("en")


def test_only_a_persons_own_long_name_is_cut(qtbot, window, monkeypatch) -> None:
    from ui.play import frame

    monkeypatch.setattr(frame, "BOT_PAUSE_MS", 0)
    view = sorani_with_three_seats(qtbot, window, LONG_NAME)
    person, bot = view.seat_panel.cards[0], view.seat_panel.cards[1]
    assert person.name.is_elided() and person.name.shown_text().endswith("…")
    assert person.name.toolTip() == LONG_NAME
    assert bot.name.shown_text() == "Bot · Random" and not bot.name.is_elided()
