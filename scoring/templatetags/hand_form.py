"""The hand form on the sheet and the table's page (`{% hand_form htmx_target="#sheet" %}`):
`sheet_form.html` drawn with the page's context; a blank form is drawn once per shape and
kept in this process.

Every hand entered, at the desk or at a table, is answered with the next hand's blank
form, and drawing it through the template was most of the answer's drawing (bench/hands.py
--profile). A blank form (not sent, holding nothing but its key and version) shows only
what its key below is made of: its boxes (names, labels, widgets, their attributes and
choices), the game's entry fields, the sides' and seats' names, the penalty rows, the
version, and the page's words and addresses around it. Two values are its own on every
answer, the form's key and the CSRF token: the kept HTML has them replaced. Any other
form (sent, with errors, a hand to correct) is drawn each time.
"""

from __future__ import annotations

from django import template
from django.utils.safestring import mark_safe

from ..kept_html import Kept, key_of

register = template.Library()

FORM_TEMPLATE = "scoring/sheet_form.html"
KEPT_FORMS = 500
_kept = Kept(KEPT_FORMS)
# What sheet_form.html reads from the page's context besides the form (and the token).
PAGE_WORDS = ("action", "preview_url", "heading", "submit_label", "cancel_url")
# The preview's own context: a page that carries one draws its form each time.
PREVIEW_WORDS = ("preview", "problem", "decision", "questions")


def _field_shape(name, field) -> tuple:
    widget = field.widget
    return (
        name,
        type(field).__qualname__,
        field.label,
        field.help_text,
        field.required,
        type(widget).__qualname__,
        tuple(widget.attrs.items()),
        getattr(widget, "fresh", None),
        tuple(getattr(field, "choices", ())),
    )


def _form_fields(form) -> tuple:
    return tuple(_field_shape(form.add_prefix(name), f) for name, f in form.fields.items())


def form_key(form, context) -> str | None:
    """Return the key of a blank form on this page, or None for a form drawn each time."""
    if form.is_bound or set(form.initial) - {"key", "version"}:
        return None
    penalties = form.penalties
    if penalties is not None and penalties.initial:
        return None
    if any(context.get(word) for word in PREVIEW_WORDS):
        return None
    shown = (
        FORM_TEMPLATE,
        type(form).__qualname__,
        form.prefix,
        form.auto_id,
        form.initial.get("version"),
        tuple(str(context.get(word) or "") for word in (*PAGE_WORDS, "htmx_target")),
        _form_fields(form),
        tuple(form.entry_fields),
        tuple((side.seat, side.name, side.short_label) for side in form.sides),
        tuple((seat.name, seat.short_label, seat.side.name) for seat in form.seats),
        None
        if penalties is None
        else (
            penalties.prefix,
            _form_fields(penalties.management_form),
            tuple(penalties.management_form.initial.items()),
            tuple(_form_fields(row) for row in penalties.forms),
        ),
    )
    return key_of(shown)


def _draw(context, htmx_target: str) -> str:
    drawn = context.template.engine.get_template(FORM_TEMPLATE)
    with context.push(htmx_target=htmx_target):
        return drawn.render(context)


@register.simple_tag(takes_context=True)
def hand_form(context, htmx_target=""):
    """Return the page's hand form (`form` in the context) drawn by sheet_form.html."""
    form = context["form"]
    with context.push(htmx_target=htmx_target):
        key = form_key(form, context)
    if key is None:
        return _draw(context, htmx_target)
    own = (str(form.initial["key"]), str(context.get("csrf_token") or ""))
    kept = _kept.get(key)
    if kept is None:
        html = _draw(context, htmx_target)
        # Kept only when each of its own values is written once, to be replaced.
        if all(value and html.count(value) == 1 for value in own):
            _kept.keep(key, (html, own))
        return html
    html, was = kept
    for old, new in zip(was, own, strict=True):
        html = html.replace(old, new)
    return mark_safe(html)
