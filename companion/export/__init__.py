"""Export of the play history: printable PDF sheets, JSON (with validated import), CSV, BG Stats.

Submodules are imported where used (`companion.export.pdf` loads reportlab).
"""
