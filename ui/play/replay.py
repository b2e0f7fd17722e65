"""A finished or unfinished digital play, replayed move by move in its game's own board view.

`open_replay(ctx, play, parent)` opens a window with the game's `PlayFrame` (from the game's
registered play view, so every game with digital play has a replay with no code of its own) in
replay mode: nothing can be played on the board; ← → step one move (chance drawn as it happened:
a throw tumbles), Home/End jump to the start and the end, a click on a move in the list jumps
there, and autoplay steps at a chosen speed. The seat panel and the game's side panel follow
the position shown.

Hidden information: the position is shown as one chosen seat saw it (`state.view(seat)`); a
finished play also offers "Show everything". While a game with hidden information goes on
between several people at one screen, the board and the move list stay covered until the
chosen seat's person says who they are (the game's hand-off screen). "Play from here" starts
a new game (a new play in the History, its record noting the play and position it branched
from) with any seats as people or computers. The record can be exported as JSON and as text
in the game's notation. A record that does not replay to its end (a newer version's move, an
illegal move) is shown as far as it goes, with a sentence saying where it stops.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QHBoxLayout,
    QLabel,
    QMenu,
    QPushButton,
    QSlider,
    QStyle,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

from companion.core.record import GameRecord
from companion.core.replay import Replay, ReplayError, ReplayStop, StopKind, branch_of
from companion.history import PlayRecord
from ui.context import AppContext
from ui.i18n import language, reason, tr
from ui.play.controller import GameController, Seat, seat_from_history
from ui.play.frame import PlayFrame, Position
from ui.play.widgets import isolate

#: Autoplay speeds: (milliseconds per move, English, Japanese).
SPEEDS: tuple[tuple[int, str, str], ...] = (
    (2000, "Slow", "ゆっくり"),
    (1000, "Normal", "ふつう"),
    (400, "Fast", "速い"),
)
DEFAULT_SIZE = (1100, 720)
MINIMUM_SIZE = (760, 520)


def game_title(game_id: str) -> str:
    from companion.games import registry

    try:
        return registry.get(game_id).name(language().code)
    except ValueError:
        return game_id


#: Why a record cannot be replayed at all: (English, Japanese).
_CANNOT: dict[StopKind, tuple[str, str]] = {
    StopKind.NO_RECORD: ("No moves were recorded for this play (a table play).",
                         "この対局には手順の記録がありません(卓上での対局)。"),
    StopKind.UNREADABLE: ("The saved record is not one this version can read.",
                          "保存された記録はこのバージョンでは読めません。"),
    StopKind.UNKNOWN_GAME: ("This version of the app cannot play that game.",
                            "このバージョンのアプリではそのゲームを遊べません。"),
    StopKind.BAD_SETUP: ("This version does not accept the players or options of that record.",
                         "このバージョンはその記録の人数やオプションを受け付けません。"),
    StopKind.NOTHING: ("The record stops before the first move.",
                       "記録は最初の手の前で止まっています。"),
}
#: What is wrong with the step where a record stops: (English, Japanese).
_WRONG_STEP: dict[StopKind, tuple[str, str]] = {
    StopKind.BAD_MOVE: ("cannot be read by this version", "このバージョンでは読めません"),
    StopKind.ILLEGAL: ("is not legal there", "その局面では不正な手です"),
    StopKind.WRONG_SEAT: ("belongs to a seat that was not to move",
                          "手番でない席の手として記録されています"),
}


def stop_text(stop: ReplayStop) -> str:
    """Why a record does not replay (to its end), in the interface language."""
    if stop.kind in _CANNOT:
        return tr(*_CANNOT[stop.kind])
    en, ja = _WRONG_STEP[stop.kind]
    move, done = isolate(stop.move), stop.moves_before
    return tr(f"The record stops after move {done}: the next step ({move}) {en}. "
              "The replay goes as far as that.",
              f"記録は {done} 手目の後で止まります: 次の手({move})は{ja}。"
              "リプレイはそこまでです。")


# --- the window -------------------------------------------------------------------------------
class ReplayView(QWidget):
    """One play's replay: the game's play frame in replay mode and the replay controls."""

    def __init__(self, ctx: AppContext | None, play: PlayRecord, replay: Replay,
                 frame: PlayFrame, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setObjectName("replay_view")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self.ctx, self.play, self.replay, self.frame = ctx, play, replay, frame
        self.seats = replay_seats(play, replay.record.num_players)
        self.viewer = self.viewers()[0]  # whose eyes the hidden parts are seen with
        self.seen_by: int | None = None  # who said "I am …" (a hot-seat game going on)
        self.index = 0
        self.timer = QTimer(self)
        self.timer.timeout.connect(self._autoplay_step)
        controls = self._build_controls()
        frame.setParent(self)
        frame.show_replay_eyes(*self.eyes())
        frame.enter_replay(replay, self.seats, controls)
        frame.replay_line_chosen.connect(self.go_to_entries)
        frame.reveal_button.clicked.connect(self.reveal)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(frame)
        for key, slot in ((Qt.Key.Key_Left, self.back), (Qt.Key.Key_Right, self.forward),
                          (Qt.Key.Key_Home, self.to_start), (Qt.Key.Key_End, self.to_end)):
            shortcut = QShortcut(QKeySequence(key), self)
            shortcut.setContext(Qt.ShortcutContext.WindowShortcut)  # its own window
            shortcut.activated.connect(slot)
        self.setMinimumSize(*MINIMUM_SIZE)
        self.resize(*DEFAULT_SIZE)
        self.retranslate()
        self.go(0)
        language().changed.connect(self._language_changed)

    # --- building ----------------------------------------------------------------------------
    def _build_controls(self) -> QWidget:
        bar = QWidget(self)
        bar.setObjectName("replay_controls")
        icons = QStyle.StandardPixmap
        self.start_button = self._tool(bar, "replay_start", icons.SP_MediaSkipBackward,
                                       self.to_start)
        self.back_button = self._tool(bar, "replay_back", icons.SP_MediaSeekBackward, self.back)
        self.play_button = self._tool(bar, "replay_autoplay", icons.SP_MediaPlay,
                                      self.toggle_autoplay)
        self.forward_button = self._tool(bar, "replay_forward", icons.SP_MediaSeekForward,
                                         self.forward)
        self.end_button = self._tool(bar, "replay_end", icons.SP_MediaSkipForward, self.to_end)
        self.slider = QSlider(Qt.Orientation.Horizontal, bar)
        self.slider.setObjectName("replay_slider")
        self.slider.setRange(0, len(self.replay) - 1)
        self.slider.valueChanged.connect(self._slider_moved)
        self.counter = QLabel(bar)
        self.counter.setObjectName("replay_counter")
        self.speed_label = QLabel(bar)
        self.speed = QComboBox(bar)
        self.speed.setObjectName("replay_speed")
        for ms, _en, _ja in SPEEDS:
            self.speed.addItem("", ms)
        self.speed.setCurrentIndex(1)
        self.speed.currentIndexChanged.connect(self._speed_changed)
        self.viewer_label = QLabel(bar)
        self.viewer_box = QComboBox(bar)
        self.viewer_box.setObjectName("replay_viewer")
        self.viewer_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.viewer_box.setMinimumContentsLength(10)
        self.viewer_box.setProperty("elided", True)  # a long name is cut, whole in the tooltip
        self.viewer_box.currentIndexChanged.connect(self._viewer_changed)
        self.everything_box = QCheckBox(bar)
        self.everything_box.setObjectName("replay_everything")
        self.everything_box.toggled.connect(lambda _on: self.show_current())
        hidden = self.replay.has_hidden_information()
        for widget in (self.viewer_label, self.viewer_box):
            widget.setVisible(hidden)
        self.everything_box.setVisible(self.offers_everything())
        self.note = QLabel(bar)
        self.note.setObjectName("replay_note")
        self.note.setWordWrap(True)
        self.branch_button = QPushButton(bar)
        self.branch_button.setObjectName("play_from_here")
        self.branch_button.clicked.connect(self.play_from_here)
        self.export_button = QPushButton(bar)
        self.export_button.setObjectName("replay_export")
        menu = QMenu(self.export_button)
        self.json_action = QAction(menu)
        self.json_action.triggered.connect(self.ask_export_json)
        self.text_action = QAction(menu)
        self.text_action.triggered.connect(self.ask_export_text)
        menu.addActions([self.json_action, self.text_action])
        self.export_button.setMenu(menu)

        steps = QHBoxLayout()
        steps.setContentsMargins(0, 0, 0, 0)
        for button in (self.start_button, self.back_button, self.play_button,
                       self.forward_button, self.end_button):
            steps.addWidget(button)
        steps.addWidget(self.slider, 1)
        steps.addWidget(self.counter)
        steps.addSpacing(8)
        steps.addWidget(self.speed_label)
        steps.addWidget(self.speed)
        more = QHBoxLayout()
        more.setContentsMargins(0, 0, 0, 0)
        more.addWidget(self.viewer_label)
        more.addWidget(self.viewer_box)
        more.addWidget(self.everything_box)
        more.addWidget(self.note, 1)
        more.addWidget(self.branch_button)
        more.addWidget(self.export_button)
        layout = QVBoxLayout(bar)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(steps)
        layout.addLayout(more)
        return bar

    def _tool(self, parent: QWidget, name: str, icon: QStyle.StandardPixmap,
              slot: Any) -> QToolButton:
        button = QToolButton(parent)
        button.setObjectName(name)
        button.setIcon(self.style().standardIcon(icon))
        button.setAutoRaise(True)
        button.clicked.connect(slot)
        return button

    def retranslate(self, *_: object) -> None:
        number = f" #{self.play.id}" if self.play.id is not None else ""
        title = game_title(self.play.game_id)
        self.setWindowTitle(tr(f"Replay — {title}{number}", f"リプレイ — {title}{number}"))
        for button, en, ja in ((self.start_button, "Start (Home)", "最初へ (Home)"),
                               (self.back_button, "One move back (←)", "1 手戻る (←)"),
                               (self.forward_button, "One move on (→)", "1 手進む (→)"),
                               (self.end_button, "End (End)", "最後へ (End)")):
            button.setToolTip(tr(en, ja))
        self.speed_label.setText(tr("Speed", "速度"))
        for row, (_ms, en, ja) in enumerate(SPEEDS):
            self.speed.setItemText(row, tr(en, ja))
        self.viewer_label.setText(tr("Seen by", "視点"))
        self.everything_box.setText(tr("Show everything", "すべて表示"))
        self.everything_box.setToolTip(tr("The game is over: every hidden part may be shown.",
                                          "ゲームは終わったので、隠れた情報もすべて表示できます。"))
        self.branch_button.setText(tr("Play from here…", "ここから対局…"))
        self.branch_button.setToolTip(tr("Start a new game from the position shown, with "
                                         "people or computers in any seat.",
                                         "表示中の局面から新しい対局を始めます(各席は人でも"
                                         "コンピューターでも)。"))
        self.export_button.setText(tr("Export", "書き出す"))
        going_on = self.asks_who()  # its record names every card dealt to every hand
        self.export_button.setEnabled(not going_on)
        self.export_button.setToolTip(tr(
            "The record can be exported once the game is over: it names every hand's cards.",
            "記録は終局後に書き出せます(すべての手札の札が書かれているため)。") if going_on else "")
        self.json_action.setText(tr("Record (JSON)…", "記録 (JSON)…"))
        self.text_action.setText(tr("Moves as text…", "手順 (テキスト)…"))
        self._fill_viewers()
        self._show_autoplay()
        self.note.setText(self.branch_text())
        if self.replay.stop is not None:
            self.frame.say(stop_text(self.replay.stop))

    def _language_changed(self, *_: object) -> None:
        self.retranslate()
        self.show_current()  # the frame's move list was written again: mark the line

    def viewers(self) -> list[int]:
        """The seats whose eyes the replay may look through: any once the game is over; while
        it may still be continued, only the people's (a computer's hand stays hidden)."""
        everyone = list(range(len(self.seats)))
        humans = [i for i in everyone if not self.seats[i].is_bot]
        return everyone if self.is_game_over() or not humans else humans

    def _fill_viewers(self) -> None:
        self.viewer_box.blockSignals(True)
        self.viewer_box.clear()
        names = self.frame.seat_names()
        for row, seat in enumerate(self.viewers()):
            self.viewer_box.addItem(names[seat], seat)
            self.viewer_box.setItemData(row, names[seat], Qt.ItemDataRole.ToolTipRole)
        self.viewer_box.setCurrentIndex(max(0, self.viewer_box.findData(self.viewer)))
        self.viewer_box.setToolTip(self.viewer_box.currentText())
        self.viewer_box.blockSignals(False)

    def branch_text(self) -> str:
        """"Started from play #12 at move 17." for a play branched from another one."""
        branch = branch_of(self.replay.record)
        if branch is None:
            return ""
        parent, entries = branch
        move = sum(1 for e in self.replay.record.entries[:entries] if not e.is_chance)
        if parent is None:
            return tr(f"Started from another play at move {move}.",
                      f"別の対局の {move} 手目から始めた対局です。")
        return tr(f"Started from play #{parent} at move {move}.",
                  f"対局 #{parent} の {move} 手目から始めた対局です。")

    # --- moving ------------------------------------------------------------------------------
    def last(self) -> int:
        return len(self.replay) - 1

    def go(self, index: int, *, animate: bool = False) -> None:
        """Show position `index` (0: the start); `animate` shows its chance as it happened."""
        self.index = max(0, min(index, self.last()))
        step = self.replay.steps[self.index]
        self.frame.show_replay_eyes(*self.eyes())  # the move list as the viewer reads it
        if animate and step.chance:
            self.frame.screens.on_chance(list(step.chance))
        self.frame.show_position(self.position(self.index))
        self._cover()
        self.slider.blockSignals(True)
        self.slider.setValue(self.index)
        self.slider.blockSignals(False)
        self.counter.setText(f"{self.replay.moves_until(self.index)} / "
                             f"{self.replay.moves_until(self.last())}")
        at_end = self.index == self.last()
        for button, enabled in ((self.start_button, self.index > 0),
                                (self.back_button, self.index > 0),
                                (self.forward_button, not at_end),
                                (self.end_button, not at_end),
                                (self.play_button, not at_end or self.timer.isActive())):
            button.setEnabled(enabled)
        self.branch_button.setEnabled(not step.state.is_over())

    def show_current(self) -> None:
        self.go(self.index)

    def forward(self) -> None:
        self.stop_autoplay()
        self.go(self.index + 1, animate=True)

    def back(self) -> None:
        self.stop_autoplay()
        self.go(self.index - 1)

    def to_start(self) -> None:
        self.stop_autoplay()
        self.go(0)

    def to_end(self) -> None:
        self.stop_autoplay()
        self.go(self.last())

    def go_to_entries(self, entries: int) -> None:
        """A line of the move list was chosen: the position right after it."""
        self.stop_autoplay()
        self.go(self.replay.index_at(entries))

    def _slider_moved(self, value: int) -> None:
        self.stop_autoplay()
        self.go(value)

    # --- autoplay ----------------------------------------------------------------------------
    def toggle_autoplay(self) -> None:
        if self.timer.isActive():
            self.stop_autoplay()
            return
        if self.index >= self.last():
            self.go(0)
        self.timer.start(int(self.speed.currentData()))
        self._show_autoplay()

    def stop_autoplay(self) -> None:
        self.timer.stop()
        self._show_autoplay()

    def is_playing(self) -> bool:
        return self.timer.isActive()

    def _autoplay_step(self) -> None:
        if self.index >= self.last():
            self.stop_autoplay()
            return
        self.go(self.index + 1, animate=True)
        if self.index >= self.last():
            self.stop_autoplay()

    def _speed_changed(self, *_: object) -> None:
        if self.timer.isActive():
            self.timer.setInterval(int(self.speed.currentData()))

    def _show_autoplay(self) -> None:
        playing = self.timer.isActive()
        pixmaps = QStyle.StandardPixmap
        icon = pixmaps.SP_MediaPause if playing else pixmaps.SP_MediaPlay
        self.play_button.setIcon(self.style().standardIcon(icon))
        self.play_button.setToolTip(tr("Pause", "一時停止") if playing
                                    else tr("Autoplay", "自動再生"))

    # --- what is shown -----------------------------------------------------------------------
    def is_game_over(self) -> bool:
        return self.play.is_finished or self.replay.is_finished()

    def offers_everything(self) -> bool:
        """"Show everything" is offered once the game is over (and something is hidden)."""
        return self.replay.has_hidden_information() and self.is_game_over()

    def shows_everything(self) -> bool:
        return not self.replay.has_hidden_information() or (
            self.offers_everything() and self.everything_box.isChecked())

    def asks_who(self) -> bool:
        """A game with hidden information that two or more people still play at one screen:
        anyone may be at the device, so a seat's view waits until its person says who they
        are (as the game's own hand-off screen)."""
        if self.is_game_over() or not self.replay.has_hidden_information():
            return False
        return sum(not seat.is_bot for seat in self.seats) > 1

    def _cover(self) -> None:
        """Cover the board and the move list until the viewer's person says who they are."""
        frame = self.frame
        covered = self.asks_who() and self.seen_by != self.viewer
        frame.cover.setCurrentIndex(1 if covered else 0)
        if not covered:
            return
        name = isolate(frame.seat_names()[self.viewer])
        noun_en, noun_ja = frame.screens.private_noun
        frame.handoff_label.setText(tr(f"Pass the device to {name}.",
                                       f"{name} さんに渡してください。"))
        frame.reveal_button.setText(tr(f"I am {name} — show my {noun_en}",
                                       f"{name} です — {noun_ja}を見る"))

    def reveal(self) -> None:
        """"I am <name>": the chosen seat's view shows."""
        self.seen_by = self.viewer
        self._cover()

    def eyes(self) -> tuple[int | None, bool]:
        """Whose eyes the move list reads with, and whether every hidden part shows."""
        hidden = self.replay.has_hidden_information()
        return (self.viewer if hidden else None), self.shows_everything()

    def _viewer_changed(self, *_: object) -> None:
        value = self.viewer_box.currentData()
        if value is not None:
            self.viewer = int(value)
            self.viewer_box.setToolTip(self.viewer_box.currentText())
            self.show_current()

    def position(self, index: int) -> Position:
        """Position `index` as the frame shows it: through the chosen seat's eyes while the
        game goes on (everything once asked, in a finished play)."""
        state = self.replay.state(index)
        seat = int(state.to_move())
        viewer: int | None = seat if seat >= 0 else None
        shown = state
        if state.is_over():
            viewer = None
        elif self.replay.has_hidden_information():
            viewer = self.viewer
            if not self.shows_everything():
                shown = state.view(viewer)
        everything = (shown is state and viewer is not None) or (
            state.is_over() and self.replay.has_hidden_information() and self.shows_everything())
        return Position(shown, self.replay.entries_until(index), (), tuple(self.seats),
                        self.frame.seat_names(), viewer, seat, live=False,
                        everything=everything)

    # --- going on ----------------------------------------------------------------------------
    def play_from_here(self) -> QWidget | None:
        """Ask who sits where, then start a new game at the position shown."""
        self.stop_autoplay()
        dialog = BranchDialog(self.seats, self.frame.seat_names(),
                              self.replay.moves_until(self.index), self)
        if not dialog.exec():
            return None
        return self.start_branch(dialog.chosen_seats())

    def start_branch(self, seats: Sequence[Seat]) -> QWidget | None:
        """A new play at the position shown with `seats`: in the main window's Play page (or
        a window of its own); it is saved in the History as the game goes on."""
        from ui.play.resume import ResumeError

        game = self.replay.game_at(self.index, self.play.id)
        play = GameController(None, game, seats, autosave=False).play_record()
        window = self._main_window()
        try:
            if window is not None:
                widget: QWidget = window.open_resumed(play)
                window.raise_()
                window.activateWindow()
                return widget
            return self._own_window(play)
        except (ResumeError, ValueError) as exc:
            self.frame.say(str(exc))
            return None

    def _main_window(self) -> Any:
        widget = self.parentWidget()
        while widget is not None and not hasattr(widget, "open_resumed"):
            widget = widget.parentWidget()
        return widget

    def _own_window(self, play: PlayRecord) -> QWidget:
        from ui.views import play_view

        factory = play_view(play.game_id)
        assert factory is not None  # the replay itself was built from it
        frame: Any = factory(self.ctx, play.game_id)  # type: ignore[arg-type]
        frame.setParent(self.parentWidget(), Qt.WindowType.Window)
        frame.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        frame.resize(*DEFAULT_SIZE)
        frame.resume(play)
        frame.show()
        result: QWidget = frame
        return result

    # --- export ------------------------------------------------------------------------------
    def suggested_name(self, suffix: str) -> str:
        number = f"-{self.play.id}" if self.play.id is not None else ""
        return f"{self.play.game_id}{number}.{suffix}"

    def export_json(self, path: Path) -> None:
        """The play's whole record (`GameRecord.to_json`)."""
        assert self.play.record is not None  # it replays
        write_text(path, GameRecord.from_dict(self.play.record).to_json() + "\n")

    def export_text(self, path: Path) -> None:
        """The moves in the game's notation, one a line with the seat's name."""
        number = f" #{self.play.id}" if self.play.id is not None else ""
        title = f"{game_title(self.play.game_id)}{number}"
        write_text(path, self.replay.notation_text(self.frame.seat_names(), title))

    def ask_export_json(self) -> None:
        self._ask_export(tr("Export the record", "記録を書き出す"), "json", "JSON (*.json)",
                         self.export_json)

    def ask_export_text(self) -> None:
        self._ask_export(tr("Export the moves", "手順を書き出す"), "txt",
                         tr("Text (*.txt)", "テキスト (*.txt)"), self.export_text)

    def _ask_export(self, title: str, suffix: str, kinds: str, write: Any) -> None:
        from ui.shell.common import ask_save_path

        path = ask_save_path(self, title, self.suggested_name(suffix), kinds)
        if path is None:
            return
        try:
            write(path)
        except OSError as exc:
            self.note.setText(tr(f"Not written: {reason(exc)}",
                                 f"書き出せませんでした: {reason(exc)}"))
            return
        self.note.setText(tr(f"Written: {path}", f"書き出しました: {path}"))

    def closeEvent(self, event: Any) -> None:
        self.timer.stop()
        super().closeEvent(event)


class BranchDialog(QDialog):
    """"Play from here": who sits at each seat of the new game (person or computer)."""

    def __init__(self, seats: Sequence[Seat], names: Sequence[str], moves: int,
                 parent: QWidget | None = None) -> None:
        from ui.new_game_dialog import _SeatRow

        super().__init__(parent)
        self.setObjectName("branch_dialog")
        self.setWindowTitle(tr("Play from here", "ここから対局"))
        text = QLabel(tr(f"A new game starts after move {moves}, exactly as the replay shows "
                         "it, and is saved in the History as a new play. Who sits where?",
                         f"{moves} 手目の後の局面(リプレイの表示どおり)から新しい対局を始め、"
                         "履歴に新しい対局として保存します。各席は誰が座りますか?"), self)
        text.setWordWrap(True)
        grid = QGridLayout()
        self.rows = []
        for index, seat in enumerate(seats):
            row = _SeatRow(self, index)
            row.retranslate()
            row.label.setText(tr(f"Seat {index + 1}", f"{index + 1} 番席"))
            row.label.setToolTip(names[index] if index < len(names) else "")
            row.name.setText(seat.name)
            row.set_bot(seat.bot)
            grid.addWidget(row.label, index, 0)
            grid.addWidget(row.name, index, 1)
            grid.addWidget(row.kind, index, 2)
            self.rows.append(row)
        grid.setColumnStretch(1, 1)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel, self)
        start = buttons.addButton(tr("Start game", "ゲーム開始"),
                                  QDialogButtonBox.ButtonRole.AcceptRole)
        start.setObjectName("branch_start")
        start.setDefault(True)
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setText(tr("Cancel", "キャンセル"))
        layout = QVBoxLayout(self)
        layout.addWidget(text)
        layout.addLayout(grid)
        layout.addWidget(buttons)
        self.resize(520, self.sizeHint().height())

    def chosen_seats(self) -> list[Seat]:
        return [Seat("" if row.bot() else row.name.text().strip(), row.bot())
                for row in self.rows]


# --- opening ----------------------------------------------------------------------------------
def replay_seats(play: PlayRecord, count: int) -> list[Seat]:
    """The play's seats (an imported play may lack some: "Seat n" stands in)."""
    known = {s.seat: seat_from_history(s) for s in play.seats}
    return [known.get(i, Seat("")) for i in range(count)]


def open_replay(ctx: AppContext | None, play: PlayRecord,
                parent: QWidget | None = None) -> ReplayView:
    """Open the play's replay in a window of its own; `ValueError` with a sentence when the
    play cannot be replayed at all."""
    from ui.views import play_view

    number = f" #{play.id}" if play.id is not None else ""
    try:
        replay = Replay.of_dict(play.record)
    except ReplayError as exc:
        raise ValueError(tr(f"Play{number} cannot be replayed: ", f"対局{number} はリプレイ"
                            "できません: ") + stop_text(exc.stop)) from exc
    factory = play_view(play.game_id)
    if factory is None:
        raise ValueError(tr(f"Play{number} cannot be replayed: ", f"対局{number} はリプレイ"
                            "できません: ") + stop_text(ReplayStop(StopKind.UNKNOWN_GAME)))
    frame: Any = factory(ctx, play.game_id)  # type: ignore[arg-type]
    view = ReplayView(ctx, play, replay, frame, parent)
    view.show()
    view.raise_()
    view.activateWindow()
    view.setFocus()  # the arrow keys step at once (not the move list: it would pick a line)
    return view


def replay_play_id(ctx: AppContext, play_id: int, parent: QWidget | None = None) -> str:
    """Open the replay of the stored play `play_id`; the sentence to show when it cannot."""
    import db

    play = db.get_play(ctx.db, play_id) if ctx.db is not None else None
    if play is None:
        return tr(f"Play #{play_id} no longer exists.", f"対局 #{play_id} はもうありません。")
    if play.unreadable:  # a stored row the app cannot read (db/reading.py)
        from db.reading import unreadable_text

        return unreadable_text(play, language().code)
    try:
        open_replay(ctx, play, parent)
    except ValueError as exc:
        return str(exc)
    return ""


def write_text(path: Path, text: str) -> None:
    """Write `text` (UTF-8) user-only, through a temporary file put in place at the end."""
    from companion.files import write_private

    write_private(path, text.encode("utf-8"))
