"""Entering registered players in an event in bulk: the page, the service, every refusal."""

import pytest
from django.urls import reverse

from tests.factories import ChapterFactory, EventFactory, PlayerFactory, TournamentFactory
from tournaments import services
from tournaments.models import Activity, Entry, Event
from tournaments.services.entries import EntriesRefused

pytestmark = pytest.mark.django_db


@pytest.fixture
def hall(tournament):
    lone = ChapterFactory(tournament=tournament, name="Lone Star")
    hill = ChapterFactory(tournament=tournament, name="Hill Country")
    players = {
        "ada": PlayerFactory(tournament=tournament, name="Ada", chapter=lone),
        "bob": PlayerFactory(tournament=tournament, name="Bob", chapter=lone, checked_in=False),
        "cal": PlayerFactory(tournament=tournament, name="Cal", chapter=hill),
        "dot": PlayerFactory(tournament=tournament, name="Dot", chapter=None),
        "eve": PlayerFactory(
            tournament=tournament, name="Eve", chapter=lone, withdrawn=True, checked_in=False
        ),
    }
    event = EventFactory(tournament=tournament, name="Doubles")
    return {"lone": lone, "hill": hill, "event": event, **players}


def page(tournament, event):
    return reverse("desk:event_entries", args=[tournament.slug, event.pk])


def entered(event):
    return sorted(Entry.objects.filter(event=event).values_list("player__name", flat=True))


# The service -------------------------------------------------------------------------------


def test_enter_players_enters_and_reports_those_entered_already(official, hall):
    event = hall["event"]
    Entry.objects.create(event=event, player=hall["ada"])
    done = services.enter_players(event=event, by=official, players=[hall["ada"], hall["cal"]])
    assert [p.name for p in done.entered] == ["Cal"] and [p.name for p in done.already] == ["Ada"]
    assert len(done) == 1 and entered(event) == ["Ada", "Cal"]
    assert Activity.objects.filter(text="Entered 1 player in Doubles").exists()


def test_a_player_listed_twice_is_entered_once(official, hall):
    done = services.enter_players(event=hall["event"], by=official, players=[hall["ada"]] * 2)
    assert len(done) == 1 and entered(hall["event"]) == ["Ada"]


def test_a_withdrawn_player_refuses_the_whole_entry_saying_who_and_why(official, hall):
    with pytest.raises(EntriesRefused, match="Nobody was entered: Eve has withdrawn") as refused:
        services.enter_players(event=hall["event"], by=official, players=[hall["ada"], hall["eve"]])
    assert refused.value.refusals == [
        ("Eve", "has withdrawn: reinstate them on the Players page first.")
    ]
    assert entered(hall["event"]) == []


def test_players_of_another_tournament_are_refused(official, hall):
    stranger = PlayerFactory(tournament=TournamentFactory(), name="Zed")
    withdrawn = hall["eve"]
    with pytest.raises(EntriesRefused, match=r"and 1 other: see the list") as refused:
        services.enter_players(event=hall["event"], by=official, players=[stranger, withdrawn])
    assert refused.value.refusals[0] == ("Zed", "is not registered in this tournament.")
    assert entered(hall["event"]) == []


@pytest.mark.parametrize(
    "status, reason",
    [
        (Event.Status.DRAWN, "its partners are drawn"),
        (Event.Status.PLAYING, "its bracket is drawn"),
        (Event.Status.FINISHED, "is finished"),
    ],
)
def test_entries_into_a_drawn_bracket_event_are_refused(official, hall, status, reason):
    event = hall["event"]
    Event.objects.filter(pk=event.pk).update(status=status)
    event.refresh_from_db()
    with pytest.raises(EntriesRefused, match=reason):
        services.enter_players(event=event, by=official, players=[hall["ada"]])
    assert entered(event) == []


def test_a_rounds_event_takes_late_arrivals_until_it_is_finished(official, tournament, hall):
    rounds = EventFactory(
        tournament=tournament,
        name="Pinochle",
        game_key="domino_pinochle",
        format=Event.Format.ROUNDS,
        team_size=1,
        status=Event.Status.PLAYING,
    )
    services.enter_players(event=rounds, by=official, players=[hall["ada"]])
    Event.objects.filter(pk=rounds.pk).update(status=Event.Status.FINISHED)
    with pytest.raises(EntriesRefused, match="Pinochle is finished"):
        services.enter_players(event=rounds, by=official, players=[hall["cal"]])
    assert entered(rounds) == ["Ada"]


# The page ----------------------------------------------------------------------------------


def test_the_page_lists_every_player_with_chapter_and_state(official_client, tournament, hall):
    Entry.objects.create(event=hall["event"], player=hall["cal"])
    response = official_client.get(page(tournament, hall["event"]))
    assert response.status_code == 200
    text = response.text
    for name in ("Ada", "Bob", "Cal", "Dot", "Eve"):
        assert f"<bdi>{name}</bdi>" in text
    assert "No chapter" in text and "Lone Star" in text
    assert text.count("disabled") >= 2  # Cal (entered) and Eve (withdrawn) cannot be ticked
    assert "Enter all 2 checked-in players" in text  # Ada and Dot
    assert "5 players shown: 1 entered already, 2 checked in and not entered yet." in text


def test_the_query_count_does_not_grow_with_the_players(
    official_client, tournament, hall, django_assert_max_num_queries
):
    for n in range(30):
        PlayerFactory(tournament=tournament, name=f"Extra {n}", chapter=hall["hill"])
    with django_assert_max_num_queries(12):
        official_client.get(page(tournament, hall["event"]))


@pytest.mark.parametrize(
    "chapter, shown, hidden",
    [("lone", ["Ada", "Bob", "Eve"], ["Cal", "Dot"]), ("none", ["Dot"], ["Ada", "Cal"])],
)
def test_the_chapter_filter_narrows_the_list(
    official_client, tournament, hall, chapter, shown, hidden
):
    value = str(hall[chapter].pk) if chapter != "none" else "none"
    text = official_client.get(page(tournament, hall["event"]), {"chapter": value}).text
    assert all(f"<bdi>{n}</bdi>" in text for n in shown)
    assert not any(f"<bdi>{n}</bdi>" in text for n in hidden)


def test_an_unknown_chapter_in_the_filter_says_so_and_shows_everyone(
    official_client, tournament, hall
):
    response = official_client.get(page(tournament, hall["event"]), {"chapter": "999999"})
    assert response.status_code == 200
    assert "That chapter is not one of this tournament" in response.text
    assert "<bdi>Dot</bdi>" in response.text and "<bdi>Ada</bdi>" in response.text


def test_ticked_players_are_entered(official_client, tournament, hall):
    url = page(tournament, hall["event"])
    response = official_client.post(
        url, {"players": [hall["ada"].pk, hall["bob"].pk], "enter": "ticked"}, follow=True
    )
    assert "Entered 2 players in Doubles." in response.text
    assert entered(hall["event"]) == ["Ada", "Bob"]


def test_all_checked_in_players_of_the_chapter_shown_are_entered(official_client, tournament, hall):
    url = page(tournament, hall["event"])
    lone = str(hall["lone"].pk)
    response = official_client.post(url, {"enter": "checked_in", "chapter": lone})
    assert response.status_code == 302 and response.url == f"{url}?chapter={lone}"
    assert entered(hall["event"]) == ["Ada"]  # Bob is not checked in, Eve withdrew
    official_client.post(url, {"enter": "checked_in"})
    assert entered(hall["event"]) == ["Ada", "Cal", "Dot"]


def test_all_checked_in_with_nobody_left_says_so(official_client, tournament, hall):
    url = page(tournament, hall["event"])
    response = official_client.post(url, {"enter": "checked_in", "chapter": "none"})
    assert response.status_code == 302
    response = official_client.post(url, {"enter": "checked_in", "chapter": "none"})
    assert response.status_code == 422
    assert "every checked-in player shown is entered already" in response.text


def test_pressing_enter_with_nobody_ticked_is_refused(official_client, tournament, hall):
    response = official_client.post(page(tournament, hall["event"]), {"enter": "ticked"})
    assert response.status_code == 422
    assert "tick the players to enter" in response.text
    assert entered(hall["event"]) == []


def test_ticking_players_entered_already_says_so_and_enters_nobody_twice(
    official_client, tournament, hall
):
    Entry.objects.create(event=hall["event"], player=hall["ada"])
    response = official_client.post(
        page(tournament, hall["event"]), {"players": [hall["ada"].pk]}, follow=True
    )
    assert "Entered already, left as they were: Ada." in response.text
    assert entered(hall["event"]) == ["Ada"]


def test_a_withdrawn_player_ticked_is_refused_with_the_reason(official_client, tournament, hall):
    response = official_client.post(
        page(tournament, hall["event"]), {"players": [hall["ada"].pk, hall["eve"].pk]}
    )
    assert response.status_code == 422
    assert "Why each player was refused" in response.text
    assert (
        "<bdi>Eve</bdi> has withdrawn: reinstate them on the Players page first." in response.text
    )
    assert entered(hall["event"]) == []


def test_a_player_of_another_tournament_is_refused_at_the_field(official_client, tournament, hall):
    stranger = PlayerFactory(tournament=TournamentFactory())
    response = official_client.post(page(tournament, hall["event"]), {"players": [stranger.pk]})
    assert response.status_code == 422
    assert "is not registered in this tournament" in response.text
    assert entered(hall["event"]) == []


@pytest.mark.parametrize("data", [{"enter": "x"}, {"chapter": "nope", "enter": "checked_in"}])
def test_junk_buttons_and_chapters_are_refused(official_client, tournament, hall, data):
    response = official_client.post(page(tournament, hall["event"]), data)
    assert response.status_code == 422 and 'role="alert"' in response.text
    assert entered(hall["event"]) == []


def test_a_drawn_event_says_entries_are_closed_and_offers_no_button(
    official_client, tournament, hall
):
    Event.objects.filter(pk=hall["event"].pk).update(status=Event.Status.DRAWN)
    response = official_client.get(page(tournament, hall["event"]))
    assert "entries are closed" in response.text
    assert "Enter the players ticked" not in response.text
    response = official_client.post(page(tournament, hall["event"]), {"players": [hall["ada"].pk]})
    assert response.status_code == 422 and "its partners are drawn" in response.text
    assert entered(hall["event"]) == []


def test_the_event_page_and_dashboard_link_to_bulk_entry(official_client, tournament, hall):
    url = page(tournament, hall["event"])
    assert (
        url
        in official_client.get(
            reverse("desk:event_detail", args=[tournament.slug, hall["event"].pk])
        ).text
    )
    assert url in official_client.get(reverse("desk:dashboard", args=[tournament.slug])).text


def test_an_outsider_is_refused(other_client, tournament, hall):
    url = page(tournament, hall["event"])
    assert other_client.get(url).status_code == 403
    assert other_client.post(url, {"players": [hall["ada"].pk]}).status_code == 403
    assert entered(hall["event"]) == []
