"""factory_boy factories for the models the tests build."""

import datetime

import factory

from tournaments.models import Chapter, Entry, Event, Player, Tournament


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Rally {n}")
    slug = factory.Sequence(lambda n: f"rally-{n}")
    starts_on = datetime.date(2026, 11, 21)
    ends_on = datetime.date(2026, 11, 22)
    venue = "Fairground Hall"


class ChapterFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Chapter

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Chapter {n}")


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    chapter = factory.LazyAttribute(lambda o: ChapterFactory(tournament=o.tournament))
    checked_in = True


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Event

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Event {n}")
    game_key = "texas_good_sams"
    format = Event.Format.SINGLE_ELIMINATION
    team_size = 2
    options = factory.LazyFunction(dict)


class EntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Entry

    event = factory.SubFactory(EventFactory)
    player = factory.LazyAttribute(lambda o: PlayerFactory(tournament=o.event.tournament))
