"""Public scoring pages: the live score of a game."""

from django.urls import path

from .views import exports, public, seasons_public, table

app_name = "scoring_public"

urlpatterns = [
    path("t/<slug:slug>/games/<int:pk>/", public.game, name="game"),
    # A table entering its own hands: the code is the link's secret (issue 18).
    path("t/<slug:slug>/table/", table.table_code, name="table_code"),
    path("t/<slug:slug>/table/<token:code>/", table.table_page, name="table"),
    path("t/<slug:slug>/table/<token:code>/preview/", table.table_preview, name="table_preview"),
    path("t/<slug:slug>/table/<token:code>/answer/", table.table_answer, name="table_answer"),
    # A chapter's report, for whoever holds the link's secret (scoring/views/exports.py).
    path(
        "t/<slug:slug>/chapters/<token:token>/",
        exports.chapter_report,
        name="chapter_report",
    ),
    # A season across tournaments (issue 24): its leaderboard, a player's season, ratings.
    path("seasons/<int:pk>/", seasons_public.season, name="season"),
    path("seasons/<int:pk>/ratings/", seasons_public.ratings, name="season_ratings"),
    path(
        "seasons/<int:pk>/players/<token:person>/",
        seasons_public.player,
        name="season_player",
    ),
]
