"""Admin: hands and their history, read-only (changes go through the score sheet's services)."""

from django.contrib import admin

from .models import Hand, HandChange


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown for looking things up; hands change only through the score sheet, with history."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Hand)
class HandAdmin(ReadOnlyAdmin):
    list_display = ("game", "number", "points", "entered_by", "entered_at")
    list_filter = ("game__event__game_key", "game__event__tournament")
    list_select_related = ("game__event", "entered_by")
    search_fields = ("game__event__name",)


@admin.register(HandChange)
class HandChangeAdmin(ReadOnlyAdmin):
    list_display = ("game", "hand_number", "action", "by", "at")
    list_filter = ("action", "game__event__tournament")
    list_select_related = ("game__event", "by")
