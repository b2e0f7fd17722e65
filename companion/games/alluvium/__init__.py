"""Alluvium (アルヴィウム): a flip-and-write game for 3–5 players on 9 × 9 map sheets.

Modules: `profile` (sheet and card profiles from resources/), `scoring` (area and
co-operation bonuses, winner), `notation` (the plain-text sheet file and its report),
`printing` (blank and filled PDF sheets), `rules` (the digital engine), `bench`.
"""
