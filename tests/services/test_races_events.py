"""An event's steps pressed by eight officials at once, on PostgreSQL: each done once,
the others refused with a message, nothing half done, no deadlock."""

import uuid

import pytest

from games.rules.texas_good_sams.entry import Entry as HandEntry
from scoring import services as scoring
from tests.factories import EventFactory, drawn_doubles, game_at
from tests.tournaments.rounds_setup import finish_round, rounds_event, seat_and_start
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Event, Game, Round, Team, TeamMember

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def outcomes(results):
    """Return (done, refusals); fail on anything else (a deadlock, a server error)."""
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, DeskError)]
    assert not unexpected, unexpected
    return [r for r in results if not isinstance(r, Exception)], [
        str(r) for r in results if isinstance(r, DeskError)
    ]


def test_eight_starts_of_one_round_start_it_once(postgres, tournament, official):
    event = rounds_event(tournament, players=4 * THREADS)
    round_ = services.seat_round(event=event, by=official, seed=1).round
    done, refused = outcomes(
        run_together(lambda i: services.start_round(round=round_, by=official))
    )
    assert len(done) == 1
    assert refused == ["Round 1 has already started."] * (THREADS - 1)
    assert set(Game.objects.filter(round=round_).values_list("status", flat=True)) == {"ready"}


def test_eight_finishes_of_one_event_finish_it_once(postgres, tournament, official):
    event = rounds_event(tournament, players=8)
    finish_round(seat_and_start(event, official), official)
    done, refused = outcomes(
        run_together(lambda i: services.finish_event(event=event, by=official))
    )
    assert len(done) == 1
    assert refused == [f"{event.name} is already finished."] * (THREADS - 1)


def test_eight_partner_draws_at_once_leave_one_whole_draw(postgres, tournament, official):
    event = drawn_doubles(tournament, official, 8)
    Game.objects.filter(event=event).delete()

    def draw(index):
        return services.draw_partners_for_event(event=event, by=official, seed=100 + index)

    done, refused = outcomes(run_together(draw))
    assert len(done) == THREADS and not refused
    members = list(TeamMember.objects.filter(event=event).values_list("player_id", flat=True))
    assert len(members) == len(set(members)) == 16
    assert Team.objects.filter(event=event).count() == 8
    assert Event.objects.get(pk=event.pk).partner_seed in {100 + i for i in range(THREADS)}


def test_eight_bracket_draws_at_once_leave_one_bracket(postgres, tournament, official):
    event = drawn_doubles(tournament, official, 8)

    def draw(index):
        return services.draw_bracket(event=event, by=official, seed=200 + index)

    done, refused = outcomes(run_together(draw))
    assert len(done) == THREADS and not refused
    assert Game.objects.filter(event=event, stage=1).count() == 7


@pytest.mark.parametrize("trial", range(5))
def test_redrawing_a_bracket_while_its_first_hand_is_entered(postgres, tournament, official, trial):
    """Either the hand is in and every redraw refused, or the redraw went first and the
    hand is refused (its game is gone or its sheet changed): never a deadlock."""
    event = drawn_doubles(tournament, official, 8)
    game = game_at(event, 1, 0)

    def work(index):
        if index % 2:
            return services.draw_bracket(event=event, by=official, seed=300 + index)
        return scoring.add_hand(
            game=Game(pk=game.pk),
            by=official,
            version=game.version,
            key=uuid.uuid4(),
            entry=HandEntry(play=(5, 0), muggins=(0, 0)),
        )

    results = run_together(work)
    unexpected = [r for r in results if isinstance(r, Exception) and not isinstance(r, DeskError)]
    assert not unexpected, unexpected
    hands = [r for r in results if isinstance(r, scoring.HandResult)]
    if hands:
        assert Game.objects.filter(pk=game.pk).exists()
        assert not [r for r in results if isinstance(r, list)]


def test_eight_seatings_of_the_next_round_at_once_seat_it_once(postgres, tournament, official):
    event = rounds_event(tournament, players=4 * THREADS)
    finish_round(seat_and_start(event, official), official)

    def seat(index):
        return services.seat_round(event=event, by=official, seed=400 + index, number=2)

    done, refused = outcomes(run_together(seat))
    assert Round.objects.filter(event=event).count() == 2
    assert len(done) >= 1
    assert all("seated" in text or "Seat again" in text for text in refused), refused


def test_a_hand_for_a_game_drawn_away_is_refused_with_a_message(tournament, official):
    event = drawn_doubles(tournament, official, 4)
    game = game_at(event, 1, 0)
    services.draw_bracket(event=event, by=official, seed=9)
    with pytest.raises(DeskError, match="no longer there: the bracket was drawn again"):
        scoring.add_hand(
            game=Game(pk=game.pk),
            by=official,
            version=game.version,
            key=uuid.uuid4(),
            entry=HandEntry(play=(5, 0), muggins=(0, 0)),
        )


@pytest.mark.parametrize("trial", range(3))
def test_opening_the_singles_while_doubles_results_come_in(postgres, tournament, official, trial):
    """Eight officials at once: five open the singles, three give the other first-round
    doubles results; each loser's partners' game is made once."""
    doubles = drawn_doubles(tournament, official, 8)
    services.record_result(game=game_at(doubles, 1, 0), winner_seat=0, by=official)
    singles = EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=doubles)

    def work(index):
        if index % 2 or index == 6:
            return services.open_singles(event=singles, by=official)
        return services.record_result(
            game=game_at(doubles, 1, 1 + index // 2), winner_seat=0, by=official
        )

    outcomes(run_together(work))
    fed = list(
        Game.objects.filter(event=singles, stage=0)
        .exclude(status=Game.Status.VOID)
        .values_list("fed_from_id", flat=True)
    )
    assert len(fed) == len(set(fed)) == 4
