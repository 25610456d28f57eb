"""Set-up shared by the table monitor and table card tests: a round being played, and hands
entered at its tables through the table's own services (waiting, confirmed, disputed)."""

import random
import uuid

from scoring import services
from scoring.services import table, table_links
from tests.tournaments.rounds_setup import rounds_event, seat_and_start, tables_of


def playing_round(tournament, official, *, players=12, name="Double Draw"):
    """Return (event, round, tables) of a Double Draw round just started."""
    event = rounds_event(tournament, players=players, name=name)
    round_ = seat_and_start(event, official)
    return event, round_, tables_of(round_)


def enter_at_table(game, *, number=1):
    """Enter the table's next hand on a phone (seat 0's player): it waits."""
    game.refresh_from_db()
    sitters = table.sitters(game.pk)
    totals = list(game.sides.order_by("seat").values_list("total", flat=True))
    spec = game.event.game
    data = spec.example_hand(services.table_of(game), random.Random(number), number, totals)
    link = table_links.links_for([game])[game.pk]
    return table.enter_hand(
        link=link, player=sitters[0].pk, version=game.version, key=uuid.uuid4(), data=data
    ).entry


def answer_at_table(game, entry, *, dispute=False):
    """A player of another side confirms the waiting hand, or says something is wrong."""
    entry.refresh_from_db()
    other = next(s for s in table.sitters(game.pk) if s.seat != entry.entered_seat)
    link = table_links.links_for([game])[game.pk]
    step = table.dispute_hand if dispute else table.confirm_hand
    return step(link=link, entry_id=entry.pk, revision=entry.revision, player=other.pk)
