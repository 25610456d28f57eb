"""The hand form's widgets are written in Python as Django's templates write them.

`scoring.widgets` writes the boxes, hidden fields and penalty selects without their
templates (for speed); here each is compared, character for character, with what the
template it stands for renders, over values that need escaping, ticked and not.
"""

import pytest
from django import forms

from scoring.widgets import Box, ChoiceButtons, Choices, Hidden

ATTRS = [
    {},
    {"inputmode": "numeric", "autocomplete": "off", "size": 4, "class": "score"},
    {"id": "id_x", "aria-invalid": "true", "autofocus": True, "required": False},
    {"class": 'a "b" <c>', "data-x": "&"},
]
VALUES = [None, "", 0, 12, "[4-6] [1-1]", '<"&>']


@pytest.mark.parametrize("attrs", ATTRS)
@pytest.mark.parametrize("value", VALUES)
def test_a_box_is_written_as_its_template_writes_it(attrs, value):
    box = Box(attrs=dict(attrs))
    from_template = forms.TextInput.render(box, "play_0", value, {"id": "id_play_0"})
    assert box.render("play_0", value, {"id": "id_play_0"}) == from_template
    assert box.template_name == "scoring/widgets/box.html"


@pytest.mark.parametrize("attrs", ATTRS)
@pytest.mark.parametrize("value", VALUES)
def test_a_hidden_field_is_written_as_django_writes_it(attrs, value):
    written = Hidden(attrs=dict(attrs)).render("version", value, {"id": "id_version"})
    django = forms.HiddenInput(attrs=dict(attrs)).render("version", value, {"id": "id_version"})
    assert written == django


CHOICES = [
    [("", "—"), ("0-1", "Ann <B> & Co (Side 1)"), ("1-2", "Bo (Side 2)")],
    [("", "—"), ("Side 1", [("a", "A"), ("b", "B")]), ("c", 'C "quoted"')],
]


@pytest.mark.parametrize("choices", CHOICES)
@pytest.mark.parametrize("value", [None, "", "0-1", "b", ["a"]])
@pytest.mark.parametrize("attrs", ATTRS[2:])
def test_a_select_is_written_as_django_writes_it(choices, value, attrs):
    written = Choices(attrs=dict(attrs), choices=choices).render("who", value, {"id": "id_who"})
    django = forms.Select(attrs=dict(attrs), choices=choices).render("who", value, {"id": "id_who"})
    assert written == django


@pytest.mark.parametrize("value", [None, "", "out_0", "none"])
@pytest.mark.parametrize("fresh", [False, True])
def test_a_choice_buttons_radio_is_written_as_its_template_writes_it(value, fresh):
    choices = [("none", "Nobody"), ("out_0", 'Side 1 <"went out">'), ("out_1", "Side 2")]
    buttons = ChoiceButtons(fresh=fresh, attrs={"autofocus": True, "class": "a&b"})

    class Form(forms.Form):
        end = forms.ChoiceField(choices=choices, widget=buttons)

    for radio in Form(initial={"end": value})["end"]:
        context = {"widget": {**radio.data, "wrap_label": False}}
        from_template = forms.RadioSelect._render(
            radio.parent_widget, radio.template_name, context, radio.renderer
        )
        assert radio.tag() == from_template
        assert str(radio).startswith("<label")  # wrapped in its label: the templates'


def test_the_penalty_rows_management_form_is_written_as_django_writes_it():
    from scoring.penalty_form import PenaltyFormSet

    ours = PenaltyFormSet(prefix="penalty", form_kwargs={"offenders": [], "reasons": []})
    django = forms.formset_factory(forms.Form, extra=2, max_num=8, absolute_max=8)(prefix="penalty")
    written = "".join(str(box) for box in ours.management_form)
    assert written == str(django.management_form)
