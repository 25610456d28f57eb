"""The hand form on the sheet and the table's page (`{% hand_form htmx_target="#sheet" %}`):
`sheet_form.html` drawn with the page's context; a blank form is drawn once per shape and
kept in this process.

Every hand entered, at the desk or at a table, is answered with the next hand's blank
form, and drawing it through the template was most of the answer's drawing (bench/hands.py
--profile). A blank form (not sent, holding nothing but its key and version) shows only
what its key below is made of: its boxes (names, labels, widgets, their attributes and
choices), the game's entry fields, the sides' and seats' names, the penalty rows and the
page's addresses around it. Five values change from answer to answer and are written
into the kept HTML each time, escaped as the template escapes them: the form's key and
version, the CSRF token, the heading and the button's words. Any other form (sent, with
errors, a hand to correct, beside a preview) is drawn each time. The pages' next hand's
form comes as `forms.BlankHand`, not built yet: kept under what it is built from
(`blank_key`), it is not built at all once its shape has been drawn.
"""

from __future__ import annotations

import secrets

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from ..blank_hand import BlankHand
from ..kept_html import Kept, key_of

register = template.Library()

FORM_TEMPLATE = "scoring/sheet_form.html"
KEPT_FORMS = 500
_kept = Kept(KEPT_FORMS)
# What sheet_form.html reads from the page's context besides the form (and the token).
PAGE_WORDS = ("action", "preview_url", "cancel_url")
# Where a kept form writes this answer's own values: the form's key and version, the
# CSRF token, the heading and the button's words ("Hand 12", "Save hand 12").
_MARKS = tuple(
    f"hand-form-{secrets.token_hex(8)}-{name}"
    for name in ("key", "version", "token", "heading", "button")
)
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


def _draw(context, **more) -> str:
    drawn = context.template.engine.get_template(FORM_TEMPLATE)
    with context.push(**more):
        return drawn.render(context)


def _own_values(form, context) -> dict[str, str]:
    """Return this answer's own values by their marks: what a kept form has replaced."""
    return {
        _MARKS[0]: str(form["key"]),
        _MARKS[1]: str(form["version"]),
        _MARKS[2]: str(context.get("csrf_token") or ""),
        _MARKS[3]: conditional_escape(context.get("heading") or ""),
        _MARKS[4]: conditional_escape(context.get("submit_label") or ""),
    }


def _fill(html: str, own: dict[str, str]) -> str:
    for mark, value in own.items():
        html = html.replace(mark, value)
    return mark_safe(html)


def blank_key(form, context) -> str | None:
    """Return the key of a blank form not built yet (`forms.BlankHand`) on this page: what
    it is built from and the page's words around it; None beside a preview."""
    if any(context.get(word) for word in PREVIEW_WORDS):
        return None
    page = tuple(str(context.get(word) or "") for word in (*PAGE_WORDS, "htmx_target"))
    return key_of(("blank", FORM_TEMPLATE, page, form.shape()))


@register.simple_tag(takes_context=True)
def hand_form(context, htmx_target=""):
    """Return the page's hand form (`form` in the context) drawn by sheet_form.html."""
    form = context["form"]
    if not isinstance(form, BlankHand):
        return _hand_form(context, htmx_target)
    with context.push(htmx_target=htmx_target):
        shape = blank_key(form, context)
    kept = _kept.get(shape) if shape is not None else None
    if kept is not None:
        return _fill(kept, _own_values(form, context))
    with context.push(form=form.built()):
        return _hand_form(context, htmx_target, shape=shape)


def _hand_form(context, htmx_target: str, shape: str | None = None) -> str:
    """Draw the form, or fill in the one kept under its key; keep it under `shape` too."""
    form = context["form"]
    with context.push(htmx_target=htmx_target):
        key = form_key(form, context)
    if key is None:
        return _draw(context, htmx_target=htmx_target)
    own = _own_values(form, context)
    kept = _kept.get(key)
    if kept is None:
        # Drawn with marks for its heading and button, then its key, version and token
        # marked too; kept only when each mark is written once.
        marked = _draw(context, htmx_target=htmx_target, heading=_MARKS[3], submit_label=_MARKS[4])
        for mark in _MARKS[:3]:
            marked = marked.replace(own[mark], mark) if own[mark] else marked
        if not all(marked.count(mark) == 1 for mark in _MARKS):
            return _fill(marked, own)
        _kept.keep(key, marked)
        kept = marked
    if shape is not None:
        _kept.keep(shape, kept)
    return _fill(kept, own)
