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
