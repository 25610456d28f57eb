"""Hand history in plain words."""

from games.registry import get_game
from scoring import history

TEXAS = get_game("texas_good_sams")
WORDS = history.HandWords(spec=TEXAS, table=TEXAS.table({}, sides=2, team_size=2), options={})


def describe_hand(data):
    return history.describe_hand(data, WORDS)


def snapshot(
    *,
    end="none",
    out_side=None,
    play=(0, 0),
    muggins=(0, 0),
    pips=(None, None),
    penalties=(),
    points=(0, 0),
    reached_first=None,
):
    """Return a Texas Good Sams hand as its history keeps it: number, points, detail."""
    detail = {"end": f"out_{out_side}" if end == "out" else end, "reached_first": reached_first}
    for side in (0, 1):
        detail[f"play_{side}"] = play[side]
        detail[f"muggins_{side}"] = muggins[side]
        detail[f"pips_{side}"] = pips[side]
    detail["penalties"] = list(penalties)
    return {"number": 1, "points": list(points), "detail": detail}


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


def test_a_penalty_without_a_name_names_the_side_and_missing_pips_say_so():
    text = describe_hand(
        snapshot(
            end="out",
            out_side=0,
            play=[0, 10],
            penalties=[{"side": 1, "reason": "talking", "offender": None}],
            points=[50, 10],
        )
    )
    assert text == (
        "Side 1 50, Side 2 10 (Side 2 played 10; Side 1 went out, no pips; "
        "penalty on Side 2: talking to a partner)"
    )


def test_a_snapshot_the_rules_cannot_read_is_described_by_its_points():
    broken = {"number": 1, "points": [5, 0], "detail": {"end": "out_7"}}
    assert describe_hand(broken) == "Side 1 5, Side 2 0"


def words_for(key, players):
    spec = get_game(key)
    return history.HandWords(
        spec=spec, table=spec.table({}, sides=players, team_size=1), options={}
    )


def test_another_game_is_described_from_the_rules_lines_of_the_sides_that_scored():
    words = words_for("thats_it", 2)
    data = {"number": 1, "points": [0, 16], "detail": {"caller": 1, "points": 16}}
    assert history.describe_hand(data, words) == (
        "Player 1 0, Player 2 16 (Player 2: called That's it: 16 points (typed))"
    )


def test_a_hand_where_nobody_scored_is_described_by_the_rules_notes():
    words = words_for("double_draw", 3)
    data = {"number": 1, "points": [0, 0, 0], "detail": {"pips_0": 5, "pips_1": 5, "pips_2": 9}}
    assert history.describe_hand(data, words) == (
        "Player 1 0, Player 2 0, Player 3 0 "
        "(Player 1 and Player 2 tie for lowest with 5 pips, so nobody scores.)"
    )


def test_another_games_hand_the_rules_no_longer_read_gives_its_points_alone():
    words = words_for("double_draw", 3)
    data = {"number": 1, "points": [20, 0, 0], "detail": {"pips_0": 5}}
    assert history.describe_hand(data, words) == "Player 1 20, Player 2 0, Player 3 0"
    unseated = history.HandWords(spec=words.spec, table=None, options={})
    assert history.describe_hand(data, unseated) == "Side 1 20, Side 2 0, Side 3 0"
