"""The read-only API's URLs, mounted at /api/ by config/urls.py."""

from django.urls import path

from . import api

urlpatterns = [path("", api.urls)]
