"""One way for a page to refuse: a service's `RulesError` caught once, its message put in
the one place every page puts it, and the page answered 422 with nothing changed.

Where the message goes (the same rule on every page):
- the official posted a form: on that form, at the field the refusal names (the view's
  `field`, or the field the rules name for a hand, `HandForm.add_rule_error`), else at
  the top of the form;
- a button without a form (rename a chapter, revoke a link): in the page's messages.

Use:

    with refusal(request, form=form) as refused:
        services.add_chapter(...)
    if not refused:
        messages.success(request, "Chapter added.")
        return redirect(...)
    return render(request, page, context, status=refused.status)

A page that shows the reason its own way (a player's row, a game's result box) reads
`refused.message` and places nothing (`refusal()` without a request or a form).
"""

from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpRequest

from ..errors import RulesError

# The answer to an action refused: the request was understood, and nothing was changed.
REFUSED = 422


@dataclass
class Refused:
    """The refusal `refusal` caught, if any: false until a service refused."""

    error: RulesError | None = None

    def __bool__(self) -> bool:
        return self.error is not None

    @property
    def message(self) -> str:
        return str(self.error) if self.error is not None else ""

    @property
    def status(self) -> int:
        """The page's status: 422 after a refusal, else 200."""
        return REFUSED if self else 200


def place_refusal(request: HttpRequest | None, error: RulesError, *, form=None, field=None):
    """Put a refusal's message where every page puts it (see the module's docstring)."""
    if form is not None:
        if field is None and hasattr(form, "add_rule_error"):
            form.add_rule_error(error)  # a hand: each fault at its own box
        else:
            form.add_error(field, str(error))
    elif request is not None:
        messages.error(request, str(error))


@contextmanager
def refusal(
    request: HttpRequest | None = None, *, form=None, field: str | None = None
) -> Iterator[Refused]:
    """Catch the refusal of the service called inside and place its message; yield it."""
    refused = Refused()
    try:
        yield refused
    except RulesError as exc:
        refused.error = exc
        place_refusal(request, exc, form=form, field=field)
