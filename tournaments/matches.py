"""How many games win a bracket game's match: the event's house rule per round
(`games.matches.MatchRule`), read for a game or a round of the bracket.

The first round is a single elimination's round 1, a double elimination's winners'
round 1, and a singles event's partners' games; the final is a single elimination's
last game (the one with no next game) and a double elimination's grand final and its
reset; every other round (a losers' round, the losers' final and the winners' final
too) is a later round (docs/rules.md, matches). A table of a rounds event plays one
game.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.matches import (
    MatchRule,
    best_of,
    close_leader,
    game_in_play,
    games_at_close,
    score_line,
)

from . import naming
from .models import OPEN, SCORED, Game

FINALS = naming.STAGE_OF[naming.FINALS]
MAIN = naming.STAGE_OF[naming.MAIN]


# The options that make matches of several games (`games.rules.options.MATCH_OPTIONS`).
TO_WIN = ("games_to_win_first", "games_to_win_later", "games_to_win_final")


def event_rule(event) -> MatchRule:
    """Return the event's rule of matches (every match one game for a rounds event).

    Every hand of a bracket game asks it: an event whose matches are all one game (none
    of its options says more) is answered without checking its options again.
    """
    options = event.options or {}
    if all(options.get(name, 1) == 1 for name in TO_WIN):
        return SINGLE
    return event.game.match_rule(options)


SINGLE = MatchRule()

# The games whose match has games to tell: waiting, being played, or won on the hands
# (a walkover, a bye or a voided game has none).
WITH_GAMES = OPEN | SCORED | {Game.Status.WAITING}


def _to_win(rule: MatchRule, *, stage: int, round_number: int, final: bool) -> int:
    if rule.single:
        return 1
    first = stage == naming.PARTNERS_STAGE or (stage in naming.FIRST_STAGES and round_number == 1)
    return rule.to_win(first_round=first, final=final or stage == FINALS)


def match_to_win(game, rule: MatchRule | None = None) -> int:
    """Return the games a side needs to take this game's match (1: the game is the match).

    Reads the game's pointers and its event's rule (as loaded with the game, or `rule`
    when a page reads many games of one event); no query.
    """
    if game.round_id is not None:
        return 1
    final = game.stage == MAIN and game.next_game_id is None
    rule = event_rule(game.event) if rule is None else rule
    return _to_win(rule, stage=game.stage, round_number=game.round_number, final=final)


def round_to_win(event, *, stage: int, round_number: int, rounds_total: int) -> int:
    """Return the games a side needs to take a match in this round of the event's bracket."""
    final = stage == MAIN and round_number == rounds_total
    return _to_win(event_rule(event), stage=stage, round_number=round_number, final=final)


def match_words(to_win: int, games_won, seat: int, *, decided: bool) -> str:
    """Say to the side at `seat` where its match stands, its own games first: "Best of
    3: you lead 1-0", "level 1-1", "won the match 2-1" ("" for a game by itself)."""
    if to_win == 1:
        return ""
    won = list(games_won)
    ours, theirs = won[seat], max(count for at, count in enumerate(won) if at != seat)
    games = score_line([ours, theirs])
    length = best_of(to_win).capitalize()
    if decided:
        return f"{length}: {'won' if ours > theirs else 'lost'} the match {games}"
    if ours == theirs:
        return f"{length}: level {games}"
    return f"{length}: you {'lead' if ours > theirs else 'trail'} {games}"


def match_headline(
    to_win: int,
    games_won: Sequence[int],
    names: Sequence[str],
    *,
    plural: Sequence[bool],
    winner: int | None = None,
    in_play: int | None = None,
) -> str:
    """Say where a match stands, for the desk and the hall: "Game 2 of best of 3, Ann &
    Bob lead 1-0", "Game 3 of best of 3, level 1-1", "Ann & Bob won the match 2-1" ("" for
    a game by itself).

    names, plural: each side's name as the page shows it, and whether it is several
    players ("lead", not "leads"). winner: the side that won the match, once decided.
    in_play: the game in play, when known from the hands (else the one after the games won).
    """
    if to_win == 1:
        return ""
    if winner is not None:
        return f"{names[winner]} won the match {score_line(games_won, winner)}"
    number = game_in_play(games_won) if in_play is None else in_play
    where = f"Game {number} of {best_of(to_win)}"
    leader = close_leader(games_won)
    if leader is None:
        return f"{where}, level {score_line(games_won)}"
    verb = "lead" if plural[leader] else "leads"
    return f"{where}, {names[leader]} {verb} {score_line(games_won, leader)}"


def game_match_headline(
    to_win: int,
    games_won: Sequence[int],
    totals: Sequence[int],
    names: Sequence[str],
    *,
    plural: Sequence[bool],
    status: str,
    winner_seat: int | None,
    counted: bool = False,
) -> str:
    """Say where a bracket game's match stands (`match_headline`) from what its row
    stores: its sides' games won and totals, its status and winner. A match closed at time
    counts its game in play for the higher total (`games.matches.games_at_close`; counted:
    games_won already do, as `games_as_stored` gave them); one given by walkover, a bye or
    a voided game says nothing of games."""
    if to_win == 1 or status not in WITH_GAMES:
        return ""
    winner = winner_seat if status in SCORED else None
    won = tuple(games_won) if counted else games_as_stored(games_won, totals, status)
    return match_headline(to_win, won, names, plural=plural, winner=winner)


def games_as_stored(games_won: Sequence[int], totals: Sequence[int], status: str) -> tuple:
    """Return a match's games won as its pages tell them: a match closed at time with
    its game in play counted for the higher total (`games.matches.games_at_close`)."""
    if status == Game.Status.CLOSED:
        return games_at_close(games_won, totals)
    return tuple(games_won)
