"""Official pages: every view here checks that the user officiates the tournament."""

from django.urls import path

from .views import registration as reg

app_name = "desk"

urlpatterns = [
    path("", reg.official_home, name="home"),
    path("new/", reg.tournament_create, name="tournament_create"),
    path("<slug:slug>/", reg.dashboard, name="dashboard"),
    path("<slug:slug>/events/new/", reg.event_create, name="event_create"),
    path("<slug:slug>/chapters/", reg.chapters, name="chapters"),
    path("<slug:slug>/chapters/merge/", reg.chapter_merge, name="chapter_merge"),
    path("<slug:slug>/chapters/<int:pk>/rename/", reg.chapter_rename, name="chapter_rename"),
    path("<slug:slug>/players/", reg.players, name="players"),
    path("<slug:slug>/players/<int:pk>/", reg.player_edit, name="player_edit"),
    path("<slug:slug>/players/<int:pk>/check-in/", reg.player_check_in, name="player_check_in"),
    path("<slug:slug>/players/<int:pk>/withdraw/", reg.player_withdraw, name="player_withdraw"),
    path("<slug:slug>/roster/", reg.roster_import, name="roster_import"),
    path("<slug:slug>/roster/confirm/", reg.roster_confirm, name="roster_confirm"),
]
