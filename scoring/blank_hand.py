"""The next hand's blank form, built only if its page draws it (`BlankHand`)."""

import json
import uuid

from .forms import HandForm, HandIdentity


class BlankHand:
    """The next hand's blank form, built only if its page draws it.

    A blank form shows nothing but what it is built from (the game's rules, options and
    team size, its sides and their players) and its own key and version: once drawn, its
    HTML is kept under those (`templatetags.hand_form.blank_key`), and every later blank
    form of that shape is that HTML with its own key and version written in, without the
    form's fields, widgets and penalty rows being built again (a third of the CPU of a
    desk POST's forms). `built()` gives the form itself.
    """

    is_bound = False

    def __init__(self, form_class=None, *, game, sides, version: int):
        self.form_class = form_class or HandForm
        self.game, self.sides = game, sides
        self.identity = HandIdentity(initial={"key": uuid.uuid4(), "version": version})
        self._built = None

    def __getitem__(self, name: str):
        return self.identity[name]  # its key and version, boxes as the form draws them

    def set_focus(self) -> "BlankHand":
        return self  # a blank form's cursor is in its first box, as the form puts it

    def built(self) -> HandForm:
        if self._built is None:
            form = self.form_class(game=self.game, sides=self.sides, initial=self.identity.initial)
            self._built = form.set_focus()
        return self._built

    def shape(self) -> tuple:
        """Return what the form is built from, besides its key and version."""
        event = self.game.event
        sides = tuple(
            (s.seat, s.name, s.short_label, s.spelled, tuple((p.pk, p.name) for p in s.players))
            for s in self.sides
        )
        options = json.dumps(event.options, sort_keys=True)
        return (self.form_class.__qualname__, event.game_key, options, event.team_size, sides)
