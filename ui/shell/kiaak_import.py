"""File › Import history… with a Cerke Online record (棋譜, kia1ak1): the record is replayed and
checked by the engine (companion/games/cetkaik/kiaak.py) before anything is written, then the
person says who played each side (the file's names, when it has any, are filled in) and the
game is stored as one finished 机戦 play."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QVBoxLayout,
    QWidget,
)

from ui.i18n import tr


@dataclass
class KiaakImport:
    """A checked record: the play it holds (named from the file or 黒/赤) and its size."""

    play: Any
    moves: int
    seasons: int
    named: tuple[str, str]  # the names the file gives ("" where none)

    @property
    def plays(self) -> list[Any]:
        return [self.play]

    def named_by(self, black: str, red: str) -> None:
        """Seat 0 (IA side, 黒) and seat 1 (A side, 赤) named; an empty name keeps the one
        the play has."""
        seats = sorted(self.play.seats, key=lambda s: s.seat)
        for seat, name in zip(seats, (black, red), strict=True):
            if name.strip():
                seat.player = name.strip()
        self.play = replace(self.play, seats=seats)


def check_kiaak(text: str) -> KiaakImport:
    """The record replayed and checked (`KiaakError` names the move at fault)."""
    from companion.games.cetkaik.kiaak import kiaak_names, kiaak_play, read_kiaak, replay_kiaak

    record = read_kiaak(text)
    replayed = replay_kiaak(record)
    play = kiaak_play(text)
    seasons = sum(1 for e in replayed.game.record.entries if e.move.startswith("first"))
    return KiaakImport(play, replayed.moves, seasons,
                       kiaak_names(record, replayed.first_side))


class KiaakNamesDialog(QDialog):
    """What the record holds, and who played the IA side (黒) and the A side (赤)."""

    def __init__(self, name: str, checked: KiaakImport, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("kiaak_import")
        self.setWindowTitle(tr("Import a Cerke Online record", "Cerke Online の棋譜の読み込み"))
        seats = sorted(checked.play.seats, key=lambda s: s.seat)
        score = f"{seats[0].score:g} – {seats[1].score:g}"
        self.summary = QLabel(tr(
            f"“{name}” is a Cerke Online record of one 机戦 game: {checked.seasons} seasons, "
            f"{checked.moves} moves, points 黒 {score} 赤. Every move was checked. Who played?",
            f"「{name}」は机戦 1 局の Cerke Online の棋譜です: {checked.seasons} 季節、"
            f"{checked.moves} 手、点数 黒 {score} 赤。すべての手を確かめました。"
            "対局者を入力してください。"), self)
        self.summary.setWordWrap(True)
        self.black = QLineEdit(checked.named[0], self)
        self.black.setObjectName("kiaak_black")
        self.black.setPlaceholderText("黒")
        self.red = QLineEdit(checked.named[1], self)
        self.red.setObjectName("kiaak_red")
        self.red.setPlaceholderText("赤")
        form = QFormLayout()
        form.addRow(QLabel(tr("IA side (黒, black king)", "IA 側（黒、黒の王）"), self), self.black)
        form.addRow(QLabel(tr("A side (赤, red king)", "A 側（赤、赤の王）"), self), self.red)
        buttons = QDialogButtonBox(self)
        buttons.addButton(tr("Import", "読み込む"), QDialogButtonBox.ButtonRole.AcceptRole)
        buttons.addButton(tr("Cancel", "キャンセル"), QDialogButtonBox.ButtonRole.RejectRole)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addLayout(form)
        layout.addWidget(buttons)


def ask_names(window: Any, name: str, checked: KiaakImport) -> bool:
    """Ask who played (the file's names filled in); False when the person cancels."""
    dialog = KiaakNamesDialog(name, checked, window)
    if dialog.exec() != QDialog.DialogCode.Accepted:
        return False
    checked.named_by(dialog.black.text(), dialog.red.text())
    return True
