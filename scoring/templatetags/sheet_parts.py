"""A sheet's sides and hands, written in Python (`scoring.written_sheet`), on every page
that shows a sheet: ``{% sheet_sides sheet %}``, the sides and their totals;
``{% sheet_hands sheet official=True %}``, every hand with the running totals (with each
hand's correction links for an official)."""

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
