"""An event's house rules on the desk: its game's own options, locked once play has started."""

import pytest
from django.urls import reverse

from tests.factories import EventFactory, drawn_doubles
from tournaments.errors import RulesError
from tournaments.models import Activity, Event, Game
from tournaments.services import house_rules

pytestmark = pytest.mark.django_db


@pytest.fixture
def thats_it(tournament):
    return EventFactory(
        tournament=tournament,
        name="That's It",
        game_key="thats_it",
        format=Event.Format.ROUNDS,
        team_size=1,
    )


def rules_url(event):
    return reverse("desk:event_rules", args=[event.tournament.slug, event.pk])


def test_the_form_has_the_game_own_options_with_the_event_values(official_client, thats_it):
    thats_it.options = {"target": 40}
    thats_it.save()
    text = official_client.get(rules_url(thats_it)).text
    assert 'name="opt_target"' in text and 'value="40"' in text
    assert 'name="opt_sit_out_points"' in text  # every rounds event has it
    assert "opt_blocked_scoring" not in text  # a Texas Good Sams option
    assert "can change freely" in text


def test_texas_good_sams_shows_its_own_option_only(official_client, tournament):
    event = EventFactory(tournament=tournament)
    text = official_client.get(rules_url(event)).text
    assert 'name="opt_blocked_scoring"' in text and "opt_target" not in text


def test_a_change_before_play_is_saved_and_logged(official_client, thats_it):
    response = official_client.post(
        rules_url(thats_it),
        {
            "opt_target": "40",
            "opt_largest_table": "8",
            "opt_table_size": "4",
            "opt_sit_out_points": "2",
        },
        follow=True,
    )
    thats_it.refresh_from_db()
    assert thats_it.options["target"] == 40
    assert "House rules changed: Points to win: 25 → 40." in response.text
    assert Activity.objects.filter(
        text="Changed the house rules of That's It: Points to win: 25 → 40"
    ).exists()


def test_saving_unchanged_rules_changes_nothing(official_client, thats_it, official):
    data = {f"opt_{k}": v for k, v in thats_it.game.validate_options({}).items()}
    response = official_client.post(rules_url(thats_it), data, follow=True)
    assert "No house rule was changed." in response.text
    assert not Activity.objects.exists()


@pytest.mark.parametrize(
    "value, message", [("0", "greater than or equal to 1"), ("abc", "Enter a whole number")]
)
def test_a_bad_value_is_refused_at_its_field(official_client, thats_it, value, message):
    data = {"opt_target": value, "opt_largest_table": "8", "opt_table_size": "4"}
    response = official_client.post(rules_url(thats_it), {**data, "opt_sit_out_points": "2"})
    assert response.status_code == 422 and message in response.text
    thats_it.refresh_from_db()
    assert thats_it.options == {}


def test_a_rule_the_game_refuses_is_shown_and_nothing_saved(official, thats_it):
    with pytest.raises(RulesError):
        house_rules.update_event_options(event=thats_it, by=official, options={"target": 0})
    thats_it.refresh_from_db()
    assert thats_it.options == {}


def test_after_play_started_a_change_needs_the_official_to_confirm(
    official_client, official, tournament
):
    event = drawn_doubles(tournament, official, 4)
    game = Game.objects.filter(event=event, status=Game.Status.READY).first()
    Game.objects.filter(pk=game.pk).update(hand_count=2, status=Game.Status.PLAYING)
    page = official_client.get(rules_url(event)).text
    assert "Play has started: 1 game being played follow the new rules" in page
    assert 'name="confirm"' in page
    data = {"opt_blocked_scoring": "difference"}
    response = official_client.post(rules_url(event), data)
    assert response.status_code == 422
    assert "Tick the box to change the rules anyway" in response.text
    event.refresh_from_db()
    assert event.options == {"blocked_scoring": "total"} or event.options == {}
    response = official_client.post(rules_url(event), {**data, "confirm": "yes"}, follow=True)
    event.refresh_from_db()
    assert event.options["blocked_scoring"] == "difference"
    log = Activity.objects.get(text__startswith="Changed the house rules")
    assert "(confirmed after play had started)" in log.text
    assert (
        "Blocked hand scoring: The side with fewer pips scores the other side's pips → " in log.text
    )


def test_the_warning_counts_games_with_a_result_and_games_being_played(official, tournament):
    event = drawn_doubles(tournament, official, 4)
    games = list(Game.objects.filter(event=event, status=Game.Status.READY))
    Game.objects.filter(pk=games[0].pk).update(status=Game.Status.FINISHED, hand_count=5)
    Game.objects.filter(pk=games[1].pk).update(status=Game.Status.WALKOVER)
    started = house_rules.play_started(event)
    assert (started.decided, started.playing) == (2, 0)
    assert house_rules.play_started_warning(started) == (
        "Play has started: 2 games already have a result and keep it; a correction to one of "
        "their hands would score that game again by the new rules."
    )
    with pytest.raises(house_rules.ConfirmRulesChange):
        house_rules.update_event_options(
            event=event, by=official, options={"blocked_scoring": "difference"}
        )


def test_a_drawn_bracket_with_byes_only_has_not_started_play(official, tournament):
    event = drawn_doubles(tournament, official, 3)  # one bye
    assert not house_rules.play_started(event)
    house_rules.update_event_options(
        event=event, by=official, options={"blocked_scoring": "difference"}
    )


def test_a_junk_confirmation_is_refused(official_client, official, tournament):
    event = drawn_doubles(tournament, official, 4)
    Game.objects.filter(event=event).update(hand_count=1, status=Game.Status.PLAYING)
    response = official_client.post(
        rules_url(event), {"opt_blocked_scoring": "difference", "confirm": "on"}
    )
    assert response.status_code == 422 and "Tick the box to confirm" in response.text


def test_a_long_change_log_is_cut_to_fit(official, tournament):
    event = drawn_doubles(tournament, official, 4)
    Event.objects.filter(pk=event.pk).update(name="E" * 80)
    Game.objects.filter(event=event).update(hand_count=1, status=Game.Status.PLAYING)
    house_rules.update_event_options(
        event=event, by=official, options={"blocked_scoring": "difference"}, confirmed=True
    )
    text = Activity.objects.get(text__startswith="Changed").text
    assert len(text) == 255 and text.endswith("…")


def test_the_event_page_links_to_the_rules(official_client, thats_it):
    page = reverse("desk:event_detail", args=[thats_it.tournament.slug, thats_it.pk])
    assert rules_url(thats_it) in official_client.get(page).text


def test_an_outsider_is_refused(other_client, thats_it):
    assert other_client.get(rules_url(thats_it)).status_code == 403
    assert other_client.post(rules_url(thats_it), {"opt_target": "40"}).status_code == 403
    thats_it.refresh_from_db()
    assert thats_it.options == {}


# The new-event form: each game's own options ---------------------------------------------


def test_without_javascript_the_form_shows_the_chosen_game_rules(official_client, tournament):
    url = reverse("desk:event_create", args=[tournament.slug])
    response = official_client.post(url, {"name": "Fun", "game_key": "thats_it", "show_rules": "1"})
    assert response.status_code == 200
    assert 'name="opt_target"' in response.text and "opt_blocked_scoring" not in response.text
    assert 'value="Fun"' in response.text
    assert not Event.objects.exists()


def test_the_new_event_form_sends_back_the_game_options_with_htmx(official_client, tournament):
    url = reverse("desk:event_create", args=[tournament.slug])
    response = official_client.post(
        url,
        {"game_key": "domino_pinochle"},
        headers={"HX-Request": "true", "HX-Trigger-Name": "game_key"},
    )
    assert "opt_blocked_scoring" not in response.text and 'id="options"' in response.text


def test_a_rule_the_game_refuses_across_options_is_shown_on_the_page(official_client, thats_it):
    data = {"opt_target": "25", "opt_largest_table": "4", "opt_table_size": "8"}
    response = official_client.post(rules_url(thats_it), {**data, "opt_sit_out_points": "2"})
    assert response.status_code == 422
    assert "is more than the largest table (4)" in response.text
    thats_it.refresh_from_db()
    assert thats_it.options == {}


def test_yes_no_rules_are_logged_in_plain_words(official, tournament):
    event = EventFactory(
        tournament=tournament,
        name="Pinochle",
        game_key="domino_pinochle",
        format=Event.Format.ROUNDS,
        team_size=1,
    )
    changes = house_rules.update_event_options(
        event=event, by=official, options={"doubles_melds": False}
    )
    assert changes == ["Doubles melds: yes → no"]
