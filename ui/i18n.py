"""Live ja ⇄ en switching. Texts are written in both languages where they are used:
`tr("History", "履歴")`. Widgets connect `language().changed` to their `retranslate()`."""

from __future__ import annotations

from PySide6.QtCore import QObject, Signal


class Language(QObject):
    """The current interface language ("ja" or "en"); emits `changed` when it switches."""

    changed = Signal(str)

    def __init__(self, code: str = "en") -> None:
        super().__init__()
        self._code = code

    @property
    def code(self) -> str:
        return self._code

    def set(self, code: str) -> None:
        if code not in ("ja", "en"):
            raise ValueError(f"unsupported language {code!r}")
        if code != self._code:
            self._code = code
            self.changed.emit(code)


_LANGUAGE: Language | None = None


def language() -> Language:
    """The application-wide language object (created on first use)."""
    global _LANGUAGE
    if _LANGUAGE is None:
        _LANGUAGE = Language()
    return _LANGUAGE


def tr(en: str, ja: str) -> str:
    """The text in the current language."""
    return ja if language().code == "ja" else en


def reason(error: BaseException, lang: str | None = None) -> str:
    """What went wrong, in `lang` (the interface language by default): the error's own
    `text(lang)` when it has one (the history's errors, db/errors.py), its message otherwise."""
    text = getattr(error, "text", None)
    return str(text(lang or language().code)) if callable(text) else str(error)
