"""How a hand's boxes look: text boxes for numbers and tiles, radio buttons for a choice.

The hand form (`scoring.forms.HandForm`) builds its fields from these; templates render
them with `{{ field }}`.
"""

import html

from django import forms
from django.utils.safestring import mark_safe

# The hand form's widgets are written here, as Django's templates (and our box.html)
# write them, character for character (tests/scoring/test_widgets_written.py): a sheet
# shows a dozen boxes and two penalty rows, and each through a template cost more than
# the rest of its form (bench/hands.py).


def _text(value) -> str:
    """Return the value escaped as Django's conditional_escape does it (already safe text
    as it is), without its lazy-text wrapper: a form writes some 250 of them."""
    text = str(value)
    return text.__html__() if hasattr(text, "__html__") else html.escape(text)


def _attrs(attrs: dict) -> str:
    """Return attributes as Django's attrs.html writes them."""
    return "".join(
        f" {_text(name)}" if value is True else f' {_text(name)}="{_text(value)}"'
        for name, value in attrs.items()
        if value is not False
    )


def _input(widget: dict, *, value_last: bool) -> str:
    """Return the <input> of Django's input.html, or of our box.html (`value_last`)."""
    value = widget["value"]
    shown = f' value="{_text(value)}"' if value is not None else ""
    attrs = _attrs(widget["attrs"])
    head = f'<input type="{_text(widget["type"])}" name="{_text(widget["name"])}"'
    return mark_safe(f"{head}{attrs}{shown}>" if value_last else f"{head}{shown}{attrs}>")


class Box(forms.TextInput):
    """A hand's text box: Django's text input, its value written after its id."""

    template_name = "scoring/widgets/box.html"  # what `render` writes, kept as the spec

    def render(self, name, value, attrs=None, renderer=None):
        return _input(self.get_context(name, value, attrs)["widget"], value_last=True)


class Hidden(forms.HiddenInput):
    """Django's hidden input, written without its template (a form key, a version)."""

    def render(self, name, value, attrs=None, renderer=None):
        return _input(self.get_context(name, value, attrs)["widget"], value_last=False)


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


class Choices(forms.Select):
    """Django's select (a penalty's who and why), written without its templates."""

    def render(self, name, value, attrs=None, renderer=None):
        widget = self.get_context(name, value, attrs)["widget"]
        out = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
        for group_name, group_choices, _ in widget["optgroups"]:
            if group_name:
                out.append(f'\n  <optgroup label="{_text(group_name)}">')
            for option in group_choices:
                out.append(
                    f'\n  <option value="{_text(option["value"])}"{_attrs(option["attrs"])}>'
                    f"{_text(option['label'])}</option>\n"  # the option's template ends so
                )
            if group_name:
                out.append("\n  </optgroup>")
        out.append("\n</select>")
        return mark_safe("".join(out))


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

    def _render(self, template_name, context, renderer=None):
        # A radio's own <input> (BoundWidget.tag, as the templates ask for it), written here;
        # anything else (a label wrapped round it, the whole list) through the templates.
        widget = context["widget"]
        if template_name == self.option_template_name and not widget.get("wrap_label"):
            return _input(widget, value_last=False)
        return super()._render(template_name, context, renderer)

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if index:
            option["attrs"].pop("autofocus", None)
        return option
