"""Sorani (ソラニ, "Solani" in the English rulebook): table tools for the physical game.

Modules: `setup` (seeded setup randomizer with a shareable code, as a checklist), `tracker`
(12 rounds × 5 phases with one sentence of what to do now), `scoring` (the score pad model and
its helpers), `notation` (the `companion score sorani FILE` format), `printing` (PDFs).
There is no digital play: this package only helps a group playing with the real box.
"""
