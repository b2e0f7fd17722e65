"""Where the Japanese-capable font lives, for PDFs and the UI."""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

#: The IPAex Gothic TrueType font shipped inside the japanize-matplotlib wheel (a dependency).
_PACKAGE = "japanize_matplotlib"
_FILE = Path("fonts") / "ipaexg.ttf"


class FontMissingError(RuntimeError):
    """No Japanese font could be found; the message says what to install."""


@cache
def cjk_font_path() -> Path:
    """Path of a TrueType font with Japanese glyphs (found without importing matplotlib)."""
    spec = importlib.util.find_spec(_PACKAGE)
    if spec is not None and spec.submodule_search_locations:
        for location in spec.submodule_search_locations:
            candidate = Path(location) / _FILE
            if candidate.is_file():
                return candidate
    for candidate in _SYSTEM_FONTS:
        if candidate.is_file():
            return candidate
    raise FontMissingError(
        "No Japanese font found. Reinstall the app (pip install tabletop-companion) or install "
        "a CJK TrueType font, e.g. Debian: apt install fonts-ipaexfont"
    )


_SYSTEM_FONTS = (
    Path("/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf"),
    Path("/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"),
)
