"""A member's login to a club's shared history, and the history's own sentences in Japanese:
Delete, Rename and Merge are disabled for a member with a tooltip naming the role that may;
a refused or failed change is told in the interface language, never in the driver's English."""

from __future__ import annotations

import db
from db.roles import Access
from ui.i18n import language
from ui.shell import history as history_module

MEMBER = Access(login="ann", organiser="club_owner", is_organiser=False)


def open_page(window, person, name: str):
    person.click_sidebar(window, name)
    return window.current_page()


def select(person, page, name: str) -> None:
    row = [n for n, _count in page.rows()].index(name)
    person.click_row(page.table, row)


def test_a_member_sees_delete_disabled_and_why(window, person, monkeypatch) -> None:
    monkeypatch.setattr(window.ctx.db, "access", MEMBER)
    page = open_page(window, person, "History")
    person.click_row(page.table, 0, double=True)
    dialog = page.findChild(history_module.PlayDialog)
    assert dialog.isVisible() and not dialog.delete_button.isEnabled()
    assert "organiser role “club_owner”" in dialog.delete_button.toolTip()
    assert "“ann”" in dialog.delete_button.toolTip()
    assert not dialog.edit_button.isEnabled()  # a finished play: the organiser's to change
    assert "may change a finished play" in dialog.edit_button.toolTip()
    dialog.reject()
    person.click_row(page.table, 0)
    assert not page.edit_button.isEnabled()
    assert "organiser role “club_owner”" in page.edit_button.toolTip()
    person.click_row(page.table, 0, double=True)
    dialog = next(d for d in page.findChildren(history_module.PlayDialog) if d.isVisible())
    language().set("ja")
    assert "オーガナイザーのロール「club_owner」" in dialog.delete_button.toolTip()
    assert "対局の削除" in dialog.delete_button.toolTip()


def test_a_member_sees_rename_and_merge_disabled_and_why(window, person, monkeypatch) -> None:
    monkeypatch.setattr(window.ctx.db, "access", MEMBER)
    page = open_page(window, person, "Players")
    select(person, page, "Dan")
    assert page.page_button.isEnabled()  # reading is for everybody
    assert not page.merge_button.isEnabled() and not page.rename_button.isEnabled()
    assert "may merge players" in page.merge_button.toolTip()
    assert "may rename players" in page.rename_button.toolTip()
    language().set("ja")
    assert "プレイヤーの統合" in page.merge_button.toolTip()


def test_the_organiser_sees_no_refusal(window, person) -> None:
    page = open_page(window, person, "Players")
    select(person, page, "Dan")
    assert page.merge_button.isEnabled() and page.merge_button.toolTip() == ""


def test_a_failed_merge_is_told_in_japanese(window, person, monkeypatch) -> None:
    def busy(*_args, **_kwargs):
        raise db.HistoryBusyError("The history is busy; try again in a moment.",
                                  ja="履歴は使用中です。少し待ってからもう一度試してください。")

    monkeypatch.setattr(db, "merge_players", busy)
    monkeypatch.setattr(db, "rename_player", busy)
    language().set("ja")
    page = open_page(window, person, "プレイヤー")
    select(person, page, "Dan")
    person.choose(page.merge_target, "Ben")
    person.answer_dialogs("統合")
    person.click(page.merge_button)
    assert page.status.text() == ("統合できませんでした: 履歴は使用中です。少し待ってから"
                                  "もう一度試してください。")
    person.type(page.new_name, "Daniel")
    person.click(page.rename_button)
    assert "履歴は使用中です" in page.status.text() and "busy" not in page.status.text()
