"""A visitor's bracket copies each game's line from the one its process built last for
the same game version, sides, names and rules (`selectors.bracket._kept_line`): the
copies are the lines built afresh after every kind of change (a hand, a result, a
correction, a walkover, a name changed), a rebuild after a hand builds that game's line
alone, and what a request sets on its lines (the marked games, their cards) never shows
on another's."""

import dataclasses

import pytest
from django.urls import reverse

from tests.factories import drawn_doubles, game_at
from tournaments import fragments, page_cache, selectors, services
from tournaments.models import Player
from tournaments.selectors import bracket as bracket_module

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_kept():
    bracket_module._LINES.clear()
    page_cache.clear()
    yield
    bracket_module._LINES.clear()


def lines(bracket) -> list[dict]:
    games = bracket.games + bracket.partner_games
    return [dataclasses.asdict(game) | {"pk": game.pk} for game in games]


def assert_as_built_afresh(event) -> None:
    """The bracket built from kept lines is the bracket built afresh, twice running."""
    teams, names = fragments.kept_team_lines(event, selectors.team_lines)
    afresh = selectors.bracket_for_event(event, teams=teams)
    for _ in range(2):
        kept = selectors.bracket_for_event(event, teams=teams, names=names)
        assert lines(kept) == lines(afresh)
        assert [rnd.current for rnd in kept.rounds] == [rnd.current for rnd in afresh.rounds]
        assert kept.champion == afresh.champion and kept.runner_up == afresh.runner_up


def fresh(event):
    event.refresh_from_db()
    return event


def test_kept_lines_are_the_lines_built_afresh_after_every_change(tournament, official):
    event = drawn_doubles(tournament, official, 8)
    assert_as_built_afresh(event)
    first = game_at(event, 1, 0)
    services.set_game_progress(game=first, totals=(135, 90), hand_count=5)
    assert_as_built_afresh(fresh(event))
    services.record_result(game=game_at(event, 1, 0), winner_seat=1, by=official)
    assert_as_built_afresh(fresh(event))
    # A correction: the same game, another winner, and the next game's side with it.
    services.record_result(game=game_at(event, 1, 0), winner_seat=0, by=official)
    assert_as_built_afresh(fresh(event))
    services.record_result(
        game=game_at(event, 1, 1), winner_seat=0, by=official, walkover=True, reason="No show"
    )
    assert_as_built_afresh(fresh(event))
    player = Player.objects.filter(memberships__team__event=event).first()
    services.update_player(player=player, by=official, name="Renamed Rosa")
    event = fresh(event)
    assert_as_built_afresh(event)
    teams, names = fragments.kept_team_lines(event, selectors.team_lines)
    shown = selectors.bracket_for_event(event, teams=teams, names=names)
    assert "Renamed Rosa" in repr(lines(shown))


def test_a_rebuild_after_a_hand_builds_that_game_s_line_alone(tournament, official, monkeypatch):
    event = drawn_doubles(tournament, official, 16)
    teams, names = fragments.kept_team_lines(event, selectors.team_lines)
    selectors.bracket_for_event(event, teams=teams, names=names)
    built = []
    build = bracket_module._game_line
    monkeypatch.setattr(
        bracket_module, "_game_line", lambda *args: [built.append(args[0].pk), build(*args)][1]
    )
    game = game_at(event, 1, 3)
    services.set_game_progress(game=game, totals=(40, 25), hand_count=2)
    bracket = selectors.bracket_for_event(fresh(event), teams=teams, names=names)
    assert built == [game.pk]
    assert len(bracket.games) == 15
    shown = next(line for line in bracket.games if line.pk == game.pk)
    assert [side.total for side in shown.sides] == [40, 25]


def test_what_a_request_sets_on_its_lines_stays_with_it(client, tournament, official):
    event = drawn_doubles(tournament, official, 8)
    teams, names = fragments.kept_team_lines(event, selectors.team_lines)
    one = selectors.bracket_for_event(event, teams=teams, names=names)
    for line in one.games:
        line.mine, line.card, line.link = True, "<p>theirs</p>", "/elsewhere/"
    other = selectors.bracket_for_event(event, teams=teams, names=names)
    for line in other.games:
        assert not hasattr(line, "mine") and not hasattr(line, "card") and line.link == ""
    assert all(a is not b for a, b in zip(one.games, other.games, strict=True))
    # On the page: a team marked, then the same bracket unmarked.
    url = reverse("public:bracket", args=[tournament.slug, event.pk])
    team = game_at(event, 1, 0).sides.get(seat=0).team
    assert "are marked in green" in client.get(url, {"team": team.number}).content.decode()
    page = client.get(url).content.decode()
    assert "are marked in green" not in page and " mine" not in page
