"""When a public page last changed: ``{% last_updated event.changed_at %}`` writes "Last
updated 14:32", with the date when not today, in the site's time zone (TIME_ZONE).

Written in Python, not as an included template: Django's date filters took 0.2 ms of every
rebuilt public page (bracket, standings, round, score sheet), about half of its live part
(bench/pages.py, a hand between every two requests, an Intel Xeon 2-core machine).
"""

import datetime

from django import template
from django.conf import settings
from django.utils import timezone
from django.utils.dates import MONTHS_3
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.simple_tag
def last_updated(changed) -> str:
    """Return "Last updated <time>14:32</time>." for ``changed`` (a datetime; aware ones
    in the current time zone), "Nov 21, 14:32" when that is not today; "" for nothing."""
    if not isinstance(changed, datetime.datetime):
        return ""
    if timezone.is_aware(changed):
        changed = timezone.localtime(changed)
    now = datetime.datetime.now(tz=timezone.get_current_timezone() if settings.USE_TZ else None)
    day = (
        ""
        if changed.date() == now.date()
        else f"{escape(MONTHS_3[changed.month].title())} {changed.day}, "
    )
    return mark_safe(
        f'Last updated <time datetime="{changed.isoformat()}">{day}{changed:%H:%M}</time>.'
    )
