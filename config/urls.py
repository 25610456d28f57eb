"""URLs, split by audience: official pages under /desk/, public pages at the root."""

from django.conf import settings
from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.http import HttpResponse
from django.urls import include, path

import config.converters  # noqa: F401  (registers the `token` URL converter)
from tournaments.server_time import server_now
from tournaments.views import accounts

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Before the official pages: `logins` is a reserved word, never a tournament's address.
    path("desk/logins/", accounts.locked_logins, name="locked_logins"),
    # Seasons across tournaments: `seasons` is reserved the same way (issue 24).
    path("desk/seasons/", include("scoring.urls_seasons")),
    path("desk/", include("tournaments.urls_official")),
    path("desk/", include("scoring.urls_official")),
    path("", include("tournaments.urls_public")),
    path("", include("scoring.urls_public")),
    path("api/", include("scoring.api.urls")),
    # The server's time, for the clocks' countdown (static/js/clock.js).
    path("now/", server_now),
]

if settings.DESK_BENCH_BARE:
    # The floor bench/pages.py measures the public pages against (off unless asked).
    urlpatterns.append(path("bench/bare/", lambda request: HttpResponse("ok")))
