"""PySide6 desktop application and the `companion` command line."""
