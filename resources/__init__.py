"""Data files read through importlib.resources: profiles, rule texts, translations, fonts."""
