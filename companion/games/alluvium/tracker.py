"""The table companion's Alluvium round tracker and setup (pure; the UI only shows it).

A round is a list of steps: phase 1 (your own map; round 1 two pieces on the start cells), with
three players the virtual colour's card, then phase 2 once per other player (the sheet passes on
after each), then phase 3 (your sheet is back: score the area). The direction card starts
clockwise and is turned over after every round. With three players the app turns the virtual
colour's cards from its own seeded shuffle.
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass, field

from companion.games.alluvium.profile import deck
from companion.games.alluvium.scoring import rounds_for


class Phase(enum.Enum):
    OWN_MAP = "own"  # phase 1
    VIRTUAL = "virtual"  # three players: the virtual colour's card
    OTHER_MAPS = "other"  # phase 2 (one step per pass)
    SCORE = "score"  # phase 3
    END = "end"  # game end: co-operation bonus


@dataclass(frozen=True)
class Step:
    round: int  # from 1; the END step has the last round
    phase: Phase
    turn: int = 0  # phase 2: 1..players-1
    turns: int = 0  # phase 2: players - 1


def clockwise(round_number: int) -> bool:
    """The direction card starts clockwise and flips after every round."""
    return round_number % 2 == 1


def steps_for(players: int) -> list[Step]:
    rounds = rounds_for(players)
    found: list[Step] = []
    for r in range(1, rounds + 1):
        found.append(Step(r, Phase.OWN_MAP))
        if players == 3:
            found.append(Step(r, Phase.VIRTUAL))
        found += [Step(r, Phase.OTHER_MAPS, t, players - 1) for t in range(1, players)]
        found.append(Step(r, Phase.SCORE))
    found.append(Step(rounds, Phase.END))
    return found


@dataclass
class RoundTracker:
    """Where the table is: a cursor over the steps of the game."""

    players: int
    seed: int = 0
    index: int = 0
    steps: list[Step] = field(default_factory=list)
    #: The virtual colour's deck order (three players), card ids, top first.
    virtual_deck: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.steps = steps_for(self.players)
        if self.players == 3 and not self.virtual_deck:
            ids = [c.id for c in deck()]
            random.Random(self.seed).shuffle(ids)
            self.virtual_deck = ids

    @property
    def step(self) -> Step:
        return self.steps[self.index]

    @property
    def rounds(self) -> int:
        return rounds_for(self.players)

    def advance(self) -> bool:
        if self.index + 1 >= len(self.steps):
            return False
        self.index += 1
        return True

    def back(self) -> bool:
        if self.index == 0:
            return False
        self.index -= 1
        return True

    def is_over(self) -> bool:
        return self.step.phase is Phase.END

    def virtual_card(self, round_number: int | None = None) -> str | None:
        """The virtual colour's face-up card in a round (None with four or five players)."""
        if not self.virtual_deck:
            return None
        number = self.step.round if round_number is None else round_number
        return self.virtual_deck[number - 1]

    def passes_left(self) -> int:
        """Phase 2 turns still to come in this round, this one included."""
        step = self.step
        if step.phase is Phase.OTHER_MAPS:
            return step.turns - step.turn + 1
        if step.phase in (Phase.OWN_MAP, Phase.VIRTUAL):
            return self.players - 1
        return 0

    def direction_text(self, lang: str) -> str:
        if clockwise(self.step.round):
            return "右回り(時計回り)" if lang == "ja" else "clockwise (to the left-hand player)"
        return "左回り(反時計回り)" if lang == "ja" else "anticlockwise (to the right-hand player)"

    def heading(self, lang: str) -> str:
        step = self.step
        if step.phase is Phase.END:
            return "ゲーム終了" if lang == "ja" else "End of the game"
        if lang == "ja":
            return f"ラウンド {step.round} / {self.rounds}"
        return f"Round {step.round} of {self.rounds}"

    def phase_text(self, lang: str) -> str:
        step = self.step
        ja = lang == "ja"
        if step.phase is Phase.OWN_MAP:
            return "フェイズ1: 自分のマップ" if ja else "Phase 1: your own map"
        if step.phase is Phase.VIRTUAL:
            return "フェイズ1: 仮想プレイヤー" if ja else "Phase 1: the virtual colour"
        if step.phase is Phase.OTHER_MAPS:
            if ja:
                return f"フェイズ2: 他のマップ {step.turn}/{step.turns}(残り{self.passes_left()}回)"
            return (f"Phase 2: other maps, pass {step.turn} of {step.turns} "
                    f"({self.passes_left()} left)")
        if step.phase is Phase.SCORE:
            return "フェイズ3: 得点計算" if ja else "Phase 3: score the round"
        return "協力ボーナス" if ja else "Co-operation bonus"

    def instruction(self, lang: str) -> str:
        """What to do now, in one sentence."""
        step = self.step
        ja = lang == "ja"
        direction = self.direction_text(lang)
        if step.phase is Phase.OWN_MAP and step.round == 1:
            return ("2枚めくり、2つのピースを自分のマップに描いて太枠のマスを1つずつ覆い、"
                    f"シートを{direction}に渡してください。" if ja else
                    "Turn two cards and draw both pieces on your own map, each covering one "
                    f"outlined start cell, then pass your sheet {direction}.")
        if step.phase is Phase.OWN_MAP:
            after = "" if self.players == 3 else (f"シートを{direction}に渡してください。" if ja
                                                  else f" then pass your sheet {direction}.")
            if ja:
                return "山札を1枚めくり、そのピースを自分のマップに描き、" + (
                    after or "仮想プレイヤーのカードを待ってください。")
            return "Turn your top card and draw its piece on your own map," + (
                after or " then wait for the virtual colour's card.")
        if step.phase is Phase.VIRTUAL:
            card = self.virtual_card()
            if ja:
                return (f"仮想プレイヤーのカードは {card} です。"
                        "全員が自分のマップに仮想の色で描き、"
                        f"シートを{direction}に渡してください。")
            return (f"The virtual colour's card is {card}: everyone draws it on their own map "
                    f"in the virtual colour, then passes their sheet {direction}.")
        if step.phase is Phase.OTHER_MAPS:
            last = step.turn == step.turns
            if ja:
                end = "持ち主に返します" if last else f"{direction}に渡します"
                return ("受け取ったシートに場札のピースを描くか、四方が塗られたマスを1つ塗り、"
                        f"持ち主の色と接した辺の数だけチェックをつけて{end}。")
            end = "back to its owner" if last else f"on {direction}"
            return ("On the sheet you hold, draw your card's piece or fill one cell surrounded on "
                    "all four sides, tick one check per edge touching the owner's cells, and "
                    f"pass it {end}.")
        if step.phase is Phase.SCORE:
            if ja:
                return ("自分のシートの最大の長方形のマス数を、ラウンド"
                        f"{step.round}の欄に書いてください(地図を塗ればアプリが数えます)。")
            return ("Write the area of the largest filled rectangle on your sheet in box "
                    f"{step.round} (paint the map and the app counts it).")
        if ja:
            return "各自のシートでチェック数の順位を決め、協力ボーナスを伝え合ってください。"
        return ("On each sheet rank the visiting colours by checks and tell each its "
                "co-operation bonus.")
