"""The game registry: names (ja, en), player counts, options and modes, read by UI and CLI.

Each game package exposes `INFO: GameInfo` in its `info` module; `CATALOGUE` lists them, one
line per game with what the Library's card shows, so that the window lists twenty games
without importing one (issue 35); the tests check each line against the game's `INFO`.
"""

from __future__ import annotations

import enum
import importlib
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from companion.core.errors import CompanionError

if TYPE_CHECKING:
    from companion.core.api import GameState

class Mode(enum.Enum):
    """What the library offers for a game."""

    TABLE = "table"  # table companion for a physical copy
    PLAY = "play"  # digital play, rules enforced
    RULES = "rules"  # rules reference


class OptionKind(enum.Enum):
    INT = "int"
    BOOL = "bool"
    CHOICE = "choice"
    MULTI = "multi"  # a set of choices, e.g. expansions


class OptionError(CompanionError, ValueError):
    """Options a game does not accept, with a message a person understands, in English and
    (`ja`) Japanese: `text(lang)` picks one."""

    def __init__(self, message: str, ja: str = "") -> None:
        super().__init__(message)
        self.ja = ja

    def text(self, lang: str) -> str:
        return self.ja if lang == "ja" and self.ja else str(self)


class _Frozen:
    """A value whose fields are set once, by `__init__` (as a frozen dataclass, without the
    code a dataclass generates when its module is imported: about 2 ms of the window's
    start for these two classes, issue 35). Equal and hashed by `_fields()`."""

    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def _set(self, **values: Any) -> None:
        for name, value in values.items():
            object.__setattr__(self, name, value)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: {name}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is read-only: {name}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, _Frozen)
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        values = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({values})"


class OptionSpec(_Frozen):
    """One game option as data; the UI builds its widgets from these. `choice_labels`: how
    each choice reads to people, (ja, en) in the order of `choices` (else the value)."""

    __slots__ = ("choice_labels", "choices", "default", "key", "kind", "label_en", "label_ja",
                 "maximum", "minimum")
    key: str
    label_ja: str
    label_en: str
    kind: OptionKind
    default: Any
    minimum: int | None
    maximum: int | None
    choices: tuple[str, ...]
    choice_labels: tuple[tuple[str, str], ...]

    def __init__(self, key: str, label_ja: str, label_en: str, kind: OptionKind,
                 default: Any, minimum: int | None = None, maximum: int | None = None,
                 choices: tuple[str, ...] = (),
                 choice_labels: tuple[tuple[str, str], ...] = ()) -> None:
        self._set(key=key, label_ja=label_ja, label_en=label_en, kind=kind, default=default,
                  minimum=minimum, maximum=maximum, choices=choices,
                  choice_labels=choice_labels)

    def choice_label(self, value: str, lang: str) -> str:
        """A choice as the UI shows it in `lang`."""
        if value in self.choices and len(self.choice_labels) == len(self.choices):
            ja, en = self.choice_labels[self.choices.index(value)]
            return ja if lang == "ja" else en
        return value

    def check(self, value: Any) -> Any:
        """The value normalised, or `OptionError` naming the option and the value."""
        if self.kind is OptionKind.BOOL:
            if isinstance(value, bool):
                return value
        elif self.kind is OptionKind.INT:
            if isinstance(value, int) and not isinstance(value, bool):
                low_ok = self.minimum is None or value >= self.minimum
                high_ok = self.maximum is None or value <= self.maximum
                if low_ok and high_ok:
                    return value
        elif self.kind is OptionKind.CHOICE:
            if value in self.choices:
                return value
        elif self.kind is OptionKind.MULTI:
            items = sorted(set(value)) if isinstance(value, (list, tuple, set)) else None
            if items is not None and all(v in self.choices for v in items):
                return items
        raise OptionError(f"option {self.key!r}: {value!r} is not allowed ({self.allowed()})",
                          f"設定「{self.label_ja}」に {value!r} は使えません"
                          f"（{self.allowed_ja()}）")

    def allowed(self) -> str:
        if self.kind is OptionKind.INT:
            return f"a whole number from {self.minimum} to {self.maximum}"
        if self.kind is OptionKind.BOOL:
            return "true or false"
        if self.kind is OptionKind.MULTI:
            return "any of " + ", ".join(self.choices)
        return "one of " + ", ".join(self.choices)

    def allowed_ja(self) -> str:
        if self.kind is OptionKind.INT:
            return f"{self.minimum}から{self.maximum}までの整数"
        if self.kind is OptionKind.BOOL:
            return "オンかオフ"
        return "次から選びます: " + "、".join(self.choices)


class GameInfo(_Frozen):
    """A game as the rest of the product sees it."""

    __slots__ = ("check_options", "evaluate", "extras", "family", "id", "max_players",
                 "min_players", "minutes", "modes", "name_en", "name_ja", "new_state",
                 "options", "rules", "score_categories")
    id: str
    name_ja: str
    name_en: str
    min_players: int
    max_players: int
    modes: frozenset[Mode]
    #: Groups games of one rulebook, e.g. "lanerme".
    family: str
    minutes: tuple[int, int]
    options: tuple[OptionSpec, ...]
    #: Builds the start position (PLAY mode). Options are already validated.
    new_state: Callable[[int, dict[str, Any]], GameState] | None
    #: Game-supplied evaluation for the greedy bot: (state, seat) -> higher is better.
    evaluate: Callable[[GameState, int], float] | None
    #: Cross-option checks after each option is valid alone (e.g. A and B exclude each other).
    check_options: Callable[[dict[str, Any]], None] | None
    #: Score categories of the table score sheet (a single total when empty): (key, ja, en).
    score_categories: tuple[tuple[str, str, str], ...]
    #: Base name of the rules texts in resources/rules (`<rules>.ja.md`, `<rules>.en.md`).
    rules: str
    #: Game-specific hooks for the CLI and UI (e.g. "score_file", "blank_sheet").
    extras: Mapping[str, Any]

    def __init__(self, id: str, name_ja: str, name_en: str, min_players: int,
                 max_players: int, modes: frozenset[Mode], family: str = "",
                 minutes: tuple[int, int] = (10, 30), options: tuple[OptionSpec, ...] = (),
                 new_state: Callable[[int, dict[str, Any]], GameState] | None = None,
                 evaluate: Callable[[GameState, int], float] | None = None,
                 check_options: Callable[[dict[str, Any]], None] | None = None,
                 score_categories: tuple[tuple[str, str, str], ...] = (), rules: str = "",
                 extras: Mapping[str, Any] | None = None) -> None:
        self._set(id=id, name_ja=name_ja, name_en=name_en, min_players=min_players,
                  max_players=max_players, modes=modes, family=family, minutes=minutes,
                  options=options, new_state=new_state, evaluate=evaluate,
                  check_options=check_options, score_categories=score_categories,
                  rules=rules, extras={} if extras is None else extras)

    def values(self) -> dict[str, Any]:
        """Every field by name: `type(info)(**info.values())` is an equal copy."""
        return {name: getattr(self, name) for name in self.__slots__}

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    def players_text(self) -> str:
        return _players_text(self.min_players, self.max_players)

    def default_options(self) -> dict[str, Any]:
        return {spec.key: spec.default for spec in self.options}

    def validate_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        """Fill defaults and check every option; raise `OptionError` with a clear message."""
        known = {spec.key: spec for spec in self.options}
        unknown = sorted(set(options) - set(known))
        if unknown:
            raise OptionError(f"{self.name_en}: unknown option(s) {', '.join(unknown)}",
                              f"{self.name_ja}にない設定です: {'、'.join(unknown)}")
        result = self.default_options()
        for key, value in options.items():
            result[key] = known[key].check(value)
        if self.check_options is not None:
            self.check_options(result)
        return result

    def check_players(self, num_players: int) -> None:
        if not self.min_players <= num_players <= self.max_players:
            raise OptionError(
                f"{self.name_en} takes {self.players_text()} players, not {num_players}",
                f"{self.name_ja}は{self.players_text()}人で遊びます（{num_players}人では"
                "遊べません）")

    def create(self, num_players: int, options: Mapping[str, Any] | None = None) -> GameState:
        """A validated new game state for digital play."""
        if self.new_state is None:
            raise OptionError(f"{self.name_en} has no digital play",
                              f"{self.name_ja}はデジタルで遊べません")
        self.check_players(num_players)
        return self.new_state(num_players, self.validate_options(options or {}))


def _players_text(low: int, high: int) -> str:
    return str(low) if low == high else f"{low}–{high}"


class GameSummary:
    """A game as its Library card shows it: `CATALOGUE`'s line, no import of the game."""

    __slots__ = ("id", "max_players", "min_players", "minutes", "module", "name_en", "name_ja")

    def __init__(self, module: str, game_id: str, name_ja: str, name_en: str,
                 players: tuple[int, int], minutes: tuple[int, int]) -> None:
        self.module, self.id, self.name_ja, self.name_en = module, game_id, name_ja, name_en
        self.min_players, self.max_players = players
        self.minutes = minutes

    @property
    def modes(self) -> frozenset[Mode]:
        """Every game in the catalogue has a table companion, digital play and rules."""
        return ALL_MODES

    def name(self, lang: str) -> str:
        return self.name_ja if lang == "ja" else self.name_en

    def players_text(self) -> str:
        return _players_text(self.min_players, self.max_players)


ALL_MODES = frozenset(Mode)

#: Every game: the module that defines its `INFO`, its id, names (ja, en), players and
#: minutes, in the Library's order. Add one line per game.
CATALOGUE: tuple[GameSummary, ...] = tuple(GameSummary(*line) for line in (
    ("companion.games.sticks.info_juusai", "juusai", "獣裁（ザウプシュー）",
     "Juusai (Foolish Sticks)", (2, 6), (5, 15)),
    ("companion.games.sticks.info_rengeki", "rengeki", "連撃獣裁（ニェックッザウプシュー）",
     "Rengeki Juusai (Chained Sticks)", (2, 6), (10, 20)),
    ("companion.games.sticks.info_shinyu", "shinyu", "新遊（ルートゥー）",
     "Shinyu (Number Bets)", (2, 6), (10, 20)),
    ("companion.games.alluvium.info", "alluvium", "アルヴィウム", "Alluvium", (3, 5),
     (20, 40)),
    ("companion.games.etariya", "etariya", "エタリヤ", "Etariya", (2, 2), (15, 20)),
    ("companion.games.netxiju", "netxiju", "六裁（ネッシュ）", "Netxiju (Six Sticks)",
     (2, 6), (10, 15)),
    ("companion.games.tudepijume", "tudepijume", "連船之遊（ネカナモカヌツ）",
     "Tude-pijume (Linked Ships)", (2, 4), (45, 60)),
    ("companion.games.mokzo", "mokzo", "行山（モㇰツォ）", "Mokzo (Mountain Road)", (2, 4),
     (45, 60)),
    ("companion.games.sorani.info", "sorani", "ソラニ", "Sorani", (1, 4), (45, 60)),
    ("companion.games.cetkaik", "cetkaik", "机戦", "Cetkaik", (2, 2), (30, 90)),
    ("companion.games.cetkaik.info_education", "cetkaik_education", "教育机戦",
     "Cetkaik for learners", (2, 2), (15, 40)),
    ("companion.games.cetkaik.info_old", "cetkaik_old", "古机戦", "Old Cetkaik", (2, 2),
     (20, 60)),
    ("companion.games.equilibrium", "equilibrium", "エクィリブリオン", "Equilibrium", (1, 2),
     (15, 25)),
    ("companion.games.nincetkaik.taxot", "taxot", "終季（タショッ）", "Taxot (Season's End)",
     (2, 4), (30, 45)),
    ("companion.games.nincetkaik.makaik", "makaik", "値戦（マㇰカイㇰ）",
     "Makaik (Points Battle)", (2, 6), (20, 40)),
    ("companion.games.nincetkaik.nanto", "nanto", "開樽（ナㇺトウ）",
     "Nanto (Open the Barrel)", (2, 6), (15, 30)),
    ("companion.games.nincetkaik.makup", "makup", "値木（マㇰホㇷ゚）", "Makup (Number Roads)",
     (2, 6), (10, 15)),
    ("companion.games.nincetkaik.mokaik", "mokaik", "行戦（モカイㇰ）",
     "Mokaik (Marching Battle)", (2, 6), (30, 60)),
    ("companion.games.nincetkaik.neki", "neki", "連友（ネキ）", "Neki (Climbing Friends)",
     (2, 6), (10, 20)),
    ("companion.games.nincetkaik.nine", "nine", "小猫（ニネ）", "Nine (Kitten)", (2, 4),
     (15, 20)),
))
#: Modules that define `INFO`, in `CATALOGUE`'s order.
GAME_MODULES: tuple[str, ...] = tuple(line.module for line in CATALOGUE)


_REGISTRY: dict[str, GameInfo] = {}


def _load() -> dict[str, GameInfo]:
    if not _REGISTRY:
        for module_name in GAME_MODULES:
            info: GameInfo = importlib.import_module(module_name).INFO
            _REGISTRY[info.id] = info
    return _REGISTRY


def all_games() -> list[GameInfo]:
    """Every registered game, in registration order."""
    return list(_load().values())


def playable_games() -> list[GameInfo]:
    return [g for g in all_games() if g.new_state is not None]


def get(game_id: str) -> GameInfo:
    try:
        return _load()[game_id]
    except KeyError:
        known = ", ".join(sorted(_load()))
        raise OptionError(f"unknown game {game_id!r}; known games: {known}",
                          f"{game_id!r} というゲームはありません（あるのは {known}）") from None
