"""Pure domain core of the tabletop companion: engines, setups, trackers, scoring, bots, export.

Never imports PySide6 or SQLAlchemy (enforced by import-linter, see pyproject.toml).
"""

__version__ = "0.1.0"
