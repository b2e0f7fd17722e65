"""Tools for play at the table that are not tied to one game."""
