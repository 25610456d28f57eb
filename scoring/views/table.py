"""The table's own pages, on the players' phones: enter a hand, confirm or dispute one."""

from django.http import Http404, HttpRequest, HttpResponse


def table_code(request: HttpRequest, slug: str) -> HttpResponse:
    """Enter your table code: it opens the table's page."""
    raise Http404


def table_page(request: HttpRequest, slug: str, code: str) -> HttpResponse:
    """The table's page: who sits where, the hands so far, the next hand's form."""
    raise Http404
