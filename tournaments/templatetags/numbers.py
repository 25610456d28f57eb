"""Numbers on a page: a total or points (`{{ side.total|number }}`), a count of sides."""

from django import template

from .. import naming

register = template.Library()


@register.filter
def number(value):
    """Write a number with a real minus sign (naming.number_text); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return naming.number_text(value)


@register.filter
def side_count(count, team_size):
    """Count an event's sides in words: "1 player" in singles, "3 teams" in doubles."""
    return naming.side_words(team_size, count)
