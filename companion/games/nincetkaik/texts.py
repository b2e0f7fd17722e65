"""How the 紙机戦 games' records read to a person, in Japanese or English (registry hooks
`move_text` and `end_reason`, the move list of the play screens and of the printed sheets).

Cards read in kanji in Japanese (``赤馬・黒皇``) and in English as the card shows them — its
colour, its glyph and its corner number (``red 馬 5, black 皇``), never the notation; a move
reads as a short sentence ("discards red 馬 5", "赤馬を捨てる"). `log_lines` is the printed move
list of a finished play: one line per decision, the cards turned face up after it, no dealing.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.games.nincetkaik.deck import COLOUR_NAMES, PROFESSIONS, Card, card_kanji, parse_cards


def card_words(c: Card) -> str:
    """One card in English as its face shows it: ``red 馬 5``, ``black 皇`` (no number)."""
    info = PROFESSIONS[c // 2]
    number = f" {info.number}" if info.number is not None else ""
    return f"{COLOUR_NAMES[c % 2][1]} {info.kanji}{number}"


def cards_text(cards: Sequence[Card], lang: str) -> str:
    """Cards as a person reads them: ``赤馬・黒馬`` or ``red 馬 5, black 馬 5``."""
    if lang == "ja":
        return "・".join(card_kanji(c) for c in cards)
    return ", ".join(card_words(c) for c in cards)


def _cards(text: str, lang: str) -> str:
    """Cards written in notation (``r5b5``, ``?`` for a hidden card) in `lang`."""
    if text == "?":
        return "?"
    try:
        return cards_text(parse_cards(text), lang)
    except ValueError:
        return text


# --- per game: pattern -> (English, Japanese) with {0}, {1} … for the parts ----------------------
_Pattern = tuple[str, str, str]  # regex, English, Japanese; "{c1}" = group 1 read as cards
_COMMON: tuple[_Pattern, ...] = (
    (r"parent (\d+)", "the 親 is seat {1}", "親は {1} 番目の席"),
    (r"deal (\S+)", "dealt {c1}", "{c1} を配る"),
    (r"draw (\S+)", "drew {c1}", "{c1} を引く"),
    (r"up (\S+)", "turned up {c1}", "{c1} を表にする"),
)
_GAMES: dict[str, tuple[_Pattern, ...]] = {
    "taxot": (
        (r"discard (\S+)", "discards {c1}", "{c1} を捨てる"),
        (r"declare", "declares 終季", "終季を宣言"),
        (r"lay (\S+)", "lays out the four-set {c1} (四友)", "四友 {c1} を公開"),
        (r"call (\S+)", "calls (開) with {c1}", "{c1} で開(鳴く)"),
        (r"pass", "lets it go", "見送る"),
    ),
    "makaik": (
        (r"swap (\S+) (\S+)", "swaps {c1} for the shared {c2}", "{c1} と公開札の {c2} を交換"),
        (r"draw2", "draws two", "山札から2枚引く"),
        (r"keep (\S+) (\S+)", "keeps {c1}, gives up {c2}", "{c1} を残し {c2} を公開札へ"),
        (r"bet (\d+)", "plays with a base of {1}", "基準点 {1} で勝負"),
        (r"call", "pays the base", "基準点を払う"),
        (r"fold", "folds", "降りる"),
    ),
    "nanto": (
        (r"bet (\d+)", "加行: bets {1}", "加行 {1} 点"),
        (r"pass", "無行: stays out", "無行"),
    ),
    "mokaik": (
        (r"play (\S+)", "lays {c1} face up", "{c1} を表で出す"),
        (r"down 1", "puts 1 card face down", "1 枚を伏せて出す"),
        (r"down (\d+)", "puts {1} cards face down", "{1} 枚を伏せて出す"),
        (r"down (\S+)", "puts {c1} face down", "{c1} を伏せて出す"),
    ),
    "neki": (
        (r"play (\S+)", "lays {c1}", "{c1} を出す"),
        (r"run (\S+)", "lays the run {c1}", "連番 {c1} を出す"),
        (r"pass", "passes", "パス"),
        (r"remove K", "将: removes every 王 and 皇", "将: 王と皇をすべて除く"),
        (r"remove S", "将: removes every 船", "将: 船をすべて除く"),
        (r"remove (\d)", "将: removes every card of number {1}", "将: 数 {1} の札をすべて除く"),
        (r"take (\S+)", "将: takes {c1} from the discards", "将: 捨札から {c1} を取る"),
    ),
    "nine": (
        (r"play (\S+)", "lays {c1}", "{c1} を出す"),
        (r"out", "stays out and draws", "降りて山札から引く"),
    ),
    "makup": (
        (r"play (\d+) (\S+)", "lays {c2} on road {1}", "道{1}に {c2} を置く"),
        (r"merge (\d+) (\d+) (\S+)", "joins roads {1} and {2} with {c3}",
         "{c3} で道{1}と道{2}をつなぐ"),
        (r"clear (\S+)", "clears the roads with {c1}", "{c1} で道を消す"),
        (r"pass", "passes: a new road is turned up", "パス(山札から新しい道)"),
    ),
}


def _render(template: str, groups: Sequence[str], lang: str) -> str:
    def part(match: re.Match[str]) -> str:
        key = match.group(1)
        if key.startswith("c"):
            return _cards(groups[int(key[1:]) - 1], lang)
        return groups[int(key) - 1]

    return re.sub(r"\{(c?\d)\}", part, template)


def move_text(game_id: str, notation: str, lang: str) -> str:
    """A recorded move (or chance outcome) of `game_id` as a person reads it in `lang`;
    anything unknown stays as written."""
    text = notation.strip()
    for pattern, en, ja in (*_GAMES.get(game_id, ()), *_COMMON):
        match = re.fullmatch(pattern, text)
        if match:
            return _render(ja if lang == "ja" else en, match.groups(), lang)
    return notation


def hidden_keep(notation: str) -> str:
    """A move as the other seats may see it: a 値戦 ``keep b3 r5`` reads ``keep ? r5``, a 行戦
    ``down r1b2`` reads ``down 2`` (how many cards, not which)."""
    words = notation.split()
    if len(words) == 3 and words[0] == "keep":
        return f"keep ? {words[2]}"
    if len(words) == 2 and words[0] == "down" and not words[1].isdigit():
        return f"down {len(words[1]) // 2}"
    return notation


# --- end reasons ----------------------------------------------------------------------------------
_REASONS: dict[str, str] = {
    "a seat cannot ante": "参加料を払えない人が出た",
    "no seat can pay the entry fee": "参加料を払えない人が出た",
    "a hand is empty": "手札を出し切った",
    "everyone passed with the 山札 empty": "山札が尽き、全員がパスした",
}
_COUNTED: dict[str, str] = {"seasons": "{n} 季節終了", "hands": "{n} 勝負終了",
                            "deals": "{n} 回配り終了", "games": "{n} ゲーム終了"}


def end_reason(detail: str, lang: str) -> str:
    """Why a game ended (`Outcome.detail`, stored in English) in `lang`."""
    counted = re.fullmatch(r"(\d+) (\w+) played", detail)
    if lang != "ja":
        if counted and counted.group(1) == "1":  # "1 season played", not "1 seasons"
            return f"1 {counted.group(2).removesuffix('s')} played"
        return detail
    if counted and counted.group(2) in _COUNTED:
        return _COUNTED[counted.group(2)].format(n=counted.group(1))
    return _REASONS.get(detail, detail)


#: Chance that puts a card into a hand or aside, unseen by the other seats.
PRIVATE_CHANCE = ("deal", "draw")


def public_move_text(game_id: str, notation: str, lang: str) -> str:
    """A recorded move as every seat may read it: a kept 値戦 card and 行戦 face-down cards
    stay unnamed (`hidden_keep`)."""
    return move_text(game_id, hidden_keep(notation.strip()), lang)


def public_chance_text(game_id: str, notation: str, lang: str) -> str:
    """A chance outcome as every seat may read it: "" for a card dealt or drawn into a hand
    (left out), the card for one turned face up."""
    words = notation.split()
    if words and words[0] in PRIVATE_CHANCE:
        return ""
    return move_text(game_id, notation, lang)


def hooks(game_id: str) -> dict[str, Callable[[str, str], str]]:
    """The registry's `move_text`, `chance_text` and `end_reason` hooks of one game: what the
    History and the generic sheets show, so they name no card a seat holds hidden."""
    return {"move_text": lambda notation, lang: public_move_text(game_id, notation, lang),
            "chance_text": lambda notation, lang: public_chance_text(game_id, notation, lang),
            "end_reason": end_reason}


# --- the printed move list ---------------------------------------------------------------------
PUBLIC_CHANCE = ("up ",)


def log_lines(record: Mapping[str, Any] | None, players: Mapping[int, str],
              lang: str) -> list[str]:
    """A finished play's decisions, one numbered line each ("3. 花子 赤馬を捨てる"), with the
    cards turned face up after a decision (→ 赤馬); cards dealt and drawn are left out."""
    if not record:
        return []
    game_id = str(record.get("game", ""))
    lines: list[str] = []
    for entry in record.get("moves", []):
        if not isinstance(entry, Mapping):
            continue
        if "chance" in entry:
            chance = str(entry["chance"])
            if lines and chance.startswith(PUBLIC_CHANCE):
                lines[-1] += f" → {_cards(chance.split()[1], lang)}"
            continue
        seat = entry.get("seat")
        who = players.get(seat, f"#{seat}") if isinstance(seat, int) else "?"
        move = public_move_text(game_id, str(entry.get("move")), lang)
        lines.append(f"{len(lines) + 1}. {who} {move}")
    return lines


# --- the ledgers' refusals ------------------------------------------------------------------
#: A table ledger's refusal (English, as the engine raises it) → (English, Japanese), with
#: {1}, {2} … for the parts and {c1} … for cards written in notation (read as in `cards_text`).
_REFUSALS: tuple[_Pattern, ...] = (
    (r"a call takes another player's discard", "a call takes another player's discard",
     "開で取れるのは他の人の捨て札です。"),
    (r"seat (\d+): everyone pays at least the ante of (\d+)",
     "seat {1}: everyone pays at least the ante of {2}",
     "{1} 番目の席: 全員が参加料 {2} 以上を払います。"),
    (r"seat (\d+): paid (\d+) but holds only (-?\d+)", "seat {1}: paid {2} but holds only {3}",
     "{1} 番目の席: {2} 点を払いましたが、持ち点は {3} 点です。"),
    (r"seat (\d+): (\d+) is more than a hand can cost \((\d+)\)",
     "seat {1}: {2} is more than a hand can cost ({3})",
     "{1} 番目の席: {2} 点は1勝負で払える上限({3} 点)を超えています。"),
    (r"enter the cards of the players still in \(two or more\), or the last player left",
     "enter the cards of the players still in (two or more), or the last player left",
     "残った人(2人以上)の札か、最後に残った1人を入力してください。"),
    (r"enter the (\d+) or more shared cards", "enter the {1} or more shared cards",
     "公開札を {1} 枚以上入力してください。"),
    (r"name the winner \(or the tied winners\) of the game",
     "name the winner (or the tied winners) of the game",
     "ゲームの勝者(同点なら全員)を選んでください。"),
    (r"name the winner of the last round", "name the winner of the last round",
     "最後のラウンドの勝者を選んでください。"),
    (r"a count of face-up cards cannot be negative", "a count of face-up cards cannot be negative",
     "表の札の枚数は負の数にできません。"),
    (r"nobody keeps more face-up cards than the (\d+) they were dealt",
     "nobody keeps more face-up cards than the {1} they were dealt",
     "配られた {1} 枚より多くの表の札を持つ人はいません。"),
    (r"the winner of the last round keeps at least the cards they won it with",
     "the winner of the last round keeps at least the cards they won it with",
     "最後のラウンドの勝者は、勝った役の札を少なくとも持っています。"),
    (r"seat (\d+): a bet cannot be negative", "seat {1}: a bet cannot be negative",
     "{1} 番目の席: 賭けは負の数にできません。"),
    (r"seat (\d+): a 加行 of (\d+) is less than the previous 加行 \((\d+)\)",
     "seat {1}: a 加行 of {2} is less than the previous 加行 ({3})",
     "{1} 番目の席: 加行 {2} 点は前の加行({3} 点)より少ないです。"),
    (r"seat (\d+): a bet of (\d+) is more than the (-?\d+) points left after the entry fee",
     "seat {1}: a bet of {2} is more than the {3} points left after the entry fee",
     "{1} 番目の席: 賭け {2} 点は参加料を払った後の持ち点 {3} 点を超えています。"),
    (r"enter the cards of every 加行 player \(or the winners\)",
     "enter the cards of every 加行 player (or the winners)",
     "加行した全員の札(または勝者)を入力してください。"),
    (r"the winners must be among the 加行 players", "the winners must be among the 加行 players",
     "勝者は加行した人の中から選んでください。"),
    (r"seat (\d+): a 開樽 hand has (\d+) cards", "seat {1}: a 開樽 hand has {2} cards",
     "{1} 番目の席: 開樽の手札は {2} 枚です。"),
    (r"(\S+) is no 役 \(a single, a set, a run or a run of sets\)",
     "{c1} is no 役 (a single, a set, a run or a run of sets)",
     "{c1} は役ではありません(一枚・セット・連番・セットの連番)。"),
    (r"name the winner of the game", "name the winner of the game",
     "ゲームの勝者を選んでください。"),
    (r"name the player whose hand is empty", "name the player whose hand is empty",
     "手札がなくなった人を選んでください。"),
    (r"the largest hand holds 1 to (\d+) cards, not (-?\d+)",
     "the largest hand holds 1 to {1} cards, not {2}",
     "いちばん多い手札は 1〜{1} 枚です({2} 枚ではありません)。"),
    (r"enter everyone's cards in hand \(0 or more\)", "enter everyone's cards in hand (0 or more)",
     "全員の残り札の枚数(0 以上)を入力してください。"),
    (r"name the 親 at the season's end", "name the 親 at the season's end",
     "季節の終わりの親を選んでください。"),
    (r"(\S+) are not 3-sets, 3-runs or 4-sets", "{c1} are not 3-sets, 3-runs or 4-sets",
     "{c1} は3枚セット・3枚連番・4枚セットになりません。"),
    (r"(\S+) is not a 3-set, 3-run or 4-set", "{c1} is not a 3-set, 3-run or 4-set",
     "{c1} は3枚セット・3枚連番・4枚セットではありません。"),
    (r"a 終季 hand has (\d+) cards \(laid-out ones included\), not (\d+)",
     "a 終季 hand has {1} cards (laid-out ones included), not {2}",
     "終季の手札は公開した役を含めて {1} 枚です({2} 枚ではありません)。"),
    (r"(\S+) does not split into \[2\]\[2\]\[2\], \[2\]\[4\] or \[3\]\[3\]",
     "{c1} does not split into [2][2][2], [2][4] or [3][3]",
     "{c1} は [2][2][2]・[2][4]・[3][3] に分けられません。"),
    (r"name the winner and \(for a discard\) another player who discarded",
     "name the winner and (for a discard) another player who discarded",
     "勝者と、(捨て札での終季なら)捨てた別の人を選んでください。"),
    (r"sticks cannot show a negative amount \((-?\d+)\)",
     "sticks cannot show a negative amount ({1})", "点棒で負の点数({1})は表せません。"),
)


def refusal_text(text: str, lang: str) -> str:
    """A table ledger's refusal in `lang`, its cards as a person reads them; anything
    unknown stays as written."""
    for pattern, en, ja in _REFUSALS:
        match = re.fullmatch(pattern, text.strip())
        if match:
            return _render(ja if lang == "ja" else en, match.groups(), lang)
    return text
