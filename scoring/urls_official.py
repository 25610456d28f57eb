"""Official scoring pages: score sheets, hand entry and corrections, exports."""

from django.urls import path

from .views import exports, sheet

app_name = "scoring"

urlpatterns = [
    path("<slug:slug>/exports/", exports.export_list, name="exports"),
    path("<slug:slug>/exports/new/", exports.export_create, name="export_create"),
    path("<slug:slug>/exports/<int:pk>/", exports.export_download, name="export_download"),
    path("<slug:slug>/games/<int:pk>/", sheet.sheet, name="sheet"),
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
