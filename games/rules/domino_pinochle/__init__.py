"""Domino Pinochle (double-six, 3 players): melds, tricks and a game to 250.

Each player is dealt 9 tiles; the one tile left is the widow. A tile's suit is its
higher number and its value in that suit its lower number, so the double ranks highest
and the blank lowest. Players are indexed 0, 1, 2 in seating order from the dealer's
left ("Player 1" is the first to meld).

Meld rulings (the source text lost them): a sequence meld is 3 or 4 tiles of one suit
with consecutive values, the suit's double counting as its own number; a doubles meld
is 3 or 4 doubles with consecutive numbers. A tile is in one meld only. The widow may
complete any player's meld but earns no points: a meld scores 1 per tile from the hand,
plus a bonus (2 by default) for a four-tile meld whose four tiles all come from the hand.

Pure rules: plain data in, plain data out; this package imports no Django.

The rules live in `rules` (melds, the game, the house rules) and `tricks` (a tile's
suit, a trick's winner, trick points); the engine's part (tables, a hand's entry, its
score, the game's state) in `entry`; its plausible hands in `examples`. Each meets its
part of `games.contract` (GameRules, GameHands, GameExamples); import each name from the
module that defines it.
"""
