"""The officials page: who may change the tournament; adding, removing, leaving, links."""

import datetime

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from tournaments.models import OfficialInvitation
from tournaments.services import officials as service

pytestmark = pytest.mark.django_db


@pytest.fixture
def owned(tournament, official):
    tournament.owner = official
    tournament.save(update_fields=["owner"])
    return tournament


@pytest.fixture
def dora(django_user_model, password):
    return django_user_model.objects.create_user(username="dora", password=password)


@pytest.fixture
def dora_client(dora):
    client = Client()
    client.force_login(dora)
    return client


def url(name, tournament, *args):
    return reverse(f"desk:{name}", args=[tournament.slug, *args])


def test_the_page_lists_the_officials_and_marks_the_owner(official_client, owned, dora):
    owned.officials.add(dora)
    response = official_client.get(url("officials", owned))
    assert response.status_code == 200
    text = response.text
    assert "olive" in text and "owner" in text and "dora" in text
    assert "Remove <bdi>dora</bdi>" in text
    assert 'for="id_username"' in text  # the add form, labelled
    assert "you cannot leave it" in text  # the owner sees why there is no Leave button


def test_an_official_who_is_not_the_owner_sees_no_owner_forms(dora_client, owned, dora):
    owned.officials.add(dora)
    response = dora_client.get(url("officials", owned))
    assert response.status_code == 200
    assert "Add official" not in response.text and "Remove " not in response.text
    assert "Make an invitation link" not in response.text
    assert "Leave</button>" in response.text


def test_adding_by_login_name(official_client, owned, dora):
    response = official_client.post(url("official_add", owned), {"username": "dora"}, follow=True)
    assert "dora is now an official." in response.text
    assert owned.officials.filter(pk=dora.pk).exists()


def test_adding_an_unknown_name_says_why_at_the_field(official_client, owned):
    response = official_client.post(url("official_add", owned), {"username": "nobody"})
    assert response.status_code == 422
    assert "Nobody signs in as “nobody”" in response.text and "field-error" in response.text
    assert owned.officials.count() == 1


def test_an_official_not_the_owner_is_refused_adding(dora_client, owned, dora, other_official):
    owned.officials.add(dora)
    response = dora_client.post(url("official_add", owned), {"username": "otto"}, follow=True)
    assert "Only the tournament&#x27;s owner (olive)" in response.text
    assert not owned.officials.filter(pk=other_official.pk).exists()


def test_removing_an_official(official_client, owned, dora):
    owned.officials.add(dora)
    response = official_client.post(url("official_remove", owned, dora.pk), follow=True)
    assert "dora is no longer an official." in response.text
    assert not owned.officials.filter(pk=dora.pk).exists()


def test_removing_yourself_is_refused_with_a_message(official_client, owned, official):
    response = official_client.post(url("official_remove", owned, official.pk), follow=True)
    assert "use “Leave this tournament”" in response.text
    assert owned.officials.filter(pk=official.pk).exists()


def test_removing_someone_not_an_official_is_not_found(official_client, owned, dora):
    assert official_client.post(url("official_remove", owned, dora.pk)).status_code == 404


def test_leaving_needs_the_box_ticked(dora_client, owned, dora):
    owned.officials.add(dora)
    response = dora_client.post(url("official_leave", owned), {})
    assert response.status_code == 422
    assert "Tick the box to say you understand" in response.text
    response = dora_client.post(url("official_leave", owned), {"confirm": "on"})
    assert response.status_code == 422
    assert owned.officials.filter(pk=dora.pk).exists()
    response = dora_client.post(url("official_leave", owned), {"confirm": "yes"}, follow=True)
    assert f"You are no longer an official of {owned.name}." in response.text
    assert not owned.officials.filter(pk=dora.pk).exists()
    assert dora_client.get(url("dashboard", owned)).status_code == 403


def test_the_owner_leaving_is_refused_with_the_reason(official_client, owned, official):
    response = official_client.post(url("official_leave", owned), {"confirm": "yes"})
    assert response.status_code == 422
    assert "You own this tournament, so you cannot leave it" in response.text
    assert owned.officials.filter(pk=official.pk).exists()


def test_making_an_invitation_shows_the_link_to_copy_and_as_text(official_client, owned):
    response = official_client.post(url("invitation_create", owned), follow=True)
    invitation = OfficialInvitation.objects.get()
    link = f"http://testserver/desk/{owned.slug}/join/{invitation.token}/"
    assert "Invitation link made" in response.text
    assert f'value="{link}" readonly' in response.text  # in a box to copy
    assert f"<code>{link}</code>" in response.text  # and as text
    assert 'data-copy="#invitation-' in response.text


def test_revoking_an_invitation(official_client, owned):
    invitation = service.invite_official(tournament=owned, by=owned.owner)
    response = official_client.post(url("invitation_revoke", owned, invitation.pk), follow=True)
    assert "The link was revoked" in response.text
    invitation.refresh_from_db()
    assert invitation.state == "revoked"
    again = official_client.post(url("invitation_revoke", owned, invitation.pk), follow=True)
    assert "revoked already" in again.text


def test_the_page_says_what_became_of_each_link(official_client, owned, dora, official):
    used = service.invite_official(tournament=owned, by=official)
    service.accept_invitation(tournament=owned, token=used.token, by=dora)
    old = timezone.now() - datetime.timedelta(days=30)
    service.invite_official(tournament=owned, by=official, now=old)
    revoked = service.invite_official(tournament=owned, by=official)
    service.revoke_invitation(invitation=revoked, by=official)
    text = official_client.get(url("officials", owned)).text
    assert "Used by <bdi>dora</bdi>" in text
    assert "Expired on" in text and "Revoked on" in text
    assert used.token not in text and revoked.token not in text


def test_an_invitation_link_opened_signed_in_makes_an_official(dora_client, owned, dora, official):
    invitation = service.invite_official(tournament=owned, by=official)
    link = url("invitation_accept", owned, invitation.token)
    asked = dora_client.get(link)
    assert "Join as an official" in asked.text and "signed in as <strong><bdi>dora" in asked.text
    assert not owned.officials.filter(pk=dora.pk).exists()  # opening it changes nothing
    invitation.refresh_from_db()
    assert invitation.is_open
    response = dora_client.post(link, follow=True)
    assert f"You are now an official of {owned.name}." in response.text
    assert response.redirect_chain[-1][0] == url("dashboard", owned)
    assert owned.officials.filter(pk=dora.pk).exists()


def test_an_official_opening_a_link_is_told_and_leaves_it_unused(official_client, owned, official):
    invitation = service.invite_official(tournament=owned, by=official)
    link = url("invitation_accept", owned, invitation.token)
    assert "already an official" in official_client.get(link).text
    response = official_client.post(link, follow=True)
    assert "already an official" in response.text
    invitation.refresh_from_db()
    assert invitation.is_open


def test_an_invitation_link_needs_a_sign_in_first(owned, official):
    invitation = service.invite_official(tournament=owned, by=official)
    response = Client().get(url("invitation_accept", owned, invitation.token))
    assert response.status_code == 302 and response.url.startswith("/login/?next=")
    invitation.refresh_from_db()
    assert invitation.is_open


@pytest.mark.parametrize("state", ["unknown", "used", "revoked", "expired"])
def test_a_bad_link_gets_a_clear_page_and_changes_nothing(
    dora_client, owned, official, other_official, dora, state
):
    now = timezone.now() - datetime.timedelta(days=30) if state == "expired" else None
    invitation = service.invite_official(tournament=owned, by=official, now=now)
    token = invitation.token if state != "unknown" else "not-a-token"
    if state == "used":
        service.accept_invitation(tournament=owned, token=token, by=other_official)
    if state == "revoked":
        service.revoke_invitation(invitation=invitation, by=official)
    for response in (
        dora_client.get(url("invitation_accept", owned, token)),
        dora_client.post(url("invitation_accept", owned, token)),
    ):
        assert response.status_code == 403
        assert "This invitation link does not work" in response.text
        assert service.REFUSALS[state].replace("'", "&#x27;") in response.text
    assert not owned.officials.filter(pk=dora.pk).exists()


def test_a_link_to_a_tournament_that_does_not_exist_is_refused(dora_client):
    for send in (dora_client.get, dora_client.post):
        response = send(reverse("desk:invitation_accept", args=["gone", "abc"]))
        assert response.status_code == 403
        assert "not one the desk made" in response.text


@pytest.mark.parametrize(
    "name, args",
    [
        ("officials", ()),
        ("official_add", ()),
        ("official_leave", ()),
        ("official_remove", (1,)),
        ("invitation_create", ()),
        ("invitation_revoke", (1,)),
    ],
)
def test_an_outsider_is_refused(other_client, owned, name, args):
    method = other_client.get if name == "officials" else other_client.post
    assert method(url(name, owned, *args)).status_code == 403
    assert not OfficialInvitation.objects.exists() and owned.officials.count() == 1


def test_a_refused_invitation_says_why(dora_client, owned, dora):
    owned.officials.add(dora)
    response = dora_client.post(url("invitation_create", owned), follow=True)
    assert "Only the tournament&#x27;s owner" in response.text
    assert not OfficialInvitation.objects.exists()
