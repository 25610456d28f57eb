"""Public scoring pages: the live score of a game."""

app_name = "scoring_public"

urlpatterns = []
