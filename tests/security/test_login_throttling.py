"""Sign-in throttling: wrong passwords lock a login from an address; a colleague unlocks it."""

import pytest
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db

LIMIT = 5


def sign_in(client, username, password, address="10.0.0.7"):
    return client.post(
        reverse("login"), {"username": username, "password": password}, REMOTE_ADDR=address
    )


def test_thirty_wrong_passwords_are_not_all_tried(official):
    client = Client()
    statuses = [sign_in(client, official.username, f"wrong-{n}").status_code for n in range(30)]
    assert statuses[: LIMIT - 1] == [200] * (LIMIT - 1)
    assert set(statuses[LIMIT:]) == {429}


def test_the_lock_says_what_happened_and_how_to_get_out(official, password):
    client = Client()
    for n in range(LIMIT):
        response = sign_in(client, official.username, f"wrong-{n}")
    assert response.status_code == 429
    assert "Too many wrong passwords for “<bdi>olive</bdi>” from this device" in response.text
    assert "locked for 15 minutes" in response.text
    assert "Locked sign-ins" in response.text
    # Even the right password waits now.
    assert sign_in(client, official.username, password).status_code == 429


def test_the_lock_is_per_login_and_address(official, other_official, password):
    client = Client()
    for n in range(LIMIT):
        sign_in(client, official.username, f"wrong-{n}")
    assert sign_in(client, official.username, password, address="10.0.0.8").status_code == 302
    client = Client()
    assert sign_in(client, other_official.username, password).status_code == 302


def test_a_right_password_before_the_limit_clears_the_count(official, password):
    client = Client()
    for n in range(LIMIT - 1):
        sign_in(client, official.username, f"wrong-{n}")
    assert sign_in(client, official.username, password).status_code == 302
    client = Client()
    for n in range(LIMIT - 1):
        assert sign_in(client, official.username, f"wrong-{n}").status_code == 200


def test_another_official_of_the_tournament_unlocks(
    tournament, official, django_user_model, password
):
    colleague = django_user_model.objects.create_user(username="cora", password=password)
    tournament.officials.add(colleague)
    for n in range(LIMIT):
        sign_in(Client(), official.username, f"wrong-{n}")
    desk = Client()
    desk.force_login(colleague)
    page = desk.get(reverse("locked_logins"))
    assert "<bdi>olive</bdi>" in page.text and "10.0.0.7" in page.text
    response = desk.post(reverse("locked_logins"), {"username": "olive"}, follow=True)
    assert "Sign-in of olive unlocked" in response.text
    assert sign_in(Client(), official.username, password).status_code == 302


def test_an_official_of_another_tournament_cannot_unlock(tournament, official, other_client):
    for n in range(LIMIT):
        sign_in(Client(), official.username, f"wrong-{n}")
    assert "olive" not in other_client.get(reverse("locked_logins")).text
    response = other_client.post(reverse("locked_logins"), {"username": "olive"})
    assert response.status_code == 422
    assert "You can unlock only officials of your own tournaments" in response.text
    assert sign_in(Client(), official.username, "wrong-again").status_code == 429


def test_the_unlock_page_needs_a_login(client):
    response = client.get(reverse("locked_logins"))
    assert response.status_code == 302 and response.url.startswith("/login/")


def test_the_site_admin_sees_every_locked_name(django_user_model, password):
    admin = django_user_model.objects.create_superuser(username="root", password=password)
    for n in range(LIMIT):
        sign_in(Client(), "nobody-at-all", f"wrong-{n}")
    desk = Client()
    desk.force_login(admin)
    assert "nobody-at-all" in desk.get(reverse("locked_logins")).text
