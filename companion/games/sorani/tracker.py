"""The Sorani round tracker: 12 rounds × 5 phases, one sentence of what to do now.

The tracker is an immutable `TrackerState`; `advance` gives the next state, so undo is simply
keeping the previous one. Steps within a round:
preparation → one step per draft pick (first pass: the sun player picks the kind, then the same
kind clockwise; second pass: the other kind from the last picker counter-clockwise) →
placement → special-feature draft (first ask who surrounded a dark sky; then one pick per step,
passes clockwise from the sun player, one card per player per pass) → clean-up (not in round
12) → next round with the sun one seat clockwise. Solo: one pick of each kind per round.
"""

from __future__ import annotations

import enum
import json
from collections.abc import Sequence
from dataclasses import asdict, dataclass, replace
from typing import Any

from companion.games.sorani.profile import profile
from companion.games.sorani.setup import Setup, check_players, seat_name

ROUNDS = profile().rounds
#: Star clusters and branches laid out per round, by player count (solo as two players).
TILES_PER_ROUND = profile().tiles_per_round


class Phase(enum.IntEnum):
    PREPARATION = 0
    DRAFT = 1
    PLACEMENT = 2
    FEATURES = 3
    CLEANUP = 4
    SCORING = 5  # after round 12


PHASE_NAMES = {
    Phase.PREPARATION: ("Preparation", "準備"),
    Phase.DRAFT: ("Drafting", "ドラフト"),
    Phase.PLACEMENT: ("Placement", "配置"),
    Phase.FEATURES: ("Special feature draft", "特別な地形のドラフト"),
    Phase.CLEANUP: ("Clean-up", "片付け"),
    Phase.SCORING: ("Scoring", "得点計算"),
}


def phase_name(phase: Phase, lang: str) -> str:
    en, ja = PHASE_NAMES[phase]
    return ja if lang == "ja" else en


def sun_seat(first_seat: int, players: int, round_: int) -> int:
    """Who holds the sun token in a round (1..12): it passes clockwise after each round."""
    return (first_seat + round_ - 1) % players


def draft_order(players: int, sun: int) -> list[int]:
    """The seats in pick order: first pass clockwise from the sun player (the kind they
    choose), second pass the other kind from the last picker counter-clockwise."""
    first = [(sun + i) % players for i in range(players)]
    return first + list(reversed(first))


def feature_order(sun: int, players: int, cards: dict[int, int]) -> list[int]:
    """Special-feature picks: passes clockwise from the sun player, one card per player per
    pass while they still have a surrounded dark sky to claim."""
    order: list[int] = []
    for pass_ in range(max(cards.values(), default=0)):
        order += [seat for i in range(players)
                  if cards.get(seat := (sun + i) % players, 0) > pass_]
    return order


def first_seat(players: int, setup: Setup | None) -> int:
    """Who holds the sun token in round 1: the setup's first player when the setup is for
    this many players, else seat 0."""
    return setup.first_seat if setup is not None and setup.players == players else 0


def new_tracker(players: int, setup: Setup | None = None) -> TrackerState:
    """The tracker of a new game: `players` seats, the sun where the setup puts it."""
    return TrackerState(players, first_seat=first_seat(players, setup))


@dataclass(frozen=True)
class TrackerState:
    players: int
    first_seat: int = 0
    round: int = 1
    phase: Phase = Phase.PREPARATION
    step: int = 0
    #: Special-feature picks of this round in order (None: nobody asked yet).
    feature_picks: tuple[int, ...] | None = None
    #: The round in which the 4 reserve planets entered the track (None: not yet).
    reserve_round: int | None = None

    def __post_init__(self) -> None:
        check_players(self.players)
        if not 0 <= self.first_seat < self.players or not 1 <= self.round <= ROUNDS:
            raise ValueError(f"tracker state out of range: {self}")

    # --- where we are -----------------------------------------------------------------------
    @property
    def sun(self) -> int:
        return sun_seat(self.first_seat, self.players, self.round)

    @property
    def is_over(self) -> bool:
        return self.phase is Phase.SCORING

    def draft(self) -> list[int]:
        return [self.sun, self.sun] if self.players == 1 else draft_order(self.players, self.sun)

    def picker(self) -> int | None:
        """Whose pick it is now (draft or special-feature draft), else None."""
        if self.phase is Phase.DRAFT:
            return self.draft()[self.step]
        if self.phase is Phase.FEATURES and self.feature_picks and self.step > 0:
            return self.feature_picks[self.step - 1]
        return None

    def _steps(self) -> int:
        if self.phase is Phase.DRAFT:
            return len(self.draft())
        if self.phase is Phase.FEATURES:
            return 1 + len(self.feature_picks or ())
        return 1

    # --- moving -------------------------------------------------------------------------
    def advance(self) -> TrackerState:
        """The next step (the same state once scoring is reached)."""
        if self.is_over:
            return self
        if self.phase is Phase.FEATURES and self.step == 0 and self.feature_picks is None:
            raise ValueError("say who surrounded a dark sky first (with_feature_draft)")
        if self.step + 1 < self._steps():
            return replace(self, step=self.step + 1)
        if self.phase is Phase.FEATURES or self.phase is Phase.CLEANUP:
            if self.phase is Phase.FEATURES and self.round < ROUNDS:
                return replace(self, phase=Phase.CLEANUP, step=0)
            if self.round == ROUNDS:
                return replace(self, phase=Phase.SCORING, step=0)
            return replace(self, round=self.round + 1, phase=Phase.PREPARATION, step=0,
                           feature_picks=None)
        return replace(self, phase=Phase(self.phase + 1), step=0)

    def with_feature_draft(self, cards: dict[int, int]) -> TrackerState:
        """Answer "who surrounded a dark sky this round, how many?" (seat -> count)."""
        if self.phase is not Phase.FEATURES:
            raise ValueError("the special-feature draft is asked after placement")
        if any(not 0 <= seat < self.players or n < 0 for seat, n in cards.items()):
            raise ValueError(f"bad special-feature answer {cards}")
        return replace(self, step=0, feature_picks=tuple(feature_order(self.sun, self.players,
                                                                       cards)))

    def with_reserve_entered(self, entered: bool = True) -> TrackerState:
        return replace(self, reserve_round=self.round if entered else None)

    # --- telling ------------------------------------------------------------------------
    def instruction(self, lang: str, names: Sequence[str] | None = None) -> str:
        """One sentence (or two) of what to do now."""
        ja = lang == "ja"
        name = list(names or [])

        def who(seat: int) -> str:
            return seat_name(seat, lang, name)

        tiles = TILES_PER_ROUND[self.players]
        if self.phase is Phase.PREPARATION:
            if self.round == ROUNDS:
                text = (f"第12ラウンド: 取り分けておいた枝タイル5枚と、"
                        f"袋から星団タイル {tiles} 枚を並べる。"
                        if ja else f"Round 12: lay out the 5 branch tiles set aside at setup "
                        f"and draw {tiles} star clusters.")
            else:
                text = (f"袋から星団タイル {tiles} 枚と枝タイル {tiles} 枚を引いて並べる。" if ja
                        else f"Draw {tiles} star clusters and {tiles} branch tiles and lay "
                        "them out.")
            if self.reserve_round is None:
                text += (" 惑星トラックが空なら、予備の惑星4枚を中央の4マスに置く(1回だけ)。" if ja
                         else " If the planet track is empty, put the 4 reserve planets on "
                         "its four centre spaces (once only).")
            return text
        if self.phase is Phase.DRAFT:
            return self._draft_sentence(ja, who)
        if self.phase is Phase.PLACEMENT:
            return ("全員が2枚を配置する。暗い空を枝タイルで囲んだら覚えておく。" if ja else
                    "Everyone places both tiles; remember who completely surrounds a dark sky "
                    "with branch tiles.")
        if self.phase is Phase.FEATURES:
            return self._feature_sentence(ja, who)
        if self.phase is Phase.CLEANUP:
            nxt = who((self.sun + 1) % self.players)
            return ("残ったタイルを袋に戻す。特別な地形の列が空なら山から1枚補充する。"
                    "太陽トークンを"
                    f"時計回りに {nxt} へ渡す。" if ja else
                    "Return the unpicked tiles to their bags; refill an empty special feature "
                    f"row from its deck; pass the sun token clockwise to {nxt}.")
        return ("ゲーム終了(第12ラウンドは片付けなし)。得点表で得点を計算する。" if ja else
                "The game is over (round 12 has no clean-up): score your boards on the score "
                "pad.")

    def _draft_sentence(self, ja: bool, who: Any) -> str:
        seat = self.draft()[self.step]
        n = len(self.draft()) // 2
        if self.step == 0:
            return (f"{who(seat)} が星団か枝のどちらか1枚を選ぶ(選んだ種類が1巡目の種類)。星団は"
                    "白い星がなければ近くの惑星と交換できる。" if ja else
                    f"{who(seat)} picks a star cluster or a branch tile (that kind is this "
                    "pass's kind); a cluster without a white star may be traded for a nearby "
                    "planet.")
        if self.step < n:
            return (f"{who(seat)} が1巡目と同じ種類のタイルを1枚選ぶ(時計回り)。" if ja else
                    f"{who(seat)} picks a tile of the same kind (clockwise).")
        return (f"{who(seat)} がもう一方の種類のタイルを1枚選ぶ(最後の人から反時計回り)。" if ja
                else f"{who(seat)} picks a tile of the other kind (from the last picker, "
                "counter-clockwise).")

    def _feature_sentence(self, ja: bool, who: Any) -> str:
        if self.feature_picks is None:
            return ("この配置で暗い空を完全に囲んだのは誰?(囲んだ数も)" if ja else
                    "Who completely surrounded a dark sky this round, and how many?")
        if not self.feature_picks:
            return ("誰も囲まなかった: 特別な地形のドラフトはなし。" if ja else
                    "Nobody surrounded a dark sky: no special-feature draft this round.")
        if self.step == 0:
            order = "、".join(who(s) for s in self.feature_picks) if ja else ", ".join(
                who(s) for s in self.feature_picks)
            return (f"特別な地形のドラフト、1枚ずつ順に: {order}。" if ja else
                    f"Special-feature draft, one card at a time: {order}.")
        seat = self.feature_picks[self.step - 1]
        return (f"{who(seat)} が表のカード1枚を取るか、どちらかの山から2枚引いて1枚残し、もう1枚を"
                "列に加える。★2・★3 は各2枚まで。対応するタイルをすぐに置く。" if ja else
                f"{who(seat)} takes a face-up card, or draws 2 from either deck, keeps 1 and "
                "adds the other to its row; at most 2 cards of each star value; place the "
                "matching tile at once.")

    def follows(self, players: int, setup: Setup | None) -> bool:
        """True when this tracker is for `players` seats and the setup's first player."""
        return self.players == players and self.first_seat == first_seat(players, setup)

    # --- saving -------------------------------------------------------------------------
    def to_json(self) -> str:
        data = asdict(self)
        data["phase"] = int(self.phase)
        return json.dumps(data)

    @classmethod
    def from_json(cls, text: str) -> TrackerState:
        data = json.loads(text)
        picks = data.get("feature_picks")
        return cls(players=int(data["players"]), first_seat=int(data["first_seat"]),
                   round=int(data["round"]), phase=Phase(int(data["phase"])),
                   step=int(data["step"]),
                   feature_picks=None if picks is None else tuple(int(s) for s in picks),
                   reserve_round=data.get("reserve_round"))
