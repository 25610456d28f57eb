"""Double Takes (double-fifteen): score the hands of one shuffle.

2, 3 or 4 players; 4 play as two partnerships (players 1 and 3 against 2 and 4), so
a game has 2 or 3 sides. The whole set is dealt out over several hands; each trick and
each double taken is worth 1 point, each revoke costs the revoking side 5. The game is
one shuffle and the highest score wins; equal highest scores tie.

Words, one for each thing (what officials and players see):
- a *hand*: one deal of 17 tiles a player (15 with 3 players), played out in tricks; it
  is one row of the score sheet ("Hand 2"), as in every other game. The source text calls
  it a "round"; the desk never does, so it cannot be read as the event's
  seating round.
- a *shuffle*: the whole set dealt out, 4, 3 or 2 hands for 2, 3 or 4 players; one game.
- a *round*: only a round of the event (its seating: "Round 1", tables and sit-outs).
The code keeps the source's names for its parts (`score_round`, `RoundScore`,
`rounds_per_shuffle`): each is about one hand.

Pure rules: plain data in, plain data out; this package imports no Django.

The rules live in `rules` (the counts of a shuffle, a trick's winner, a hand's and a
shuffle's score, the sizes of its tables, the house rules); the engine's part (the
tables, a hand's entry, its score and the game's state) in `entry`; its plausible hands
in `examples`. Each meets its part of `games.contract` (GameRules, GameHands,
GameExamples); import each name from the module that defines it.
"""
