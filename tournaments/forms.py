"""Forms only parse: they turn typed text into values; services and rules decide."""

from django import forms

from games.registry import GAME_CHOICES, get_game

from .errors import RulesError
from .models import Event
from .roster import NAME_MAX

MAX_UPLOAD_BYTES = 5 * 1024 * 1024
TEAM_SIZE_CHOICES = [
    (1, "Singles (one player a side)"),
    (2, "Partners (two players a side, drawn)"),
]


class TournamentForm(forms.Form):
    name = forms.CharField(max_length=120)
    slug = forms.SlugField(
        max_length=40,
        label="Short public address",
        help_text="Letters, digits and dashes, e.g. rally26. Players type it on their phones.",
    )
    starts_on = forms.DateField(label="First day", widget=forms.DateInput(attrs={"type": "date"}))
    ends_on = forms.DateField(label="Last day", widget=forms.DateInput(attrs={"type": "date"}))
    venue = forms.CharField(max_length=160, required=False)

    def clean_slug(self):
        from .services.registration import check_slug

        try:
            return check_slug(self.cleaned_data["slug"])
        except RulesError as exc:
            raise forms.ValidationError(str(exc)) from None

    def clean(self):
        data = super().clean()
        if data.get("starts_on") and data.get("ends_on") and data["ends_on"] < data["starts_on"]:
            self.add_error("ends_on", "The last day cannot be before the first day.")
        return data


class TournamentEditForm(TournamentForm):
    """The same form without the public address, which stays as printed on posters."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        del self.fields["slug"]


class EventForm(forms.Form):
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

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["fed_by"].queryset = tournament.events.filter(team_size=2)
        game_key = self.data.get("game_key") or self.initial.get("game_key") or GAME_CHOICES[0][0]
        self.game = get_game(game_key) if game_key in dict(GAME_CHOICES) else None
        self.option_names = []
        if self.game is None:
            return
        self.fields["format"].initial = self.game.format
        self.fields["team_size"].choices = [
            (size, label) for size, label in TEAM_SIZE_CHOICES if size in self.game.team_sizes
        ]
        for option in self.game.options:
            field_name = f"opt_{option.name}"
            self.option_names.append(field_name)
            if option.kind == "bool":
                field = forms.BooleanField(required=False, initial=option.default)
            elif option.kind == "choice":
                field = forms.ChoiceField(choices=option.choices, initial=option.default)
            else:
                field = forms.IntegerField(
                    initial=option.default, min_value=option.min, max_value=option.max
                )
            field.label = option.label
            field.help_text = option.help
            self.fields[field_name] = field

    def option_fields(self):
        return [self[name] for name in self.option_names]

    def options(self) -> dict:
        return {
            name.removeprefix("opt_"): self.cleaned_data[name]
            for name in self.option_names
            if name in self.cleaned_data
        }


class ChapterForm(forms.Form):
    name = forms.CharField(max_length=NAME_MAX, label="Chapter name")
    code = forms.CharField(max_length=12, required=False, label="Code")


class MergeChaptersForm(forms.Form):
    source = forms.ModelChoiceField(queryset=None, label="Merge this chapter")
    target = forms.ModelChoiceField(queryset=None, label="into this one")

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["source"].queryset = tournament.chapters.all()
        self.fields["target"].queryset = tournament.chapters.all()


OPEN_EVENTS_ERRORS = {
    "invalid_choice": (
        "An event chosen is not open for entries (drawn since the page was loaded?): "
        "reload the page and choose again."
    ),
    "invalid_pk_value": "An event chosen is not one of this tournament's: reload the page.",
    "invalid_list": "Choose events from the list.",
}


class PlayerForm(forms.Form):
    name = forms.CharField(
        max_length=NAME_MAX,
        error_messages={"required": "Type the player's name."},
        widget=forms.TextInput(attrs={"autocomplete": "off", "autofocus": True}),
    )
    chapter = forms.CharField(
        max_length=NAME_MAX,
        required=False,
        help_text="Leave empty for a player without a chapter.",
        widget=forms.TextInput(attrs={"list": "chapter-names", "autocomplete": "off"}),
    )
    events = forms.ModelMultipleChoiceField(
        queryset=Event.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        error_messages=OPEN_EVENTS_ERRORS,
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["events"].queryset = tournament.events.filter(status=Event.Status.REGISTRATION)


class YesNoForm(forms.Form):
    """One yes/no field posted as 1 or 0 by a button (check in, withdraw)."""

    def __init__(self, *args, field: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.field = field
        self.fields[field] = forms.TypedChoiceField(
            choices=[("1", "yes"), ("0", "no")],
            coerce=lambda value: value == "1",
            error_messages={
                "required": "The button sent no choice; reload the page and try again.",
                "invalid_choice": (
                    "The button sent an unknown choice; reload the page and try again."
                ),
            },
        )

    @property
    def value(self) -> bool:
        return self.cleaned_data[self.field]

    def error_text(self) -> str:
        return " ".join(message for messages in self.errors.values() for message in messages)


class RosterForm(forms.Form):
    file = forms.FileField(
        label="Roster file (CSV or XLSX)",
        help_text="First line: name, chapter. One player a line.",
    )
    events = forms.ModelMultipleChoiceField(
        queryset=Event.objects.none(),
        required=False,
        widget=forms.CheckboxSelectMultiple,
        label="Enter everyone in",
        error_messages=OPEN_EVENTS_ERRORS,
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["events"].queryset = tournament.events.filter(status=Event.Status.REGISTRATION)

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            raise forms.ValidationError("The file is larger than 5 MB; a roster never is.")
        if not upload.name.lower().endswith((".csv", ".txt", ".xlsx")):
            raise forms.ValidationError("Upload a .csv or .xlsx file.")
        return upload
