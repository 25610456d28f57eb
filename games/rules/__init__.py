"""The rules of the five domino games, and the one error they raise.

Pure rules: plain data in, plain data out; nothing here imports Django.
"""


class RulesError(ValueError):
    """Input an official can fix: the message says what is wrong in plain words.

    field, when given, names the entry field the message is about (a key of the
    game's `entry_fields`, such as "pips_2"), so a form can show it there.
    problems: every refusal found at once, as (field, message) pairs, so that a form
    shows each at its field; one pair, this message at this field, unless given.
    """

    def __init__(self, message="", *, field=None, problems=()):
        super().__init__(message)
        self.field = field
        self.problems = tuple(problems) or ((field, message),)

    @classmethod
    def of(cls, problems):
        """Return one error holding every (field, message) pair: the messages in one text."""
        problems = tuple(problems)
        text = "; ".join(message for _, message in problems)
        return cls(text, field=problems[0][0], problems=problems)
