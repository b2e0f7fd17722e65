"""Qt's own texts follow the interface language (issue 34): the buttons of its dialogs, its
file dialog and its overwrite question are Japanese while the interface is Japanese."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QDialogButtonBox, QFileDialog, QLabel, QMessageBox

from ui.i18n import install_qt_translations, language

OVERWRITE = "%1 already exists.\nDo you want to replace it?"


@pytest.fixture
def qt_texts(qapp):
    install_qt_translations()
    yield
    language().set("en")


def button_texts(box: QMessageBox) -> set[str]:
    return {button.text().replace("&", "") for button in box.buttons()}


def test_qt_dialogs_speak_the_interface_language(qtbot, qt_texts) -> None:
    language().set("ja")
    box = QMessageBox(QMessageBox.Icon.Question, "?", "?",
                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Cancel)
    qtbot.addWidget(box)
    assert "キャンセル" in " ".join(button_texts(box)), button_texts(box)
    assert "Cancel" not in button_texts(box)
    assert "既に存在します" in QCoreApplication.translate("QFileDialog", OVERWRITE)
    dialog = QFileDialog(None, "", "")
    dialog.setOption(QFileDialog.Option.DontUseNativeDialog)
    qtbot.addWidget(dialog)
    labels = {label.text() for label in dialog.findChildren(QLabel)}
    assert any("ファイル" in text for text in labels), labels
    language().set("en")  # back to English, with the setting
    again = QMessageBox(QMessageBox.Icon.Question, "?", "?",
                        QMessageBox.StandardButton.Cancel)
    qtbot.addWidget(again)
    assert button_texts(again) == {"Cancel"}
    assert QCoreApplication.translate("QFileDialog", OVERWRITE) == OVERWRITE


def test_a_shown_button_box_switches_with_the_language(qtbot, qt_texts) -> None:
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
    qtbot.addWidget(buttons)
    cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
    assert cancel.text().replace("&", "") == "Cancel"
    language().set("ja")  # Qt tells its widgets in the next turn of the event loop
    qtbot.waitUntil(lambda: "キャンセル" in cancel.text(), timeout=2000)
