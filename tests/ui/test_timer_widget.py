"""The play timer widget over its model: the button starts, pauses and resumes, the time shown
follows the model, and a stored time carries on (a resumed game)."""

from __future__ import annotations

from companion.timer import PlayTimer
from ui.i18n import language
from ui.shell.timer_widget import DurationField, PlayTimerWidget


class Clock:
    def __init__(self) -> None:
        self.now = 50.0

    def __call__(self) -> float:
        return self.now


def test_start_pause_resume_and_reset(qtbot, person, english) -> None:
    clock = Clock()
    widget = PlayTimerWidget(PlayTimer(clock=clock))
    qtbot.addWidget(widget)
    widget.show()
    assert (widget.shown_time(), widget.toggle_button.text()) == ("0:00", "Start timer")
    assert not widget.reset_button.isEnabled()
    person.click(widget.toggle_button)
    assert widget.ticker.isActive() and widget.toggle_button.text() == "Pause"
    clock.now += 125
    widget.ticker.timeout.emit()  # the once-a-second repaint
    assert widget.shown_time() == "2:05"
    person.click(widget.toggle_button)
    assert not widget.ticker.isActive() and widget.toggle_button.text() == "Resume"
    clock.now += 600  # paused: not counted
    widget.ticker.timeout.emit()
    assert widget.shown_time() == "2:05"
    language().set("ja")
    assert widget.toggle_button.text() == "再開"
    person.click(widget.reset_button)
    assert widget.shown_time() == "0:00" and widget.toggle_button.text() == "タイマー開始"


def test_a_stored_time_carries_on(qtbot, person, english) -> None:
    clock = Clock()
    widget = PlayTimerWidget(PlayTimer(elapsed=3725, clock=clock))  # an autosaved game
    qtbot.addWidget(widget)
    widget.show()
    assert widget.shown_time() == "1:02:05" and widget.toggle_button.text() == "Resume"
    person.click(widget.toggle_button)
    clock.now += 60
    assert widget.timer.seconds() == 3785


def test_the_duration_field_and_its_timer_agree(qtbot, person, english) -> None:
    field = DurationField(None)
    qtbot.addWidget(field)
    field.show()
    assert field.seconds() is None and field.minutes.text() == "—"
    person.type(field.minutes.lineEdit(), "90")
    assert field.seconds() == 5400 and field.timer_widget.shown_time() == "1:30:00"
    field.timer.set_elapsed(61 * 60 + 40)
    assert field.minutes.value() == 62  # rounded to the nearest minute
    field.timer.reset()
    assert field.seconds() is None and field.minutes.value() == 0


def test_the_seconds_going_by_repaint_the_time_alone(qtbot, person, english) -> None:
    """The time changes every second: the page it sits in is not laid out again for it, and
    the longest time still fits beside the buttons."""
    from PySide6.QtCore import QEvent, QObject
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    class LayoutCount(QObject):
        count = 0

        def eventFilter(self, obj: object, event: QEvent) -> bool:
            if event.type() == QEvent.Type.LayoutRequest:
                self.count += 1
            return False

    clock = Clock()
    page = QWidget()
    widget = PlayTimerWidget(PlayTimer(clock=clock), page)
    QVBoxLayout(page).addWidget(widget)
    qtbot.addWidget(page)
    page.show()
    person.click(widget.toggle_button)
    qtbot.wait(20)
    counter = LayoutCount()
    page.installEventFilter(counter)
    for seconds in (1, 59, 3600 * 9 + 59 * 60):
        clock.now += seconds
        widget.ticker.timeout.emit()
        qtbot.wait(5)
    assert widget.shown_time() == "10:00:00" and counter.count == 0
    label = widget.time_label
    assert label.fontMetrics().horizontalAdvance("10:00:00") <= label.contentsRect().width()
    assert label.geometry().right() < widget.toggle_button.geometry().left()
