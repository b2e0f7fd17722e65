"""The play timer: how long a game has been played, with pauses left out.

`PlayTimer` is a plain model (no Qt): start, pause, resume, and the elapsed time. The clock is
a function returning seconds (`time.monotonic` by default; tests pass their own), so the
timer never jumps with the wall clock. Elapsed time survives saving: what `seconds()` returns
is stored with the play (`PlayRecord.duration_s`, also on every autosave of a digital game),
and `PlayTimer(elapsed=stored)` carries on from there after a resume. Changes of state are
announced to `listeners` (a Qt widget repaints).
"""

from __future__ import annotations

import time
from collections.abc import Callable

Clock = Callable[[], float]


class PlayTimer:
    """A stopwatch for a play: `start()`, `pause()`, `resume()`, `seconds()`."""

    def __init__(self, elapsed: float = 0.0, clock: Clock = time.monotonic) -> None:
        if elapsed < 0:
            raise ValueError(f"elapsed time cannot be negative: {elapsed}")
        self._clock = clock
        self._banked = float(elapsed)  # time counted before the current run
        self._since: float | None = None  # clock reading when the current run began
        self.listeners: list[Callable[[], None]] = []

    # --- state ------------------------------------------------------------------------------
    def is_running(self) -> bool:
        return self._since is not None

    def has_started(self) -> bool:
        """It runs, or it ran before (a paused timer with time on it)."""
        return self.is_running() or self._banked > 0

    def elapsed(self) -> float:
        """Seconds counted so far (the current run included)."""
        running = self._clock() - self._since if self._since is not None else 0.0
        return self._banked + max(0.0, running)

    def seconds(self) -> int:
        """Whole seconds counted so far: what a play stores."""
        return int(self.elapsed())

    # --- changes ----------------------------------------------------------------------------
    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def start(self) -> None:
        """Count from now on (nothing happens when it already counts)."""
        if self._since is None:
            self._since = self._clock()
            self._changed()

    resume = start

    def pause(self) -> None:
        """Stop counting and keep the time counted (nothing happens when paused)."""
        if self._since is not None:
            self._banked = self.elapsed()
            self._since = None
            self._changed()

    def toggle(self) -> None:
        """Pause when it counts, else start or resume."""
        if self.is_running():
            self.pause()
        else:
            self.start()

    def set_elapsed(self, seconds: float) -> None:
        """Replace the time counted (a person corrects it); a running timer keeps running."""
        if seconds < 0:
            raise ValueError(f"elapsed time cannot be negative: {seconds}")
        self._banked = float(seconds)
        if self._since is not None:
            self._since = self._clock()
        self._changed()

    def reset(self) -> None:
        """Back to 0:00, paused."""
        self._banked, self._since = 0.0, None
        self._changed()


def format_duration(seconds: float) -> str:
    """A duration as a clock shows it: "4:05", "25:00", "1:02:03"."""
    total = max(0, int(seconds))
    hours, rest = divmod(total, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02d}:{secs:02d}" if hours else f"{minutes}:{secs:02d}"


def whole_minutes(seconds: float) -> int:
    """Seconds rounded to the nearest minute (half a minute rounds up): 89 s -> 1, 90 s -> 2."""
    return int((max(0.0, seconds) + 30) // 60)
