"""Official scoring pages: score sheets, hand entry and corrections, exports."""

from django.urls import path

from .views import exports, sheet, table_decisions

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
]
