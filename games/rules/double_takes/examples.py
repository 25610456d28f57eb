"""Double Takes's plausible hands as the hand form gives them, for the demo, the
benches and tests (`games.contract.GameExamples`).

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from games.rules.double_takes.rules import DOUBLES, rounds_per_shuffle, tiles_per_player


def example_hand(table, rng, number, totals):
    """Return one hand of a shuffle; `number` (from 1) says which, so the doubles add up
    to 16."""
    players = table.players
    sides = table.sides
    per_player = tiles_per_player(players)
    rounds = rounds_per_shuffle(players)
    tricks = _split(rng, per_player, sides)
    # Share the 16 doubles out evenly over the hands, the rest in the last one.
    share = DOUBLES // rounds
    doubles_this_hand = share if number < rounds else DOUBLES - share * (rounds - 1)
    doubles = [0] * sides
    room = [count * players for count in tricks]
    for _ in range(doubles_this_hand):
        side = max(range(sides), key=lambda index: (room[index] - doubles[index], -index))
        doubles[side] += 1
    data = {}
    for side in range(sides):
        data[f"tricks_{side}"] = tricks[side]
        data[f"doubles_{side}"] = doubles[side]
        data[f"revokes_{side}"] = 1 if rng.random() < 0.05 else 0
    return data


def _split(rng, total, parts):
    """Return parts whole numbers, each at least 1, that add up to total."""
    cuts = sorted(rng.sample(range(1, total), parts - 1))
    return [high - low for low, high in zip([0, *cuts], [*cuts, total], strict=True)]
