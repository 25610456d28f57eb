"""The public bracket on a phone: one round at a time with tabs, the player's games marked."""

import gzip
import re

import pytest
from django.db import connection
from django.urls import reverse

from tests.factories import drawn_doubles, game_at
from tournaments import services
from tournaments.models import Game

pytestmark = pytest.mark.django_db


def url(event, **query):
    address = reverse("public:bracket", args=[event.tournament.slug, event.pk])
    return address + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def shown_round(html: str) -> list[str]:
    return re.findall(r'class="round[^"]* shown" [^>]*data-round="(\d+)"', html)


@pytest.fixture
def event(tournament, official):
    return drawn_doubles(tournament, official, 32, name="Big")


def test_each_round_has_a_tab_that_works_without_javascript(client, event):
    html = client.get(url(event)).text
    for number, name in enumerate(
        ["Round 1", "Round of 16", "Quarter-final", "Semi-final", "Final"], start=1
    ):
        assert f'href="?round={number}#rounds" data-round="{number}"' in html
        assert name in html
    assert shown_round(html) == ["1"]  # the round being played
    assert shown_round(client.get(url(event, round=3)).text) == ["3"]


def test_a_team_link_shows_its_round_and_marks_its_games(client, event, official):
    first = game_at(event, 1, 5)
    services.record_result(game=first, winner_seat=1, by=official)
    team = first.sides.get(seat=1).team
    html = client.get(url(event, team=team.number)).text
    assert shown_round(html) == ["2"]  # its next game
    second = game_at(event, 2, 2)
    for game in (first, second):
        assert re.search(rf'class="game game-\w+ mine" id="game-{game.pk}"', html)
    assert html.count(' mine" id=') == 2
    assert 'class="side won mine"' in html or 'class="side mine"' in html
    assert "are marked in green" in html
    assert f'href="?team={team.number}&amp;round=4#rounds"' in html
    # The live part polls with the team kept.
    assert f'hx-get="{url(event)}?team={team.number}"' in html


def test_a_knocked_out_team_is_shown_at_its_last_game(client, event, official):
    first = game_at(event, 1, 0)
    services.record_result(game=first, winner_seat=0, by=official)
    loser = first.sides.get(seat=1).team
    assert shown_round(client.get(url(event, team=loser.number)).text) == ["1"]


def test_a_finished_bracket_opens_at_its_final(client, tournament, official):
    small = drawn_doubles(tournament, official, 4, name="Small")
    for game in Game.objects.filter(event=small).order_by("round_number", "position"):
        game.refresh_from_db()
        services.record_result(game=game, winner_seat=0, by=official)
    assert shown_round(client.get(url(small)).text) == ["2"]


@pytest.mark.parametrize("junk", ["abc", "-1", "99", "1e3", "%E2%91%A0", "9999999"])
def test_a_bad_team_or_round_is_ignored(client, event, junk):
    response = client.get(url(event, team=junk, round=junk))
    assert response.status_code == 200
    assert shown_round(response.text) == ["1"]
    assert "marked in green" not in response.text


def test_team_and_round_have_their_own_etag(client, event):
    tags = {
        client.get(url(event))["ETag"],
        client.get(url(event, team=3))["ETag"],
        client.get(url(event, round=2))["ETag"],
    }
    assert len(tags) == 3
    etag = client.get(url(event, team=3))["ETag"]
    assert client.get(url(event, team=3), HTTP_IF_NONE_MATCH=etag).status_code == 304


def test_the_official_bracket_keeps_its_jump_links(official_client, event):
    html = official_client.get(reverse("desk:bracket", args=[event.tournament.slug, event.pk])).text
    assert "Jump to:" in html and "round-tabs" not in html


def test_the_page_says_when_it_was_last_updated(client, event):
    html = client.get(url(event)).text
    event.refresh_from_db()
    from django.utils import timezone

    local = timezone.localtime(event.changed_at)
    assert f'Last updated <time datetime="{local.isoformat()}">' in html


@pytest.mark.parametrize("teams", [32, 128])
def test_the_page_stays_light(client, tournament, official, teams, django_assert_num_queries):
    """128 teams: every game is sent (the whole tree on a wide screen), gzip keeps it small."""
    big = drawn_doubles(tournament, official, teams, name=f"T{teams}")
    address = url(big, team=7)
    # The ETag, then the bracket's own four (on PostgreSQL the event and its games in one).
    with django_assert_num_queries(1 + 4 - (connection.vendor == "postgresql")):
        response = client.get(address)
    raw = response.content
    zipped = len(gzip.compress(raw))
    print(f"{teams} teams: {len(raw)} bytes, {zipped} gzipped")
    assert len(raw) < teams * 1500
    assert zipped < teams * 180
