"""Penalty rows sent all blank are taken as no penalty without building a form a row
(`PenaltyFormSet.blank_in`): only where the formset's own checks find no penalty and
no error. Pure: the formset is checked against its own full checks, without a database."""

from types import SimpleNamespace

from django.http import QueryDict
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.forms import PENALTY_PREFIX
from scoring.penalty_form import PenaltyFormSet, offender_choices
from scoring.selectors import SideView

SIDES = [
    SideView(
        seat=seat,
        name=f"Side {seat + 1}",
        team=None,
        players=[SimpleNamespace(pk=seat + 7, name=n)],
    )
    for seat, n in enumerate(["Ann", "Bob"])
]
REASONS = [("talking", "Talking"), ("misdeal", "Misdeal")]
COUNTS = ["TOTAL_FORMS", "INITIAL_FORMS", "MIN_NUM_FORMS", "MAX_NUM_FORMS"]


def _formset(data) -> PenaltyFormSet:
    kwargs = {"offenders": offender_choices(SIDES), "reasons": REASONS}
    return PenaltyFormSet(data, prefix=PENALTY_PREFIX, form_kwargs=kwargs)


def _found_by_the_formset(data) -> tuple:
    formset = _formset(data)
    valid = formset.is_valid()
    errors = [form.errors for form in formset.forms if form.errors]
    return valid, formset.non_form_errors(), errors, formset.penalties() if valid else None


# Mostly as the form writes them, so that rows taken as blank come often.
counts = st.one_of(
    *[st.integers(min_value=0, max_value=10).map(str)] * 4,
    st.sampled_from(["", " 2", "2.0", "-1", "x", "٣", "99999999999999999999"]),
)
row_values = st.one_of(*[st.just("")] * 6, st.sampled_from(["0-7", "1-8", "talking", "9-9", " "]))


@st.composite
def sent_rows(draw):
    """A POST's penalty part: counts (or none), rows, each value blank or not."""
    data = {}
    for name in COUNTS:
        asked = name in ("TOTAL_FORMS", "INITIAL_FORMS")
        # Each optional count now and then; now and then even an asked one left out.
        if (asked or draw(st.booleans())) and draw(st.integers(0, 9)):
            data[f"{PENALTY_PREFIX}-{name}"] = draw(counts)
    for index in range(draw(st.sampled_from([0, 1, 2, 2, 2, 3, 9]))):
        for box in ("offender", "reason"):
            if draw(st.integers(0, 3)):
                data[f"{PENALTY_PREFIX}-{index}-{box}"] = draw(row_values)
    data["play_0"] = "5"  # the hand's own boxes are not the rows'
    return data


@settings(max_examples=500, deadline=None)
@given(data=sent_rows())
def test_rows_taken_as_blank_are_what_the_formset_finds_valid_and_empty(data):
    if PenaltyFormSet.blank_in(data, PENALTY_PREFIX):
        valid, non_form, errors, penalties = _found_by_the_formset(data)
        assert valid and not non_form and not errors and penalties == []


def test_the_forms_blank_rows_and_a_query_string_are_taken_as_blank():
    written = {"penalty-TOTAL_FORMS": "2", "penalty-INITIAL_FORMS": "0"}
    blank_rows = {"penalty-0-offender": "", "penalty-0-reason": "", "penalty-1-offender": ""}
    assert PenaltyFormSet.blank_in({**written, **blank_rows}, PENALTY_PREFIX)
    sent = QueryDict("penalty-TOTAL_FORMS=2&penalty-INITIAL_FORMS=0&penalty-0-reason=&play_0=5")
    assert PenaltyFormSet.blank_in(sent, PENALTY_PREFIX)
    assert PenaltyFormSet.blank_in({**written, "penalty-MAX_NUM_FORMS": ""}, PENALTY_PREFIX)


def test_anything_else_goes_through_the_formset():
    written = {"penalty-TOTAL_FORMS": "2", "penalty-INITIAL_FORMS": "0"}
    for data in (
        {**written, "penalty-1-offender": "0-7"},  # a row filled in
        {**written, "penalty-0-reason": " "},  # not blank: the formset says what it is
        {"penalty-TOTAL_FORMS": "2"},  # a count missing
        {**written, "penalty-TOTAL_FORMS": "9"},  # more rows than allowed
        {**written, "penalty-INITIAL_FORMS": "2.0"},  # a count not written by the form
        {**written, "penalty-MIN_NUM_FORMS": "x"},
        {**written, "penalty-9-offender": "1-8"},  # beyond the rows counted: still looked at
    ):
        assert not PenaltyFormSet.blank_in(data, PENALTY_PREFIX), data
    sent = QueryDict("penalty-TOTAL_FORMS=2&penalty-INITIAL_FORMS=0&penalty-0-offender=0-7")
    assert not PenaltyFormSet.blank_in(sent, PENALTY_PREFIX)
