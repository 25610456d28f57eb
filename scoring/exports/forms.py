"""Forms of the export pages: they only parse; the export services decide."""

from django import forms

from tournaments.names import clean_name

from ..models import Export
from . import KIND_FORMATS

BACKUP_MAX_BYTES = 200 * 1024 * 1024
CHOOSE = "Choose which file to export."


def file_choices() -> list[tuple[str, str]]:
    """Return every file the exports page offers, each in a format it comes in:
    ("games.csv", "Games with their results: CSV"). The backup has its own page."""
    return [
        (f"{kind}.{format}", f"{Export.Kind(kind).label}: {Export.Format(format).label}")
        for kind, formats in KIND_FORMATS.items()
        if kind != Export.Kind.BACKUP
        for format in formats
    ]


class ExportForm(forms.Form):
    """A file to build: `file` ("games.csv") from the exports page, or `kind` and `format`
    posted by a page that builds one kind (the backup page)."""

    file = forms.ChoiceField(label="File", choices=file_choices, required=False)
    kind = forms.ChoiceField(choices=Export.Kind.choices, required=False, widget=forms.HiddenInput)
    format = forms.ChoiceField(
        choices=Export.Format.choices, required=False, widget=forms.HiddenInput
    )
    chapter = forms.ModelChoiceField(
        queryset=None, required=False, empty_label="Every chapter", label="Chapter report of"
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["chapter"].queryset = tournament.chapters.order_by("name")
        for name in ("file", "kind"):
            self.fields[name].error_messages["invalid_choice"] = CHOOSE

    def clean(self):
        data = super().clean()
        if data.get("file"):
            data["kind"], data["format"] = data["file"].split(".", 1)
        elif not data.get("kind") and not self.errors:
            raise forms.ValidationError(CHOOSE)
        return data


class RestoreForm(forms.Form):
    file = forms.FileField(label="Backup file (.json)")
    slug = forms.SlugField(
        max_length=40,
        required=False,
        label="New public address",
        help_text="Needed when a tournament at the file's address exists already.",
    )

    def clean_file(self):
        file = self.cleaned_data["file"]
        if file.size > BACKUP_MAX_BYTES:
            raise forms.ValidationError("The file is larger than any backup of a tournament.")
        return file


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        max_length=80, label="What the token is for", help_text="e.g. the state association's site"
    )

    def clean_name(self):
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise forms.ValidationError("Say in a few words what the token is for.")
        return name
