"""Official scoring pages: score sheets, hand entry and corrections, exports."""

from django.urls import path

from .views import exports, sheet, table_cards, table_decisions, table_desk

app_name = "scoring"

urlpatterns = [
    path("<slug:slug>/exports/", exports.export_list, name="exports"),
    path("<slug:slug>/exports/new/", exports.export_create, name="export_create"),
    path("<slug:slug>/exports/<int:pk>/", exports.export_download, name="export_download"),
    path("<slug:slug>/exports/<int:pk>/retry/", exports.export_retry, name="export_retry"),
    path(
        "<slug:slug>/exports/chapters/<int:pk>/link/",
        exports.chapter_link_create,
        name="chapter_link_create",
    ),
    path(
        "<slug:slug>/exports/links/<int:pk>/revoke/",
        exports.chapter_link_revoke,
        name="chapter_link_revoke",
    ),
    path("<slug:slug>/backup/", exports.backup_page, name="backup"),
    path("<slug:slug>/api-tokens/", exports.api_tokens, name="api_tokens"),
    path(
        "<slug:slug>/api-tokens/<int:pk>/revoke/",
        exports.api_token_revoke,
        name="api_token_revoke",
    ),
    path("<slug:slug>/games/<int:pk>/", sheet.sheet, name="sheet"),
    path(
        "<slug:slug>/games/<int:pk>/table-hands/<int:entry_pk>/",
        table_decisions.table_hand_decide,
        name="table_hand_decide",
    ),
    path(
        "<slug:slug>/games/<int:pk>/table-hands/<int:entry_pk>/correct/",
        table_decisions.table_hand_correct,
        name="table_hand_correct",
    ),
    path("<slug:slug>/games/<int:pk>/preview/", sheet.preview, name="preview"),
    path("<slug:slug>/games/<int:pk>/history/", sheet.history, name="history"),
    path("<slug:slug>/games/<int:pk>/print/", sheet.sheet_print, name="sheet_print"),
    path("<slug:slug>/games/<int:pk>/hands/<int:hand_pk>/edit/", sheet.hand_edit, name="hand_edit"),
    path(
        "<slug:slug>/games/<int:pk>/hands/<int:hand_pk>/delete/",
        sheet.hand_delete,
        name="hand_delete",
    ),
    # Tables entering their own hands: the desk's monitor, the cards, the links (issue 18).
    path(
        "<slug:slug>/events/<int:pk>/rounds/<int:number>/monitor/",
        table_desk.rounds_monitor,
        name="rounds_monitor",
    ),
    path(
        "<slug:slug>/events/<int:pk>/rounds/<int:number>/cards/",
        table_cards.rounds_cards,
        name="rounds_cards",
    ),
    path(
        "<slug:slug>/events/<int:pk>/rounds/<int:number>/table-links/",
        table_desk.rounds_links,
        name="rounds_links",
    ),
    path(
        "<slug:slug>/events/<int:pk>/bracket/<int:stage>/<int:number>/monitor/",
        table_desk.bracket_monitor,
        name="bracket_monitor",
    ),
    path(
        "<slug:slug>/events/<int:pk>/bracket/<int:stage>/<int:number>/cards/",
        table_cards.bracket_cards,
        name="bracket_cards",
    ),
    path(
        "<slug:slug>/events/<int:pk>/bracket/<int:stage>/<int:number>/table-links/",
        table_desk.bracket_links,
        name="bracket_links",
    ),
    path("<slug:slug>/games/<int:pk>/card/", table_cards.table_card, name="table_card"),
    path("<slug:slug>/games/<int:pk>/table-link/", table_desk.table_link, name="table_link"),
    path(
        "<slug:slug>/games/<int:pk>/desk-only/",
        table_desk.table_desk_only,
        name="table_desk_only",
    ),
]
