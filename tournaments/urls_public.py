"""Public pages: no login needed."""

from django.urls import path

from .views import brackets_public, public

app_name = "public"

urlpatterns = [
    path("", public.index, name="index"),
    path("t/<slug:slug>/", public.tournament_home, name="tournament"),
    path("t/<slug:slug>/events/<int:pk>/", brackets_public.bracket, name="bracket"),
]
