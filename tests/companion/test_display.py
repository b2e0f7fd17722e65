"""Names and stored texts as a person reads them (the pure helpers shared by UI and PDFs)."""

from __future__ import annotations

from companion.display import FSI, PDI, isolate, names_text, player_name, strip_isolates


def test_isolate_wraps_a_name_once() -> None:
    assert isolate("سارة") == f"{FSI}سارة{PDI}"
    assert isolate(isolate("Ben")) == f"{FSI}Ben{PDI}"
    assert isolate("") == ""
    assert strip_isolates(f"勝者: {isolate('سارة')}") == "勝者: سارة"


def test_names_in_a_sentence_are_each_isolated() -> None:
    assert names_text(["花子", "سارة"], "ja") == f"{FSI}花子{PDI}、{FSI}سارة{PDI}"
    assert names_text(["Ben", "Cho"], "en") == f"{FSI}Ben{PDI}, {FSI}Cho{PDI}"


def test_a_bot_reads_in_the_language_a_person_as_typed() -> None:
    assert player_name("Bot · Greedy", "ja") == "ボット · 貪欲"
    assert player_name("Bot · MCTS strong", "ja") == "ボット · MCTS 強"
    assert player_name("Bot · Greedy", "en") == "Bot · Greedy"
    assert player_name("花子", "ja") == "花子"
    assert player_name("Bot · Marvin", "ja") == "Bot · Marvin"  # a name someone chose


def test_each_game_says_its_moves_and_end_in_japanese() -> None:
    from companion.display import end_reason, move_text

    assert move_text("juusai", "throw", "ja") == "投げる"
    assert move_text("shinyu", "bet 3x2", "ja") == "3 に 2 点賭ける"
    assert move_text("shinyu", "bet 3x2", "en") == "bets 2 on 3"
    assert move_text("juusai", "=3", "ja") == "=3"  # a throw's outcome is notation
    assert end_reason("rengeki", "10 rounds played", "ja") == "10 ラウンド終了"
    assert end_reason("juusai", "only one seat has points left", "en") == \
        "only one seat has points left"
    assert move_text("etariya", "R d4", "ja") == "赤 d4"
    assert move_text("etariya", "end left", "ja") == "列の左端"
    assert move_text("etariya", "power e5", "ja") == "勢力チップ e5"
    assert end_reason("etariya", "the stones ran out: a draw", "ja") == "神石が尽きた: 引き分け"
    assert end_reason("etariya", "7 points of score chips", "ja") == "得点チップ 7 点"
    assert move_text("alluvium", "fill c4", "ja") == "c4 を塗る"
    assert move_text("alluvium", "I3 a1 b1 c1", "ja") == "I3 を a1・b1・c1 に描く"  # a piece
    assert end_reason("alluvium", "shared victory", "ja") == "勝利を分け合う"
    assert move_text("nosuchgame", "m1", "ja") == "m1"  # an imported game reads as stored


def test_score_keys_read_as_the_games_categories() -> None:
    from companion.display import category_label

    assert category_label("juusai", "points", "ja") == "点数"
    assert category_label("juusai", "score", "ja") == "得点"
    assert category_label("etariya", "points", "ja") == "得点チップ(E)"
    assert category_label("alluvium", "cooperation", "en") == "Co-operation bonus"
    assert category_label("nosuchgame", "race", "ja") == "race"


def test_every_bot_kind_reads_the_same_in_a_seat_and_in_the_history() -> None:
    """One table of bot names: a kind's default name in each language, as the play page shows
    it, and the stored (English) name read back in Japanese, timed MCTS included."""
    from companion.display import bot_kind_name, bot_name, player_name

    for kind in ("random", "greedy", "mcts", "mcts:weak", "mcts:strong", "mcts:2s",
                 "mcts:0.5s"):
        stored = bot_name(kind, "en")
        assert stored == f"Bot · {bot_kind_name(kind, 'en')}"
        assert player_name(stored, "ja") == bot_name(kind, "ja")
        assert player_name(stored, "en") == stored
    assert bot_name("mcts:2s", "ja") == "ボット · MCTS 2秒"
    assert bot_name("greedy", "ja") == "ボット · 貪欲"
    assert player_name("Bot · Someone", "ja") == "Bot · Someone"  # a person's chosen name
