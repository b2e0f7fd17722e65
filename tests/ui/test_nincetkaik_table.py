"""The 紙机戦 table companions used as a person at a real table would: from the Library, name
the players, read the dealer's aid, enter hands with the card picker, read the calculator's
points, enter them in the ledger, undo and redo, save to the history and print."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pypdf import PdfReader
from PySide6.QtCore import QPoint, Qt
from PySide6.QtWidgets import QPushButton

import db
from companion.display import strip_isolates
from companion.games.nincetkaik.deck import parse_cards


def open_table(window: Any, game_id: str) -> Any:
    return window.open_game(game_id, "table").widget("table")


def name_players(person: Any, page: Any, names: list[str]) -> None:
    box = page.players
    if box.count.value() != len(names):
        box.count.setValue(len(names))
    for edit, name in zip(box.names, names, strict=False):
        person.type(edit, name)
        person.key(edit, Qt.Key.Key_Return)


def show_tab(page: Any, title: str) -> Any:
    index = next(i for i in range(page.tabs.count()) if page.tabs.tabText(i) == title)
    page.tabs.setCurrentIndex(index)
    return page.tab(index)


def pick(person: Any, form: Any, field: Any, cards: str) -> None:
    """Click the input, then each card in the picker."""
    person.qtbot.mouseClick(field, Qt.MouseButton.LeftButton, pos=field.rect().center())
    for card in parse_cards(cards):
        person.qtbot.mouseClick(form.picker, Qt.MouseButton.LeftButton,
                                pos=form.picker.card_rect(card).center())


def tick(person: Any, box: Any) -> None:
    """Click a check box on its box."""
    person.qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(8, box.height() // 2))


def plain(text: str) -> str:
    return strip_isolates(text)


def ledger_texts(page: Any) -> list[str]:
    table = show_tab(page, "Ledger").table
    return [plain(table.item(r, 0).text()) for r in range(table.rowCount())]


def test_taxot_table_from_the_deal_to_the_history(window, person, tmp_path: Path) -> None:
    page = open_table(window, "taxot")
    name_players(person, page, ["Ann", "Ben", "Cy"])
    deal = show_tab(page, "Deal")
    assert plain(deal.plan.text()).startswith("Season 1: Ann is 親 (加点 2) and deals 5 cards")
    score = show_tab(page, "Score")
    person.choose(score.winner, "Ben")
    pick(person, score.form, score.hand, "r1r1r2r2r3r3")
    # Ben self-draws two red runs: 終季 2 + 同色 1; Ann is 親 (×2): Ann pays 6, Cy 3
    assert "Season's end 2, One colour 1" in score.result.text()
    assert "Ann −6 · Ben +9 · Cy −3" in plain(score.result.text())
    pick(person, score.form, score.hand, "r4")  # a seventh card is refused with a sentence
    assert page.status.text() == "At most 6 cards here."
    person.click(score.enter_button)
    assert score.hand.chosen() == []  # ready for the next season
    assert plain(show_tab(page, "Deal").plan.text()).startswith("Season 2: Ben is 親 (加点 2)")
    score = show_tab(page, "Score")
    person.choose(score.caller, "Cy")
    person.choose(score.discarder, "Ann")
    person.click(page.findChild(type(score.enter_button), "enter_call"))
    assert ledger_texts(page) == ["Start", "Ben ends the season: Season's end 2, One colour 1",
                                  "Cy calls from Ann", "Total"]
    table = page.tab(2).table
    assert [table.item(3, c).text() for c in (1, 2, 3)] == ["−5", "9", "−4"]
    person.click(page.undo_button)  # the call goes, and comes back
    assert ledger_texts(page)[-2].startswith("Ben ends the season")
    person.click(page.redo_button)
    assert ledger_texts(page)[-2] == "Cy calls from Ann"
    # saved with the breakdown per category, and printed
    assert page.save_button.isEnabled()
    person.click(page.save_button)
    (play,) = [p for p in db.list_plays(window.ctx.db) if p.game_id == "taxot"]
    ben = play.seats[1]
    assert (ben.player, ben.score, ben.breakdown) == ("Ben", 9.0,
                                                      {"seasons": 9.0, "calls": 0.0,
                                                       "four_sets": 0.0})
    assert ben.winner and play.options["seasons"] == 4
    pdf = tmp_path / "taxot.pdf"
    page.export_pdf(pdf)
    text = PdfReader(str(pdf)).pages[0].extract_text()
    assert "Ann" in text and "Season 1" in text and "Cy calls from Ann" in plain(text)


def test_taxot_calculator_says_why_a_hand_does_not_win(window, person) -> None:
    page = open_table(window, "taxot")
    name_players(person, page, ["Ann", "Ben"])
    score = show_tab(page, "Score")
    pick(person, score.form, score.hand, "r1b5r7")
    assert "3 are entered" in score.result.text() and not score.enter_button.isEnabled()
    pick(person, score.form, score.hand, "bKb8b0")
    assert "do not split into" in score.result.text() and not score.enter_button.isEnabled()
    pick(person, score.form, score.laid, "r1")  # a click on a chosen card takes it away
    assert len(score.laid.chosen()) == 1
    person.qtbot.mouseClick(score.laid, Qt.MouseButton.LeftButton,
                            pos=score.laid.card_rect(0).center())
    assert score.laid.chosen() == []


def test_players_can_change_and_undo_brings_the_entries_back(window, person) -> None:
    page = open_table(window, "makup")
    name_players(person, page, ["Ann", "Ben", "Cy"])
    score = show_tab(page, "Plays and wins")
    tick(person, score.winners[1])
    person.click(score.enter_button)
    assert ledger_texts(page) == ["Start", "Ben won", "Total"]
    page.players.count.setValue(4)  # a fourth player: a new ledger …
    assert ledger_texts(page) == ["Start", "Total"] and page.players.names[3].isVisible()
    person.click(page.undo_button)  # … and Undo brings the old one back
    assert ledger_texts(page) == ["Start", "Ben won", "Total"]
    assert page.players.count.value() == 3


def test_makaik_showdown_calculator_and_ledger(window, person, tmp_path: Path) -> None:
    page = open_table(window, "makaik")
    name_players(person, page, ["Ann", "Ben", "Cy"])
    assert plain(show_tab(page, "Deal").plan.text()).startswith("Hand 1: everyone antes 1. Ann")
    assert "40 points" in page.tab(0).sticks.text()
    score = show_tab(page, "Showdown")
    assert not page.save_button.isVisible()  # saving is on the ledger
    for row, paid in zip(score.rows, (4, 4, 1), strict=False):
        row.paid.setValue(paid)
    tick(person, score.rows[2].still_in)  # Cy folded
    pick(person, score.form, score.rows[0].cards, "r5b5r2")
    pick(person, score.form, score.rows[1].cards, "r8b8b1")
    pick(person, score.form, score.shared, "r0b3bK")
    text = plain(score.result.text())
    assert "Ann: 2-card set" in text and "Ben takes the pot (2-card set)" in text
    assert "Ann −4 · Ben +5 · Cy −1" in text
    person.click(score.enter_button)
    assert plain(show_tab(page, "Deal").plan.text()).startswith("Hand 2: everyone antes 1. Ben")
    ledger = show_tab(page, "Ledger")
    assert [ledger.table.item(2, c).text() for c in (1, 2, 3)] == ["36", "45", "39"]
    assert page.print_button.text() == "Print the filled sheet…"
    page.save()
    (play,) = [p for p in db.list_plays(window.ctx.db) if p.game_id == "makaik"]
    assert play.seats[1].breakdown == {"start": 40.0, "pots": 9.0, "stakes": -4.0}


def test_nanto_deal_and_a_blank_sheet_to_print(window, person, tmp_path: Path) -> None:
    page = open_table(window, "nanto")
    ledger = show_tab(page, "Ledger")
    assert page.print_button.text() == "Print a blank sheet…"
    blank = tmp_path / "blank.pdf"
    page.export_pdf(blank)
    assert "Deal 1" in PdfReader(str(blank)).pages[0].extract_text()
    assert ledger.save_problem() == "Every player needs a name."
    assert page.save_note.text() == "Every player needs a name."
    name_players(person, page, ["Ann", "Ben", "Cy"])
    score = show_tab(page, "Deal result")
    score.rows[0].paid.setValue(3)
    score.rows[2].paid.setValue(2)  # less than Ann's 加行: refused with the reason
    assert "less than the 加行 before it (3)" in score.result.text()
    score.rows[2].paid.setValue(3)
    pick(person, score.form, score.rows[0].cards, "rKbT")
    pick(person, score.form, score.rows[2].cards, "r1b1")
    assert "Ann takes the pot (Ann 皇王, Cy 2-card set)" in plain(score.result.text())
    person.click(score.enter_button)
    assert ledger_texts(page)[1].startswith("Ann takes the pot")
    assert [page.tab(2).table.item(2, c).text() for c in (1, 2, 3)] == ["45", "39", "36"]


def test_makup_shows_every_play_a_hand_can_make(window, person) -> None:
    page = open_table(window, "makup")
    score = show_tab(page, "Plays and wins")
    pick(person, score.form, score.hand, "r1r2bK")
    pick(person, score.form, score.roads[0], "b0r3")
    pick(person, score.form, score.roads[1], "rS")
    plays = score.plays.text().splitlines()
    assert "lays red 兵 1, red 弓 2 on road 1" in plays
    assert "lays red 弓 2, red 兵 1 on road 1" in plays
    assert "lays red 兵 1 on road 2" in plays and "clears the roads with black 王" in plays
    assert score.roads[0].chosen() == parse_cards("b0r3")  # a road keeps its order


def test_mokaik_season_calculator_ledger_history_and_sheet(window, person,
                                                           tmp_path: Path) -> None:
    page = open_table(window, "mokaik")
    name_players(person, page, ["甲", "乙", "丙"])
    deal = show_tab(page, "Deal")
    assert plain(deal.plan.text()).startswith("Season 1: 甲 is 親 (加点 2) and deals 10 cards")
    score = show_tab(page, "Score")
    person.choose(score.winner, "乙")
    for spin, count in zip(score.counts, (7, 2, 1), strict=False):
        spin.setValue(count)
    # the book's example: 甲 (親) pays (6 − 7) × 2 = −2, 丙 pays 5
    assert "甲 +2 · 乙 +3 · 丙 −5" in plain(score.result.text())
    score.counts[1].setValue(0)  # the winner keeps at least the cards that won the last round
    assert not score.enter_button.isEnabled()
    assert "at least the cards" in score.result.text()
    score.counts[1].setValue(2)
    person.click(score.enter_button)
    assert plain(show_tab(page, "Deal").plan.text()).startswith("Season 2: 乙 is 親 (加点 2)")
    assert ledger_texts(page)[1].startswith("乙 won the last round")
    person.click(page.undo_button)
    assert len(ledger_texts(page)) == 2  # Start, Total
    person.click(page.redo_button)
    person.click(page.save_button)
    (play,) = [p for p in db.list_plays(window.ctx.db) if p.game_id == "mokaik"]
    assert [(s.player, s.score) for s in play.seats] == [("甲", 2.0), ("乙", 3.0), ("丙", -5.0)]
    pdf = tmp_path / "mokaik.pdf"
    page.export_pdf(pdf)
    text = plain(PdfReader(str(pdf)).pages[0].extract_text())
    assert "Season 1" in text and "乙 won the last round" in text


def test_neki_checker_wins_history_and_sheet(window, person, tmp_path: Path) -> None:
    page = open_table(window, "neki")
    name_players(person, page, ["Ann", "Ben", "Cy", "Dai", "Eve"])
    deal = show_tab(page, "Deal")
    assert "9 cards to each player. The 3 left over lie aside" in plain(deal.plan.text())
    score = show_tab(page, "Plays and wins")
    pick(person, score.form, score.hand, "r6r7r8b1b2b3")
    pick(person, score.form, score.top, "r3r4r5")
    plays = score.plays.text().splitlines()
    assert "lays the run red 筆 6, red 巫 7, red 将 8" in plays
    assert "lays the run black 兵 1, black 弓 2, black 車 3" not in plays
    person.choose(score.winner, "Cy")
    person.click(score.enter_button)
    assert plain(show_tab(page, "Deal").plan.text()).startswith("Game 2: Cy, the 親")
    assert ledger_texts(page)[1] == "Cy won"
    person.click(page.save_button)
    (play,) = [p for p in db.list_plays(window.ctx.db) if p.game_id == "neki"]
    assert [s.winner for s in play.seats] == [False, False, True, False, False]
    pdf = tmp_path / "neki.pdf"
    page.export_pdf(pdf)
    assert "Cy won" in plain(PdfReader(str(pdf)).pages[0].extract_text())


def test_nine_empty_hands_and_the_season_end_with_the_parents_point(window, person,
                                                                     tmp_path: Path) -> None:
    page = open_table(window, "nine")
    name_players(person, page, ["Ann", "Ben", "Cy", "Dai"])
    deal = show_tab(page, "Deal")
    assert "deals 9 cards to each player; the other 12 are the deck" in plain(deal.plan.text())
    score = show_tab(page, "Score")
    person.choose(score.emptied, "Ben")
    score.largest.setValue(7)
    person.click(page.findChild(QPushButton, "enter_empty"))
    person.choose(score.parent_now, "Ben")
    for spin, count in zip(score.left, (4, 3, 6, 2), strict=False):
        spin.setValue(count)
    person.click(score.season_button)
    assert ledger_texts(page)[1:3] == ["Ben emptied their hand (+7)",
                                      "season won by Ben (+1 as 親)"]
    person.click(page.save_button)
    (play,) = [p for p in db.list_plays(window.ctx.db) if p.game_id == "nine"]
    assert [s.score for s in play.seats] == [0.0, 8.0, 0.0, 0.0] and play.seats[1].winner
    pdf = tmp_path / "nine.pdf"
    page.export_pdf(pdf)
    assert "Ben emptied their hand" in plain(PdfReader(str(pdf)).pages[0].extract_text())
