"""Sorani (ソラニ, "Solani" in the English rulebook).

Table tools for the physical game: `setup` (seeded setup randomizer with a shareable code, as a
checklist), `tracker` (12 rounds × 5 phases with one sentence of what to do now), `scoring`
(the score pad model and its helpers), `notation` (the `companion score sorani FILE` format),
`printing` (PDFs).

Digital play on the app's own reconstruction of the components (the rulebook prints the flow
and the scoring, not the boards and tiles): `catalogue` (the components, read from
resources/sorani/catalogue.json and checked), `lattice` (board geometry), `board` (a player's
board: placement spots, nodes, dark skies, special-feature criteria, and its score-pad entries
— scored by `scoring` like a table play), `moves` (notation), `rules` (the engine), `bots`
(evaluation, playout policy, search hooks), `texts` (moves and end reasons in Japanese),
`board_sheet` (the result sheet of a digital play), `record` (the documented JSON record),
`bench` (figures).
"""
