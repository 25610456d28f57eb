"""Public pages are built once per change of their event and served from the cache.

The next request after any change shows it (a result, a rename, a registration, a round
seated and started); a page served from the cache or answered 304 costs one query, at
any size of event; nothing personal is ever shared.
"""

import gzip

import pytest
from django.contrib.auth.models import AnonymousUser
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.signed_cookies import SessionStore
from django.core.cache import caches
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.test import RequestFactory
from django.urls import ResolverMatch, reverse
from django.utils.html import escape
from django_htmx.middleware import HtmxDetails

from tests.factories import EventFactory, PlayerFactory, drawn_doubles, game_at
from tournaments import kept_pages, page_cache, services
from tournaments.models import Player
from tournaments.page_cache import event_marker, public_page
from tournaments.views import brackets_public

from .rounds_setup import finish_round, rounds_event, seat_and_start

pytestmark = pytest.mark.django_db


def bracket_url(event):
    return reverse("public:bracket", args=[event.tournament.slug, event.pk])


def standings_url(event):
    return reverse("public:standings", args=[event.tournament.slug, event.pk])


def round_url(event, number):
    return reverse("public:round_results", args=[event.tournament.slug, event.pk, number])


def home_url(tournament):
    return reverse("public:tournament", args=[tournament.slug])


@pytest.fixture
def stored(monkeypatch):
    """The keys of the pages stored from now on, whatever the cache's backend."""
    keys = []
    cache = caches[page_cache.CACHE_ALIAS]
    real = cache.set

    def spy(key, value, *args, **kwargs):
        keys.append(key)
        return real(key, value, *args, **kwargs)

    monkeypatch.setattr(cache, "set", spy)
    return keys


@pytest.fixture
def event(tournament, official):
    return drawn_doubles(tournament, official, 4, chapters=6)


def played_rounds_event(tournament, official, players):
    event = rounds_event(tournament, players=players, game_key="domino_pinochle", name="P")
    finish_round(seat_and_start(event, official, seed=1), official)
    return event


# Rendered once per change ----------------------------------------------------------


def test_a_bracket_is_rendered_once_and_then_served_with_one_query(
    client, event, django_assert_num_queries
):
    first = client.get(bracket_url(event))
    assert first.templates
    with django_assert_num_queries(1):
        again = client.get(bracket_url(event))
    assert again.status_code == 200
    assert again.templates == []
    assert again.content == first.content
    assert again["ETag"] == first["ETag"]
    assert "no-cache" in again["Cache-Control"]
    for header in ("HX-Request", "Cookie", "Accept-Encoding"):
        assert header in again["Vary"]


def test_the_next_request_after_a_result_shows_it(client, event, official):
    first = client.get(bracket_url(event))
    before = first.content.decode()
    assert client.get(bracket_url(event)).templates == []
    services.record_result(game=game_at(event, 1, 0), winner_seat=1, by=official)
    after = client.get(bracket_url(event))
    # Built again (its live part written in Python: no template drawn, `written`).
    assert after["ETag"] != first["ETag"]
    assert after.content.decode() != before
    final = game_at(event, 2, 0)
    assert final.sides.exclude(team=None).count() == 1
    label = escape(final.sides.exclude(team=None).get().team.label)
    assert after.content.decode().count(label) > before.count(label)


def test_a_partial_and_the_page_are_kept_apart(client, event):
    page = client.get(bracket_url(event))
    live = client.get(bracket_url(event), HTTP_HX_REQUEST="true")
    again = client.get(bracket_url(event), HTTP_HX_REQUEST="true")
    assert "<html" in page.content.decode()
    assert "<html" not in live.content.decode()
    assert again.content == live.content and again.templates == []


def test_the_next_request_after_a_rename_shows_it(client, event, official):
    client.get(bracket_url(event))
    player = Player.objects.filter(memberships__event=event).first()
    services.update_player(player=player, by=official, name="Zebedee Newname")
    assert "Zebedee Newname" in client.get(bracket_url(event)).content.decode()


def test_the_next_request_after_a_registration_shows_it_on_the_home_and_lookup(
    client, tournament, official
):
    EventFactory(tournament=tournament)
    assert "Quentin" not in client.get(home_url(tournament), {"q": "quentin"}).content.decode()
    home = client.get(home_url(tournament)).content.decode()
    services.add_player(tournament=tournament, by=official, name="Quentin Blake")
    assert "Quentin Blake" in client.get(home_url(tournament), {"q": "quentin"}).content.decode()
    assert client.get(home_url(tournament)).content.decode() != home


def test_a_new_event_shows_on_the_home(client, tournament, official):
    EventFactory(tournament=tournament, name="First")
    client.get(home_url(tournament))
    services.create_event(
        tournament=tournament,
        by=official,
        name="Second one",
        game_key="double_draw",
        format="rounds",
    )
    assert "Second one" in client.get(home_url(tournament)).content.decode()


def test_a_home_without_events_is_rendered_each_time(stored, client, tournament):
    first = client.get(home_url(tournament))
    assert first.status_code == 200 and not first.has_header("ETag")
    assert client.get(home_url(tournament)).templates
    assert stored == []


def test_the_next_request_after_a_round_is_seated_and_started_shows_it(
    client, tournament, official
):
    event = played_rounds_event(tournament, official, 7)
    standings = client.get(standings_url(event)).content.decode()
    assert client.get(round_url(event, 2)).status_code == 404
    seat_and_start(event, official, seed=2)
    assert round_url(event, 2) in client.get(standings_url(event)).content.decode()
    assert round_url(event, 2) not in standings
    assert client.get(round_url(event, 2)).status_code == 200


def test_a_missing_page_is_not_stored(stored, client, event):
    assert client.get(reverse("public:bracket", args=["elsewhere", event.pk])).status_code == 404
    assert client.get(round_url(event, 1)).status_code == 404
    assert stored == []


# Fixed queries at two sizes ----------------------------------------------------------


@pytest.mark.parametrize("teams", [8, 128])
def test_a_bracket_from_the_cache_and_its_304_cost_one_query_at_any_size(
    client, tournament, official, teams, django_assert_num_queries
):
    event = drawn_doubles(tournament, official, teams, chapters=6)
    etag = client.get(bracket_url(event))["ETag"]
    with django_assert_num_queries(1):
        assert client.get(bracket_url(event)).status_code == 200
    with django_assert_num_queries(1):
        assert client.get(bracket_url(event), HTTP_IF_NONE_MATCH=etag).status_code == 304


@pytest.mark.parametrize("players", [9, 90])
def test_standings_and_rounds_from_the_cache_cost_one_query_at_any_size(
    client, tournament, official, players, django_assert_num_queries
):
    event = played_rounds_event(tournament, official, players)
    for url in (standings_url(event), round_url(event, 1)):
        etag = client.get(url)["ETag"]
        with django_assert_num_queries(1):
            assert client.get(url).status_code == 200
        with django_assert_num_queries(1):
            assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304


@pytest.mark.parametrize("events", [1, 6])
def test_the_home_and_its_lookup_from_the_cache_cost_one_query_at_any_size(
    client, tournament, events, django_assert_num_queries
):
    for _ in range(events):
        EventFactory(tournament=tournament)
    PlayerFactory.create_batch(events * 10, tournament=tournament, name="Ada")
    for params in ({}, {"q": "ada"}):
        etag = client.get(home_url(tournament), params)["ETag"]
        with django_assert_num_queries(1):
            assert client.get(home_url(tournament), params).status_code == 200
        with django_assert_num_queries(1):
            again = client.get(home_url(tournament), params, HTTP_IF_NONE_MATCH=etag)
        assert again.status_code == 304


# Compressed once --------------------------------------------------------------------


def test_a_phone_that_takes_gzip_gets_the_stored_gzipped_page(
    client, event, django_assert_num_queries
):
    plain = client.get(bracket_url(event))
    zipped = client.get(bracket_url(event), HTTP_ACCEPT_ENCODING="gzip, deflate")
    assert zipped["Content-Encoding"] == "gzip"
    assert gzip.decompress(zipped.content) == plain.content
    assert zipped["ETag"] == "W/" + plain["ETag"]
    with django_assert_num_queries(1):
        again = client.get(
            bracket_url(event), HTTP_ACCEPT_ENCODING="gzip", HTTP_IF_NONE_MATCH=zipped["ETag"]
        )
    assert again.status_code == 304


# Nothing personal is shared ------------------------------------------------------------


def test_a_visitor_s_page_has_no_csrf_token_and_sets_no_cookie(client, event):
    response = client.get(bracket_url(event))
    html = response.content.decode()
    assert "X-CSRFToken" not in html and "csrfmiddlewaretoken" not in html
    assert not response.cookies
    assert "Official login" in html


def test_an_official_s_page_is_their_own(client, event, official):
    visitor = client.get(bracket_url(event))
    client.force_login(official)
    client.get(bracket_url(event))  # the first page also gives the CSRF cookie
    mine = client.get(bracket_url(event))
    html = mine.content.decode()
    assert "Log out" in html and "X-CSRFToken" in html
    assert mine["ETag"] != visitor["ETag"]
    assert mine.templates
    assert client.get(bracket_url(event), HTTP_IF_NONE_MATCH=mine["ETag"]).status_code == 304
    client.logout()
    again = client.get(bracket_url(event))
    assert "Log out" not in again.content.decode()
    assert again.content == visitor.content


def test_an_official_s_page_is_never_stored(stored, client, event, official):
    client.force_login(official)
    client.get(bracket_url(event))
    assert stored == []


def _request(path, *, messages=()):
    request = RequestFactory().get(path)
    request.user = AnonymousUser()
    request.session = SessionStore()
    request.htmx = HtmxDetails(request)
    request._messages = FallbackStorage(request)
    for text in messages:
        request._messages.add(20, text)
    return request


def test_a_page_with_a_message_waiting_shows_it_and_is_not_stored(stored, client, event):
    kwargs = {"slug": event.tournament.slug, "pk": event.pk}
    request = _request(bracket_url(event), messages=["Saved: a note for this visitor"])
    request.META["HTTP_IF_NONE_MATCH"] = client.get(bracket_url(event))["ETag"]
    page_cache.clear()
    stored.clear()
    response = brackets_public.bracket(request, **kwargs)
    assert response.status_code == 200
    assert "a note for this visitor" in response.content.decode()
    assert stored == []
    assert "a note for this visitor" not in client.get(bracket_url(event)).content.decode()


def test_a_page_that_used_a_csrf_token_or_set_a_cookie_is_not_stored(stored, event):
    kwargs = {"slug": event.tournament.slug, "pk": event.pk}
    calls = []

    @public_page(event_marker)
    def with_token(request, slug, pk):
        calls.append(1)
        return HttpResponse(get_token(request))

    @public_page(event_marker)
    def with_cookie(request, slug, pk):
        calls.append(1)
        response = HttpResponse("hello")
        response.set_cookie("seen", "1")
        return response

    for view in (with_token, with_cookie):
        view(_request("/x/"), **kwargs)
        view(_request("/x/"), **kwargs)
    assert len(calls) == 4
    assert stored == []


def test_other_methods_and_missing_pages_go_straight_to_the_view(stored, event):
    calls = []

    @public_page(event_marker)
    def view(request, slug, pk):
        calls.append(request.method)
        return HttpResponse("ok")

    post = RequestFactory().post("/x/")
    view(post, slug=event.tournament.slug, pk=event.pk)
    view(_request("/x/"), slug="elsewhere", pk=event.pk)
    assert calls == ["POST", "GET"]
    assert stored == []


def test_a_visitor_s_unchanged_poll_is_answered_before_the_rest_of_the_stack(
    client, event, official, monkeypatch, django_assert_num_queries
):
    """KeptPageMiddleware: one query, then 304; the view and later middleware never run."""
    live = client.get(bracket_url(event), HTTP_HX_REQUEST="true")
    monkeypatch.setattr(
        brackets_public.selectors,
        "public_bracket",
        lambda *a, **k: pytest.fail("the view ran for an unchanged poll"),
    )
    with django_assert_num_queries(1):
        answer = client.get(
            bracket_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=live["ETag"]
        )
    assert answer.status_code == 304 and answer["ETag"] == live["ETag"]
    assert "Cache-Control" in answer and "HX-Request" in answer["Vary"]
    assert "Content-Security-Policy" not in answer  # later middleware did not run
    monkeypatch.undo()
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    changed = client.get(
        bracket_url(event), HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=live["ETag"]
    )
    assert changed.status_code == 200 and changed["ETag"] != live["ETag"]


def test_a_visitor_s_kept_page_is_served_before_the_rest_of_the_stack_with_its_headers(
    client, event, official, monkeypatch, django_assert_num_queries
):
    """KeptPageMiddleware: the page built once through the whole stack is then served after
    one query and one cache read, with the headers the later middleware gave it."""
    built = client.get(bracket_url(event), HTTP_ACCEPT_ENCODING="gzip")
    monkeypatch.setattr(
        brackets_public.selectors,
        "public_bracket",
        lambda *a, **k: pytest.fail("the view ran for a kept page"),
    )
    monkeypatch.setattr(
        "django.middleware.csrf.CsrfViewMiddleware.process_view",
        lambda *a, **k: pytest.fail("later middleware ran for a kept page"),
    )
    for encoding in ("gzip", ""):
        with django_assert_num_queries(1):
            kept = client.get(bracket_url(event), HTTP_ACCEPT_ENCODING=encoding)
        assert kept.status_code == 200
        body = gzip.decompress(kept.content) if encoding else kept.content
        assert body == gzip.decompress(built.content)
        for header in ("Content-Security-Policy", "X-Frame-Options", "Content-Type", "Vary"):
            assert kept[header] == built[header], header
        assert kept["ETag"].removeprefix("W/") == built["ETag"].removeprefix("W/")
    monkeypatch.undo()
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    changed = client.get(bracket_url(event))
    assert changed.status_code == 200 and changed["ETag"] != built["ETag"]


def _later_middleware_fails(monkeypatch):
    monkeypatch.setattr(
        "django.middleware.csrf.CsrfViewMiddleware.process_view",
        lambda *a, **k: pytest.fail("later middleware ran for a visitor's rebuilt page"),
    )


@pytest.mark.parametrize("htmx", [False, True])
def test_a_visitor_s_page_after_a_change_is_built_before_the_rest_of_the_stack(
    client, event, official, monkeypatch, htmx
):
    """KeptPageMiddleware: once the stack gave this view's pages their headers, the next
    version of the page is built by the view alone, with the same headers; and kept."""
    asked = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    built = client.get(bracket_url(event), **asked)
    services.record_result(game=game_at(event, 1, 0), winner_seat=1, by=official)
    _later_middleware_fails(monkeypatch)
    rebuilt = client.get(bracket_url(event), **asked)
    assert rebuilt.status_code == 200 and rebuilt["ETag"] != built["ETag"]
    assert ("<html" in rebuilt.content.decode()) is not htmx
    for header in ("Content-Security-Policy", "X-Frame-Options", "Content-Type", "Vary"):
        assert rebuilt[header] == built[header], header
    assert "no-cache" in rebuilt["Cache-Control"]
    final = game_at(event, 2, 0).sides.exclude(team=None).get().team
    assert escape(final.label) in rebuilt.content.decode()
    kept = client.get(bracket_url(event), **asked)
    assert kept.templates == [] and kept.content == rebuilt.content
    assert kept["Content-Security-Policy"] == built["Content-Security-Policy"]
    # Through the whole stack again (an official's page is never built early), the same.
    monkeypatch.undo()
    page_cache.clear()
    whole = client.get(bracket_url(event), **asked)
    assert whole.content == rebuilt.content
    assert whole["Content-Security-Policy"] == rebuilt["Content-Security-Policy"]


def _rename_someone(event, official, name):
    player = Player.objects.filter(memberships__event=event).order_by("pk").first()
    services.update_player(player=player, by=official, name=name)


def test_a_missing_round_after_a_change_gets_the_stack_s_not_found_page(
    client, tournament, official
):
    event = played_rounds_event(tournament, official, 7)
    assert client.get(round_url(event, 1)).status_code == 200
    _rename_someone(event, official, "Zebedee Newname")
    assert "Zebedee Newname" in client.get(round_url(event, 1)).content.decode()
    missing = client.get(round_url(event, 9))
    assert missing.status_code == 404 and "Content-Security-Policy" in missing


def _page_view(body):
    """A public view of the event marker, resolved at /x/<slug>/<pk>/ by the middleware."""

    @public_page(event_marker)
    def view(request, slug, pk):
        view.calls += 1
        return body(request)

    view.calls = 0
    return view


@pytest.mark.parametrize("kind", ["token", "cookie", "fails"])
def test_a_view_whose_page_is_not_to_share_is_built_in_the_stack_from_then_on(
    stored, event, official, monkeypatch, kind
):
    def body(request):
        if kind == "fails" and not hasattr(request, "session"):
            raise RuntimeError("no session outside the stack")
        response = HttpResponse(get_token(request) if kind == "token" else "hello")
        if kind == "cookie":
            response.set_cookie("seen", "1")
        return response

    view = _page_view(body)
    match = ResolverMatch(view, (), {"slug": event.tournament.slug, "pk": event.pk})
    monkeypatch.setattr(kept_pages, "resolve", lambda path: match)
    stack = []

    def rest(request):
        stack.append(1)
        request.session = SessionStore()  # as SessionMiddleware gives it
        return view(request, **match.kwargs)

    middleware = kept_pages.KeptPageMiddleware(rest)
    middleware.stack_headers.learn(
        view, HttpResponse(headers={"X-Frame-Options": "DENY"}), {"headers": []}
    )
    for n in range(3):
        _rename_someone(event, official, f"Name {n}")
        middleware(RequestFactory().get("/x/"))
    assert len(stack) == 3  # each page built in the stack
    assert view.calls == 4  # once outside it, the first time only
    # A page the stack builds whole is kept when there is nothing personal in it.
    assert any(key.startswith("page:") for key in stored) is (kind == "fails")


def test_a_page_stored_without_the_stack_s_headers_is_not_served_early(stored, client, event):
    """Only a page completed on its way out through the stack is served by the middleware."""
    client.get(bracket_url(event))
    cache = caches[page_cache.CACHE_ALIAS]
    key = next(key for key in stored if key.startswith("page:"))
    cache.set(key, {**cache.get(key), "complete": False, "headers": []})
    again = client.get(bracket_url(event))
    assert again.status_code == 200 and "Content-Security-Policy" in again


@pytest.mark.parametrize("cookie", ["sessionid", "messages"])
def test_a_poll_with_a_session_or_messages_goes_through_the_stack(client, event, cookie):
    """A session may be an official's, and messages wait to be shown: public_page answers."""
    etag = client.get(bracket_url(event))["ETag"]
    client.cookies[cookie] = "x"
    answer = client.get(bracket_url(event), HTTP_IF_NONE_MATCH=etag)
    assert answer.status_code in (200, 304)
    assert "Content-Security-Policy" in answer  # the whole stack ran


def test_a_poll_of_a_page_without_a_marker_goes_through(client, tournament):
    """The desk's pages and unknown addresses are not the middleware's to answer."""
    assert client.get("/no/such/page/", HTTP_IF_NONE_MATCH='"x"').status_code == 404
    answer = client.get(reverse("login"), HTTP_IF_NONE_MATCH='"x"')
    assert answer.status_code == 200
