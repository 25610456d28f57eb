"""Django admin for the site admin: everything, with search where lists grow long."""

from django.contrib import admin

from .models import (
    Activity,
    Chapter,
    Entry,
    Event,
    Game,
    OfficialInvitation,
    Player,
    Side,
    Team,
    TeamMember,
    Tournament,
)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "starts_on", "ends_on", "venue", "owner"]
    search_fields = ["name", "slug"]
    filter_horizontal = ["officials"]
    raw_id_fields = ["owner"]


@admin.register(OfficialInvitation)
class OfficialInvitationAdmin(admin.ModelAdmin):
    list_display = ["tournament", "made_by", "created_at", "expires_at", "used_by", "revoked_at"]
    list_filter = ["tournament"]
    list_select_related = ["tournament", "made_by", "used_by"]
    readonly_fields = ["token", "created_at", "used_by", "used_at"]


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
