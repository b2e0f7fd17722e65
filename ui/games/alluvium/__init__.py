"""Alluvium screens: the table companion (setup, round tracker, paintable score sheet)."""
