"""The 紙机戦 (nincetkaik) card games of 『我々の遊戯』 on one shared 48-card deck.

Shared modules: `deck` (cards, notation, faces for the pictures), `hands` (役: 一枚, セット,
連番), `ledger` (point sticks, the 親 and its 加点, the table ledger), `cardgame` (hidden hands
and chance as card draws on the state API), `bots`, `printing`, `bench`, `record`.
One subpackage per game: `taxot` (終季), `makaik` (値戦), `nanto` (開樽), `makup` (値木), each
with `rules` (the engine), `table` (the table companion) and its registry entry `INFO`.
"""
