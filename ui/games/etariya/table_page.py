"""The Etariya table companion for a physical copy: setup, map editor, tracker (three tabs of
the shared table page).

- Setup: a seeded setup with its share code (type a code to see the same board again), the
  expansions (those the engine refuses together are unticked, and the page says so), a
  picture of the 7 × 7 board to build — which sheet, which face, which slot, turned or not —
  the first player, the centre sheet and, under E, the score chip on each dominance chip;
  Print prints the setup card.
- Map sheets: any of the 16 faces edited to match a physical copy (click a cell: Light ⇄ Dark),
  checked at once (6 Light + 6 Dark), saved for this user and used by the setup and by digital
  play; "Restore defaults".
- Tracker: per colour, the stones on Light and on Dark cells (tap + / −, undo/redo); the engine's
  tracker model awards the dominance chips (and score chips) and names the winner; "Save to
  history" (it says what is missing while it cannot); Print gives a blank tally sheet.

Every rule question goes to the engine (`ui.games.etariya.pictures` adapts it); this page only
shows and collects.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from functools import partial
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import (
    QBoxLayout,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from companion.history import PlayRecord
from ui.context import AppContext
from ui.games.etariya import pictures
from ui.games.etariya.board_widget import DARK, BoardWidget, stone_colour, text_on
from ui.games.etariya.face_widget import FaceWidget
from ui.i18n import language, tr
from ui.play.keys import Spot, SpotKeys
from ui.play.palette import follow_palette, palette_events
from ui.play.widgets import words
from ui.table.frame import Printing, TablePage, TableTab
from ui.table.setup_tab import SetupTab as BaseSetupTab
from ui.table.setup_tab import load_json, store_json
from ui.undo import ReplaceState

KEY_SETUP = "etariya/setup_code"
KEY_TRACKER = "etariya/tracker"
#: Below this width the tracker's names and counts stand one above the other.
NARROW = 760


def expansion_label(key: str) -> str:
    """"A · choose a set" in the interface language (the registry's words)."""
    from companion.games.registry import get

    spec = next(o for o in get("etariya").options if o.key == "expansions")
    return spec.choice_label(key, language().code)


def keep_compatible(boxes: Mapping[str, QCheckBox], key: str, on: bool) -> str:
    """After `key` was ticked, untick what the engine refuses beside it; the sentence to show
    ("" when nothing changed)."""
    chosen = [k for k, box in boxes.items() if box.isChecked()]
    dropped = pictures.conflicting_expansions(chosen, key) if on else []
    for other in dropped:
        boxes[other].setChecked(False)
    if not dropped:
        return ""
    names = ", ".join(dropped)
    first, *rest = sorted([key, *dropped])
    together_en, together_ja = " and ".join([first, *rest]), " と ".join([first, *rest])
    return tr(f"{together_en} cannot be played together (the rulebook excludes it): "
              f"{names} was switched off.",
              f"{together_ja} は同時に採用できません(説明書の規定)。{names} を外しました。")


# --- setup ----------------------------------------------------------------------------------
class SetupTab(BaseSetupTab):
    """A seeded setup drawn as the board to build, with its share code; printable."""

    printing = Printing("etariya-setup.pdf",
                        ("Print setup card…", "準備カードを印刷…"))

    def __init__(self, page: EtariyaTablePage) -> None:
        self.etariya = page
        super().__init__(page, ("type a setup code to see its board again",
                                "準備コードを入力すると同じボードを表示"))
        self.boxes: dict[str, QCheckBox] = {}
        exp_row = QHBoxLayout()
        exp_row.addWidget(words(QLabel(self), "Expansions:", "拡張:"))
        exp_grid = QGridLayout()
        for i, key in enumerate("ABCDE"):
            box = QCheckBox(self)
            box.toggled.connect(lambda on, key=key: self._expansion_toggled(key, on))
            self.boxes[key] = box
            exp_grid.addWidget(box, i // 3, i % 3)
        exp_grid.setColumnStretch(3, 1)
        exp_row.addLayout(exp_grid, 1)
        self.board = words(BoardWidget(self), "The setup's board", "準備の盤", "setAccessibleName")
        self.board.setMinimumSize(260, 260)
        self.summary = QLabel(self)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        right = QWidget(self)
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.summary)
        rl.addWidget(self.steps, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(self.board)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        palette_events().changed.connect(self._recolour_summary)  # its chips: at once
        layout = QVBoxLayout(self)
        layout.addWidget(self.bar)
        layout.addLayout(exp_row)
        layout.addWidget(splitter, 1)

    def expansions(self) -> list[str]:
        return [key for key, box in self.boxes.items() if box.isChecked()]

    def _expansion_toggled(self, key: str, on: bool) -> None:
        message = keep_compatible(self.boxes, key, on)
        if message:
            self.say(message)

    def new_setup(self) -> None:
        try:
            setup = pictures.new_setup(self.expansions())
        except ValueError as exc:
            self.say(str(exc))
            return
        self.show_setup(setup)

    def read_code(self, code: str) -> Any:
        return pictures.setup_from_code(code)

    def show_setup(self, setup: Any) -> None:
        self.setup = setup
        self.page.status.clear_message()
        chosen = set(pictures.setup_expansions(setup))
        for key, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(key in chosen)
            box.blockSignals(False)
        settings = getattr(self.page.ctx, "settings", None)
        if settings is not None:
            settings.setValue(KEY_SETUP, pictures.setup_code(setup))
        self.etariya.tracker.setup_changed(setup)
        self.fill()
        self.changed.emit()

    def fill(self) -> None:
        self.bar.show_code(pictures.setup_code(self.setup) if self.setup is not None else None)
        if self.setup is None:
            self.show_steps([])
            self.board.set_picture(pictures.empty_picture())
            self.summary.setText("")
            return
        self.board.cell_name = pictures.cell_name
        self.board.set_picture(pictures.setup_picture(self.setup, language().code))
        self.summary.setText(pictures.setup_summary_html(self.setup))
        self.show_steps(pictures.setup_lines(self.setup, language().code))

    def faces_changed(self) -> None:
        """Read the shown setup's code again with the faces now in use and redraw it."""
        if self.setup is not None:
            with contextlib.suppress(ValueError):  # a code always reads; keep the old if not
                self.setup = pictures.setup_from_code(pictures.setup_code(self.setup))
        self.fill()

    def restore(self) -> None:
        settings = getattr(self.page.ctx, "settings", None)
        code = settings.value(KEY_SETUP) if settings is not None else None
        if code:
            try:
                self.setup = pictures.setup_from_code(str(code))
            except ValueError:
                self.setup = None

    def export_pdf(self, path: Path) -> None:
        from companion.export.pdf import render_sheet
        from companion.games.etariya.printing import setup_card

        if self.setup is None:
            raise ValueError("no setup to print")
        render_sheet(setup_card(self.setup, language().code), path)

    def retranslate(self) -> None:
        for key, box in self.boxes.items():
            box.setText(expansion_label(key))
        self.fill()

    def _recolour_summary(self, *_: object) -> None:
        """The score chips (E) in the new palette's stone colours."""
        if self.setup is not None:
            self.summary.setText(pictures.setup_summary_html(self.setup))


# --- map editor -----------------------------------------------------------------------------
class MapTab(TableTab):
    """The 16 faces; click a cell of the chosen face to turn it Light ⇄ Dark."""

    title = ("Map sheets", "マップシート")

    def __init__(self, page: EtariyaTablePage) -> None:
        super().__init__(page)
        self.etariya = page
        self.faces: list[Any] = pictures.load_user_faces(page.ctx)
        self.faces_list = words(QListWidget(self), "Map faces", "地図の面", "setAccessibleName")
        self.faces_list.setMaximumWidth(230)
        self.faces_list.currentRowChanged.connect(lambda _row: self.fill())
        self.face = FaceWidget(self)
        self.face.cell_clicked.connect(self.toggle)
        # by keys: arrows over the cells, Space/Enter turns the cell Light ⇄ Dark
        self.face_keys = SpotKeys(self.face, self.face_spots, lambda cell: self.toggle(*cell),
                                  name=("Map face", "地図の面"))
        self.face_title = QLabel(self)
        bold = self.face_title.font()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.2)
        self.face_title.setFont(bold)
        self.check_label = QLabel(self)
        self.check_label.setWordWrap(True)
        self.help_label = words(QLabel(self), (
            "Make each face look like your copy: click a cell to turn it Light ⇄ Dark. A face "
            "needs 6 Light and 6 Dark cells. Shown as printed, before any 180° turn."), (
            "お手持ちのマップシートと同じにしてください: マスをクリックすると光⇄闇が切り替わり"
            "ます。1面は光6マス・闇6マスです。回転前の向きで表示しています。"))
        self.help_label.setWordWrap(True)
        self.restore_face_button = words(QPushButton(self), "Restore this face",
                                         "この面を元に戻す")
        self.restore_face_button.clicked.connect(self.restore_face)
        self.restore_all_button = words(QPushButton(self), "Restore defaults",
                                        "すべて初期値に戻す")
        self.restore_all_button.clicked.connect(self.restore_defaults)
        self.saved_label = QLabel(self)
        self.saved_label.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.restore_face_button)
        buttons.addWidget(self.restore_all_button)
        buttons.addStretch(1)
        centre = QVBoxLayout()
        centre.addWidget(self.face_title)
        centre.addWidget(self.help_label)
        centre.addWidget(self.face, 1)
        centre.addWidget(self.check_label)
        centre.addLayout(buttons)
        centre.addWidget(self.saved_label)
        layout = QHBoxLayout(self)
        layout.addWidget(self.faces_list)
        layout.addLayout(centre, 1)
        self._fill_list()
        self.faces_list.setCurrentRow(0)

    def current(self) -> int:
        return max(self.faces_list.currentRow(), 0)

    def face_spots(self) -> list[Spot]:
        """The shown face's cells: "Row 1, column 2: Light" (each can be turned)."""
        rows, cols = self.face.grid_shape()
        spots = []
        for r in range(rows):
            for c in range(cols):
                dark = self.face.rows_[r][c] == DARK
                what = tr("Dark", "闇") if dark else tr("Light", "光")
                spots.append(Spot((r, c), self.face.cell_rect((r, c)),
                                  tr(f"Row {r + 1}, column {c + 1}: {what}",
                                     f"{r + 1} 行 {c + 1} 列: {what}"), True))
        return spots

    def toggle(self, row: int, col: int) -> None:
        index = self.current()
        self.faces[index] = pictures.toggled(self.faces[index], row, col)
        self._changed()

    def restore_face(self) -> None:
        self.faces[self.current()] = pictures.default_faces()[self.current()]
        self._changed()

    def restore_defaults(self) -> None:
        self.faces = list(pictures.default_faces())
        self._changed()

    def _changed(self) -> None:
        problems = pictures.save_user_faces(self.page.ctx, self.faces)
        if problems:
            bad = [pictures.face_label(i, language().code, self.faces)
                   for i, face in enumerate(self.faces) if pictures.face_problems(face)]
            self.saved_label.setText(tr("Saved, but the default faces stay in use until every face "
                                   "is valid. To fix: ",
                                   "保存しました。すべての面が正しくなるまで初期の面が使われます。"
                                   "直す面: ") + ", ".join(bad))
        else:
            self.saved_label.setText(tr("Saved. The setup and digital play use these faces.",
                                   "保存しました。準備とデジタル対戦はこの面を使います。"))
        self._fill_list()
        self.fill()
        self.etariya.setup_tab.faces_changed()

    def _fill_list(self) -> None:
        row = self.faces_list.currentRow()
        self.faces_list.blockSignals(True)
        self.faces_list.clear()
        defaults = pictures.default_faces()
        for i, face in enumerate(self.faces):
            ok = not pictures.face_problems(face)
            mark = "✓" if ok else "✗"
            edited = tr(" (edited)", "(編集済み)") if face != defaults[i] else ""
            QListWidgetItem(f"{mark} {pictures.face_label(i, language().code)}{edited}",
                            self.faces_list)
        self.faces_list.setCurrentRow(max(row, 0))
        self.faces_list.blockSignals(False)

    def fill(self) -> None:
        index = self.current()
        face = self.faces[index]
        problems = pictures.face_problems(face)
        self.face_title.setText(pictures.face_label(index, language().code))
        self.face.set_rows(face.rows, bad=bool(problems))
        self.face_keys.refresh()  # the cursor's words follow the cell just turned
        light, dark = pictures.count_faction(face)
        counts = tr(f"{light} Light, {dark} Dark", f"光 {light} マス、闇 {dark} マス")
        if problems:
            self.check_label.setText("✗ " + counts + tr(" — a face needs 6 of each.",
                                                        " — 光と闇が6マスずつ必要です。"))
            self.check_label.setToolTip("\n".join(problems))
            self.check_label.setStyleSheet("color: #b00020; font-weight: bold;")
        else:
            self.check_label.setText("✓ " + counts)
            self.check_label.setToolTip("")
            self.check_label.setStyleSheet("color: #1b7a2e; font-weight: bold;")
        self.restore_face_button.setEnabled(face != pictures.default_faces()[index])

    def retranslate(self) -> None:
        self._fill_list()
        self.fill()


# --- tracker --------------------------------------------------------------------------------
def _colour_label(label: QLabel, code: str) -> None:
    """A tally row's colour name on its stone's colour, in the palette in use."""
    colour = stone_colour(code)
    label.setStyleSheet(f"QLabel {{ background: {colour.name()}; color: "
                        f"{text_on(colour).name()}; border-radius: 4px; padding: 4px; "
                        "font-weight: bold; }")


class TrackerTab(TableTab):
    """Stones per colour on Light and Dark; chips and the winner from the engine's model."""

    title = ("Tracker", "記録")
    undo_stack: QUndoStack
    savable = True
    printing = Printing("etariya-tally.pdf",
                        ("Print a blank tally sheet…", "白紙の集計シートを印刷…"))

    def __init__(self, page: EtariyaTablePage) -> None:
        super().__init__(page)
        self.etariya = page
        self.model: Any = pictures.new_tracker(())
        self.undo_stack = QUndoStack(self)
        self.light_name = words(QLineEdit(self), "name", "名前", "setPlaceholderText")
        self.dark_name = words(QLineEdit(self), "name", "名前", "setPlaceholderText")
        self.first_box = QComboBox(self)
        self.first_box.addItems(["", ""])
        self.score_box = words(QCheckBox(self), "E · score chips (win at 7 points)",
                               "E · スコア変動(7点で勝利)")
        self.score_box.toggled.connect(self._score_toggled)
        self.names_form = QFormLayout()
        self.names_form.addRow(words(QLabel(self), "Light player", "光の陣営"), self.light_name)
        self.names_form.addRow(words(QLabel(self), "Dark player", "闇の陣営"), self.dark_name)
        self.names_form.addRow(words(QLabel(self), "First player", "先手"), self.first_box)
        self.names_form.addRow(self.score_box)
        self.grid_box = words(QGroupBox(self), "Stones on the board — tap + when a stone is "
                              "placed", "盤上の神石 — 置いたら + を押す", "setTitle")
        self.grid = QGridLayout(self.grid_box)
        self.header_labels = [words(QLabel(self.grid_box), en, ja) for en, ja in (
            ("Colour", "色"), ("on Light ☀", "光のマス ☀"), ("on Dark ☾", "闇のマス ☾"),
            ("Dominance chip", "支配チップ"), ("Score chip", "得点チップ"))]
        for col, label in enumerate(self.header_labels):
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.grid.addWidget(label, 0, col)
        self.colour_labels: list[QLabel] = []
        self.count_labels: dict[tuple[int, str], QLabel] = {}
        self.buttons: dict[tuple[int, str, int], QPushButton] = {}
        self.chip_labels: list[QLabel] = []
        self.score_labels: list[QLabel] = []
        self.winner_label = QLabel(self)
        self.winner_label.setWordWrap(True)
        self.winner_label.setStyleSheet(
            "QLabel { background: #fff3c4; border: 2px solid #c9a24a; border-radius: 6px;"
            " padding: 8px; font-weight: bold; }")
        self.totals_label = QLabel(self)
        self.totals_label.setWordWrap(True)
        self.restart_button = words(QPushButton(self), "New game", "新しいゲーム")
        self.restart_button.clicked.connect(self.restart)
        page.bind(self, "Ctrl+N", self.restart_button)
        left = QVBoxLayout()
        left.addLayout(self.names_form)
        left.addWidget(self.totals_label)
        left.addWidget(self.winner_label)
        left.addStretch(1)
        left.addWidget(self.restart_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.body = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.body.addLayout(left, 2)
        right = QVBoxLayout()
        right.addWidget(self.grid_box)
        right.addStretch(1)
        self.body.addLayout(right, 5)
        self.light_name.textChanged.connect(lambda _t: self._names_changed())
        self.dark_name.textChanged.connect(lambda _t: self._names_changed())
        self.first_box.currentIndexChanged.connect(lambda _i: self._first_changed())
        self._build_rows()

    # --- rows ------------------------------------------------------------------------------
    def _build_rows(self) -> None:
        for row, code in enumerate(pictures.colour_codes(), start=1):
            name = QLabel(self.grid_box)
            name.setMinimumWidth(90)
            follow_palette(name, partial(_colour_label, name, code))
            self.grid.addWidget(name, row, 0)
            self.colour_labels.append(name)
            for col, faction in ((1, pictures.LIGHT), (2, pictures.DARK)):
                cell = QHBoxLayout()
                minus = QPushButton("−", self.grid_box)
                plus = QPushButton("+", self.grid_box)
                count = QLabel("0", self.grid_box)
                count.setAlignment(Qt.AlignmentFlag.AlignCenter)
                count.setMinimumWidth(32)
                big = count.font()
                big.setBold(True)
                big.setPointSizeF(big.pointSizeF() * 1.3)
                count.setFont(big)
                for button, step in ((minus, -1), (plus, 1)):
                    button.setFixedSize(38, 34)
                    button.setObjectName(f"{code}{faction}{'+' if step > 0 else '-'}")
                    button.clicked.connect(
                        lambda _=False, c=code, f=faction, s=step: self.tap(c, f, s))
                    self.buttons[(row - 1, faction, step)] = button
                cell.addWidget(minus)
                cell.addWidget(count)
                cell.addWidget(plus)
                self.count_labels[(row - 1, faction)] = count
                self.grid.addLayout(cell, row, col)
            chip = QLabel(self.grid_box)
            chip.setAlignment(Qt.AlignmentFlag.AlignCenter)
            chip.setMinimumWidth(90)
            self.grid.addWidget(chip, row, 3)
            self.chip_labels.append(chip)
            score = QLabel(self.grid_box)
            score.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.grid.addWidget(score, row, 4)
            self.score_labels.append(score)

    # --- steps -----------------------------------------------------------------------------
    def tap(self, colour: str, faction: str, step: int) -> None:
        """A stone of `colour` put on (step 1) or taken off (−1) a cell of `faction`."""
        try:
            after = pictures.tracker_step(self.model, colour, faction, step)
        except ValueError as exc:
            self.say(str(exc))
            return
        self.page.status.clear_message()
        self._push(after, f"{colour}{faction}{step:+d}")

    def _push(self, after: Any, text: str) -> None:
        self.undo_stack.push(ReplaceState(self.model, after, self.set_model, text))

    def set_model(self, model: Any) -> None:
        self.model = model
        store_json(self.page.ctx, KEY_TRACKER, self.snapshot())
        self.refresh()
        self.edited.emit()

    def snapshot(self) -> dict[str, Any]:
        return {"model": pictures.tracker_to_dict(self.model),
                "light": self.light_name.text(), "dark": self.dark_name.text()}

    def restore(self) -> None:
        data = load_json(self.page.ctx, KEY_TRACKER)
        if not data:
            return
        try:
            model = pictures.tracker_from_dict(data["model"])
        except (ValueError, KeyError, TypeError):
            return
        self.model = model
        self.light_name.setText(str(data.get("light", "")))
        self.dark_name.setText(str(data.get("dark", "")))
        self.first_box.blockSignals(True)
        self.first_box.setCurrentIndex(0 if model.first == pictures.LIGHT else 1)
        self.first_box.blockSignals(False)
        self.score_box.blockSignals(True)
        self.score_box.setChecked(pictures.tracker_uses_scores(model))
        self.score_box.blockSignals(False)

    def restart(self) -> None:
        """A new game at the table (the E pairing from the setup tab, when it has one)."""
        pairing = pictures.setup_pairing(self.etariya.setup_tab.setup) \
            if self.score_box.isChecked() else {}
        if self.score_box.isChecked() and not pairing:
            pairing = pictures.default_pairing()
        first = pictures.LIGHT if self.first_box.currentIndex() <= 0 else pictures.DARK
        self._push(pictures.new_tracker(pairing, first), "new game")

    def setup_changed(self, setup: Any) -> None:
        """A new setup in the first tab: offer its first player and E pairing."""
        self.first_box.setCurrentIndex(0 if pictures.setup_first(setup) == pictures.LIGHT
                                       else 1)
        uses_e = "E" in pictures.setup_expansions(setup)
        if uses_e != self.score_box.isChecked():
            self.score_box.blockSignals(True)
            self.score_box.setChecked(uses_e)
            self.score_box.blockSignals(False)
        if not pictures.tracker_started(self.model):
            self.restart()

    def _score_toggled(self, on: bool) -> None:
        if not pictures.tracker_started(self.model):
            self.restart()
        else:
            self.say("Score chips apply from the next new game.",
                     "得点チップは次の新しいゲームから使われます。")

    def _first_changed(self) -> None:
        first = pictures.LIGHT if self.first_box.currentIndex() <= 0 else pictures.DARK
        if first != self.model.first:
            self.model = pictures.tracker_with_first(self.model, first)
        self._names_changed()

    def _names_changed(self) -> None:
        store_json(self.page.ctx, KEY_TRACKER, self.snapshot())
        self.refresh()
        self.edited.emit()

    def side_names(self) -> dict[str, str]:
        return {pictures.LIGHT: self.light_name.text().strip() or tr("Light", "光"),
                pictures.DARK: self.dark_name.text().strip() or tr("Dark", "闇")}

    # --- showing ---------------------------------------------------------------------------
    def refresh(self) -> None:
        names = self.side_names()
        lang = language().code
        over = pictures.tracker_over(self.model)
        for row, code in enumerate(pictures.colour_codes()):
            self.colour_labels[row].setText(pictures.colour_name(code, lang))
            for faction in (pictures.LIGHT, pictures.DARK):
                count = pictures.tracker_count(self.model, code, faction)
                self.count_labels[(row, faction)].setText(str(count))
                self.buttons[(row, faction, -1)].setEnabled(count > 0)
                self.buttons[(row, faction, 1)].setEnabled(
                    pictures.tracker_can_add(self.model, code, faction) and not over)
            owner = pictures.tracker_chip(self.model, code)
            chip = self.chip_labels[row]
            if owner is None:
                chip.setText("—")
                chip.setStyleSheet("")
            else:
                dark = owner == pictures.DARK
                chip.setText("◆ " + names[owner])
                chip.setStyleSheet("QLabel { background: %s; color: %s; border-radius: 4px; "
                                   "padding: 3px; font-weight: bold; }"
                                   % (("#4b5068", "#ffffff") if dark else ("#f3ead0", "#111")))
            value = pictures.tracker_score_chip(self.model, code)
            self.score_labels[row].setText("" if value is None else tr(f"{value} pt",
                                                                       f"{value} 点"))
            self.score_labels[row].setVisible(pictures.tracker_uses_scores(self.model))
        self.header_labels[4].setVisible(pictures.tracker_uses_scores(self.model))
        self.totals_label.setText(pictures.tracker_totals(self.model, names, lang))
        winner = pictures.tracker_winner(self.model)
        self.winner_label.setVisible(over)
        if winner is not None:
            self.winner_label.setText(tr(f"★ {names[winner]} wins!",
                                         f"★ {names[winner]} の勝利!"))
        elif over:
            self.winner_label.setText(tr("All 49 stones are placed: a draw.",
                                         "49個の神石をすべて置きました: 引き分け。"))
        self.first_box.setItemText(0, names[pictures.LIGHT])
        self.first_box.setItemText(1, names[pictures.DARK])

    # --- history ---------------------------------------------------------------------------
    def typed_names(self) -> dict[str, str]:
        return {pictures.LIGHT: self.light_name.text().strip(),
                pictures.DARK: self.dark_name.text().strip()}

    def play_record(self) -> PlayRecord:
        return pictures.tracker_play_record(self.model, self.typed_names(),
                                            self.etariya.setup_tab.setup)

    def save_problem(self) -> str | None:
        """Why the game at the table cannot be saved yet (None: it can)."""
        if not pictures.tracker_over(self.model):
            return tr("Finish the game first: Save to history opens once a side has won or all "
                      "49 stones are placed.",
                      "先にゲームを終えてください: 勝者が決まるか、49個の神石をすべて置くと"
                      "履歴に保存できます。")
        names = self.typed_names()
        if not all(names.values()):
            return tr("Type both players' names first.", "先に2人の名前を入力してください。")
        if names[pictures.LIGHT] == names[pictures.DARK]:
            return tr("The two players have the same name.", "2人の名前が同じです。")
        return None

    def export_pdf(self, path: Path) -> None:
        self.export_tally_pdf(path)

    def export_tally_pdf(self, path: Path) -> None:
        """A blank tally sheet to keep count on paper (the typed names written in)."""
        from companion.export.pdf import render_sheet
        from companion.games.etariya.printing import blank_tracker_sheet

        names = self.typed_names()
        render_sheet(blank_tracker_sheet(language().code,
                                         names=[names[pictures.LIGHT], names[pictures.DARK]]),
                     path)

    def retranslate(self) -> None:
        self.refresh()

    def resizeEvent(self, event: Any) -> None:
        narrow = self.width() < NARROW
        self.body.setDirection(QBoxLayout.Direction.TopToBottom if narrow
                               else QBoxLayout.Direction.LeftToRight)
        super().resizeEvent(event)


# --- the whole page -------------------------------------------------------------------------
class EtariyaTablePage(TablePage):
    """Setup, map sheets and tracker as tabs."""

    def __init__(self, ctx: AppContext | None, game_id: str = "etariya",
                 parent: QWidget | None = None) -> None:
        super().__init__(ctx, game_id, parent)
        pictures.apply_user_faces(ctx)
        self.tracker = TrackerTab(self)
        self.setup_tab = SetupTab(self)
        self.map_tab = MapTab(self)
        self.setup_tab.restore()
        self.tracker.restore()
        for tab in (self.setup_tab, self.map_tab, self.tracker):
            self.add_tab(tab)
        self.retranslate()


def table_view(ctx: AppContext | None, game_id: str = "etariya") -> EtariyaTablePage:
    return EtariyaTablePage(ctx, game_id)
