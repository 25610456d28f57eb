"""URLs, split by audience: official pages under /desk/, public pages at the root."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("desk/", include("tournaments.urls_official")),
    path("desk/", include("scoring.urls_official")),
    path("", include("tournaments.urls_public")),
    path("", include("scoring.urls_public")),
]
