"""A visitor's bracket copies each game's line from the one its process kept for the
game's version, the event's names version, names digest and rules
(`selectors.bracket_kept`): the copies are the lines built afresh after every kind of
change (a hand, a result, a correction, a walkover, a name changed), a rebuild after a
hand reads and builds that game alone, and what a request sets on its lines (the marked
games, their cards) never shows on another's."""

import dataclasses

import pytest
from django.urls import reverse

from tests.factories import drawn_doubles, game_at
from tournaments import fragments, page_cache, selectors, services
from tournaments.changes import mark_changed
from tournaments.models import Player, Side
from tournaments.selectors import bracket as bracket_module
from tournaments.selectors import bracket_kept

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _nothing_kept():
    page_cache.clear()
    yield
    bracket_kept.forget()


@pytest.fixture
def rows_read(monkeypatch) -> list:
    """The games whose rows the kept bracket read, each read's ids in a list."""
    read, parse = [], bracket_kept.parsed

    def parsed(rows):
        games, seats = parse(rows)
        read.append([game.pk for game in games])
        return games, seats

    monkeypatch.setattr(bracket_kept, "parsed", parsed)
    return read


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


def test_a_rebuild_after_a_hand_reads_and_builds_that_game_alone(
    tournament, official, monkeypatch, rows_read, django_assert_num_queries
):
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
    event = fresh(event)
    rows_read.clear()
    # The games' versions, then that game's rows.
    with django_assert_num_queries(2):
        bracket = selectors.bracket_for_event(event, teams=teams, names=names)
    assert built == [game.pk]
    assert rows_read == [[game.pk]]
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


def test_more_games_moved_than_read_alone_read_the_whole_bracket(
    tournament, official, rows_read, monkeypatch
):
    monkeypatch.setattr(bracket_kept, "READ_ALONE", 2)
    event = drawn_doubles(tournament, official, 16)
    teams, names = fragments.kept_team_lines(event, selectors.team_lines)
    selectors.bracket_for_event(event, teams=teams, names=names)
    assert len(rows_read[-1]) == 15
    for position in (0, 1):
        game = game_at(event, 1, position)
        services.set_game_progress(game=game, totals=(40, 25), hand_count=2)
    selectors.bracket_for_event(fresh(event), teams=teams, names=names)
    assert len(rows_read[-1]) == 2
    for position in (2, 3, 4):
        game = game_at(event, 1, position)
        services.set_game_progress(game=game, totals=(30, 25), hand_count=2)
    assert_as_built_afresh(fresh(event))
    assert len(rows_read[-1]) == 15


def test_a_change_that_moves_the_names_version_reads_every_game_again(
    tournament, official, rows_read
):
    """Every change but a running score and a result moves the names' version: a row it
    changed without its game's version (a renumbered partners' game, here a total) shows."""
    event = drawn_doubles(tournament, official, 8)
    teams, names = fragments.kept_team_lines(event, selectors.team_lines)
    selectors.bracket_for_event(event, teams=teams, names=names)
    game = game_at(event, 1, 2)
    Side.objects.filter(game=game, seat=0).update(total=123)
    mark_changed(event=event)
    rows_read.clear()
    bracket = selectors.bracket_for_event(fresh(event), teams=teams, names=names)
    assert rows_read == [[line.pk for line in bracket.games]]
    shown = next(line for line in bracket.games if line.pk == game.pk)
    assert shown.sides[0].total == 123


def test_a_game_gone_between_the_two_reads_is_left_out(tournament, official, monkeypatch):
    """The versions say a game changed; by the time its rows are read it was voided."""
    event = drawn_doubles(tournament, official, 8)
    teams, names = fragments.kept_team_lines(event, selectors.team_lines)
    selectors.bracket_for_event(event, teams=teams, names=names)
    game = game_at(event, 1, 1)
    versions = [
        (pk, version + 1 if pk == game.pk else version)
        for pk, version in selectors.bracket_versions(event=event.pk)
    ]
    monkeypatch.setattr(bracket_kept, "together", lambda *calls: [[] for _ in calls])
    bracket = selectors.bracket_for_event(event, teams=teams, versions=versions, names=names)
    assert game.pk not in [line.pk for line in bracket.games]
    assert len(bracket.games) == 6


def test_the_versions_and_one_game_s_rows_are_what_the_whole_rows_say(tournament, official):
    event = drawn_doubles(tournament, official, 8)
    services.set_game_progress(game=game_at(event, 1, 2), totals=(40, 25), hand_count=2)
    rows = selectors.bracket_rows(event=event.pk)
    versions = selectors.bracket_versions(event=event.pk)
    assert versions == list(selectors.bracket_versions.queryset(event=event.pk))
    assert versions == list(dict.fromkeys((row[0], row[7]) for row in rows))
    for pk, _ in versions:
        assert bracket_kept.game_rows(game=pk) == [row for row in rows if row[0] == pk]


def test_a_kept_line_keeps_its_cards_and_a_hand_draws_one_again(
    client, tournament, official, monkeypatch
):
    """The cards a kept line holds (`fragments.attach_cards`): a page after a hand writes
    the changed game's card alone, and a team marked writes its own games' cards."""
    drawn, write = [], fragments.public_card
    monkeypatch.setattr(
        fragments, "public_card", lambda game, shown: [drawn.append(game.pk), write(game, shown)][1]
    )
    event = drawn_doubles(tournament, official, 8)
    url = reverse("public:bracket", args=[tournament.slug, event.pk])
    client.get(url)
    assert len(drawn) == 7
    game = game_at(event, 1, 2)
    services.set_game_progress(game=game, totals=(55, 20), hand_count=2)
    drawn.clear()
    page = client.get(url).content.decode()
    assert drawn == [game.pk]
    assert ">55<" in page.split(f'id="game-{game.pk}"')[1].split("</article>")[0]
    team = game.sides.get(seat=0).team
    drawn.clear()
    marked = client.get(url, {"team": team.number}).content.decode()
    assert drawn == [game.pk] and marked.count(' mine" id="game-') == 1
    drawn.clear()
    unmarked = client.get(url).content.decode()
    assert drawn == [] and ' mine" id="game-' not in unmarked
