"""Texas Good Sams's plausible hands as the hand form gives them, for the demo, the
benches and tests (`games.contract.GameExamples`).

Pure rules: plain data in, plain data out; this module imports no Django.
"""


def example_hand(table, rng, number, totals):
    """Return one plausible hand: a side goes out, both score some play."""
    out = rng.randrange(2)
    return {
        f"play_{out}": rng.choice((10, 15, 20, 25, 30, 40)),
        f"play_{1 - out}": rng.choice((0, 5, 10, 15, 20)),
        f"muggins_{out}": rng.choice((0, 0, 0, 5)),
        "end": f"out_{out}",
        f"pips_{1 - out}": rng.randrange(3, 40),
    }
