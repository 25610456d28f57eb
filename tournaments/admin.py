"""Django admin for the site admin: everything, with search where lists grow long."""

from django.contrib import admin

from .models import (
    Activity,
    Chapter,
    Entry,
    Event,
    Game,
    Player,
    Side,
    Team,
    TeamMember,
    Tournament,
)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "venue"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["officials"]


@admin.register(Chapter)
class ChapterAdmin(admin.ModelAdmin):
    list_display = ["name", "code", "tournament"]
    list_filter = ["tournament"]
    search_fields = ["name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "chapter", "tournament", "checked_in", "withdrawn"]
    list_filter = ["tournament", "checked_in", "withdrawn"]
    list_select_related = ["chapter", "tournament"]
    search_fields = ["name"]


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "tournament", "game_key", "format", "team_size", "status"]
    list_filter = ["game_key", "status"]


class TeamMemberInline(admin.TabularInline):
    model = TeamMember
    extra = 0
    raw_id_fields = ["player"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "number", "same_chapter"]
    list_filter = ["event"]
    inlines = [TeamMemberInline]


class SideInline(admin.TabularInline):
    model = Side
    extra = 0
    raw_id_fields = ["team"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["__str__", "status", "winner_seat", "hand_count", "version"]
    list_filter = ["event", "status"]
    raw_id_fields = ["next_game"]
    inlines = [SideInline]


admin.site.register(Entry)
admin.site.register(Activity)
