"""The players' poster: the tournament's public address, big, with its QR code to print.

The address is the one the official's browser used to reach the desk (so open the desk
by its LAN address, e.g. http://192.168.1.23:8000/, not 127.0.0.1), or DESK_PUBLIC_URL
when it is set. The QR code is an SVG drawn on the server (segno): nothing is fetched.
"""

import segno
from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_GET

from ..models import Tournament
from ..permissions import official_required

# Addresses only this machine can open: a phone typing them reaches itself.
LOCAL_HOSTS = {"127.0.0.1", "localhost", "::1", "[::1]", "0.0.0.0"}


def public_url(request: HttpRequest, tournament: Tournament) -> str:
    """Return the tournament's public address as players type it."""
    path = reverse("public:tournament", args=[tournament.slug])
    if settings.DESK_PUBLIC_URL:
        return settings.DESK_PUBLIC_URL + path
    return request.build_absolute_uri(path)


def qr_svg(text: str) -> str:
    """Return the QR code of `text` as inline SVG that scales to its box (medium error care)."""
    return segno.make(text, error="m").svg_inline(
        scale=1, border=2, omitsize=True, dark="#000", light="#fff", title=text
    )


@official_required
@require_GET
def poster(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    url = public_url(request, tournament)
    host = request.get_host().rsplit(":", 1)[0] if not settings.DESK_PUBLIC_URL else ""
    return render(
        request,
        "tournaments/poster.html",
        {
            "tournament": tournament,
            "url": url,
            "short_url": url.split("://", 1)[-1],
            "qr": mark_safe(qr_svg(url)),  # built by segno from the URL, escaped there
            "local_only": host in LOCAL_HOSTS,
        },
    )
