"""Links used once, opened by eight people at once on PostgreSQL: they are used once."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse

from scoring.api.tokens import create_api_token, revoke_api_token
from scoring.exports.links import create_chapter_link, revoke_chapter_link
from scoring.models import ChapterLink
from tournaments.models import Activity, Chapter, OfficialInvitation
from tournaments.services import officials

from .threads import THREADS, run_together

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

TRIALS = 5


@pytest.fixture
def owned(tournament, official):
    tournament.owner = official
    tournament.save(update_fields=["owner"])
    return tournament


def volunteers(trial: int) -> list:
    users = get_user_model().objects
    return [users.create_user(username=f"volunteer{trial}x{n}") for n in range(THREADS)]


@pytest.mark.parametrize("trial", range(TRIALS))
def test_one_invitation_opened_by_eight_signed_in_people_at_once_makes_one_official(
    postgres, owned, official, trial
):
    invitation = officials.invite_official(tournament=owned, by=official)
    link = reverse("desk:invitation_accept", args=[owned.slug, invitation.token])
    people = volunteers(trial)

    def join(index):
        client = Client()
        client.force_login(people[index])
        return client.post(link).status_code

    answers = run_together(join)
    assert sorted(answers) == [302] + [403] * (THREADS - 1), answers
    joined = owned.officials.filter(pk__in=[p.pk for p in people])
    assert joined.count() == 1
    invitation.refresh_from_db()
    assert invitation.used_by_id == joined.get().pk


@pytest.mark.parametrize("trial", range(TRIALS))
def test_one_invitation_accepted_by_eight_at_once_through_the_service(
    postgres, owned, official, trial
):
    invitation = officials.invite_official(tournament=owned, by=official)
    people = volunteers(trial)

    def join(index):
        return officials.accept_invitation(
            tournament=owned, token=invitation.token, by=people[index]
        )

    results = run_together(join)
    assert results.count(True) == 1, results
    refused = [r for r in results if isinstance(r, officials.InvitationRefused)]
    assert len(refused) == THREADS - 1
    assert all("used already" in str(r) for r in refused)
    assert owned.officials.filter(pk__in=[p.pk for p in people]).count() == 1
    assert OfficialInvitation.objects.get(pk=invitation.pk).used_by_id is not None


@pytest.mark.parametrize("trial", range(TRIALS))
def test_eight_new_links_for_one_chapter_at_once_leave_one_working(
    postgres, tournament, official, trial
):
    chapter = Chapter.objects.create(tournament=tournament, name=f"Hill Country {trial}")

    def make(index):
        return create_chapter_link(tournament=tournament, chapter=chapter, by=official)

    results = run_together(make)
    assert not [r for r in results if isinstance(r, Exception)], results
    live = ChapterLink.objects.filter(chapter=chapter, revoked_at__isnull=True)
    assert live.count() == 1
    assert ChapterLink.objects.filter(chapter=chapter).count() == THREADS


def test_a_link_revoked_by_eight_at_once_is_logged_once(postgres, tournament, official):
    chapter = Chapter.objects.create(tournament=tournament, name="Gulf Coast")
    link = create_chapter_link(tournament=tournament, chapter=chapter, by=official)
    token, _ = create_api_token(tournament=tournament, by=official, name="site")

    def revoke(index):
        if index % 2:
            return revoke_chapter_link(link=link, by=official)
        return revoke_api_token(token=token, by=official)

    results = run_together(revoke)
    assert not [r for r in results if isinstance(r, Exception)], results
    texts = list(Activity.objects.filter(tournament=tournament).values_list("text", flat=True))
    assert sum(text.startswith("Revoked the report link") for text in texts) == 1
    assert sum(text.startswith("Revoked the API token") for text in texts) == 1
