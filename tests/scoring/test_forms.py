"""The hand form only parses: blanks are 0, the end choice names the side, rows are penalties."""

import pytest

from scoring.forms import HandForm
from scoring.selectors import game_sides
from tests.scoring.builders import form_data

pytestmark = pytest.mark.django_db


def parsed(game, **fields):
    form = HandForm(form_data(**fields), sides=game_sides(game))
    assert form.is_valid(), form.errors
    return form.entry()


def test_blank_boxes_count_as_0_and_blank_pips_as_not_typed(game):
    entry = parsed(game, play_1=15)
    assert (entry.play, entry.muggins, entry.pips) == ((0, 15), (0, 0), (None, None))


def test_the_end_choice_names_the_side_that_went_out(game):
    entry = parsed(game, end="out_1", pips_0=9)
    assert (entry.end, entry.out_seat, entry.pips) == ("out", 1, (9, None))
    assert parsed(game, end="blocked").out_seat is None


def test_a_penalty_row_gives_the_offenders_side(game):
    player = game.sides.get(seat=1).team.members[0].player
    entry = parsed(game, penalties=[("", ""), (f"1-{player.pk}", "talking")])
    (penalty,) = entry.penalties
    assert (penalty.seat, penalty.offender, penalty.reason) == (1, player, "talking")


def test_an_unknown_end_is_refused_by_the_form(game):
    form = HandForm(form_data(end="sideways"), sides=game_sides(game))
    assert not form.is_valid()
    assert "end" in form.errors


def test_a_refused_entry_keeps_what_was_typed_on_a_fresh_version(game):
    form = HandForm(form_data(play_0=35, version=3), sides=game_sides(game))
    again = form.with_version(4)
    assert again["version"].value() == "4"
    assert again["play_0"].value() == "35"
    assert not again.confirmed
    assert again.with_confirm().confirmed
