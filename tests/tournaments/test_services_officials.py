"""Officials: the owner adds them (by login name or invitation link) and removes them."""

import datetime

import pytest
from django.utils import timezone

from tests.factories import TournamentFactory
from tournaments.errors import DeskError
from tournaments.models import Activity, OfficialInvitation
from tournaments.services import officials as service

pytestmark = pytest.mark.django_db


@pytest.fixture
def owned(tournament, official):
    tournament.owner = official
    tournament.save(update_fields=["owner"])
    return tournament


@pytest.fixture
def dora(django_user_model):
    return django_user_model.objects.create_user(username="dora", password="x" * 12)


def test_the_owner_adds_an_official_by_login_name(owned, official, dora):
    assert service.add_official(tournament=owned, by=official, username=" dora ") == dora
    assert owned.officials.filter(pk=dora.pk).exists()
    assert Activity.objects.filter(tournament=owned, text="Added dora as an official").exists()


def test_a_login_name_typed_in_another_case_finds_its_one_user(owned, official, dora):
    assert service.add_official(tournament=owned, by=official, username="DORA") == dora


@pytest.mark.parametrize(
    "username, message",
    [("", "Type the login name"), ("nobody", "Nobody signs in as “nobody”")],
)
def test_adding_an_unknown_login_is_refused(owned, official, username, message):
    with pytest.raises(DeskError, match=message):
        service.add_official(tournament=owned, by=official, username=username)
    assert list(owned.officials.all()) == [official]


def test_an_inactive_account_cannot_be_added(owned, official, dora):
    dora.is_active = False
    dora.save()
    with pytest.raises(DeskError, match="Nobody signs in as"):
        service.add_official(tournament=owned, by=official, username="dora")


def test_adding_an_official_twice_is_refused(owned, official):
    with pytest.raises(DeskError, match="olive is already an official"):
        service.add_official(tournament=owned, by=official, username="olive")


def test_an_official_who_is_not_the_owner_cannot_add_or_remove(
    owned, official, dora, other_official
):
    owned.officials.add(dora, other_official)
    with pytest.raises(DeskError, match=r"Only the tournament's owner \(olive\)"):
        service.add_official(tournament=owned, by=dora, username="otto")
    with pytest.raises(DeskError, match="Only the tournament's owner"):
        service.remove_official(tournament=owned, by=dora, user=other_official)
    with pytest.raises(DeskError, match="Only the tournament's owner"):
        service.invite_official(tournament=owned, by=dora)
    assert owned.officials.count() == 3 and not owned.invitations.exists()


def test_without_an_owner_every_official_may_manage_officials(tournament, official, dora):
    assert tournament.owner_id is None
    service.add_official(tournament=tournament, by=official, username="dora")
    service.remove_official(tournament=tournament, by=official, user=dora)
    assert list(tournament.officials.all()) == [official]


def test_the_site_admin_may_manage_any_tournament(owned, django_user_model, dora):
    admin = django_user_model.objects.create_superuser(username="root", password="x" * 12)
    service.add_official(tournament=owned, by=admin, username="dora")
    assert owned.officials.filter(pk=dora.pk).exists()


def test_the_owner_removes_an_official(owned, official, dora):
    owned.officials.add(dora)
    service.remove_official(tournament=owned, by=official, user=dora)
    assert list(owned.officials.all()) == [official]
    assert Activity.objects.filter(text="Removed dora as an official").exists()


def test_the_owner_cannot_be_removed_nor_remove_themself(tournament, official, dora):
    tournament.officials.add(dora)
    tournament.owner = dora
    tournament.save()
    admin_like = official
    admin_like.is_superuser = True
    admin_like.save()
    with pytest.raises(DeskError, match="dora owns this tournament and cannot be removed"):
        service.remove_official(tournament=tournament, by=admin_like, user=dora)
    with pytest.raises(DeskError, match="use “Leave this tournament”"):
        service.remove_official(tournament=tournament, by=dora, user=dora)


def test_removing_someone_who_is_not_an_official_is_refused(owned, official, dora):
    with pytest.raises(DeskError, match="dora is not an official"):
        service.remove_official(tournament=owned, by=official, user=dora)


def test_an_official_leaves(owned, dora):
    owned.officials.add(dora)
    service.leave_tournament(tournament=owned, by=dora)
    assert not owned.officials.filter(pk=dora.pk).exists()
    assert Activity.objects.filter(text="dora left the officials").exists()


def test_the_owner_cannot_leave_and_is_told_why(owned, official):
    with pytest.raises(DeskError, match="You own this tournament, so you cannot leave it"):
        service.leave_tournament(tournament=owned, by=official)
    assert owned.officials.filter(pk=official.pk).exists()


def test_leaving_a_tournament_you_do_not_officiate_is_refused(owned, dora):
    with pytest.raises(DeskError, match="You are not an official"):
        service.leave_tournament(tournament=owned, by=dora)


def test_an_invitation_makes_one_official_once(owned, official, dora, other_official):
    invitation = service.invite_official(tournament=owned, by=official)
    assert len(invitation.token) >= 32 and invitation.is_open
    assert service.accept_invitation(tournament=owned, token=invitation.token, by=dora) is True
    assert owned.officials.filter(pk=dora.pk).exists()
    invitation.refresh_from_db()
    assert invitation.state == "used" and invitation.used_by == dora
    with pytest.raises(service.InvitationRefused, match="used already"):
        service.accept_invitation(tournament=owned, token=invitation.token, by=other_official)
    assert not owned.officials.filter(pk=other_official.pk).exists()


def test_an_official_opening_an_invitation_leaves_it_open(owned, official):
    invitation = service.invite_official(tournament=owned, by=official)
    assert service.accept_invitation(tournament=owned, token=invitation.token, by=official) is False
    invitation.refresh_from_db()
    assert invitation.is_open


def test_a_revoked_invitation_is_refused(owned, official, dora):
    invitation = service.invite_official(tournament=owned, by=official)
    service.revoke_invitation(invitation=invitation, by=official)
    with pytest.raises(service.InvitationRefused, match="revoked"):
        service.accept_invitation(tournament=owned, token=invitation.token, by=dora)
    with pytest.raises(DeskError, match="revoked already"):
        service.revoke_invitation(invitation=invitation, by=official)
    assert not owned.officials.filter(pk=dora.pk).exists()


def test_a_used_invitation_cannot_be_revoked(owned, official, dora):
    invitation = service.invite_official(tournament=owned, by=official)
    service.accept_invitation(tournament=owned, token=invitation.token, by=dora)
    with pytest.raises(DeskError, match="used already; remove the official instead"):
        service.revoke_invitation(invitation=invitation, by=official)


def test_an_expired_invitation_is_refused(owned, official, dora):
    long_ago = timezone.now() - datetime.timedelta(days=service.INVITATION_DAYS + 1)
    invitation = service.invite_official(tournament=owned, by=official, now=long_ago)
    assert invitation.state == "expired"
    with pytest.raises(service.InvitationRefused, match="expired"):
        service.accept_invitation(tournament=owned, token=invitation.token, by=dora)


@pytest.mark.parametrize("token", ["", "x", "y" * 65])
def test_an_unknown_token_is_refused(owned, dora, token):
    with pytest.raises(service.InvitationRefused, match="not one the desk made"):
        service.accept_invitation(tournament=owned, token=token, by=dora)


def test_an_invitation_works_for_its_own_tournament_only(owned, official, dora):
    invitation = service.invite_official(tournament=owned, by=official)
    other = TournamentFactory()
    with pytest.raises(service.InvitationRefused, match="not one the desk made"):
        service.accept_invitation(tournament=other, token=invitation.token, by=dora)


def test_open_invitations_are_limited(owned, official):
    for _ in range(service.OPEN_INVITATIONS_MAX):
        service.invite_official(tournament=owned, by=official)
    with pytest.raises(DeskError, match="invitation links are open already"):
        service.invite_official(tournament=owned, by=official)
    assert OfficialInvitation.objects.count() == service.OPEN_INVITATIONS_MAX


def test_creating_a_tournament_makes_its_creator_the_owner(official):
    from tournaments import services

    made = services.create_tournament(
        by=official,
        name="Fall rally",
        slug="fall",
        starts_on=datetime.date(2026, 1, 1),
        ends_on=datetime.date(2026, 1, 1),
    )
    assert made.owner == official and made.is_owner(official)
