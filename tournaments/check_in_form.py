"""The form that checks in many players at once (tournaments/forms.py is full)."""

from django import forms

from .forms import chapter_choices
from .selectors import NO_CHAPTER


class BulkCheckInForm(forms.Form):
    """Players ticked on the list, or everyone of one chapter (`check_in`)."""

    TICKED, CHAPTER = "ticked", "chapter"

    players = forms.ModelMultipleChoiceField(
        queryset=None,
        required=False,
        error_messages={
            "invalid_choice": "A player ticked is not registered in this tournament (removed "
            "since the page was loaded?): reload the page and tick again.",
            "invalid_pk_value": "A player ticked is not one of this tournament's: reload the page.",
            "invalid_list": "Tick players from the list.",
        },
    )
    chapter = forms.ChoiceField(
        required=False,
        label="Check in everyone of",
        error_messages={
            "invalid_choice": "That chapter is not one of this tournament's: choose from the "
            "list (it may have been merged or renamed since the page was loaded)."
        },
    )
    check_in = forms.ChoiceField(
        choices=[(TICKED, "the players ticked"), (CHAPTER, "everyone of the chapter")],
        error_messages={
            "required": "Press one of the Check in buttons.",
            "invalid_choice": "Press one of the Check in buttons.",
        },
    )

    def __init__(self, *args, tournament, **kwargs):
        kwargs.setdefault("auto_id", "check-in-%s")  # the page's other form has a chapter too
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["players"].queryset = tournament.players.all()
        self.fields["chapter"].choices = [
            ("", "Choose a chapter"),
            *chapter_choices(tournament)[1:],
        ]

    def clean(self):
        data = super().clean()
        if self.errors:
            return data
        if data["check_in"] == self.CHAPTER and not data.get("chapter"):
            self.add_error("chapter", "Choose the chapter whose players to check in.")
        elif data["check_in"] == self.TICKED and not data.get("players"):
            self.add_error(
                "players", "Nobody was checked in: tick the players first, or choose a chapter."
            )
        return data

    def chapter_names(self) -> list[str]:
        """Return the tournament's chapters' names (read once, with the choices)."""
        return [
            name for value, name in self.fields["chapter"].choices if value not in ("", NO_CHAPTER)
        ]

    @property
    def ticked(self) -> bool:
        return self.cleaned_data["check_in"] == self.TICKED

    def chosen_chapter(self):
        """Return the chapter chosen, or NO_CHAPTER for the players without one."""
        value = self.cleaned_data["chapter"]
        return NO_CHAPTER if value == NO_CHAPTER else self.tournament.chapters.get(pk=value)
