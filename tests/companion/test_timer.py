"""The play timer model: start, pause, resume, corrections, and the time a play stores."""

from __future__ import annotations

import pytest

from companion.timer import PlayTimer, format_duration, whole_minutes


class Clock:
    """A clock the test moves by hand."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_counts_only_while_running() -> None:
    clock = Clock()
    timer = PlayTimer(clock=clock)
    clock.now += 50
    assert timer.seconds() == 0 and not timer.has_started()
    timer.start()
    clock.now += 90
    assert timer.is_running() and timer.seconds() == 90
    timer.pause()
    clock.now += 600  # a break: not counted
    assert timer.seconds() == 90 and not timer.is_running() and timer.has_started()
    timer.resume()
    clock.now += 30.7
    assert timer.seconds() == 120 and timer.elapsed() == pytest.approx(120.7)


def test_start_and_pause_twice_change_nothing() -> None:
    clock = Clock()
    timer = PlayTimer(clock=clock)
    seen: list[bool] = []
    timer.listeners.append(lambda: seen.append(timer.is_running()))
    timer.start()
    clock.now += 10
    timer.start()  # already counting: the run is not restarted
    clock.now += 10
    assert timer.seconds() == 20
    timer.pause()
    timer.pause()
    assert seen == [True, False]


def test_elapsed_carries_on_after_a_resume() -> None:
    """What a play stores (`seconds()`) is where a resumed timer carries on."""
    clock = Clock()
    first = PlayTimer(clock=clock)
    first.start()
    clock.now += 1234
    stored = first.seconds()
    second = PlayTimer(elapsed=stored, clock=clock)
    assert second.seconds() == 1234 and not second.is_running() and second.has_started()
    second.start()
    clock.now += 6
    assert second.seconds() == 1240


def test_correct_toggle_and_reset() -> None:
    clock = Clock()
    timer = PlayTimer(clock=clock)
    timer.toggle()
    clock.now += 100
    timer.set_elapsed(45 * 60)  # the person says: we started 45 minutes ago
    clock.now += 60
    assert timer.is_running() and timer.seconds() == 46 * 60
    timer.toggle()
    assert not timer.is_running()
    timer.reset()
    assert timer.seconds() == 0 and not timer.has_started()
    with pytest.raises(ValueError, match="negative"):
        timer.set_elapsed(-1)
    with pytest.raises(ValueError, match="negative"):
        PlayTimer(elapsed=-5)


@pytest.mark.parametrize(("seconds", "shown"), [(0, "0:00"), (65, "1:05"), (1500, "25:00"),
                                                (3723, "1:02:03"), (-4, "0:00")])
def test_format_duration(seconds: float, shown: str) -> None:
    assert format_duration(seconds) == shown


@pytest.mark.parametrize(("seconds", "minutes"), [(0, 0), (29, 0), (30, 1), (89, 1), (90, 2),
                                                  (1540, 26), (-10, 0)])
def test_whole_minutes_round_half_up(seconds: float, minutes: int) -> None:
    assert whole_minutes(seconds) == minutes
