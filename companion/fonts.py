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


#: Fonts that draw what the Japanese font cannot (Arabic, Hebrew, emoji, symbols...), tried in
#: this order: DejaVu Sans ships inside matplotlib (a dependency), the others are Debian's
#: (fonts-noto-core, fonts-symbola, fonts-freefont-ttf) where installed. More can be named in
#: COMPANION_FALLBACK_FONTS (paths separated by the system's path separator).
_FALLBACK_SYSTEM = (
    Path("/usr/share/fonts/truetype/noto/NotoSansArabic-Regular.ttf"),
    Path("/usr/share/fonts/truetype/noto/NotoSansHebrew-Regular.ttf"),
    Path("/usr/share/fonts/truetype/noto/NotoSansSymbols2-Regular.ttf"),
    Path("/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"),
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/truetype/freefont/FreeSans.ttf"),
)


def fallback_font_paths() -> list[Path]:
    """TrueType files to draw characters the Japanese font lacks, the ones that exist."""
    import os

    named = [Path(p) for p in os.environ.get("COMPANION_FALLBACK_FONTS", "").split(os.pathsep)
             if p]
    shipped: list[Path] = []
    spec = importlib.util.find_spec("matplotlib")
    if spec is not None and spec.submodule_search_locations:
        shipped = [Path(location) / "mpl-data" / "fonts" / "ttf" / "DejaVuSans.ttf"
                   for location in spec.submodule_search_locations]
    seen: set[str] = set()
    found = []
    for path in [*named, *_FALLBACK_SYSTEM, *shipped]:
        if path.is_file() and path.name not in seen:  # one DejaVu Sans is enough
            seen.add(path.name)
            found.append(path)
    return found
