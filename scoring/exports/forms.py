"""Forms of the export pages: they only parse; the export services decide."""

from django import forms

from tournaments.names import clean_name

from ..models import Export

BACKUP_MAX_BYTES = 200 * 1024 * 1024


class ExportForm(forms.Form):
    kind = forms.ChoiceField(label="File", choices=Export.Kind.choices)
    format = forms.ChoiceField(label="As", choices=Export.Format.choices, required=False)
    chapter = forms.ModelChoiceField(
        queryset=None, required=False, empty_label="Every chapter", label="Chapter report of"
    )

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["chapter"].queryset = tournament.chapters.order_by("name")
        self.fields["kind"].error_messages["invalid_choice"] = "Choose which file to export."


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
