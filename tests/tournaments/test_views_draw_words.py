"""The draw page tells the truth about same-chapter teams: the fewest, or made by swaps."""

import pytest
from django.urls import reverse

from tests.factories import ChapterFactory, EntryFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.models import Team

pytestmark = pytest.mark.django_db


def doubles_with(tournament, chapter_sizes):
    event = EventFactory(tournament=tournament, name="Doubles")
    for size in chapter_sizes:
        chapter = ChapterFactory(tournament=tournament)
        for _ in range(size):
            EntryFactory(event=event, player=PlayerFactory(tournament=tournament, chapter=chapter))
    return event


def draw_page(client, tournament, event):
    url = reverse("desk:event_draw", args=[tournament.slug, event.pk])
    return client.get(url).content.decode()


def test_swaps_that_make_same_chapter_teams_say_a_draw_without_any_is_possible(
    official_client, tournament, official
):
    event = doubles_with(tournament, [3, 4, 3])
    drawn = services.draw_partners_for_event(event=event, by=official, seed=7)
    assert drawn.same_chapter_pairs == []
    teams = list(Team.objects.filter(event=event).prefetch_related("memberships__player"))
    # Swap players until two teams are of one chapter.
    for _ in range(10):
        flagged = Team.objects.filter(event=event, same_chapter=True).count()
        if flagged >= 2:
            break
        members = [(team, m.player) for team in teams for m in team.members]
        swap = next(
            (a, b)
            for team_a, a in members
            for team_b, b in members
            if team_a.pk != team_b.pk
            and not Team.objects.get(pk=team_b.pk).same_chapter
            and any(
                m.player.chapter_id == a.chapter_id and m.player.pk != b.pk
                for m in Team.objects.get(pk=team_b.pk).members
            )
        )
        services.swap_players(event=event, by=official, player_a=swap[0], player_b=swap[1])
        teams = list(Team.objects.filter(event=event).prefetch_related("memberships__player"))
    count = Team.objects.filter(event=event, same_chapter=True).count()
    assert count >= 2
    html = draw_page(official_client, tournament, event)
    assert f"{count} teams are of one chapter after your swaps" in html
    assert "a draw without any is possible" in html
    assert "more than half the players" not in html


def test_a_chapter_holding_more_than_half_says_this_is_the_fewest(
    official_client, tournament, official
):
    event = doubles_with(tournament, [8, 2, 2])
    services.draw_partners_for_event(event=event, by=official, seed=5)
    html = draw_page(official_client, tournament, event)
    assert "2 teams are of one chapter" in html
    assert "so this is the fewest possible" in html
    assert "after your swaps" not in html


def test_a_swap_above_the_fewest_says_how_few_a_draw_could_make(
    official_client, tournament, official
):
    event = doubles_with(tournament, [6, 1, 1])  # 6 of 8: at least 2 clashes
    services.draw_partners_for_event(event=event, by=official, seed=3)
    teams = list(Team.objects.filter(event=event).prefetch_related("memberships__player"))
    mixed = [team for team in teams if not team.same_chapter]
    a = mixed[0].members[0].player
    b = next(m.player for m in mixed[1].members if m.player.chapter_id != a.chapter_id)
    services.swap_players(event=event, by=official, player_a=a, player_b=b)
    assert Team.objects.filter(event=event, same_chapter=True).count() == 3
    html = draw_page(official_client, tournament, event)
    assert "3 teams are of one chapter after your swaps" in html
    assert "a draw with only 2 is possible" in html
