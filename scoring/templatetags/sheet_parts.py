"""A sheet's sides and hands on the pages every hand draws again (the desk's sheet, a
table's page, a visitor's page of the game), written in Python (`scoring.written_sheet`):
``{% sheet_sides sheet %}`` draws what ``{% include "scoring/sheet_sides.html" %}`` does,
``{% sheet_hands sheet official %}`` what sheet_hands.html does with ``official``."""

from django import template
from django.urls import reverse

from .. import written_sheet

register = template.Library()


@register.simple_tag
def sheet_sides(sheet):
    return written_sheet.sheet_sides(sheet)


@register.simple_tag(takes_context=True)
def sheet_hands(context, sheet, official=False):
    """Official: each hand's links from the sheet's address, reversed once."""
    url = ""
    if official:
        url = reverse("scoring:sheet", args=[context["tournament"].slug, sheet.game.pk])
    return written_sheet.sheet_hands(sheet, official, url)
