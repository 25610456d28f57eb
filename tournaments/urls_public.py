"""Public pages: no login needed."""

from django.urls import path

from .views import brackets_public, display, public, standings_public

app_name = "public"

urlpatterns = [
    path("", public.index, name="index"),
    path("t/<slug:slug>/", public.tournament_home, name="tournament"),
    path("t/<slug:slug>/display/", display.display, name="display"),
    path("t/<slug:slug>/events/<int:pk>/", brackets_public.bracket, name="bracket"),
    path(
        "t/<slug:slug>/events/<int:pk>/standings/",
        standings_public.standings,
        name="standings",
    ),
    path(
        "t/<slug:slug>/events/<int:pk>/rounds/<int:number>/",
        standings_public.round_results,
        name="round_results",
    ),
]
