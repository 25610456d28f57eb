"""Registration services: each writes in one transaction and refuses bad input cleanly."""

import datetime

import pytest

from tests.factories import ChapterFactory, EventFactory, PlayerFactory
from tournaments import services
from tournaments.errors import DeskError, RulesError
from tournaments.models import Chapter, Entry, Event, Player, Tournament
from tournaments.roster import Roster, RosterRow

pytestmark = pytest.mark.django_db

DAY = datetime.date(2026, 11, 21)


def test_create_tournament_makes_the_creator_an_official(official):
    t = services.create_tournament(
        by=official, name="Fall Rally", slug="fall", starts_on=DAY, ends_on=DAY
    )
    assert t.is_official(official)
    assert t.activity.first().text == "Created the tournament Fall Rally"


def test_create_tournament_refuses_a_taken_address(official, tournament):
    with pytest.raises(DeskError, match="“rally” is taken"):
        services.create_tournament(
            by=official, name="Other", slug="rally", starts_on=DAY, ends_on=DAY
        )


def test_create_tournament_refuses_ending_before_it_starts(official):
    with pytest.raises(DeskError, match="last day cannot be before"):
        services.create_tournament(
            by=official, name="X", slug="x", starts_on=DAY, ends_on=DAY - datetime.timedelta(1)
        )
    assert not Tournament.objects.filter(slug="x").exists()


def test_create_tournament_refuses_an_address_without_letters(official):
    with pytest.raises(DeskError, match="short public address"):
        services.create_tournament(by=official, name="!!!", slug="", starts_on=DAY, ends_on=DAY)


def test_create_event_fills_house_rule_defaults(official, tournament):
    event = services.create_event(
        tournament=tournament,
        by=official,
        name="Doubles",
        game_key="texas_good_sams",
        format="single_elimination",
        team_size=2,
    )
    assert event.options == {"blocked_scoring": "total"}


def test_create_event_refuses_an_unknown_game(official, tournament):
    with pytest.raises(RulesError, match="no game called"):
        services.create_event(
            tournament=tournament,
            by=official,
            name="X",
            game_key="chess",
            format="rounds",
        )


@pytest.mark.parametrize(
    ("game_key", "format", "message"),
    [
        ("texas_good_sams", "rounds", "Texas Good Sams is played as single elimination."),
        ("double_draw", "single_elimination", "Double Draw is played as rounds at tables."),
    ],
)
def test_create_event_refuses_the_wrong_format_for_the_game(
    official, tournament, game_key, format, message
):
    with pytest.raises(DeskError, match=message):
        services.create_event(
            tournament=tournament, by=official, name="X", game_key=game_key, format=format
        )
    assert not Event.objects.exists()


def test_create_event_refuses_a_duplicate_name(official, tournament):
    EventFactory(tournament=tournament, name="Doubles")
    with pytest.raises(DeskError, match="already has an event called doubles"):
        services.create_event(
            tournament=tournament,
            by=official,
            name="doubles",
            game_key="texas_good_sams",
            format="single_elimination",
        )


def test_create_event_refuses_partnerships_for_a_singles_only_game(official, tournament):
    with pytest.raises(DeskError, match="not played in partnerships"):
        services.create_event(
            tournament=tournament,
            by=official,
            name="Pinochle",
            game_key="domino_pinochle",
            format="rounds",
            team_size=2,
        )


def test_create_event_refuses_a_feeder_that_is_not_doubles(official, tournament):
    singles = EventFactory(tournament=tournament, team_size=1)
    with pytest.raises(DeskError, match="fed by a doubles event"):
        services.create_event(
            tournament=tournament,
            by=official,
            name="Singles",
            game_key="texas_good_sams",
            format="single_elimination",
            fed_by=singles,
        )


def test_add_player_creates_a_new_chapter_once(official, tournament):
    services.add_player(tournament=tournament, by=official, name="Ada", chapter_name="Lone Star")
    services.add_player(tournament=tournament, by=official, name="Bob", chapter_name="lone star")
    assert tournament.chapters.count() == 1
    assert tournament.players.filter(chapter__name="Lone Star").count() == 2


def test_add_player_enters_the_chosen_events(official, tournament):
    event = EventFactory(tournament=tournament)
    player = services.add_player(tournament=tournament, by=official, name="Ada", events=[event])
    assert Entry.objects.filter(event=event, player=player).exists()


@pytest.mark.parametrize(
    ("name", "message"),
    [
        ("", "Type the player's name."),
        ("   ", "Type the player's name."),
        ("x" * 81, "too long: at most 80 characters"),
    ],
)
def test_add_player_refuses_empty_and_oversized_names(official, tournament, name, message):
    with pytest.raises(DeskError, match=message):
        services.add_player(tournament=tournament, by=official, name=name)
    assert not Player.objects.exists()


def test_add_player_refuses_an_oversized_chapter_and_saves_nothing(official, tournament):
    with pytest.raises(DeskError, match="chapter name is too long"):
        services.add_player(tournament=tournament, by=official, name="Ada", chapter_name="c" * 81)
    assert not Player.objects.exists() and not Chapter.objects.exists()


def test_entering_a_drawn_event_is_refused(official, tournament):
    event = EventFactory(tournament=tournament, status=Event.Status.DRAWN)
    with pytest.raises(DeskError, match="entries are closed"):
        services.add_player(tournament=tournament, by=official, name="Ada", events=[event])
    assert not Player.objects.exists()


def test_duplicate_names_finds_the_same_name_in_any_case(tournament):
    PlayerFactory(tournament=tournament, name="Ada Pruitt")
    assert [p.name for p in services.registration.duplicate_names(tournament, "ada pruitt")] == [
        "Ada Pruitt"
    ]


def test_rename_chapter_refuses_a_name_already_used(official, tournament):
    ChapterFactory(tournament=tournament, name="Lone Star")
    other = ChapterFactory(tournament=tournament, name="Lonestar")
    with pytest.raises(DeskError, match="merge the two instead"):
        services.rename_chapter(chapter=other, by=official, name="lone star")
    other.refresh_from_db()
    assert other.name == "Lonestar"


def test_merge_chapters_moves_players_and_removes_the_duplicate(official, tournament):
    keep = ChapterFactory(tournament=tournament, name="Lone Star")
    dup = ChapterFactory(tournament=tournament, name="Lonestar")
    PlayerFactory.create_batch(3, tournament=tournament, chapter=dup)
    services.merge_chapters(source=dup, target=keep, by=official)
    assert keep.players.count() == 3
    assert not Chapter.objects.filter(pk=dup.pk).exists()


def test_merge_chapters_refuses_merging_a_chapter_into_itself(official, tournament):
    keep = ChapterFactory(tournament=tournament)
    with pytest.raises(DeskError, match="two different chapters"):
        services.merge_chapters(source=keep, target=keep, by=official)


def test_merge_chapters_refuses_chapters_of_another_tournament(official, tournament):
    ours = ChapterFactory(tournament=tournament)
    theirs = ChapterFactory()
    with pytest.raises(DeskError, match="belong to this tournament"):
        services.merge_chapters(source=theirs, target=ours, by=official)


def test_check_in_of_a_withdrawn_player_is_refused(official, tournament):
    player = PlayerFactory(tournament=tournament, withdrawn=True, checked_in=False)
    with pytest.raises(DeskError, match="is withdrawn"):
        services.set_checked_in(player=player, by=official, checked_in=True)


def test_withdrawing_a_player_undoes_their_check_in(official, tournament):
    player = PlayerFactory(tournament=tournament, checked_in=True)
    services.set_withdrawn(player=player, by=official, withdrawn=True)
    player.refresh_from_db()
    assert player.withdrawn and not player.checked_in


def test_set_entries_refuses_leaving_a_drawn_event(official, tournament):
    event = EventFactory(tournament=tournament)
    player = PlayerFactory(tournament=tournament)
    Entry.objects.create(event=event, player=player)
    Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAWN)
    with pytest.raises(DeskError, match="cannot leave it now"):
        services.set_entries(player=player, by=official, events=[])
    assert Entry.objects.filter(event=event, player=player).exists()


def test_set_entries_adds_and_removes_open_events(official, tournament):
    first, second = EventFactory(tournament=tournament), EventFactory(tournament=tournament)
    player = PlayerFactory(tournament=tournament)
    Entry.objects.create(event=first, player=player)
    services.set_entries(player=player, by=official, events=[second])
    assert list(player.entries.values_list("event_id", flat=True)) == [second.pk]


def roster(*rows):
    return Roster(rows=[RosterRow(line=i, name=n, chapter=c) for i, (n, c) in enumerate(rows, 2)])


def test_import_roster_creates_players_chapters_and_entries(official, tournament):
    event = EventFactory(tournament=tournament)
    ChapterFactory(tournament=tournament, name="Lone Star")
    count = services.import_roster(
        tournament=tournament,
        by=official,
        events=[event],
        roster=roster(("Ada", "lone star"), ("Bob", "Gulf Coast"), ("Cy", "")),
    )
    assert count == 3
    assert sorted(tournament.chapters.values_list("name", flat=True)) == ["Gulf Coast", "Lone Star"]
    assert event.entries.count() == 3
    assert tournament.players.get(name="Cy").chapter is None


def test_import_roster_refuses_players_already_registered_and_imports_nothing(official, tournament):
    PlayerFactory(tournament=tournament, name="Ada")
    with pytest.raises(DeskError, match=r"1 players are already registered \(lines 2\)"):
        services.import_roster(
            tournament=tournament, by=official, roster=roster(("ada", "X"), ("Bob", "Y"))
        )
    assert tournament.players.count() == 1
    assert not tournament.chapters.filter(name__in=["X", "Y"]).exists()


def test_import_roster_refuses_a_roster_with_problems(official, tournament):
    bad = Roster(problems=[(2, "Missing name.")])
    with pytest.raises(DeskError, match="Fix the problems"):
        services.import_roster(tournament=tournament, by=official, roster=bad)


def test_import_roster_refuses_entries_into_a_drawn_event_and_imports_nothing(official, tournament):
    event = EventFactory(tournament=tournament, status=Event.Status.DRAWN)
    with pytest.raises(DeskError, match="Entries are closed"):
        services.import_roster(
            tournament=tournament, by=official, roster=roster(("Ada", "")), events=[event]
        )
    assert not tournament.players.exists()


def test_update_tournament_refuses_an_empty_name(official, tournament):
    with pytest.raises(DeskError, match="Type the tournament name"):
        services.update_tournament(
            tournament=tournament, by=official, name=" ", starts_on=DAY, ends_on=DAY
        )


def test_update_tournament_refuses_ending_before_it_starts(official, tournament):
    with pytest.raises(DeskError, match="last day cannot be before"):
        services.update_tournament(
            tournament=tournament,
            by=official,
            name="X",
            starts_on=DAY,
            ends_on=DAY - datetime.timedelta(1),
        )


def test_update_player_saves_nothing_when_an_entry_is_refused(official, tournament):
    player = PlayerFactory(tournament=tournament, name="Ada")
    theirs = EventFactory()
    with pytest.raises(DeskError, match="belongs to another tournament"):
        services.update_player(player=player, by=official, name="Ada Pruitt", events=[theirs])
    player.refresh_from_db()
    assert player.name == "Ada"


def test_update_player_keeps_entries_in_drawn_events(official, tournament):
    drawn, open_event = EventFactory(tournament=tournament), EventFactory(tournament=tournament)
    player = PlayerFactory(tournament=tournament)
    Entry.objects.create(event=drawn, player=player)
    Event.objects.filter(pk=drawn.pk).update(status=Event.Status.DRAWN)
    services.update_player(player=player, by=official, name="Ada", events=[open_event])
    assert set(player.entries.values_list("event_id", flat=True)) == {drawn.pk, open_event.pk}
