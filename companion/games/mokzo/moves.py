"""行山 moves and their notation. Seats are written from 1; a placed card is named by its
owner and its place in the owner's row (slots 1–9): ``2.5`` is seat 2's fifth slot.

Step 3 (the cards' effects, in the order the player chooses):

- ``use 3`` — use the card in your slot 3 (無, 王, 皇, and 筆 巫 将, which cast the sticks);
- ``use 3 2米`` — your 虎 in slot 3 takes 1 米 from seat 2 (``2銭`` for 1 銭; plain ``use 3``
  when nobody can be robbed);
- ``mark 2.5`` / ``destroy 2.5`` — your 将's cast: a marker on (≤ 3) or destroy (≥ 4) that card.

Steps 4–7 (each optional, in this order):

- ``exchange 2`` — buy 2 銭 for 10 米;
- ``dismantle 4`` — pay the card's cost again and remove your card in slot 4;
- ``place 黒馬`` — pay and place a hand card (``place 赤船``: discard it for 2 銭);
- ``discard 赤兵`` — discard a hand card for 2 米 (instead of placing, this turn);
- ``move 米`` / ``move 銭`` — pay 10 米 or 2 銭 (less with 巫 and 車) and move the piece;
- ``end`` — end the turn.

Chance: ``first 2`` (the first player), ``draw 黒馬`` (a card drawn by the player to move),
``=3`` (a card's cast: five sticks, 0–5 face up).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from companion.core.api import Move
from companion.core.errors import MoveParseError
from companion.core.notation import expect_keyword, move_words
from companion.games.first_player import FirstPlayer, parse_seat, seat_text
from companion.games.mokzo.cards import Card, parse_card
from companion.games.sticks.moves import Sticks

RICE, MONEY = "米", "銭"
_RESOURCE_WORDS = {"米": RICE, "rice": RICE, "銭": MONEY, "money": MONEY}
NOTATION = ("'use <slot>', 'mark <seat>.<slot>', 'destroy <seat>.<slot>', 'exchange <n>', "
            "'dismantle <slot>', 'place <card>', 'discard <card>', 'move 米|銭', 'end', "
            "'draw <card>', '=<0-5>' or 'first <seat>'")


def _slot(word: str, text: str) -> int:
    if word not in tuple("123456789"):
        raise MoveParseError(text, "a slot 1 to 9")
    return int(word)


@dataclass(frozen=True)
class Use(Move):
    """Step 3: use the card in the mover's `slot` (1–9); 虎 names a `victim` and a resource."""

    slot: int
    victim: int | None = None
    resource: str = ""

    def __str__(self) -> str:
        if self.victim is None:
            return f"use {self.slot}"
        return f"use {self.slot} {seat_text(self.victim)}{self.resource}"

    @classmethod
    def parse(cls, text: str) -> Use:
        expected = "'use <slot>' or, for 虎, 'use <slot> <seat>米|銭'"
        words = text.split()
        if len(words) not in (2, 3) or words[0].lower() != "use":
            raise MoveParseError(text, expected)
        slot = _slot(words[1], text)
        if len(words) == 2:
            return cls(slot)
        match = re.fullmatch(r"(\d)(米|銭|rice|money)", words[2])
        if match is None:
            raise MoveParseError(text, expected)
        return cls(slot, parse_seat(match.group(1), text, expected),
                   _RESOURCE_WORDS[match.group(2)])


@dataclass(frozen=True)
class Target(Move):
    """将's cast: a marker on (``mark``) or destroy (``destroy``) the card in `owner`'s `slot`."""

    verb: str  # "mark" or "destroy"
    owner: int
    slot: int

    def __str__(self) -> str:
        return f"{self.verb} {seat_text(self.owner)}.{self.slot}"

    @classmethod
    def parse(cls, text: str) -> Target:
        expected = "'mark <seat>.<slot>' or 'destroy <seat>.<slot>', e.g. 'destroy 2.5'"
        words = text.split()
        if len(words) != 2 or words[0].lower() not in ("mark", "destroy") \
                or words[1].count(".") != 1:
            raise MoveParseError(text, expected)
        seat, slot = words[1].split(".")
        return cls(words[0].lower(), parse_seat(seat, text, expected), _slot(slot, text))


@dataclass(frozen=True)
class Exchange(Move):
    """Step 4: buy `money` 銭 for 5 米 each."""

    money: int

    def __str__(self) -> str:
        return f"exchange {self.money}"

    @classmethod
    def parse(cls, text: str) -> Exchange:
        words = move_words(text, "exchange", 2, "'exchange <銭 to buy>', e.g. 'exchange 2'")
        if not words[1].isdigit() or int(words[1]) < 1:
            raise MoveParseError(text, "'exchange <銭 to buy>', e.g. 'exchange 2'")
        return cls(int(words[1]))


@dataclass(frozen=True)
class Dismantle(Move):
    """Step 5: pay the placing cost again and remove the mover's card in `slot`."""

    slot: int

    def __str__(self) -> str:
        return f"dismantle {self.slot}"

    @classmethod
    def parse(cls, text: str) -> Dismantle:
        words = move_words(text, "dismantle", 2, "'dismantle <slot>'")
        return cls(_slot(words[1], text))


@dataclass(frozen=True)
class CardMove(Move):
    """A move naming one card: ``<verb> <card>``."""

    card: Card

    verb = ""

    def __str__(self) -> str:
        return f"{self.verb} {self.card}"

    @classmethod
    def parse(cls, text: str) -> CardMove:
        words = move_words(text, cls.verb, 2, f"'{cls.verb} <card>', e.g. '{cls.verb} 黒馬'")
        return cls(parse_card(words[1]))


@dataclass(frozen=True)
class Place(CardMove):
    """Step 6: pay and place `card` from the hand (a 船 is discarded for 2 銭 instead)."""

    verb = "place"


@dataclass(frozen=True)
class Discard(CardMove):
    """Step 6 (instead of placing): discard `card` from the hand for 2 米."""

    verb = "discard"


@dataclass(frozen=True)
class MovePiece(Move):
    """Step 7: pay in `resource` (米 or 銭) and move the piece."""

    resource: str

    def __str__(self) -> str:
        return f"move {self.resource}"

    @classmethod
    def parse(cls, text: str) -> MovePiece:
        words = move_words(text, "move", 2, "'move 米' or 'move 銭'")
        if words[1].lower() not in _RESOURCE_WORDS:
            raise MoveParseError(text, "'move 米' or 'move 銭'")
        return cls(_RESOURCE_WORDS[words[1].lower()])


@dataclass(frozen=True)
class EndTurn(Move):
    """End the turn (whatever of steps 4–7 is left is skipped)."""

    def __str__(self) -> str:
        return "end"

    @classmethod
    def parse(cls, text: str) -> EndTurn:
        expect_keyword(text, "end")
        return cls()


@dataclass(frozen=True)
class Draw(CardMove):
    """Chance: the player to move draws `card`."""

    verb = "draw"


_PARSERS: dict[str, type[Move]] = {
    "use": Use, "mark": Target, "destroy": Target, "exchange": Exchange,
    "dismantle": Dismantle, "place": Place, "discard": Discard, "move": MovePiece,
    "end": EndTurn, "draw": Draw, "first": FirstPlayer,
}


def parse_move(text: str) -> Move:
    """Any 行山 move or chance outcome from its notation; `MoveParseError` otherwise."""
    words = text.split()
    head = words[0].lower() if words else ""
    if head in _PARSERS:
        return _PARSERS[head].parse(text)
    if head.startswith("="):
        return Sticks.parse(text)
    raise MoveParseError(text, NOTATION)
