"""The Etariya table companion for a physical copy: setup, map editor, tracker (three tabs).

- Setup: a seeded setup with its share code (type a code to see the same board again), the
  expansions (A and B exclude each other: the page says so), a picture of the 7 × 7 board to
  build — which sheet, which face, which slot, turned or not — the first player, the centre
  sheet and, under E, the score chip on each dominance chip; "Print setup card…".
- Map sheets: any of the 16 faces edited to match a physical copy (click a cell: Light ⇄ Dark),
  checked at once (6 Light + 6 Dark), saved for this user and used by the setup and by digital
  play; "Restore defaults".
- Tracker: per colour, the stones on Light and on Dark cells (tap + / −, undo/redo); the engine's
  tracker model awards the dominance chips (and score chips) and names the winner; "Save to
  history".

Every rule question goes to the engine (`ui.games.etariya.pictures` adapts it); this page only
shows and collects.
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QKeySequence, QShortcut, QUndoStack
from PySide6.QtWidgets import (
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
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from ui.context import AppContext
from ui.fonts import ensure_cjk_font
from ui.games.etariya import pictures
from ui.games.etariya.board_widget import BoardWidget, stone_colour, text_on
from ui.games.etariya.face_widget import FaceWidget
from ui.games.etariya.new_game import EXPANSIONS, keep_compatible
from ui.i18n import language, tr
from ui.undo import ReplaceState

KEY_SETUP = "etariya/setup_code"
KEY_TRACKER = "etariya/tracker"


def _settings(ctx: AppContext | None) -> QSettings | None:
    return getattr(ctx, "settings", None) if ctx is not None else None


# --- setup ----------------------------------------------------------------------------------
class SetupTab(QWidget):
    """A seeded setup drawn as the board to build, with its share code; printable."""

    def __init__(self, owner: EtariyaTablePage) -> None:
        super().__init__(owner)
        self.owner = owner
        self.setup: Any = None
        self.new_button = QPushButton(self)
        self.new_button.clicked.connect(self.new_setup)
        self.code_edit = QLineEdit(self)
        self.code_edit.returnPressed.connect(lambda: self.open_code(self.code_edit.text()))
        self.open_button = QPushButton(self)
        self.open_button.clicked.connect(lambda: self.open_code(self.code_edit.text()))
        self.pdf_button = QPushButton(self)
        self.pdf_button.clicked.connect(self._ask_pdf)
        self.boxes: dict[str, QCheckBox] = {}
        exp_row = QHBoxLayout()
        self.exp_label = QLabel(self)
        exp_row.addWidget(self.exp_label)
        for key, _, _ in EXPANSIONS:
            box = QCheckBox(self)
            box.toggled.connect(lambda on, key=key: self._expansion_toggled(key, on))
            self.boxes[key] = box
            exp_row.addWidget(box)
        exp_row.addStretch(1)
        self.code_label = QLabel(self)
        font = self.code_label.font()
        font.setPointSizeF(font.pointSizeF() * 1.4)
        font.setBold(True)
        self.code_label.setFont(font)
        self.code_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.board = BoardWidget(self)
        self.summary = QLabel(self)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.steps = QListWidget(self)
        self.steps.setWordWrap(True)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        self.status.setStyleSheet("color: #8a4b00;")
        top = QHBoxLayout()
        top.addWidget(self.new_button)
        top.addWidget(self.code_edit, 1)
        top.addWidget(self.open_button)
        top.addStretch(1)
        top.addWidget(self.pdf_button)
        right = QWidget(self)
        rl = QVBoxLayout(right)
        rl.setContentsMargins(0, 0, 0, 0)
        rl.addWidget(self.code_label)
        rl.addWidget(self.summary)
        rl.addWidget(self.steps, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal, self)
        splitter.addWidget(self.board)
        splitter.addWidget(right)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(exp_row)
        layout.addWidget(self.status)
        layout.addWidget(splitter, 1)

    def expansions(self) -> list[str]:
        return [key for key, box in self.boxes.items() if box.isChecked()]

    def _expansion_toggled(self, key: str, on: bool) -> None:
        message = keep_compatible(self.boxes, key, on)
        if message:
            self.status.setText(message)

    def new_setup(self) -> None:
        try:
            setup = pictures.new_setup(self.expansions())
        except ValueError as exc:
            self.status.setText(str(exc))
            return
        self.show_setup(setup)

    def open_code(self, code: str) -> bool:
        try:
            setup = pictures.setup_from_code(code.strip())
        except ValueError as exc:
            self.status.setText(tr(f"That code cannot be read: {exc}",
                                   f"そのコードは読めません: {exc}"))
            return False
        self.show_setup(setup)
        return True

    def show_setup(self, setup: Any) -> None:
        self.setup = setup
        self.status.setText("")
        chosen = set(pictures.setup_expansions(setup))
        for key, box in self.boxes.items():
            box.blockSignals(True)
            box.setChecked(key in chosen)
            box.blockSignals(False)
        settings = _settings(self.owner.ctx)
        if settings is not None:
            settings.setValue(KEY_SETUP, pictures.setup_code(setup))
        self.owner.tracker.setup_changed(setup)
        self.fill()

    def fill(self) -> None:
        self.pdf_button.setEnabled(self.setup is not None)
        self.steps.clear()
        if self.setup is None:
            self.code_label.setText(tr("No setup yet: press “New setup” or type a code.",
                                       "準備はまだありません: 「新しい準備」を押すか、"
                                       "コードを入力してください。"))
            self.board.set_picture(pictures.empty_picture())
            self.summary.setText("")
            return
        self.code_label.setText(tr("Setup code: ", "準備コード: ")
                                + pictures.setup_code(self.setup))
        self.board.cell_name = pictures.cell_name
        self.board.set_picture(pictures.setup_picture(self.setup, language().code))
        self.summary.setText(pictures.setup_summary_html(self.setup))
        for line in pictures.setup_lines(self.setup, language().code):
            QListWidgetItem(line, self.steps)

    def faces_changed(self) -> None:
        """Read the shown setup's code again with the faces now in use and redraw it."""
        if self.setup is not None:
            with contextlib.suppress(ValueError):  # a code always reads; keep the old if not
                self.setup = pictures.setup_from_code(pictures.setup_code(self.setup))
        self.fill()

    def restore(self) -> None:
        settings = _settings(self.owner.ctx)
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

    def _ask_pdf(self) -> None:
        from ui.pdf_dialog import save_pdf

        save_pdf(self, "etariya-setup.pdf", self.export_pdf, self.status)

    def retranslate(self) -> None:
        self.new_button.setText(tr("New setup", "新しい準備"))
        self.code_edit.setPlaceholderText(tr("type a setup code to see its board again",
                                             "準備コードを入力すると同じボードを表示"))
        self.open_button.setText(tr("Open code", "コードを開く"))
        self.pdf_button.setText(tr("Print setup card…", "準備カードを印刷…"))
        self.exp_label.setText(tr("Expansions:", "拡張:"))
        for key, en, ja in EXPANSIONS:
            self.boxes[key].setText(tr(en, ja))
        self.fill()


# --- map editor -----------------------------------------------------------------------------
class MapTab(QWidget):
    """The 16 faces; click a cell of the chosen face to turn it Light ⇄ Dark."""

    def __init__(self, owner: EtariyaTablePage) -> None:
        super().__init__(owner)
        self.owner = owner
        self.faces: list[Any] = pictures.load_user_faces(owner.ctx)
        self.faces_list = QListWidget(self)
        self.faces_list.setMaximumWidth(230)
        self.faces_list.currentRowChanged.connect(lambda _row: self.fill())
        self.face = FaceWidget(self)
        self.face.cell_clicked.connect(self.toggle)
        self.title = QLabel(self)
        bold = self.title.font()
        bold.setBold(True)
        bold.setPointSizeF(bold.pointSizeF() * 1.2)
        self.title.setFont(bold)
        self.check_label = QLabel(self)
        self.check_label.setWordWrap(True)
        self.help_label = QLabel(self)
        self.help_label.setWordWrap(True)
        self.restore_face_button = QPushButton(self)
        self.restore_face_button.clicked.connect(self.restore_face)
        self.restore_all_button = QPushButton(self)
        self.restore_all_button.clicked.connect(self.restore_defaults)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.restore_face_button)
        buttons.addWidget(self.restore_all_button)
        buttons.addStretch(1)
        centre = QVBoxLayout()
        centre.addWidget(self.title)
        centre.addWidget(self.help_label)
        centre.addWidget(self.face, 1)
        centre.addWidget(self.check_label)
        centre.addLayout(buttons)
        centre.addWidget(self.status)
        layout = QHBoxLayout(self)
        layout.addWidget(self.faces_list)
        layout.addLayout(centre, 1)
        self._fill_list()
        self.faces_list.setCurrentRow(0)

    def current(self) -> int:
        return max(self.faces_list.currentRow(), 0)

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
        problems = pictures.save_user_faces(self.owner.ctx, self.faces)
        if problems:
            bad = [pictures.face_label(i, language().code, self.faces)
                   for i, face in enumerate(self.faces) if pictures.face_problems(face)]
            self.status.setText(tr("Saved, but the default faces stay in use until every face "
                                   "is valid. To fix: ",
                                   "保存しました。すべての面が正しくなるまで初期の面が使われます。"
                                   "直す面: ") + ", ".join(bad))
        else:
            self.status.setText(tr("Saved. The setup and digital play use these faces.",
                                   "保存しました。準備とデジタル対戦はこの面を使います。"))
        self._fill_list()
        self.fill()
        self.owner.setup_tab.faces_changed()

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
        self.title.setText(pictures.face_label(index, language().code))
        self.face.set_rows(face.rows, bad=bool(problems))
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
        self.help_label.setText(tr(
            "Make each face look like your copy: click a cell to turn it Light ⇄ Dark. A face "
            "needs 6 Light and 6 Dark cells. Shown as printed, before any 180° turn.",
            "お手持ちのマップシートと同じにしてください: マスをクリックすると光⇄闇が切り替わり"
            "ます。1面は光6マス・闇6マスです。回転前の向きで表示しています。"))
        self.restore_face_button.setText(tr("Restore this face", "この面を元に戻す"))
        self.restore_all_button.setText(tr("Restore defaults", "すべて初期値に戻す"))
        self._fill_list()
        self.fill()


# --- tracker --------------------------------------------------------------------------------
class TrackerTab(QWidget):
    """Stones per colour on Light and Dark; chips and the winner from the engine's model."""

    def __init__(self, owner: EtariyaTablePage) -> None:
        super().__init__(owner)
        self.owner = owner
        self.model: Any = pictures.new_tracker(())
        self.saved_play_id: int | None = None
        self.undo_stack = QUndoStack(self)
        self.light_name = QLineEdit(self)
        self.dark_name = QLineEdit(self)
        self.first_box = QComboBox(self)
        self.first_box.addItems(["", ""])
        self.score_box = QCheckBox(self)
        self.score_box.toggled.connect(self._score_toggled)
        self.names_form = QFormLayout()
        self.light_label, self.dark_label, self.first_label = QLabel(self), QLabel(self), \
            QLabel(self)
        self.names_form.addRow(self.light_label, self.light_name)
        self.names_form.addRow(self.dark_label, self.dark_name)
        self.names_form.addRow(self.first_label, self.first_box)
        self.names_form.addRow(self.score_box)
        self.grid_box = QGroupBox(self)
        self.grid = QGridLayout(self.grid_box)
        self.header_labels = [QLabel(self.grid_box) for _ in range(5)]
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
        self.back_button = QPushButton(self)
        self.back_button.clicked.connect(self.undo_stack.undo)
        self.redo_button = QPushButton(self)
        self.redo_button.clicked.connect(self.undo_stack.redo)
        self.undo_stack.canUndoChanged.connect(self.back_button.setEnabled)
        self.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        self.back_button.setEnabled(False)
        self.redo_button.setEnabled(False)
        self.restart_button = QPushButton(self)
        self.restart_button.clicked.connect(self.restart)
        self.save_button = QPushButton(self)
        self.save_button.clicked.connect(self.save)
        self.tally_button = QPushButton(self)
        self.tally_button.clicked.connect(self._ask_tally_pdf)
        self.status = QLabel(self)
        self.status.setWordWrap(True)
        buttons = QHBoxLayout()
        buttons.addWidget(self.back_button)
        buttons.addWidget(self.redo_button)
        buttons.addStretch(1)
        buttons.addWidget(self.restart_button)
        buttons.addWidget(self.save_button)
        left = QVBoxLayout()
        left.addLayout(self.names_form)
        left.addWidget(self.totals_label)
        left.addWidget(self.winner_label)
        left.addStretch(1)
        left.addWidget(self.tally_button)
        layout = QHBoxLayout(self)
        layout.addLayout(left, 2)
        right = QVBoxLayout()
        right.addWidget(self.grid_box)
        right.addLayout(buttons)
        right.addWidget(self.status)
        right.addStretch(1)
        layout.addLayout(right, 5)
        for keys, slot in ((QKeySequence.StandardKey.Undo, self.undo_stack.undo),
                           (QKeySequence("Ctrl+Shift+Z"), self.undo_stack.redo)):
            shortcut = QShortcut(keys, self)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(slot)
        self.light_name.textChanged.connect(lambda _t: self._names_changed())
        self.dark_name.textChanged.connect(lambda _t: self._names_changed())
        self.first_box.currentIndexChanged.connect(lambda _i: self._first_changed())
        self._build_rows()

    # --- rows ------------------------------------------------------------------------------
    def _build_rows(self) -> None:
        for row, code in enumerate(pictures.colour_codes(), start=1):
            name = QLabel(self.grid_box)
            name.setMinimumWidth(90)
            colour = stone_colour(code)
            name.setStyleSheet(f"QLabel {{ background: {colour.name()}; color: "
                               f"{text_on(colour).name()}; border-radius: 4px; padding: 4px; "
                               "font-weight: bold; }")
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
            self.status.setText(str(exc))
            return
        self.status.setText("")
        self._push(after, f"{colour}{faction}{step:+d}")

    def _push(self, after: Any, text: str) -> None:
        self.undo_stack.push(ReplaceState(self.model, after, self.set_model, text))

    def set_model(self, model: Any) -> None:
        self.model = model
        self.saved_play_id = None
        settings = _settings(self.owner.ctx)
        if settings is not None:
            settings.setValue(KEY_TRACKER, json.dumps(self.snapshot(), ensure_ascii=False))
        self.refresh()

    def snapshot(self) -> dict[str, Any]:
        return {"model": pictures.tracker_to_dict(self.model),
                "light": self.light_name.text(), "dark": self.dark_name.text()}

    def restore(self) -> None:
        settings = _settings(self.owner.ctx)
        raw = settings.value(KEY_TRACKER) if settings is not None else None
        if not raw:
            return
        try:
            data = json.loads(str(raw))
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
        pairing = pictures.setup_pairing(self.owner.setup_tab.setup) \
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
            self.status.setText(tr("Score chips apply from the next new game.",
                                   "得点チップは次の新しいゲームから使われます。"))

    def _first_changed(self) -> None:
        first = pictures.LIGHT if self.first_box.currentIndex() <= 0 else pictures.DARK
        if first != self.model.first:
            self.model = pictures.tracker_with_first(self.model, first)
        self._names_changed()

    def _names_changed(self) -> None:
        settings = _settings(self.owner.ctx)
        if settings is not None:
            settings.setValue(KEY_TRACKER, json.dumps(self.snapshot(), ensure_ascii=False))
        self.refresh()

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
        self.save_button.setEnabled(over and self.saved_play_id is None)
        self.first_box.setItemText(0, names[pictures.LIGHT])
        self.first_box.setItemText(1, names[pictures.DARK])

    # --- history ---------------------------------------------------------------------------
    def typed_names(self) -> dict[str, str]:
        return {pictures.LIGHT: self.light_name.text().strip(),
                pictures.DARK: self.dark_name.text().strip()}

    def play_record(self) -> Any:
        return pictures.tracker_play_record(self.model, self.typed_names(),
                                            self.owner.setup_tab.setup)

    def save(self) -> int | None:
        """Save the finished game at the table to the history (one transaction)."""
        if self.saved_play_id is not None:
            return self.saved_play_id
        names = self.typed_names()
        if not all(names.values()):
            self.status.setText(tr("Type both players' names first.",
                                   "先に2人の名前を入力してください。"))
            return None
        if names[pictures.LIGHT] == names[pictures.DARK]:
            self.status.setText(tr("The two players have the same name.",
                                   "2人の名前が同じです。"))
            return None
        if self.owner.ctx is None or getattr(self.owner.ctx, "db", None) is None:
            self.status.setText(tr("No history database is open.",
                                   "履歴のデータベースが開かれていません。"))
            return None
        try:
            import db

            play_id = int(db.add_play(self.owner.ctx.db, self.play_record()))
        except Exception as exc:
            self.status.setText(tr(f"Not saved: {exc}", f"保存できませんでした: {exc}"))
            return None
        self.saved_play_id = play_id
        self.save_button.setEnabled(False)
        self.status.setText(tr(f"Saved to the history as play #{play_id}.",
                               f"対局 #{play_id} として履歴に保存しました。"))
        from ui.events import events

        events().history_changed.emit()
        return play_id

    def export_tally_pdf(self, path: Path) -> None:
        """A blank tally sheet to keep count on paper (the typed names written in)."""
        from companion.export.pdf import render_sheet
        from companion.games.etariya.printing import blank_tracker_sheet

        names = self.typed_names()
        render_sheet(blank_tracker_sheet(language().code,
                                         names=[names[pictures.LIGHT], names[pictures.DARK]]),
                     path)

    def _ask_tally_pdf(self) -> None:
        from ui.pdf_dialog import save_pdf

        save_pdf(self, "etariya-tally.pdf", self.export_tally_pdf, self.status)

    def retranslate(self) -> None:
        self.tally_button.setText(tr("Print a blank tally sheet…", "白紙の集計シートを印刷…"))
        self.light_label.setText(tr("Light player", "光の陣営"))
        self.dark_label.setText(tr("Dark player", "闇の陣営"))
        self.first_label.setText(tr("First player", "先手"))
        self.score_box.setText(tr("E · score chips (win at 7 points)",
                                  "E · スコア変動(7点で勝利)"))
        self.light_name.setPlaceholderText(tr("name", "名前"))
        self.dark_name.setPlaceholderText(tr("name", "名前"))
        self.grid_box.setTitle(tr("Stones on the board — tap + when a stone is placed",
                                  "盤上の神石 — 置いたら + を押す"))
        for label, (en, ja) in zip(self.header_labels, (
                ("Colour", "色"), ("on Light ☀", "光のマス ☀"), ("on Dark ☾", "闇のマス ☾"),
                ("Dominance chip", "支配チップ"), ("Score chip", "得点チップ")), strict=True):
            label.setText(tr(en, ja))
        self.back_button.setText(tr("Undo", "元に戻す"))
        self.redo_button.setText(tr("Redo", "やり直し"))
        self.restart_button.setText(tr("New game", "新しいゲーム"))
        self.save_button.setText(tr("Save to history", "履歴に保存"))
        self.refresh()


# --- the whole page -------------------------------------------------------------------------
class EtariyaTablePage(QWidget):
    """Setup, map sheets and tracker as tabs."""

    def __init__(self, ctx: AppContext | None, game_id: str = "etariya",
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        ensure_cjk_font()
        self.ctx, self.game_id = ctx, game_id
        pictures.apply_user_faces(ctx)
        self.tabs = QTabWidget(self)
        self.tracker = TrackerTab(self)
        self.setup_tab = SetupTab(self)
        self.map_tab = MapTab(self)
        self.tabs.addTab(self.setup_tab, "")
        self.tabs.addTab(self.map_tab, "")
        self.tabs.addTab(self.tracker, "")
        self.setup_tab.restore()
        self.tracker.restore()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.tabs)
        language().changed.connect(self.retranslate)
        self.retranslate()

    def retranslate(self, *_: object) -> None:
        self.tabs.setTabText(0, tr("Setup", "準備"))
        self.tabs.setTabText(1, tr("Map sheets", "マップシート"))
        self.tabs.setTabText(2, tr("Tracker", "記録"))
        self.setup_tab.retranslate()
        self.map_tab.retranslate()
        self.tracker.retranslate()


__all__ = ["EtariyaTablePage"]
