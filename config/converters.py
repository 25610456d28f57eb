"""URL converters: a URL part that cannot be what it names never reaches a view.

A link's secret (an invitation, a chapter's report link) is made by
`secrets.token_urlsafe`, so its alphabet is letters, digits, "-" and "_", and the
columns keep at most 64 characters. Anything else in that place (a NUL byte, a "%", a
space, a dot) is "not found" by the URL resolver, before any query: PostgreSQL refuses
a NUL in a query's text with an error, SQLite does not, and neither sees it now.
Slugs and ids use Django's own `slug` and `int`, which match only their alphabet too.
Registered once, when this module is first imported (config/urls.py imports it).
"""

from django.urls import register_converter

TOKEN_MAX = 64


class TokenConverter:
    """A link's secret: 1 to 64 characters of the URL-safe base64 alphabet."""

    regex = rf"[-A-Za-z0-9_]{{1,{TOKEN_MAX}}}"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


register_converter(TokenConverter, "token")
