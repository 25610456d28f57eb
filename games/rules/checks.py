"""Checks on numbers and seats shared by the game modules.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from games.rules import RulesError


def check_count(value, *, what, low=0, high=None):
    """Return value if it is a whole number from low to high; raise RulesError if not."""
    if type(value) is not int:
        raise RulesError(f"{what}: {value!r} is not a whole number")
    if value < low:
        raise RulesError(f"{what}: {value} is less than {low}")
    if high is not None and value > high:
        raise RulesError(f"{what}: {value} is more than {high}")
    return value


def check_length(values, *, count, what):
    """Return values as a tuple if it holds exactly count entries; raise RulesError if not."""
    try:
        values = tuple(values)
    except TypeError:
        raise RulesError(f"{what}: enter {count} values, one each") from None
    if len(values) != count:
        raise RulesError(f"{what}: enter {count} values, one each, not {len(values)}")
    return values


def seat_name(index, *, seat="Side"):
    """Return the name an official sees for seat index 0, 1, ...: "Side 1", "Side 2", ..."""
    return f"{seat} {index + 1}"


def check_seat(value, *, count, what, seat="Side"):
    """Return value if it is a seat index below count; raise RulesError naming the seats."""
    if type(value) is not int or not 0 <= value < count:
        names = [seat_name(index, seat=seat) for index in range(count)]
        choices = ", ".join(names[:-1]) + " or " + names[-1]
        raise RulesError(f"{what} must be {choices}")
    return value


def hand_range(first, last):
    """Return "hand 4" or "hands 4-6" for 1-based hand numbers first to last."""
    if first == last:
        return f"hand {first}"
    return f"hands {first}-{last}"


def refuse_hands_after(index, count, *, reason):
    """Raise RulesError if hands follow hand index (0-based) of count hands.

    reason opens the message, e.g. "The game was won at hand 3".
    """
    if index + 1 < count:
        later = hand_range(index + 2, count)
        raise RulesError(f"{reason}, so {later} cannot stand; delete them first")


class about:  # lower case: used as `with about(field):`, as it was a function
    """Give a RulesError raised inside the field of the hand's form it is about.

    A class rather than a generator: it wraps every field of every hand scored, and a
    generator's context costs several times as much.
    """

    __slots__ = ("field",)

    def __init__(self, field):
        self.field = field

    def __enter__(self):
        return None

    def __exit__(self, kind, error, traceback):
        if kind is not None and issubclass(kind, RulesError):
            raise RulesError.of((self.field, message) for _, message in error.problems) from None
        return False


class _Keep:
    """The context of `Refusals.about`: keeps a RulesError raised inside, and goes on."""

    __slots__ = ("field", "found")

    def __init__(self, found, field):
        self.found, self.field = found, field

    def __enter__(self):
        return None

    def __exit__(self, kind, error, traceback):
        if kind is None or not issubclass(kind, RulesError):
            return False
        for at, message in error.problems:
            self.found.append((at if self.field is None else self.field, message))
        return True


class Refusals:
    """Every refusal of a hand, gathered so that the form shows them all at once.

    Check each part of a hand inside `about(field)`: a refusal there is kept, at that
    field, and the checking goes on; `raise_any()` then raises them all as one RulesError.
    """

    def __init__(self):
        self.found = []

    def about(self, field=None):
        """Keep a RulesError raised inside, at `field` (or at the fields it names)."""
        return _Keep(self.found, field)

    def add(self, message, *, field):
        self.found.append((field, message))

    def raise_any(self):
        """Raise every refusal kept, as one RulesError; do nothing when there is none."""
        if self.found:
            raise RulesError.of(self.found)


def each_hand(entries, read):
    """Return read(entry) for each hand, in order; a refusal names its hand: "Hand 3: ..."."""
    found = []
    for number, entry in enumerate(entries, start=1):
        try:
            found.append(read(entry))
        except RulesError as error:
            raise RulesError.of(
                (field, f"Hand {number}: {message}") for field, message in error.problems
            ) from None
    return found
