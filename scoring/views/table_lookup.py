"""What the table monitor, the cards and the link pages share: their objects, read for an
official of the tournament (404 for anything not of it), and the tables of a round."""

from dataclasses import dataclass

from django.http import Http404
from django.shortcuts import get_object_or_404
from django.urls import reverse

from tournaments.models import Event, Game, Round, Tournament

from .. import table_monitor
from ..table_monitor import Monitor

ROUNDS, BRACKET = "rounds", "bracket"


def get_game_for_official(tournament: Tournament, pk: int) -> Game:
    """Return a game of the tournament (a table of a round, or a bracket game)."""
    return get_object_or_404(
        Game.objects.select_related("event__tournament", "round"),
        event__tournament=tournament,
        pk=pk,
    )


def get_event_for_official(tournament: Tournament, pk: int, kind: str) -> Event:
    """Return the tournament's event: a rounds event for ROUNDS, a bracket's for BRACKET."""
    events = Event.objects.select_related("tournament").filter(tournament=tournament, pk=pk)
    if kind == ROUNDS:
        events = events.filter(format=Event.Format.ROUNDS)
    else:
        events = events.exclude(format=Event.Format.ROUNDS)
    return get_object_or_404(events)


@dataclass
class Place:
    """A round the official watches: a rounds event's round, or a bracket round."""

    kind: str
    event: Event
    number: int
    stage: int = 1  # a bracket round's stage (0: the partners' games; 2-4: double elim.)

    @property
    def _key(self) -> list[int]:
        """The event and round as the round's pages take them."""
        if self.kind == ROUNDS:
            return [self.event.pk, self.number]
        return [self.event.pk, self.stage, self.number]

    def url(self, name: str) -> str:
        """Return this round's page `name` ("monitor", "cards", "links")."""
        slug = self.event.tournament.slug
        return reverse(f"scoring:{self.kind}_{name}", args=[slug, *self._key])

    @property
    def url_monitor(self) -> str:
        return self.url("monitor")

    @property
    def url_cards(self) -> str:
        return self.url("cards")

    @property
    def url_links(self) -> str:
        return self.url("links")

    @property
    def url_close_all(self) -> str:
        """Return the round's "Close all at time" page."""
        name = "desk:close_all" if self.kind == ROUNDS else "desk:bracket_close_all"
        return reverse(name, args=[self.event.tournament.slug, *self._key])


def monitor_for(place: Place) -> Monitor:
    """Return the round's tables and their states; 404 for a round the event does not have."""
    if place.kind == ROUNDS:
        round_ = Round.objects.filter(event=place.event, number=place.number).first()
        if round_ is None:
            raise Http404("No such round in this event.")
        round_.event = place.event
        return table_monitor.round_tables(round_)
    found = table_monitor.bracket_tables(place.event, place.stage, place.number)
    if found is None:
        raise Http404("No such round in this bracket.")
    return found


def place_of(game: Game) -> Place:
    """Return the round a game is played in: its rounds event's round, or its bracket round."""
    if game.round_id is not None:
        return Place(ROUNDS, game.event, game.round.number)
    return Place(BRACKET, game.event, game.round_number, game.stage)
