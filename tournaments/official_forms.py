"""The officials page's forms: adding an official by login name, leaving a tournament."""

from django import forms

from .forms import confirm_field


class AddOfficialForm(forms.Form):
    username = forms.CharField(
        label="Login name",
        max_length=150,
        help_text="The name they sign in with. They need an account on this desk already.",
        error_messages={
            "required": "Type the login name of the person to add.",
            "max_length": "A login name is at most 150 characters.",
        },
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "none"}),
    )


class LeaveForm(forms.Form):
    confirm = confirm_field(
        "I understand that I can no longer change this tournament",
        required=True,
        refusal="Tick the box to say you understand, then press Leave.",
    )
