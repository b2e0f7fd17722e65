"""A system error inside a Japanese sentence is said in Japanese too (issue 34): the
export's, the import's and the PDF's "could not be written" no longer end in English."""

from __future__ import annotations

import errno

from ui.i18n import language, os_error_text, reason
from ui.shell import transfer


def test_an_export_to_a_missing_folder_is_told_in_japanese(window, person, tmp_path) -> None:
    language().set("ja")
    seen: list[str] = []
    person.answer_dialogs("閉じる", seen=seen)
    target = tmp_path / "missing" / "out.json"
    assert transfer.export_history(window, "json", target) is None
    assert "書き出せませんでした: そのファイルまたはフォルダーはありません。" in seen[0], seen[0]
    assert "No such file" not in seen[0]
    language().set("en")


def test_system_errors_in_both_languages() -> None:
    denied = PermissionError(errno.EACCES, "Permission denied")
    assert reason(denied, "ja") == "アクセスが許可されていません"
    assert reason(denied, "en") == "Permission denied"
    full = OSError(errno.ENOSPC, "No space left on device")
    assert os_error_text(full, "ja") == "ディスクに空きがありません"
    odd = OSError(errno.ENOTCONN, "Transport endpoint is not connected")
    assert os_error_text(odd, "ja") == \
        "システムのエラーです（Transport endpoint is not connected）"
