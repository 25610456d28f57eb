"""Public pages: no login; the tournament home with its player lookup."""

import datetime

import pytest
from django.urls import reverse

from tests.factories import EntryFactory, EventFactory, PlayerFactory, TournamentFactory

pytestmark = pytest.mark.django_db


def test_the_index_lists_coming_and_past_tournaments(client):
    TournamentFactory(
        name="Next Rally", starts_on=datetime.date(2099, 1, 1), ends_on=datetime.date(2099, 1, 2)
    )
    TournamentFactory(
        name="Old Rally", starts_on=datetime.date(2001, 1, 1), ends_on=datetime.date(2001, 1, 2)
    )
    response = client.get(reverse("public:index"))
    assert "Next Rally" in response.text and "Old Rally" in response.text


def test_the_home_page_needs_no_login_and_lists_events(client, tournament):
    EventFactory(tournament=tournament, name="Doubles")
    response = client.get(reverse("public:tournament", args=[tournament.slug]))
    assert response.status_code == 200
    assert "Doubles" in response.text and "Find your name" in response.text


def test_an_unknown_tournament_is_not_found(client):
    assert client.get(reverse("public:tournament", args=["nope"])).status_code == 404


def test_the_lookup_finds_a_player_by_part_of_the_name_and_shows_their_events(client, tournament):
    entry = EntryFactory(
        event=EventFactory(tournament=tournament, name="Doubles"),
        player=PlayerFactory(tournament=tournament, name="Ada Pruitt"),
    )
    PlayerFactory(tournament=tournament, name="Bob Wills")
    response = client.get(
        reverse("public:tournament", args=[tournament.slug]),
        {"q": "pru ada"},
        headers={"HX-Request": "true", "HX-Target": "lookup-results"},
    )
    assert "<html" not in response.text
    assert "Ada Pruitt" in response.text and "Bob Wills" not in response.text
    assert entry.event.name in response.text


def test_the_lookup_works_without_javascript(client, tournament):
    PlayerFactory(tournament=tournament, name="Ada Pruitt")
    response = client.get(reverse("public:tournament", args=[tournament.slug]), {"q": "ada"})
    assert "<html" in response.text and "Ada Pruitt" in response.text


def test_the_lookup_says_plainly_when_nobody_matches(client, tournament):
    response = client.get(reverse("public:tournament", args=[tournament.slug]), {"q": "zed"})
    assert "No player matches “<bdi>zed</bdi>”" in response.text


def test_the_lookup_hides_withdrawn_players_and_other_tournaments(client, tournament):
    PlayerFactory(tournament=tournament, name="Ada Gone", withdrawn=True)
    PlayerFactory(name="Ada Elsewhere")
    response = client.get(reverse("public:tournament", args=[tournament.slug]), {"q": "ada"})
    assert "Ada Gone" not in response.text and "Ada Elsewhere" not in response.text


def test_an_unchanged_page_answers_304(client, tournament):
    EventFactory(tournament=tournament)
    url = reverse("public:tournament", args=[tournament.slug])
    first = client.get(url)
    again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304


def test_a_new_player_changes_the_etag(client, official, tournament):
    from tournaments import services

    EventFactory(tournament=tournament)
    url = reverse("public:tournament", args=[tournament.slug])
    first = client.get(url)
    services.add_player(tournament=tournament, by=official, name="Ada")
    assert client.get(url, headers={"If-None-Match": first["ETag"]}).status_code == 200


def test_the_home_page_runs_few_queries(client, tournament, django_assert_max_num_queries):
    events = [EventFactory(tournament=tournament) for _ in range(5)]
    for player in PlayerFactory.create_batch(40, tournament=tournament, name="Ada"):
        EntryFactory(event=events[0], player=player)
    with django_assert_max_num_queries(8):
        client.get(reverse("public:tournament", args=[tournament.slug]), {"q": "ada"})


def test_event_counts_do_not_multiply_entries_by_teams(client, tournament, official):
    from tests.factories import drawn_doubles

    event = drawn_doubles(tournament, official, 6)
    response = client.get(reverse("public:tournament", args=[tournament.slug]))
    shown = next(e for e in response.context["events"] if e.pk == event.pk)
    assert (shown.entry_count, shown.team_count) == (12, 6)


def test_the_index_runs_few_queries(client, django_assert_max_num_queries):
    for n in range(30):
        TournamentFactory(
            starts_on=datetime.date(2099, 1, 1), ends_on=datetime.date(2099, 1, n + 1)
        )
    with django_assert_max_num_queries(3):
        assert client.get(reverse("public:index")).status_code == 200


@pytest.mark.parametrize("query", ["%0a", "%00", "%0d%0aSet-Cookie:%20x=1", "%e2%80%ae", "%ff"])
def test_a_lookup_of_control_characters_answers_and_its_etag_is_a_hash(client, tournament, query):
    """The raw lookup went into the ETag header: a line break or NUL answered 500."""
    EventFactory(tournament=tournament)
    url = reverse("public:tournament", args=[tournament.slug])
    response = client.get(url, QUERY_STRING=f"q={query}")
    assert response.status_code == 200
    etag = response["ETag"]
    assert etag.startswith('"t-') and etag.endswith('"')
    assert all(c.isalnum() or c in '"-' for c in etag)
    again = client.get(url, QUERY_STRING=f"q={query}", headers={"If-None-Match": etag})
    assert again.status_code == 304


def test_each_lookup_and_each_partial_has_its_own_etag(client, tournament):
    EventFactory(tournament=tournament)
    url = reverse("public:tournament", args=[tournament.slug])
    tags = {
        client.get(url, {"q": "ada"})["ETag"],
        client.get(url, {"q": "bob"})["ETag"],
        client.get(url)["ETag"],
        client.get(
            url, {"q": "ada"}, headers={"HX-Request": "true", "HX-Target": "lookup-results"}
        )["ETag"],
    }
    assert len(tags) == 4
