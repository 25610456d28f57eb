"""Double elimination: the layout, the drops into the losers' bracket, the reset, byes."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.formats import FormatError, get_format, play
from games.formats.bracket import bracket_size
from tests.games.formats_helpers import describe, play_out, stronger

DOUBLE = get_format("double_elimination")
team_counts = st.integers(2, 300)

EIGHT = [(1, 8), (4, 5), (2, 7), (3, 6)]
EIGHT_GAMES = [
    "Game 1 (Winners' round 1) 1 v 8: winner game 5/0, loser game 7/0",
    "Game 2 (Winners' round 1) 4 v 5: winner game 5/1, loser game 7/1",
    "Game 3 (Winners' round 1) 2 v 7: winner game 6/0, loser game 8/0",
    "Game 4 (Winners' round 1) 3 v 6: winner game 6/1, loser game 8/1",
    # The loser of game 5 (from games 1-2) drops against the losers of games 3-4, and
    # the other way round: nobody meets, on dropping, a team from their own half.
    "Game 5 (Winners' round 2): winner game 11/0, loser game 10/1",
    "Game 6 (Winners' round 2): winner game 11/1, loser game 9/1",
    "Game 7 (Losers' round 1): winner game 9/0, loser out",
    "Game 8 (Losers' round 1): winner game 10/0, loser out",
    "Game 9 (Losers' round 2): winner game 12/0, loser out",
    "Game 10 (Losers' round 2): winner game 12/1, loser out",
    "Game 11 (Winners' final): winner game 14/0, loser game 13/1",
    "Game 12 (Losers' round 3): winner game 13/0, loser out",
    "Game 13 (Losers' final): winner game 14/1, loser out",
    "Game 14 (Grand final): winner game 15/0, loser game 15/1",
    "Game 15 (Grand final reset): winner champion, loser out, only if slot 1 wins game 14",
]


def test_eight_teams_play_the_hand_worked_bracket():
    structure = DOUBLE.from_first_round(EIGHT)

    assert describe(structure) == EIGHT_GAMES
    assert [(r.name, r.out_place, r.out_count) for r in structure.rounds] == [
        ("Winners' round 1", None, 0),
        ("Winners' round 2", None, 0),
        ("Losers' round 1", 7, 2),
        ("Losers' round 2", 5, 2),
        ("Winners' final", None, 0),
        ("Losers' round 3", 4, 1),
        ("Losers' final", 3, 1),
        ("Grand final", 2, 1),
        ("Grand final reset", 2, 1),
    ]
    assert structure.warnings == ()


def test_eight_teams_the_losers_champion_wins_the_grand_final_and_the_reset_is_played():
    structure = DOUBLE.from_first_round(EIGHT)
    # Winners' bracket: the lower number wins; 5 and 6 win losers' round 1, 3 and 4
    # round 2, 3 round 3; 2 (from the winners' final) wins the losers' final and the
    # grand final; 1 wins the reset.
    results = {0: 0, 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 1, 8: 1, 9: 1}
    results |= {10: 0, 11: 0, 12: 1, 13: 1, 14: 1}

    outcome = play(structure, results)

    assert outcome.sides == (
        (1, 8), (4, 5), (2, 7), (3, 6), (1, 4), (2, 3), (8, 5), (7, 6),
        (5, 3), (6, 4), (1, 2), (3, 4), (3, 2), (1, 2), (2, 1),
    )  # fmt: skip
    assert outcome.champion == 1
    assert outcome.skipped == ()
    assert outcome.losses == {1: 1, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 2, 8: 2}
    assert outcome.out == {8: 6, 7: 7, 5: 8, 6: 9, 4: 11, 3: 12, 2: 14}
    assert [(p.place, p.team, p.shared) for p in outcome.placings] == [
        (1, 1, False), (2, 2, False), (3, 3, False), (4, 4, False),
        (5, 5, True), (5, 6, True), (7, 7, True), (7, 8, True),
    ]  # fmt: skip


def test_when_the_winners_champion_wins_the_grand_final_the_reset_is_not_played():
    structure = DOUBLE.from_first_round(EIGHT)
    results, outcome, _ = play_out(structure, stronger)

    assert outcome.skipped == (14,)
    assert 14 not in results
    assert outcome.champion == 1
    assert outcome.out[2] == 13  # out in the grand final: second
    assert outcome.placings[1].place == 2
    assert len(results) == 2 * 8 - 2


def test_a_result_for_a_reset_that_is_not_needed_is_refused():
    structure = DOUBLE.from_first_round(EIGHT)
    results, _, _ = play_out(structure, stronger)

    with pytest.raises(FormatError, match=r"Game 15 \(Grand final reset\) is not played"):
        play(structure, {**results, 14: 0})


TWELVE = [(1, None), (8, 9), (4, None), (5, 12), (2, None), (7, 10), (3, None), (6, 11)]
TWELVE_GAMES = [
    "Game 1 (Winners' round 1) 1 v bye: winner game 9/0",
    "Game 2 (Winners' round 1) 8 v 9: winner game 9/1, loser game 13/1",
    "Game 3 (Winners' round 1) 4 v bye: winner game 10/0",
    "Game 4 (Winners' round 1) 5 v 12: winner game 10/1, loser game 14/1",
    "Game 5 (Winners' round 1) 2 v bye: winner game 11/0",
    "Game 6 (Winners' round 1) 7 v 10: winner game 11/1, loser game 15/1",
    "Game 7 (Winners' round 1) 3 v bye: winner game 12/0",
    "Game 8 (Winners' round 1) 6 v 11: winner game 12/1, loser game 16/1",
    "Game 9 (Winners' round 2): winner game 21/0, loser game 18/1",
    "Game 10 (Winners' round 2): winner game 21/1, loser game 17/1",
    "Game 11 (Winners' round 2): winner game 22/0, loser game 20/1",
    "Game 12 (Winners' round 2): winner game 22/1, loser game 19/1",
    # Each first-round bye leaves a hole: the other game's loser waits a round.
    "Game 13 (Losers' round 1) bye: winner game 17/0",
    "Game 14 (Losers' round 1) bye: winner game 18/0",
    "Game 15 (Losers' round 1) bye: winner game 19/0",
    "Game 16 (Losers' round 1) bye: winner game 20/0",
    "Game 17 (Losers' round 2): winner game 23/0, loser out",
    "Game 18 (Losers' round 2): winner game 23/1, loser out",
    "Game 19 (Losers' round 2): winner game 24/0, loser out",
    "Game 20 (Losers' round 2): winner game 24/1, loser out",
    "Game 21 (Winners' round 3): winner game 27/0, loser game 26/1",
    "Game 22 (Winners' round 3): winner game 27/1, loser game 25/1",
    "Game 23 (Losers' round 3): winner game 25/0, loser out",
    "Game 24 (Losers' round 3): winner game 26/0, loser out",
    "Game 25 (Losers' round 4): winner game 28/0, loser out",
    "Game 26 (Losers' round 4): winner game 28/1, loser out",
    "Game 27 (Winners' final): winner game 30/0, loser game 29/1",
    "Game 28 (Losers' round 5): winner game 29/0, loser out",
    "Game 29 (Losers' final): winner game 30/1, loser out",
    "Game 30 (Grand final): winner game 31/0, loser game 31/1",
    "Game 31 (Grand final reset): winner champion, loser out, only if slot 1 wins game 30",
]


def test_twelve_teams_play_the_hand_worked_bracket_with_four_byes():
    structure = DOUBLE.from_first_round(TWELVE)

    assert describe(structure) == TWELVE_GAMES
    assert structure.played_games == 2 * 12 - 2
    assert structure.warnings == ()
    places = {r.name: (r.out_place, r.out_count) for r in structure.rounds if r.out_place}
    assert places == {
        "Losers' round 2": (9, 4),
        "Losers' round 3": (7, 2),
        "Losers' round 4": (5, 2),
        "Losers' round 5": (4, 1),
        "Losers' final": (3, 1),
        "Grand final": (2, 1),
        "Grand final reset": (2, 1),
    }


def test_twelve_teams_played_out_by_strength_place_as_worked_by_hand():
    structure = DOUBLE.from_first_round(TWELVE)

    results, outcome, _ = play_out(structure, stronger)

    # Losers' round 2: 9 v 5, 12 v 8, 10 v 6, 11 v 7 (each bye winner against the loser
    # of the neighbouring winners' game); round 3: 5 v 8, 6 v 7; round 4: 5 v 3, 6 v 4.
    sides = outcome.sides
    assert [sides[i] for i in range(16, 20)] == [(9, 5), (12, 8), (10, 6), (11, 7)]
    assert [sides[i] for i in (22, 23, 24, 25)] == [(5, 8), (6, 7), (5, 3), (6, 4)]
    assert sides[27:30] == ((3, 4), (3, 2), (1, 2))
    # Byes: 1-4 in the winners' first round, 9-12 (its losers) in the losers' first.
    assert outcome.byes == {team: int(team not in (5, 6, 7, 8)) for team in range(1, 13)}
    assert [(p.place, p.team) for p in outcome.placings] == [
        (1, 1), (2, 2), (3, 3), (4, 4), (5, 5), (5, 6), (7, 7), (7, 8),
        (9, 9), (9, 10), (9, 11), (9, 12),
    ]  # fmt: skip
    assert len(results) == 22


def test_without_the_reset_house_rule_the_grand_final_is_played_once():
    structure = DOUBLE.from_first_round(EIGHT, options={"reset": "off"})

    assert describe(structure)[-1] == ("Game 14 (Grand final): winner champion, loser out")
    results, outcome, _ = play_out(structure, lambda first, second: 1)
    assert outcome.champion == outcome.sides[13][1]
    assert len(results) == 14
    assert DOUBLE.house_rules({"reset": False}) == [
        "Two losses and a team is out. The grand final is played once."
    ]


def test_two_teams_meet_again_in_the_grand_final():
    structure = DOUBLE.make([1, 2], seed=1)

    assert [structure.game_name(game.index) for game in structure.games] == [
        "Game 1 (Winners' final)",
        "Game 2 (Grand final)",
        "Game 3 (Grand final reset)",
    ]
    assert structure.games[0].loser_to == (1, 1)


def test_more_byes_than_a_quarter_of_the_slots_warn_of_a_second_bye():
    structure = DOUBLE.from_first_round([(1, None), (2, None), (3, None), (4, 5)])

    assert structure.warnings == (
        "5 teams in a bracket of 8 have 3 byes, more than a quarter of the slots: with the "
        "byes spread over every half and quarter, a team that had a bye may get a second "
        "one in the losers' bracket.",
        "Game 8 (Losers' round 2): the loser of Game 6 (Winners' round 2) meets nobody "
        "there and goes on, a second bye if that team had a bye in the first round.",
    )
    _, outcome, _ = play_out(structure, lambda first, second: 1)
    assert outcome.sides[5] == (3, 5)  # 5 beat 4, then 3 in game 6: 3 drops to game 8
    assert outcome.byes[3] == 2


def test_byes_placed_by_hand_are_warned_of_game_by_game():
    pairs = [(1, None), (2, None), (3, None), (4, 5), (6, None), (7, 8), (9, 10), (11, 12)]

    structure = DOUBLE.from_first_round(pairs)

    assert structure.warnings == (
        "Game 16 (Losers' round 2): the loser of Game 10 (Winners' round 2) meets nobody "
        "there and goes on, a second bye if that team had a bye in the first round.",
    )


def test_an_empty_losers_game_after_two_byes_is_not_made():
    structure = DOUBLE.from_first_round([(1, None), (2, None), (3, 4), (5, 6)])

    losers_first = [g for g in structure.games if (g.stage, g.round_number) == ("losers", 1)]
    assert [g.bye for g in losers_first] == [False]  # 3-4's loser v 5-6's
    assert structure.warnings == ()  # the bye in losers' round 2 goes to 3-6's loser


# Properties for any number of teams.


def few_byes(count):
    """Say whether at most a quarter of the bracket's slots are byes (no warning)."""
    return 4 * (bracket_size(count) - count) <= bracket_size(count)


def played_out(count, seed, pick):
    structure = DOUBLE.make(list(range(1, count + 1)), seed=seed)
    return (structure, *play_out(structure, lambda first, second: pick.randint(0, 1)))


@settings(max_examples=60, deadline=None)
@given(team_counts, st.integers(), st.randoms(use_true_random=False))
def test_any_bracket_plays_out_to_exactly_one_champion(count, seed, pick):
    structure, _, outcome, _ = played_out(count, seed, pick)

    assert outcome.champion is not None
    assert set(outcome.out) == set(structure.entrants) - {outcome.champion}


@settings(max_examples=60, deadline=None)
@given(team_counts, st.integers(), st.randoms(use_true_random=False))
def test_nobody_plays_after_losing_twice(count, seed, pick):
    _, _, outcome, played = played_out(count, seed, pick)

    assert all(max(losses) < 2 for _index, _teams, losses in played)
    assert all(outcome.losses[team] == 2 for team in outcome.out)
    assert outcome.losses[outcome.champion] in (0, 1)


@settings(max_examples=60, deadline=None)
@given(team_counts, st.integers(), st.randoms(use_true_random=False))
def test_a_bracket_plays_2n_minus_2_games_or_2n_minus_1_with_the_reset(count, seed, pick):
    structure, results, outcome, _ = played_out(count, seed, pick)

    assert structure.played_games == 2 * count - 2
    grand_final = structure.games[-1].only_if[0]
    reset_played = results[grand_final] == 1
    assert len(results) == 2 * count - 2 + reset_played
    assert outcome.skipped == (() if reset_played else (len(structure.games) - 1,))


@settings(max_examples=60, deadline=None)
@given(team_counts, st.integers(), st.randoms(use_true_random=False))
def test_no_team_gets_a_second_bye_unless_the_draw_page_is_warned(count, seed, pick):
    structure, _, outcome, _ = played_out(count, seed, pick)

    assert bool(structure.warnings) == (not few_byes(count))
    if not structure.warnings:
        assert max(outcome.byes.values()) <= 1


@given(team_counts.filter(lambda count: not few_byes(count)))
def test_with_more_byes_than_a_quarter_of_the_slots_a_second_bye_cannot_be_avoided(count):
    # Byes spread over every half and quarter put one in every pair of first-round games,
    # and some pair holds two: its losers' game is empty, and whoever drops into the
    # next one comes from a pair with a bye.
    pairs = DOUBLE.make(list(range(count)), seed=count).games[: bracket_size(count) // 2]
    per_pair = [
        sum(None in game.entrants for game in pairs[i : i + 2]) for i in range(0, len(pairs), 2)
    ]

    assert min(per_pair) >= 1
    assert max(per_pair) == 2


@settings(max_examples=60, deadline=None)
@given(team_counts.filter(few_byes), st.integers(), st.randoms(use_true_random=False))
def test_a_team_never_meets_in_its_first_losers_game_a_team_it_met_before_the_losers_final(
    count, seed, pick
):
    # With more byes, a team given a bye in losers' round 2 may meet in round 3 a team
    # from its own section (5 teams: nobody else is left to meet).
    structure, _, _, played = played_out(count, seed, pick)
    losers_final = max(g.loser_to[0] for g in structure.games if g.stage == "winners" and not g.bye)
    met: dict = {team: set() for team in structure.entrants}
    in_losers: set = set()
    for index, (first, second), _losses in played:
        if structure.games[index].stage == "losers":
            for team, other in ((first, second), (second, first)):
                if team not in in_losers and index != losers_final:
                    assert other not in met[team], f"{team} meets {other} again, game {index + 1}"
            in_losers |= {first, second}
        met[first].add(second)
        met[second].add(first)


@settings(max_examples=60, deadline=None)
@given(team_counts, st.integers())
def test_a_bracket_of_any_size_has_only_byes_in_the_winners_first_round_and_losers_holes(
    count, seed
):
    structure = DOUBLE.make(list(range(count)), seed=seed)

    for game in structure.games:
        if game.bye:
            assert (game.stage, game.round_number) in {
                ("winners", 1),
                ("losers", 1),
                ("losers", 2),
            }


def test_the_same_teams_and_seed_give_the_same_bracket():
    teams = list(range(1, 41))
    shuffled = random.Random(3).sample(teams, len(teams))

    assert DOUBLE.make(teams, seed=9) == DOUBLE.make(shuffled, seed=9)
