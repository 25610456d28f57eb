"""That's It (double-fifteen): read a winning hand of seven tiles and score it.

A winning hand is a meld of 4 tiles and a meld of 3 tiles. A doubles meld is 3 or 4
doubles; a suit meld is 3 or 4 tiles sharing one number (the suit), the suit's double
included. A tile's value is its other number in a suit meld, its number in a doubles
meld. Only the player who calls "That's it" scores. Every player plays alone, 2 or more
at a table, up to the event's largest table (at most 19: the set deals 7 tiles each).

Pure rules: plain data in, plain data out; this package imports no Django.

The rules live in `rules` (melds, the best reading of a hand, the game, the house
rules); the engine's part (tables, a hand's entry, its score, the game's state) in
`entry`; its plausible hands in `examples`. Each meets its part of `games.contract`
(GameRules, GameHands, GameExamples); import each name from the module that defines it.
"""
