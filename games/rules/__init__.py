"""The rules of the five domino games, and the one error they raise.

Pure rules: plain data in, plain data out; nothing here imports Django.
"""


class RulesError(ValueError):
    """Input an official can fix: the message says what is wrong in plain words."""
