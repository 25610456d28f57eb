"""Close bracket games at time: one game, or every game of a bracket round still playing.

The bracket's rule at time (its house rules say it, docs/rules.md): the highest total
wins, and sides level on it play on until a hand separates them; a game with no hands is
not closed either (it is played, or given as a walkover). The winner moves on through
the one result path of every bracket result (`results.record_result`: the winner's and
loser's pointers, the singles' partners' games, double elimination), and the game is
marked "closed at time" (`Game.Status.CLOSED`, as a table of a round). Its totals stay
as the hands give them; hands waiting for a table's confirmation do not count.

A correction of the hands afterwards settles the game again as a replay would
(`settle_bracket._settle_closed`); taking the result back (`take_back_result`) reopens it.

Locks, in the documented order: the round's games (by position, as `set_bracket_clock`
locks them), then what `record_result` locks (each game and the games after it, the
event's row last). Scoring's hand path locks a bracket game's row first too, so a hand
saved at the same moment is either saved before (the game changed: Close all is refused
whole) or refused after (the game is closed).
"""

from __future__ import annotations

from django.db import transaction

from games.matches import score_line, winner_at_time_of

from .. import naming
from ..errors import DeskError
from ..matches import match_to_win
from ..models import OPEN, Event, Game
from ..selectors.closing import bracket_round_title
from .result_names import name_of
from .results import StaleGame, record_result
from .rounds import check_listed

__all__ = ["close_bracket_game_at_time", "close_bracket_round_at_time"]


def _winner(game: Game, name: str) -> int:
    """Return the side that wins ``game`` at time, or refuse why it cannot be closed."""
    if game.status not in OPEN:
        raise DeskError(f"{name} is {game.get_status_display().lower()} already.")
    sides = game.sides_by_seat
    to_win = match_to_win(game)
    totals, won = [side.total for side in sides], [side.games_won for side in sides]
    winner = winner_at_time_of(totals, game.hand_count, won, to_win)
    if winner is not None:
        return winner
    if to_win > 1 and any(totals) and len(set(totals)) == 1:
        raise DeskError(
            f"{name}: its game in play is level on {totals[0]}: the sides play on until a "
            "hand separates them."
        )
    if to_win > 1:
        raise DeskError(
            f"{name} is level in games once its game in play is counted "
            f"({score_line(won)} in games, {naming.result_totals(totals)} in the game in "
            "play): the sides play on, and the next game won decides the match."
        )
    if not game.hand_count:
        raise DeskError(f"{name} has no hands yet: play it, or give it as a walkover.")
    raise DeskError(f"{name} is level: the sides play on until a hand separates them.")


def _at_time(game: Game) -> int | None:
    sides = game.sides_by_seat
    return winner_at_time_of(
        [side.total for side in sides],
        game.hand_count,
        [side.games_won for side in sides],
        match_to_win(game),
    )


def _close(game: Game, winner: int, *, by) -> Game:
    return record_result(
        game=game, winner_seat=winner, by=by, closed=True, expected_version=game.version
    )


def _bracket_event(event: Event) -> None:
    if event.game.plays_rounds:
        raise DeskError(
            f"{event.name} is played in rounds: close its tables from the round's page."
        )


@transaction.atomic
def close_bracket_game_at_time(*, game: Game, by, version: int | None = None) -> Game:
    """Close one bracket game at time: the highest total wins and moves on.

    Refused (nothing changed): a table of a round, a game not ready or being played, a
    game with no hands or level on total, and a stale page (``version``).
    """
    game = (
        Game.objects.select_for_update(of=("self",))
        .select_related("event__tournament")
        .prefetch_related("sides")
        .get(pk=game.pk)
    )
    if game.round_id is not None:
        raise DeskError("A table of a round is closed at time from its round's page.")
    name = name_of(game)
    if version is not None and int(version) != game.version:
        raise StaleGame(
            f"{name} changed while you were looking at it. Here it is as it stands now; "
            "check it and try again."
        )
    return _close(game, _winner(game, name), by=by)


@transaction.atomic
def close_bracket_round_at_time(
    *, event: Event, stage: int, round_number: int, by, games: dict[int, int]
) -> list[Game]:
    """Close at time every game of a bracket round that can be, as the official confirmed.

    ``games`` maps each game still playing to the version the confirmation page showed
    (the level and unplayed ones too): the games still playing now must be exactly
    those, unchanged, or nothing is closed and DeskError says which game changed. The
    games with a winner at time are closed; level ones and those without hands are left
    playing. Refused when none can be closed. Returns the games closed.
    """
    _bracket_event(event)
    rows = list(
        Game.objects.select_for_update(of=("self",))
        .filter(event=event, stage=stage, round_number=round_number, round__isnull=True)
        .exclude(status=Game.Status.VOID)
        .select_related("event__tournament")
        .prefetch_related("sides")
        .order_by("position")
    )
    if not rows:
        raise DeskError("The bracket has no such round; reload the page.")
    rounds_total = rows[0].event.bracket_rounds
    title = bracket_round_title(stage, round_number, rounds_total)
    if not any(game.status in OPEN for game in rows):
        raise DeskError(f"Every game of {title} has a result already.")
    open_now = check_listed(
        rows, games, noun="game", name=lambda g: name_of(g, rounds_total=rounds_total)
    )
    winners = {game.pk: _at_time(game) for game in rows if game.pk in open_now}
    closing = [game for game in rows if winners.get(game.pk) is not None]
    if not closing:
        raise DeskError(
            f"No game of {title} can be closed at time: each game still playing is level "
            "(the sides play on until a hand separates them, or a game separates a match) "
            "or has no hands yet."
        )
    return [_close(game, winners[game.pk], by=by) for game in closing]
