"""`IdleWork`: jobs run while the window is idle (pictures drawn ahead of need). A module of
its own, on QtCore alone, so that the main window can hold one without importing the game
pages' widgets at start-up."""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from PySide6.QtCore import QElapsedTimer, QObject, QTimer


class IdleWork(QObject):
    """Small jobs done a few at a time while the window has nothing else to do: a turn of
    the event loop starts no job once `BUDGET_MS` have passed. Pictures drawn or widgets made
    ahead of need, so that the first time they show (a card dealt mid-game) costs a copy."""

    BUDGET_MS = 2

    def __init__(self, parent: QObject) -> None:
        super().__init__(parent)
        self._jobs: deque[Callable[[], object]] = deque()
        self._timer = QTimer(self)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._run_some)

    def add(self, jobs: Iterable[Callable[[], object]]) -> None:
        """Queue `jobs` (each a call without arguments) after those already waiting."""
        self._jobs.extend(jobs)
        if self._jobs and not self._timer.isActive():
            self._timer.start()

    def pending(self) -> int:
        """How many jobs are still waiting."""
        return len(self._jobs)

    def _run_some(self) -> None:
        clock = QElapsedTimer()
        clock.start()
        while self._jobs and clock.elapsed() < self.BUDGET_MS:
            self._jobs.popleft()()
        if not self._jobs:
            self._timer.stop()
