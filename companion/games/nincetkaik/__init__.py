"""The 紙机戦 (nincetkaik) card games of 『我々の遊戯』 on one shared 48-card deck.

Shared modules: `deck` (cards, notation, faces for the pictures), `hands` (役: 一枚, セット,
連番, 連番のセット), `ledger` (point sticks, the 親 and its 加点, the table ledger `Session`),
`cardgame` (hidden hands and chance as card draws on the state API), `stakes` (the stake games'
pot), `bots`, `printing`, `bench`, `record` (documented JSON, the move list a seat may see).
One subpackage per game: `taxot` (終季), `makaik` (値戦), `nanto` (開樽), `makup` (値木), each
with `rules` (the engine), `table` (the table companion) and its registry entry `INFO`.

What the card screens use:

- a position as a seat sees it: `state.view(seat)`; its own cards `hands[seat]`, everyone's
  count `hand_size(s)`, `points`, `parent`, `round_no`, `deck_size`, `last` (how the last
  season / hand / deal ended: `SeasonResult`, `HandResult`, `DealResult`), and the game's public
  zones — 終季 `melds`, `discards`, `indicators`, `rate`, `phase` and `asks` (who may claim
  `claim_card`); 値戦 `shared`, `pot`, `active`, `phase`, `base`, `bet_round`, `leader`;
  開樽 `pot`, `bets`, `least`; 値木 `roads`, `discards`;
- `legal_moves()` of the seat to move, `str(move)` / `parse_move(text)`, `why_illegal(move)`;
- `deck.face(card)` for a picture (kanji, colour, number, strength, tally numeral, names);
- `record.visible_moves(record, seat)` for the move list, `cardgame.undo_reveals_nothing`
  before offering undo in hot-seat;
- per game `table.new_session(names)`, the plan of the next round (`season_plan`,
  `hand_plan`, `deal_plan`, `game_plan`), the calculators and the `…_step` builders; the
  immutable `ledger.Session` with `add` / `undo` / `redo` / `to_play_record`.
"""
