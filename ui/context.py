"""What every screen needs: the database, the remembered settings, the language."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtCore import QSettings

    from db import Database
    from ui.i18n import Language


class AppContext:
    """The database (None until it is opened, just after the window shows), the settings and
    the language. A plain class: a dataclass would have the start-up import `dataclasses` and
    run the code it generates, about 2 ms before the window shows (issue 35)."""

    def __init__(self, db: Database, settings: QSettings, lang: Language) -> None:
        self.db = db
        self.settings = settings
        self.lang = lang

    def __repr__(self) -> str:
        return f"AppContext(db={self.db!r}, lang={self.lang.code!r})"

    @classmethod
    def create(cls, db: Database, settings: QSettings | None = None) -> AppContext:
        from PySide6.QtCore import QSettings

        from ui.i18n import language

        return cls(db=db, settings=settings or QSettings("TabletopCompanion", "companion"),
                   lang=language())
