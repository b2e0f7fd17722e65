"""The pages of the main window: Library, History, Players, Statistics, Rules, Settings.

Each page is a QWidget built from an `AppContext`; the main window imports a page's module
only when the page is first shown, so start-up stays fast.
"""
