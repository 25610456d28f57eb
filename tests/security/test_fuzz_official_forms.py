"""Junk posted to every official form: never a 500, a message saying what is wrong, nothing changed.

The forms are found by reading every official page of a filled tournament (so a form
added later is covered): each field gets junk of its kind (empty, huge, unicode, negative,
wrong types), and the database must be exactly as it was after each refusal.
"""

import itertools
import re
import sys
import traceback
from html.parser import HTMLParser

import pytest
from django.apps import apps
from django.core.signals import got_request_exception
from django.urls import Resolver404, resolve

from .world import filled_urls

pytestmark = pytest.mark.django_db

SKIPPED_FIELDS = {"csrfmiddlewaretoken"}
# Apps whose rows must not change when junk is refused.
WATCHED_APPS = ("tournaments", "scoring", "auth")


class Forms(HTMLParser):
    """Collect each POST form of a page: its action and its fields with their kind."""

    def __init__(self, page_path):
        super().__init__()
        self.page_path = page_path
        self.forms = []
        self._current = None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            method = (attrs.get("method") or "get").lower()
            action = attrs.get("hx-post") or attrs.get("action") or self.page_path
            if method == "post" or "hx-post" in attrs:
                self._current = {"action": action.split("?")[0], "fields": {}}
                self.forms.append(self._current)
            return
        if self._current is None or tag not in ("input", "select", "textarea"):
            return
        name = attrs.get("name")
        if not name or name in SKIPPED_FIELDS:
            return
        kind = attrs.get("type", "text") if tag == "input" else tag
        field = self._current["fields"].setdefault(
            name, {"kind": kind, "required": False, "values": set()}
        )
        field["required"] |= "required" in attrs
        if "value" in attrs:
            field["values"].add(attrs["value"])

    def handle_endtag(self, tag):
        if tag == "form":
            self._current = None


def junk_for(kind: str, junk: str):
    """Return junk of one sort for a field of one kind (None: leave the field out)."""
    numbers = {
        "empty": "",
        "huge": "9" * 5000,
        "unicode": "\u0661\u202e\u00bd",
        "negative": "-1",
        "wrong_type": ["abc", "\x00"],
    }
    texts = {
        "empty": "",
        "huge": "x" * 100_000,
        "unicode": "\u202e\u2066\u200b\ufeff",
        "negative": "-1\x00",
        "wrong_type": ["a", "\x00"],
    }
    if kind == "number":
        return numbers[junk]
    if kind in ("checkbox", "radio", "select", "hidden"):
        choices = {
            "empty": "",
            "huge": "9" * 5000,
            "unicode": "\u212a\u0000",
            "negative": "-1",
            "wrong_type": ["x", "-2"],
        }
        return choices[junk]
    if kind == "file":
        return texts[junk]
    return texts[junk]


def snapshot():
    """Return every row of the watched apps, field by field."""
    rows = {}
    for model in apps.get_models():
        if model._meta.app_label in WATCHED_APPS and not model._meta.proxy:
            rows[model._meta.label] = list(model.objects.order_by("pk").values())
    return rows


def official_forms(client, world):
    """Return {(action, field names): fields} for every form on every official page."""
    found, shapes = {}, set()
    for _, path in filled_urls(world, namespaces={"desk", "scoring", ""}):
        if path.startswith(("/logout", "/admin")):
            continue
        response = client.get(path)
        if response.status_code != 200 or "html" not in response.get("Content-Type", ""):
            continue
        parser = Forms(path)
        parser.feed(response.content.decode())
        for form in parser.forms:
            action = form["action"]
            try:
                resolve(action)
            except Resolver404:
                continue
            if action.startswith(("/logout", "/login")):
                continue
            # One form of each shape: every player's check-in form is the same form.
            shape = (re.sub(r"/\d+/", "/N/", action), tuple(sorted(form["fields"])))
            if shape not in shapes:
                shapes.add(shape)
                found[(action, shape[1])] = form["fields"]
    return found


def post(client, path, data):
    faults = []

    def record(sender, request, **extra):
        faults.append(traceback.format_exception(*sys.exc_info())[-1].strip())

    got_request_exception.connect(record)
    try:
        response = client.post(path, data)
    finally:
        got_request_exception.disconnect(record)
    return response, faults


JUNK = ["empty", "huge", "unicode", "negative", "wrong_type"]


def test_junk_in_every_official_form_is_refused_and_changes_nothing(raw_official, world):
    forms = official_forms(raw_official, world)
    actions = {action for action, _ in forms}
    assert len(forms) >= 15, sorted(actions)
    problems = []
    for ((action, _names), fields), junk in itertools.product(forms.items(), JUNK):
        if not fields:
            continue  # a button and nothing else: there is nothing to type junk into
        if junk == "empty" and not any(f["required"] for f in fields.values()):
            continue  # nothing required: empty is what its button sends
        data = {name: junk_for(field["kind"], junk) for name, field in fields.items()}
        before = snapshot()
        response, faults = post(raw_official, action, data)
        if response.status_code >= 500:
            problems.append((action, junk, response.status_code, faults))
            continue
        after = snapshot()
        if after != before:
            changed = [label for label in before if before[label] != after[label]]
            problems.append((action, junk, response.status_code, f"changed {changed}"))
            continue
        if response.status_code == 302:
            response = raw_official.get(response["Location"])
        if response.status_code in (200, 422) and "html" in response.get("Content-Type", ""):
            text = response.content.decode()
            if not any(mark in text for mark in ('role="alert"', "field-error", "msg-error")):
                problems.append((action, junk, response.status_code, "no message shown"))
    assert not problems, "\n".join(map(str, problems))


def holds_nul(value) -> bool:
    """Whether a NUL byte is anywhere in a snapshot (rows, their JSON fields included)."""
    if isinstance(value, str):
        return "\x00" in value
    if isinstance(value, dict):
        return any(holds_nul(v) for v in value.values())
    if isinstance(value, list | tuple):
        return any(holds_nul(v) for v in value)
    return False


def test_a_nul_byte_in_any_one_field_is_refused_and_changes_nothing(raw_official, world):
    """Each field alone gets a NUL byte, the others what the page offers: never a 500
    (PostgreSQL refuses a NUL inside a query's text) and never a NUL stored. A box
    ticked with any value is ticked, as a browser's "on" is; the rest is refused."""
    problems = []
    for (action, _names), fields in official_forms(raw_official, world).items():
        offered = {
            name: sorted(field["values"])[0] if field["values"] else "1"
            for name, field in fields.items()
        }
        for name in fields:
            response, faults = post(raw_official, action, {**offered, name: "a\x00"})
            if response.status_code >= 500:
                problems.append((action, name, response.status_code, faults))
            elif holds_nul(snapshot()):
                problems.append((action, name, response.status_code, "a NUL was stored"))
    assert not problems, "\n".join(map(str, problems))
