"""The blank hand form is kept by its shape (`scoring.templatetags.hand_form`): a kept form
is exactly what sheet_form.html draws now, with this answer's own key and CSRF token, and
anything the form shows that changes (a version, a renamed player, the page's words) draws
it again. A sent form, or one holding a hand to correct, is drawn each time."""

import re
import uuid

import pytest
from django.template import engines
from django.test import Client, RequestFactory
from django.urls import reverse

from scoring import selectors
from scoring.blank_hand import BlankHand
from scoring.forms import HandForm
from scoring.templatetags import hand_form
from scoring.views.sheet import _sheet_context
from tests.scoring.builders import enter, form_data, make_rounds_game, played

pytestmark = pytest.mark.django_db

KEPT = '{% load hand_form %}{% hand_form htmx_target="#sheet" %}'
DRAWN = '{% include "scoring/sheet_form.html" with htmx_target="#sheet" %}'
TOKEN = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def _draw(source, game, tournament, form=None):
    """(HTML, form, token) of a blank form for the game, as a page draws it."""
    sheet = selectors.game_sheet(game)
    form = form or HandForm.blank(game=game, sides=sheet.sides, version=game.version)
    request = RequestFactory().get("/")
    html = (
        engines["django"]
        .from_string(source)
        .render(_sheet_context(tournament, sheet, form), request)
    )
    return html, form, TOKEN.search(html).group(1)


@pytest.mark.parametrize(
    ("game_key", "sides", "team_size"),
    [
        ("double_draw", 3, 1),
        ("thats_it", 2, 1),
        ("domino_pinochle", 3, 1),
        ("double_takes", 2, 1),
    ],
)
def test_a_kept_form_is_the_form_the_template_draws(tournament, game_key, sides, team_size):
    game = make_rounds_game(tournament, game_key=game_key, sides=sides, team_size=team_size)
    first, first_form, _ = _draw(KEPT, game, tournament)
    kept, form, token = _draw(KEPT, game, tournament)  # from the kept form
    drawn, _, drawn_token = _draw(DRAWN, game, tournament, form=form)
    assert kept == drawn.replace(drawn_token, token)
    assert str(form.initial["key"]) in kept and str(first_form.initial["key"]) not in kept
    assert kept.count(token) == 1 and token not in first


def test_the_bracket_game_s_form_is_kept_and_a_renamed_player_drawn_again(game, tournament):
    kept, form, token = _draw(KEPT, game, tournament)
    again, _, again_token = _draw(KEPT, game, tournament)
    assert again.replace(again_token, token) != kept  # its own key
    player = game.sides.get(seat=1).team.members[0].player
    player.name = f"{player.name.split()[0]} Newsurname"  # the short names stay as they were
    player.save()
    renamed, form, token = _draw(KEPT, game, tournament)
    drawn, _, drawn_token = _draw(DRAWN, game, tournament, form=form)
    assert player.name in renamed and "Newsurname" not in kept
    assert renamed == drawn.replace(drawn_token, token)


def test_a_sent_form_and_a_hand_to_correct_are_drawn_each_time(game, official):
    sheet = selectors.game_sheet(game)
    sent = HandForm(form_data(play_0="x"), game=game, sides=sheet.sides)
    assert not sent.is_valid()
    context = {"csrf_token": "t"}
    assert hand_form.form_key(sent, context) is None
    hand = enter(game, official, played(10, 5)).hand
    correcting = HandForm.for_hand(hand, game=game, sides=sheet.sides, version=1)
    assert hand_form.form_key(correcting, context) is None
    blank = HandForm.blank(game=game, sides=sheet.sides, version=1)
    assert hand_form.form_key(blank, context) is not None
    assert hand_form.form_key(blank, {**context, "problem": "No."}) is None
    assert hand_form.form_key(blank, {**context, "action": "/a/"}) != hand_form.form_key(
        blank, {**context, "action": "/b/"}
    )
    later = HandForm.blank(game=game, sides=sheet.sides, version=7)  # only its own values differ
    assert hand_form.form_key(blank, {**context, "heading": "Hand 2"}) == hand_form.form_key(
        later, {**context, "heading": "Hand 9"}
    )


def test_the_next_hand_s_form_is_the_kept_one_with_its_own_version_and_words(game, tournament):
    """A later hand of the game: the kept form, with the version, heading and button words
    of now (escaped as the template escapes them)."""
    _draw(KEPT, game, tournament)
    sheet = selectors.game_sheet(game)
    form = HandForm.blank(game=game, sides=sheet.sides, version=41)
    context = {**_sheet_context(tournament, sheet, form), "heading": "Hand <12> & on"}
    request = RequestFactory().get("/")
    kept = engines["django"].from_string(KEPT).render(context, request)
    drawn = engines["django"].from_string(DRAWN).render(context, request)
    assert kept == drawn.replace(TOKEN.search(drawn).group(1), TOKEN.search(kept).group(1))
    assert 'name="version" value="41"' in kept and "<h2>Hand &lt;12&gt; &amp; on</h2>" in kept


def test_each_answer_s_token_and_key_are_its_own_and_the_next_hand_is_saved(
    game, official, tournament
):
    """Two officials' browsers, each with its own CSRF cookie: the second is answered from
    the kept form, and the token and key it writes are the ones its POST must carry."""
    url = reverse("scoring:sheet", args=[tournament.slug, game.pk])
    seen = set()
    for number in (1, 2):
        browser = Client(enforce_csrf_checks=True)
        browser.force_login(official)
        html = browser.get(url).content.decode()
        token = TOKEN.findall(html)[-1]
        key = re.search(r'name="key" value="([^"]+)"', html).group(1)
        assert (token, key) not in seen
        seen.add((token, key))
        game.refresh_from_db()
        data = form_data(version=game.version, key=key, play_0="10", play_1="5")
        answer = browser.post(url, {**data, "csrfmiddlewaretoken": token}, HTTP_HX_REQUEST="true")
        assert answer.status_code == 200, answer.content[:400]
        assert f"Hand {number} saved." in answer.content.decode()
    refused = Client(enforce_csrf_checks=True)
    refused.force_login(official)
    data = form_data(version=game.version + 2, key=uuid.uuid4(), play_0="10", play_1="5")
    assert refused.post(url, {**data, "csrfmiddlewaretoken": token}).status_code == 403


def _blank(game):
    return BlankHand(game=game, sides=selectors.game_sides(game), version=game.version)


@pytest.mark.parametrize(
    ("game_key", "sides", "team_size"),
    [("double_draw", 3, 1), ("domino_pinochle", 3, 1), ("double_takes", 2, 1)],
)
def test_a_blank_form_not_built_is_the_form_the_template_draws(
    tournament, game_key, sides, team_size
):
    game = make_rounds_game(tournament, game_key=game_key, sides=sides, team_size=team_size)
    _draw(KEPT, game, tournament, form=_blank(game))  # built, drawn and kept by its shape
    blank = _blank(game)
    kept, _, token = _draw(KEPT, game, tournament, form=blank)
    assert blank._built is None  # its HTML came from the kept one
    drawn, _, drawn_token = _draw(DRAWN, game, tournament, form=blank.built())
    assert kept == drawn.replace(drawn_token, token)
    assert str(blank.identity.initial["key"]) in kept


def test_a_blank_form_not_built_is_drawn_again_for_a_renamed_player(game, tournament):
    _draw(KEPT, game, tournament, form=_blank(game))
    player = game.sides.get(seat=1).team.members[0].player
    player.name = f"{player.name.split()[0]} Newsurname"  # the short names stay as they were
    player.save()
    blank = _blank(game)
    renamed, _, token = _draw(KEPT, game, tournament, form=blank)
    assert blank._built is not None  # a new shape: built and drawn
    drawn, _, drawn_token = _draw(DRAWN, game, tournament, form=blank.built())
    assert player.name in renamed and renamed == drawn.replace(drawn_token, token)
