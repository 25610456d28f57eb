"""The sheet's hand rows are kept by what they show (`scoring.templatetags.sheet_rows`):
a kept row is exactly what the template draws now, and anything a row shows that changes
(a correction, a renamed offender, the official's links) draws it again."""

import pytest
from django.template.loader import get_template
from django.urls import reverse

from scoring import selectors
from scoring.models import Hand
from scoring.templatetags import sheet_rows
from tests.scoring.builders import edit, enter, out, penalty, played

pytestmark = pytest.mark.django_db


def drawn_whole(sheet, official, sheet_url=""):
    """The rows as the row template draws them, nothing kept."""
    template = get_template(sheet_rows.ROW_TEMPLATE)
    context = {"official": official, "sheet_url": sheet_url}
    return "".join(template.render({**context, "row": row}) for row in sheet.rows)


def test_kept_rows_are_the_rows_the_template_draws(game, official):
    offender = game.sides.get(seat=1).team.members[0].player
    enter(game, official, out(0, 12, play=(20, 5), penalties=[penalty(1, "talking", offender)]))
    enter(game, official, played(100, 5))
    sheet = selectors.game_sheet(game)
    for official_page, url in ((True, "/desk/x/games/1/"), (False, "")):
        first = sheet_rows.hand_rows(sheet.rows, official_page, url)
        again = sheet_rows.hand_rows(sheet.rows, official_page, url)  # from the kept rows
        assert first == again == drawn_whole(sheet, official_page, url)
    assert "Edit" not in sheet_rows.hand_rows(sheet.rows, False, "")


def test_a_corrected_hand_and_a_renamed_offender_are_drawn_again(game, official):
    offender = game.sides.get(seat=1).team.members[0].player
    enter(game, official, out(0, 12, play=(20, 5), penalties=[penalty(1, "talking", offender)]))
    enter(game, official, played(100, 5))
    before = sheet_rows.hand_rows(selectors.game_sheet(game).rows, False, "")
    offender.name = "Zed Renamed"
    offender.save()
    edit(Hand.objects.get(game=game, number=2), official, played(105, 5))
    game.refresh_from_db()
    sheet = selectors.game_sheet(game)
    after = sheet_rows.hand_rows(sheet.rows, False, "")
    assert after == drawn_whole(sheet, False)
    assert "Zed Renamed" in after and "Zed Renamed" not in before
    assert "105" in after and "edited" in after


def test_the_sheet_page_shows_rows_kept_from_another_page(official_client, game, official):
    enter(game, official, played(10, 0))
    public = reverse("scoring_public:game", args=[game.event.tournament.slug, game.pk])
    desk = reverse("scoring:sheet", args=[game.event.tournament.slug, game.pk])
    assert "/edit/" not in official_client.get(public).content.decode().split('id="hands"')[1]
    html = official_client.get(desk).content.decode()
    assert f"{desk}hands/{Hand.objects.get(game=game).pk}/edit/" in html
