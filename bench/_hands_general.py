"""``bench/hands.py --orm``: a bracket's hands, and a round's, through the one statements
and through the general path, side by side.

On PostgreSQL a hand that decides nothing is written with its history line and the
game's running score in one prepared statement (scoring/services/hand_rows_sql.py), and
an ordinary result is one statement (tournaments/services/result_statements.py); their
docstrings justify them by figures against the general path: the ORM's INSERTs and
`locked_games`' reads and writes, which SQLite always takes. Here two like Texas Good Sams
brackets of BENCH_TEAMS teams, drawn with the same seed, are played with the same hands,
game by game in turn, one with the statements and one with ``RESULTS_ONE_STATEMENT`` off,
so a busy machine slows both alike. Then the same for a started round of each rounds
game (two like rounds of four times BENCH_TEAMS players, seated with the same seed): a
table's hands are one statement each, the hand that decides the table with its result
and its round's status (tournaments/services/progress_after.py), against
`settle_table`'s ORM writes.
"""

import random

from _hands_events import bracket, open_games, started_round


def statement_and_general(tournament, official, teams: int, hands_class, games=()) -> dict:
    """Play both brackets to their end, then both rounds of each of `games` (rounds
    games' keys); return each one's milliseconds per hand."""
    events = {
        True: bracket(tournament, official, teams, "Statement"),
        False: bracket(tournament, official, teams, "General"),
    }
    figures = _both_ways(events, official, hands_class, "bracket")
    tables = {}
    for key in games:
        rounds = {
            way: started_round(tournament, official, key, f" {way}", players=4 * teams)
            for way in (True, False)
        }
        played = _both_ways({way: r.event for way, r in rounds.items()}, official, hands_class)
        for round_ in rounds.values():
            round_.refresh_from_db()
            assert round_.status == round_.Status.FINISHED, (key, round_.status)
        tables[key] = played["ms_per_hand_statement_and_general"]
    return figures | {"table_ms_per_hand_statement_and_general": tables}


def _both_ways(events: dict, official, hands_class, name: str = "") -> dict:
    """Play the two events' games in turn, each with the same hands, one through the
    statements (True) and one through the general path (False)."""
    from django.conf import settings

    timers = {way: hands_class(official, random.Random(7), None) for way in events}
    kept = settings.RESULTS_ONE_STATEMENT
    try:
        while games := {way: open_games(event) for way, event in events.items()}:
            if not all(games.values()):
                break
            for pair in zip(games[True], games[False], strict=True):
                for way, game in zip(events, pair, strict=True):
                    settings.RESULTS_ONE_STATEMENT = way
                    timers[way].play(game)
    finally:
        settings.RESULTS_ONE_STATEMENT = kept
    counts = {way: timer.count for way, timer in timers.items()}
    assert counts[True] == counts[False], counts  # the same hands both ways
    ms = {way: 1000 * timer.seconds / timer.count for way, timer in timers.items()}
    prefix = f"{name}_" if name else ""
    return {
        f"{prefix}hands_each_way": counts[True],
        f"{prefix}ms_per_hand_statement_and_general": [round(ms[True], 3), round(ms[False], 3)],
        f"{prefix}statement_over_general": round(ms[True] / ms[False], 3),
    }
