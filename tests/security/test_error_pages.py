"""Refusals say what happened and what to do, in the desk's own pages."""

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_an_unknown_address_says_so(client):
    response = client.get("/t/no-such-rally/")
    assert response.status_code == 404
    assert "Nothing answers at this address" in response.text
    assert "/t/</code> followed by its short address" in response.text


def test_a_page_of_another_tournament_says_why_it_is_refused(other_client, tournament):
    response = other_client.get(reverse("desk:players", args=[tournament.slug]))
    assert response.status_code == 403
    assert "You are not an official of this tournament." in response.text


def test_a_form_from_an_old_page_says_nothing_was_saved(official):
    client = Client(enforce_csrf_checks=True)
    client.force_login(official)
    response = client.post(reverse("desk:tournament_create"), {"name": "Rally"})
    assert response.status_code == 403
    assert "Nothing was saved" in response.text and "reload the page" in response.text


def test_too_many_fields_is_a_plain_400(official_client, tournament):
    data = {f"f{n}": "x" for n in range(1200)}
    response = official_client.post(reverse("desk:players", args=[tournament.slug]), data)
    assert response.status_code == 400
    assert "The desk could not read that request" in response.text


def test_a_fault_page_needs_nothing_to_render():
    from django.template.loader import get_template

    assert "The desk hit a fault" in get_template("500.html").render()
