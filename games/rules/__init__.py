"""The rules of the five domino games, and the one error they raise.

Pure rules: plain data in, plain data out; nothing here imports Django.
"""


class RulesError(ValueError):
    """Input an official can fix: the message says what is wrong in plain words.

    field, when given, names the entry field the message is about (a key of the
    game's `entry_fields`, such as "pips_2"), so a form can show it there.
    """

    def __init__(self, message="", *, field=None):
        super().__init__(message)
        self.field = field
