"""The Sorani setup randomizer: a seed and the player count give a setup a group follows as a
checklist; the pair is shared as a short code (Crockford base32 of seed and players).

Seats are numbered 1..N clockwise around the table; "left" is the next seat clockwise. The
Coyote board is always dealt (with one player, to that player); the sun token goes to the seat
left of the Coyote player. Solo uses the two-player numbers where the rulebook counts by
players (planets on the track); the special-feature offer is players + 1 as printed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from companion.games.sorani.profile import profile

MIN_PLAYERS, MAX_PLAYERS = 1, 4
SEED_BITS = 30
CODE_LENGTH = 7
_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # Crockford base32: no I, L, O, U
_READS_AS = {"I": "1", "L": "1", "O": "0"}
#: Planets laid on the track, by player count (solo as two players).
TRACK_PLANETS = profile().track_planets
RESERVE_PLANETS = profile().reserve_planets
#: Branch tiles kept aside for round 12: (tile name, how many).
ROUND12_BRANCHES: tuple[tuple[str, int], ...] = profile().round12_branches
ORIENTATIONS = profile().dark_sky_orientations


class SetupCodeError(ValueError):
    """A setup code that cannot be read; the message quotes it and says why."""


def encode(seed: int, players: int) -> str:
    """The shareable code of (seed, players), e.g. '3G7Q-K2M' style without the dash."""
    check_players(players)
    if not 0 <= seed < 1 << SEED_BITS:
        raise ValueError(f"seed must be from 0 to {(1 << SEED_BITS) - 1}, not {seed}")
    value = seed << 2 | (players - 1)
    chars = []
    for _ in range(CODE_LENGTH):
        chars.append(_ALPHABET[value & 31])
        value >>= 5
    code = "".join(reversed(chars))
    return f"{code[:4]}-{code[4:]}"


def decode(code: str) -> tuple[int, int]:
    """(seed, players) of a code; dashes, spaces and case are ignored, I/L read as 1, O as 0."""
    cleaned = "".join(_READS_AS.get(c, c) for c in code.upper() if c not in "- ")
    if len(cleaned) != CODE_LENGTH:
        raise SetupCodeError(f"setup code {code!r}: expected {CODE_LENGTH} letters or digits")
    value = 0
    for char in cleaned:
        index = _ALPHABET.find(char)
        if index < 0:
            raise SetupCodeError(f"setup code {code!r}: {char!r} is not a code character")
        value = value << 5 | index
    if value >> (SEED_BITS + 2):
        raise SetupCodeError(f"setup code {code!r} is out of range (first character too big)")
    return value >> 2, (value & 3) + 1


def check_players(players: int) -> None:
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"Sorani takes {MIN_PLAYERS}–{MAX_PLAYERS} players, not {players}")


@dataclass(frozen=True)
class Setup:
    """Everything the randomizer decides, with seats counted from 0 (shown from 1)."""

    seed: int
    players: int
    coyote_seat: int
    first_seat: int
    dark_sky_rotation: int  # degrees clockwise from the card's upright position

    @property
    def code(self) -> str:
        return encode(self.seed, self.players)

    @property
    def feature_offer(self) -> int:
        """Cards turned face up from each deck (★2 and ★3): players + 1."""
        return self.players + 1

    @property
    def track_planets(self) -> int:
        return TRACK_PLANETS[self.players]

    def boards(self) -> list[bool]:
        """Per seat: True for the Coyote board."""
        return [seat == self.coyote_seat for seat in range(self.players)]

    def checklist(self, lang: str, names: list[str] | None = None) -> list[str]:
        """The setup as steps to tick, in the rulebook's order."""
        return checklist(self, lang, names)


def randomize(seed: int, players: int) -> Setup:
    """The setup of this seed and player count (the same pair always gives the same setup)."""
    check_players(players)
    rng = random.Random(f"sorani:{seed}:{players}")
    coyote = rng.randrange(players)
    rotation = rng.choice(ORIENTATIONS)
    return Setup(seed, players, coyote, (coyote + 1) % players, rotation)


def from_code(code: str) -> Setup:
    seed, players = decode(code)
    return randomize(seed, players)


def new_seed(rng: random.Random | None = None) -> int:
    return (rng or random.SystemRandom()).randrange(1 << SEED_BITS)


def seat_name(seat: int, lang: str, names: list[str] | None = None) -> str:
    if names and seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"


def checklist(setup: Setup, lang: str, names: list[str] | None = None) -> list[str]:
    ja = lang == "ja"
    coyote = seat_name(setup.coyote_seat, lang, names)
    first = seat_name(setup.first_seat, lang, names)
    n = setup.players
    aside = (", ".join(f"{count} × {tile}" for tile, count in ROUND12_BRANCHES))
    if ja:
        boards = (f"個人ボードを配る: {coyote} にコヨーテのボード、"
                  "ほかの人には残りのボードを無作為に。"
                  if n > 1 else f"個人ボード: {coyote} はコヨーテのボードを使う。")
        return [
            "メインボードを中央に置く。",
            boards,
            f"第12ラウンド用の枝タイルを取り分ける: {aside}。",
            "枝タイルと星団タイルをそれぞれ袋に入れる。",
            f"★2 の特別な地形カードを混ぜ、{setup.feature_offer} 枚を表にして"
            "対応するタイルを載せる。",
            f"★3 の特別な地形カードを混ぜ、{setup.feature_offer} 枚を表にして"
            "対応するタイルを載せる。",
            f"惑星タイルを混ぜ、惑星トラックの中央から両側へ均等に"
            f" {setup.track_planets} 枚並べる。",
            f"惑星タイル {RESERVE_PLANETS} 枚を裏向きでボードの横に置く(予備)。",
            f"暗い空カードを1枚引き、正位置から時計回りに {setup.dark_sky_rotation}° 回して置く。"
            "各自、自分の席から見た位置に暗い空トークン4個を置く。",
            "ボーナスタイルを表向きでメインボードの下に並べる。",
            f"太陽トークン(スタートプレイヤー)を {first} に渡す(コヨーテの左隣)。",
        ]
    boards = (f"Deal the player boards: the Coyote board to {coyote}, the others at random."
              if n > 1 else f"Player board: {coyote} plays the Coyote board.")
    return [
        "Place the main board in the middle of the table.",
        boards,
        f"Set aside the branch tiles for round 12: {aside}.",
        "Put the branch tiles in one bag and the star cluster tiles in the other.",
        f"Shuffle the ★2 special feature cards; turn {setup.feature_offer} face up and put "
        "their tiles on them.",
        f"Shuffle the ★3 special feature cards; turn {setup.feature_offer} face up and put "
        "their tiles on them.",
        f"Shuffle the planets; lay {setup.track_planets} on the planet track from the centre "
        "outwards, evenly both ways.",
        f"Put {RESERVE_PLANETS} more planets face down beside the board (the reserve).",
        f"Draw one dark-sky card and place it turned {setup.dark_sky_rotation}° clockwise from "
        "upright; everyone puts 4 dark-sky tokens where it shows, as seen from their seat.",
        "Lay out the bonus tiles face up below the main board.",
        f"Give the sun token (first player) to {first}, left of the Coyote player.",
    ]
