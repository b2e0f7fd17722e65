"""One way to read the data in `resources/` (works from a checkout and an installed wheel)."""

from __future__ import annotations

import json
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any


def resource(*parts: str) -> Traversable:
    """The `resources/` entry at `parts` (e.g. `resource("rules", "juusai.en.md")`)."""
    node: Traversable = resources.files("resources")
    for part in parts:
        node = node.joinpath(part)
    return node


def read_text(*parts: str) -> str:
    return resource(*parts).read_text(encoding="utf-8")


def load_json(*parts: str) -> Any:
    return json.loads(read_text(*parts))


def rules_text(name: str, lang: str) -> str:
    """The in-app rules of `name` in `lang` ("ja" or "en"), Markdown."""
    return read_text("rules", f"{name}.{lang}.md")
