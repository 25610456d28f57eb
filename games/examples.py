"""Plausible hands of every game, as a form would give them: for the demo and benchmarks.

`example_hand(key, table, rng, number, totals)` returns the flat data of one hand of that game
at that table (the keys of the game's `entry_fields`), drawn from `rng` (a seeded
random.Random, so a demo loads alike every time). The hands are legal: the game's own
`entry_from_data` and `score_entry` accept them. They are not meant to be realistic
play, only believable numbers on a score sheet.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from games.rules import domino_pinochle, double_takes, thats_it


def _texas_good_sams(table, rng, number, totals):
    out = rng.randrange(2)
    return {
        f"play_{out}": rng.choice((10, 15, 20, 25, 30, 40)),
        f"play_{1 - out}": rng.choice((0, 5, 10, 15, 20)),
        f"muggins_{out}": rng.choice((0, 0, 0, 5)),
        "end": f"out_{out}",
        f"pips_{1 - out}": rng.randrange(3, 40),
    }


def _double_draw(table, rng, number, totals):
    pips = rng.sample(range(0, 40), table.players)
    return {f"pips_{index}": count for index, count in enumerate(pips)}


def _thats_it(table, rng, number, totals):
    if rng.random() < 0.1:
        return {"caller": None}
    points = rng.choice(sorted(score for score in thats_it.POSSIBLE_SCORES if score <= 18))
    return {"caller": rng.randrange(table.players), "points": points}


def _domino_pinochle(table, rng, number, totals):
    reachable = domino_pinochle.reachable_meld_totals({})
    melds = [rng.choice(reachable[:6]) for _ in range(3)]
    data = {f"meld_points_{player}": points for player, points in enumerate(melds)}
    after = [total + points for total, points in zip(totals, melds, strict=True)]
    best = max(after)
    if best >= domino_pinochle.TARGET and after.count(best) == 1:
        return data  # won on melds: the tricks are not played
    first = rng.randrange(0, 30)
    second = rng.randrange(0, 44 - first)
    for player, points in enumerate((first, second, 44 - first - second)):
        data[f"tricks_{player}"] = points
    return data


def _double_takes(table, rng, number, totals):
    """One round of a shuffle; `number` (from 1) says which, so the doubles add up to 16."""
    players = table.players
    sides = table.sides
    per_player = double_takes.tiles_per_player(players)
    rounds = double_takes.rounds_per_shuffle(players)
    tricks = _split(rng, per_player, sides)
    # Share the 16 doubles out evenly over the rounds, the rest in the last one.
    share = double_takes.DOUBLES // rounds
    doubles_this_round = share if number < rounds else double_takes.DOUBLES - share * (rounds - 1)
    doubles = [0] * sides
    room = [count * players for count in tricks]
    for _ in range(doubles_this_round):
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


_EXAMPLES = {
    "texas_good_sams": _texas_good_sams,
    "double_draw": _double_draw,
    "thats_it": _thats_it,
    "domino_pinochle": _domino_pinochle,
    "double_takes": _double_takes,
}


def example_hand(key, table, rng, number, totals):
    """Return one plausible hand of the game `key` at `table`.

    number: the hand's number, from 1; totals: each side's total before it.
    """
    return _EXAMPLES[key](table, rng, number, tuple(totals))
