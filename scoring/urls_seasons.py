"""Official season pages, under /desk/seasons/ (a word no tournament's address can take)."""

from django.urls import path

from .views import season_exports as sx
from .views import seasons as se

app_name = "seasons"

urlpatterns = [
    path("", se.season_list, name="list"),
    path("<int:pk>/", se.season_desk, name="season"),
    path("<int:pk>/edit/", se.season_edit, name="edit"),
    path("<int:pk>/points/", se.season_points, name="points"),
    path("<int:pk>/tournaments/", se.season_add_tournament, name="add_tournament"),
    path(
        "<int:pk>/tournaments/<int:tournament>/remove/",
        se.season_remove_tournament,
        name="remove_tournament",
    ),
    path("<int:pk>/players/", se.season_decide, name="decide"),
    path("<int:pk>/files/", sx.season_exports, name="exports"),
    path("<int:pk>/files/<int:export>/", sx.season_export_download, name="export_download"),
]
