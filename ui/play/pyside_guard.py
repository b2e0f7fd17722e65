"""Work around a PySide6 6.12.0 bug on Python 3.11: every call of a Qt method that returns
nothing (`setObjectName`, `QPainter.setBrush`, ...) releases one reference to `None` it
never took. `None` starts with a few thousand references, so after a few thousand such calls
Python aborts with "Fatal Python error: none_dealloc". Python 3.12+ makes `None`, `True` and
`False` immortal, and PySide6 6.11.x does not have the bug. The proper fix is to avoid that
release (pin `PySide6-Essentials!=6.12.0`); until then `protect_singletons()` gives the
three singletons so many references that they can never reach zero.
"""

from __future__ import annotations

import sys

#: References added to None, True and False (the count is a Py_ssize_t, far from overflow).
_EXTRA = 1 << 40
_done = False


def needs_guard() -> bool:
    """True on Python < 3.12 with PySide6 6.12.0 (the affected combination)."""
    if sys.version_info >= (3, 12):
        return False
    try:
        import PySide6

        return str(PySide6.__version__).startswith("6.12.0")
    except ImportError:
        return False


def protect_singletons() -> bool:
    """Make None/True/False effectively immortal once per process; True when applied."""
    global _done
    if _done or not needs_guard():
        return _done
    import ctypes  # only here: the unaffected versions do not pay for loading it

    for singleton in (None, True, False):
        refcount = ctypes.c_ssize_t.from_address(id(singleton))
        refcount.value += _EXTRA
    _done = True
    return True
