"""Ratings over a season (openskill): teams, tables ranked by totals, a fixed order."""

import random

from games.ratings import START_MU, PlayedGame, Rating, ranks, rate


def game(order, sides, totals, winners=(), family="tgs"):
    return PlayedGame(family, (order,), tuple(sides), tuple(totals), frozenset(winners))


def test_a_table_ranks_the_winners_then_the_totals_with_ties_as_ties():
    assert ranks(game(1, [("a",), ("b",), ("c",), ("d",)], [10, 5, 5, 1])) == [0, 1, 1, 3]
    assert ranks(game(1, [("a",), ("b",)], [7, 7])) == [0, 0]
    # the winner seat given by the desk outranks a higher total
    assert ranks(game(1, [("a",), ("b",)], [10, 100], winners={0})) == [0, 1]


def test_partners_rate_as_a_team_and_winners_go_up():
    ratings = rate([game(1, [("a", "b"), ("c", "d")], [250, 100])])["tgs"]
    assert ratings["a"].mu == ratings["b"].mu > START_MU > ratings["c"].mu == ratings["d"].mu
    assert ratings["a"].games == 1


def test_families_are_rated_apart_and_empty_or_lone_sides_are_skipped():
    found = rate(
        [
            game(1, [("a",), ("b",)], [1, 0], family="pinochle"),
            game(2, [("a",), ("b",)], [0, 1]),
            game(3, [("a",)], [1]),
            game(4, [("a",), ()], [1, 0]),
        ]
    )
    assert found["pinochle"]["a"].mu > START_MU > found["tgs"]["a"].mu
    assert found["tgs"]["a"].games == 1


def test_ratings_do_not_depend_on_the_order_the_games_are_given():
    rng = random.Random(7)
    people = [f"p{i}" for i in range(12)]
    games = []
    for order in range(60):
        seated = rng.sample(people, 4)
        games.append(game(order, [(p,) for p in seated], [rng.randrange(0, 5) for _ in seated]))
    shuffled = games[:]
    rng.shuffle(shuffled)
    assert rate(games) == rate(shuffled)


def test_a_rating_is_said_in_plain_words():
    assert Rating(27.14, 2.26, 14).words == "27.1, give or take 2.3, after 14 games"
    assert Rating(25, 8.333, 1).words == "25.0, give or take 8.3, after 1 game"
    assert Rating(27, 2, 3).ordinal == 21
