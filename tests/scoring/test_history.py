"""Hand history in plain words."""

from scoring.history import describe_hand


def snapshot(**fields):
    base = {
        "number": 1,
        "play": [0, 0],
        "muggins": [0, 0],
        "end": "none",
        "out_side": None,
        "pips": [None, None],
        "award": [0, 0],
        "penalties": [],
        "penalty_points": [0, 0],
        "points": [0, 0],
        "reached_first": None,
    }
    return {**base, **fields}


def test_nothing_describes_as_nothing():
    assert describe_hand(None) == ""


def test_an_out_hand_names_the_side_and_the_rounded_pips():
    text = describe_hand(snapshot(end="out", out_side=1, pips=[22, None], points=[0, 20]))
    assert text == "Side 1 0, Side 2 20 (Side 2 went out, 22 pips → 20)"


def test_a_blocked_hand_gives_both_sides_pips():
    text = describe_hand(snapshot(end="blocked", pips=[12, 33], points=[35, 0]))
    assert text == (
        "Side 1 35, Side 2 0 (blocked, Side 1 held 12 pips → 10, Side 2 held 33 pips → 35)"
    )


def test_muggins_penalties_and_who_reached_250_first_are_named():
    text = describe_hand(
        snapshot(
            muggins=[5, 0],
            penalties=[{"side": 1, "reason": "renege", "offender": 3, "offender_name": "Ann"}],
            points=[55, 0],
            reached_first=0,
        )
    )
    assert "Side 1 claimed 5 muggins" in text
    assert "penalty on Ann: reneging" in text
    assert "Side 1 reached 250 first" in text
