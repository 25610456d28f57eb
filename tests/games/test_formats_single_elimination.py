"""Single elimination as a format: the desk's bracket, its names, places and singles feed."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.formats import get_format
from games.formats.bracket import BracketError, build_bracket, first_round
from tests.games.formats_helpers import describe, play_out, stronger
from tournaments import brackets, naming

SINGLE = get_format("single_elimination")
team_counts = st.integers(2, 300)


def teams_of(count):
    return list(range(1, count + 1))


@given(team_counts, st.integers())
def test_it_draws_the_same_first_round_and_next_games_as_the_desks_bracket(count, seed):
    structure = SINGLE.make(teams_of(count), seed=seed)

    rounds = brackets.build_bracket(brackets.first_round(teams_of(count), seed=seed))
    desk = [game for games in rounds for game in games]
    assert len(structure.games) == len(desk)
    for game, old in zip(structure.games, desk, strict=True):
        assert game[1:4] == ("main", old.round_number, old.position)
        assert game.bye == old.bye
        if old.round_number == 1:
            assert game.entrants == old.teams
        if old.next_game is None:
            assert game.winner_to is None
        else:
            target, slot = game.winner_to
            assert (structure.games[target].round_number, structure.games[target].position) == (
                old.next_game
            )
            assert slot == old.next_slot
        assert game.loser_to is None


@given(st.integers(2, 300), st.data())
def test_it_names_rounds_and_games_as_the_desk_does(count, data):
    structure = SINGLE.make(teams_of(count), seed=count)
    total = structure.games[-1].round_number
    index = data.draw(st.integers(0, len(structure.games) - 1))
    game = structure.games[index]

    assert structure.game_name(index) == naming.game_name(
        stage=1, round_number=game.round_number, position=game.position, rounds_total=total
    )


def test_it_gives_the_byes_to_the_teams_the_official_chose():
    structure = SINGLE.make(teams_of(6), seed=2, byes=[3, 5])

    with_bye = {team for game in structure.games if game.bye for team in game.entrants if team}
    assert with_bye == {3, 5}


def test_five_teams_lay_out_as_worked_by_hand():
    structure = SINGLE.from_first_round([(1, None), (4, 5), (2, None), (3, None)])

    assert describe(structure) == [
        "Game 1 (Quarter-final) 1 v bye: winner game 5/0",
        "Game 2 (Quarter-final) 4 v 5: winner game 5/1, loser out",
        "Game 3 (Quarter-final) 2 v bye: winner game 6/0",
        "Game 4 (Quarter-final) 3 v bye: winner game 6/1",
        "Game 5 (Semi-final): winner game 7/0, loser out",
        "Game 6 (Semi-final): winner game 7/1, loser out",
        "Game 7 (Final): winner champion, loser out",
    ]
    _, outcome, _ = play_out(structure, stronger)
    assert [(p.place, p.team, p.shared) for p in outcome.placings] == [
        (1, 1, False),
        (2, 2, False),
        (3, 3, True),
        (3, 4, True),
        (5, 5, False),
    ]


def test_the_losers_of_first_games_feed_the_singles_and_a_bye_teams_second_game():
    structure = SINGLE.from_first_round([(1, None), (4, 5), (2, None), (3, None)])

    # 4 v 5 is both teams' first game; in the semi-finals, 1 (slot 0 of game 5) and
    # 2 and 3 (game 6) play their first game; 4 or 5, in slot 1 of game 5, does not.
    assert structure.singles_feed == ((1, 0), (1, 1), (4, 0), (5, 0), (5, 1))


@settings(deadline=None)
@given(team_counts, st.integers(), st.randoms(use_true_random=False))
def test_the_singles_are_fed_exactly_by_the_losers_of_their_first_game(count, seed, pick):
    structure = SINGLE.make(teams_of(count), seed=seed)

    _, outcome, played = play_out(structure, lambda first, second: pick.randint(0, 1))

    feed = set(structure.singles_feed)
    seen = set()
    for index, teams, _losses in played:
        for slot, team in enumerate(teams):
            assert ((index, slot) in feed) == (team not in seen)
            seen.add(team)
    assert outcome.champion is not None


@settings(deadline=None)
@given(team_counts, st.integers(), st.randoms(use_true_random=False))
def test_any_bracket_has_one_champion_after_n_minus_1_games_and_places_everyone(count, seed, pick):
    structure = SINGLE.make(teams_of(count), seed=seed)

    results, outcome, played = play_out(structure, lambda first, second: pick.randint(0, 1))

    assert structure.played_games == len(results) == count - 1
    assert all(losses == (0, 0) for _index, _teams, losses in played)
    assert outcome.champion is not None
    assert sorted(p.team for p in outcome.placings) == teams_of(count)
    assert max(outcome.byes.values()) <= 1


@pytest.mark.parametrize(
    ("pairs", "message"),
    [
        ([(1, 2), (3, 4), (5, 6)], "power-of-two number of games, not 3"),
        ([(1, 2), (None, None)], "Game 2 of the first round has two byes"),
        ([(1, None)], "A bracket needs at least 2 teams; 1 team entered"),
        ([(1, 2, 3)], "Game 1 of the first round needs two slots"),
    ],
)
def test_it_refuses_a_first_round_that_cannot_be_played(pairs, message):
    with pytest.raises(BracketError, match=message):
        SINGLE.from_first_round(pairs)


@pytest.mark.parametrize(
    ("teams", "byes", "message"),
    [
        ([1, 2, 3, 3], None, "Team 3 is entered twice"),
        ([1], None, "A bracket needs at least 2 teams; 1 team entered"),
        ([1, 2, 3, 4, 5], [1, 2], "Choose exactly 3 teams for byes; 2 chosen"),
        ([1, 2, 3, 4, 5, 6, 7], [1, 2], "Choose exactly 1 team for a bye; 2 chosen"),
        ([1, 2, 3, 4], [1], "This bracket has no byes; 1 chosen"),
        ([1, 2, 3, 4, 5], [1, 2, 9], "Team 9 is not in this bracket"),
        ([1, 2, 3, 4, 5], [1, 2, 2], "Team 2 is chosen for a bye twice"),
    ],
)
def test_it_refuses_a_draw_that_cannot_be_made_and_says_why(teams, byes, message):
    with pytest.raises(BracketError, match=message):
        SINGLE.make(teams, seed=1, byes=byes)


def test_the_desks_bracket_module_still_offers_its_maths():
    pairs = first_round([1, 2, 3], seed=1)
    rounds = build_bracket(pairs)

    assert brackets.first_round is first_round
    assert (brackets.bracket_size(3), brackets.rounds_count(3), brackets.byes_count(1)) == (4, 2, 0)
    assert brackets.next_slot(2, 5) == (3, 2, 1)
    assert [game.bye_team for game in rounds[0] if not game.bye] == [None]
