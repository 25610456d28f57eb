"""Public scoring pages: the live score of a game."""

from django.urls import path

from .views import exports, public

app_name = "scoring_public"

urlpatterns = [
    path("t/<slug:slug>/games/<int:pk>/", public.game, name="game"),
    # A chapter's report, for whoever holds the link's secret (scoring/views/exports.py).
    path(
        "t/<slug:slug>/chapters/<token:token>/",
        exports.chapter_report,
        name="chapter_report",
    ),
]
