"""The table's own pages on a phone: the code, the hand form, confirm and dispute."""

import uuid

import pytest
from django.core.cache import cache
from django.urls import reverse

from scoring.models import Hand, TableEntry
from scoring.services import table, table_links
from scoring.table_throttle import WRONG_CODES_ALLOWED
from tests.scoring.builders import form_data
from tournaments.models import Game

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fresh_throttle():
    cache.clear()
    yield
    cache.clear()


def page_url(link, name="table"):
    return reverse(f"scoring_public:{name}", args=[link.game.event.tournament.slug, link.code])


@pytest.fixture
def link(game):
    return table_links.links_for([game])[game.pk]


def seat(game, number):
    return [s for s in table.sitters(game.pk) if s.seat == number]


def post_hand(client, link, *, player, **fields):
    game = Game.objects.get(pk=link.game_id)
    data = form_data(version=game.version, **fields)
    if player is not None:
        data["player"] = str(player)
    return client.post(page_url(link), data)


def test_the_page_names_the_players_and_asks_who_enters(client, link):
    response = client.get(page_url(link))
    assert response.status_code == 200
    text = response.content.decode()
    for sitter in table.sitters(link.game_id):
        assert sitter.name in text
    assert "Who is entering this hand?" in text and "Save hand 1" in text
    assert response["Cache-Control"].startswith("max-age=0")


def test_a_hand_entered_waits_then_the_opponent_confirms(client, link, game):
    ann = seat(game, 0)[0]
    response = post_hand(client, link, player=ann.pk, play_0=100, play_1=5)
    assert response.status_code == 302
    entry = TableEntry.objects.get()
    assert entry.status == "waiting" and not Hand.objects.exists()
    page = client.get(page_url(link)).content.decode()
    opponents = seat(game, 1)
    assert f"Pass the phone to {opponents[0].name} or {opponents[1].name}" in page
    assert "Confirm" in page and "Something is wrong" in page
    assert "Save hand 2" not in page  # the next hand waits for this one
    response = client.post(
        page_url(link, "table_answer"),
        {
            "entry": entry.pk,
            "revision": entry.revision,
            "player": opponents[1].pk,
            "answer": "confirm",
        },
    )
    assert response.status_code == 302
    hand = Hand.objects.get()
    assert hand.points == [100, 5] and hand.confirmed_by_name == opponents[1].name
    assert "Save hand 2" in client.get(page_url(link)).content.decode()


def test_the_enterers_side_cannot_confirm(client, link, game):
    ann, partner = seat(game, 0)
    post_hand(client, link, player=ann.pk, play_0=100, play_1=5)
    entry = TableEntry.objects.get()
    response = client.post(
        page_url(link, "table_answer"),
        {"entry": entry.pk, "revision": entry.revision, "player": partner.pk, "answer": "confirm"},
    )
    assert response.status_code == 422
    assert "Who is answering" in response.content.decode()
    entry.refresh_from_db()
    assert entry.status == "waiting" and not Hand.objects.exists()


def test_something_is_wrong_says_the_official_decides(client, link, game):
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    entry = TableEntry.objects.get()
    client.post(
        page_url(link, "table_answer"),
        {
            "entry": entry.pk,
            "revision": entry.revision,
            "player": seat(game, 1)[0].pk,
            "answer": "dispute",
        },
    )
    page = client.get(page_url(link)).content.decode()
    assert "is disputed" in page and "The official decides this hand" in page


def test_bad_input_is_named_and_changes_nothing(client, link, game):
    response = post_hand(client, link, player=None, play_0=100, play_1=5)
    assert response.status_code == 422
    assert "Say who is entering this hand" in response.content.decode()
    response = post_hand(client, link, player=seat(game, 0)[0].pk, play_0=7, play_1=5)
    assert response.status_code == 422
    assert "multiple of 5" in response.content.decode()
    response = post_hand(client, link, player=999999, play_0=100, play_1=5)
    assert response.status_code == 422
    assert not TableEntry.objects.exists()


def test_a_double_tap_stores_one_hand(client, link, game):
    game.refresh_from_db()
    data = form_data(version=game.version, play_0=100, play_1=5)
    data["player"] = str(seat(game, 0)[0].pk)
    client.post(page_url(link), data)
    response = client.post(page_url(link), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert "already sent" in response.content.decode()
    assert TableEntry.objects.count() == 1


def test_two_phones_entering_the_same_hand_store_one(client, link, game):
    game.refresh_from_db()
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    data = form_data(version=game.version, play_0=10, play_1=5)
    data["player"] = str(seat(game, 1)[0].pk)
    response = client.post(page_url(link), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 409
    text = response.content.decode()
    assert "is waiting for confirmation" in text and "100" in text
    assert TableEntry.objects.count() == 1


def test_a_revoked_link_refuses_with_a_sentence(client, link, game, official):
    table_links.revoke_links(games=[game], by=official, renew=False)
    page = client.get(page_url(link)).content.decode()
    assert "withdrawn by the official" in page and "Save hand 1" not in page
    response = post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    assert response.status_code == 409
    assert not TableEntry.objects.exists()


def test_the_code_form_opens_the_table_and_counts_wrong_codes(client, link):
    slug = link.game.event.tournament.slug
    url = reverse("scoring_public:table_code", args=[slug])
    assert client.get(url).status_code == 200
    shown = table_links.show_code(link.code).lower()
    response = client.get(url, {"code": f" {shown} "})
    assert response.status_code == 302 and response["Location"] == page_url(link)
    response = client.get(url, {"code": ""})
    assert response.status_code == 422 and "Type the code" in response.content.decode()
    for _ in range(WRONG_CODES_ALLOWED):
        response = client.get(url, {"code": "ZZZZ-ZZZZ"})
        assert response.status_code == 404
        assert "No table of this tournament has that code" in response.content.decode()
    response = client.get(url, {"code": link.code})
    assert response.status_code == 429 and "Too many wrong table codes" in response.content.decode()
    assert client.get(page_url(link)).status_code == 429


def test_a_code_of_another_tournament_is_not_found(client, link, tournament):
    url = reverse("scoring_public:table", args=["elsewhere", link.code])
    assert client.get(url).status_code == 404
    assert client.get(f"/t/rally/table/{link.code}%00/").status_code == 404


def test_the_preview_scores_the_typed_hand(client, link, game):
    game.refresh_from_db()
    data = form_data(version=game.version, play_0=100, play_1=5)
    response = client.post(page_url(link, "table_preview"), data)
    assert response.status_code == 200
    assert "This hand" in response.content.decode()
    assert not TableEntry.objects.exists()


def test_the_quiet_poll_says_nothing_until_the_game_changes(client, link, game):
    game.refresh_from_db()
    assert client.get(page_url(link), {"since": game.version}).status_code == 204
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    response = client.get(page_url(link), {"since": game.version})
    assert response.status_code == 200 and "waits for confirmation" in response.content.decode()


def test_get_on_a_post_only_page_is_refused(client, link):
    assert client.get(page_url(link, "table_answer")).status_code == 405
    assert client.get(page_url(link, "table_preview")).status_code == 405


def test_the_desk_sheet_shows_the_waiting_hand_and_the_official_decides(
    client, official_client, link, game
):
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    entry = TableEntry.objects.get()
    sheet_url = reverse("scoring:sheet", args=["rally", game.pk])
    page = official_client.get(sheet_url).content.decode()
    assert "1 hand waiting for confirmation" in page
    assert "Accept as entered" in page and "Correct it" in page and "Delete it" in page
    public = client.get(reverse("scoring_public:game", args=["rally", game.pk])).content.decode()
    assert "1 hand waiting for confirmation" in public
    correct = reverse("scoring:table_hand_correct", args=["rally", game.pk, entry.pk])
    form = official_client.get(correct)
    assert form.status_code == 200 and 'value="100"' in form.content.decode()
    game.refresh_from_db()
    response = official_client.post(correct, form_data(version=game.version, play_0=7, play_1=5))
    assert response.status_code == 422 and not Hand.objects.exists()
    response = official_client.post(correct, form_data(version=game.version, play_0=105, play_1=5))
    assert response.status_code == 302
    assert Hand.objects.get().points == [105, 5]
    page = client.get(page_url(link)).content.decode()
    assert "the official corrected it" in page


def test_the_official_accepts_or_deletes_from_the_sheet(client, official_client, link, game):
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    entry = TableEntry.objects.get()
    decide = reverse("scoring:table_hand_decide", args=["rally", game.pk, entry.pk])
    response = official_client.post(decide, {"action": "nonsense"}, follow=True)
    assert "Choose Accept, Correct or Delete" in response.content.decode()
    official_client.post(decide, {"action": "delete"})
    entry.refresh_from_db()
    assert entry.status == "deleted" and not Hand.objects.exists()
    assert "the official deleted it" in client.get(page_url(link)).content.decode()
    response = official_client.post(decide, {"action": "accept"}, follow=True)
    assert "already decided" in response.content.decode() and not Hand.objects.exists()


def test_outsiders_cannot_decide_a_table_hand(client, other_client, link, game):
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    entry = TableEntry.objects.get()
    decide = reverse("scoring:table_hand_decide", args=["rally", game.pk, entry.pk])
    correct = reverse("scoring:table_hand_correct", args=["rally", game.pk, entry.pk])
    assert other_client.post(decide, {"action": "accept"}).status_code == 403
    assert other_client.get(correct).status_code == 403
    client.logout()
    assert client.post(decide, {"action": "accept"}).status_code == 302  # to the login page
    entry.refresh_from_db()
    assert entry.status == "waiting" and not Hand.objects.exists()


def test_the_history_says_who_entered_and_confirmed_at_the_table(
    client, official_client, link, game
):
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    entry = TableEntry.objects.get()
    client.post(
        page_url(link, "table_answer"),
        {
            "entry": entry.pk,
            "revision": entry.revision,
            "player": seat(game, 1)[0].pk,
            "answer": "confirm",
        },
    )
    page = official_client.get(reverse("scoring:history", args=["rally", game.pk]))
    text = page.content.decode()
    ann, dale = seat(game, 0)[0].name, seat(game, 1)[0].name
    assert f"entered by {ann}, confirmed by {dale}" in text
    assert "Hands entered at the table" in text and "Confirmed at the table" in text


def test_the_tournament_page_offers_the_table_code(client, link):
    page = client.get(reverse("public:tournament", args=["rally"])).content.decode()
    assert "Scoring at your table?" in page and 'name="code"' in page
    assert "csrfmiddlewaretoken" not in page


def test_the_bracket_and_the_standings_say_a_hand_waits(client, link, game, tournament):
    from tests.factories import TournamentFactory
    from tests.scoring.builders import make_rounds_game

    bracket = reverse("public:bracket", args=["rally", game.event_id])
    assert "waiting for confirmation" not in client.get(bracket).content.decode()
    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    assert "1 hand waiting for confirmation" in client.get(bracket).content.decode()
    entry = TableEntry.objects.get()
    table.confirm_hand(
        link=link, entry_id=entry.pk, revision=entry.revision, player=seat(game, 1)[0].pk
    )
    assert "waiting for confirmation" not in client.get(bracket).content.decode()

    rounds_game = make_rounds_game(TournamentFactory(slug="hall"), game_key="double_draw", sides=3)
    rounds_link = table_links.links_for([rounds_game])[rounds_game.pk]
    sitter = table.sitters(rounds_game.pk)[0]
    table.enter_hand(
        link=rounds_link,
        player=sitter.pk,
        version=Game.objects.get(pk=rounds_game.pk).version,
        key=uuid.uuid4(),
        data={"pips_0": 0, "pips_1": 10, "pips_2": 20},
    )
    standings = reverse("public:standings", args=["hall", rounds_game.event_id])
    assert "1 hand waiting for confirmation" in client.get(standings).content.decode()


def test_after_a_confirmation_the_phone_s_form_takes_the_next_hand(client, link, game):
    """The htmx answer after a step shows the game as it is now: its form's version is
    the game's, so the next hand sent from it is saved, not refused as stale."""
    import re

    def field(html, name):
        return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)

    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    entry = TableEntry.objects.get()
    answer = {"entry": entry.pk, "revision": entry.revision, "answer": "confirm"}
    answer["player"] = seat(game, 1)[0].pk
    response = client.post(page_url(link, "table_answer"), answer, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    html = response.content.decode()
    game.refresh_from_db()
    assert field(html, "version") == str(game.version)
    data = form_data(version=field(html, "version"), key=field(html, "key"), play_0=10, play_1=5)
    data["player"] = str(seat(game, 0)[0].pk)
    response = client.post(page_url(link), data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Hand 2 saved" in response.content.decode()


def test_the_quiet_poll_of_an_unchanged_game_is_one_query(
    client, link, game, django_assert_num_queries
):
    """Every table's phone polls every few seconds: unchanged, it costs the link's read."""
    game.refresh_from_db()
    url = page_url(link)
    with django_assert_num_queries(1):
        assert client.get(url, {"since": game.version}).status_code == 204


def test_a_step_at_the_table_reads_the_link_and_the_sides_in_one_round_trip(client, link, game):
    """On PostgreSQL the link's read carries its game's sides' read (`compiled.together`):
    one statement to whoever counts; elsewhere two. The quiet poll reads no sides."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def sides_reads(step) -> list[str]:
        with CaptureQueriesContext(connection) as seen:
            step()
        return [q["sql"] for q in seen.captured_queries if 'FROM "tournaments_side"' in q["sql"]]

    game.refresh_from_db()
    assert not sides_reads(lambda: client.get(page_url(link), {"since": game.version}))
    for step in (
        lambda: client.get(page_url(link)),
        lambda: post_hand(client, link, player=seat(game, 0)[0].pk, play_0=10, play_1=5),
    ):
        reads = sides_reads(step)
        together = 'SELECT "scoring_tablelink"."id"' in reads[0]
        assert together == (connection.vendor == "postgresql"), reads
    assert TableEntry.objects.get().status == TableEntry.Status.WAITING


def test_an_answer_naming_another_games_hand_is_refused(client, link, game, bracket):
    other = bracket[1][(1, 1)]
    other_link = table_links.links_for([other])[other.pk]
    post_hand(client, other_link, player=seat(other, 0)[0].pk, play_0=100, play_1=5)
    theirs = TableEntry.objects.get(game=other)
    response = client.post(
        page_url(link, "table_answer"),
        {
            "entry": theirs.pk,
            "revision": theirs.revision,
            "player": seat(game, 1)[0].pk,
            "answer": "confirm",
        },
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 409
    assert "That hand is not one of this table" in response.content.decode()
    theirs.refresh_from_db()
    assert theirs.status == "waiting" and not Hand.objects.exists()


def test_a_game_ended_at_the_desk_leaves_a_waiting_hand_uncounted(
    client, official_client, link, game
):
    from tournaments import services as desk

    post_hand(client, link, player=seat(game, 0)[0].pk, play_0=100, play_1=5)
    game.refresh_from_db()
    desk.record_result(game=game, winner_seat=1, by=None)
    page = client.get(page_url(link)).content.decode()
    assert "was not counted: the desk ended this game" in page
    assert "Pass the phone" not in page
    sheet = official_client.get(reverse("scoring:sheet", args=["rally", game.pk])).content.decode()
    assert "waiting for confirmation" not in sheet
    bracket = client.get(reverse("public:bracket", args=["rally", game.event_id])).content.decode()
    assert "waiting for confirmation" not in bracket
    assert not Hand.objects.exists()


def test_the_table_page_shows_its_rounds_clock(client, tournament, official):
    from django.utils import timezone

    from tests.scoring.builders import make_rounds_game
    from tournaments.models import Event, Round

    game = make_rounds_game(tournament, game_key="double_draw", sides=3)
    Event.objects.filter(pk=game.event_id).update(options={"minutes_per_round": 20})
    Round.objects.filter(pk=game.round_id).update(started_at=timezone.now())
    rounds_link = table_links.links_for([game])[game.pk]
    page = client.get(page_url(rounds_link)).content.decode()
    assert 'role="timer"' in page and "Round 1 clock" in page and "(20 min)" in page


def test_a_step_reads_its_link_once_and_draws_the_game_as_it_left_it(
    client, link, game, django_assert_max_num_queries
):
    """The page after an htmx step is drawn from the link read for the request and the
    game as the step left it: no second read of the link, whatever the hands."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def links_read(context) -> int:
        return sum('FROM "scoring_tablelink"' in q["sql"] for q in context.captured_queries)

    enter_url, answer_url = page_url(link), page_url(link, "table_answer")
    data = form_data(version=Game.objects.get(pk=game.pk).version, play_0=245, play_1=5)
    data["player"] = str(seat(game, 0)[0].pk)
    # 14 statements, and the test's own savepoint and its release.
    with CaptureQueriesContext(connection) as entered, django_assert_max_num_queries(16):
        response = client.post(enter_url, data, HTTP_HX_REQUEST="true")
    assert response.status_code == 200 and "Hand 1 saved" in response.content.decode()
    # The request's read, and the service's under the game's lock.
    assert links_read(entered) == 2
    entry = TableEntry.objects.get()
    answer = {"entry": entry.pk, "revision": entry.revision, "answer": "confirm"}
    answer["player"] = seat(game, 1)[0].pk
    # On SQLite the game's progress takes the results' general path (no one statement).
    most = 16 if connection.vendor == "postgresql" else 22
    with CaptureQueriesContext(connection) as confirmed, django_assert_max_num_queries(most):
        response = client.post(answer_url, answer, HTTP_HX_REQUEST="true")
    assert links_read(confirmed) == 2
    data = form_data(version=Game.objects.get(pk=game.pk).version, play_0=10, play_1=0)
    data["player"] = str(seat(game, 0)[0].pk)
    client.post(page_url(link), data, HTTP_HX_REQUEST="true")
    entry = TableEntry.objects.get(number=2)
    answer.update(entry=entry.pk, revision=entry.revision)
    response = client.post(page_url(link, "table_answer"), answer, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    assert "Game over." in html and "Save hand 3" not in html
    assert "This game is finished" in html  # the link's refusal, from the game as left
