"""Official pages: every view here checks that the user officiates the tournament."""

from django.urls import path

from .views import chapters as ch
from .views import clocks as cl
from .views import entries as en
from .views import event_draw as dr
from .views import event_setup as es
from .views import events as ev
from .views import officials as off
from .views import players as pl
from .views import poster as po
from .views import roster as ro
from .views import rounds as rd
from .views import tournaments as tn

app_name = "desk"

urlpatterns = [
    path("", tn.official_home, name="home"),
    path("new/", tn.tournament_create, name="tournament_create"),
    path("<slug:slug>/", tn.dashboard, name="dashboard"),
    path("<slug:slug>/edit/", tn.tournament_edit, name="tournament_edit"),
    path("<slug:slug>/poster/", po.poster, name="poster"),
    path("<slug:slug>/events/new/", es.event_create, name="event_create"),
    path("<slug:slug>/chapters/", ch.chapters, name="chapters"),
    path("<slug:slug>/chapters/merge/", ch.chapter_merge, name="chapter_merge"),
    path("<slug:slug>/chapters/<int:pk>/rename/", ch.chapter_rename, name="chapter_rename"),
    path("<slug:slug>/players/", pl.players, name="players"),
    path("<slug:slug>/players/check-in/", pl.players_check_in, name="players_check_in"),
    path("<slug:slug>/players/<int:pk>/", pl.player_edit, name="player_edit"),
    path("<slug:slug>/players/<int:pk>/check-in/", pl.player_check_in, name="player_check_in"),
    path("<slug:slug>/players/<int:pk>/withdraw/", pl.player_withdraw, name="player_withdraw"),
    path("<slug:slug>/officials/", off.officials, name="officials"),
    path("<slug:slug>/officials/add/", off.official_add, name="official_add"),
    path("<slug:slug>/officials/leave/", off.official_leave, name="official_leave"),
    path("<slug:slug>/officials/<int:pk>/remove/", off.official_remove, name="official_remove"),
    path("<slug:slug>/officials/invite/", off.invitation_create, name="invitation_create"),
    path(
        "<slug:slug>/officials/invitations/<int:pk>/revoke/",
        off.invitation_revoke,
        name="invitation_revoke",
    ),
    path("<slug:slug>/join/<token:token>/", off.invitation_accept, name="invitation_accept"),
    path("<slug:slug>/roster/", ro.roster_import, name="roster_import"),
    path("<slug:slug>/roster/confirm/", ro.roster_confirm, name="roster_confirm"),
    path("<slug:slug>/events/<int:pk>/", ev.event_detail, name="event_detail"),
    path("<slug:slug>/events/<int:pk>/entries/", en.event_entries, name="event_entries"),
    path("<slug:slug>/events/<int:pk>/rules/", es.event_rules, name="event_rules"),
    path("<slug:slug>/events/<int:pk>/draw/", dr.event_draw, name="event_draw"),
    path("<slug:slug>/events/<int:pk>/draw/partners/", dr.partners_draw, name="partners_draw"),
    path("<slug:slug>/events/<int:pk>/draw/swap/", dr.partners_swap, name="partners_swap"),
    path("<slug:slug>/events/<int:pk>/draw/bracket/", dr.bracket_draw, name="bracket_draw"),
    path("<slug:slug>/events/<int:pk>/draw/odd/partner/", dr.odd_partner, name="odd_partner"),
    path("<slug:slug>/events/<int:pk>/draw/odd/leave/", dr.odd_leave, name="odd_leave"),
    path("<slug:slug>/events/<int:pk>/singles/open/", dr.singles_open, name="singles_open"),
    path("<slug:slug>/events/<int:pk>/singles/add/", dr.singles_add, name="singles_add"),
    path("<slug:slug>/events/<int:pk>/bracket/", ev.bracket, name="bracket"),
    path("<slug:slug>/events/<int:pk>/bracket/print/", ev.bracket_print, name="bracket_print"),
    path("<slug:slug>/events/<int:pk>/rounds/", rd.rounds, name="rounds"),
    path("<slug:slug>/events/<int:pk>/rounds/seat/", rd.round_seat, name="round_seat"),
    path("<slug:slug>/events/<int:pk>/rounds/start/", rd.round_start, name="round_start"),
    path("<slug:slug>/events/<int:pk>/rounds/move/", rd.round_move, name="round_move"),
    path("<slug:slug>/events/<int:pk>/finish/", rd.event_finish, name="event_finish"),
    path("<slug:slug>/events/<int:pk>/rounds/<int:number>/", rd.round_detail, name="round_detail"),
    path(
        "<slug:slug>/events/<int:pk>/rounds/<int:number>/print/",
        rd.round_print,
        name="round_print",
    ),
    path(
        "<slug:slug>/events/<int:pk>/rounds/<int:number>/clock/",
        cl.round_clock_restart,
        name="round_clock_restart",
    ),
    path(
        "<slug:slug>/events/<int:pk>/rounds/<int:number>/close-all/",
        cl.close_all,
        name="close_all",
    ),
    path("<slug:slug>/events/<int:pk>/bracket/clock/", cl.bracket_clock, name="bracket_clock"),
    path(
        "<slug:slug>/events/<int:pk>/bracket/<int:stage>/<int:number>/close-all/",
        cl.bracket_close_all,
        name="bracket_close_all",
    ),
    path("<slug:slug>/events/<int:pk>/standings/", rd.standings, name="standings"),
    path("<slug:slug>/events/<int:pk>/sides/<int:team_pk>/", rd.side_games, name="side_games"),
    path("<slug:slug>/games/<int:pk>/close/", rd.table_close, name="table_close"),
    path("<slug:slug>/games/<int:pk>/result/", ev.game_result, name="game_result"),
    path("<slug:slug>/games/<int:pk>/reopen/", ev.game_reopen, name="game_reopen"),
    path("<slug:slug>/games/<int:pk>/undo/", ev.game_undo, name="game_undo"),
    path("<slug:slug>/games/<int:pk>/close-at-time/", ev.game_close, name="game_close"),
]
