"""The three race games read in Japanese: every kind of recorded move and chance outcome, and
every end reason, through the registry hooks `move_text` / `end_reason` (companion.display)."""

from __future__ import annotations

import random
import re

import pytest

from companion.core.record import Game
from companion.display import end_reason, move_text

#: (game, notation, Japanese, English) — one case per move kind.
CASES = [
    ("netxiju", "throw", "投げる", "throw"),
    ("netxiju", "=4", "=4", "=4"),
    ("netxiju", "first 2", "2番席が先手", "seat 2 begins"),
    ("tudepijume", "move 2", "船2を移動", "sail ship 2"),
    ("tudepijume", "build 3", "船3を造船", "build ship 3"),
    ("tudepijume", "supply 1", "船1に補給", "supply ship 1"),
    ("tudepijume", "recall 2", "船2を召集", "recall ship 2"),
    ("tudepijume", "plunder 1 2.3", "船1で2番席の船3から略奪",
     "ship 1 plunders seat 2's ship 3"),
    ("tudepijume", "first 1", "1番席が先手", "seat 1 begins"),
    ("mokzo", "use 3", "札3を使う", "use card 3"),
    ("mokzo", "use 3 2米", "札3で2番席から米1を奪う", "card 3 takes 1 米 from seat 2"),
    ("mokzo", "mark 2.5", "2番席の札5にマーカー", "a marker on seat 2's card 5"),
    ("mokzo", "destroy 1.9", "1番席の札9を破壊", "destroy seat 1's card 9"),
    ("mokzo", "exchange 2", "米を銭2に両替", "buy 2 銭"),
    ("mokzo", "dismantle 4", "札4を解体", "dismantle card 4"),
    ("mokzo", "place 黒馬", "黒馬を設置", "place black 馬"),
    ("mokzo", "discard 赤兵", "赤兵を捨てる", "discard red 兵"),
    ("mokzo", "move 銭", "銭で駒を進める", "move, paying 銭"),
    ("mokzo", "end", "手番を終える", "end the turn"),
    ("mokzo", "draw 赤船", "赤船を引く", "draw red 船"),
    ("mokzo", "draw ?", "札を引く", "draw a card"),
    ("mokzo", "=3", "=3", "=3"),
]


@pytest.mark.parametrize(("game_id", "notation", "ja", "en"), CASES)
def test_every_move_kind_reads_in_both_languages(game_id: str, notation: str, ja: str,
                                                 en: str) -> None:
    assert move_text(game_id, notation, "ja") == ja
    assert move_text(game_id, notation, "en") == en


@pytest.mark.parametrize("game_id", ["netxiju", "mokzo", "tudepijume"])
def test_unknown_text_stays_as_written(game_id: str) -> None:
    assert move_text(game_id, "no such move", "ja") == "no such move"
    assert end_reason(game_id, "something else", "ja") == "something else"


@pytest.mark.parametrize(("game_id", "detail", "ja"), [
    ("netxiju", "seat 2 reached the goal first", "2番席が最初にゴール"),
    ("mokzo", "seat 1 reached 皇山", "1番席が皇山に到達"),
    ("mokzo", "30 rounds played: the furthest piece wins", "30ラウンド終了: 最も進んだ駒の勝ち"),
    ("tudepijume", "20 resources reached the goal", "ゴールに資源が20届いた"),
    ("tudepijume", "150 rounds played", "150ラウンド終了"),
    ("tudepijume", "nobody could act any more", "誰も行動できなくなった"),
])
def test_every_end_reason_reads_in_japanese(game_id: str, detail: str, ja: str) -> None:
    assert end_reason(game_id, detail, "ja") == ja
    assert end_reason(game_id, detail, "en") == detail


@pytest.mark.parametrize(("game_id", "options"), [
    ("netxiju", {}), ("mokzo", {"rounds": 12}), ("tudepijume", {"rounds": 12})])
def test_a_whole_random_game_reads_without_english_words(game_id: str, options: dict) -> None:
    """Every entry of a played game, and its end reason, has no word of Latin letters left."""
    game = Game.new(game_id, 3, options, seed=5)
    rng = random.Random(5)
    game.resolve_chance()
    while not game.state.is_over():
        game.play_and_resolve(rng.choice(game.state.legal_moves()))
    outcome = game.state.outcome()
    assert outcome is not None
    texts = [move_text(game_id, e.move, "ja") for e in game.record.entries]
    texts.append(end_reason(game_id, outcome.detail, "ja"))
    assert [t for t in texts if re.search(r"[A-Za-z]{2,}", t)] == []


def test_mokzo_buttons_say_what_a_move_costs_now() -> None:
    from companion.games.first_player import FirstPlayer
    from companion.games.mokzo.cards import parse_card
    from companion.games.mokzo.moves import Draw
    from companion.games.mokzo.rules import new_state
    from companion.games.mokzo.texts import move_label

    state = new_state(2, {})
    state.play(FirstPlayer(0))
    for card in ("黒馬", "赤船", "赤兵"):
        state.play(Draw(parse_card(card)))
    state.rice[0] = 12
    labels = {str(m): (move_label(state, m, ["Ann", "Bo"], "ja"),
                       move_label(state, m, ["Ann", "Bo"], "en")) for m in state.legal_moves()}
    assert labels["place 黒馬"] == ("黒馬を設置(5米)", "place black 馬 (5 米)")
    assert labels["place 赤船"] == ("赤船を出す(+2銭)", "play red 船 (+2 銭)")
    assert "place 赤兵" not in labels  # 1 銭 needed, none held
    assert labels["discard 赤兵"] == ("赤兵を捨てる(+2米)", "discard red 兵 (+2 米)")
    assert labels["move 米"] == ("10米で2マス進む", "pay 10 米, move 2")  # g3 is a 皇処
    assert labels["exchange 2"] == ("10米を2銭に両替", "10 米 for 2 銭")


def test_netxiju_says_what_a_throw_did() -> None:
    from companion.games.netxiju.rules import TurnReport
    from companion.games.netxiju.texts import turn_text

    names = ["Ann", "Bo"]
    sent = TurnReport(0, 3, 0, 3, 2, sent_back=1)
    assert turn_text(sent, names, {}, "en") == \
        "\u2068Ann\u2069 threw 3: 0 → 3, \u2068Bo\u2069 goes back to the start, 2 penalty points."
    assert turn_text(sent, names, {"tally": "drinks"}, "ja") == \
        "\u2068Ann\u2069 は 3: 0 → 3、\u2068Bo\u2069 はスタートへ戻る、2杯。"
    past = TurnReport(1, 6, 29, 29, 0, overshoot=True)
    assert turn_text(past, names, {}, "ja") == "\u2068Bo\u2069 は 6: ゴールを越えるので動けない。"


def test_tudepijume_says_what_a_turn_did() -> None:
    from companion.games.tudepijume.rules import TurnReport
    from companion.games.tudepijume.texts import turn_text

    names = ["Ann", "Bo"]
    assert turn_text(TurnReport(0, 4, "move 2", delivered=9), names, "ja") == \
        "\u2068Ann\u2069 は 4: 船2を移動、ゴールへ 9 を運んだ。"
    assert turn_text(TurnReport(1, 0, "", "threw 0"), names, "en") == \
        "\u2068Bo\u2069 threw 0: passes (threw 0)."
    assert turn_text(TurnReport(1, None, "", "start stock is empty"), names, "ja") == \
        "\u2068Bo\u2069 パス(スタートの資源が 0)。"


@pytest.mark.parametrize(("kind", "amount", "detail", "ja", "en"), [
    ("rice", 1, "", "\u2068Ann\u2069 +1米", "\u2068Ann\u2069 +1 米"),
    ("take", 1, "銭", "\u2068Ann\u2069 から銭1を奪った", "1 銭 taken from \u2068Ann\u2069"),
    ("cast", 4, "巫", "巫の裁: 4", "巫 cast: 4"),
    ("destroy", 3, "赤馬", "\u2068Ann\u2069 の赤馬を破壊", "\u2068Ann\u2069's red 馬 is destroyed"),
])
def test_mokzo_says_what_the_cards_did(kind: str, amount: int, detail: str, ja: str,
                                       en: str) -> None:
    from companion.games.mokzo.rules import Event
    from companion.games.mokzo.texts import event_text

    event = Event(kind, 0, amount, detail)
    assert (event_text(event, ["Ann"], "ja"), event_text(event, ["Ann"], "en")) == (ja, en)
