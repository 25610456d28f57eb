"""Every official URL, found from the URL configuration, refuses the wrong people.

Each official page also has its own refusal tests; this one makes sure no page added
later is forgotten: anonymous users go to the login page, officials of another
tournament get 403, for GET and POST alike.
"""

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver, reverse

from tournaments.models import Season, SeasonTournament

pytestmark = pytest.mark.django_db

OFFICIAL_NAMESPACES = ("desk", "scoring", "seasons")
# Pages of one's own: a list and the form that makes a tournament or a season.
WITHOUT_TOURNAMENT = {"desk:home", "desk:tournament_create", "seasons:list"}


def official_url_names() -> list[str]:
    names = []
    for namespace in OFFICIAL_NAMESPACES:
        _, resolver = get_resolver().namespace_dict[namespace]
        names += [
            f"{namespace}:{p.name}" for p in resolver.url_patterns if isinstance(p, URLPattern)
        ]
    return sorted(names)


def url_for(name: str, slug: str) -> str:
    """Fill the URL's arguments: the tournament's slug, and 1 for any object id (a
    season's pages: the season of our tournament's official, made by `season`)."""
    _, resolver = get_resolver().namespace_dict[name.split(":")[0]]
    pattern = next(p for p in resolver.url_patterns if p.name == name.split(":")[1])
    ids = {"pk": Season.objects.values_list("pk", flat=True).first() or 1}
    kwargs = {
        key: (slug if key == "slug" else ids.get(key, 1) if name.startswith("seasons:") else 1)
        for key in pattern.pattern.converters
    }
    return reverse(name, kwargs=kwargs)


@pytest.fixture(autouse=True)
def season(tournament, official):
    """A season run by our tournament's official, our tournament in it (issue 24)."""
    found = Season.objects.create(name="State flag", year=2026, owner=official)
    SeasonTournament.objects.create(season=found, tournament=tournament, added_by=official)
    return found


def test_the_official_url_list_is_not_empty():
    assert len(official_url_names()) > 20


@pytest.mark.parametrize("name", official_url_names())
@pytest.mark.parametrize("method", ["get", "post"])
def test_anonymous_users_are_sent_to_log_in(tournament, name, method):
    response = getattr(Client(), method)(url_for(name, tournament.slug))
    assert response.status_code in (302, 405)
    if response.status_code == 302:
        assert response.url.startswith("/login/")


@pytest.mark.parametrize("name", [n for n in official_url_names() if n not in WITHOUT_TOURNAMENT])
@pytest.mark.parametrize("method", ["get", "post"])
def test_officials_of_another_tournament_are_refused(other_client, tournament, name, method):
    response = getattr(other_client, method)(url_for(name, tournament.slug))
    assert response.status_code in (403, 405)


@pytest.mark.parametrize("method", ["get", "post"])
def test_a_visitor_holding_a_table_link_has_no_more_than_anyone(tournament, method):
    """A table's link opens that one game's entry: every official URL still refuses its
    holder as it refuses anyone, its own game's id in the URL included."""
    from scoring.services.table_links import links_for
    from tests.scoring.builders import make_ready_game

    game = make_ready_game(tournament)
    link = links_for([game])[game.pk]
    visitor = Client()
    assert (
        visitor.get(reverse("scoring_public:table", args=[tournament.slug, link.code])).status_code
        == 200
    )
    for name in official_url_names():
        _, resolver = get_resolver().namespace_dict[name.split(":")[0]]
        pattern = next(p for p in resolver.url_patterns if p.name == name.split(":")[1])
        kwargs = {
            key: (tournament.slug if key == "slug" else game.pk)
            for key in pattern.pattern.converters
        }
        response = getattr(visitor, method)(reverse(name, kwargs=kwargs))
        assert response.status_code in (302, 405), name
        if response.status_code == 302:
            assert response.url.startswith("/login/"), name
