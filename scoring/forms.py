"""Forms only parse: they turn the typed hand into numbers; the rules decide if it stands."""

import uuid

from django import forms

from games.rules import texas_good_sams as tgs

from .models import SEATS
from .services import HandEntry, PenaltyEntry


def _number_input(label: str) -> forms.IntegerField:
    # A text box, not type=number: the browser must not refuse "12" before the rules
    # can say why, and a scroll wheel must not change a score.
    return forms.IntegerField(
        label=label,
        required=False,
        widget=forms.TextInput(
            attrs={"inputmode": "numeric", "autocomplete": "off", "size": 4, "class": "score"}
        ),
        error_messages={"invalid": "Type a whole number, like 15."},
    )


class PenaltyForm(forms.Form):
    """One penalty row: who offended (which fixes the side) and why. Blank rows are skipped."""

    offender = forms.ChoiceField(label="Who", required=False)
    reason = forms.ChoiceField(
        label="Why",
        required=False,
        choices=[("", "—"), *((key, label) for key, label in tgs.PENALTY_REASONS.items())],
    )

    def __init__(self, *args, offenders, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = {key: (seat, player) for key, seat, player in offenders}
        self.fields["offender"].choices = [
            ("", "—"),
            *((key, f"{player.name} (Side {seat + 1})") for key, seat, player in offenders),
        ]

    def clean(self):
        data = super().clean()
        offender, reason = data.get("offender"), data.get("reason")
        if offender and not reason:
            self.add_error("reason", "Choose the reason for the penalty.")
        if reason and not offender:
            self.add_error("offender", "Choose the player who committed the penalty.")
        return data

    def entry(self) -> PenaltyEntry | None:
        offender = self.cleaned_data.get("offender")
        if not offender:
            return None
        seat, player = self.players[offender]
        return PenaltyEntry(seat=seat, reason=self.cleaned_data["reason"], offender=player)


class BasePenaltyFormSet(forms.BaseFormSet):
    def entries(self) -> tuple[PenaltyEntry, ...]:
        """Return the filled-in rows' penalties; remember which row each came from."""
        self.entry_rows = []
        found = []
        for index, form in enumerate(self.forms):
            entry = form.entry() if form.cleaned_data else None
            if entry is not None:
                self.entry_rows.append(index)
                found.append(entry)
        return tuple(found)


PenaltyFormSet = forms.formset_factory(
    PenaltyForm, formset=BasePenaltyFormSet, extra=2, max_num=8, absolute_max=8
)


def offender_choices(sides) -> list[tuple[str, int, object]]:
    """Return (value, seat, player) for every player of the game, side by side."""
    return [(f"{side.seat}-{p.pk}", side.seat, p) for side in sides for p in side.players]


class HandForm(forms.Form):
    """One hand: points in play, muggins claimed, how it ended, pips, penalties.

    `sides` are the game's two sides (seat, label, players) in seat order; the form
    names them in its choices. The key and version ride along hidden: the key makes a
    form sent twice count once, the version spots a sheet someone else has changed.
    """

    key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    play_0 = _number_input("Side 1 points in play")
    play_1 = _number_input("Side 2 points in play")
    muggins_0 = _number_input("Side 1 muggins claimed")
    muggins_1 = _number_input("Side 2 muggins claimed")
    end = forms.ChoiceField(
        label="How the hand ended",
        widget=forms.RadioSelect,
        error_messages={"required": "Say how the hand ended."},
    )
    pips_0 = _number_input("Side 1 pips left")
    pips_1 = _number_input("Side 2 pips left")
    reached_first = forms.TypedChoiceField(
        label=f"Both sides passed {tgs.TARGET}: which side got there first?",
        required=False,
        coerce=int,
        empty_value=None,
        widget=forms.RadioSelect,
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, sides, penalty_initial=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.sides = sides
        names = [f"Side {s.seat + 1} ({s.short_label})" for s in sides]
        self.fields["end"].choices = [
            *((f"out_{s.seat}", f"{names[s.seat]} went out") for s in sides),
            (tgs.END_BLOCKED, "Blocked"),
            (tgs.END_NONE, "Not finished (the game ended)"),
        ]
        self.fields["reached_first"].choices = [(str(s.seat), names[s.seat]) for s in sides]
        self.focus_field = "play_0"
        self.penalties = PenaltyFormSet(
            self.data if self.is_bound else None,
            prefix="penalty",
            initial=penalty_initial,
            form_kwargs={"offenders": offender_choices(sides)},
        )

    @classmethod
    def blank(cls, *, sides, version: int) -> "HandForm":
        """Return an empty form for the next hand, with a fresh key."""
        return cls(sides=sides, initial={"key": uuid.uuid4(), "version": version})

    @classmethod
    def for_hand(cls, hand, *, sides, version: int) -> "HandForm":
        """Return a form holding a hand's figures, for correcting it."""
        end = f"out_{hand.out_seat}" if hand.end == tgs.END_OUT else hand.end
        initial = {
            "key": uuid.uuid4(),
            "version": version,
            "end": end,
            "reached_first": hand.reached_first,
            **{
                f"{part}_{seat}": getattr(hand, f"{part}_{seat}")
                for part in ("play", "muggins", "pips")
                for seat in SEATS
            },
        }
        penalties = [
            {"offender": f"{p.seat}-{p.offender_id}", "reason": p.reason}
            for p in hand.penalties.all()
            if p.offender_id
        ]
        return cls(sides=sides, initial=initial, penalty_initial=penalties)

    def is_valid(self) -> bool:
        form_ok = super().is_valid()
        return self.penalties.is_valid() and form_ok

    @property
    def penalties_open(self) -> bool:
        """Whether the penalty rows should show open: some are filled or wrong."""
        if self.penalties.initial:
            return True
        if not self.is_bound:
            return False
        return any(form.has_changed() or form.errors for form in self.penalties.forms)

    @property
    def asks_reached_first(self) -> bool:
        """Whether to ask which side reached the target first."""
        return bool(self["reached_first"].value()) or "reached_first" in self.errors

    def entry(self) -> HandEntry:
        """Return the hand as typed, for the rules to check."""
        data = self.cleaned_data
        end, out_seat = data["end"], None
        if end.startswith("out_"):
            end, out_seat = tgs.END_OUT, int(end.removeprefix("out_"))
        return HandEntry(
            play=(data["play_0"] or 0, data["play_1"] or 0),
            muggins=(data["muggins_0"] or 0, data["muggins_1"] or 0),
            end=end,
            out_seat=out_seat,
            pips=(data["pips_0"], data["pips_1"]),
            penalties=self.penalties.entries(),
            reached_first=data["reached_first"],
        )

    def submitted(self) -> dict:
        """Return what a hand service takes from the form: the sheet version, key and hand."""
        data = self.cleaned_data
        return {"version": data["version"], "key": data["key"], "entry": self.entry()}

    FOCUS_ORDER = ("play_0", "play_1", "muggins_0", "muggins_1", "end", "pips_0", "pips_1")

    def set_focus(self) -> "HandForm":
        """Put the cursor where the official types next: the first wrong field, or the first."""
        order = [*self.FOCUS_ORDER, "reached_first"]
        wrong = [name for name in order if name in self.errors] if self.is_bound else []
        self.focus_field = wrong[0] if wrong else "play_0"
        return self

    @property
    def confirmed(self) -> bool:
        """Whether this entry carries the official's yes to voiding later games."""
        return str(self["confirm"].value()) == "True"

    def number_fields(self, *names):
        return [self[name] for name in names]

    @property
    def play_fields(self):
        return self.number_fields("play_0", "play_1")

    @property
    def muggins_fields(self):
        return self.number_fields("muggins_0", "muggins_1")

    @property
    def pips_fields(self):
        return self.number_fields("pips_0", "pips_1")

    def add_rule_error(self, exc) -> None:
        """Show a refusal from the rules at the field it is about."""
        field = getattr(exc, "field", None)
        if field and field.startswith("penalty-"):
            index = int(field.removeprefix("penalty-"))
            row = self.penalties.entry_rows[index]
            self.penalties.forms[row].add_error("offender", str(exc))
            return
        self.add_error(field if field in self.fields else None, str(exc))

    def with_version(self, version: int) -> "HandForm":
        """Return the same typed entry for a fresh sheet version, errors cleared."""
        data = self.data.copy()
        data["version"] = str(version)
        return type(self)(data, sides=self.sides)

    def with_confirm(self) -> "HandForm":
        """Return the same typed entry, marked as confirmed for the next save."""
        data = self.data.copy()
        data["confirm"] = "True"
        return type(self)(data, sides=self.sides)


class DeleteForm(forms.Form):
    """Deleting a hand: the sheet version seen, the form's key, and the confirmation."""

    key = forms.UUIDField(widget=forms.HiddenInput)
    version = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, data=None, *, version: int | None = None):
        super().__init__(data, initial={"key": uuid.uuid4(), "version": version})

    def with_confirm(self) -> "DeleteForm":
        data = self.data.copy()
        data["confirm"] = "True"
        return type(self)(data)
