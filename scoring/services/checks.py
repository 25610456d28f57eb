"""A hand checked through the game's rules (`games.registry`): read, scored, folded."""

from collections.abc import Sequence
from dataclasses import dataclass

from games.engine import PENALTIES, Decision, Field, Fold, Scored, Table
from games.matches import MatchFold, match_fold
from games.rules import RulesError
from scoring.selectors.tables import table_of
from scoring.services.game_rows import HandRow, hand_rows
from tournaments.errors import DeskError
from tournaments.matches import match_to_win
from tournaments.models import Game, TeamMember


class HandError(DeskError):
    """A hand the rules refuse; `field` names the form field the message belongs to."""

    def __init__(self, message: str, *, field: str | None = None, problems=()):
        super().__init__(message, field=field, problems=problems)


def penalty_fields(spec, options: dict, *, sides: int, team_size: int) -> list[Field]:
    """Return the hand fields that hold penalties at a table of `sides` sides of an event.

    spec is the event's game (`games.registry.GameSpec`); its rules say which fields those
    are (`games.engine.PENALTIES`); none at a table the game cannot seat.
    """
    try:
        table = spec.table(options, sides=sides, team_size=team_size)
        fields = spec.entry_fields(table, options)
    except RulesError:
        return []
    return [found for found in fields if found.kind == PENALTIES]


def _rules(call, *args, **kwargs):
    """Run a rule; turn its refusal into a HandError at the field it names."""
    try:
        return call(*args, **kwargs)
    except RulesError as exc:
        raise HandError(str(exc), field=exc.field, problems=exc.problems) from exc


def _read_entry(game: Game, table: Table, *, entry=None, data=None):
    """Return the hand's typed entry and its score, from a typed entry or flat form data."""
    spec, options = game.event.game, game.event.options
    if entry is None:
        entry = _rules(spec.entry_from_data, data or {}, table, options)
    scored = _rules(spec.score_entry, entry, table, options)
    return entry, scored


def _stored_entries(game: Game, table: Table, rows: Sequence[HandRow]) -> list:
    spec, options = game.event.game, game.event.options
    return [_rules(spec.entry_from_data, row.detail, table, options) for row in rows]


def fold_hands(game: Game, table: Table, entries: Sequence, numbers: Sequence[int] = ()) -> Fold:
    """Return the game's state after these hands: the game's fold, or for a match of
    several games (`tournaments.matches.match_to_win`) the match's (`games.matches`),
    each hand in the game of the match `numbers` gives it (all 1 when left out)."""
    spec, options = game.event.game, game.event.options

    def fold_game(indexes):
        return spec.fold([entries[index] for index in indexes], table, options)

    numbers = list(numbers) or [1] * len(entries)
    return _rules(match_fold, numbers, fold_game, to_win=match_to_win(game), sides=table.sides)


def next_match_game(game: Game, table: Table, entries: Sequence, numbers: Sequence[int]) -> int:
    """Return the game of its match the next hand is in: 1, unless the game is a match
    of several games whose game in play is a later one."""
    if not entries or (match_to_win(game) == 1 and not any(n != 1 for n in numbers)):
        return 1
    state = fold_hands(game, table, entries, numbers)
    return state.in_play if isinstance(state, MatchFold) else 1


def _fold(game: Game, table: Table, entries: Sequence, numbers: Sequence[int] = ()) -> Fold:
    """Return the game's state after these hands; refuse while a decision is unanswered."""
    state = fold_hands(game, table, entries, numbers)
    if state.decision is not None:
        raise HandError(state.decision.message, field=state.decision.field)
    return state


@dataclass(frozen=True)
class PreviewedHand:
    """What a typed hand would do, saving nothing.

    scored: its points per side and notes. decision: the question the rules ask before
    the hands can stand with it (games.engine.Decision), or None. refusal: why the game's
    hands could not stand with it (a hand after the game was won), or "".
    """

    scored: Scored
    decision: Decision | None = None
    refusal: str = ""


def preview_hand(*, game: Game, data: dict, replacing: int | None = None) -> PreviewedHand:
    """Return what a typed hand would score and ask, as the next hand or replacing a hand."""
    table = table_of(game)
    entry, scored = _read_entry(game, table, data=data)
    rows = hand_rows(game)
    entries = _stored_entries(game, table, rows)
    numbers = [row.match_game for row in rows]
    index = next((at for at, row in enumerate(rows) if row.pk == replacing), None)
    try:
        if index is None:
            numbers.append(next_match_game(game, table, entries, numbers))
            entries.append(entry)
        else:
            entries[index] = entry
            _answer_for_another_hand(game, table, entries, index=index, numbers=numbers)
        state = fold_hands(game, table, entries, numbers)
    except HandError as exc:
        return PreviewedHand(scored, refusal=str(exc))
    return PreviewedHand(scored, decision=state.decision)


def _answer_for_another_hand(
    game: Game, table: Table, entries: list, *, index: int, numbers: Sequence[int] = ()
) -> int | None:
    """Move an answer typed on a correction to the hand whose decision it answers.

    A correction can make another hand need a decision (Texas Good Sams: a later hand
    now takes both sides to 250). The refusal names that hand and the official answers
    on the correction form, so the answer belongs to that hand, not to the one being
    corrected. `entries` is changed in place; return the index of the hand answered.
    """
    spec, options = game.event.game, game.event.options
    state = fold_hands(game, table, entries, numbers)
    decision = state.decision
    if decision is None or decision.hand == index:
        return None
    answer = spec.entry_to_data(entries[index]).get(decision.field)
    if answer is None:
        return None
    for at, value in ((decision.hand, answer), (index, None)):
        moved = {**spec.entry_to_data(entries[at]), decision.field: value}
        entries[at] = _rules(spec.entry_from_data, moved, table, options)
    return decision.hand


def _check_offenders(game: Game, entry) -> None:
    """Refuse a penalty whose offender does not play on the side it names."""
    named = [
        (index, p)
        for index, p in enumerate(getattr(entry, "penalties", ()))
        if p.offender is not None
    ]
    if not named:
        return
    seats = dict(
        TeamMember.objects.filter(
            team__sides__game=game, player_id__in=[p.offender for _, p in named]
        ).values_list("player_id", "team__sides__seat")
    )
    names = dict(
        TeamMember.objects.filter(player_id__in=[p.offender for _, p in named]).values_list(
            "player_id", "player__name"
        )
    )
    problems = [
        (
            f"penalty-{index}",
            f"{names.get(penalty.offender, 'That player')} does not play for "
            f"Side {penalty.side + 1} in this game.",
        )
        for index, penalty in named
        if seats.get(penalty.offender) != penalty.side
    ]
    if problems:
        message = " ".join(text for _, text in problems)
        raise HandError(message, field=problems[0][0], problems=problems)
