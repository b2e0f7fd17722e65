"""Issue 34 on 机戦: the English ledger (on screen and on its sheet) names hands as the hand
calculator does, the 撃皇/皇再来 buttons carry their English gloss, and 教育机戦's sticks panel
does not keep asking a question already answered."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtWidgets import QPushButton, QRadioButton

from companion.games import registry
from companion.games.cetkaik.moves import TamMove
from companion.games.cetkaik.rules import AFTER_CAST, MOVE
from tests.ui.test_cetkaik_table import click, make, named
from ui.i18n import language


@pytest.fixture(autouse=True)
def quiet_sticks():
    from ui.games.sticks import sticks_widget

    sticks_widget.set_animations_enabled(False)
    yield
    sticks_widget.set_animations_enabled(True)
    language().set("en")


def ledger_with_a_season(qtbot: Any, lang: str) -> tuple[Any, Any]:
    """The ledger after 赤 ended a season holding 同色馬弓兵 (from the calculator)."""
    language().set(lang)
    page = make(qtbot)
    hands, ledger = page.tab(0), page.tab(1)
    hands.players.edits[0].setText("太郎")
    hands.players.edits[1].setText("Hanako")
    click(qtbot, named(hands, QRadioButton, "calc_side1"))
    for piece in ("bH", "bB", "bP"):
        click(qtbot, named(hands, QPushButton, f"add:{piece}"))
    page.tabs.setCurrentIndex(1)
    click(qtbot, named(ledger, QPushButton, "from_calc1"))
    click(qtbot, named(ledger, QPushButton, "end1"))
    return page, ledger


def entries(ledger: Any) -> list[str]:
    return [ledger.entries.item(i).text() for i in range(ledger.entries.count())]


def test_the_english_ledger_and_its_sheet_name_hands_as_the_calculator(qtbot) -> None:
    page, ledger = ledger_with_a_season(qtbot, "en")
    calculator = page.tab(0).calcs[1].hands()[0].name("en")
    assert calculator == "The Cavalry (same colour)"
    assert any(f"({calculator})" in line for line in entries(ledger)), entries(ledger)
    assert not any("馬弓兵" in line for line in entries(ledger))
    assert any(calculator in line for line in ledger.ledger.lines("en"))  # the sheet's notes


def test_the_japanese_ledger_keeps_the_japanese_names(qtbot) -> None:
    _page, ledger = ledger_with_a_season(qtbot, "ja")
    assert any("(同色馬弓兵)" in line for line in entries(ledger)), entries(ledger)


@pytest.mark.parametrize(("lang", "shown"), [("en", "撃皇 Stepping on the Tam -5"),
                                             ("ja", "撃皇 -5")])
def test_the_penalty_buttons_carry_their_english_gloss(qtbot, lang: str, shown: str) -> None:
    _page, ledger = ledger_with_a_season(qtbot, lang)
    button = named(ledger, QPushButton, "penalty0:-5")
    assert button.text() == shown
    click(qtbot, button)
    last = entries(ledger)[-1]
    assert ("(Stepping on the Tam)" in last) if lang == "en" else ("(撃皇)" in last)


def test_hand_names_read_in_english_as_the_calculator_names_them() -> None:
    from companion.games.cetkaik.hands import hand_name_in

    assert hand_name_in("同色獣", "en") == "The Animals (same colour)"
    assert hand_name_in("地心 ×2", "en") == "The Culture ×2"
    assert hand_name_in("皇再来", "en") == "The Futile Move"
    assert hand_name_in("将巫兵", "en") == "General, Shaman, Pawn"
    assert hand_name_in("同色獣", "ja") == "同色獣"


def test_the_tam_back_home_button_says_what_皇再来_means(window, quiet_games) -> None:
    from ui.games.cetkaik.play import move_label

    state = registry.get("cetkaik").create(2)
    move = TamMove(("c3", "b3", "c3"))
    language().set("en")
    assert "(皇再来, The Futile Move)" in move_label(move, state)
    language().set("ja")
    assert move_label(move, state) == "皇を元のマスに戻す(皇再来)"


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_learners_sticks_panel_tells_a_past_throw_as_past(window, lang: str) -> None:
    from ui.games.cetkaik.play import cast_text

    language().set(lang)
    state = registry.get("cetkaik_education").create(2)
    state.last_cast, state.last_cast_kind, state.last_cast_ok = 3, "step", True
    state.phase = AFTER_CAST
    asking = cast_text(state)
    assert ("go on or stay" in asking) if lang == "en" else ("進むか留まるか" in asking)
    state.phase = MOVE  # the piece went on (or stayed): the next move is being chosen
    told = cast_text(state)
    assert "go on or stay" not in told and "進むか留まるか" not in told
    assert told.startswith("Last throw") if lang == "en" else told.startswith("前回の投げ棒")


def test_the_table_sticks_tell_the_verdict_once_they_land(qtbot) -> None:
    from ui.games.sticks import sticks_widget

    page = make(qtbot)
    page.tabs.setCurrentIndex(2)
    cast = page.tab(2)
    sticks_widget.set_animations_enabled(True)
    click(qtbot, named(cast, QPushButton, "cast_throw"))
    assert cast.sticks.is_animating()
    assert cast.badge.shown_text() == "–" and cast.history.count() == 0
    assert "Throw the sticks" in cast.verdict.text()  # not yet the new verdict
    qtbot.waitUntil(lambda: not cast.sticks.is_animating(), timeout=5000)
    result = cast.verdicts[-1].result
    assert cast.badge.shown_text() == str(result)
    assert cast.verdict.text().startswith(f"{result}:")


def test_a_one_season_ledger_says_season_not_seasons(qtbot) -> None:
    from companion.games.cetkaik.table import SeasonLedger
    from companion.games.cetkaik.words import end_reason

    state = SeasonLedger(names=("太郎", "Hanako"), seasons=1).end(1, 5, ["獣"]).state()
    assert state.over and state.reason == "1 season played"
    assert end_reason(state.reason, "ja") == "1 季節が終わった"


@pytest.mark.parametrize("game_id", ["cetkaik", "cetkaik_education"])
def test_the_english_seasons_tab_fits_the_smallest_window(window, qtbot, game_id: str) -> None:
    """The two sides' boxes (with the glossed penalty buttons) need no sideways scrolling."""
    from PySide6.QtWidgets import QAbstractScrollArea

    language().set("en")
    window.resize(window.minimumSize())
    page = window.open_game(game_id, "table").widget("table")
    page.tabs.setCurrentIndex(1)  # hands, seasons, sticks, print
    qtbot.wait(20)
    ledger = page.tab(1)
    assert named(ledger, QPushButton, "penalty0:-5").isVisible()
    sideways = [area for area in page.findChildren(QAbstractScrollArea)
                if area.isVisible() and area.horizontalScrollBar().isVisible()]
    assert not sideways, [area.horizontalScrollBar().maximum() for area in sideways]
