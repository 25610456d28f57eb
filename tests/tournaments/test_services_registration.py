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
    assert event.options == {
        "blocked_scoring": "total",
        "minutes_per_game": 0,
        "games_to_win_first": 1,
        "games_to_win_later": 1,
        "games_to_win_final": 1,
        "clock_per": "game",
    }


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
    assert [p.name for p in services.players.duplicate_names(tournament, "ada pruitt")] == [
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


# Chapter names: one normalisation, the same on SQLite and PostgreSQL (issue 11).


@pytest.mark.parametrize(
    ("first", "second"),
    [
        ("Kelvin Club", "\u212aelvin Club"),  # the Kelvin sign: a 500 before
        ("ÉCOLE", "école"),  # SQLite's lower() knew only ASCII: two chapters
        ("Lone  Star", "LONE STAR"),
        ("Straße", "STRASSE"),
        ("\uff2c\uff2f\uff2e\uff25", "lone"),  # full-width letters
        ("Lone Star", "Lone\u200b Star\u202e"),  # invisible characters
    ],
)
def test_a_chapter_typed_two_ways_is_one_chapter(official, tournament, first, second):
    services.add_player(tournament=tournament, by=official, name="Ada", chapter_name=first)
    services.add_player(tournament=tournament, by=official, name="Bob", chapter_name=second)
    assert tournament.chapters.count() == 1
    with pytest.raises(DeskError, match="There is already a chapter called"):
        services.add_chapter(tournament=tournament, by=official, name=second)
    assert tournament.chapters.count() == 1


def test_the_database_refuses_two_chapters_of_one_key(tournament):
    from django.db import IntegrityError, transaction

    ChapterFactory(tournament=tournament, name="Kelvin")
    with pytest.raises(IntegrityError), transaction.atomic():
        Chapter.objects.create(tournament=tournament, name="\u212aELVIN")
    with pytest.raises(IntegrityError), transaction.atomic():
        Chapter.objects.bulk_create([Chapter(tournament=tournament, name="kelvin")])


def test_a_chapter_form_in_the_admin_refuses_a_duplicate_key(tournament):
    from django.core.exceptions import ValidationError

    ChapterFactory(tournament=tournament, name="Lone Star")
    with pytest.raises(ValidationError, match="already has a chapter of that name"):
        Chapter(tournament=tournament, name="LONE  STAR").full_clean()


def test_renaming_a_chapter_keeps_its_key_in_step(official, tournament):
    chapter = ChapterFactory(tournament=tournament, name="Lonestar")
    services.rename_chapter(chapter=chapter, by=official, name="Lone \u212a Star")
    chapter.refresh_from_db()
    # NFC already turns the Kelvin sign into a K; the key folds the case.
    assert (chapter.name, chapter.name_key) == ("Lone K Star", "lone k star")
    Chapter.objects.filter(pk=chapter.pk).first().save(update_fields=["name"])


def test_names_lose_control_and_bidi_characters_on_the_way_in(official, tournament):
    player = services.add_player(
        tournament=tournament,
        by=official,
        name="\u202eAda\u202c Pruitt\x07",
        chapter_name="\u2066Lone\u2069 Star",
    )
    assert (player.name, player.chapter.name) == ("Ada Pruitt", "Lone Star")
    with pytest.raises(DeskError, match="Type the player's name"):
        services.add_player(tournament=tournament, by=official, name="\u202e\u200b\ufeff")


def test_duplicate_names_use_the_same_key_as_chapters(tournament):
    PlayerFactory(tournament=tournament, name="\uff21da Pruitt")  # a full-width A
    assert len(services.players.duplicate_names(tournament, "ADA  PRUITT")) == 1


def test_an_event_name_typed_two_ways_is_refused(official, tournament):
    EventFactory(tournament=tournament, name="Straße Doubles")
    with pytest.raises(DeskError, match="already has an event called"):
        services.create_event(
            tournament=tournament,
            by=official,
            name="STRASSE doubles",
            game_key="texas_good_sams",
            format="single_elimination",
            team_size=2,
        )


# Reserved words: a tournament's address is never one the desk's own URLs use.


@pytest.mark.parametrize("slug", ["new", "NEW", "logins", "admin", "login"])
def test_an_address_the_urls_use_is_refused(official, slug):
    with pytest.raises(DeskError, match="a word the desk's own pages use"):
        services.create_tournament(by=official, name="Rally", slug=slug, starts_on=DAY, ends_on=DAY)
    assert not Tournament.objects.exists()


def test_every_fixed_word_under_desk_is_reserved():
    from django.urls import URLPattern, URLResolver, get_resolver

    words = set()

    def walk(patterns, prefix):
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern) and route.startswith("desk/"):
                first = route.removeprefix("desk/").split("/")[0]
                if first and "<" not in first:
                    words.add(first)

    walk(get_resolver().url_patterns, "")
    assert {"new", "logins"} <= words
    assert words <= services.tournaments.reserved_slugs()


def test_a_tournament_called_new_gets_another_address_from_the_form(official_client):
    from django.urls import reverse

    response = official_client.post(
        reverse("desk:tournament_create"),
        {"name": "New", "slug": "new", "starts_on": "2026-11-21", "ends_on": "2026-11-22"},
    )
    assert "“new” is a word the desk&#x27;s own pages use; choose another address." in response.text
    assert not Tournament.objects.exists()


# Roster files: the check finds everything the import refuses; the import happens once.


def test_the_check_finds_what_the_import_would_refuse(official, tournament):
    PlayerFactory(tournament=tournament, name="ADA PRUITT")
    drawn = EventFactory(tournament=tournament, status=Event.Status.DRAWN)
    roster = Roster(
        rows=[
            RosterRow(line=2, name="Bob", chapter=""),
            RosterRow(line=3, name="Ada Pruitt", chapter=""),
        ]
    )
    problems = services.roster_files.roster_problems(
        tournament=tournament, roster=roster, events=[drawn]
    )
    assert [problem.brief() for problem in problems] == [
        (3, "Ada Pruitt is already registered."),
        (0, f"Entries are closed for {drawn.name}: it has been drawn."),
    ]
    for events in ([], [drawn]):
        with pytest.raises(DeskError):
            services.import_roster(tournament=tournament, by=official, roster=roster, events=events)
    assert tournament.players.count() == 1


def test_the_check_of_an_upload_sees_an_event_drawn_since(official, tournament):
    from tournaments.services import roster_files

    event = EventFactory(tournament=tournament)
    upload = roster_files.upload_roster(
        tournament=tournament, by=official, filename="r.csv", data=b"name\nBob\n", events=[event]
    )
    Event.objects.filter(pk=event.pk).update(status=Event.Status.DRAWN)
    checked = roster_files.check_roster_upload(upload_id=upload.pk)
    assert [p.brief() for p in checked.problem_rows] == [
        (0, f"Entries are closed for {event.name}: it has been drawn.")
    ]
    assert checked.data == b"" and checked.rows == [[2, "Bob", ""]]


def test_an_upload_is_imported_once(official, tournament):
    from tournaments.services import roster_files

    upload = roster_files.upload_roster(
        tournament=tournament, by=official, filename="r.csv", data=b"name,chapter\nBob,X\n"
    )
    upload = roster_files.check_roster_upload(upload_id=upload.pk)
    assert roster_files.import_roster_upload(upload=upload, by=official) == 1
    with pytest.raises(roster_files.AlreadyImported):
        roster_files.import_roster_upload(upload=upload, by=official)
    assert tournament.players.count() == 1


def test_an_upload_still_being_checked_cannot_be_imported(official, tournament):
    from tournaments.services import roster_files

    upload = roster_files.upload_roster(
        tournament=tournament, by=official, filename="r.csv", data=b"name\nBob\n"
    )
    with pytest.raises(DeskError, match="has not been checked yet"):
        roster_files.import_roster_upload(upload=upload, by=official)
    assert not tournament.players.exists()


def test_a_late_check_does_not_overwrite_a_failed_upload(official, tournament):
    from tournaments import background
    from tournaments.models import RosterUpload
    from tournaments.services import roster_files

    upload = roster_files.upload_roster(
        tournament=tournament, by=official, filename="r.csv", data=b"name\nBob\n"
    )
    background.fail(upload.pk, RosterUpload, "stopped")
    roster_files.check_roster_upload(upload_id=upload.pk)
    upload.refresh_from_db()
    assert (upload.status, upload.error, upload.rows) == ("failed", "stopped", [])


def test_an_import_reuses_a_chapter_spelled_another_way(official, tournament):
    ChapterFactory(tournament=tournament, name="Lone Star")
    roster = Roster(rows=[RosterRow(line=2, name="Ada", chapter="LONE \u212a")])
    roster.rows.append(RosterRow(line=3, name="Bob", chapter="lone star"))
    services.import_roster(tournament=tournament, by=official, roster=roster)
    assert sorted(tournament.chapters.values_list("name", flat=True)) == [
        "LONE \u212a",
        "Lone Star",
    ]
    assert tournament.players.get(name="Bob").chapter.name == "Lone Star"


@pytest.mark.parametrize("how", ["add_chapter", "rename_chapter", "add_player"])
def test_a_chapter_name_too_long_to_compare_is_refused(official, tournament, how):
    """NFKC writes U+FDFA as 18 letters: the key would outgrow its column on PostgreSQL."""
    long = "\ufdfa" * 20
    with pytest.raises(DeskError, match="type it in plain letters"):
        if how == "add_chapter":
            services.add_chapter(tournament=tournament, by=official, name=long)
        elif how == "rename_chapter":
            chapter = ChapterFactory(tournament=tournament, name="Lone Star")
            services.rename_chapter(chapter=chapter, by=official, name=long)
        else:
            services.add_player(tournament=tournament, by=official, name="Ada", chapter_name=long)
    assert not tournament.chapters.exclude(name="Lone Star").exists()
