"""Sorani's recorded moves, chance outcomes and end reasons as a person reads them (registry
hooks `move_text` and `end_reason`): English keeps the notation ("take 3w", "place v2 C3
90"), Japanese says it in words ("星団 3w を取る", "枝 v2 を C3 に置く(90°)")."""

from __future__ import annotations

from companion.games.sorani.board import is_branch, is_cluster, is_feature, is_planet
from companion.games.sorani.catalogue import catalogue

REASONS_JA = {
    "12 rounds played": "12 ラウンド終了",
    "tie on VP broken by VP from star clusters": "同点のため星団の得点で決定",
    "shared victory: same VP and same VP from star clusters":
        "得点も星団の得点も同じため勝利を分け合う",
    "solo game over after 12 rounds": "ソロ: 12 ラウンド終了",
}
#: Chance outcomes in Japanese: what is dealt -> the sentence, {v} the value as words.
DEALS_JA = {
    "coyote": "コヨーテのボード → 席 {v}",
    "board": "個人ボード: {v}",
    "sky": "暗い空カード {v}",
    "offer": "表向きの特別な地形: {v}",
    "track": "惑星トラックに {v}",
    "reserve": "予備の惑星(裏向き)",
    "cluster": "場に {v}",
    "branch": "場に {v}",
    "drawn": "引いたカード: {v}",
    "refill": "補充: {v}",
}


def tile_text(tile: str, lang: str) -> str:
    """A tile as words: "星団 3w", "枝 v2", "赤の惑星", "特別な地形「篝火」" (English: the
    notation, a feature with its name)."""
    cat = catalogue()
    ja = lang == "ja"
    if is_feature(tile):
        name = cat.feature(tile).name(lang)
        return f"特別な地形「{name}」" if ja else f"{tile} ({name})"
    if is_planet(tile):
        colour = cat.colour(tile).name(lang)
        return f"{colour}の惑星" if ja else f"{colour} planet"
    if is_cluster(tile):
        return f"星団 {tile}" if ja else f"cluster {tile}"
    if is_branch(tile):
        return f"枝 {tile}" if ja else f"branch {tile}"
    return tile


def move_text(notation: str, lang: str) -> str:
    """A recorded move or chance outcome in `lang` (English: the notation itself)."""
    if lang != "ja":
        return notation
    words = notation.split()
    if not words:
        return notation
    head, rest = words[0], words[1:]
    try:
        return _move_ja(head, rest) or notation
    except (KeyError, StopIteration, ValueError):
        return notation  # an unknown tile in an imported record reads as stored


def _move_ja(head: str, rest: list[str]) -> str:
    if head == "take" and len(rest) == 3:
        return f"{tile_text(rest[0], 'ja')} を取り、トラック {rest[2]} の惑星と交換"
    if head == "take" and len(rest) == 1:
        return f"{tile_text(rest[0], 'ja')} を取る"
    if head == "place" and len(rest) == 3:
        return f"{tile_text(rest[0], 'ja')} を {rest[1]} に置く({rest[2]}°)"
    if head == "place" and len(rest) == 2:
        return f"{tile_text(rest[0], 'ja')} を {rest[1]} に置く"
    if head == "discard" and rest:
        return f"{tile_text(rest[0], 'ja')} を捨てる(置ける場所がない)"
    if head == "card" and rest:
        return f"カード {tile_text(rest[0], 'ja')} を取る"
    if head == "draw" and rest:
        return f"★{rest[0]} の山から2枚引く"
    if head == "keep" and rest:
        return f"{tile_text(rest[0], 'ja')} を残す"
    if head in DEALS_JA:
        return DEALS_JA[head].format(v=_deal_value_ja(head, rest))
    return ""


def _deal_value_ja(head: str, rest: list[str]) -> str:
    cat = catalogue()
    if head == "board" and rest:
        return cat.board(rest[0]).name("ja")
    if head == "sky" and len(rest) == 2:
        return f"{rest[0]}({rest[1]}°)"
    if head in ("coyote",):
        return rest[0] if rest else ""
    return tile_text(rest[0], "ja") if rest else ""


def end_reason(detail: str, lang: str) -> str:
    """The engine's end reason ("12 rounds played; tie on VP ...") in `lang`."""
    if lang != "ja":
        return detail
    return "。".join(REASONS_JA.get(part, part) for part in detail.split("; "))
