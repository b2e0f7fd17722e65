"""Cerke Online's game records (棋譜, kia1ak1): read one into a 机戦 game, write a game as one.

A record is header lines, then the moves, two to a line, then after each season its hands:

- headers ``{一位色:黒黒赤}`` (the side that moved first in each season: 黒 the IA side, 赤 the
  A side), ``{始時:2022-05-31T17:16:02.433Z}``, ``{終時:…}``; records from before the end of
  2021 start with ``{始時:…}`` and give one colour; ``{黒名:…}``/``{赤名:…}`` or a line
  ``[name] [name]`` (first mover first) name the players; ``{律:標準机戦}`` and ``{季数:2}``
  say that the app's standard rule set was played (the app writes them; Cerke Online never);
- a move ``MAU弓MAIMY橋五`` (from MAU, stepping on MAI, to MY; the stepping cast showed 5),
  ``CAI兵CAU無撃裁`` (no cast needed), ``TE虎ZI水二此無`` (a water cast of 2: the piece stays),
  ``MY弓MIMA橋一此無`` (the stepping cast fell short), ``黒弓CY`` (a captured piece put on CY),
  ``ZO皇[TU]ZIZE`` / ``ZE皇TI[NU]LO`` (the 皇's path; the bracket marks the first empty square it
  lands on, the other middle square is the piece it steps on); ``片`` instead of the profession in
  older records; ``手赤馬`` after a move: what it captured;
- ``或為王加獣`` + ``再行`` (hands formed, the season goes on), ``或為王加獣而手八`` + ``終季`` +
  ``夏終`` (hands, the payment with the rate, the season that ended), ``星一周`` (the game is over).

Numbers are written in pekzep numerals (無 0, 一…九, 十, 百; 下 makes them negative).

`read_kiaak` parses the text; `replay_kiaak` plays every move through the engine (the casts
become the record's chance outcomes) and checks captures, hands and payments against the
record; `kiaak_play` makes the finished play of the history; `write_kiaak` writes a 机戦 game
record back as text. Every refusal is a `KiaakError` naming the move, in both languages.
"""

from __future__ import annotations

import hashlib
import json
import re
import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from typing import Any

from companion.core.api import CHANCE
from companion.core.errors import CompanionError, IllegalMoveError, MoveParseError, RecordError
from companion.core.record import Game, GameRecord, RecordEntry
from companion.games.cetkaik.board import STANDARD_BOARD
from companion.games.cetkaik.pieces import Colour, Profession

#: The options of the app's 机戦 that play as Cerke Online does (cetkaik.md §6): stepping on the
#: 皇 costs 5 × rate at once, the 皇's own square is 皇処, the 皇 may not move right after the
#: opponent moved it but may come back to its square, a stepping move announces a direction,
#: and the official hand values (馬弓兵 5).
CERKE_ONLINE_OPTIONS: dict[str, Any] = {
    "step_on_tam": "deduct", "tam_square_hue": True, "tam_after_opponent": "forbidden",
    "tam_back_home": "allowed", "announce": "direction", "hand_values": "official",
}
#: The rule-set header the app writes for its standard rules (Cerke Online writes none).
STANDARD_RULE = "標準机戦"
GAME_ID = "cetkaik"
SEASON_KANJI = "春夏秋冬"
SIDE_COLOURS = "黒赤"  # side 0 (IA) plays the black king, side 1 (A) the red one
_PROFESSIONS = "船兵弓車虎馬筆巫将王"
_WILDCARD = "片"
_DIGITS = "無一二三四五六七八九"
_SQUARE = r"[KLNTZXCMP](?:AI|AU|IA|A|E|I|U|O|Y)"
_CAST = r"[無一二三四五或]"
_PIECE_MOVE = re.compile(
    rf"({_SQUARE})([{_PROFESSIONS}{_WILDCARD}])({_SQUARE})({_SQUARE})?"
    rf"(無撃裁|(?:橋({_CAST}))?(?:水({_CAST}))?(此無)?)(?:手([赤黒]?)([{_PROFESSIONS}]))?")
_DROP = re.compile(rf"([赤黒])([{_PROFESSIONS}])({_SQUARE})")
_TAM = re.compile(rf"({_SQUARE})皇((?:\[?{_SQUARE}\]?){{2,3}})")
_HANDS = re.compile(r"或為([^而]+)(?:而手(.+))?")
_HEADER = re.compile(r"\{([^:}]*):([^}]*)\}")
_NAMES = re.compile(r"\[([^\]]+)\](?:[^\[]*)\[([^\]]+)\]")


class KiaakError(CompanionError, ValueError):
    """A record refused whole: `text(lang)` says why (the move's number, where one is at
    fault)."""

    def __init__(self, en: str, ja: str, move: int = 0) -> None:
        super().__init__(en)
        self.en, self.ja, self.move = en, ja, move

    def text(self, lang: str) -> str:
        return self.ja if lang == "ja" else self.en


# --- pekzep numerals -----------------------------------------------------------------------
def pekzep_number(value: int) -> str:
    """``五``, ``十三``, ``下五`` (−5), ``百二五`` (125): how a record writes a number."""
    if value == 0:
        return "無"
    if value < 0:
        return "下" + pekzep_number(-value)
    hundreds, rest = divmod(value, 100)
    if not hundreds:
        return _under_hundred(rest)
    head = "" if hundreds == 1 else _elided(hundreds)
    return head + "百" + (_elided(rest) if rest else "")


def _under_hundred(value: int) -> str:
    tens, ones = divmod(value, 10)
    if not tens:
        return _DIGITS[ones]
    return (_DIGITS[tens] if tens > 1 else "") + "十" + (_DIGITS[ones] if ones else "")


def _elided(value: int) -> str:
    text = _under_hundred(value)
    return text.replace("十", "") if len(text) == 3 else text


def read_pekzep(text: str) -> int:
    """The number a pekzep numeral writes; `ValueError` when it is none."""
    if text == "無":
        return 0
    if text.startswith("下"):
        return -read_pekzep(text[1:])
    if not text or any(ch not in _DIGITS[1:] + "十百" for ch in text):
        raise ValueError(text)
    head, hundred, rest = text.partition("百")
    if not hundred:
        return _read_under_hundred(head)
    return (_read_under_hundred(head) if head else 1) * 100 + (
        _read_under_hundred(rest) if rest else 0)


def _read_under_hundred(text: str) -> int:
    digit = {ch: i for i, ch in enumerate(_DIGITS)}
    if "十" in text:
        tens, _, ones = text.partition("十")
        if len(tens) > 1 or len(ones) > 1:
            raise ValueError(text)
        return (digit[tens] if tens else 1) * 10 + (digit[ones] if ones else 0)
    if len(text) == 2:
        return digit[text[0]] * 10 + digit[text[1]]
    if len(text) == 1:
        return digit[text]
    raise ValueError(text)


# --- the record as data --------------------------------------------------------------------
@dataclass(frozen=True)
class KiaakMove:
    """One move as written: a piece move, a drop or a 皇 move, with its casts and capture."""

    text: str
    src: str = ""
    profession: str = ""  # the kanji written (片: any)
    via: str = ""
    dest: str = ""
    drop_colour: str = ""  # 赤/黒 for a captured piece put on the board
    tam_path: tuple[str, ...] = ()  # the 皇's squares in order (start first)
    tam_landing: int = 0  # index in `tam_path` of the bracketed square (0: none)
    no_cast: bool = False  # 無撃裁
    step_cast: str = ""  # the stepping cast's numeral ("" none)
    water_cast: str = ""  # the water cast's numeral ("" none)
    failed: bool = False  # 此無: the last cast kept the piece where it was
    captured: tuple[str, str] | None = None  # (colour or "", profession) after 手


@dataclass(frozen=True)
class KiaakEvent:
    """What is not a move: ``hands`` (或為…, with ``payment`` after 而手), ``tymok`` (再行),
    ``taxot`` (終季), ``season`` (春終…, `season` 0–3), ``end`` (星一周)."""

    kind: str
    text: str
    hands: tuple[str, ...] = ()
    payment: int | None = None
    season: int = -1


@dataclass
class KiaakRecord:
    """A parsed record: its headers, player names and body in order."""

    first_colours: str = ""  # 一位色: one 黒/赤 per season (older records: the first only)
    started: str = ""  # 始時 as written
    ended: str = ""  # 終時 as written
    names: dict[str, str] = field(default_factory=dict)  # "黒"/"赤" -> name
    rule: str = ""  # 律 ("" = Cerke Online)
    seasons: int = 4  # 季数
    body: list[KiaakMove | KiaakEvent] = field(default_factory=list)

    def options(self) -> dict[str, Any]:
        """The options of the app's 机戦 the record was played by."""
        options: dict[str, Any] = {} if self.rule == STANDARD_RULE else dict(
            CERKE_ONLINE_OPTIONS)
        if self.seasons != 4:
            options["seasons"] = self.seasons
        return options

    def moves(self) -> list[KiaakMove]:
        return [item for item in self.body if isinstance(item, KiaakMove)]


def looks_like_kiaak(text: str) -> bool:
    """Whether `text` starts as a Cerke Online record (its first line a 一位色 or 始時 header)."""
    first = text.lstrip("\ufeff \t\r\n").split("\n", 1)[0].strip()
    return first.startswith(("{一位色:", "{始時:"))


def read_kiaak(text: str) -> KiaakRecord:
    """Parse a record (no rule is checked yet: see `replay_kiaak`)."""
    record = KiaakRecord()
    lines = [line.strip() for line in text.lstrip("\ufeff").splitlines()]
    index = 0
    while index < len(lines) and (not lines[index] or lines[index].startswith(("{", "["))):
        _read_header_line(record, lines[index])
        index += 1
    if not record.started and not record.first_colours:
        raise KiaakError("this is not a Cerke Online record: it has no {一位色:…} or {始時:…} "
                         "header", "Cerke Online の棋譜ではありません（{一位色:…} も {始時:…} "
                         "もありません）")
    tokens = " ".join(lines[index:]).split()
    number = 0
    for token in tokens:
        if token.startswith("手") and record.body and isinstance(record.body[-1], KiaakMove):
            record.body[-1] = _with_capture(record.body[-1], token, number)  # "… 手馬"
            continue
        item = _read_token(token, number + 1)
        if isinstance(item, KiaakMove):
            number += 1
        record.body.append(item)
    if not record.moves():
        raise KiaakError("the record has no moves", "棋譜に指し手がありません")
    return record


def _read_header_line(record: KiaakRecord, line: str) -> None:
    if line.startswith("["):
        names = _NAMES.match(line)
        if names is not None:
            record.names.setdefault("first", names.group(1).strip())
            record.names.setdefault("second", names.group(2).strip())
        return
    for key, value in _HEADER.findall(line):
        value = value.strip()
        if key == "一位色":
            if value.strip("黒赤"):
                raise KiaakError(f"the header {{一位色:{value}}} names a colour other than 黒 "
                                 "or 赤", f"ヘッダー {{一位色:{value}}} に黒・赤以外があります")
            record.first_colours += value
        elif key == "始時":
            record.started = value
        elif key == "終時":
            record.ended = value
        elif key in ("黒名", "赤名"):
            record.names[key[0]] = value
        elif key == "律":
            record.rule = value
        elif key == "季数":
            record.seasons = _season_count(value)


def _season_count(value: str) -> int:
    try:
        count = int(value) if value.isdigit() else read_pekzep(value)
    except ValueError:
        count = 0
    if not 1 <= count <= 4:
        raise KiaakError(f"the header {{季数:{value}}} is not 1 to 4 seasons",
                         f"ヘッダー {{季数:{value}}} が 1〜4 の季節数ではありません")
    return count


def _unreadable(token: str, number: int) -> KiaakError:
    return KiaakError(f"move {number}: cannot read {token!r} (expected a move such as "
                      "MAU弓MAIMY橋五, 黒弓CY or ZO皇[TU]ZIZE, or 或為…, 終季, 再行, 星一周)",
                      f"{number} 手目: 「{token}」が読めません（MAU弓MAIMY橋五・黒弓CY・"
                      "ZO皇[TU]ZIZE のような指し手、または 或為…・終季・再行・星一周）", number)


def _read_token(token: str, number: int) -> KiaakMove | KiaakEvent:
    if token == "星一周":
        return KiaakEvent("end", token)
    if token == "再行":
        return KiaakEvent("tymok", token)
    if token == "終季":
        return KiaakEvent("taxot", token)
    if len(token) == 2 and token[1] == "終" and token[0] in SEASON_KANJI:
        return KiaakEvent("season", token, season=SEASON_KANJI.index(token[0]))
    hands = _HANDS.fullmatch(token)
    if hands is not None:
        payment = None
        if hands.group(2) is not None:
            try:
                payment = read_pekzep(hands.group(2))
            except (ValueError, KeyError):
                raise _unreadable(token, number - 1) from None
        return KiaakEvent("hands", token, tuple(hands.group(1).split("加")), payment)
    return _read_move(token, number)


def _read_move(token: str, number: int) -> KiaakMove:
    drop = _DROP.fullmatch(token)
    if drop is not None:
        return KiaakMove(token, profession=drop.group(2), dest=drop.group(3),
                         drop_colour=drop.group(1))
    tam = _TAM.fullmatch(token)
    if tam is not None:
        parts = re.findall(rf"\[?{_SQUARE}\]?", tam.group(2))
        landing = [i + 1 for i, part in enumerate(parts) if part.startswith("[")]
        path = (tam.group(1), *(part.strip("[]") for part in parts))
        if len(landing) > 1 or (landing and landing[0] == len(parts)):
            raise _unreadable(token, number)
        return KiaakMove(token, src=path[0], dest=path[-1], tam_path=path,
                         tam_landing=landing[0] if landing else 0)
    piece = _PIECE_MOVE.fullmatch(token)
    if piece is None or not piece.group(5):
        raise _unreadable(token, number)
    src, prof, second, third, trailer, step, water, failed, c_colour, c_prof = piece.groups()
    captured = (c_colour or "", c_prof) if c_prof else None
    return KiaakMove(token, src=src, profession=prof, via=second if third else "",
                     dest=third or second, no_cast=trailer == "無撃裁", step_cast=step or "",
                     water_cast=water or "", failed=bool(failed), captured=captured)


def _with_capture(move: KiaakMove, token: str, number: int) -> KiaakMove:
    """A capture written apart from its move (``… 手馬``, as people write records)."""
    found = re.fullmatch(rf"手([赤黒]?)([{_PROFESSIONS}])", token)
    if found is None or move.captured is not None or move.drop_colour or move.tam_path:
        raise _unreadable(token, number)
    return replace(move, text=move.text + token, captured=(found.group(1), found.group(2)))


# --- replaying ---------------------------------------------------------------------------
@dataclass
class Replayed:
    """A record played through the engine: the game, the first side of season 1, the number
    of moves read."""

    game: Game
    first_side: int
    moves: int
    planned: dict[str, str] = field(default_factory=dict)


class _Replay:
    """Plays a parsed record through the engine, one written move at a time."""

    def __init__(self, record: KiaakRecord) -> None:
        self.record = record
        self.game = Game.new(GAME_ID, 2, record.options(), seed=0)
        self.number = 0  # the move being read, counted from 1 over the whole record
        self.first_side = -1
        self.season = 0  # the season of the move being read
        #: the square written for a stepping move that stopped short (announcing a direction,
        #: the engine keeps only the line): entry index -> square, so the text is written back
        self.planned: dict[str, str] = {}

    @property
    def state(self) -> Any:
        return self.game.state

    def fail(self, en: str, ja: str) -> KiaakError:
        season = SEASON_KANJI[min(self.season, 3)]
        return KiaakError(f"move {self.number} ({season}): {en}",
                          f"{self.number} 手目（{season}）: {ja}", self.number)

    def act(self, seat: int, text: str) -> None:
        try:
            self.game.replay_entry(RecordEntry(seat, text))
        except IllegalMoveError as exc:
            reason = exc.reason or "not a legal move here"
            raise self.fail(f"{text} breaks a rule: {reason}",
                            f"{text} はこの局面では規則に反します（{reason}）") from exc
        except (MoveParseError, RecordError) as exc:
            raise self.fail(f"{text} cannot be played: {exc}",
                            f"{text} は指せません: {exc}") from exc

    def run(self) -> Replayed:
        body = self.record.body
        index = 0
        while index < len(body):
            item = body[index]
            if self.state.over:
                if isinstance(item, KiaakEvent) and item.kind == "end":
                    index += 1
                    continue
                raise self.fail(f"the game is already over ({self.state.reason}), but the "
                                f"record goes on with {item.text}",
                                f"対局はすでに終わっています（{self.state.reason}）が、棋譜は "
                                f"{item.text} と続いています")
            if isinstance(item, KiaakMove):
                self.number += 1
                self.season = self.state.season
                if self.state.phase == "first":
                    self.start_season(body, index)
                self.move(item)
                index += 1
                if self.state.phase == "declare":
                    index = self.declare(body, index)
                continue
            if item.kind == "end":
                raise self.fail("the record says the game is over (星一周), but it goes on",
                                "棋譜は対局終了（星一周）としていますが、対局は続いています")
            raise self.fail(f"{item.text} comes where no new hand was formed",
                            f"新しい役ができていないところに {item.text} があります")
        if not self.state.over:
            raise KiaakError(f"the record stops after move {self.number}, before the game is "
                             "over: only finished games are imported",
                             f"棋譜は {self.number} 手目で途切れていて、対局が終わっていません"
                             "（終わった対局だけを読み込みます）", self.number)
        return Replayed(self.game, self.first_side, self.number, self.planned)

    # --- seasons ---------------------------------------------------------------------------
    def start_season(self, body: Sequence[KiaakMove | KiaakEvent], index: int) -> None:
        season = self.state.season
        written = self.record.first_colours[season:season + 1]
        inferred = self.infer_first(body, index)
        if written:
            side = SIDE_COLOURS.index(written)
            if inferred >= 0 and inferred != side:
                raise self.fail(f"the header says {written} moves first this season, but "
                                f"{SIDE_COLOURS[inferred]}'s piece moves first",
                                f"ヘッダーではこの季節の先手は{written}ですが、最初に動くのは"
                                f"{SIDE_COLOURS[inferred]}の駒です")
        elif inferred >= 0:
            side = inferred
        else:
            raise self.fail("the record does not say who moves first this season",
                            "この季節の先手が棋譜から分かりません")
        if self.first_side < 0:
            self.first_side = side
        self.act(CHANCE, f"first {('IA', 'A')[side]}")

    def infer_first(self, body: Sequence[KiaakMove | KiaakEvent], index: int) -> int:
        """The side whose piece makes the season's first move (the 皇 belongs to nobody: then
        the other side than the next piece's owner); -1 when the record does not tell."""
        first = body[index]
        if isinstance(first, KiaakMove) and not first.tam_path and first.src:
            return self.owner(first.src)
        following = body[index + 1] if index + 1 < len(body) else None
        if isinstance(following, KiaakMove) and not following.tam_path and following.src:
            owner = self.owner(following.src)
            return 1 - owner if owner >= 0 else -1
        return -1

    def owner(self, square: str) -> int:
        placed = self.state.variant.start()[0]
        sq = STANDARD_BOARD.parse_square(square)
        return next((side for s, _, _, side in placed if s == sq), -1)

    # --- moves -----------------------------------------------------------------------------
    def move(self, move: KiaakMove) -> None:
        state = self.state
        side = state.mover
        before = list(state.hop[side])
        if move.tam_path:
            self.act(side, self.tam_text(move))
        elif move.drop_colour:
            self.act(side, f"{move.drop_colour}{move.profession}*{move.dest}")
        else:
            self.check_piece(move, side)
            text = self.piece_text(move)
            if "->" in text and move.failed and not move.water_cast:
                self.planned[str(len(self.game.record.entries))] = move.dest
            self.act(side, text)
            self.casts(move, side)
        if not move.tam_path and not move.drop_colour:
            self.check_capture(move, before, list(self.state.hop[side]))

    def check_piece(self, move: KiaakMove, side: int) -> None:
        found = self.state.piece_at(move.src)
        if found is None:
            raise self.fail(f"{move.text}: no piece stands on {move.src}",
                            f"{move.text}: {move.src} に駒がありません")
        colour, profession, owner = found
        if owner != side:
            raise self.fail(f"{move.text}: the piece on {move.src} belongs to "
                            f"{SIDE_COLOURS[owner]}, but it is {SIDE_COLOURS[side]}'s turn",
                            f"{move.text}: {move.src} の駒は{SIDE_COLOURS[owner]}のものですが、"
                            f"手番は{SIDE_COLOURS[side]}です")
        if move.profession not in (_WILDCARD, profession.kanji):
            raise self.fail(f"{move.text}: the piece on {move.src} is a "
                            f"{colour.kanji}{profession.kanji}, not a {move.profession}",
                            f"{move.text}: {move.src} の駒は{colour.kanji}{profession.kanji}で、"
                            f"{move.profession}ではありません")

    def piece_text(self, move: KiaakMove) -> str:
        if not move.via:
            return f"{move.src}-{move.dest}"
        if move.no_cast or not move.step_cast:
            return f"{move.src}-[{move.via}]-{move.dest}"
        announce = self.state.rules.announce
        if announce == "square":
            return f"{move.src}-[{move.via}]-{move.dest}"
        if announce == "nothing":
            return f"{move.src}-[{move.via}]"
        return f"{move.src}-[{move.via}]->{self.first_on_line(move)}"

    def first_on_line(self, move: KiaakMove) -> str:
        """The square a direction is announced by: the first square of the piece's ranging
        line from the stepped-on square towards the written one (a 馬 on 皇処 skips the
        adjacent square)."""
        from companion.games.cetkaik.moves import PieceMove

        board = STANDARD_BOARD
        via, dest = board.parse_square(move.via), board.parse_square(move.dest)
        heading = _heading(board, via, dest)
        for legal in self.state.legal_moves():
            if isinstance(legal, PieceMove) and legal.towards and legal.src == move.src \
                    and legal.via == move.via \
                    and _heading(board, via, board.parse_square(legal.dest)) == heading:
                return legal.dest
        raise self.fail(f"{move.text}: the piece cannot range from {move.via} towards "
                        f"{move.dest}", f"{move.text}: {move.via} から {move.dest} の方向へは"
                        "進めません")

    def cast_value(self, move: KiaakMove, numeral: str) -> int:
        if numeral == "或":
            raise self.fail(f"{move.text}: the record does not say what the cast showed",
                            f"{move.text}: 投げ棒の結果が書かれていません")
        return _DIGITS.index(numeral)

    def casts(self, move: KiaakMove, side: int) -> None:
        state = self.state
        if state.phase == "step cast":
            if not move.step_cast:
                raise self.fail(f"{move.text}: this move needs a stepping cast (橋), and the "
                                "record gives none", f"{move.text}: この手には踏越えの投げ棒"
                                "（橋）が要りますが、棋譜にありません")
            self.act(CHANCE, f"={self.cast_value(move, move.step_cast)}")
            step_failed = move.failed and not move.water_cast
            if self.state.phase == "after cast":
                reach = [str(m) for m in self.state.legal_moves()]
                if not step_failed and f"go {move.dest}" not in reach:
                    raise self.fail(f"{move.text}: a cast of {move.step_cast} does not take the "
                                    f"piece to {move.dest}", f"{move.text}: 投げ棒の"
                                    f"{move.step_cast}では {move.dest} に届きません")
                self.act(side, "stay" if step_failed else f"go {move.dest}")
            elif not step_failed:
                raise self.fail(f"{move.text}: a cast of {move.step_cast} does not take the "
                                f"piece to {move.dest}", f"{move.text}: 投げ棒の{move.step_cast}"
                                f"では {move.dest} に届きません")
        elif move.step_cast:
            raise self.fail(f"{move.text}: the record gives a stepping cast, but this move "
                            "needs none", f"{move.text}: 棋譜に踏越えの投げ棒がありますが、"
                            "この手には要りません")
        if self.state.phase == "water cast":
            if not move.water_cast:
                raise self.fail(f"{move.text}: the piece enters water here and needs a cast "
                                "(水), which the record does not give",
                                f"{move.text}: ここで入水するので投げ棒（水）が要りますが、"
                                "棋譜にありません")
            value = self.cast_value(move, move.water_cast)
            if (value >= 3) == move.failed:
                raise self.fail(f"{move.text}: a water cast of {move.water_cast} "
                                f"{'lets the piece in' if value >= 3 else 'keeps it out'}, "
                                "but the record says otherwise",
                                f"{move.text}: 入水判定の{move.water_cast}は"
                                f"{'成功' if value >= 3 else '失敗'}ですが、棋譜の記述と"
                                "食い違います")
            self.act(CHANCE, f"={value}")
        elif move.water_cast:
            raise self.fail(f"{move.text}: the record gives a water cast, but this move needs "
                            "none", f"{move.text}: 棋譜に入水の投げ棒がありますが、この手には"
                            "要りません")

    def check_capture(self, move: KiaakMove, before: list[int], after: list[int]) -> None:
        taken = [kind for kind in range(len(after)) if after[kind] > before[kind]]
        engine = (Colour(taken[0] & 1), Profession(taken[0] >> 1)) if taken else None
        if engine is None and move.captured is None:
            return
        if engine is None:
            colour, prof = move.captured or ("", "")
            raise self.fail(f"{move.text}: the record says it takes a {colour}{prof}, but "
                            "the move captures nothing",
                            f"{move.text}: 棋譜では{colour}{prof}を取ったとありますが、この手は"
                            "何も取りません")
        name = engine[0].kanji + engine[1].kanji
        if move.captured is None:
            raise self.fail(f"{move.text}: the move captures the {name}, which the record "
                            "does not say (手…)", f"{move.text}: この手は{name}を取りますが、"
                            "棋譜にその記述（手…）がありません")
        colour, prof = move.captured
        if prof != engine[1].kanji or (colour and colour != engine[0].kanji):
            raise self.fail(f"{move.text}: the move captures the {name}, not the "
                            f"{colour}{prof} the record names",
                            f"{move.text}: この手が取るのは{name}で、棋譜の{colour}{prof}では"
                            "ありません")

    def tam_text(self, move: KiaakMove) -> str:
        path = move.tam_path
        if len(path) == 3:
            return "皇" + "-".join(path)
        if len(path) == 4 and move.tam_landing:
            via = 2 if move.tam_landing == 1 else 1
            return "皇" + "-".join(f"[{sq}]" if i == via else sq for i, sq in enumerate(path))
        # the landing square is not written: the legal 皇 move through these squares
        from companion.games.cetkaik.moves import TamMove

        for legal in self.state.legal_moves():
            if isinstance(legal, TamMove) and legal.src == path[0] and legal.dest == path[-1] \
                    and set(path) <= set(legal.path):
                return str(legal)
        raise self.fail(f"{move.text}: the 皇 cannot move so",
                        f"{move.text}: 皇はそのように動けません")

    # --- declarations ----------------------------------------------------------------------
    def declare(self, body: Sequence[KiaakMove | KiaakEvent], index: int) -> int:
        state = self.state
        side = state.mover
        held = [h.name("ja") for h in state.hands(side)] + [p.name("ja") for p in
                                                            state.penalties]
        hands = body[index] if index < len(body) else None
        if not isinstance(hands, KiaakEvent) or hands.kind != "hands":
            raise self.fail(f"the move forms the hand {'・'.join(held)}, but the record does not "
                            "declare (或為…)", f"この手で役（{'・'.join(held)}）ができますが、"
                            "棋譜に宣言（或為…）がありません")
        if sorted(hands.hands) != sorted(held):
            raise self.fail(f"{hands.text}: the hands held are {'・'.join(held)}, not "
                            f"{'・'.join(hands.hands)}", f"{hands.text}: できている役は"
                            f"{'・'.join(held)}で、{'・'.join(hands.hands)}ではありません")
        words = [item.kind for item in body[index + 1:index + 3] if isinstance(item, KiaakEvent)]
        if hands.payment is None:
            if words[:1] != ["tymok"]:
                raise self.fail(f"{hands.text} is followed by neither 再行 nor a payment",
                                f"{hands.text} の後に 再行 も支払いもありません")
            self.act(side, "再行")
            return index + 2
        if words[:1] != ["taxot"]:
            raise self.fail(f"{hands.text}: a payment needs 終季 after it",
                            f"{hands.text}: 支払いの後には 終季 が要ります")
        season = state.season
        self.act(side, "終季")
        result = self.state.results[-1]
        paid = result.points / self.state.scale
        if paid != hands.payment:
            raise self.fail(f"{hands.text}: 終季 pays {_number(paid)} at rate ×{result.rate}, "
                            f"not {hands.payment}", f"{hands.text}: 終季の支払いはレート"
                            f"×{result.rate}で{_number(paid)}点で、{hands.payment}点ではありません")
        after = index + 2
        ended = body[after] if after < len(body) else None
        if isinstance(ended, KiaakEvent) and ended.kind == "season":
            if ended.season != season:
                raise self.fail(f"{ended.text}: the season that ended is "
                                f"{SEASON_KANJI[season]}", f"{ended.text}: 終わったのは"
                                f"{SEASON_KANJI[season]}です")
            after += 1
        return after


def _heading(board: Any, start: int, end: int) -> tuple[int, int]:
    """The step of the straight or diagonal line from `start` to `end` ((0, 0): no line)."""
    dr, dc = board.row(end) - board.row(start), board.col(end) - board.col(start)
    if (dr, dc) == (0, 0) or (dr and dc and abs(dr) != abs(dc)):
        return (0, 0)
    return ((dr > 0) - (dr < 0), (dc > 0) - (dc < 0))


def _number(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


def replay_kiaak(record: KiaakRecord | str) -> Replayed:
    """Play a record through the engine to its end; `KiaakError` names the first move that
    breaks a rule or disagrees with the record."""
    parsed = read_kiaak(record) if isinstance(record, str) else record
    if parsed.rule not in ("", STANDARD_RULE):
        raise KiaakError(f"the record was played by the rule set {parsed.rule!r}, which the app "
                         "does not read", f"棋譜の規則「{parsed.rule}」はこのアプリでは読めません")
    replayed = _Replay(parsed).run()
    facts: dict[str, Any] = {k: v for k, v in (("started", parsed.started),
                                               ("ended", parsed.ended)) if v}
    if replayed.planned:
        facts["planned"] = dict(replayed.planned)
    replayed.game.record.meta = {"kiaak": facts}
    return replayed


# --- the play of the history -----------------------------------------------------------------
def parse_time(text: str) -> datetime | None:
    """A header's time as the local time of this machine (naive, as the history keeps it)."""
    if not text:
        return None
    try:
        moment = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    if moment.tzinfo is None:
        return moment
    return moment.astimezone().replace(tzinfo=None)


def record_uid(record: GameRecord, started: str) -> str:
    """The identity of an imported record: the same game (options, moves, casts) started at
    the same time is the same play, however the text was spaced or written."""
    content = json.dumps([record.options, [(e.seat, e.move) for e in record.entries],
                          started], ensure_ascii=False, sort_keys=True)
    digest = hashlib.sha256(content.encode("utf-8")).hexdigest()
    return str(uuid.UUID(digest[:32], version=5))


def kiaak_names(record: KiaakRecord, first_side: int) -> tuple[str, str]:
    """The names the record gives the IA side (黒) and the A side (赤); "" where it gives none."""
    names = ["", ""]
    names[0] = record.names.get("黒", "")
    names[1] = record.names.get("赤", "")
    if "first" in record.names and first_side >= 0:
        names[first_side] = names[first_side] or record.names["first"]
        names[1 - first_side] = names[1 - first_side] or record.names["second"]
    return names[0], names[1]


def kiaak_play(text: str, names: Sequence[str] = ()) -> Any:
    """The finished play of the history a record holds (a `PlayRecord`): seat 0 the IA side
    (黒), seat 1 the A side (赤), named by `names`, else by the file, else 黒 and 赤."""
    from companion.history import PlayMode, PlayRecord, SeatResult

    parsed = read_kiaak(text)
    replayed = replay_kiaak(parsed)
    game = replayed.game
    outcome = game.state.outcome()
    assert outcome is not None
    written = kiaak_names(parsed, replayed.first_side)
    given = [*names, "", ""]
    ranks = outcome.ranks()
    seats = [SeatResult(seat=i, player=(given[i] or written[i] or SIDE_COLOURS[i]).strip(),
                        faction=SIDE_COLOURS[i], score=float(outcome.scores[i]),
                        breakdown={k: float(v) for k, v in outcome.breakdown[i].items()},
                        rank=ranks[i], winner=i in outcome.winners,
                        start_player=i == replayed.first_side) for i in (0, 1)]
    started = parse_time(parsed.started) or parse_time(parsed.ended) or datetime(2000, 1, 1)
    finished = parse_time(parsed.ended) or started
    record = game.record
    return PlayRecord(GAME_ID, PlayMode.DIGITAL, started, seats, finished_at=finished,
                      options=dict(record.options), seed=record.seed, record=record.to_dict(),
                      notes=outcome.detail, uid=record_uid(record, parsed.started))


# --- writing ---------------------------------------------------------------------------------
@dataclass
class KiaakSeason:
    """One season of a game as a record writes it: the moves and what ended it."""

    season: int
    first_side: int
    moves: list[str] = field(default_factory=list)
    #: ``或為…`` lines with what follows them (再行 / 終季), in order, after the move before them
    events: list[tuple[int, str]] = field(default_factory=list)  # (moves before, line)
    #: the points of the IA and A sides when the season ended (empty: it did not end)
    points: list[float] = field(default_factory=list)


def unsupported_options(game_id: str, options: Mapping[str, Any]) -> list[str]:
    """The reasons a record of this rule set has no place in Cerke Online's format (English;
    empty when it can be written)."""
    return [en for en, _ in _unsupported(game_id, options)]


def _unsupported(game_id: str, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    from companion.games.cetkaik.rules import RuleOptions

    if game_id != GAME_ID:
        names = {"cetkaik_education": ("教育机戦 (the 5 × 7 board)", "教育机戦（5×7 の盤）"),
                 "cetkaik_old": ("古机戦", "古机戦")}.get(game_id, (game_id, game_id))
        return [(f"{names[0]} has no place in Cerke Online's record format",
                 f"{names[1]}は Cerke Online の棋譜形式では書けません")]
    given = RuleOptions.from_options({k: v for k, v in options.items() if k != "variant"})
    seasons = given.seasons
    for preset in (CERKE_ONLINE_OPTIONS, {}):
        if given == RuleOptions.from_options({**preset, "seasons": seasons}):
            return []
    online = RuleOptions.from_options(CERKE_ONLINE_OPTIONS)
    standard = RuleOptions()
    differing = [name for name in RuleOptions.__dataclass_fields__
                 if name != "seasons" and getattr(given, name) != getattr(online, name)
                 and getattr(given, name) != getattr(standard, name)]
    mixed = differing or [name for name in RuleOptions.__dataclass_fields__
                          if getattr(given, name) != getattr(standard, name)
                          and name != "seasons"]
    labels = _option_labels()
    listed_en = ", ".join(labels.get(name, (name, name))[1] for name in mixed)
    listed_ja = "、".join(labels.get(name, (name, name))[0] for name in mixed)
    return [("the record format has no place for options that are neither Cerke Online's nor "
             f"the standard rule set's: {listed_en}",
             f"オプション（{listed_ja}）は Cerke Online の規則でも標準の規則でもないため、"
             "棋譜形式では書けません")]


def _option_labels() -> dict[str, tuple[str, str]]:
    """The options of 標準机戦 by key: (Japanese label, English label)."""
    from companion.games.cetkaik import OPTIONS

    return {spec.key: (spec.label_ja, spec.label_en) for spec in OPTIONS}


def kiaak_seasons(record: GameRecord) -> tuple[list[KiaakSeason], bool]:
    """A modern 机戦 game record's seasons as written in the record format (any options of the
    standard rule set), and whether the game is over."""
    game = Game.new(record.game_id, record.num_players, record.options, record.seed)
    state: Any = game.state
    seasons: list[KiaakSeason] = []
    token: dict[str, Any] = {}
    facts = record.meta.get("kiaak", {}) if isinstance(record.meta, Mapping) else {}
    planned = facts.get("planned", {}) if isinstance(facts, Mapping) else {}
    for index, entry in enumerate(record.entries):
        phase = state.phase
        move = state.parse_move(entry.move)
        if phase == "first":
            seasons.append(KiaakSeason(state.season, move.side))
        elif phase == "move":
            token = _start_token(state, move)
            token["planned"] = planned.get(str(index), "")
        elif phase == "declare":
            side = state.mover
            held = [h.name("ja") for h in state.hands(side)] + [p.name("ja") for p in
                                                                state.penalties]
            line = "或為" + "加".join(held)
            name = SEASON_KANJI[state.season]
        elif phase in ("step cast", "water cast"):
            token["casts"].append(("橋" if phase == "step cast" else "水", move.face_up))
        elif phase == "after cast":
            token["went"] = move.dest
        game.replay_entry(entry)
        if phase == "declare":
            count = len(seasons[-1].moves)
            if move.again:
                seasons[-1].events.append((count, line + "\n再行"))
            else:
                paid = state.results[-1].points / state.scale
                seasons[-1].events.append(
                    (count, f"{line}而手{pekzep_number(int(paid))}\n終季    {name}終"))
                seasons[-1].points = [p / state.scale for p in state.scores]
        elif token and state.phase not in ("step cast", "water cast", "after cast",
                                           "chain cast"):
            seasons[-1].moves.append(_finish_token(token, state))
            token = {}
    return seasons, state.over


def _start_token(state: Any, move: Any) -> dict[str, Any]:
    from companion.games.cetkaik.moves import Drop, TamMove

    side = state.mover
    token: dict[str, Any] = {"move": move, "side": side, "casts": [], "went": None,
                             "hop": list(state.hop[side])}
    if isinstance(move, TamMove):
        path = move.path
        landing = {0: 1, 1: 2, 2: 1}[move.via]
        token["text"] = path[0] + "皇" + "".join(
            f"[{sq}]" if i == landing else sq for i, sq in enumerate(path[1:], 1))
    elif isinstance(move, Drop):
        token["text"] = f"{move.colour.kanji}{move.profession.kanji}{move.dest}"
    else:
        found = state.piece_at(move.src)
        token["text"] = move.src + found[1].kanji
    return token


def _finish_token(token: dict[str, Any], state: Any) -> str:
    from companion.games.cetkaik.moves import PieceMove

    move = token["move"]
    if not isinstance(move, PieceMove):
        return str(token["text"])
    dest = token["went"] or token.get("planned") or move.dest
    text = token["text"] + (move.via if move.via else "") + dest
    casts = token["casts"]
    if not casts:
        text += "無撃裁"
    for kind, value in casts:
        text += kind + _DIGITS[value]
    if casts:
        kind, value = casts[-1]
        failed = (kind == "水" and value < 3) or (kind == "橋" and not token["went"])
        if failed:
            text += "此無"
    after = state.hop[token["side"]]
    taken = [k for k in range(len(after)) if after[k] > token["hop"][k]]
    if taken:
        text += f"手{Colour(taken[0] & 1).kanji}{Profession(taken[0] >> 1).kanji}"
    return text


def _utc_text(moment: datetime | None) -> str:
    if moment is None:
        return ""
    aware = moment if moment.tzinfo else moment.astimezone()
    return aware.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%S.") + \
        f"{aware.microsecond // 1000:03d}Z"


def write_kiaak(record: GameRecord, started: datetime | None = None,
                ended: datetime | None = None, names: Sequence[str] = ()) -> str:
    """A finished or unfinished 机戦 game record (標準机戦 with Cerke Online's options or the
    standard ones) as Cerke Online's record text; `KiaakError` when the rule set has no place
    in the format. A record imported from this format keeps its own times (its ``meta``)."""
    problems = _unsupported(record.game_id, record.options)
    if problems:
        raise KiaakError("; ".join(en for en, _ in problems), "。".join(ja for _, ja in problems))
    seasons, over = kiaak_seasons(record)
    meta = record.meta.get("kiaak", {}) if isinstance(record.meta, Mapping) else {}
    lines = ["{一位色:" + "".join(SIDE_COLOURS[s.first_side] for s in seasons) + "}",
             "{始時:" + (meta.get("started") or _utc_text(started)) + "}",
             "{終時:" + (meta.get("ended") or _utc_text(ended)) + "}"]
    options = dict(record.options)
    if not _plays_as_online(options):
        lines.append("{律:" + STANDARD_RULE + "}")
    if int(options.get("seasons", 4)) != 4:
        lines.append("{季数:" + str(int(options["seasons"])) + "}")
    if any(names):
        lines.append("{黒名:" + names[0] + "}")
        lines.append("{赤名:" + names[1] + "}")
    body = "".join(_season_text(season) for season in seasons)
    return "\n".join(lines) + "\n" + body + ("\n星一周\n" if over else "")


def _plays_as_online(options: Mapping[str, Any]) -> bool:
    """Whether a 標準机戦 game's options are Cerke Online's (any number of seasons)."""
    from companion.games.cetkaik.rules import RuleOptions

    given = RuleOptions.from_options({k: v for k, v in options.items() if k != "variant"})
    return given == RuleOptions.from_options({**CERKE_ONLINE_OPTIONS,
                                              "seasons": given.seasons})


def _season_text(season: KiaakSeason) -> str:
    text = ""
    start = 0
    for count, line in [*season.events, (len(season.moves), "")]:
        chunk = season.moves[start:count]
        start = count
        for i in range(0, len(chunk), 2):
            text += "    ".join(chunk[i:i + 2]) + "\n"
        if line:
            text += "\n" + line + "\n\n"
    return text


def play_kiaak(play: Any) -> str:
    """A digital 机戦 play of the history (a `PlayRecord`) as Cerke Online's record text; the
    standard rule set's records also name the players ({黒名:…}/{赤名:…}: Cerke Online's own
    records keep their three header lines). `KiaakError` when the play has no move record or
    its rule set has no place in the format."""
    if play.record is None:
        raise KiaakError("the play has no move record (it was played at the table)",
                         "この対局には手順の記録がありません（卓上での対局）")
    record = GameRecord.from_dict(play.record)
    problems = _unsupported(record.game_id, record.options)
    if problems:
        raise KiaakError("; ".join(en for en, _ in problems), "。".join(ja for _, ja in problems))
    seats = sorted(play.seats, key=lambda s: s.seat)
    names = [s.player for s in seats] if not _plays_as_online(record.options) else []
    return write_kiaak(record, play.started_at, play.finished_at, names)
