"""Etariya screens: table companion (setup, map editor, tracker) and digital play."""
