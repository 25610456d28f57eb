"""The one filter that writes a total or points on a page: `{{ side.total|number }}`."""

from django import template

from .. import naming

register = template.Library()


@register.filter
def number(value):
    """Write a number with a real minus sign (naming.number_text); anything else as it is."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return value
    return naming.number_text(value)
