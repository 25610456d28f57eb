"""The three versions a change moves (`changes.mark_changed`): ``changed_at`` always;
``shared_changed_at`` unless only one game's running score changed; ``names_changed_at``
unless that, or a result that changed no team, player or chapter. A visitor's pages keep
the event's team lines under the last (`fragments.kept_team_lines`)."""

import pytest
from django.db import connection
from django.urls import reverse
from django.utils.html import escape

from tests.factories import drawn_doubles, game_at
from tournaments import page_cache, selectors, services
from tournaments.changes import mark_changed, mark_changed_sql
from tournaments.models import Event, Player

pytestmark = pytest.mark.django_db
VERSIONS = ("changed_at", "shared_changed_at", "names_changed_at")


def versions(event) -> dict:
    return dict(zip(VERSIONS, Event.objects.values_list(*VERSIONS).get(pk=event.pk), strict=True))


def moved(before: dict, after: dict) -> set:
    return {name for name in VERSIONS if after[name] != before[name]}


@pytest.mark.parametrize(
    ("asked", "expected"),
    [
        ({}, set(VERSIONS)),
        ({"names": False}, {"changed_at", "shared_changed_at"}),
        ({"one_game": True}, {"changed_at"}),
        ({"one_game": True, "names": False}, {"changed_at"}),
    ],
)
def test_mark_changed_moves_the_versions_it_is_asked_to(tournament, official, asked, expected):
    event = drawn_doubles(tournament, official, 4)
    before = versions(event)
    mark_changed(event=event, **asked)
    assert moved(before, versions(event)) == expected
    assert {name: getattr(event, name) for name in VERSIONS} == versions(event)


@pytest.mark.parametrize(
    ("asked", "expected"),
    [
        ({}, "SET changed_at = %s, shared_changed_at = %s, names_changed_at = %s"),
        ({"names": False}, "SET changed_at = %s, shared_changed_at = %s"),
        ({"one_game": True}, "SET changed_at = %s"),
    ],
)
def test_the_raw_statement_moves_the_same_versions(asked, expected):
    assert mark_changed_sql("%s", **asked).endswith(expected)


def test_a_tournament_wide_change_moves_every_event_s_names(tournament, official):
    event = drawn_doubles(tournament, official, 4)
    before = versions(event)
    player = Player.objects.filter(memberships__team__event=event).first()
    services.update_player(player=player, by=official, name="Renamed Rosa")
    assert moved(before, versions(event)) == set(VERSIONS)


def test_a_bracket_result_keeps_the_names_and_the_page_shows_it(
    client, tournament, official, monkeypatch
):
    """A result on PostgreSQL (one statement) keeps the names' version, so the visitor's
    bracket does not read its teams again; the general path (SQLite, and a correction
    everywhere) moves it. Either way the page shows the result and the names."""
    page_cache.clear()
    event = drawn_doubles(tournament, official, 8)
    url = reverse("public:bracket", args=[tournament.slug, event.pk])
    read, build = [], selectors.team_lines
    monkeypatch.setattr(
        selectors, "team_lines", lambda event: [read.append(event), build(event)][1]
    )
    assert client.get(url).status_code == 200
    assert len(read) == 1
    before = versions(event)
    game = game_at(event, 1, 0)
    services.set_game_progress(game=game, totals=(260, 90), hand_count=6)
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    one_statement = connection.vendor == "postgresql"
    expected = {"changed_at", "shared_changed_at"} | (
        set() if one_statement else {"names_changed_at"}
    )
    assert moved(before, versions(event)) == expected
    page = client.get(url).content.decode()
    assert len(read) == (1 if one_statement else 2)
    winner = game_at(event, 1, 0).sides.get(seat=0).team
    assert escape(winner.memberships.first().player.name) in page and "260" in page
