"""A lost database connection, as the web sees it, on any database: the 503 page that
needs no database, and the `NotSaved` a form view shows. The real connection killed
mid-request is in tests/services/test_faults_database.py (PostgreSQL)."""

import pytest
from django.db import InterfaceError, OperationalError
from django.test import RequestFactory
from django.utils.html import escape

from tournaments import faults

pytestmark = pytest.mark.django_db


def lost(*args, **kwargs):
    raise OperationalError("server closed the connection unexpectedly")


def middleware():
    return faults.DatabaseFaultMiddleware(lambda request: None)


def test_a_service_that_loses_its_connection_raises_not_saved():
    with pytest.raises(faults.NotSaved, match="Not saved: the database connection was lost"):
        faults.not_saved_on_db_fault(lost)(game=1)
    assert faults.not_saved_on_db_fault(lambda **kw: kw)(game=1) == {"game": 1}


def test_a_lost_connection_on_a_form_offers_its_fields_again_but_never_a_password():
    request = RequestFactory().post(
        "/desk/rally/chapters/?x=1",
        {"name": "Alamo <Sams>", "new_password": "secret-typed", "tag": ["a", "b"]},
    )
    response = middleware().process_exception(request, InterfaceError("connection already closed"))
    assert response.status_code == 503 and response.headers["Retry-After"] == "5"
    html = response.content.decode()
    assert escape(faults.NOT_SAVED) in html
    assert 'action="/desk/rally/chapters/?x=1"' in html
    assert 'name="name" value="Alamo &lt;Sams&gt;"' in html
    assert html.count('name="tag"') == 2
    assert "secret-typed" not in html


def test_a_lost_connection_on_a_page_says_try_again_in_a_moment():
    request = RequestFactory().get("/t/rally/")
    response = middleware().process_exception(request, OperationalError("gone"))
    assert response.status_code == 503
    assert escape(faults.NOT_ANSWERING) in response.content.decode()
    assert "<form" not in response.content.decode()


def test_other_faults_are_left_to_django():
    request = RequestFactory().post("/x/")
    assert middleware().process_exception(request, ValueError("not a database fault")) is None
    assert middleware()(request) is None
