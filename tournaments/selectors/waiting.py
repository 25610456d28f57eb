"""Hands entered at tables and not counted yet, as the desk's and public pages mention them.

Read from `Game.table_hand` (kept by scoring's table services with the entry itself), so
the tournaments app never reads scoring's rows. A game that ended at the desk (closed at
time, a result or a walkover given) takes no more hands: a hand still waiting there is
never counted, and is not mentioned.
"""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet

from tournaments.models import OPEN, Game


def with_waiting_hands(events: QuerySet) -> QuerySet:
    """Annotate each event with `waiting_hands`: how many of its open games have a table's
    hand waiting or disputed, counted in the query that reads the event (no query more)."""
    waiting = Q(games__status__in=OPEN) & ~Q(games__table_hand="")
    return events.annotate(waiting_hands=Count("games", filter=waiting))


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
