"""Words of Sorani's play page in the interface language: tiles, special features and bonus
tiles, what a space holds (tooltips), what the person to move should do, the phase track."""

from __future__ import annotations

from typing import Any

from companion.games.sorani import board as bd
from companion.games.sorani.board import Board
from companion.games.sorani.catalogue import catalogue
from companion.games.sorani.moves import Deal, Discard, DrawCards, Keep, Place, Take, TakeCard
from companion.games.sorani.texts import tile_text
from companion.games.sorani.tracker import ROUNDS, Phase, phase_name
from ui.i18n import language, tr

#: The phases on the track (scoring is the end, not a phase of a round).
TRACK = (Phase.PREPARATION, Phase.DRAFT, Phase.PLACEMENT, Phase.FEATURES, Phase.CLEANUP)


def lang() -> str:
    return language().code


def tile_name(code: str) -> str:
    """"星団 3w", "branch v2", "red planet", "f7 (Morning Star)"."""
    return tile_text(code, lang())


def feature_line(card: str) -> str:
    """A special feature with its value and criterion: "★2 f7 Morning Star — 1 VP per …"."""
    feature = catalogue().feature(card)
    return f"★{feature.stars} {card} {feature.name(lang())} — {feature.text(lang())}"


def bonus_lines() -> list[str]:
    return [f"{tile.name(lang())}: {tile.text(lang())}" for tile in catalogue().bonus_tiles]


def space_tooltip(board: Board, space: int) -> str:
    """What a round space holds and how many branch lines touch it."""
    cat = catalogue()
    code = board.cells[space]
    name = cat.lattice.space_name(space)
    lines = bd.nodes(board, space)
    touch = tr("1 branch line touches it" if lines == 1 else f"{lines} branch lines touch it",
               f"接する枝の線 {lines}")
    if not code:
        return f"{name} · " + tr("empty", "空き") + f" · {touch}"
    if code == bd.DARK:
        around = tr("surrounded", "囲まれている") if bd.is_surrounded(board, space) else \
            tr("not surrounded yet", "まだ囲まれていない")
        return f"{name} · " + tr("dark sky", "暗い空") + f" · {around}"
    if bd.is_guiding(code):
        what = tr(f"guiding star of {bd.guiding_stars(code)}",
                  f"導きの星 ★{bd.guiding_stars(code)}")
    elif bd.is_feature(code):
        what = feature_line(code)
    else:
        what = tile_name(code)
    return f"{name} · {what} · {touch}"


def round_line(state: Any) -> str:
    """"Round 3 / 12" (or "Setup")."""
    if state.round == 0:
        return tr("Setup", "準備")
    return tr(f"Round {state.round} / {ROUNDS}", f"ラウンド {state.round} / {ROUNDS}")


def reserve_line(state: Any) -> str:
    """The face-down reserve as everybody sees it: how many, never which."""
    if state.reserve_entered:
        return tr("Reserve: on the track since the track ran empty.",
                  "予備の惑星: トラックが空になったので中央に置いた。")
    count = len(state.reserve)
    return tr(f"Reserve: {count} planets face down (they go on the centre of the track "
              "once it is empty).",
              f"予備の惑星: 伏せて {count} 枚(トラックが空になると中央に置く)。")


def track_html(state: Any) -> str:
    """The five phases of a round, the current one in bold."""
    phase = state.phase
    parts = []
    for step in TRACK:
        name = phase_name(step, lang())
        if step is Phase.CLEANUP and state.round == ROUNDS:
            name = f"<s>{name}</s>"
        parts.append(f"<b>▶ {name}</b>" if step is phase else name)
    return " · ".join(parts)


def prompt(state: Any, legal: tuple[Any, ...], tile: str | None) -> str:
    """What the person to move should do now."""
    if not legal:
        return ""
    first = legal[0]
    if type(first) is Take:
        kind = state.required_kind()
        if kind == "cluster":
            return tr("Take a star cluster (or trade it for a planet).",
                      "星団を1枚取る(惑星と交換してもよい)。")
        if kind == "branch":
            return tr("Take a branch tile.", "枝タイルを1枚取る。")
        return tr("Take a star cluster or a branch tile: the others take the same kind.",
                  "星団か枝タイルを1枚取る(ほかの人も同じ種類を取る)。")
    if type(first) is Discard:
        return tr(f"{tile_name(first.tile)} fits nowhere: discard it.",
                  f"{tile_name(first.tile)} は置ける場所がないので捨てる。")
    if type(first) is Place:
        held = tile_name(tile) if tile else ""
        if tile and bd.is_branch(tile):
            return tr(f"Place {held} on a green cross (R / wheel / right click: turn).",
                      f"{held} を緑の交点に置く(R/ホイール/右クリック: 回転)。")
        return tr(f"Place {held} on a green space.", f"{held} を緑の場所に置く。")
    if type(first) is Keep:
        return tr("Keep one of the cards drawn; the other goes face up.",
                  "引いたカードから1枚残す(もう1枚は表向きで列へ)。")
    if type(first) in (TakeCard, DrawCards):
        return tr("You surrounded a dark sky: take a special-feature card, or draw two "
                  "from a deck.", "暗い空を囲んだ: 特別な地形カードを1枚取るか、山から2枚引く。")
    if type(first) is Deal:
        return ""
    return ""


def move_button_text(move: Any, state: Any) -> str:
    """A move as its button reads."""
    if type(move) is Take:
        if move.planet:
            planet = state.track[move.planet - 1]
            return tr(f"{move.tile} → {tile_name(planet)} ({move.planet})",
                      f"{move.tile} → {tile_name(planet)}({move.planet})")
        return move.tile
    if type(move) is Discard:
        return tr(f"Discard {move.tile}", f"{move.tile} を捨てる")
    if type(move) is TakeCard:
        return f"{move.feature} {catalogue().feature(move.feature).name(lang())}"
    if type(move) is DrawCards:
        return tr(f"Draw 2 (★{move.stars})", f"2枚引く(★{move.stars})")
    if type(move) is Keep:
        return f"{move.feature} {catalogue().feature(move.feature).name(lang())}"
    return str(move)
