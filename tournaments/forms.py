"""Forms only parse: they turn typed text into values; services and rules decide."""

from django import forms

from .errors import RulesError
from .models import Event, Player
from .roster import NAME_MAX
from .selectors import NO_CHAPTER

MAX_UPLOAD_BYTES = 5 * 1024 * 1024


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
        from .services.tournaments import check_slug

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


class ConfirmBox(forms.CheckboxInput):
    """A checkbox that confirms only when it posts "yes" (junk is not a confirmation)."""

    def __init__(self, attrs=None):
        super().__init__({**(attrs or {}), "value": "yes"}, check_test=lambda v: v == "yes")

    def format_value(self, value):
        return None

    def value_from_datadict(self, data, files, name):
        return data.get(name, "")


def confirm_field(label: str, *, required: bool, refusal: str) -> forms.ChoiceField:
    """Return a ticked-box field: "yes" when ticked, "" when not (refused if required)."""
    return forms.ChoiceField(
        choices=[("yes", label)],
        required=required,
        widget=ConfirmBox(),
        label=label,
        error_messages={"required": refusal, "invalid_choice": refusal},
    )


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


# Entering players in an event, in bulk ------------------------------------------------------


def chapter_choices(tournament) -> list[tuple[str, str]]:
    return [
        ("", "All chapters"),
        (NO_CHAPTER, "No chapter"),
        *((str(pk), name) for pk, name in tournament.chapters.values_list("pk", "name")),
    ]


class EntryFilterForm(forms.Form):
    """The bulk-entry page's filter (a GET form, so it works without JavaScript)."""

    chapter = forms.ChoiceField(
        required=False,
        label="Show the players of",
        error_messages={
            "invalid_choice": "That chapter is not one of this tournament's: choose from the "
            "list (it may have been merged or renamed since the page was loaded)."
        },
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["chapter"].choices = chapter_choices(tournament)

    def chosen_chapter(self):
        """Return the chapter chosen, NO_CHAPTER, or None for every player."""
        value = self.cleaned_data.get("chapter", "") if self.is_bound and self.is_valid() else ""
        if not value:
            return None
        if value == NO_CHAPTER:
            return NO_CHAPTER
        return self.tournament.chapters.get(pk=value)


class PlayerBoxes(forms.CheckboxSelectMultiple):
    """One checkbox a player; a player entered already (shown ticked) or withdrawn cannot
    be ticked."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        player = getattr(value, "instance", None)
        if player is not None and (getattr(player, "entered", False) or player.withdrawn):
            option["attrs"]["disabled"] = True
        if player is not None and getattr(player, "entered", False):
            option["attrs"]["checked"] = True  # shown ticked: in the event already
        return option


class BulkEntryForm(forms.Form):
    """Players ticked, or every checked-in player of the chapter shown (`enter`)."""

    TICKED, CHECKED_IN = "ticked", "checked_in"

    players = forms.ModelMultipleChoiceField(
        queryset=Player.objects.none(),
        required=False,
        widget=PlayerBoxes,
        label="Players to enter",
        error_messages={
            "invalid_choice": "A player ticked is not registered in this tournament (removed "
            "since the page was loaded?): reload the page and tick again.",
            "invalid_pk_value": "A player ticked is not one of this tournament's: reload the page.",
            "invalid_list": "Tick players from the list.",
        },
    )
    enter = forms.ChoiceField(
        choices=[(TICKED, "the players ticked"), (CHECKED_IN, "all checked-in players")],
        required=False,
        error_messages={"invalid_choice": "Press one of the Enter buttons."},
    )
    chapter = forms.ChoiceField(
        required=False,
        error_messages={
            "invalid_choice": "The chapter shown is not one of this tournament's: reload the page."
        },
    )

    def __init__(self, *args, tournament, shown=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["players"].queryset = shown if shown is not None else tournament.players.all()
        self.fields["chapter"].choices = chapter_choices(tournament)
        self.fields["chapter"].widget = forms.HiddenInput()

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data.get("enter") != self.CHECKED_IN and not data.get("players"):
            raise forms.ValidationError(
                "Nobody was entered: tick the players to enter, or press “Enter all "
                "checked-in players”."
            )
        return data

    @property
    def everyone_checked_in(self) -> bool:
        return self.cleaned_data.get("enter") == self.CHECKED_IN
