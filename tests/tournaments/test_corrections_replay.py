"""Every way of taking a result back leaves the tournament as if it had never been given.

Each test plays a tournament with a wrong result and its correction, then builds a
second, identical tournament and gives only the right results (in the same order), and
compares full snapshots of the two: brackets, games, sides, hands, singles entrants and
teams, player statuses and where each player stands. Ids, versions, times and the
activity log (history) are left out: they are meant to differ.
"""

import pytest

from scoring.models import Hand
from tests.factories import (
    ChapterFactory,
    EntryFactory,
    EventFactory,
    PlayerFactory,
    TournamentFactory,
)
from tests.scoring.builders import delete, edit, enter, played
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Entry, Event, Game, Player, Team
from tournaments.services.results import SET_ASIDE

pytestmark = pytest.mark.django_db

PLAYERS = 16  # 8 doubles teams: 4 first games, 3 rounds


class Desk:
    """One tournament: a doubles event (drawn) feeding a singles event."""

    def __init__(self, official, slug):
        self.official = official
        self.tournament = TournamentFactory(slug=slug)
        self.tournament.officials.add(official)
        chapters = [
            ChapterFactory(tournament=self.tournament, name=f"Chapter {n}") for n in range(4)
        ]
        self.doubles = EventFactory(tournament=self.tournament, name="Doubles")
        self.singles = EventFactory(
            tournament=self.tournament, name="Singles", team_size=1, fed_by=self.doubles
        )
        for n in range(PLAYERS):
            player = PlayerFactory(
                tournament=self.tournament,
                name=f"Player {n:02}",
                chapter=chapters[n % 4],
                checked_in=True,
            )
            EntryFactory(event=self.doubles, player=player)
        services.draw_partners_for_event(event=self.doubles, by=official, seed=11)
        services.draw_bracket(event=self.doubles, by=official, seed=11)

    def game(self, round_number, position, *, singles=False):
        event = self.singles if singles else self.doubles
        return Game.objects.get(
            event=event, stage=0 if singles else 1, round_number=round_number, position=position
        )

    def win(self, round_number, position, seat, **kwargs):
        return services.record_result(
            game=self.game(round_number, position), winner_seat=seat, by=self.official, **kwargs
        )

    def partners_win(self, position, seat):
        return services.record_result(
            game=self.game(1, position, singles=True), winner_seat=seat, by=self.official
        )


def _names(team) -> tuple:
    if team is None:
        return None
    return tuple(sorted(m.player.name for m in team.memberships.all()))


def _key(game) -> tuple | None:
    if game is None:
        return None
    return (game.event.name, game.stage, game.round_number, game.position)


def snapshot(tournament) -> dict:
    """Everything a page, export or phone shows of the tournament's results."""
    games = (
        Game.objects.filter(event__tournament=tournament)
        .exclude(status=Game.Status.VOID)
        .select_related("event", "next_game__event", "fed_from__event")
        .prefetch_related("sides__team__memberships__player")
        .order_by("event__name", "stage", "round_number", "position")
    )
    hands = {}
    for hand in Hand.objects.filter(game__event__tournament=tournament).order_by("number"):
        hands.setdefault(hand.game_id, []).append((hand.number, hand.points, hand.detail))
    shown = {}
    standing = {}
    for game in games:
        sides = [
            (_names(side.team), side.team.number if side.team else None, side.total)
            for side in game.sides_by_seat
        ]
        shown[_key(game)] = {
            "status": game.status,
            "winner_seat": game.winner_seat,
            "walkover": game.walkover,
            "reason": game.walkover_reason,
            "hand_count": game.hand_count,
            "next": (_key(game.next_game), game.next_slot),
            "fed_from": _key(game.fed_from),
            "sides": sides,
            "hands": hands.get(game.pk, []),
        }
        # Where each player stands: the first game they still have to play, else out.
        for seat, side in enumerate(game.sides_by_seat):
            for name in _names(side.team) or ():
                mark = (game.event.name, name)
                if game.is_decided:
                    standing.setdefault(mark, [])
                    if game.winner_seat is not None and game.winner_seat != seat:
                        standing[mark].append(("lost", _key(game)))
                else:
                    standing.setdefault(mark, []).append(("to play", _key(game)))
    events = {
        event.name: {
            "status": event.status,
            "entries": sorted(
                Entry.objects.filter(event=event).values_list("player__name", flat=True)
            ),
            "teams": sorted(
                (team.number, _names(team))
                for team in Team.objects.filter(event=event).prefetch_related("memberships__player")
            ),
        }
        for event in Event.objects.filter(tournament=tournament)
    }
    players = list(
        Player.objects.filter(tournament=tournament)
        .order_by("name")
        .values_list("name", "checked_in", "withdrawn")
    )
    return {
        "games": shown,
        "events": events,
        "players": players,
        "standing": {mark: sorted(v, key=repr) for mark, v in standing.items()},
    }


def assert_same(played_desk: Desk, replayed: Desk) -> None:
    ours, theirs = snapshot(played_desk.tournament), snapshot(replayed.tournament)
    assert ours["games"] == theirs["games"]
    assert ours == theirs
    # Nothing cancelled is left where a page could find it.
    leftovers = Game.objects.filter(
        event__tournament=played_desk.tournament, status=Game.Status.VOID
    )
    assert all(g.position >= SET_ASIDE for g in leftovers)
    assert not leftovers.filter(sides__team__isnull=False).exists()


@pytest.fixture
def two_desks(official):
    return Desk(official, "played"), Desk(official, "replayed")


# Correcting a winner -----------------------------------------------------------------------


def test_a_corrected_first_game_leaves_singles_as_if_the_right_result_came_first(two_desks):
    played_desk, replayed = two_desks
    played_desk.win(1, 0, 0)  # wrong
    played_desk.win(1, 1, 1)
    played_desk.partners_win(1, 0)
    played_desk.win(1, 0, 1)  # the correction
    played_desk.win(1, 2, 0)

    replayed.win(1, 0, 1)
    replayed.win(1, 1, 1)
    replayed.partners_win(1, 0)
    replayed.win(1, 2, 0)
    assert_same(played_desk, replayed)


def test_a_correction_that_voids_a_played_partners_game_leaves_nothing_behind(two_desks):
    played_desk, replayed = two_desks
    played_desk.win(1, 0, 0)  # wrong
    played_desk.win(1, 1, 0)
    played_desk.partners_win(0, 1)  # the wrong losers' partners' game is played
    with pytest.raises(services.ConfirmationNeeded):
        played_desk.win(1, 0, 1)
    played_desk.win(1, 0, 1, confirm=True)

    replayed.win(1, 0, 1)
    replayed.win(1, 1, 0)
    assert_same(played_desk, replayed)


def test_a_corrected_semi_final_voids_the_final_as_if_never_played(two_desks):
    played_desk, replayed = two_desks
    for desk in two_desks:
        for position in range(4):
            desk.win(1, position, 0)
    played_desk.win(2, 0, 0)  # wrong
    played_desk.win(2, 1, 1)
    played_desk.win(3, 0, 0)
    played_desk.win(2, 0, 1, confirm=True)

    replayed.win(2, 0, 1)
    replayed.win(2, 1, 1)
    assert_same(played_desk, replayed)


# Taking a result back ---------------------------------------------------------------------


def test_taking_a_first_game_back_leaves_no_phantom_singles_entrants(two_desks):
    played_desk, replayed = two_desks
    played_desk.win(1, 0, 0)  # wrong: it should not have been given yet
    played_desk.win(1, 1, 1)
    services.take_back_result(game=played_desk.game(1, 0), by=played_desk.official)

    replayed.win(1, 1, 1)
    assert_same(played_desk, replayed)
    # The singles event has exactly the two players of its one partners' game.
    assert played_desk.singles.entries.count() == 2


def test_taking_back_the_only_first_game_puts_singles_back_in_registration(two_desks):
    played_desk, replayed = two_desks
    played_desk.win(1, 3, 1)
    played_desk.singles.refresh_from_db()
    assert played_desk.singles.status == Event.Status.PLAYING
    services.reopen_game(game=played_desk.game(1, 3), by=played_desk.official)
    assert_same(played_desk, replayed)
    played_desk.singles.refresh_from_db()
    assert played_desk.singles.status == Event.Status.REGISTRATION


def test_taking_back_the_final_leaves_the_event_playing(two_desks):
    for desk in two_desks:
        for position in range(4):
            desk.win(1, position, 1)
        desk.win(2, 0, 0)
        desk.win(2, 1, 0)
    played_desk, replayed = two_desks
    played_desk.win(3, 0, 1, walkover=True, reason="Did not come back")
    services.take_back_result(game=played_desk.game(3, 0), by=played_desk.official)
    assert_same(played_desk, replayed)


# Undo of a one-click result ----------------------------------------------------------------


def give(desk, round_number, position, seat, **kwargs):
    return services.give_result(
        game=desk.game(round_number, position), winner_seat=seat, by=desk.official, **kwargs
    )


def test_undoing_a_first_result_is_as_if_it_was_never_given(two_desks):
    played_desk, replayed = two_desks
    for desk in two_desks:
        desk.win(1, 1, 0)
    game, before = give(played_desk, 1, 0, 1)
    assert before is None
    services.undo_result(game=game, by=played_desk.official, version=game.version, before=before)
    assert_same(played_desk, replayed)


def test_undoing_a_correction_puts_the_first_result_back(two_desks):
    played_desk, replayed = two_desks
    for desk in two_desks:
        desk.win(1, 0, 0)
        desk.win(1, 1, 1)
    game, before = give(played_desk, 1, 0, 1)  # the correction, by mistake
    assert before == services.Before(0, False, "")
    services.undo_result(game=game, by=played_desk.official, version=game.version, before=before)
    assert_same(played_desk, replayed)


def test_undoing_a_walkover_with_its_reason(two_desks):
    played_desk, replayed = two_desks
    game, before = give(played_desk, 1, 2, 0, walkover=True, reason="Late")
    assert game.walkover_reason == "Late"
    services.undo_result(game=game, by=played_desk.official, version=game.version, before=before)
    assert_same(played_desk, replayed)


def test_undo_is_refused_once_the_game_changed_and_changes_nothing(two_desks):
    played_desk, _ = two_desks
    game, before = give(played_desk, 1, 0, 1)
    version = game.version
    services.record_result(game=game, winner_seat=0, by=played_desk.official)
    ahead = snapshot(played_desk.tournament)
    with pytest.raises(DeskError, match="can no longer be undone"):
        services.undo_result(game=game, by=played_desk.official, version=version, before=before)
    assert snapshot(played_desk.tournament) == ahead


# Corrections on the score sheet ---------------------------------------------------------------


def test_a_hand_edit_that_changes_the_winner_is_as_if_the_right_hands_were_entered(two_desks):
    played_desk, replayed = two_desks
    official = played_desk.official
    game = played_desk.game(1, 0)
    first = enter(game, official, played(150, 0)).hand
    second = enter(game, official, played(100, 0)).hand  # wrong: seat 0 reaches 250
    played_desk.win(1, 1, 0)
    assert played_desk.game(1, 0).status == Game.Status.FINISHED
    edit(second, official, played(0, 100))  # the game is open again
    enter(played_desk.game(1, 0), official, played(0, 150))  # seat 1 reaches 250
    assert first.pk

    game = replayed.game(1, 0)
    enter(game, official, played(150, 0))
    enter(game, official, played(0, 100))
    replayed.win(1, 1, 0)
    enter(replayed.game(1, 0), official, played(0, 150))
    assert_same(played_desk, replayed)


def test_a_hand_deleted_from_a_finished_game_is_as_if_never_entered(two_desks):
    played_desk, replayed = two_desks
    official = played_desk.official
    enter(played_desk.game(1, 3), official, played(150, 0))
    wrong = enter(played_desk.game(1, 3), official, played(100, 0)).hand
    played_desk.win(1, 2, 1)
    delete(wrong, official)

    enter(replayed.game(1, 3), official, played(150, 0))
    replayed.win(1, 2, 1)
    assert_same(played_desk, replayed)
