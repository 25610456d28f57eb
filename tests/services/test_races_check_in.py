"""Officials checking in a chapter at once on PostgreSQL: everyone in, logged once.

Eight threads start together (a barrier), as eight officials' presses would run in
eight gunicorn workers. On SQLite every write takes the database's lock first.
"""

import pytest

from tests.factories import ChapterFactory, PlayerFactory
from tests.services.test_races_registration import THREADS, run_together
from tournaments import services
from tournaments.models import Activity, Player

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


def test_eight_check_ins_of_one_chapter_at_once_check_in_everyone_and_log_once(
    postgres, tournament, official
):
    star = ChapterFactory(tournament=tournament, name="Lone Star")
    players = [
        PlayerFactory(tournament=tournament, name=f"Player {n:02d}", chapter=star, checked_in=False)
        for n in range(20)
    ]

    def check_in(index):
        return services.check_in_players(
            tournament=tournament, by=official, players=players, of="Lone Star"
        )

    results = run_together(check_in)
    assert not [r for r in results if isinstance(r, Exception)], results
    assert sorted(len(r.checked_in) for r in results) == [0] * (THREADS - 1) + [20]
    assert all(len(r.already) == 20 for r in results if not r.checked_in)
    assert Player.objects.filter(tournament=tournament, checked_in=True).count() == 20
    assert Activity.objects.filter(text__startswith="Checked in 20 players").count() == 1


def test_a_withdrawal_during_a_chapter_check_in_leaves_the_player_out(
    postgres, tournament, official
):
    star = ChapterFactory(tournament=tournament, name="Lone Star")
    players = [
        PlayerFactory(tournament=tournament, name=f"Player {n:02d}", chapter=star, checked_in=False)
        for n in range(10)
    ]
    leaving = players[3]

    def work(index):
        if index == 0:
            return services.set_withdrawn(player=leaving, by=official, withdrawn=True)
        return services.check_in_players(tournament=tournament, by=official, players=players)

    results = run_together(work)
    assert not [r for r in results if isinstance(r, Exception)], results
    leaving.refresh_from_db()
    # Whichever ran first, a withdrawn player is never left checked in.
    assert leaving.withdrawn and not leaving.checked_in
    assert Player.objects.filter(tournament=tournament, checked_in=True).count() == 9
