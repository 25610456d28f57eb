"""Check a name the desk stores (a tournament's, an event's, a chapter's, a player's)."""

from ..errors import DeskError
from ..names import clean_name
from ..roster import NAME_MAX


def check_name(name: str, *, what: str) -> str:
    """Return the name as stored; refuse an empty or too long one, naming `what` it is."""
    name = clean_name(name or "")
    if not name:
        raise DeskError(f"Type the {what}.")
    if len(name) > NAME_MAX:
        raise DeskError(f"The {what} is too long: at most {NAME_MAX} characters.")
    return name
