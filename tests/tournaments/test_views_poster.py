"""The players' poster: the public address, big, and its QR code, for officials only."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.test import Client
from django.urls import reverse

from tournaments.views.poster import qr_svg

pytestmark = pytest.mark.django_db


def poster_url(tournament):
    return reverse("desk:poster", args=[tournament.slug])


def test_the_poster_prints_the_address_the_desk_was_opened_at(
    official_client, tournament, settings
):
    settings.ALLOWED_HOSTS = ["192.168.1.23"]
    response = official_client.get(poster_url(tournament), HTTP_HOST="192.168.1.23:8000")
    html = response.text
    assert response.status_code == 200
    assert '<p class="poster-url">192.168.1.23:8000/t/rally/</p>' in html
    assert (
        '<svg viewBox="0 0' in html and "<title>http://192.168.1.23:8000/t/rally/</title>" in html
    )
    assert "data-print" in html
    assert "only works on this computer" not in html


@pytest.mark.parametrize("host", ["127.0.0.1:8000", "localhost"])
def test_a_poster_for_this_computer_only_says_so(official_client, tournament, host):
    html = official_client.get(poster_url(tournament), HTTP_HOST=host).text
    assert "only works on this computer" in html
    assert "hostname -I" in html


def test_desk_public_url_overrides_the_address(official_client, tournament, settings):
    settings.DESK_PUBLIC_URL = "http://desk.lan:8000"
    html = official_client.get(poster_url(tournament), HTTP_HOST="127.0.0.1").text
    assert '<p class="poster-url">desk.lan:8000/t/rally/</p>' in html
    assert "only works on this computer" not in html


def test_the_qr_code_is_an_svg_that_scales():
    svg = qr_svg("http://192.168.1.23:8000/t/rally/")
    assert svg.startswith("<svg viewBox=") and 'width="' not in svg.split(">")[0]


def test_outsiders_are_refused(other_client, tournament):
    assert Client().get(poster_url(tournament)).status_code == 302
    assert other_client.get(poster_url(tournament)).status_code == 403


def test_only_get(official_client, tournament):
    assert official_client.post(poster_url(tournament)).status_code == 405


def test_the_dashboard_links_the_poster(official_client, tournament):
    html = official_client.get(reverse("desk:dashboard", args=[tournament.slug])).text
    assert poster_url(tournament) in html


def test_the_lan_address_and_the_poster_address_are_served(tmp_path):
    """`make run HOST=192.168.1.23` was refused (400) by ALLOWED_HOSTS: only 0.0.0.0 worked."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "ALLOWED_"))}
    env.update(
        DATA_DIR=str(tmp_path / "data"),
        HOST="192.168.1.23",
        DESK_PUBLIC_URL="http://desk.lan:8000/",
        DJANGO_SETTINGS_MODULE="config.settings",
    )
    shown = subprocess.run(
        [sys.executable, "-c", "from django.conf import settings as s; print(s.ALLOWED_HOSTS)"],
        cwd=Path(__file__).resolve().parents[2],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    assert "'192.168.1.23'" in shown and "'desk.lan'" in shown and "'localhost'" in shown
