"""The registration desk: quick entry, search, edit, check-in and withdraw."""

import pytest
from django.urls import reverse

from tests.factories import ChapterFactory, EventFactory, PlayerFactory
from tournaments.models import Entry, Event, Player

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def url(tournament, name="desk:players", *args):
    return reverse(name, args=[tournament.slug, *args])


def test_quick_entry_adds_the_player_and_returns_the_desk_and_the_list(official_client, tournament):
    event = EventFactory(tournament=tournament)
    response = official_client.post(
        url(tournament),
        {"name": "Ada Pruitt", "chapter": "Lone Star", "events": [event.pk]},
        headers=HTMX,
    )
    assert response.status_code == 200
    player = Player.objects.get(name="Ada Pruitt")
    assert player.chapter.name == "Lone Star"
    assert Entry.objects.filter(player=player, event=event).exists()
    assert "<bdi>Ada Pruitt</bdi> registered (<bdi>Lone Star</bdi>)." in response.text
    assert 'id="player-list" hx-swap-oob="true"' in response.text
    # The next player's form keeps the chapter typed, for a queue from one chapter.
    assert 'value="Lone Star"' in response.text


def test_quick_entry_warns_about_a_duplicate_name(official_client, tournament):
    PlayerFactory(
        tournament=tournament,
        name="Ada Pruitt",
        chapter=ChapterFactory(tournament=tournament, name="Gulf Coast"),
    )
    response = official_client.post(url(tournament), {"name": "ada pruitt"}, headers=HTMX)
    assert "There is already a player called ada pruitt (Gulf Coast)." in response.text
    assert Player.objects.count() == 2


def test_an_empty_name_is_refused_with_a_message_and_nothing_saved(official_client, tournament):
    response = official_client.post(url(tournament), {"name": "  ", "chapter": "X"}, headers=HTMX)
    assert response.status_code == 422
    assert "Type the player" in response.text
    assert not Player.objects.exists() and not tournament.chapters.exists()


def test_an_oversized_name_is_refused(official_client, tournament):
    response = official_client.post(url(tournament), {"name": "x" * 200}, headers=HTMX)
    assert response.status_code == 422
    assert "at most 80 characters" in response.text
    assert not Player.objects.exists()


def test_quick_entry_works_without_javascript(official_client, tournament):
    response = official_client.post(url(tournament), {"name": "Bob Wills"}, follow=True)
    assert "Bob Wills registered." in response.text
    assert response.redirect_chain[-1][0] == url(tournament)


def test_a_refused_entry_without_javascript_shows_the_page_with_the_message(
    official_client, tournament
):
    response = official_client.post(url(tournament), {"name": ""})
    assert response.status_code == 422 and "Type the player" in response.text


def test_search_returns_only_matching_players(official_client, tournament):
    PlayerFactory(tournament=tournament, name="Ada Pruitt")
    PlayerFactory(tournament=tournament, name="Bob Wills")
    response = official_client.get(url(tournament), {"q": "pru"}, headers=HTMX)
    assert "Ada Pruitt" in response.text and "Bob Wills" not in response.text
    assert "<html" not in response.text


def test_the_player_list_runs_few_queries(
    official_client, tournament, django_assert_max_num_queries
):
    events = [EventFactory(tournament=tournament) for _ in range(3)]
    for player in PlayerFactory.create_batch(60, tournament=tournament):
        for event in events:
            Entry.objects.create(event=event, player=player)
    # session, user, tournament, officials, count, page, entries, events, chapters, form
    with django_assert_max_num_queries(11):
        response = official_client.get(url(tournament))
    assert response.text.count('<tr id="player-') == 60


def test_check_in_and_undo(official_client, tournament):
    player = PlayerFactory(tournament=tournament, checked_in=False)
    response = official_client.post(
        url(tournament, "desk:player_check_in", player.pk), {"checked_in": "1"}, headers=HTMX
    )
    assert "✔ Here" in response.text
    player.refresh_from_db()
    assert player.checked_in
    official_client.post(url(tournament, "desk:player_check_in", player.pk), {"checked_in": "0"})
    player.refresh_from_db()
    assert not player.checked_in


def test_checking_in_a_withdrawn_player_is_refused(official_client, tournament):
    player = PlayerFactory(tournament=tournament, withdrawn=True, checked_in=False)
    response = official_client.post(
        url(tournament, "desk:player_check_in", player.pk), {"checked_in": "1"}, follow=True
    )
    assert "is withdrawn: reinstate them before checking in." in response.text
    player.refresh_from_db()
    assert not player.checked_in


def test_withdraw_and_reinstate(official_client, tournament):
    player = PlayerFactory(tournament=tournament)
    response = official_client.post(
        url(tournament, "desk:player_withdraw", player.pk), {"withdrawn": "1"}, headers=HTMX
    )
    assert "withdrawn" in response.text and "Reinstate" in response.text
    player.refresh_from_db()
    assert player.withdrawn
    official_client.post(url(tournament, "desk:player_withdraw", player.pk), {"withdrawn": "0"})
    player.refresh_from_db()
    assert not player.withdrawn


def test_editing_a_player_changes_name_chapter_and_open_entries(official_client, tournament):
    open_event = EventFactory(tournament=tournament)
    player = PlayerFactory(tournament=tournament, name="Ada")
    response = official_client.post(
        url(tournament, "desk:player_edit", player.pk),
        {"name": "Ada Pruitt", "chapter": "Hill Country", "events": [open_event.pk]},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.name == "Ada Pruitt" and player.chapter.name == "Hill Country"
    assert player.entries.filter(event=open_event).exists()


def test_editing_keeps_entries_in_drawn_events(official_client, tournament):
    drawn = EventFactory(tournament=tournament)
    player = PlayerFactory(tournament=tournament)
    Entry.objects.create(event=drawn, player=player)
    Event.objects.filter(pk=drawn.pk).update(status=Event.Status.DRAWN)
    official_client.post(url(tournament, "desk:player_edit", player.pk), {"name": "Ada"})
    assert player.entries.filter(event=drawn).exists()


def test_editing_with_an_empty_name_changes_nothing(official_client, tournament):
    player = PlayerFactory(tournament=tournament, name="Ada")
    response = official_client.post(url(tournament, "desk:player_edit", player.pk), {"name": ""})
    assert response.status_code == 200 and "Type the player" in response.text
    player.refresh_from_db()
    assert player.name == "Ada"


def test_the_edit_page_shows_the_player(official_client, tournament):
    player = PlayerFactory(tournament=tournament, name="Ada Pruitt")
    response = official_client.get(url(tournament, "desk:player_edit", player.pk))
    assert 'value="Ada Pruitt"' in response.text


def test_a_long_list_comes_in_pages_of_100(official_client, tournament):
    for n in range(150):
        PlayerFactory(tournament=tournament, name=f"Player {n:03d}")
    first = official_client.get(url(tournament))
    assert first.text.count('<tr id="player-') == 100
    assert "Players 1–100 of 150." in first.text
    second = official_client.get(url(tournament), {"page": 2})
    assert second.text.count('<tr id="player-') == 50
    assert "Player 149" in second.text


def test_a_new_player_is_shown_on_the_page_they_land_on(official_client, tournament):
    for n in range(150):
        PlayerFactory(tournament=tournament, name=f"Player {n:03d}")
    response = official_client.post(url(tournament), {"name": "Zora Zane"}, headers=HTMX)
    assert "Players 101–151 of 151." in response.text
    assert '<tr id="player-' in response.text and "Zora Zane</bdi></a>" in response.text


@pytest.mark.parametrize("value", ["", "yes", "-1", "1\x00", "\u0661"])
@pytest.mark.parametrize(
    "name, field", [("desk:player_check_in", "checked_in"), ("desk:player_withdraw", "withdrawn")]
)
def test_a_junk_choice_is_refused_with_a_message_and_changes_nothing(
    official_client, tournament, value, name, field
):
    """Anything but 1 or 0 used to count as "no": a junk post undid a check-in."""
    player = PlayerFactory(tournament=tournament, checked_in=True)
    activity = tournament.activity.count()
    response = official_client.post(url(tournament, name, player.pk), {field: value}, headers=HTMX)
    assert response.status_code == 422
    assert "reload the page and try again" in response.text
    assert f'id="player-{player.pk}"' in response.text
    player.refresh_from_db()
    assert (player.checked_in, player.withdrawn) == (True, False)
    assert tournament.activity.count() == activity


def test_a_refused_check_in_says_why_in_the_row(official_client, tournament):
    player = PlayerFactory(tournament=tournament, withdrawn=True, checked_in=False)
    response = official_client.post(
        url(tournament, "desk:player_check_in", player.pk), {"checked_in": "1"}, headers=HTMX
    )
    assert response.status_code == 422
    assert "is withdrawn: reinstate them before checking in." in response.text


@pytest.mark.parametrize("query", ["%00", "%0a", "%e2%80%ae%00x"])
def test_a_search_with_control_characters_answers(official_client, tournament, query):
    PlayerFactory(tournament=tournament, name="Ada Pruitt")
    response = official_client.get(url(tournament), QUERY_STRING=f"q={query}")
    assert response.status_code == 200


def test_names_are_isolated_on_the_way_out(official_client, tournament):
    """A right-to-left name (controls stripped or not) cannot reorder the row around it."""
    from tournaments.models import Chapter

    chapter = Chapter.objects.create(tournament=tournament, name="\u05e9\u05dc\u05d5\u05dd")
    PlayerFactory(tournament=tournament, name="\u0639\u0644\u064a 1", chapter=chapter)
    response = official_client.get(url(tournament))
    assert "<bdi>\u0639\u0644\u064a 1</bdi>" in response.text
    assert "<bdi>\u05e9\u05dc\u05d5\u05dd</bdi>" in response.text
