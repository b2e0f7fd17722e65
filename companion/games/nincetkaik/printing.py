"""Printable sheets of the 紙机戦 games (through `companion.export.pdf`'s sheet model).

- `blank_sheets(game_id, players, names, lang)`: a sheet to keep the points at the table, one
  row per season / hand / deal / game, with a reminder of how the game scores;
- `play_sheets(play, lang)`: a finished digital play — the points each round brought, the
  breakdown, total, rank and winner, and the move list in the language (the generic sheet for
  table plays).
"""

from __future__ import annotations

from typing import Any

from companion.export.pdf import SheetSpec
from companion.export.sheets import blank_sheet, format_number, play_sheet
from companion.games.nincetkaik.texts import log_lines
from companion.history import PlayRecord

#: Per game: the word for a round (ja, en), how many rounds by default, a scoring reminder.
ROUNDS: dict[str, tuple[str, str, int]] = {
    "taxot": ("季節", "Season", 4),
    "makaik": ("勝負", "Hand", 6),
    "nanto": ("配り", "Deal", 10),
    "makup": ("ゲーム", "Game", 5),
    "mokaik": ("季節", "Season", 4),
    "neki": ("ゲーム", "Game", 5),
    "nine": ("季節", "Season", 1),
}
REMINDERS: dict[str, tuple[str, str]] = {
    "taxot": (
        "終季: 終了点 × 親の加点(親が払う・受け取るときだけ)+ ボーナス点。終季2・同色1・六連1・"
        "一周3、皇王と光は1枚につき1。臨時点: 四友は全員から1、開は捨てた人に1。自分で引いた"
        "終季は全員が払い、捨て札の終季は捨てた人が払う。親の加点は2から、親の終季で+1、親が"
        "替われば2。",
        "Season's end: end points × the 親's 加点 (only when the 親 pays or receives) + bonus. "
        "終季 2, 同色 1, 六連 1, 一周 3; 皇王 and 光 1 each. On the spot: 四友 1 from everyone, "
        "開 1 to the discarder. Own draw: everyone pays; a discard: the discarder pays. The 加点 "
        "starts at 2, +1 when the 親 wins, back to 2 with a new 親."),
    "makaik": (
        "全員が1点を出し、交換1回、賭け3ラウンド(親が基準点1〜5)。3枚セット>3枚連番>2枚セット>"
        "一枚。同じなら数の大きいほう、次に1色の役。それでも同じなら場を分ける。勝者が次の親。",
        "Everyone antes 1; one exchange; three betting rounds (the 親 sets a base of 1-5). "
        "3-set > 3-run > 2-set > single; then the larger number, then one colour. Still equal: "
        "split. The winner is the next 親."),
    "nanto": (
        "参加料1点、2枚ずつ。親から順に無行か加行(直前の加行以上)。加行した人の最強の役が場を"
        "取る。皇王>連番>セット>一枚。親が無行なら次の人が親。",
        "Entry fee 1, two cards each. From the 親: 無行 (pass) or 加行 (at least the previous "
        "bet). The best hand among the bettors takes the pot: 皇王 > run > set > single. If the "
        "親 passes, the next player is 親."),
    "mokaik": (
        "最後のラウンドに勝った人が季節の勝者。ほかの人はそれぞれ(6 − 自分の公開札の枚数)を勝者に"
        "払う(負なら勝者が払う)。親が払う・受け取るときは × 親の加点。加点は2から、親の勝ちで+1、"
        "親が替われば2。勝者が次の親。",
        "The winner of the last round wins the season. Every other player pays them (6 − their "
        "own face-up cards); a negative amount is paid by the winner. × the 親's 加点 when the 親 "
        "pays or receives; it starts at 2, +1 when the 親 wins, back to 2 with a new 親."),
    "neki": (
        "同じ形(種類・枚数)でより強い役を出すかパス。3枚以上のセットはいつでも出せる。全員が"
        "パスしたら最後に出した人が場を流して次の役を出す。将1枚ごとに、ある強さの札を全部除くか"
        "捨札から1枚取る。最初に手札を出し切った人の勝ち(勝ちに○)。",
        "Lay a stronger 役 of the same shape, or pass; a set of three or more goes any time. "
        "When all others pass, the last player clears and leads. Each 将: remove one strength "
        "from the game or take a card from the discards. First out wins (mark the winner)."),
    "nine": (
        "無は同じ色の札の代わり(セットの中だけ)、船は皇にだけ勝つ、皇は王より強い。場の役と色が"
        "同じでより強い1枚か、同じ強さでより多いセットで参加、出せなければ降りて3枚引く。最後に"
        "残った人が場の札を取って親に。手札がなくなったら、その時いちばん多い手札の枚数が得点。"
        "山札が尽きたら終わり。勝者が親なら+1。",
        "無 is wild in sets, 船 beats only 皇, 皇 is above 王. Join with one stronger card of a "
        "shared colour or a bigger set of the same strength, else stay out and draw 3. The last "
        "one in takes the table and is 親. An empty hand scores the largest hand then. The "
        "season ends when the deck runs out; +1 if the winner is 親."),
    "makup": (
        "道の端の数と合計が同じになる札を出す。2本の道をつなぐ、皇・王・船で道を消す、出せな"
        "ければ山札から道を増やす。手札を出し切った人の勝ち(勝ちに○)。",
        "Lay cards adding up to a road's end, join two roads, clear them with 皇/王/船, or turn "
        "up a new road. First to empty their hand wins (mark the winner)."),
}
_TEXT = {
    "start": ("初期点棒", "Starting points"),
    "first_parent": ("最初の親", "First 親"),
    "round": ("{word} {n}", "{word} {n}"),
}


def _text(key: str, lang: str) -> str:
    ja, en = _TEXT[key]
    return ja if lang == "ja" else en


def _round_label(game_id: str, n: int, lang: str) -> str:
    ja, en, _ = ROUNDS[game_id]
    return f"第{n}{ja}" if lang == "ja" else f"{en} {n}"


def blank_sheets(game_id: str, players: int, names: list[str], lang: str) -> list[SheetSpec]:
    """One sheet: a row per round (and the starting points in the stake games)."""
    _, _, rounds = ROUNDS[game_id]
    rows = [_round_label(game_id, n, lang) for n in range(1, rounds + 1)]
    if game_id in ("makaik", "nanto"):
        rows.insert(0, _text("start", lang))
    spec = blank_sheet(game_id, players, names, lang, categories=rows)
    spec.meta.insert(2, (_text("first_parent", lang), ""))
    reminder = REMINDERS[game_id]
    spec.notes = reminder[0] if lang == "ja" else reminder[1]
    spec.notes_lines = 2
    return [spec]


def round_points(play: PlayRecord) -> list[tuple[int, ...]] | None:
    """The points of every seat at the end of each round of a digital play (replayed)."""
    if not play.record:
        return None
    from companion.core.record import Game, GameRecord
    from companion.games.nincetkaik.cardgame import CardGameState

    state = Game.replay(GameRecord.from_dict(play.record)).state
    if not isinstance(state, CardGameState):
        return None
    start = (int(play.options.get("stock", 0)),) * state.num_players
    return [start, *state.round_points]


def play_sheets(play: PlayRecord, lang: str) -> list[SheetSpec] | None:
    """A digital play's sheet: one row per round (where the game has rounds) and the move list
    in `lang` (decisions, cards turned up; no dealing); None (the generic sheet) otherwise."""
    if play.game_id not in ROUNDS:
        return None
    points = round_points(play)
    if points is None:
        return None
    spec: SheetSpec = play_sheet(play, lang)
    seats = sorted(play.seats, key=lambda s: s.seat)
    spec.log = log_lines(play.record, {s.seat: s.player for s in seats}, lang)
    if play.game_id in ("makup", "neki"):  # one game: the winner, no rounds
        return [spec]
    rows: list[str] = []
    cells: list[list[str | None]] = []
    for n in range(1, len(points)):
        rows.append(_round_label(play.game_id, n, lang))
        cells.append([_signed(points[n][s.seat] - points[n - 1][s.seat]) for s in seats])
    spec.rows = rows + spec.rows
    spec.cells = cells + (spec.cells or [])
    return [spec]


def _signed(value: Any) -> str:
    text = format_number(value)
    return f"+{text}" if value > 0 else text


#: What a ledger step is called on a sheet's row (ja, en); rounds are numbered instead.
STEP_LABELS: dict[str, tuple[str, str]] = {
    "call": ("開", "開 (call)"), "four_set": ("四友", "四友 (four-set)"),
    "close": ("清算", "Closing"),
    "empty": ("手札切れ", "Hand emptied"),
}
#: A table ledger's own score keys that no game declares (a tally of wins), as row labels.
LEDGER_CATEGORIES: dict[str, tuple[str, str]] = {"wins": ("勝ち数", "Wins")}


def session_sheets(session: Any, lang: str) -> list[SheetSpec]:
    """The filled sheet of a table ledger (`ledger.Session`): a row per entry — each season,
    hand, deal or game numbered, calls and four-sets named — with the points it moved, then
    the breakdown, total, rank and winner; the entries' sentences as the log."""
    spec: SheetSpec = play_sheet(session.to_play_record(), lang)
    rows: list[str] = []
    cells: list[list[str | None]] = []
    rounds = 0
    for step in session.steps:
        if step.ends_round:
            rounds += 1
            rows.append(_round_label(session.game_id, rounds, lang))
        else:
            ja, en = STEP_LABELS.get(step.kind, (step.kind, step.kind))
            rows.append(ja if lang == "ja" else en)
        cells.append([_signed(d) for d in step.deltas])
    own = {key: (ja if lang == "ja" else en) for key, (ja, en) in LEDGER_CATEGORIES.items()}
    spec.rows = rows + [own.get(row, row) for row in spec.rows]
    spec.cells = cells + (spec.cells or [])
    spec.log = [f"{n}. {step.text(lang)}" for n, step in enumerate(session.steps, start=1)]
    spec.log_columns = 1  # the entries are sentences: a line each, whole
    return [spec]
