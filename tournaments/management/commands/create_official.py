"""Create an official (or reset their password) and make them an official of tournaments."""

import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament

DEMO_USERNAME = "official"


class Command(BaseCommand):
    help = "Create an official's login and attach it to tournaments."

    def add_arguments(self, parser):
        parser.add_argument("username", nargs="?", help="Login name of the official")
        parser.add_argument("--password", help="Password (default: a new random one)")
        parser.add_argument(
            "--tournament",
            action="append",
            default=[],
            metavar="SLUG",
            help="Make them an official of this tournament (repeatable)",
        )
        parser.add_argument(
            "--demo",
            action="store_true",
            help="Print the demo official's login, creating it on first use",
        )

    def handle(self, *args, username=None, password=None, tournament=(), demo=False, **opts):
        if demo:
            return self._demo()
        if not username:
            raise CommandError("Give the official's login name, or --demo.")
        tournaments = []
        for slug in tournament:
            found = Tournament.objects.filter(slug=slug).first()
            if found is None:
                raise CommandError(f"No tournament has the address {slug!r}.")
            tournaments.append(found)
        password = password or secrets.token_urlsafe(9)
        user, created = get_user_model().objects.get_or_create(username=username)
        user.set_password(password)
        user.save()
        for found in tournaments:
            found.officials.add(user)
        verb = "Created" if created else "Reset the password of"
        self.stdout.write(f"{verb} official {username!r} with password: {password}")

    def _demo(self):
        """Keep the demo password in the data folder so every `make run` can print it."""
        password_file = settings.DATA_DIR / "demo_official_password.txt"
        user_model = get_user_model()
        user = user_model.objects.filter(username=DEMO_USERNAME).first()
        if user is None or not password_file.exists():
            password = secrets.token_urlsafe(9)
            user = user or user_model(username=DEMO_USERNAME)
            user.set_password(password)
            user.save()
            password_file.write_text(password)
            password_file.chmod(0o600)
        for found in Tournament.objects.filter(slug="demo"):
            found.officials.add(user)
        password = password_file.read_text().strip()
        host = os.environ.get("HOST", "127.0.0.1")
        host = "127.0.0.1" if host == "0.0.0.0" else host
        url = f"http://{host}:{os.environ.get('PORT', '8000')}/login/"
        self.stdout.write(f"Official login: {DEMO_USERNAME} / {password}  ({url})")
