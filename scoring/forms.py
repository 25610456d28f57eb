"""Forms only parse: they turn the typed hand into plain data; the rules decide if it stands.

The hand form is the same for every game: its boxes come from the game's
`entry_fields(table, options)` (games.engine.Field), one box per seat for a field asked
per side or per player (named ``f"{name}_{index}"``), and it hands the services flat
data, the keys of those fields (`GameSpec.entry_from_data` reads it).
"""

import uuid

from django import forms
from django.utils.functional import cached_property

from games.engine import CHOICE, INT, ONCE, PENALTIES, PER_PLAYER, SEAT, TILES
from games.engine import Field as EntryField

from .form_layout import Column, GridRow, Part
from .penalty_form import PenaltyFormSet, offender_choices
from .selectors import Seat, seats_at, spell_out, table_of
from .widgets import ChoiceButtons, Hidden, number_input, tiles_input

PENALTY_PREFIX = "penalty"
EMPTY_SEAT = "Nobody"


def _lower_first(text: str) -> str:
    return text[:1].lower() + text[1:]


def choose_message(label: str) -> str:
    """Return the message for a choice left blank: "Say how the hand ended."."""
    return f"Say {_lower_first(label).rstrip('?')}."


class HandIdentity(forms.Form):
    """The hidden boxes every hand form carries: its key and the sheet's version."""

    # The rules say what is missing, in their words; the browser asks nothing first.
    use_required_attribute = False

    key = forms.UUIDField(widget=Hidden)
    version = forms.IntegerField(widget=Hidden, min_value=0)


class HandForm(HandIdentity):
    """One hand of the game, as its rules ask for it; blank boxes are None.

    `game` and `sides` (its SideViews in seat order) give the table and the names the
    form shows. The key and version ride along hidden: the key makes a form sent twice
    count once, the version spots a sheet someone else has changed.
    """

    confirm = forms.BooleanField(required=False, widget=Hidden)

    def __init__(self, data=None, *, game, sides, initial=None, detail=None):
        """detail: a stored hand's flat data, shown for correcting it."""
        super().__init__(data, initial=initial)
        self.game = game
        self.sides = sides
        self.table = table_of(game, sides=len(sides))
        self.seats: list[Seat] = seats_at(self.table, sides)
        self.entry_fields = game.event.game.entry_fields(self.table, game.event.options)
        self.penalties = None
        detail = detail or {}
        for entry_field in self.entry_fields:
            if entry_field.kind == PENALTIES:
                self._add_penalties(entry_field, detail.get(entry_field.name))
                continue
            for key, label in self._keys(entry_field):
                self.fields[key] = self._form_field(entry_field, label)
                if key in detail:
                    self.initial[key] = detail[key]
        # A new form's boxes have no autofocus: the first box's gets it (the setter also
        # clears every other box's, the penalty rows' too, which builds their forms).
        self._focus_field = self.entry_keys[0] if self.entry_keys else ""
        for key, form_field in self.fields.items():
            if self.add_prefix(key) == self._focus_field:
                form_field.widget.attrs["autofocus"] = True

    # Building ---------------------------------------------------------------------

    def _per_player(self, entry_field: EntryField) -> bool:
        """Whether a field has a box per player that is not also a box per side."""
        return entry_field.per == PER_PLAYER and len(self.seats) != len(self.sides)

    def _seat_names(self, entry_field: EntryField) -> list[str]:
        if self._per_player(entry_field):
            return [seat.name for seat in self.seats]
        return [side.name for side in self.sides]

    def _keys(self, entry_field: EntryField) -> list[tuple[str, str]]:
        """Return (key, label) per box: "play_0", "Side 1 points in play"."""
        keys = entry_field.keys(self.table)
        if entry_field.per == ONCE:
            return [(keys[0], entry_field.label)]
        names = self._seat_names(entry_field)
        return [(key, f"{name} {entry_field.label}") for key, name in zip(keys, names, strict=True)]

    def _form_field(self, entry_field: EntryField, label: str) -> forms.Field:
        if entry_field.kind == INT:
            return number_input(label)
        if entry_field.kind == TILES:
            return tiles_input(label, in_grid=entry_field.per != ONCE)
        required = {"required": choose_message(label)}
        if entry_field.kind == SEAT:
            choices = [(str(side.seat), side.spelled) for side in self.sides]
            if not entry_field.required and not entry_field.asked_when_needed:
                choices.append(("", EMPTY_SEAT))
            return forms.TypedChoiceField(
                label=label,
                choices=choices,
                coerce=int,
                empty_value=None,
                required=entry_field.required,
                widget=ChoiceButtons(fresh=not self.is_bound),
                error_messages=required,
            )
        if entry_field.kind == CHOICE:
            choices = [
                (value, spell_out(text, self.sides, self.seats))
                for value, text in entry_field.choices
            ]
            return forms.ChoiceField(
                label=label,
                choices=choices,
                required=entry_field.required,
                widget=ChoiceButtons(fresh=not self.is_bound),
                error_messages=required,
            )
        raise ValueError(f"The hand form cannot ask for a field of kind {entry_field.kind!r}")

    def _add_penalties(self, entry_field: EntryField, stored) -> None:
        """Add the penalty rows; `stored` holds a stored hand's penalties to show."""
        initial = [
            {"offender": f"{p.get('side')}-{p['offender']}", "reason": p.get("reason", "")}
            for p in stored or ()
            if p.get("offender") is not None
        ]
        self.penalties = PenaltyFormSet(
            self.data if self.is_bound else None,
            prefix=PENALTY_PREFIX,
            initial=initial or None,
            form_kwargs={
                "offenders": offender_choices(self.sides),
                "reasons": list(entry_field.choices),
            },
        )

    @classmethod
    def blank(cls, *, game, sides, version: int) -> "HandForm":
        """Return an empty form for the next hand, with a fresh key."""
        return cls(game=game, sides=sides, initial={"key": uuid.uuid4(), "version": version})

    @classmethod
    def for_hand(cls, hand, *, game, sides, version: int) -> "HandForm":
        """Return a form holding a hand's figures (its stored detail), for correcting it."""
        initial = {"key": uuid.uuid4(), "version": version}
        return cls(game=game, sides=sides, initial=initial, detail=hand.detail)

    @property
    def focus_field(self) -> str:
        """Return the name of the box the cursor starts in ("" for none)."""
        return self._focus_field

    @focus_field.setter
    def focus_field(self, name: str) -> None:
        """Put the cursor in box `name`: its widget, and no other, is rendered autofocus."""
        self._focus_field = name
        for html_name, widget in self._widgets():
            widget.attrs.pop("autofocus", None)
            if html_name == name:
                widget.attrs["autofocus"] = True

    def _widgets(self):
        """Yield (name as sent, widget) for every box of the form and of its penalty rows."""
        for key, form_field in self.fields.items():
            yield self.add_prefix(key), form_field.widget
        for row in self.penalties.forms if self.penalties is not None else ():
            for key, form_field in row.fields.items():
                yield row.add_prefix(key), form_field.widget

    # Reading ----------------------------------------------------------------------

    @property
    def entry_keys(self) -> list[str]:
        """Return the keys of every box, in the order the official types them."""
        return [
            key
            for entry_field in self.entry_fields
            if entry_field.kind != PENALTIES
            for key in entry_field.keys(self.table)
        ]

    def is_valid(self) -> bool:
        form_ok = super().is_valid()
        penalties_ok = self.penalties is None or self._no_penalties or self.penalties.is_valid()
        return penalties_ok and form_ok

    @cached_property
    def _no_penalties(self) -> bool:
        """Whether the penalty rows were sent all blank (`PenaltyFormSet.blank_in`)."""
        return self.is_bound and self.penalties.blank_in(self.data, PENALTY_PREFIX)

    def submitted(self) -> dict:
        """Return what a hand service takes from the form: the sheet version, key and hand.

        The hand is flat data: every field's key with its value (None when blank), and
        the penalties as a list of {"side", "reason", "offender": the player's id}.
        """
        cleaned = self.cleaned_data
        data = {}
        for entry_field in self.entry_fields:
            if entry_field.kind == PENALTIES:
                data[entry_field.name] = [] if self._no_penalties else self.penalties.penalties()
                continue
            for key in entry_field.keys(self.table):
                value = cleaned.get(key)
                data[key] = None if value is None or value == "" else value
        return {"version": cleaned["version"], "key": cleaned["key"], "data": data}

    @property
    def confirmed(self) -> bool:
        """Whether this entry carries the official's yes to voiding later games."""
        return str(self["confirm"].value()) == "True"

    @property
    def penalties_open(self) -> bool:
        """Whether the penalty rows should show open: some are filled or wrong."""
        if self.penalties is None:
            return False
        if self.penalties.initial:
            return True
        if not self.is_bound:
            return False
        return any(form.has_changed() or form.errors for form in self.penalties.forms)

    def is_asked(self, entry_field: EntryField) -> bool:
        """Whether to show a field: always, or once it has an answer or an error."""
        if not entry_field.asked_when_needed:
            return True
        keys = entry_field.keys(self.table)
        return any(self[key].value() not in (None, "") or key in self.errors for key in keys)

    def questions(self, decision=None) -> list:
        """Return the boxes of the questions to ask now, beside the preview.

        A field asked only when needed is asked once it has an answer or an error, or
        when `decision` (games.engine.Decision, from the preview's fold) names it; then
        it offers the decision's choices (side indexes) only.
        """
        asked = decision.field if decision is not None and decision.choices else None
        if asked in self.fields:
            offered = {str(side) for side in decision.choices}
            box = self.fields[asked]
            box.choices = [choice for choice in box.choices if choice[0] in offered]
        return [
            self[key]
            for entry_field in self.entry_fields
            if entry_field.asked_when_needed
            and (self.is_asked(entry_field) or asked in entry_field.keys(self.table))
            for key in entry_field.keys(self.table)
        ]

    # Showing ---------------------------------------------------------------------

    @property
    def parts(self) -> list[Part]:
        """Return the form's pieces in order; per-seat boxes asked alike share one grid."""
        parts: list[Part] = []
        for entry_field in self.entry_fields:
            if entry_field.asked_when_needed:
                continue  # asked beside the preview, below Save: see `questions`
            if entry_field.kind == PENALTIES:
                parts.append(Part("penalties", entry_field=entry_field))
            elif entry_field.kind in (CHOICE, SEAT):
                parts += [self._choice(entry_field, key) for key, _ in self._keys(entry_field)]
            elif entry_field.per == ONCE:
                kind = "tiles" if entry_field.kind == TILES else "number"
                parts.append(Part(kind, entry_field=entry_field, box=self[entry_field.name]))
            else:
                self._add_grid_row(parts, entry_field)
        return parts

    def _choice(self, entry_field: EntryField, key: str) -> Part:
        return Part("choice", entry_field=entry_field, box=self[key])

    def _add_grid_row(self, parts: list[Part], entry_field: EntryField) -> None:
        """Add a per-seat field's boxes as a row of the grid above, or of a new grid."""
        row = GridRow(entry_field, [self[key] for key, _ in self._keys(entry_field)])
        last = parts[-1] if parts else None
        if last is not None and last.kind == "grid" and last.entry_field.per == entry_field.per:
            last.rows.append(row)
            return
        columns = self._columns(entry_field)
        parts.append(Part("grid", entry_field=entry_field, columns=columns, rows=[row]))

    def _columns(self, entry_field: EntryField) -> list[Column]:
        if self._per_player(entry_field):
            return [
                Column(seat.name, f"{seat.short_label}, {seat.side.name}") for seat in self.seats
            ]
        return [Column(side.name, side.short_label) for side in self.sides]

    def set_focus(self) -> "HandForm":
        """Put the cursor where the official types next: the first wrong field, or the first."""
        keys = self.entry_keys
        wrong = [key for key in keys if key in self.errors] if self.is_bound else []
        if not wrong and self.is_bound and self.penalties is not None:
            wrong = [
                row.add_prefix("offender" if "offender" in row.errors else "reason")
                for row in self.penalties.forms
                if row.errors
            ]
        self.focus_field = wrong[0] if wrong else (keys[0] if keys else "")
        return self

    def first_problem(self) -> str:
        """Return the first error that is not a choice still to be made, for the preview."""
        for name, errors in self.errors.items():
            if name in self.fields and self[name].value() in (None, ""):
                continue  # a choice not made yet: the preview asks for it instead
            if errors:
                return errors[0]
        if self.penalties is not None:
            for row in self.penalties.forms:
                for errors in row.errors.values():
                    return errors[0]
        missing = [
            f
            for f in self.entry_fields
            if f.kind in (CHOICE, SEAT) and f.required and f.name in self.errors
        ]
        if missing:
            return f"Choose {_lower_first(missing[0].label).rstrip('?')} to see its points."
        return ""

    # Rule refusals and new versions -------------------------------------------------

    def add_rule_error(self, exc) -> None:
        """Show every refusal from the rules, each at the field it is about."""
        for name, message in getattr(exc, "problems", ((exc.field, str(exc)),)):
            self._add_refusal(name, message)

    def _add_refusal(self, name: str | None, message: str) -> None:
        if name and name.startswith(f"{PENALTY_PREFIX}-") and self.penalties is not None:
            index = name.removeprefix(f"{PENALTY_PREFIX}-")
            rows = getattr(self.penalties, "entry_rows", [])
            if index.isdigit() and int(index) < len(rows):
                self.penalties.forms[rows[int(index)]].add_error("offender", message)
                return
        self.add_error(name if name in self.fields else None, message)

    def with_version(self, version: int) -> "HandForm":
        """Return the same typed entry for a fresh sheet version, errors cleared."""
        data = self.data.copy()
        data["version"] = str(version)
        return type(self)(data, game=self.game, sides=self.sides)

    def with_confirm(self) -> "HandForm":
        """Return the same typed entry, marked as confirmed for the next save."""
        data = self.data.copy()
        data["confirm"] = "True"
        return type(self)(data, game=self.game, sides=self.sides)


class DeleteForm(forms.Form):
    """Deleting a hand: the sheet version seen, the form's key, and the confirmation."""

    key = forms.UUIDField(widget=Hidden)
    version = forms.IntegerField(widget=Hidden, min_value=0)
    confirm = forms.BooleanField(required=False, widget=Hidden)

    def __init__(self, data=None, *, version: int | None = None):
        super().__init__(data, initial={"key": uuid.uuid4(), "version": version})

    def with_confirm(self) -> "DeleteForm":
        data = self.data.copy()
        data["confirm"] = "True"
        return type(self)(data)
