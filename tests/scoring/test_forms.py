"""The hand form only parses: blanks are None, the end choice names the side, rows are penalties."""

import pytest

from scoring.forms import HandForm
from scoring.selectors import game_sides
from tests.scoring.builders import form_data, make_rounds_game

pytestmark = pytest.mark.django_db


def hand_form(game, data):
    return HandForm(data, game=game, sides=game_sides(game))


def parsed(game, **fields):
    form = hand_form(game, form_data(**fields))
    assert form.is_valid(), form.errors
    return form.submitted()["data"]


def test_blank_boxes_count_as_0_and_blank_pips_as_not_typed(game):
    data = parsed(game, play_1=15)
    # The form gives blanks as None; the rules read a blank score as 0, blank pips as none.
    assert (data["play_0"], data["play_1"], data["muggins_0"], data["muggins_1"]) == (
        None,
        15,
        None,
        None,
    )
    assert (data["pips_0"], data["pips_1"]) == (None, None)
    spec, event = game.event.game, game.event
    table = spec.table(event.options, sides=2, team_size=event.team_size)
    entry = spec.entry_from_data(data, table, event.options)
    assert (entry.play, entry.muggins, entry.pips) == ((0, 15), (0, 0), (None, None))


def test_the_end_choice_names_the_side_that_went_out(game):
    data = parsed(game, end="out_1", pips_0=9)
    assert (data["end"], data["pips_0"], data["pips_1"]) == ("out_1", 9, None)
    assert parsed(game, end="blocked")["end"] == "blocked"


def test_a_penalty_row_gives_the_offenders_side(game):
    player = game.sides.get(seat=1).team.members[0].player
    data = parsed(game, penalties=[("", ""), (f"1-{player.pk}", "talking")])
    (penalty,) = data["penalties"]
    assert (penalty["side"], penalty["offender"], penalty["reason"]) == (1, player.pk, "talking")


def test_an_unknown_end_is_refused_by_the_form(game):
    form = hand_form(game, form_data(end="sideways"))
    assert not form.is_valid()
    assert "end" in form.errors


def test_a_refused_entry_keeps_what_was_typed_on_a_fresh_version(game):
    form = hand_form(game, form_data(play_0=35, version=3))
    again = form.with_version(4)
    assert again["version"].value() == "4"
    assert again["play_0"].value() == "35"
    assert not again.confirmed
    assert again.with_confirm().confirmed


def test_the_form_gives_every_field_of_the_game_and_none_for_a_blank(game):
    data = parsed(game, play_0=10)
    assert set(data) == {
        "play_0",
        "play_1",
        "muggins_0",
        "muggins_1",
        "end",
        "pips_0",
        "pips_1",
        "reached_first",
        "penalties",
    }
    assert (data["reached_first"], data["penalties"]) == (None, [])


def test_the_sides_are_spelled_out_with_their_players_in_the_choices(game):
    form = hand_form(game, None)
    first = game.sides.get(seat=0).team.members
    names = " & ".join(m.player.name.split()[0] for m in first)
    assert form.fields["end"].choices[0] == ("out_0", f"Side 1 ({names}) went out")
    assert form["play_0"].label == "Side 1 points in play"


def test_a_rounds_game_asks_each_players_pips_in_one_row(tournament):
    game = make_rounds_game(tournament, sides=3)
    form = hand_form(game, {"key": "6f1c1b1e-8d7e-4c1b-9a4e-0f2a3b4c5d6e", "version": "0"})
    (grid,) = form.parts
    assert [column.name for column in grid.columns] == ["Player 1", "Player 2", "Player 3"]
    assert [box.name for box in grid.rows[0].boxes] == ["pips_0", "pips_1", "pips_2"]
    assert form["pips_2"].label == "Player 3 pips left"
    assert form.is_valid()
    assert form.submitted()["data"] == {"pips_0": None, "pips_1": None, "pips_2": None}


def test_a_seat_that_may_stay_empty_offers_none(tournament):
    game = make_rounds_game(tournament, game_key="thats_it", sides=3)
    form = hand_form(game, None)
    values = [value for value, _ in form.fields["caller"].choices]
    assert values == ["0", "1", "2", ""]
    data = {"key": "6f1c1b1e-8d7e-4c1b-9a4e-0f2a3b4c5d6e", "version": "0", "caller": "2"}
    form = hand_form(game, {**data, "tiles": "  ", "points": "14"})
    assert form.is_valid(), form.errors
    assert form.submitted()["data"] == {"caller": 2, "tiles": None, "points": 14}


def test_a_refusal_of_a_penalty_lands_on_the_row_it_came_from(game):
    from scoring.services import HandError

    player = game.sides.get(seat=1).team.members[0].player
    form = hand_form(game, form_data(penalties=[("", ""), (f"1-{player.pk}", "talking")]))
    assert form.is_valid(), form.errors
    assert len(form.submitted()["data"]["penalties"]) == 1
    form.add_rule_error(HandError("Not on this side.", field="penalty-0"))
    assert form.penalties.forms[1].errors == {"offender": ["Not on this side."]}
    assert not form.penalties.forms[0].errors
    form.set_focus()
    assert form.focus_field == "penalty-1-offender"


def test_a_refusal_of_no_field_of_the_form_is_shown_above_it(game):
    from scoring.services import HandError

    form = hand_form(game, form_data())
    assert form.is_valid()
    form.submitted()
    form.add_rule_error(HandError("The game was won at hand 2", field=None))
    assert form.non_field_errors() == ["The game was won at hand 2"]


def test_a_tiles_box_in_a_grid_is_wider_and_never_cut_short_by_the_browser():
    from scoring.widgets import tiles_input

    assert tiles_input("Side 1 tiles", in_grid=True).widget.attrs == {
        "size": 18,
        "autocomplete": "off",
        "class": "tiles",
        "spellcheck": "false",
    }
    assert "size" not in tiles_input("Tiles", in_grid=False).widget.attrs


def test_a_singles_game_offers_only_the_penalties_of_its_table(tournament):
    from tests.factories import EventFactory
    from tests.scoring.builders import make_ready_game

    singles = EventFactory(tournament=tournament, name="Singles", team_size=1, status="playing")
    single = make_ready_game(tournament, event=singles)
    form = HandForm.blank(game=single, sides=game_sides(single), version=0)
    reasons = dict(form.penalties.forms[0].fields["reason"].choices)
    assert "talking" not in reasons
    assert "renege" in reasons


def test_a_doubles_game_offers_talking_to_a_partner(game):
    form = HandForm.blank(game=game, sides=game_sides(game), version=0)
    assert "talking" in dict(form.penalties.forms[0].fields["reason"].choices)


def test_thats_its_hint_names_the_nobody_button_the_form_offers(tournament):
    from scoring.forms import EMPTY_SEAT

    game = make_rounds_game(tournament, game_key="thats_it", sides=3)
    form = HandForm.blank(game=game, sides=game_sides(game), version=0)
    caller = next(part for part in form.parts if part.kind == "choice")
    assert EMPTY_SEAT in dict(form.fields["caller"].choices).values()
    assert f'"{EMPTY_SEAT}"' in caller.entry_field.help


def test_a_question_offers_only_the_choices_of_the_rules_decision(game):
    from games.engine import Decision

    form = hand_form(game, form_data(play_0=10))
    assert form.questions() == []  # nothing asked, nothing answered
    decision = Decision(hand=1, field="reached_first", message="Which?", choices=(1,))
    (box,) = form.questions(decision)
    assert [radio.data["value"] for radio in box] == ["1"]
