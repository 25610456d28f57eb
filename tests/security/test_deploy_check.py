"""Deployment settings: `check --deploy` is clean with DESK_HTTPS=1, and each switch works alone."""

import os
import secrets
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def run_django(tmp_path, *args, **env):
    """Run manage.py in a child with production-like settings plus `env`."""
    child_env = {
        key: value
        for key, value in os.environ.items()
        # The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE in this process: not a deployment's.
        if not key.startswith(("DESK_", "DJANGO_", "DEBUG", "SECRET_KEY", "ALLOWED_HOSTS"))
    }
    child_env.update(
        DATA_DIR=str(tmp_path / "data"),
        SECRET_KEY=secrets.token_urlsafe(60),
        DEBUG="0",
        ALLOWED_HOSTS="desk.example.org",
        **env,
    )
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=child_env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_check_deploy_passes_clean_behind_https(tmp_path):
    done = run_django(tmp_path, "check", "--deploy", "--fail-level", "WARNING", DESK_HTTPS="1")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "no issues" in done.stdout


def test_without_https_the_four_https_warnings_remain(tmp_path):
    done = run_django(tmp_path, "check", "--deploy", "--fail-level", "WARNING")
    assert done.returncode == 1
    for warning in ("W004", "W008", "W012", "W016"):
        assert f"security.{warning}" in done.stderr


SHOW = (
    "from django.conf import settings as s; print(s.SECURE_SSL_REDIRECT, s.SESSION_COOKIE_SECURE,"
    " s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS,"
    " s.SECURE_HSTS_PRELOAD)"
)


@pytest.mark.parametrize(
    ("env", "expected"),
    [
        ({}, "False False False 0 False False"),
        ({"DESK_HTTPS": "1"}, "True True True 31536000 True True"),
        ({"DESK_SSL_REDIRECT": "1"}, "True False False 0 False False"),
        ({"DESK_SECURE_COOKIES": "yes"}, "False True True 0 False False"),
        ({"DESK_HSTS_SECONDS": "3600"}, "False False False 3600 False False"),
        ({"DESK_HTTPS": "1", "DESK_HSTS_PRELOAD": "0"}, "True True True 31536000 True False"),
    ],
)
def test_each_https_setting_can_be_set_alone(tmp_path, env, expected):
    done = run_django(tmp_path, "shell", "--verbosity", "0", "-c", SHOW, **env)
    assert done.stdout.strip() == expected, done.stderr


def test_a_misspelt_switch_is_a_configuration_error(tmp_path):
    done = run_django(tmp_path, "check", DESK_HTTPS="sure")
    assert done.returncode != 0
    assert "DESK_HTTPS must be 1/0" in done.stderr
