"""The history's export formats, as the File menu lists them: a module without Qt widgets or
the export code, so that the main window builds its menu without importing them."""

from __future__ import annotations

#: Export formats: (key, English, Japanese, file filter, file suffix).
FORMATS: tuple[tuple[str, str, str, str, str], ...] = (
    ("json", "JSON (to import again)…", "JSON（再読み込み用）…", "JSON (*.json)", ".json"),
    ("csv", "CSV (spreadsheet)…", "CSV（表計算）…", "CSV (*.csv)", ".csv"),
    ("bgstats", "BG Stats…", "BG Stats 形式…", "JSON (*.json)", ".json"),
)
