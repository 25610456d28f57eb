"""Domino Pinochle's plausible hands as the hand form gives them, for the demo, the
benches and tests (`games.contract.GameExamples`).

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from games.rules.domino_pinochle.rules import TARGET, reachable_meld_totals


def example_hand(table, rng, number, totals):
    """Return one plausible hand: typed meld points, then the tricks unless melds won."""
    reachable = reachable_meld_totals({})
    melds = [rng.choice(reachable[:6]) for _ in range(3)]
    data = {f"meld_points_{player}": points for player, points in enumerate(melds)}
    after = [total + points for total, points in zip(totals, melds, strict=True)]
    best = max(after)
    if best >= TARGET and after.count(best) == 1:
        return data  # won on melds: the tricks are not played
    first = rng.randrange(0, 30)
    second = rng.randrange(0, 44 - first)
    for player, points in enumerate((first, second, 44 - first - second)):
        data[f"tricks_{player}"] = points
    return data
