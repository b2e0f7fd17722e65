"""The state API every game implements (`api`), errors, seeded chance and game records.

Import from the modules themselves; this package imports nothing so that light users (the
game registry at start-up) stay light.
"""
