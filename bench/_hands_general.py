"""``bench/hands.py --orm``: a bracket's hands through the one statements and through the
general path, side by side.

On PostgreSQL a hand that decides nothing is written with its history line and the
game's running score in one prepared statement (scoring/services/hand_rows_sql.py), and
an ordinary result is one statement (tournaments/services/result_statements.py); their
docstrings justify them by figures against the general path: the ORM's INSERTs and
`locked_games`' reads and writes, which SQLite always takes. Here two like Texas Good Sams
brackets of BENCH_TEAMS teams, drawn with the same seed, are played with the same hands,
game by game in turn, one with the statements and one with ``RESULTS_ONE_STATEMENT`` off,
so a busy machine slows both alike.
"""

import random

from _hands_events import bracket, open_games


def statement_and_general(tournament, official, teams: int, hands_class) -> dict:
    """Play both brackets to their end; return each one's milliseconds per hand."""
    from django.conf import settings

    events = {
        True: bracket(tournament, official, teams, "Statement"),
        False: bracket(tournament, official, teams, "General"),
    }
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
    return {
        "bracket_hands_each_way": counts[True],
        "bracket_ms_per_hand_statement_and_general": [round(ms[True], 3), round(ms[False], 3)],
        "bracket_statement_over_general": round(ms[True] / ms[False], 3),
    }
