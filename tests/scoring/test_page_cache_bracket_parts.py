"""The public bracket assembled from parts kept under their own versions (`fragments`):
a hand re-draws its own game's card only, and the next request shows every change."""

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from tests.factories import drawn_doubles
from tests.scoring.builders import enter, played
from tournaments import fragments, selectors
from tournaments.models import Event, TeamMember
from tournaments.services import record_result, update_player

pytestmark = pytest.mark.django_db

CARD = "tournaments/bracket_game.html"
WRITTEN: list[int] = []  # the games whose cards were written since `board` last asked


@pytest.fixture(autouse=True)
def _cards_written(monkeypatch):
    write = fragments.public_card

    def counted(game, shown):
        WRITTEN.append(game.pk)
        return write(game, shown)

    monkeypatch.setattr(fragments, "public_card", counted)


def board(client, event, **query):
    url = reverse("public:bracket", args=[event.tournament.slug, event.pk])
    WRITTEN.clear()
    response = client.get(url, query, HTTP_HX_REQUEST="true")
    response.cards_written = len(WRITTEN)
    return response


def cards_drawn(response) -> int:
    """The cards drawn for a page: written in Python for a visitor (`written.public_card`),
    by bracket_game.html for an official."""
    return response.cards_written + [t.name for t in response.templates].count(CARD)


def test_a_hand_draws_its_own_card_again_and_shows_at_once(client, bracket, official):
    event, games = bracket
    assert cards_drawn(board(client, event)) == 3
    enter(games[(1, 1)], official, played(0, 35))
    after = board(client, event)
    assert cards_drawn(after) == 1
    card = after.content.decode().split(f'id="game-{games[(1, 1)].pk}"')[1]
    assert ">35<" in card.split("</article>")[0]


def test_a_player_renamed_shows_on_every_card_at_once(client, bracket, official):
    event, games = bracket
    board(client, event)
    member = TeamMember.objects.filter(team__sides__game=games[(1, 0)]).first()
    update_player(player=member.player, by=official, name="Renamed Rosa")
    after = board(client, event)
    assert cards_drawn(after) == 3
    assert "Renamed Rosa" in after.content.decode()


def test_a_marked_team_s_cards_are_kept_apart(client, bracket, official):
    event, games = bracket
    plain = board(client, event).content.decode()
    team = games[(1, 0)].sides.get(seat=0).team
    marked = board(client, event, team=team.number).content.decode()
    assert "mine" not in plain.split('id="game-')[1].split(">")[0]
    assert 'class="game game-ready mine"' in marked
    assert board(client, event).content.decode() == plain


def test_an_official_s_bracket_is_built_whole(client, bracket, official):
    event, games = bracket
    board(client, event)
    client.force_login(official)
    enter(games[(1, 0)], official, played(0, 35))
    assert cards_drawn(board(client, event)) == 3


def test_a_result_draws_again_only_the_cards_of_the_games_it_changed(client, bracket, official):
    event, games = bracket
    before = board(client, event)
    record_result(game=games[(1, 0)], winner_seat=0, by=official)
    after = board(client, event)
    # The game decided and the final its winner moved into; the other semi-final is kept.
    assert cards_drawn(after) == 2
    winner = games[(1, 0)].sides.get(seat=0).team
    final = after.content.decode().split(f'id="game-{games[(2, 0)].pk}"')[1]
    assert winner.players.first().name in final.split("</article>")[0]
    other = f'id="game-{games[(1, 1)].pk}"'
    assert before.content.decode().split(other)[1].split("</article>")[0] in after.content.decode()


def both_ways(event, **asked) -> tuple[str, str]:
    """A public bracket's tabs and rounds written in Python and drawn by their template."""
    event = Event.objects.select_related("tournament").get(pk=event.pk)
    shown = selectors.public_bracket(event, **asked)
    fragments.attach_cards(shown.bracket, event=event, shown=shown, names="")
    written = shown.bracket.rounds_html
    shown.bracket.rounds_html = ""
    context = {"bracket": shown.bracket, "shown": shown}
    return written, render_to_string("tournaments/bracket_rounds_public.html", context)


def test_the_rounds_written_in_python_are_the_ones_the_template_draws(
    client, bracket, tournament, official
):
    event, games = bracket
    team = games[(1, 0)].sides.get(seat=0).team.number
    pages = [both_ways(event), both_ways(event, team=team), both_ways(event, round_number=2)]
    enter(games[(1, 1)], official, played(0, 35))
    record_result(game=games[(1, 0)], winner_seat=0, by=official)
    pages += [both_ways(event), both_ways(event, team=team)]
    big = drawn_doubles(tournament, official, 12, name="Big doubles")
    pages += [both_ways(big), both_ways(big, round_number=3)]
    for written, drawn in pages:
        assert written == drawn
        assert 'class="round-tabs' in written
    assert ' current shown"' in pages[0][0] and "team=" in pages[1][0]
    assert 'round=2#rounds" data-round="2" aria-current="true"' in pages[2][0]
