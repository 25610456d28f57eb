"""Compiled reads run together (`compiled.together`): each gives what it gives alone, and
on PostgreSQL they go to the database in one execute."""

import pytest
from django.db import connection

from tests.factories import drawn_doubles
from tournaments import selectors
from tournaments.compiled import together

pytestmark = pytest.mark.django_db


def test_reads_run_together_give_what_each_gives_alone(
    tournament, official, django_assert_num_queries
):
    event = drawn_doubles(tournament, official, 8)
    other = drawn_doubles(tournament, official, 4, name="Other")
    alone = [selectors.bracket_rows(event=event.pk), selectors.bracket_rows(event=other.pk)]
    one_execute = connection.vendor == "postgresql"
    with django_assert_num_queries(1 if one_execute else 2):
        found = together(
            (selectors.bracket_rows, {"event": event.pk}),
            (selectors.bracket_rows, {"event": other.pk}),
        )
    assert found == alone
    assert len(alone[0]) > len(alone[1]) > 0


def test_the_public_event_comes_with_what_is_read_beside_it(tournament, official):
    event = drawn_doubles(tournament, official, 8)
    slug = tournament.slug
    found, (rows,) = selectors.public_event_with(slug, event.pk, selectors.bracket_rows)
    assert found == selectors.public_event(slug, event.pk)
    assert found.tournament.slug == slug and found.waiting_hands == 0
    assert rows == selectors.bracket_rows(event=event.pk)
    assert selectors.public_event_with("elsewhere", event.pk)[0] is None
