"""The play timer on screen, and the duration field of History's play entry.

`PlayTimerWidget` shows a `companion.timer.PlayTimer` ("25:03") with one button that starts,
pauses and resumes it (and a reset); it repaints once a second while the timer runs, the model
keeping the time. Meant for table pages and digital play as well: give it the play's stored
seconds to carry on after a resume, and store `timer.seconds()` with the play.

`DurationField` is a minutes box beside a timer: the box follows the timer, and typing minutes
sets the timer to them (a game timed on a phone, or started before the entry was opened).
`seconds()` is what the play stores (None when nothing was timed or typed).
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QHBoxLayout,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QToolButton,
    QWidget,
)

from companion.timer import PlayTimer, format_duration, whole_minutes
from ui.i18n import language, tr
from ui.play.widgets import ElidedLabel
from ui.table.weak import weak_listener

#: The longest duration the minutes box takes (100 hours).
MAX_MINUTES = 6000
#: Starts, pauses and resumes the timer of the page it is on (`PlayTimerWidget.add_shortcut`).
TIMER_KEYS = "Ctrl+T"


class PlayTimerWidget(QWidget):
    """"25:03 [Pause] [↺]": the time counted and the buttons that drive the timer."""

    changed = Signal()  # started, paused, corrected or reset (not every second)

    def __init__(self, timer: PlayTimer | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("play_timer")
        self.timer = timer or PlayTimer()
        # keeps and paints its own text: a QLabel's new text every second laid the whole
        # window out again
        self.time_label = ElidedLabel("", self)
        self.time_label.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Preferred)
        self.time_label.setObjectName("timer_time")
        font = QFont(self.time_label.font())
        font.setBold(True)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.time_label.setFont(font)
        self._fit_time()
        self.time_label.installEventFilter(self)
        self.toggle_button = QPushButton(self)
        self.toggle_button.setObjectName("timer_toggle")
        self.toggle_button.clicked.connect(self.toggle)
        self.reset_button = QToolButton(self)
        self.reset_button.setText("↺")
        self.reset_button.setObjectName("timer_reset")
        self.reset_button.clicked.connect(self.reset)
        self._shortcut: QShortcut | None = None
        self.ticker = QTimer(self)
        self.ticker.setInterval(1000)
        self.ticker.timeout.connect(self._show_time)
        self.timer.listeners.append(weak_listener(self._timer_changed))
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.time_label)
        row.addWidget(self.toggle_button)
        row.addWidget(self.reset_button)
        language().changed.connect(self.retranslate)
        self._timer_changed()

    def toggle(self) -> None:
        """Start, pause or resume the timer shown."""
        self.timer.toggle()

    def reset(self) -> None:
        self.timer.reset()

    def set_timer(self, timer: PlayTimer) -> None:
        """Show and drive `timer` from now on (another game in the same page)."""
        self.timer = timer
        timer.listeners.append(weak_listener(self._timer_changed))
        self._timer_changed()

    def add_shortcut(self, page: QWidget) -> None:
        """Ctrl+T anywhere in `page` starts, pauses and resumes the timer."""
        shortcut = QShortcut(QKeySequence(TIMER_KEYS), page)
        shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        shortcut.activated.connect(self.toggle)
        self._shortcut = shortcut
        self.retranslate()

    def _fit_time(self) -> None:
        """Room for the longest time (the buttons do not move as the time grows), measured
        again when the text grows with the interface's size."""
        self.time_label.setMinimumWidth(
            self.time_label.fontMetrics().horizontalAdvance("00:00:00") + 4)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.time_label and event.type() == QEvent.Type.FontChange:
            self._fit_time()
        return super().eventFilter(watched, event)

    def retranslate(self, *_: object) -> None:
        if self._shortcut is not None:
            self.toggle_button.setToolTip(tr(f"Start or pause the play timer ({TIMER_KEYS})",
                                             f"タイマーの開始・一時停止 ({TIMER_KEYS})"))
        if self.timer.is_running():
            text = tr("Pause", "一時停止")
        elif self.timer.has_started():
            text = tr("Resume", "再開")
        else:
            text = tr("Start timer", "タイマー開始")
        self.toggle_button.setText(text)
        self.reset_button.setToolTip(tr("Reset the timer to 0:00", "タイマーを 0:00 に戻す"))
        self._show_time()

    def _timer_changed(self) -> None:
        if self.timer.is_running():
            self.ticker.start()
        else:
            self.ticker.stop()
        self.reset_button.setEnabled(self.timer.has_started())
        self.retranslate()
        self.changed.emit()

    def _show_time(self) -> None:
        self.time_label.setText(format_duration(self.timer.elapsed()))

    def shown_time(self) -> str:
        return self.time_label.text()


class DurationField(QWidget):
    """Minutes typed in, or counted by the timer beside them; `seconds()` for the play."""

    def __init__(self, seconds: int | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.minutes = QSpinBox(self)
        self.minutes.setObjectName("duration_minutes")
        self.minutes.setRange(0, MAX_MINUTES)
        self.minutes.setSpecialValueText("—")  # 0: nobody timed it
        self.timer_widget = PlayTimerWidget(PlayTimer(elapsed=seconds or 0), self)
        self.timer = self.timer_widget.timer
        self.timer_widget.changed.connect(self._follow_timer)
        self.timer_widget.ticker.timeout.connect(self._follow_timer)
        self.minutes.valueChanged.connect(self._typed)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.minutes)
        row.addWidget(self.timer_widget)
        row.addStretch(1)
        language().changed.connect(self.retranslate)
        self.retranslate()
        self._follow_timer()

    def retranslate(self, *_: object) -> None:
        self.minutes.setSuffix(tr(" min", " 分"))
        self.minutes.setToolTip(tr("How long you played, in minutes (the timer fills it in)",
                                   "遊んだ時間（分）。タイマーを使うと自動で入ります"))

    def _follow_timer(self) -> None:
        self.minutes.blockSignals(True)
        self.minutes.setValue(min(MAX_MINUTES, whole_minutes(self.timer.elapsed())))
        self.minutes.blockSignals(False)

    def _typed(self, minutes: int) -> None:
        self.timer.set_elapsed(minutes * 60)

    def seconds(self) -> int | None:
        """Seconds of play to store; None when nothing was timed or typed."""
        return self.timer.seconds() or None
