"""PySide6 reads the source of every module imported after it (`inspect.getsource`, through
linecache and tokenize) to see whether the module mentions "PySide6", for its `__feature__`
switches (PYSIDE-2029). At start-up that is every module of the window, the registry and the
standard library loaded after Qt; opening a game, every module of its engine and page.
`quicker_feature_check()` gives PySide6 the same answer from the file's bytes."""

from __future__ import annotations

import sys
from collections.abc import Callable
from types import ModuleType

#: Where PySide6 keeps the check (a private module: absent in another version, then nothing
#: is changed).
FEATURE_MODULE = "shibokensupport.feature"
CHECK = "_mod_uses_pyside"


def quicker_feature_check() -> bool:
    """Replace PySide6's source check by a read of the module's file; True when replaced
    (now or earlier)."""
    feature = sys.modules.get(FEATURE_MODULE)
    original = getattr(feature, CHECK, None)
    if not callable(original):
        return False
    if getattr(original, "reads_bytes", False):
        return True
    setattr(feature, CHECK, _reading_bytes(original))
    return True


def _reading_bytes(original: Callable[[ModuleType], bool]) -> Callable[[ModuleType], bool]:
    def uses_pyside(module: ModuleType) -> bool:
        """Whether the module's source mentions PySide6 (as PySide6 asks), from its bytes;
        a module without a source file is asked the original way."""
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return original(module)
        try:
            with open(path, "rb") as source:
                return b"PySide6" in source.read()
        except OSError:
            return original(module)

    uses_pyside.reads_bytes = True  # type: ignore[attr-defined]
    uses_pyside.original = original  # type: ignore[attr-defined]
    return uses_pyside
