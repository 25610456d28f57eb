from django.apps import AppConfig


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = "Scoring"

    def ready(self):
        from tournaments.services import games_voided

        # The Celery tasks registered in every process, not only in one that imported a
        # view sending them: the season ratings send theirs by name.
        from . import tasks  # noqa: F401
        from .services.hands import _on_games_voided

        # The bracket voids later games; their hands are scoring's to clear away.
        games_voided.connect(_on_games_voided, dispatch_uid="scoring.delete_voided_hands")
