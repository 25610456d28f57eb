"""Hands entered at tables and not counted yet, as the desk's and public pages mention them.

Read from `Game.table_hand` (kept by scoring's table services with the entry itself), so
the tournaments app never reads scoring's rows. A game that ended at the desk (closed at
time, a result or a walkover given) takes no more hands: a hand still waiting there is
never counted, and is not mentioned.
"""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from tournaments.compiled import compiled, together
from tournaments.models import OPEN, Event, Game


def with_waiting_hands(events: QuerySet) -> QuerySet:
    """Annotate each event with `waiting_hands`: how many of its open games have a table's
    hand waiting or disputed, counted in the query that reads the event (no query more)."""
    waiting = Q(games__status__in=OPEN) & ~Q(games__table_hand="")
    return events.annotate(waiting_hands=Count("games", filter=waiting))


def public_event(slug: str, pk: int, *, rounds: bool = False) -> Event | None:
    """Return the event of a public page's address (only a rounds event when ``rounds``)
    with its tournament and `waiting_hands`, or None: one query, compiled once (building
    the queryset took three quarters of a millisecond of every rebuilt page)."""
    found = (_rounds_events if rounds else _events)(slug=slug, pk=pk)
    return found[0] if found else None


def public_event_with(slug: str, pk: int, *reads, rounds: bool = False) -> tuple:
    """Return `public_event` and what each of ``reads`` (compiled reads of the event's id
    as ``event``) gives for event ``pk``, all in one round trip on PostgreSQL
    (`compiled.together`): a page rebuilt after every hand waited for each."""
    calls = [(_rounds_events if rounds else _events, {"slug": slug, "pk": pk})]
    found, *results = together(*calls, *((read, {"event": pk}) for read in reads))
    return (found[0] if found else None), results


@compiled(slug="\0slug", pk=-770_811)
def _events(*, slug: str, pk: int):
    events = Event.objects.select_related("tournament").filter(pk=pk, tournament__slug=slug)
    return with_waiting_hands(events)


@compiled(slug="\0slug", pk=-770_812)
def _rounds_events(*, slug: str, pk: int):
    events = Event.objects.select_related("tournament").filter(
        pk=pk, tournament__slug=slug, format=Event.Format.ROUNDS
    )
    return with_waiting_hands(events)


@dataclass(frozen=True)
class WaitingHand:
    """A hand entered at a table and not counted: its game, its number, and whether it
    waits for a player of another side ("waiting") or for the official ("disputed")."""

    game_id: int
    number: int
    state: str

    @property
    def disputed(self) -> bool:
        return self.state == "disputed"


def waiting_hands(games) -> list[WaitingHand]:
    """Return the hands waiting at these tables (game lines or games with a `pk`), in
    game order: one query. The waiting hand is always its game's next hand."""
    ids = [game.pk for game in games]
    rows = (
        Game.objects.filter(pk__in=ids, status__in=OPEN)
        .exclude(table_hand="")
        .order_by("round_number", "position")
        .values_list("pk", "hand_count", "table_hand")
    )
    return [WaitingHand(pk, count + 1, state) for pk, count, state in rows]
