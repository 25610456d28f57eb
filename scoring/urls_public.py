"""Public scoring pages: the live score of a game."""

from django.urls import path

from .views import public

app_name = "scoring_public"

urlpatterns = [
    path("t/<slug:slug>/games/<int:pk>/", public.game, name="game"),
]
