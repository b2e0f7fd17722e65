"""教育机戦, 古机戦 and the standard game's regional scoring as people use them: a learners'
game against a bot played by clicking to its end, in the History under its own name and
printed; 古机戦 moved by clicking and its table result saved as 古机戦; the hand calculator
under 古計算法."""

from __future__ import annotations

from typing import Any

import pytest
from pypdf import PdfReader
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QCheckBox, QComboBox, QPushButton, QRadioButton

from tests.ui.test_cetkaik_play import click_move, english, play_to_the_end, state
from tests.ui.test_cetkaik_table import click, named
from ui.games.cetkaik.play import OldScreens, play_view
from ui.games.cetkaik.table_page import table_view
from ui.new_game_dialog import GameSetup, SeatChoice
from ui.play.pyside_guard import protect_singletons

protect_singletons()
__all__ = ["english"]  # the page tests' fixture: English, no stick animation


def opened(qtbot, game_id: str, ctx: Any = None, size: tuple[int, int] = (1100, 720)) -> Any:
    """The table page of `game_id`, shown."""
    page = table_view(ctx, game_id)
    qtbot.addWidget(page)
    page.resize(*size)
    page.show()
    qtbot.waitExposed(page)
    return page


def test_a_learners_game_against_a_bot_ends_in_the_history_as_its_own_game(
        qtbot, window, quiet_games, tmp_path) -> None:
    import db

    view = play_to_the_end(qtbot, window, "cetkaik_education", seed=4)
    assert state(view).tables.board.width == 5
    assert view.controller is not None
    play_id = view.controller.play_id
    assert play_id is not None
    stored = db.get_play(window.ctx.db, play_id)
    assert stored is not None and stored.game_id == "cetkaik_education"
    assert sum(s.score or 0 for s in stored.seats) == 20  # 10 points each at the start
    assert not db.list_plays(window.ctx.db, game_id="cetkaik")  # not a standard play
    path = tmp_path / "result.pdf"
    view.export_pdf(path)
    text = "\n".join(page.extract_text() for page in PdfReader(str(path)).pages)
    assert "Ann" in text and "learners" in text


def test_old_cetkaik_moves_by_clicking_with_no_sticks_or_hands(qtbot) -> None:
    view = play_view(None, "cetkaik_old", animate=False)
    qtbot.addWidget(view)
    view.show()
    qtbot.waitExposed(view)
    chosen = [SeatChoice("Ann", None), SeatChoice("Bo", None)]
    view.start(GameSetup("cetkaik_old", {}, chosen, 3, ""))
    assert isinstance(view.screens, OldScreens)
    s: Any = state(view)
    mover = s.mover
    move = next(m for m in s.legal_moves() if m.src in ("ZAI", "ZI"))  # a ship in the water
    click_move(qtbot, view, move)
    after: Any = state(view)
    assert after.piece_at(move.dest) is not None and after.piece_at(move.src) is None
    assert after.mover != mover and not view.move_buttons()


def test_old_cetkaik_at_the_table_saves_who_took_the_king(qtbot, ctx) -> None:
    import db

    page = opened(qtbot, "cetkaik_old", ctx)
    result: Any = page.tab(0)
    result.players.edits[0].setText("太郎")
    result.players.edits[1].setText("Hanako")
    assert not page.save_button.isEnabled()
    click(qtbot, named(result, QRadioButton, "old_outcome1"))
    result.taken[1].setValue(6)
    click(qtbot, page.save_button)
    (play,) = db.list_plays(ctx.db, game_id="cetkaik_old")
    assert play.seats[1].winner and play.seats[1].score == 6.0
    assert [r.objectName() for r in page.tab(1).findChildren(QRadioButton)] == [
        "print:start", "print:card"]  # no season sheet: 古机戦 has no seasons


def test_the_hand_calculator_counts_the_old_way_in_tenths(qtbot) -> None:
    page = opened(qtbot, "cetkaik", None)
    hands: Any = page.tab(0)
    combo = named(hands, QComboBox, "calc_counting")
    combo.setCurrentIndex(combo.findData("old24"))
    combo.activated.emit(combo.currentIndex())
    for piece in ("bG", "bS", "bL"):  # 将 巫 筆: 地心, 1.4 of pieces
        click(qtbot, named(hands, QPushButton, f"add:{piece}"))
    text = hands.result.text()
    assert "Total 7 × 1 = <b>7</b>" in text  # 1.4 + 4 × 1.4
    click(qtbot, page.undo_button)
    click(qtbot, page.undo_button)
    click(qtbot, page.undo_button)
    click(qtbot, page.undo_button)  # back to the modern count
    assert hands.calc.counting == "modern"


def test_a_learners_table_offers_only_its_pieces(qtbot) -> None:
    page = opened(qtbot, "cetkaik_education", None, (760, 520))
    hands: Any = page.tab(0)
    names = {b.objectName() for b in hands.findChildren(QPushButton)
             if b.objectName().startswith("add:")}
    assert "add:bP" in names and not names & {"add:bT", "add:bH", "add:bL"}
    assert hands.findChild(QComboBox, "calc_counting") is None
    click(qtbot, named(hands, QPushButton, "add:rK"))
    assert "Total 5 × 1" in hands.result.text()


def test_chain_casting_offers_a_second_throw_and_keeping_the_total(qtbot) -> None:
    """連撃術: a stepping move four squares past the stepped-on piece; until the announced
    square is within the total the panel offers another throw or keeping the total."""
    from tests.ui.test_cetkaik_play import button, make, start

    for seed in range(3, 40):
        view = make(qtbot)
        start(view, seed=seed, chain_casting=True)
        s: Any = state(view)
        board = s.tables.board
        far = [m for m in s.legal_moves() if getattr(m, "via", "") and m.dest
               and s.casts_for(m) == ("step",) and board.distance(
                   board.parse_square(m.via), board.parse_square(m.dest)) >= 4]
        if not far:
            continue
        click_move(qtbot, view, far[0])
        after: Any = state(view)
        if after.phase != "chain cast":
            continue
        assert f"{after.chain_total} in all" in view.screens.cast_label.text()
        assert {b.objectName() for b in view.move_buttons()} == {"move:recast", "move:bank"}
        assert button(view, "recast").text() == "Throw again and add"
        click(qtbot, button(view, "bank"))
        assert state(view).phase in ("move", "after cast")
        return
    pytest.fail("no seed gave a short first throw")


def test_the_stick_caster_adds_a_second_throw_under_chain_casting(qtbot) -> None:
    page = opened(qtbot, "cetkaik")
    page.tabs.setCurrentIndex(2)
    cast: Any = page.tab(2)
    click(qtbot, named(cast, QRadioButton, "cast_step"))
    cast.distance.setValue(5)
    chain = named(cast, QCheckBox, "cast_chain")
    qtbot.mouseClick(chain, Qt.MouseButton.LeftButton, pos=QPoint(8, chain.height() // 2))
    assert chain.isChecked()
    cast.enter(3)
    assert "throw again and add" in cast.verdict.text()
    cast.enter(2)
    assert cast.verdict.text().startswith("3+2=5: reaches 5 squares")
    cast.enter(3)  # a new move: the last one reached its square
    cast.enter(1)  # a later throw of 1 loses it all
    assert "total lost" in cast.verdict.text()
    click(qtbot, page.undo_button)
    assert "throw again" in cast.verdict.text()
    assert not opened(qtbot, "cetkaik_education").tab(2).chain.isVisibleTo(page)


def test_the_ledger_keeps_tenths_under_the_old_counting_and_saves_them(qtbot, ctx) -> None:
    import db

    page = opened(qtbot, "cetkaik", ctx)
    hands: Any = page.tab(0)
    combo = named(hands, QComboBox, "calc_counting")
    combo.setCurrentIndex(combo.findData("old35"))
    combo.activated.emit(combo.currentIndex())
    for piece in ("bG", "bS", "bP"):  # 将 巫 兵 (no hand): 0.6 + 0.5 + 0.2
        click(qtbot, named(hands, QPushButton, f"add:{piece}"))
    hands.players.edits[0].setText("Ann")
    hands.players.edits[1].setText("Bo")
    page.tabs.setCurrentIndex(1)
    ledger: Any = page.tab(1)
    ledger.seasons.setValue(1)
    click(qtbot, named(ledger, QPushButton, "from_calc0"))
    assert ledger.points[0].value() == pytest.approx(1.3)
    click(qtbot, named(ledger, QPushButton, "end0"))
    assert ledger.ledger.scale == 10 and ledger.ledger.state().scores == (213, 187)
    assert "21.3" in ledger.side_boxes[0].title()
    assert "1.3 × 1 → +1.3" in ledger.entries.item(0).text()
    click(qtbot, page.save_button)
    (play,) = db.list_plays(ctx.db, game_id="cetkaik")
    assert [s.score for s in play.seats] == [pytest.approx(21.3), pytest.approx(18.7)]


def test_the_ledger_without_the_cap_plays_every_season_below_zero(qtbot) -> None:
    page = opened(qtbot, "cetkaik")
    page.tabs.setCurrentIndex(1)
    ledger: Any = page.tab(1)
    cap = named(ledger, QCheckBox, "ledger_cap")
    qtbot.mouseClick(cap, Qt.MouseButton.LeftButton, pos=QPoint(8, cap.height() // 2))
    assert not ledger.ledger.cap
    ledger.seasons.setValue(2)
    ledger.points[0].setValue(25)
    click(qtbot, named(ledger, QPushButton, "end0"))
    state = ledger.ledger.state()
    assert state.scores == (45, -5) and not state.over  # with the cap: 40 / 0, over
    for _ in range(3):  # the 終季, the seasons, the cap
        click(qtbot, page.undo_button)
    assert ledger.ledger.cap and cap.isChecked()
    assert not opened(qtbot, "cetkaik_education").tab(1).cap.isVisibleTo(page)
