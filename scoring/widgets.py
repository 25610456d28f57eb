"""How a hand's boxes look: text boxes for numbers and tiles, radio buttons for a choice.

The hand form (`scoring.forms.HandForm`) builds its fields from these; templates render
them with `{{ field }}`.
"""

from django import forms


class Box(forms.TextInput):
    """A hand's text box: Django's text input, its value written after its id."""

    template_name = "scoring/widgets/box.html"


def number_input(label: str) -> forms.IntegerField:
    """Return a box for a whole number (points, pips, tricks); blank is None."""
    # A text box, not type=number: the browser must not refuse "12" before the rules
    # can say why, and a scroll wheel must not change a score. Blank is None: whether
    # a box may stay blank is for the rules to say, in their words.
    return forms.IntegerField(
        label=label,
        required=False,
        widget=Box(
            attrs={"inputmode": "numeric", "autocomplete": "off", "size": 4, "class": "score"}
        ),
        error_messages={"invalid": "Type a whole number, like 15."},
    )


def tiles_input(label: str, *, in_grid: bool) -> forms.CharField:
    """Return a box for tiles typed as text ("[4-6] [1-1]"), wider in a grid's cell."""
    attrs = {"autocomplete": "off", "class": "tiles", "spellcheck": "false"}
    if in_grid:
        attrs = {"size": 18, **attrs}
    box = forms.CharField(label=label, required=False, max_length=400, widget=Box(attrs=attrs))
    # The browser must not cut a long entry short unseen: the form says why it is refused.
    box.widget.attrs.pop("maxlength")
    return box


class ChoiceButtons(forms.RadioSelect):
    """One radio button per answer; only the first takes the focus.

    On a form not sent yet (`fresh`), no answer ticks nothing: "Nobody" is a choice the
    official makes, not a default. Once sent, no answer is "Nobody", and shows so.
    """

    def __init__(self, *args, fresh: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fresh = fresh

    def format_value(self, value):
        if value is None and self.fresh:
            return []
        return super().format_value(value)

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if index:
            option["attrs"].pop("autofocus", None)
        return option
