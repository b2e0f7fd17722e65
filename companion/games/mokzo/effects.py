"""The 行山 card-effect reference as data (for the table screen and the printed reference).

`EFFECTS` has one `Effect` per rank, in strength order: the cost printed on the card, when it
acts (``turn``: in step 3 of each of its owner's turns; ``always``: while it lies placed;
``now``: at once instead of being placed) and what it does, in Japanese and English.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.mokzo.cards import COPIES, RANKS, Card
from companion.games.mokzo.rules import card_cost


@dataclass(frozen=True)
class Effect:
    rank: str
    cost: int
    copies: int  # per colour
    timing: str  # "turn", "always" or "now"
    text_ja: str
    text_en: str

    def text(self, lang: str) -> str:
        return self.text_ja if lang == "ja" else self.text_en


_TEXTS: dict[str, tuple[str, str, str]] = {
    "船": ("now", "置かずに捨て、2銭を得る。",
          "Not placed: discard it and gain 2 銭."),
    "無": ("turn", "自分の手番ごとに1米を得る。", "Each of your turns: gain 1 米."),
    "兵": ("always", "手札の上限が1枚増える。", "Your hand limit is 1 higher."),
    "弓": ("always", "駒の移動マス数が1増える。", "Your piece moves 1 square further."),
    "車": ("always", "札の設置コストと米での移動コストが1減る。",
          "Placing cards and moving with 米 cost 1 less."),
    "虎": ("turn", "自分の手番ごとに、相手1人から資源を1つ(1米か1銭)奪う。",
          "Each of your turns: take 1 米 or 1 銭 from one opponent."),
    "馬": ("always", "駒の移動マス数が2増える。", "Your piece moves 2 squares further."),
    "筆": ("turn", "自分の手番ごとに裁: 3以下なら次の自分の手番まで自分への虎と将の効果を"
                   "無効にする。4以上なら2銭を得る。",
          "Each of your turns, cast: 3 or less, 虎 and 将 cannot touch you or your cards "
          "until your next turn; 4 or more, gain 2 銭."),
    "巫": ("turn", "自分の手番ごとに裁: 3以下ならこの手番の移動コストが半分(切り上げ、車より"
                   "先)。4以上なら駒を進める(弓・馬も加わる)。",
          "Each of your turns, cast: 3 or less, this turn's move costs half (rounded up, "
          "before 車); 4 or more, your piece advances (弓 and 馬 add)."),
    "将": ("turn", "自分の手番ごとに裁: 3以下なら好きな札にマーカーを1つ置く。4以上なら盤の"
                   "札を1枚破壊する(色は問わない)。",
          "Each of your turns, cast: 3 or less, put a marker on any placed card; 4 or more, "
          "destroy any placed card (either colour)."),
    "王": ("turn", "自分の手番ごとに2銭を得る。", "Each of your turns: gain 2 銭."),
    "皇": ("turn", "自分の手番ごとに駒を進める(弓・馬も加わる)。",
          "Each of your turns: your piece advances (弓 and 馬 add)."),
}

EFFECTS: tuple[Effect, ...] = tuple(
    Effect(rank, card_cost(Card("黒", rank)), COPIES[rank], *_TEXTS[rank]) for rank in RANKS)


def effect_of(rank: str) -> Effect:
    return next(e for e in EFFECTS if e.rank == rank)


#: The general rules the reference prints above the table, (ja, en).
NOTES: tuple[tuple[str, str], ...] = (
    ("コスト = 札の番号(船 0、王・皇 10)。黒札は米、赤札は銭で払う。車1枚ごとに1減る。",
     "Cost = the card's numeral (船 0, 王 and 皇 10): black cards in 米, red cards in 銭; "
     "1 less per 車."),
    ("札は置いた次の自分の手番から効く。黒札は3手番で取り除く(手番ごとにマーカー1つ)。"
     "赤札は解体・破壊されるまで残る。設置は9枚まで。",
     "A card acts from its owner's next turn. Black cards go after three turns (a marker "
     "each turn); red cards stay until dismantled or destroyed. At most 9 placed."),
    ("移動: 10米か2銭で1マス。皇処から動くと+1、弓+1、馬+2。",
     "Moving: 10 米 or 2 銭 for 1 square; +1 from a 皇処, +1 per 弓, +2 per 馬."),
    ("裁 = 投げ棒5本。", "Cast = throw the five sticks."),
)
