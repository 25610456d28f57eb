"""A bracket game played as a match of several games: hands, corrections and the bracket
(docs/rules.md, matches), each correction checked against a replay from scratch."""

import uuid

import pytest

from scoring.models import Hand
from tests.scoring.builders import delete, edit, enter, make_bracket, played
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Game

pytestmark = pytest.mark.django_db

BEST_OF_3 = {"games_to_win_first": 2, "games_to_win_later": 1, "games_to_win_final": 3}


def match_bracket(tournament, options=BEST_OF_3):
    event, games = make_bracket(tournament)
    event.options = options
    event.save(update_fields=["options"])
    return event, games


def state(game) -> dict:
    """The match as the desk keeps it: result, sides, hands by game, the next game's teams."""
    game.refresh_from_db()
    sides = list(game.sides.order_by("seat"))
    final = game.next_game
    return {
        "status": game.status,
        "winner": game.winner_seat,
        "hand_count": game.hand_count,
        "totals": [side.total for side in sides],
        "games_won": [side.games_won for side in sides],
        "hands": list(
            Hand.objects.filter(game=game)
            .order_by("number")
            .values_list("number", "match_game", "points")
        ),
        "final": [side.team_id for side in final.sides.order_by("seat")] if final else None,
    }


def replay(tournament, official, hands) -> dict:
    """Play the same match from scratch in a new tournament, with only the right hands."""
    from tests.factories import TournamentFactory

    other = TournamentFactory(slug=f"replay-{uuid.uuid4().hex[:12]}")
    other.officials.add(official)
    _, games = match_bracket(other)
    semi = games[(1, 0)]
    for first, second in hands:
        enter(semi, official, played(first, second))
    found = state(semi)
    teams = {side.team_id: side.seat for side in semi.sides.all()}
    found["final"] = [teams.get(team) for team in found["final"]]
    return found


def comparable(found, game) -> dict:
    teams = {side.team_id: side.seat for side in game.sides.all()}
    return {**found, "final": [teams.get(team) for team in found["final"]]}


def test_a_game_won_inside_a_match_starts_the_next_game_and_the_match_ends_at_two(
    official, tournament
):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    result = enter(semi, official, played(250, 0))
    assert not result.won and result.fold.games_won == (1, 0) and result.fold.in_play == 2
    found = state(semi)
    assert found["status"] == Game.Status.PLAYING and found["winner"] is None
    assert found["games_won"] == [1, 0] and found["totals"] == [0, 0]
    enter(semi, official, played(0, 100))
    found = state(semi)
    assert found["totals"] == [0, 100] and found["hands"][-1][1] == 2
    enter(semi, official, played(0, 150))
    assert state(semi)["games_won"] == [1, 1]
    result = enter(semi, official, played(255, 0))
    assert result.won
    found = state(semi)
    assert found["status"] == Game.Status.FINISHED and found["winner"] == 0
    assert found["games_won"] == [2, 1]
    assert [number for _, number, _ in found["hands"]] == [1, 2, 2, 3]
    winner_team = semi.sides.get(seat=0).team_id
    assert found["final"][0] == winner_team


def test_no_hand_is_added_once_the_match_is_won(official, tournament):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    enter(semi, official, played(250, 0))
    enter(semi, official, played(250, 0))
    with pytest.raises(DeskError, match="finished"):
        enter(semi, official, played(5, 0))


def test_a_correction_in_game_one_that_changes_its_winner_is_as_a_replay(official, tournament):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    for hand in [(100, 0), (150, 0), (0, 100), (60, 0)]:
        enter(semi, official, played(*hand))
    assert state(semi)["games_won"] == [1, 0]
    edit(Hand.objects.get(game=semi, number=2), official, played(0, 250))
    right = [(100, 0), (0, 250), (0, 100), (60, 0)]
    assert comparable(state(semi), semi) == replay(tournament, official, right)
    assert state(semi)["games_won"] == [0, 1]


def test_a_correction_inside_game_two_that_undoes_the_match_takes_the_result_back(
    official, tournament
):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    for hand in [(250, 0), (100, 0), (150, 5)]:
        enter(semi, official, played(*hand))
    assert state(semi)["status"] == Game.Status.FINISHED
    assert state(semi)["final"][0] is not None
    result = edit(Hand.objects.get(game=semi, number=3), official, played(0, 150))
    assert result.reopened
    right = [(250, 0), (100, 0), (0, 150)]
    found = state(semi)
    assert found["status"] == Game.Status.PLAYING and found["final"] == [None, None]
    assert comparable(found, semi) == replay(tournament, official, right)
    # Game 2 is won by the other side after all: 1-1, and the third game decides.
    edit(Hand.objects.get(game=semi, number=2), official, played(0, 100))
    right = [(250, 0), (0, 100), (0, 150)]
    assert comparable(state(semi), semi) == replay(tournament, official, right)
    assert state(semi)["games_won"] == [1, 1]


def test_a_correction_that_would_leave_an_earlier_game_unwon_is_refused_and_changes_nothing(
    official, tournament
):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    for hand in [(100, 0), (150, 0), (0, 40)]:
        enter(semi, official, played(*hand))
    before = state(semi)
    with pytest.raises(DeskError, match="Game 1 of the match would no longer be won"):
        edit(Hand.objects.get(game=semi, number=2), official, played(100, 0))
    with pytest.raises(DeskError, match="Game 1 of the match would no longer be won"):
        delete(Hand.objects.get(game=semi, number=2), official)
    assert state(semi) == before


def test_deleting_the_only_hand_of_the_game_in_play_goes_back_to_its_start(official, tournament):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    enter(semi, official, played(250, 0))
    enter(semi, official, played(0, 40))
    delete(Hand.objects.get(game=semi, number=2), official)
    found = state(semi)
    assert found["totals"] == [0, 0] and found["games_won"] == [1, 0]
    result = enter(semi, official, played(0, 30))
    assert result.hand.match_game == 2


def test_the_final_plays_its_own_length_and_every_game_stays_one_by_default(official, tournament):
    _, games = match_bracket(tournament)
    for position in (0, 1):
        semi = games[(1, position)]
        enter(semi, official, played(250, 0))
        enter(semi, official, played(250, 0))
    final = games[(2, 0)]
    for _ in range(2):
        enter(final, official, played(0, 250))
    assert state(final)["games_won"] == [0, 2] and state(final)["status"] == Game.Status.PLAYING
    enter(final, official, played(0, 250))
    assert state(final)["status"] == Game.Status.FINISHED
    from tests.factories import TournamentFactory

    _, plain = make_bracket(TournamentFactory(slug="one-game-matches"))
    result = enter(plain[(1, 0)], official, played(250, 0))
    assert result.won and result.hand.match_game == 1


def test_a_match_closed_at_time_goes_to_the_side_ahead_in_games(official, tournament):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    enter(semi, official, played(250, 0))
    enter(semi, official, played(0, 40))
    # 1-0 in games, the game in play 0-40: counted, 1-1: the sides play on.
    with pytest.raises(DeskError, match="level in games"):
        services.close_bracket_game_at_time(game=semi, by=official)
    assert state(semi)["status"] == Game.Status.PLAYING
    enter(semi, official, played(60, 0))
    closed = services.close_bracket_game_at_time(game=semi, by=official)
    assert closed.status == Game.Status.CLOSED and closed.winner_seat == 0
    # Corrected so that the game in play is level (40-40) with the sides 1-0 in games:
    # the game's tie rule, they play on; the match is open again.
    edit(Hand.objects.get(game=semi, number=3), official, played(40, 0))
    assert state(semi)["status"] == Game.Status.PLAYING
    with pytest.raises(DeskError, match="level on 40"):
        services.close_bracket_game_at_time(game=semi, by=official)
    # Corrected so that side 1 leads the game in play: closed again, by the same rule.
    edit(Hand.objects.get(game=semi, number=3), official, played(50, 0))
    assert services.close_bracket_game_at_time(game=semi, by=official).winner_seat == 0


def test_level_in_games_with_a_third_game_without_hands_is_not_closed(official, tournament):
    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    enter(semi, official, played(250, 0))
    enter(semi, official, played(0, 250))
    with pytest.raises(DeskError, match=r"level in games once its game in play is counted \(1-1"):
        services.close_bracket_game_at_time(game=semi, by=official)
    assert state(semi)["status"] == Game.Status.PLAYING


def test_close_all_closes_the_matches_with_a_leader_in_games_and_lists_the_level_ones(
    official, tournament
):
    from tournaments.selectors.closing import bracket_closing

    event, games = match_bracket(tournament)
    first, second = games[(1, 0)], games[(1, 1)]
    enter(first, official, played(250, 0))
    enter(first, official, played(0, 20))  # 1-0, the game in play 0-20: level in games
    enter(second, official, played(250, 0))
    enter(second, official, played(40, 0))  # 1-0, the game in play 40-0: 2-0
    closing = bracket_closing(event, 1, 1)
    said = {line.pk: (line.closes, line.if_closed_now) for line in closing.lines}
    assert said[first.pk][0] is False and said[first.pk][1].startswith("Level in games once")
    assert said[second.pk][0] is True and "would win the match" in said[second.pk][1]
    versions = {line.pk: line.version for line in closing.lines}
    closed = services.close_bracket_round_at_time(
        event=event, stage=1, round_number=1, by=official, games=versions
    )
    assert [game.pk for game in closed] == [second.pk]
    assert state(second)["status"] == Game.Status.CLOSED
    assert state(first)["status"] == Game.Status.PLAYING


def test_a_hand_entered_at_the_table_counts_in_the_game_in_play_once_confirmed(
    official, tournament
):
    from scoring.services import table, table_links

    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    enter(semi, official, played(250, 0))
    semi.refresh_from_db()
    link = table_links.links_for([semi])[semi.pk]
    sitters = table.sitters(semi.pk)
    data = {"play_0": 0, "play_1": 35, "end": "none"}
    entry = table.enter_hand(
        link=link, player=sitters[0].pk, version=semi.version, key=uuid.uuid4(), data=data
    ).entry
    assert state(semi)["totals"] == [0, 0]  # waiting: it counts nowhere yet
    other = next(s for s in sitters if s.seat != entry.entered_seat)
    table.confirm_hand(link=link, entry_id=entry.pk, revision=entry.revision, player=other.pk)
    found = state(semi)
    assert found["hands"][-1][1] == 2 and found["totals"] == [0, 35]
    assert found["games_won"] == [1, 0]


def test_the_preview_of_a_correction_in_an_earlier_game_adds_up_in_that_game(official, tournament):
    from scoring.hand_preview import hand_preview
    from scoring.selectors import game_sheet

    _, games = match_bracket(tournament)
    semi = games[(1, 0)]
    enter(semi, official, played(100, 0))
    enter(semi, official, played(150, 0))
    enter(semi, official, played(0, 40))
    sheet = game_sheet(semi)
    hand = Hand.objects.get(game=semi, number=1)
    from games.engine import Scored

    preview = hand_preview(sheet, Scored((120, 0)), replacing=str(hand.pk))
    assert preview.totals == (270, 0)
    assert hand_preview(sheet, Scored((0, 5))).totals == (0, 45)
