from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = "Tournaments"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from .held_markers import watch_connection

        connection_created.connect(watch_connection, dispatch_uid="held_markers")
