"""Create an official (or reset their password) and make them an official of tournaments.

Passwords go through Django's password validators (settings.AUTH_PASSWORD_VALIDATORS);
a password is printed once, when it is set, and never written to a file.
"""

import os
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from tournaments.models import Tournament

DEMO_USERNAME = "official"
# Older desks kept the demo password here; it is shown one last time, then removed.
LEGACY_PASSWORD_FILE = "demo_official_password.txt"


def new_password(user) -> str:
    """Return a random password that passes the validators."""
    while True:
        password = secrets.token_urlsafe(12)
        try:
            validate_password(password, user)
        except ValidationError:  # a 16-character random string nearly always passes
            continue
        return password


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
            help="Create the demo official on first use and print how to sign in",
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
        user_model = get_user_model()
        user = user_model.objects.filter(username=username).first()
        created = user is None
        user = user or user_model(username=username)
        if password:
            try:
                validate_password(password, user)
            except ValidationError as exc:
                raise CommandError("Password refused: " + " ".join(exc.messages)) from None
        else:
            password = new_password(user)
        user.set_password(password)
        user.save()
        for found in tournaments:
            found.officials.add(user)
        verb = "Created" if created else "Reset the password of"
        self.stdout.write(f"{verb} official {username!r} with password: {password}")

    def _demo(self):
        """Create the demo official once, printing the password that one time only."""
        user_model = get_user_model()
        user = user_model.objects.filter(username=DEMO_USERNAME).first()
        legacy = settings.DATA_DIR / LEGACY_PASSWORD_FILE
        password, note = None, ""
        if user is None or not user.password or not user.has_usable_password():
            # New, or made by load_demo without a password.
            user = user or user_model(username=DEMO_USERNAME)
            password = new_password(user)
            user.set_password(password)
            user.save()
            note = "shown this once and kept nowhere: write it down now"
        elif legacy.exists():
            kept = legacy.read_text().strip()
            legacy.unlink()
            if kept and user.check_password(kept):
                password = kept
                note = "shown one last time: it is no longer kept in a file"
        for found in Tournament.objects.filter(slug="demo"):
            found.officials.add(user)
        host = os.environ.get("HOST", "127.0.0.1")
        host = "127.0.0.1" if host == "0.0.0.0" else host
        base = f"http://{host}:{os.environ.get('PORT', '8000')}"
        rule = "=" * 72
        lines = [rule, f"The desk: {base}/", f"Official sign-in: {base}/login/"]
        lines.append(f"  username:   {DEMO_USERNAME}")  # the word the sign-in form uses
        if password:
            lines.append(f"  password:   {password}   ({note})")
        else:
            lines.append("  password:   the one shown when this login was created.")
            lines.append(
                f"  Forgotten? `.venv/bin/python manage.py create_official {DEMO_USERNAME}`"
                " prints a new one."
            )
        lines.append(rule)
        self.stdout.write("\n".join(lines))
