"""Double elimination at the desk: drawn from the format, results follow its pointers,
and every correction or take-back leaves the brackets as a replay from scratch would."""

import random

import pytest

from tests.tournaments.double_setup import DoubleDesk
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Event, Game
from tournaments.services.voiding import ConfirmationNeeded

pytestmark = pytest.mark.django_db


def play_on(desk: DoubleDesk, rng: random.Random, *, until=None) -> None:
    """Give results, earliest game first, until nothing is left (or `until` says stop)."""
    while (ready := desk.playable()) and not (until and until(desk)):
        desk.win(ready[0], rng.randrange(2))
        desk.assert_as_replayed()


def test_the_draw_lays_out_the_formats_games_with_both_pointers(tournament, official):
    desk = DoubleDesk(tournament, official, 12)
    games = {g.pk: g for g in Game.objects.filter(event=desk.event)}
    assert len(games) == len(desk.structure.games)
    for planned in desk.structure.games:
        game = desk.game(planned.index)
        for pointer, (target, slot) in (
            (planned.winner_to, (game.next_game_id, game.next_slot)),
            (planned.loser_to, (game.loser_game_id, game.loser_slot)),
        ):
            if pointer is None:
                assert (target, slot) == (None, None)
            else:
                assert (target, slot) == (desk.game(pointer[0]).pk, pointer[1])
        assert game.number == planned.number
        assert game.name == desk.structure.game_name(planned.index)
    desk.assert_as_replayed()


@pytest.mark.parametrize("teams", [2, 3, 5, 8, 12, 13])
@pytest.mark.parametrize("reset", [True, False])
def test_results_to_the_end_match_a_replay(tournament, official, teams, reset):
    rng = random.Random(teams * 2 + reset)
    desk = DoubleDesk(tournament, official, teams, reset=reset)
    play_on(desk, rng)
    outcome = desk.replayed()
    assert outcome.champion is not None
    desk.event.refresh_from_db()
    assert desk.event.status == Event.Status.FINISHED


def test_a_grand_final_won_by_the_winners_champion_needs_no_reset(tournament, official):
    desk = DoubleDesk(tournament, official, 4)
    final = next(g.index for g in desk.structure.games if g.stage == "finals")
    play_on(desk, random.Random(1), until=lambda d: final in d.playable())
    desk.win(final, 0)
    reset = desk.game(final + 1)
    assert reset.status == Game.Status.VOID
    desk.assert_as_replayed()
    # Corrected: the losers' champion won it, so the reset is played after all.
    desk.win(final, 1)
    assert desk.game(final + 1).status == Game.Status.READY
    desk.assert_as_replayed()
    desk.win(final + 1, 1)
    desk.assert_as_replayed()
    # Taking the grand final back takes the reset's result with it (confirmed).
    with pytest.raises(ConfirmationNeeded):
        services.reopen_game(game=desk.game(final), by=official)
    services.reopen_game(game=desk.game(final), by=official, confirm=True)
    desk.assert_as_replayed()
    assert desk.game(final + 1).status == Game.Status.WAITING


def test_correcting_a_winners_first_round_after_its_loser_played_on_matches_a_replay(
    tournament, official
):
    desk = DoubleDesk(tournament, official, 12)
    structure = desk.structure
    rng = random.Random(5)
    first = [g.index for g in structure.games if g.stage == "winners" and g.round_number == 1]
    corrected = next(i for i in first if not structure.games[i].bye)
    # Where its loser plays first in the losers' bracket (through a bye there: with 12
    # teams every losers' first-round game is one).
    losers_game = structure.games[corrected].loser_to[0]
    while structure.games[losers_game].bye:
        losers_game = structure.games[losers_game].winner_to[0]
    # Play on until the first-round loser has played its losers' bracket game.
    play_on(desk, rng, until=lambda d: losers_game in d.results())
    before = desk.results()
    with pytest.raises(ConfirmationNeeded) as refused:
        desk.win(corrected, 1 - before[corrected])
    assert desk.results() == before  # refused: nothing changed
    assert desk.game(losers_game).pk in {game.pk for game in refused.value.games}
    desk.win(corrected, 1 - before[corrected], confirm=True)
    desk.assert_as_replayed()
    after = desk.results()
    assert after[corrected] == 1 - before[corrected]
    assert losers_game not in after  # the old loser's game there is to be played again
    play_on(desk, rng)
    assert desk.replayed().champion is not None


def test_undo_and_take_back_at_the_desk_match_a_replay(tournament, official):
    desk = DoubleDesk(tournament, official, 6)
    rng = random.Random(3)
    play_on(desk, rng, until=lambda d: len(d.results()) >= 6)
    index = max(desk.results())
    game = desk.game(index)
    _, before = services.give_result(
        game=game,
        winner_seat=1 - game.winner_seat,
        by=official,
        walkover=True,
        reason="did not come back",
        confirm=True,
    )
    desk.assert_as_replayed()
    services.undo_result(game=game, by=official, version=game.version, before=before)
    desk.assert_as_replayed()
    services.take_back_result(game=desk.game(index), by=official, confirm=True)
    desk.assert_as_replayed()
    assert index not in desk.results()


def test_a_result_in_a_losers_bye_is_refused(tournament, official):
    desk = DoubleDesk(tournament, official, 5)
    bye = next(g.index for g in desk.structure.games if g.bye and g.stage == "losers")
    with pytest.raises(DeskError, match="bye"):
        desk.win(bye, 0)


def test_a_withdrawal_gives_both_of_a_teams_games_away(tournament, official):
    desk = DoubleDesk(tournament, official, 4)
    structure = desk.structure
    first, second = (g for g in structure.games if g.stage == "winners" and g.round_number == 1)
    desk.win(first.index, 0)  # its loser waits in the losers' bracket
    number = desk.sides()[second.index][0]
    player = desk.event.teams.get(number=number).players.get()
    withdrawal = services.withdraw_player(player=player, by=official)
    assert len(withdrawal.games) == 2  # the winners' game, then the losers' game it fell to
    desk.assert_as_replayed()
    outcome = desk.replayed()
    assert outcome.losses[number] == 2 and number in outcome.out


def test_a_double_elimination_is_drawn_again_until_a_result_is_given(tournament, official):
    desk = DoubleDesk(tournament, official, 6)
    count = Game.objects.filter(event=desk.event).count()
    services.draw_bracket(event=desk.event, by=official, seed=8)
    assert Game.objects.filter(event=desk.event).count() == count
    game = next(g for g in Game.objects.filter(event=desk.event, status=Game.Status.READY))
    services.record_result(game=game, winner_seat=0, by=official)
    with pytest.raises(DeskError, match="can no longer be redrawn"):
        services.draw_bracket(event=desk.event, by=official, seed=9)
