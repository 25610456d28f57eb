"""The penalty rows of the hand form: who offended (which fixes the side) and why."""

from django import forms
from django.utils.functional import cached_property

from .selectors import SideView
from .widgets import Choices, Hidden


class PenaltyForm(forms.Form):
    """One penalty row: who offended (which fixes the side) and why. Blank rows are skipped."""

    offender = forms.ChoiceField(label="Who", required=False, widget=Choices)
    reason = forms.ChoiceField(label="Why", required=False, widget=Choices)

    def __init__(self, *args, offenders, reasons, **kwargs):
        super().__init__(*args, **kwargs)
        self.offenders = {key: (side, player) for key, side, player in offenders}
        self.fields["offender"].choices = [
            ("", "—"),
            *((key, f"{player.name} ({side.name})") for key, side, player in offenders),
        ]
        self.fields["reason"].choices = [("", "—"), *reasons]

    def clean(self):
        data = super().clean()
        offender, reason = data.get("offender"), data.get("reason")
        if offender and not reason:
            self.add_error("reason", "Choose the reason for the penalty.")
        if reason and not offender:
            self.add_error("offender", "Choose the player who committed the penalty.")
        return data

    def penalty(self) -> dict | None:
        """Return the row as the rules read a penalty, or None for a blank row."""
        offender = self.cleaned_data.get("offender")
        if not offender:
            return None
        side, player = self.offenders[offender]
        return {"side": side.seat, "reason": self.cleaned_data["reason"], "offender": player.pk}


# The management form's boxes (`formsets.ManagementForm`): two asked, two optional.
_COUNTS = {
    "TOTAL_FORMS": True,
    "INITIAL_FORMS": True,
    "MIN_NUM_FORMS": False,
    "MAX_NUM_FORMS": False,
}


class BasePenaltyFormSet(forms.BaseFormSet):
    @classmethod
    def blank_in(cls, data, prefix: str) -> bool:
        """Whether the rows sent in ``data`` are all blank, with counts as the form
        writes them (whole numbers, within the rows allowed): then they hold no penalty
        and no error, as the formset's own checks find, without building a form a row.

        Most hands have no penalty, and the rows' forms were a third of the hand form's
        time on every POST (bench/hands.py). Anything else (a row filled in, a count
        that is not a plain number, too many rows) answers False: the formset checks it
        as always."""
        start = f"{prefix}-"
        counts = {}
        for key in data:
            if not key.startswith(start):
                continue
            value = data.get(key)
            text = "" if value is None else str(value)
            name = key[len(start) :]
            if name in _COUNTS:
                number = text.isascii() and text.isdigit()
                if not number and (_COUNTS[name] or text):  # an optional one may be blank
                    return False
                counts[name] = text
            elif text:
                return False
        if not all(name in counts for name, asked in _COUNTS.items() if asked):
            return False
        return int(counts["TOTAL_FORMS"]) <= cls.absolute_max

    @cached_property
    def management_form(self):
        """Django's management form, its hidden boxes written without their templates
        (`widgets.Hidden`); the sheet writes them one by one."""
        form = super().management_form
        for box in form.fields.values():
            box.widget = Hidden()
        return form

    def penalties(self) -> list[dict]:
        """Return the filled-in rows' penalties; remember which row each came from."""
        self.entry_rows = []
        found = []
        for index, form in enumerate(self.forms):
            penalty = form.penalty() if form.cleaned_data else None
            if penalty is not None:
                self.entry_rows.append(index)
                found.append(penalty)
        return found


PenaltyFormSet = forms.formset_factory(
    PenaltyForm, formset=BasePenaltyFormSet, extra=2, max_num=8, absolute_max=8
)


def offender_choices(sides: list[SideView]) -> list[tuple[str, SideView, object]]:
    """Return (value, side, player) for every player of the game, side by side."""
    return [(f"{side.seat}-{p.pk}", side, p) for side in sides for p in side.players]
