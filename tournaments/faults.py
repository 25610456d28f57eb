"""A database connection lost in the middle of a request: "not saved, try again", never a 500.

PostgreSQL restarted, or a connection killed, while an official saves something: the
service's transaction is rolled back as a whole (nothing half-written), and what the
official typed must come back to them with a plain message. Two pieces:

- `not_saved_on_db_fault(service)` wraps a service call made by a form view: a lost
  connection becomes `NotSaved`, a `DeskError` the view already shows on the form with
  the typed entry, and the connection is dropped so the view's next query (the page it
  renders) opens a new one. The hand form applies it (scoring/views/sheet.py).
- `DatabaseFaultMiddleware`, for every other view: a lost connection answers 503 with
  a page that needs no database. A form's page says it was not saved and offers to send
  the same entry again (the fields it posted, passwords left out); any other page says
  the database did not answer and to try again in a moment. Either is logged.

The next request opens a new connection: `CONN_HEALTH_CHECKS` (settings) checks a kept
connection before a request uses it.
"""

from __future__ import annotations

import functools
import logging

from django.db import DatabaseError, InterfaceError, OperationalError, connection
from django.http import HttpRequest, HttpResponse
from django.template.loader import render_to_string

from .errors import DeskError

log = logging.getLogger(__name__)

# What a lost or refused connection raises (psycopg's errors, as Django wraps them).
DB_FAULTS = (OperationalError, InterfaceError)
NOT_SAVED = "Not saved: the database connection was lost; try again."
NOT_ANSWERING = "The desk's database did not answer. Nothing was changed: try again in a moment."
RETRY_AFTER_SECONDS = 5


class NotSaved(DeskError):
    """The database connection was lost before the change was saved; nothing was written."""


def drop_connection() -> None:
    """Close the connection a fault left behind, so the next query opens a new one.

    Inside a transaction (a test's, or ATOMIC_REQUESTS) it is left to the transaction's end.
    """
    if connection.in_atomic_block:
        return
    try:
        connection.close()
    except DatabaseError:
        log.warning("Closing the lost database connection failed", exc_info=True)


def not_saved_on_db_fault(service):
    """Wrap a service call: a lost database connection raises `NotSaved` (see the module)."""

    @functools.wraps(service)
    def call(*args, **kwargs):
        try:
            return service(*args, **kwargs)
        except DB_FAULTS as exc:
            log.warning("%s: the database connection was lost: %s", service.__name__, exc)
            drop_connection()
            raise NotSaved(NOT_SAVED) from exc

    return call


class DatabaseFaultMiddleware:
    """Answer a view's lost database connection with a 503 page that needs no database."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception):
        if not isinstance(exception, DB_FAULTS):
            return None
        log.warning(
            "%s %s: the database connection was lost: %s", request.method, request.path, exception
        )
        drop_connection()
        posted = request.method == "POST"
        context = {
            "message": NOT_SAVED if posted else NOT_ANSWERING,
            "path": request.get_full_path(),
            "fields": _fields_to_send_again(request) if posted else None,
        }
        response = HttpResponse(render_to_string("faults/database.html", context), status=503)
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
        response.headers["Cache-Control"] = "no-store"
        return response


def _fields_to_send_again(request: HttpRequest) -> list[tuple[str, str]]:
    """The posted fields, to send again as they were typed (a password is typed again)."""
    return [
        (name, value)
        for name, values in request.POST.lists()
        if "password" not in name.lower()
        for value in values
    ]
