"""Seasons across tournaments: what the season pages, exports and API read.

`board.season_board` (leaderboard, chapter points, proposals, each player's season),
`ratings.season_ratings` (openskill, per game), over `placings` (each tournament's
placings, read with the exports' readers and kept once per change). Writes are the
services of `tournaments.services.seasons`; the pure rules are `games.seasons` and
`games.ratings`.
"""
