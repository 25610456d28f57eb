"""The names an official and a player read: rounds, games, teams and sides.

One place for each name, so that the desk, the public pages, the print, the exports and
the API say the same thing. Pure: plain data in, plain data out; no Django.

Rulings (issue 12):
- A bracket's rounds are named from the end: "Final", "Semi-final", "Quarter-final",
  "Round of 16"; rounds before those are "Round 1", "Round 2". A rounds event's rounds
  are "Round 3" whatever their number.
- A bracket's games are numbered through the bracket in play order: the first round top
  to bottom, then the second round, and so on, so the final has the highest number and
  no two games of an event share one. A bye keeps its number (the printed bracket's
  slots stay in step whichever teams draw the byes). Derived from the round and
  position, so nothing is stored.
- A singles event's partners' games (stage 0) are their own series, "Partners' game 3",
  and a rounds event's games are named by their table: "Round 3, table 2".
- One player a side is a "player"; two are a "team". A side is named by its players'
  names; a team nobody is in yet (never shown in play) by its number: "Team 9",
  "Player 9".
- A result's totals are told winner first, "won 260 · 175", whatever the seats; more
  than two sides: the winner, then the others from the highest total down. Totals with
  no winner (a game still playing, a tie) stay in seat order, as the sheet's columns.
- A negative number is written with a minus sign (U+2212), and totals are separated by
  a middle dot, never a dash that could be read as one: "9 · \N{MINUS SIGN}4 · 6" (issue 20).
  Exports keep ASCII numbers.
"""

from collections.abc import Iterable

from games.formats import double_elimination
from games.formats.base import FINALS, LOSERS, MAIN, WINNERS
from games.rules import RulesError

PLAYER, TEAM = "player", "team"


def side_word(team_size: int) -> str:
    """Return what one side of an event is called: "player" alone, "team" for partners."""
    return PLAYER if team_size == 1 else TEAM


def side_words(team_size: int, count: int | None = None) -> str:
    """Return the plural ("players", "teams"), or with a count: "1 team", "3 players"."""
    word = side_word(team_size)
    if count is None:
        return f"{word}s"
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def team_number_label(number: int, team_size: int) -> str:
    """Return a side's draw number in words: "Team 9" for partners, "Player 9" alone."""
    return f"{side_word(team_size).capitalize()} {number}"


def team_label(names: Iterable[str], number: int, team_size: int) -> str:
    """Return a side's label: its players' names ("Ann Lee & Bo Fox"), else its number."""
    return " & ".join(names) or team_number_label(number, team_size)


# Bracket rounds named from the end: the last round is the final.
ROUNDS_FROM_THE_END = ("Final", "Semi-final", "Quarter-final", "Round of 16")

# A game's stage as stored: the part of its format it is in. 0 is a singles partners'
# game; 1 a single elimination bracket (and every game at a table of a rounds event);
# 2 to 4 the winners', losers' and finals' brackets of a double elimination.
PARTNERS_STAGE = 0
STAGE_OF = {MAIN: 1, WINNERS: 2, LOSERS: 3, FINALS: 4}
PART_OF = {number: part for part, number in STAGE_OF.items()}
# The stages whose rounds are the bracket's rounds (`rounds_total`): main, winners'.
FIRST_STAGES = (STAGE_OF[MAIN], STAGE_OF[WINNERS])
# Every stage of a bracket (a rounds event's games, at stage 1, have a round besides).
BRACKET_STAGES = tuple(sorted(STAGE_OF.values()))


MINUS = "\N{MINUS SIGN}"
TOTALS_SEPARATOR = " \N{MIDDLE DOT} "


def number_text(number: int | float) -> str:
    """Write a number for a page: a negative one with a real minus sign (U+2212)."""
    return f"{MINUS}{-number}" if number < 0 else str(number)


def result_totals(totals: Iterable[int], winner_seat: int | None = None) -> str:
    """Return totals as a result tells them: the winner's first, "260 · 175".

    The other sides follow from the highest total down (seat order between equals);
    with no winner the totals stay in seat order.
    """
    totals = list(totals)
    if winner_seat is not None and 0 <= winner_seat < len(totals):
        others = [total for seat, total in enumerate(totals) if seat != winner_seat]
        totals = [totals[winner_seat], *sorted(others, reverse=True)]
    return TOTALS_SEPARATOR.join(number_text(total) for total in totals)


def reached_first(totals: Iterable[int], winner_seat: int | None, target: int | None) -> str:
    """Say why a winner with a lower total than a side it beat won: "reached 250 first".

    In a game to a target the first side to reach it wins, even when one hand took
    another side higher (the official said who got there first); "" in every other case.
    """
    totals = list(totals)
    if target is None or winner_seat is None or not 0 <= winner_seat < len(totals):
        return ""
    mine = totals[winner_seat]
    beaten_higher = any(total > mine for seat, total in enumerate(totals) if seat != winner_seat)
    return f"reached {target} first" if beaten_higher and mine >= target else ""


def round_name(round_number: int, rounds_total: int) -> str:
    """Name a bracket round as an official would: Final, Semi-final, ..., Round 1."""
    if not 1 <= round_number <= rounds_total:
        raise RulesError(f"Round {round_number} is not one of the {rounds_total} rounds")
    from_the_end = rounds_total - round_number
    if from_the_end < len(ROUNDS_FROM_THE_END):
        return ROUNDS_FROM_THE_END[from_the_end]
    return f"Round {round_number}"


def seating_round_name(number: int) -> str:
    """Name a round of a rounds event: "Round 3"."""
    return f"Round {number}"


def game_number(round_number: int, position: int, rounds_total: int) -> int:
    """Return a bracket game's number in the event, from 1, counted in play order.

    Round r of a bracket of R rounds has 2 ** (R - r) games, so the rounds before it
    hold 2 ** R - 2 ** (R - r + 1) of them.
    """
    if not 1 <= round_number <= rounds_total:
        raise RulesError(f"Round {round_number} is not one of the {rounds_total} rounds")
    if not 0 <= position < 1 << (rounds_total - round_number):
        raise RulesError(f"Round {round_number} has no game {position + 1}")
    return (1 << rounds_total) - (1 << (rounds_total - round_number + 1)) + position + 1


def table_name(position: int) -> str:
    """Name a table of a round: "Table 2" (positions count from 0)."""
    return f"Table {position + 1}"


def numbered_game(stage: int, number: int) -> str:
    """Return a game's number in words: "Game 13", or "Partners' game 3" (stage 0)."""
    return f"Partners' game {number}" if stage == 0 else f"Game {number}"


def bracket_round_name(stage: int, round_number: int, rounds_total: int) -> str:
    """Name a round of a bracket stage: "Semi-final", "Losers' round 3", "Grand final";
    "Partners' games" (stage 0); "Round N" for a round the bracket no longer has (drawn
    again: a clock kept from before).

    ``rounds_total`` is the rounds of the bracket's first stage (main, or winners').
    """
    if stage == 0:
        return "Partners' games"
    if stage == STAGE_OF[MAIN]:
        if not 1 <= round_number <= rounds_total:
            return f"Round {round_number}"
        return round_name(round_number, rounds_total)
    return double_elimination.round_namer(rounds_total)(PART_OF[stage], round_number)


def game_name(
    *,
    stage: int,
    round_number: int,
    position: int,
    rounds_total: int = 0,
    at_a_table: bool = False,
    number: int | None = None,
) -> str:
    """Return a game's name wherever it is shown, starting with a capital.

    "Game 13 (Quarter-final)" in a bracket, "Game 20 (Losers' round 3)" in a double
    elimination, "Partners' game 3" before a singles bracket, "Round 3, table 2" in a
    rounds event. `rounds_total` is the rounds of the bracket's first stage (for a
    bracket game only); `number` the game's stored number, where its format stores one
    (a single elimination game's is worked out from its round and position).
    """
    if at_a_table:
        return f"{seating_round_name(round_number)}, {table_name(position).lower()}"
    if stage == PARTNERS_STAGE:
        return numbered_game(stage, position + 1)
    if number is None:
        number = game_number(round_number, position, rounds_total)
    name = bracket_round_name(stage, round_number, rounds_total)
    return f"{numbered_game(stage, number)} ({name})"


def same_chapter_teams(count: int, fewest: int) -> str:
    """Say how many teams are of one chapter and whether a draw could make fewer.

    ``fewest`` is the fewest any pairing of the same players can have
    (`draw.fewest_same_chapter`): the draw always makes that many, swaps may add more.
    """
    teams = f"{count} team{' is' if count == 1 else 's are'} of one chapter"
    marked = "(marked \N{LEFT DOUBLE QUOTATION MARK}same chapter\N{RIGHT DOUBLE QUOTATION MARK}"
    marked += " below)"
    if count <= fewest:
        return (
            f"{teams} {marked}. One chapter has more than half the players, so this is the fewest "
            "possible. Swap players by hand if the chapters agree, or leave them."
        )
    possible = "without any" if fewest == 0 else f"with only {fewest}"
    return (
        f"{teams} after your swaps {marked}; a draw {possible} is possible. Swap again, "
        "or draw the partners again, if that was not meant."
    )


def swap_message(first: str, second: str, teams: Iterable[tuple[str, list[str]]]) -> str:
    """Say what a partner swap did: who moved where, and the teams it left.

    `teams` holds each changed team's number label and its players' names after the
    swap. When one of the two was in no team, they take the other's place, and the other
    is left without a partner.
    """
    teams = list(teams)
    where = {name: label for label, names in teams for name in names}
    if first in where and second in where:
        text = f"Swapped {first} and {second}: {first} is now in {where[first]}, "
        text += f"{second} in {where[second]}."
    else:
        joined, left = (first, second) if first in where else (second, first)
        text = f"{joined} took {left}'s place in {where[joined]}; {left} has no partner now."
    now = "; ".join(f"{label} is {' & '.join(names)}" for label, names in teams)
    return f"{text} Now {now}."
