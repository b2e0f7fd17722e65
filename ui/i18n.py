"""Live ja ⇄ en switching. Texts are written in both languages where they are used:
`tr("History", "履歴")`. Widgets connect `language().changed` to their `retranslate()`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Signal

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator


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


#: Qt's own catalogues (they ship with PySide6): dialogs' buttons, file dialogs, questions.
QT_CATALOGUES = ("qtbase",)


class QtTranslations(QObject):
    """Qt's own texts in the interface language: its Japanese catalogues are installed while
    the interface is Japanese and removed when it switches to English."""

    def __init__(self, app: QCoreApplication) -> None:
        super().__init__(app)
        self._app = app
        self._installed: list[QTranslator] = []
        language().changed.connect(self.apply)
        self.apply(language().code)

    def apply(self, code: str) -> None:
        for translator in self._installed:
            self._app.removeTranslator(translator)
        self._installed = []
        if code != "ja":
            return
        from PySide6.QtCore import QLibraryInfo, QLocale, QTranslator  # Japanese only

        folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
        for name in QT_CATALOGUES:
            translator = QTranslator(self)
            if translator.load(QLocale(QLocale.Language.Japanese), name, "_", folder):
                self._app.installTranslator(translator)
                self._installed.append(translator)


_QT_TRANSLATIONS: QtTranslations | None = None


def install_qt_translations() -> QtTranslations | None:
    """Let Qt's own texts follow the interface language (once per application)."""
    global _QT_TRANSLATIONS
    app = QCoreApplication.instance()
    if app is None:
        return None
    if _QT_TRANSLATIONS is None or _QT_TRANSLATIONS.parent() is not app:
        _QT_TRANSLATIONS = QtTranslations(app)
    return _QT_TRANSLATIONS


def tr(en: str, ja: str) -> str:
    """The text in the current language."""
    return ja if language().code == "ja" else en


def reason(error: BaseException, lang: str | None = None) -> str:
    """What went wrong, in `lang` (the interface language by default): the error's own
    `text(lang)` when it has one (the history's errors, db/errors.py), a system error in
    words of that language (`os_error_text`), its message otherwise."""
    text = getattr(error, "text", None)
    if callable(text):
        return str(text(lang or language().code))
    if isinstance(error, OSError):
        return os_error_text(error, lang)
    return str(error)


#: The system's errors a person meets with files, in Japanese (errno names).
OS_ERRORS_JA = {
    "ENOENT": "そのファイルまたはフォルダーはありません",
    "EACCES": "アクセスが許可されていません",
    "EPERM": "その操作は許可されていません",
    "ENOSPC": "ディスクに空きがありません",
    "EDQUOT": "ディスクの割り当てを超えました",
    "EROFS": "読み取り専用の場所です",
    "EISDIR": "それはフォルダーです",
    "ENOTDIR": "フォルダーではありません",
    "EEXIST": "すでに存在します",
    "EBUSY": "使用中です",
    "ENAMETOOLONG": "名前が長すぎます",
    "EIO": "読み書きに失敗しました",
    "EMFILE": "開いているファイルが多すぎます",
    "ETXTBSY": "使用中です",
    "ELOOP": "リンクが循環しています",
}


def os_error_text(error: OSError, lang: str | None = None) -> str:
    """A system error (OSError) as a phrase of `lang`: the system's own words in English, a
    Japanese phrase for the usual ones (the system's words kept in brackets for others)."""
    import errno

    english = error.strerror or str(error)
    if (lang or language().code) != "ja":
        return english
    name = errno.errorcode.get(error.errno or 0, "")
    known = OS_ERRORS_JA.get(name)
    return known or f"システムのエラーです（{english}）"
