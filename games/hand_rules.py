"""A game's hands, for GameSpec: the form's fields, a hand read from it, its score, the
game's state after its hands (the game's `GameHands` does the work, with the event's
options checked and defaulted by `GameSpec.game_options`), and the demo's hands.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from random import Random

from games.engine import Field, Fold, Scored


class HandRules:
    """GameSpec's methods about hands (it gives `hands`, `examples`, `game_options` and
    `target_score`)."""

    def entry_fields(self, table, options) -> tuple[Field, ...]:
        """Return what a hand's form asks for at this table."""
        return self.hands.entry_fields(table, self.game_options(options))

    def entry_from_data(self, data, table, options):
        """Return the game's typed hand entry from flat form data; RulesError names a field."""
        return self.hands.entry_from_data(data, table, self.game_options(options))

    def entry_to_data(self, entry) -> dict:
        """Return a hand entry as flat, JSON-able data (what entry_from_data reads)."""
        return self.hands.entry_to_data(entry)

    def score_entry(self, entry, table, options) -> Scored:
        """Return one hand's points per side."""
        return self.hands.score_entry(entry, table, self.game_options(options))

    def hand_points(self, entry, table, options) -> tuple[int, ...]:
        """Return one hand's points per side: score_entry's, without their wording when
        the game can give them alone (its optional `hand_points`)."""
        if self.hands.hand_points is not None:
            return self.hands.hand_points(entry, table, self.game_options(options))
        return tuple(self.score_entry(entry, table, options).points)

    def hand_scorer(self, table, options):
        """Return score(data) -> (entry, points): `entry_from_data` then `hand_points` for
        many hands of one game, the options checked once (a restore's check reads back
        100,000 hands; checking the options per call was 0.35 s of it)."""
        checked = self.game_options(options)
        read, points = self.hands.entry_from_data, self.hands.hand_points
        if points is None:
            score = self.hands.score_entry

            def points(entry, table, options):
                return tuple(score(entry, table, options).points)

        def scored(data):
            entry = read(data, table, checked)
            return entry, points(entry, table, checked)

        return scored

    def table_target(self, table, options) -> int | None:
        """Return the score that wins a game at this table (Double Draw's depends on it)."""
        if self.hands.table_target is None:
            return self.target_score(options)
        return self.hands.table_target(table)

    def describe_hand(self, data, points, table, options) -> str:
        """Return a stored hand in one line for its history: the points, then their parts.

        A game that words its own hands (Texas Good Sams) is described that way;
        the others from the rules' plain-words lines of the sides that scored (or the
        hand's notes when nobody did). RulesError when the data no longer reads.
        """
        if self.hands.describe_hand is not None:
            return self.hands.describe_hand(data, points)
        text = ", ".join(f"{table.side_name(seat)} {value}" for seat, value in enumerate(points))
        scored = self.score_entry(self.entry_from_data(data, table, options), table, options)
        details = [
            f"{table.side_name(seat)}: {line}"
            for seat, line in enumerate(scored.lines)
            if line and seat < len(points) and points[seat]
        ] or list(scored.notes)
        return f"{text} ({'; '.join(details)})" if details else text

    def fold(self, entries, table, options) -> Fold:
        """Return the game's state after its hands, in order."""
        return self.hands.fold(list(entries), table, self.game_options(options))

    def fold_scored(self, entries, points, table, options) -> Fold:
        """Return `fold(entries)`, given each hand's points (`hand_points`) already: a game
        whose state is a fold of its points alone (`fold_points`) does not score them again.
        """
        if self.hands.fold_points is None:
            return self.fold(entries, table, options)
        return self.hands.fold_points(list(points), table, self.game_options(options))

    def example_hand(self, table, rng: Random, number: int, totals) -> dict[str, object]:
        """Return one plausible, legal hand as form data, for the demo (from a seeded rng:
        it loads alike every time); number: the hand's, from 1; totals: before it."""
        return self.examples.example_hand(table, rng, number, tuple(totals))
