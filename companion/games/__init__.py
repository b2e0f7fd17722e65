"""Every game the companion knows, as data the UI and the command line read."""
