"""factory_boy factories for the models the tests build."""

import datetime

import factory

from tournaments.models import Chapter, Entry, Event, Game, Player, Tournament


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


def drawn_doubles(tournament, official, teams, *, name="Doubles", chapters=6):
    """Return a doubles event of `teams` teams with partners and bracket drawn, built in bulk."""
    from tournaments import services

    event = EventFactory(tournament=tournament, name=name)
    clubs = Chapter.objects.bulk_create(
        [Chapter(tournament=tournament, name=f"{name} club {n}") for n in range(chapters)]
    )
    players = Player.objects.bulk_create(
        [
            Player(
                tournament=tournament,
                name=f"{name} player {n}",
                chapter=clubs[n % chapters],
                checked_in=True,
            )
            for n in range(2 * teams)
        ]
    )
    Entry.objects.bulk_create([Entry(event=event, player=p) for p in players])
    services.draw_partners_for_event(event=event, by=official, seed=1)
    services.draw_bracket(event=event, by=official, seed=1)
    event.refresh_from_db()
    return event


def game_at(event, round_number, position, stage=1):
    """Return the event's game at this place in the bracket."""
    return Game.objects.get(event=event, stage=stage, round_number=round_number, position=position)
