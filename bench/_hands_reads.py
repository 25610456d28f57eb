"""bench/hands.py's compiled reads (`tournaments.compiled`) against the same querysets
built and compiled by the ORM on every call, as they were before: the CPU of each, per
read, on the pages' games (median of READS calls, in one transaction so the game's lock
waits for nobody)."""

import statistics
import time

READS = 200


def _cpu_ms(call, count: int = READS) -> float:
    took = []
    for _ in range(count):
        started = time.process_time()
        call()
        took.append(1000 * (time.process_time() - started))
    return statistics.median(took)


def compiled_reads(tournament, games, links, *, official, session_key: str) -> dict:
    """Return {read: [compiled ms, ORM ms]} for the hot reads of a hand's pages: those
    of every official page too (``session``, ``signed_in_user``: the official's)."""
    from django.db import transaction

    from scoring.selectors import game_reads
    from scoring.services import game_rows
    from scoring.table_selectors import _links
    from scoring.views.game_access import _games
    from tournaments import sessions

    game, link = games[0], links[games[0].pk]
    reads = {
        "desk_game": (_games, {"tournament": tournament.pk, "pk": game.pk}),
        "table_link": (_links, {"slug": tournament.slug, "code": link.code}),
        "sides_and_members": (game_reads._sides_and_members, {"game": game.pk}),
        "hands": (game_reads._hands, {"game": game.pk}),
        "game_lock": (game_rows._locked_games, {"game": game.pk}),
        "session": (sessions._sessions, {"key": session_key}),
        "signed_in_user": (sessions._users, {"pk": official.pk}),
    }
    figures = {}
    with transaction.atomic():
        for name, (read, values) in reads.items():
            assert read(**values) == list(read.queryset(**values)), name
            figures[name] = [
                round(_cpu_ms(lambda r=read, v=values: r(**v)), 3),
                round(_cpu_ms(lambda r=read, v=values: list(r.queryset(**v))), 3),
            ]
    return figures
