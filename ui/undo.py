"""Undo for screens whose model is an immutable value: a step swaps one value for another."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtGui import QUndoCommand


class ReplaceState(QUndoCommand):
    """One step: `apply(after)` on redo, `apply(before)` on undo."""

    def __init__(self, before: Any, after: Any, apply: Callable[[Any], None],
                 text: str = "step") -> None:
        super().__init__(text)
        self.before, self.after, self.apply = before, after, apply

    def redo(self) -> None:
        self.apply(self.after)

    def undo(self) -> None:
        self.apply(self.before)
