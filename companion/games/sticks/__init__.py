"""The Lanerme throwing-stick gambling games: 獣裁 (juusai), 連撃獣裁 (rengeki), 新遊 (shinyu).

Each game is a session of rounds played for points (点棒) kept per seat; the state's points
are the session ledger (`state.ledger()`). Move notation shared by the three games:

- ``throw``  — throw the five sticks (the only move of a 獣裁 seat; the banker's move in 新遊)
- ``again``  — 連撃獣裁: throw once more and add the result
- ``bank``   — 連撃獣裁: fix the running total
- ``bet 3x2`` — 新遊: stake 2 points on the number 3
- ``=4``     — a chance outcome: the sticks show 4 face up
"""
