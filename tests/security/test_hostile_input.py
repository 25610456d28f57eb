"""Every URL, official and public, with junk query strings, headers and bodies: never a 500.

What is promised (README, "Security"): whatever a browser, a phone or a script sends,
the desk answers with a page, a refusal or a redirect, never a server error. The URLs
come from the URL configuration, so a page added later is covered without a change
here; each URL's arguments are real objects of a filled tournament (tests/security/world.py).
"""

import sys
import traceback
import warnings

import pytest
from django.core.signals import got_request_exception
from django.urls import Resolver404, resolve

from .world import filled_urls, junk_in_each_parameter

pytestmark = pytest.mark.django_db

JUNK_VALUES = [
    "\n",
    "\x00",
    "\r\nSet-Cookie: x=1",
    "<script>alert(1)</script>",
    "\u202eevil\u202c",
    "K\u212a\ufeff",
    "-1",
    "99999999999999999999999999",
    "1e309",
    "NaN",
    "x" * 5000,
    "%",
]
QUERY_KEYS = [
    "q",
    "page",
    "upload",
    "round",
    "number",
    "event",
    "game",
    "seat",
    "kind",
    "next",
    "version",
    "key",
    # Every other query key a view reads (grep request.GET in the views).
    "blank",
    "format",
    "hand",
    "chapter",
    "team",
]
RAW_QUERIES = [
    "q=%0a",
    "q=%00",
    "q=%ff%fe",
    "%ff=%ff",
    "q=a&q=b&page=1&page=x",
    "page=0",
    "page=-5",
    "&&&==&",
    "q=" + "%e2%80%ae" * 200,
]
JUNK_HEADERS = {
    "HX-Request": "true",
    "HX-Target": "lookup-results\x00\n",
    "HX-Trigger-Name": "game_key\u202e",
    "HX-Current-URL": "javascript:alert(1)",
    "If-None-Match": '"\n", *, W/"junk',
    "If-Modified-Since": "yesterday at noon",
    "Accept-Language": "xx-\x00;q=junk",
    "Range": "bytes=-1--5",
    "User-Agent": "u" * 10_000,
}


# 500s found by this suite in pages of other owners, kept visible until fixed: (URL name,
# the fault's exception type) -> where it is. Any other 500 fails the suite; an entry
# that no longer happens gives a warning, to be taken off.
KNOWN_500: dict[tuple[str, str], str] = {}


def junk_queries():
    for value in JUNK_VALUES:
        yield dict.fromkeys(QUERY_KEYS, value)
    yield from RAW_QUERIES


def junk_bodies():
    for value in JUNK_VALUES:
        yield {"data": dict.fromkeys([*QUERY_KEYS, "name", "chapter", "code", "seed"], value)}
    yield {"data": {"name": ["a", "b"], "events": ["-1", "x", "1" * 30], "file": "not a file"}}
    yield {"data": b"\xff\xfe\x00{", "content_type": "application/json"}
    yield {"data": b"--x\r\njunk", "content_type": "multipart/form-data; boundary=x"}
    yield {"data": b"a=%ff%00&b", "content_type": "application/x-www-form-urlencoded"}


def answers(client, method, path, **kwargs):
    """Return the status of the request; a 500 carries the last line of its traceback."""
    faults = []

    def record(sender, request, **extra):
        faults.append("".join(traceback.format_exception(*sys.exc_info())[-1:]).strip())

    got_request_exception.connect(record)
    try:
        response = getattr(client, method)(path, **kwargs)
    finally:
        got_request_exception.disconnect(record)
    if response.status_code >= 500:
        return f"{response.status_code} {' | '.join(faults)}"
    return response.status_code


def check_no_500(client, urls):
    failures = []
    for name, path in urls:
        for query in junk_queries():
            status = answers(
                client,
                "get",
                path,
                **({"QUERY_STRING": query} if isinstance(query, str) else {"data": query}),
            )
            if isinstance(status, str):
                failures.append(
                    ("GET", name, path, query if isinstance(query, str) else "junk", status)
                )
        status = answers(client, "get", path, headers=JUNK_HEADERS)
        if isinstance(status, str):
            failures.append(("GET", name, path, "junk headers", status))
        for body in junk_bodies():
            status = answers(client, "post", path, headers=JUNK_HEADERS, **body)
            if isinstance(status, str):
                failures.append(("POST", name, path, repr(body)[:60], status))
    return failures


def unknown(failures):
    """Return the failures not on KNOWN_500; warn about known ones that are gone."""
    seen, left = set(), []
    for failure in failures:
        name, fault = failure[1], str(failure[-1])
        key = next((k for k in KNOWN_500 if k[0] == name and f" {k[1]}:" in fault), None)
        if key is None:
            left.append(failure)
        else:
            seen.add(key)
    return left, seen


def test_every_official_url_answers_junk_without_a_500(raw_official, world):
    # Logging out would leave the rest of the walk to an anonymous visitor.
    urls = [u for u in filled_urls(world, namespaces={"desk", "scoring", ""}) if u[0] != "logout"]
    assert len(urls) > 40
    failures, known = unknown(check_no_500(raw_official, urls))
    assert not failures, "\n".join(map(str, failures))
    for key in set(KNOWN_500) - known:
        warnings.warn(f"fixed: take {key} off KNOWN_500", stacklevel=1)


def test_every_public_url_answers_junk_without_a_500(raw_anonymous, world):
    urls = filled_urls(world, namespaces={"public", "scoring_public", ""})
    assert any(path.startswith("/t/") for _, path in urls)
    failures = check_no_500(raw_anonymous, urls)
    assert not failures, "\n".join(map(str, failures))


def test_every_url_answers_junk_to_an_outsider_without_a_500(raw_anonymous, world):
    """Outsiders are refused (login or 403) before junk is read; still never a 500."""
    urls = filled_urls(world, namespaces={"desk", "scoring"})
    failures = check_no_500(raw_anonymous, urls[:: max(1, len(urls) // 15)])
    assert not failures, "\n".join(map(str, failures))


# What never names anything: a NUL byte (PostgreSQL refuses it inside a query's text),
# a NUL inside a real-looking value, the percent sign, dots, a space, a Kelvin sign.
URL_JUNK = ["\x00", "a\x00b", "1\x00", "%", "..", " ", "\u212a"]


@pytest.mark.parametrize("junk", URL_JUNK, ids=repr)
def test_junk_in_any_url_parameter_is_not_found_before_any_view(junk, raw_official, world):
    """Tokens, slugs and ids in a URL match only their own alphabet (config/converters.py):
    junk in any of them is "not found" by the resolver, on every database; the API's
    paths check theirs (422, with what is wrong)."""
    failures = []
    for name, wrong, path in junk_in_each_parameter(world, junk):
        status = answers(raw_official, "get", path)
        if name.startswith("api:"):
            expected = {404, 422}
        else:
            expected = {404}
            try:
                resolve(path)
            except Resolver404:
                pass
            else:
                failures.append((name, wrong, path, "reaches its view"))
        if status not in expected:
            failures.append((name, wrong, path, status))
        if not name.startswith("api:"):
            status = answers(raw_official, "post", path, data={"x": "1"})
            if status not in expected:
                failures.append(("POST", name, wrong, path, status))
    assert not failures, "\n".join(map(str, failures))


def test_a_url_parameter_too_long_for_its_column_is_refused(raw_official, world):
    """A slug or a token longer than any stored: refused (not found, or the link's page
    saying it is not one the desk made), never looked up as a 500."""
    failures = [
        (name, wrong, path, status)
        for name, wrong, path in junk_in_each_parameter(world, "x" * 65)
        if (status := answers(raw_official, "get", path)) not in {403, 404, 422}
    ]
    assert not failures, "\n".join(map(str, failures))
