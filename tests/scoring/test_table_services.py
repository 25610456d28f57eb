"""Hands entered at the table: waiting, confirmed by another side, disputed and decided."""

import random
import uuid

import pytest

from scoring import services
from scoring.models import Hand, HandChange, Source, TableEntry, TableLink
from scoring.services import table, table_links
from tests.scoring.builders import enter, make_rounds_game, played
from tournaments.models import Event, Game

pytestmark = pytest.mark.django_db

Status = TableEntry.Status


def data_of(game, entry):
    return game.event.game.entry_to_data(entry)


def players(game):
    """(seat 0's first player, seat 1's first player) as table sitters."""
    found = table.sitters(game.pk)
    return next(s for s in found if s.seat == 0), next(s for s in found if s.seat == 1)


def link_of(game) -> TableLink:
    return table_links.links_for([game])[game.pk]


def enter_at_table(game, entry, *, who=None, key=None):
    game.refresh_from_db()
    who = who or players(game)[0]
    return table.enter_hand(
        link=link_of(game),
        player=who.pk,
        version=game.version,
        key=key or uuid.uuid4(),
        data=data_of(game, entry),
    )


def confirm(game, entry, *, who=None):
    entry.refresh_from_db()
    who = who or players(game)[1]
    return table.confirm_hand(
        link=link_of(game), entry_id=entry.pk, revision=entry.revision, player=who.pk
    )


def totals(game):
    return list(game.sides.order_by("seat").values_list("total", flat=True))


def test_a_table_hand_counts_nowhere_until_an_opponent_confirms_it(game):
    before = Game.objects.get(pk=game.pk).version
    entered = enter_at_table(game, played(100, 5)).entry
    assert entered.status == Status.WAITING and entered.number == 1
    assert entered.points == [100, 5]
    assert not Hand.objects.filter(game=game).exists()
    assert totals(game) == [0, 0]
    assert Game.objects.get(pk=game.pk).version == before + 1  # an open desk sheet is stale

    done = confirm(game, entered)
    hand = Hand.objects.get(game=game)
    assert done.entry.status == Status.CONFIRMED and done.entry.hand == hand
    assert hand.source == Source.TABLE and hand.number == 1
    assert hand.entered_by_name == players(game)[0].name
    assert hand.confirmed_by_name == players(game)[1].name
    assert hand.confirmed_at is not None and hand.entered_by is None
    assert totals(game) == [100, 5]
    change = HandChange.objects.get(game=game)
    assert change.source == Source.TABLE and change.by is None
    assert change.by_name == players(game)[1].name
    assert change.after["entered_by"] == players(game)[0].name


def test_the_same_side_cannot_confirm_its_own_hand(game):
    entered = enter_at_table(game, played(100, 5)).entry
    partner = [s for s in table.sitters(game.pk) if s.seat == 0][1]
    with pytest.raises(table_links.TableRefused, match="another side confirms: pass the phone"):
        confirm(game, entered, who=partner)
    entered.refresh_from_db()
    assert entered.status == Status.WAITING and not Hand.objects.exists()


def test_a_player_of_another_table_is_refused(game, bracket):
    entered = enter_at_table(game, played(100, 5)).entry
    stranger = table.sitters(bracket[1][(1, 1)].pk)[0]
    with pytest.raises(table_links.TableRefused, match="choose your name"):
        confirm(game, entered, who=stranger)
    with pytest.raises(table_links.TableRefused, match="choose your name"):
        table.enter_hand(
            link=link_of(bracket[1][(1, 1)]),
            player=players(game)[0].pk,
            version=0,
            key=uuid.uuid4(),
            data=data_of(game, played(5, 5)),
        )


def test_the_next_hand_waits_for_the_last_one(game):
    first = enter_at_table(game, played(100, 5)).entry
    with pytest.raises(table_links.TableRefused, match="waiting for confirmation"):
        enter_at_table(game, played(10, 5))
    assert TableEntry.objects.filter(game=game).count() == 1
    confirm(game, first)
    second = enter_at_table(game, played(10, 5)).entry
    assert second.number == 2


def test_a_double_tap_stores_one_entry(game):
    key = uuid.uuid4()
    first = enter_at_table(game, played(100, 5), key=key)
    again = table.enter_hand(
        link=link_of(game),
        player=players(game)[0].pk,
        version=0,
        key=key,
        data=data_of(game, played(100, 5)),
    )
    assert again.repeated and again.entry == first.entry
    assert TableEntry.objects.count() == 1
    done = confirm(game, first.entry)
    assert not done.repeated
    tapped = table.confirm_hand(
        link=link_of(game),
        entry_id=first.entry.pk,
        revision=first.entry.revision,
        player=players(game)[1].pk,
    )
    assert tapped.repeated and Hand.objects.count() == 1


def test_the_rules_refuse_at_the_table_as_at_the_desk(game):
    with pytest.raises(services.HandError):
        enter_at_table(game, played(7, 5))  # not a multiple of 5
    assert not TableEntry.objects.exists()


def test_a_stale_phone_is_refused(game):
    game.refresh_from_db()
    version = game.version
    enter(game, None, played(5, 5))
    with pytest.raises(table_links.TableRefused, match="changed while you were typing"):
        table.enter_hand(
            link=link_of(game),
            player=players(game)[0].pk,
            version=version,
            key=uuid.uuid4(),
            data=data_of(game, played(100, 5)),
        )


def test_something_is_wrong_goes_to_the_official(game, official):
    entered = enter_at_table(game, played(100, 5)).entry
    done = table.dispute_hand(
        link=link_of(game),
        entry_id=entered.pk,
        revision=entered.revision,
        player=players(game)[1].pk,
    )
    assert done.entry.status == Status.DISPUTED
    assert done.entry.answered_by_name == players(game)[1].name
    with pytest.raises(table_links.TableRefused, match=r"changed meanwhile|already disputed"):
        confirm(game, entered)
    with pytest.raises(table_links.TableRefused, match="disputed"):
        enter_at_table(game, played(10, 5))
    corrected = table.correct_hand(
        entry=entered, by=official, data=data_of(game, played(105, 5)), key=uuid.uuid4()
    )
    assert corrected.entry.status == Status.CORRECTED
    hand = Hand.objects.get(game=game)
    assert hand.points == [105, 5] and hand.source == Source.TABLE
    assert totals(game) == [105, 5]
    with pytest.raises(table_links.TableRefused, match="already decided"):
        table.accept_hand(entry=entered, by=official)


def test_the_official_accepts_or_deletes(game, official):
    entered = enter_at_table(game, played(100, 5)).entry
    table.delete_entry(entry=entered, by=official)
    entered.refresh_from_db()
    assert entered.status == Status.DELETED and not Hand.objects.exists()
    again = enter_at_table(game, played(100, 10)).entry
    assert again.number == 1
    table.accept_hand(entry=again, by=official)
    assert totals(game) == [100, 10]


def test_a_confirm_for_a_hand_the_official_changed_is_refused(game, official):
    entered = enter_at_table(game, played(100, 5)).entry
    shown = entered.revision
    table.delete_entry(entry=entered, by=official)
    with pytest.raises(table_links.TableRefused, match="changed meanwhile"):
        table.confirm_hand(
            link=link_of(game), entry_id=entered.pk, revision=shown, player=players(game)[1].pk
        )
    assert not Hand.objects.exists()


def test_a_desk_hand_sets_a_waiting_table_hand_aside(game, official):
    entered = enter_at_table(game, played(100, 5)).entry
    enter(game, official, played(5, 10))  # the desk counts at once, as today
    entered.refresh_from_db()
    assert entered.status == Status.SET_ASIDE
    assert totals(game) == [5, 10]
    with pytest.raises(table_links.TableRefused, match="changed meanwhile"):
        confirm(game, entered)


def test_an_accept_after_the_desk_changed_the_hands_sets_it_aside(game, official):
    enter(game, official, played(5, 10))
    entered = enter_at_table(game, played(100, 5)).entry
    services.delete_hand(
        hand=Hand.objects.get(game=game),
        by=official,
        version=Game.objects.get(pk=game.pk).version,
        key=uuid.uuid4(),
    )
    done = table.accept_hand(entry=entered, by=official)
    assert done.set_aside and "set aside" in done.message
    entered.refresh_from_db()
    assert entered.status == Status.SET_ASIDE and not Hand.objects.exists()


def test_a_link_refuses_once_revoked_or_the_game_or_event_is_over(game, official):
    link = link_of(game)
    table_links.revoke_links(games=[game], by=official, renew=True)
    with pytest.raises(table_links.TableRefused, match="withdrawn by the official"):
        table.enter_hand(
            link=link, player=players(game)[0].pk, version=0, key=uuid.uuid4(), data={}
        )
    fresh = link_of(game)
    assert fresh.code != link.code and fresh.active
    table_links.set_desk_only(game=game, by=official, desk_only=True)
    with pytest.raises(table_links.TableRefused, match="taken this table's scoring to the desk"):
        enter_at_table(game, played(5, 5))
    table_links.set_desk_only(game=game, by=official, desk_only=False)
    Event.objects.filter(pk=game.event_id).update(status=Event.Status.FINISHED)
    with pytest.raises(table_links.TableRefused, match="is finished"):
        enter_at_table(game, played(5, 5))
    assert not TableEntry.objects.exists()


@pytest.mark.parametrize(
    "status", [Game.Status.FINISHED, Game.Status.CLOSED, Game.Status.WALKOVER, Game.Status.VOID]
)
def test_a_game_that_takes_no_hands_refuses(game, status):
    Game.objects.filter(pk=game.pk).update(status=status)
    with pytest.raises(table_links.TableRefused, match=r"no more hands|no hands|voided"):
        enter_at_table(game, played(5, 5))


def test_the_deciding_hand_confirmed_at_the_table_moves_the_winner_on(bracket):
    _, games = bracket
    semi = games[(1, 0)]
    confirm(semi, enter_at_table(semi, played(250, 0)).entry)
    semi.refresh_from_db()
    assert semi.status == Game.Status.FINISHED and semi.winner_seat == 0
    final = games[(2, 0)]
    assert final.sides.get(seat=0).team_id == semi.sides.get(seat=0).team_id


def test_three_player_table_any_other_player_confirms(tournament):
    game = make_rounds_game(tournament, game_key="domino_pinochle", sides=3)
    found = table.sitters(game.pk)
    assert [s.seat for s in found] == [0, 1, 2]
    data = game.event.game.example_hand(services.table_of(game), random.Random(3), 1, (0, 0, 0))
    game.refresh_from_db()
    entered = table.enter_hand(
        link=link_of(game), player=found[0].pk, version=game.version, key=uuid.uuid4(), data=data
    ).entry
    table.confirm_hand(
        link=link_of(game), entry_id=entered.pk, revision=entered.revision, player=found[2].pk
    )
    assert Hand.objects.get(game=game).confirmed_by_name == found[2].name


def test_codes_are_long_and_read_alike_characters_are_left_out():
    code = table_links.new_code()
    assert len(code) == 8 and not set(code) & set("01OIL")
    assert table_links.normal_code(" 7kq4-m2xd ") == "7KQ4M2XD"
    assert table_links.show_code("7KQ4M2XD") == "7KQ4-M2XD"


def test_the_game_says_whether_a_table_hand_waits(game, official):
    def state():
        return Game.objects.get(pk=game.pk).table_hand

    assert state() == ""
    entered = enter_at_table(game, played(100, 5)).entry
    assert state() == "waiting"
    table.dispute_hand(
        link=link_of(game),
        entry_id=entered.pk,
        revision=entered.revision,
        player=players(game)[1].pk,
    )
    assert state() == "disputed"
    table.accept_hand(entry=entered, by=official)
    assert state() == ""
    enter_at_table(game, played(10, 5))
    assert state() == "waiting"
    enter(game, official, played(5, 10))  # the desk sets it aside
    assert state() == ""
    second = enter_at_table(game, played(10, 5)).entry
    table.delete_entry(entry=second, by=official)
    assert state() == ""


def test_a_hand_sent_again_after_it_decided_the_game_is_told_it_was_sent(bracket):
    _, games = bracket
    semi = games[(1, 0)]
    key = uuid.uuid4()
    entered = enter_at_table(semi, played(250, 0), key=key).entry
    confirm(semi, entered)
    again = table.enter_hand(
        link=link_of(semi),
        player=players(semi)[0].pk,
        version=0,
        key=key,
        data=data_of(semi, played(250, 0)),
    )
    assert again.repeated and Hand.objects.filter(game=semi).count() == 1


def test_a_form_key_used_at_another_table_or_at_the_desk_is_refused(bracket, official):
    """The key rides along with the form: one sent at another table (or a hand the desk
    stored with it) is not this table's, and nothing is stored."""
    _, games = bracket
    first, other = games[(1, 0)], games[(1, 1)]
    key = uuid.uuid4()
    enter_at_table(first, played(100, 5), key=key)
    with pytest.raises(table_links.TableRefused, match="That form was for another game"):
        enter_at_table(other, played(100, 5), key=key)
    desk_key = Hand.objects.create(
        game=first, number=1, points=[5, 5], detail={}, entry_key=uuid.uuid4()
    ).entry_key
    with pytest.raises(table_links.TableRefused, match="That form was for another game"):
        enter_at_table(other, played(10, 5), key=desk_key)
    assert TableEntry.objects.filter(game=other).count() == 0
    assert TableEntry.objects.filter(game=first).count() == 1
