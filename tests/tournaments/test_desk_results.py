"""The official's one-click results: checked against the score sheet, shown first, undone."""

import pytest
from django.urls import reverse

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory, game_at
from tournaments import services
from tournaments.errors import DeskError
from tournaments.models import Activity, Event, Game
from tournaments.services import Before
from tournaments.views.events import UNDO_KEY

pytestmark = pytest.mark.django_db


@pytest.fixture
def doubles(tournament, official):
    """Four teams (two first games and a final) and a singles event fed by them."""
    event = EventFactory(tournament=tournament, name="Doubles")
    chapters = [ChapterFactory(tournament=tournament) for _ in range(4)]
    for n in range(8):
        player = PlayerFactory(tournament=tournament, chapter=chapters[n % 4], checked_in=True)
        EntryFactory(event=event, player=player)
    EventFactory(tournament=tournament, name="Singles", team_size=1, fed_by=event)
    services.draw_partners_for_event(event=event, by=official, seed=3)
    services.draw_bracket(event=event, by=official, seed=3)
    return event


def give(game, seat, by, **kwargs):
    return services.give_result(game=game, winner_seat=seat, by=by, **kwargs)


def url(name, tournament, game):
    return reverse(f"desk:{name}", args=[tournament.slug, game.pk])


# Checked against the score sheet ------------------------------------------------------------


def test_a_win_over_an_unfinished_sheet_is_refused_and_changes_nothing(doubles, official):
    game = game_at(doubles, 1, 0)
    services.set_game_progress(game=game, totals=(180, 120), hand_count=6)
    for seat in (0, 1):
        with pytest.raises(DeskError, match=r"stands at 180 · 120 after 6 hands"):
            give(game, seat, official)
    game.refresh_from_db()
    assert (game.status, game.winner_seat) == (Game.Status.PLAYING, None)


def test_a_win_the_sheet_bears_out_is_recorded(doubles, official):
    game = game_at(doubles, 1, 0)
    services.set_game_progress(game=game, totals=(120, 255), hand_count=8)
    given, before = give(game, 1, official)
    assert before is None
    assert (given.status, given.winner_seat) == (Game.Status.FINISHED, 1)


def test_a_result_the_sheet_decided_is_changed_on_the_sheet(doubles, official):
    game = game_at(doubles, 1, 0)
    services.set_game_progress(game=game, totals=(255, 120), hand_count=8)
    services.record_result(game=game, winner_seat=0, by=official)
    with pytest.raises(DeskError, match="edit or delete a hand on the score sheet"):
        give(game, 1, official)
    with pytest.raises(DeskError, match="edit or delete the hand that ended it"):
        services.take_back_result(game=game, by=official)
    assert Game.objects.get(pk=game.pk).winner_seat == 0


def test_a_forfeit_over_hands_needs_its_reason(doubles, official):
    game = game_at(doubles, 1, 0)
    services.set_game_progress(game=game, totals=(180, 120), hand_count=6)
    with pytest.raises(DeskError, match="Say why"):
        give(game, 1, official, walkover=True)
    with pytest.raises(DeskError, match="forfeit with its reason"):
        services.record_result(game=game, winner_seat=1, by=official, walkover=True)
    given, _ = give(game, 1, official, walkover=True, reason="  Taken   ill ")
    assert (given.status, given.hand_count, given.walkover_reason) == (
        Game.Status.WALKOVER,
        6,
        "Taken ill",
    )
    assert Activity.objects.filter(text__endswith="(Taken ill)").exists()


def test_a_reason_too_long_is_refused(doubles, official):
    with pytest.raises(DeskError, match="200 characters"):
        give(game_at(doubles, 1, 0), 0, official, walkover=True, reason="x" * 201)


def test_a_new_reason_for_the_same_walkover_is_kept(doubles, official):
    game = game_at(doubles, 1, 0)
    give(game, 0, official, walkover=True, reason="Late")
    given, before = give(game, 0, official, walkover=True, reason="Did not come")
    assert before == Before(0, True, "Late")
    assert given.walkover_reason == "Did not come"


def test_a_stale_page_is_refused(doubles, official):
    game = game_at(doubles, 1, 0)
    with pytest.raises(services.StaleGame):
        give(game, 0, official, expected_version=7)


# Shown first ------------------------------------------------------------------------------


def test_the_preview_says_what_happens_and_changes_nothing(doubles, official):
    game = game_at(doubles, 1, 0)
    logged = Activity.objects.count()
    shown = services.preview_result(game=game, winner_seat=0, by=official)
    text = " ".join(shown.lines)
    assert "beat" in text and "go on to Game 3 (Final)" in text
    assert "will play each other in Singles" in text
    assert "the sheet will show no score" in text
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY
    assert not Game.objects.filter(event__name="Singles").exists()
    assert Activity.objects.count() == logged


def test_the_preview_of_a_final_names_the_winner_of_the_event(doubles, official):
    for position in (0, 1):
        services.record_result(game=game_at(doubles, 1, position), winner_seat=0, by=official)
    final = game_at(doubles, 2, 0)
    shown = services.preview_result(
        game=final, winner_seat=1, by=official, walkover=True, reason="Left early"
    )
    text = " ".join(shown.lines)
    assert "by walkover (W/O)" in text
    assert "“Left early”" in text
    assert "win Doubles." in text


def test_the_preview_of_a_forfeit_and_of_a_correction(doubles, official):
    game = game_at(doubles, 1, 0)
    services.record_result(game=game, winner_seat=0, by=official)
    text = " ".join(services.preview_result(game=game, winner_seat=1, by=official).lines)
    assert "This replaces" in text
    assert "no longer play each other" in text
    other = game_at(doubles, 1, 1)
    services.set_game_progress(game=other, totals=(50, 20), hand_count=2)
    shown = services.preview_result(
        game=other, winner_seat=1, by=official, walkover=True, reason="Ill"
    )
    assert "by forfeit, over the hands entered" in " ".join(shown.lines)


def test_the_preview_of_a_take_back_and_of_voided_games(doubles, official):
    first = game_at(doubles, 1, 0)
    services.record_result(game=first, winner_seat=0, by=official)
    services.record_result(game=game_at(doubles, 1, 1), winner_seat=0, by=official)
    final = game_at(doubles, 2, 0)
    services.set_game_progress(game=final, totals=(40, 20), hand_count=3)
    shown = services.preview_take_back(game=first, by=official)
    text = " ".join(shown.lines)
    assert "Take back" in text and "ready to play again" in text
    assert "leave Game 3 (Final)" in text
    assert "1 later game lose their scores" in text
    assert [(g.pk, g.hand_count) for g in shown.voided] == [(final.pk, 3)]
    assert Game.objects.get(pk=final.pk).hand_count == 3


# Undone -------------------------------------------------------------------------------------


def test_before_is_read_back_only_when_whole():
    assert Before.from_list([1, True, "Late"]) == Before(1, True, "Late")
    for junk in (None, [1, True], [2, False, ""], [0, "yes", ""], [0, False, 3], "x"):
        assert Before.from_list(junk) is None


def test_undo_is_refused_when_a_later_game_has_scores_since(doubles, official):
    first = game_at(doubles, 1, 0)
    game, before = give(first, 0, official)
    services.record_result(game=game_at(doubles, 1, 1), winner_seat=0, by=official)
    services.set_game_progress(game=game_at(doubles, 2, 0), totals=(5, 0), hand_count=1)
    with pytest.raises(DeskError, match=r"Game 3 \(Final\) has had scores"):
        services.undo_result(game=game, by=official, version=game.version, before=before)
    assert Game.objects.get(pk=first.pk).winner_seat == 0


def test_the_undo_button_is_on_the_game_just_given(official_client, tournament, doubles):
    game = game_at(doubles, 1, 0)
    response = official_client.post(
        url("game_result", tournament, game), {"winner_seat": 0, "sure": "1"}, follow=True
    )
    assert response.text.count(">Undo</button>") == 1
    kept = official_client.session[UNDO_KEY]
    assert kept == {"game": game.pk, "version": 1, "before": None}
    response = official_client.post(url("game_undo", tournament, game), {"version": 1})
    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY
    assert UNDO_KEY not in official_client.session


def test_a_take_back_can_be_undone_too(official_client, tournament, doubles, official):
    game = game_at(doubles, 1, 0)
    services.record_result(game=game, winner_seat=1, by=official)
    game.refresh_from_db()
    official_client.post(url("game_reopen", tournament, game), {"sure": "1"})
    game.refresh_from_db()
    official_client.post(url("game_undo", tournament, game), {"version": game.version})
    assert Game.objects.get(pk=game.pk).winner_seat == 1


def test_undo_with_nothing_to_undo_changes_nothing(official_client, tournament, doubles):
    game = game_at(doubles, 1, 0)
    response = official_client.post(url("game_undo", tournament, game), {"version": 0})
    assert response.status_code == 422
    assert "nothing to undo" in response.text
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY


def test_undo_after_the_game_changed_says_so(official_client, tournament, doubles, official):
    game = game_at(doubles, 1, 0)
    official_client.post(url("game_result", tournament, game), {"winner_seat": 0, "sure": "1"})
    services.record_result(game=game, winner_seat=1, by=official)
    response = official_client.post(url("game_undo", tournament, game), {"version": 1})
    assert response.status_code == 422
    assert "can no longer be undone" in response.text
    assert Game.objects.get(pk=game.pk).winner_seat == 1


def test_a_change_that_voids_later_games_offers_no_undo(
    official_client, tournament, doubles, official
):
    first = game_at(doubles, 1, 0)
    services.record_result(game=first, winner_seat=0, by=official)
    services.record_result(game=game_at(doubles, 1, 1), winner_seat=0, by=official)
    services.set_game_progress(game=game_at(doubles, 2, 0), totals=(5, 0), hand_count=1)
    first.refresh_from_db()
    response = official_client.post(
        url("game_result", tournament, first),
        {"winner_seat": 1, "sure": "1", "confirm": "1", "version": first.version},
        follow=True,
    )
    assert ">Undo</button>" not in response.text
    assert UNDO_KEY not in official_client.session


# The page ---------------------------------------------------------------------------------


def test_a_walkover_without_a_reason_is_refused_at_its_field(official_client, tournament, doubles):
    game = game_at(doubles, 1, 0)
    response = official_client.post(
        url("game_result", tournament, game), {"winner_seat": 0, "walkover": "1", "sure": "1"}
    )
    assert response.status_code == 422
    assert "Say why the game is given as a walkover" in response.text
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY


def test_the_confirm_step_keeps_the_reason_and_the_bracket_shows_it(
    official_client, tournament, doubles
):
    game = game_at(doubles, 1, 0)
    data = {"winner_seat": 1, "walkover": "1", "reason": "No show", "version": 0}
    page = official_client.post(url("game_result", tournament, game), data)
    assert page.status_code == 200
    assert 'name="reason" value="No show"' in page.text
    assert 'name="sure" value="1"' in page.text
    official_client.post(url("game_result", tournament, game), {**data, "sure": "1"})
    bracket = official_client.get(reverse("desk:bracket", args=[tournament.slug, doubles.pk]))
    assert "Reason: No show" in bracket.text
    public = official_client.get(reverse("public:bracket", args=[tournament.slug, doubles.pk]))
    assert "No show" not in public.text


def test_a_game_with_hands_offers_a_forfeit_not_won_buttons(official_client, tournament, doubles):
    game = game_at(doubles, 1, 0)
    services.set_game_progress(game=game, totals=(30, 20), hand_count=2)
    html = official_client.get(reverse("desk:bracket", args=[tournament.slug, doubles.pk])).text
    start = html.index(f'id="game-{game.pk}"')
    card = html[start : html.index("</article>", start)]
    assert "won</button>" not in card
    assert "Forfeit" in card


def test_finishing_the_event_and_taking_back_the_final(doubles, official):
    for position in (0, 1):
        give(game_at(doubles, 1, position), 0, official)
    final = game_at(doubles, 2, 0)
    give(final, 0, official)
    assert Event.objects.get(pk=doubles.pk).status == Event.Status.FINISHED
    services.take_back_result(game=final, by=official)
    assert Event.objects.get(pk=doubles.pk).status == Event.Status.PLAYING


def test_sure_without_confirm_still_asks_before_voiding(
    official_client, tournament, doubles, official
):
    first = game_at(doubles, 1, 0)
    services.record_result(game=first, winner_seat=0, by=official)
    services.record_result(game=game_at(doubles, 1, 1), winner_seat=0, by=official)
    services.set_game_progress(game=game_at(doubles, 2, 0), totals=(5, 0), hand_count=1)
    first.refresh_from_db()
    response = official_client.post(
        url("game_result", tournament, first),
        {"winner_seat": 1, "sure": "1", "version": first.version},
    )
    assert response.status_code == 409
    assert "Void later games?" in response.text
    assert Game.objects.get(pk=first.pk).winner_seat == 0


def test_a_bad_version_on_the_result_form_is_refused(official_client, tournament, doubles):
    game = game_at(doubles, 1, 0)
    response = official_client.post(
        url("game_result", tournament, game), {"winner_seat": 0, "version": "-1"}
    )
    assert response.status_code == 422
    assert Game.objects.get(pk=game.pk).status == Game.Status.READY


def test_a_result_the_sheet_decided_is_told_with_the_winners_total_first(doubles, official):
    game = game_at(doubles, 1, 0)
    services.set_game_progress(game=game, totals=(120, 255), hand_count=8)
    services.record_result(game=game, winner_seat=1, by=official)
    winner = game.sides.get(seat=1).team.label
    told = f"decided Game 1 (Semi-final): {winner} won 255 \N{MIDDLE DOT} 120 after 8 hands."
    with pytest.raises(DeskError) as refused:
        give(game, 0, official)
    assert told in str(refused.value)
    with pytest.raises(DeskError) as refused:
        services.take_back_result(game=game, by=official)
    assert told in str(refused.value)


def test_a_stale_page_names_the_game_as_the_bracket_does(doubles, official):
    final = game_at(doubles, 2, 0)
    with pytest.raises(services.StaleGame, match=r"^Game 3 \(Final\) changed"):
        services.give_result(game=final, winner_seat=0, by=official, expected_version=7)


def test_a_winner_on_the_lower_total_is_told_to_have_reached_250_first(doubles, official):
    game = game_at(doubles, 1, 0)
    services.set_game_progress(game=game, totals=(260, 255), hand_count=9)
    services.record_result(game=game, winner_seat=1, by=official)
    winner = game.sides.get(seat=1).team.label
    told = f"{winner} won 255 \N{MIDDLE DOT} 260, reached 250 first, after 9 hands."
    with pytest.raises(DeskError) as refused:
        give(game, 0, official)
    assert told in str(refused.value)
