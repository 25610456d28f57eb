"""An event's forms: a new event (its game, format and house rules) and its house rules.

Forms only parse: they turn typed text into values; services and rules decide.
"""

from django import forms
from django.urls import reverse

from games.formats import get_format
from games.registry import GAME_CHOICES, get_game

from .forms import confirm_field
from .models import Event
from .roster import NAME_MAX
from .services.tournaments import formats_for

TEAM_SIZE_CHOICES = [
    (1, "Singles (one player a side)"),
    (2, "Partners (two players a side, drawn)"),
]
(RESET,) = get_format(Event.Format.DOUBLE_ELIMINATION).options


def option_field(option) -> forms.Field:
    """Return the form field for one of a game's house-rule options (`games.registry`)."""
    if option.kind == "bool":
        field = forms.BooleanField(required=False, initial=option.default)
    elif option.kind == "choice":
        field = forms.ChoiceField(
            choices=option.choices, initial=option.default, required=not option.optional
        )
    else:
        field = forms.IntegerField(
            initial=option.default,
            min_value=option.min,
            max_value=option.max,
            required=not option.optional,
        )
    field.label = option.label
    field.help_text = option.help
    return field


class HouseRulesFields:
    """A form's house-rule fields, one per option of its game, named `opt_<option>`."""

    def add_option_fields(self, game, values=None) -> None:
        """Add the game's option fields; `values` (stored options) become their initials."""
        self.game = game
        self.option_names = []
        if game is None:
            return
        values = game.validate_options(values) if values is not None else {}
        for option in game.options:
            field_name = f"opt_{option.name}"
            self.option_names.append(field_name)
            self.fields[field_name] = option_field(option)
            if option.name in values:
                self.fields[field_name].initial = values[option.name]

    def option_fields(self):
        return [self[name] for name in self.option_names]

    def options(self) -> dict:
        """Return the options typed; an optional one left empty is left out (its default)."""
        return {
            name.removeprefix("opt_"): self.cleaned_data[name]
            for name in self.option_names
            if name in self.cleaned_data and self.cleaned_data[name] not in (None, "")
        }


def _game_or_none(key):
    return get_game(key) if isinstance(key, str) and key in dict(GAME_CHOICES) else None


class EventForm(HouseRulesFields, forms.Form):
    """A new event. Its house rules are those of the game chosen: changing the game
    sends back that game's fields (htmx), or, without JavaScript, the "Show this
    game's house rules" button does. Only the fields the game's spec says apply are
    offered: its format, its team sizes, the singles' feed where it has one."""

    name = forms.CharField(max_length=NAME_MAX, help_text="e.g. Doubles, Singles")
    game_key = forms.ChoiceField(label="Game", choices=GAME_CHOICES)
    format = forms.ChoiceField(choices=Event.Format.choices)
    team_size = forms.TypedChoiceField(label="Played as", coerce=int, choices=TEAM_SIZE_CHOICES)
    fed_by = forms.ModelChoiceField(
        queryset=Event.objects.none(),
        required=False,
        label="Singles opened by the losers of",
        help_text="Texas Good Sams singles: the event whose first-round losing partners meet.",
    )
    # Double elimination's house rule (its format's, not the game's; on by default).
    opt_reset = option_field(RESET)
    opt_reset.label = f"{RESET.label} (double elimination)"

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fed_by"].queryset = tournament.events.filter(
            team_size=2, format=Event.Format.SINGLE_ELIMINATION
        )
        # Changing the game asks the page for that game's house rules (htmx).
        self.fields["game_key"].widget.attrs.update(
            {
                "hx-post": reverse("desk:event_create", args=[tournament.slug]),
                "hx-trigger": "change",
                "hx-target": "#options",
                "hx-swap": "outerHTML",
            }
        )
        game_key = self.data.get("game_key") or self.initial.get("game_key") or GAME_CHOICES[0][0]
        self.add_option_fields(_game_or_none(game_key))
        if self.game is None:
            return
        self.fields["format"].initial = self.game.format
        allowed = formats_for(self.game)
        self.fields["format"].choices = [
            (value, label) for value, label in Event.Format.choices if value in allowed
        ]
        if Event.Format.DOUBLE_ELIMINATION not in allowed:
            del self.fields["opt_reset"]
        self.fields["team_size"].choices = [
            (size, label) for size, label in TEAM_SIZE_CHOICES if size in self.game.team_sizes
        ]
        if not self.game.feeds_singles:
            del self.fields["fed_by"]

    def format_options(self) -> dict:
        """Return the chosen format's house rules (double elimination's reset)."""
        if self.cleaned_data.get("format") != Event.Format.DOUBLE_ELIMINATION:
            return {}
        return {"reset": bool(self.cleaned_data.get("opt_reset"))}


class HouseRulesForm(HouseRulesFields, forms.Form):
    """An event's house rules, from its game's options; `confirm` once play has started."""

    confirm = confirm_field(
        "I understand: change the rules anyway",
        required=False,
        refusal="Tick the box to confirm the change, or leave the rules as they are.",
    )

    def __init__(self, *args, event, **kwargs):
        super().__init__(*args, **kwargs)
        self.add_option_fields(event.game, event.options)

    @property
    def confirmed(self) -> bool:
        return self.cleaned_data.get("confirm") == "yes"
