"""That's It's plausible hands as the hand form gives them, for the demo, the
benches and tests (`games.contract.GameExamples`).

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from games.rules.thats_it.rules import POSSIBLE_SCORES


def example_hand(table, rng, number, totals):
    """Return one plausible hand: mostly a caller with a small typed score."""
    if rng.random() < 0.1:
        return {"caller": None}
    points = rng.choice(sorted(score for score in POSSIBLE_SCORES if score <= 18))
    return {"caller": rng.randrange(table.players), "points": points}
