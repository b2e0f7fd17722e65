"""Listeners that do not keep a widget alive.

A pure model (a `ScoreSheet`, a `ThrowLog`) keeps plain callables in `listeners`. A widget
that owns the model and listens to it with a bound method would form a reference cycle, and
Python's cycle collector could then delete the Qt widget at any moment — even in the middle
of painting it. `weak_listener` breaks the cycle.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable
from typing import Any


def weak_listener(method: Callable[[], Any]) -> Callable[[], None]:
    """A callable that calls the bound `method` while its object is alive, else nothing."""
    ref = weakref.WeakMethod(method)

    def call() -> None:
        target = ref()
        if target is not None:
            target()

    return call
