"""Forms of the season pages: they only parse; the services and `games.seasons` decide."""

from django import forms

from games import seasons as rules
from tournaments.models import Event, Tournament


class SeasonForm(forms.Form):
    name = forms.CharField(max_length=120, label="Season's name")
    year = forms.IntegerField(
        label="Year", widget=forms.NumberInput(attrs={"inputmode": "numeric"})
    )
    organiser = forms.CharField(
        max_length=120, required=False, label="Organiser", help_text="e.g. Texas Good Sam chapters"
    )


class PointsForm(forms.Form):
    bracket = forms.CharField(
        max_length=200,
        label="Bracket events",
        help_text="Winner, second, each shared third, each shared fifth, ...: 10, 7, 5, 3",
    )
    rounds = forms.CharField(
        max_length=200, label="Rounds events", help_text="First, second, third, ...: 10, 7, 5, 3"
    )
    playing = forms.IntegerField(
        min_value=0, max_value=rules.MAX_POINTS, label="Points for playing an event"
    )
    chapters = forms.ChoiceField(
        label="Chapter points",
        choices=[
            (rules.EVERY_MEMBER, "Every member's points"),
            (rules.BEST_N, "The best members' points each tournament"),
        ],
        widget=forms.RadioSelect,
    )
    best = forms.IntegerField(
        min_value=1, max_value=50, label="How many best members count", required=False
    )

    @classmethod
    def for_rule(cls, rule: rules.PointsRule):
        return cls(
            initial={
                "bracket": ", ".join(map(str, rule.bracket)),
                "rounds": ", ".join(map(str, rule.rounds)),
                "playing": rule.playing,
                "chapters": rule.chapters,
                "best": rule.best,
            }
        )


class AddTournamentForm(forms.Form):
    tournament = forms.ModelChoiceField(queryset=Tournament.objects.none(), label="Tournament")

    def __init__(self, *args, user, season, **kwargs):
        super().__init__(*args, **kwargs)
        mine = Tournament.objects.all() if user.is_superuser else user.officiated_tournaments
        self.fields["tournament"].queryset = (
            mine.filter(events__status=Event.Status.FINISHED)
            .exclude(season_entries__season=season)
            .distinct()
            .order_by("-starts_on", "name")
        )
