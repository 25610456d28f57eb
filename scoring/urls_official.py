"""Official scoring pages: score sheets, hand entry and corrections, exports."""

from django.urls import path

from .views import exports

app_name = "scoring"

urlpatterns = [
    path("<slug:slug>/exports/", exports.export_list, name="exports"),
    path("<slug:slug>/exports/new/", exports.export_create, name="export_create"),
    path("<slug:slug>/exports/<int:pk>/", exports.export_download, name="export_download"),
]
