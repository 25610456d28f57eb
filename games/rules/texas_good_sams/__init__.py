"""Texas Good Sams (double-six): score a hand and follow a game to 250.

Doubles is 4 players in 2 partnerships with 7 tiles each; singles is 2 players with
9 tiles each and a bone pile of 10. Either way a game has two sides, Side 1 and
Side 2 (indexes 0 and 1), and the first side to reach 250 wins.

Pure rules: plain data in, plain data out; this package imports no Django.

The rules live in `rules` (the deal, a hand's score, the game, the house rules); the
engine's part (the table, a hand's entry, its score, the game's state) in `entry`; its
plausible hands in `examples`. Each meets its part of `games.contract` (GameRules,
GameHands, GameExamples); import each name from the module that defines it.
"""
