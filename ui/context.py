"""What every screen needs: the database, the remembered settings, the language."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from PySide6.QtCore import QSettings

from ui.i18n import Language, language

if TYPE_CHECKING:
    from db import Database


@dataclass
class AppContext:
    db: Database
    settings: QSettings
    lang: Language

    @classmethod
    def create(cls, db: Database, settings: QSettings | None = None) -> AppContext:
        return cls(db=db, settings=settings or QSettings("TabletopCompanion", "companion"),
                   lang=language())
