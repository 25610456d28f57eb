"""The forms a table fills in on a phone: the hand (the desk's form, plus who enters it)
and the answer of a player of another side (confirm, or something is wrong)."""

from django import forms

from .forms import HandForm
from .services.table import sitters_of
from .widgets import ChoiceButtons, Hidden

WHO_ENTERS = "Say who is entering this hand: choose your name."
WHO_ANSWERS = "Say who is answering: choose your name."


def _who(choices, *, label: str, message: str, fresh: bool) -> forms.TypedChoiceField:
    return forms.TypedChoiceField(
        label=label,
        choices=choices,
        coerce=int,
        empty_value=None,
        widget=ChoiceButtons(fresh=fresh),
        error_messages={"required": message, "invalid_choice": message},
    )


class TableHandForm(HandForm):
    """The desk's hand form, the same boxes and checks, and the name of who enters it."""

    def __init__(self, data=None, *, game, sides, initial=None, detail=None):
        super().__init__(data, game=game, sides=sides, initial=initial, detail=detail)
        choices = [(s.pk, s.name) for s in sitters_of(sides)]
        self.fields["player"] = _who(
            choices, label="Who is entering this hand?", message=WHO_ENTERS, fresh=not self.is_bound
        )

    @property
    def who_box(self):
        return self["player"]

    def submitted(self) -> dict:
        return {**super().submitted(), "player": self.cleaned_data["player"]}


class AnswerForm(forms.Form):
    """A player of another side confirms the waiting hand, or says something is wrong."""

    entry = forms.IntegerField(widget=Hidden, min_value=1)
    revision = forms.IntegerField(widget=Hidden, min_value=1)
    answer = forms.ChoiceField(
        choices=[("confirm", "Confirm"), ("dispute", "Something is wrong")],
        error_messages={"required": "Press Confirm or Something is wrong."},
    )

    def __init__(self, data=None, *, opponents, initial=None):
        super().__init__(data, initial=initial)
        self.fields["player"] = _who(
            [(s.pk, s.name) for s in opponents],
            label="Who is answering?",
            message=WHO_ANSWERS,
            fresh=not self.is_bound,
        )
