"""A game's name as the one-statement results write it in SQL (`result_statements.py`).

The activity line of a result names its game as every page does (`naming.game_name`);
the one statement builds that name from the rows it reads, so the same rules and words
are written here as an SQL expression, the words taken from `naming` (a test compares
the two for every game of brackets up to 4,096 teams, both formats).
"""

from __future__ import annotations

from .. import naming


def _text(value: str) -> str:
    """Quote a constant as an SQL string literal (``%`` doubled for the driver's binding)."""
    return "'" + value.replace("'", "''").replace("%", "%%") + "'"


def game_name_sql() -> str:
    """Return `naming.game_name` of a bracket game as an SQL expression.

    It reads ``gm.stage``, ``gm.r`` (the round), ``gm.p`` (the position), ``gm.n`` (the
    stored number, or None) and ``gm.rounds`` (the rounds of the bracket's first stage):
    "Partners' game 3" in stage 0, "Game 13 (Quarter-final)" in a single elimination (the
    game numbered through the bracket, its round named from the end), "Game 20 (Losers'
    round 3)" in a double elimination (its number stored), by the same rules and words as
    `naming` (a test compares the two for every game of brackets up to 4,096 teams).
    """
    from_the_end = ",".join(f'"{name}"' for name in naming.ROUNDS_FROM_THE_END)
    main = (
        f"coalesce(({_text('{' + from_the_end + '}')}::text[])[gm.rounds - gm.r + 1], "
        f"format({_text('Round %s')}, gm.r))"
    )
    parts = " ".join(
        f"WHEN {stage} THEN CASE WHEN gm.r = {last} THEN {_text(final)} "
        f"ELSE {_text(other) if '%' not in other else f'format({_text(other)}, gm.r)'} END"
        for stage, last, final, other in _double_round_words()
    )
    number = "coalesce(gm.n, (1 << gm.rounds) - (1 << (gm.rounds - gm.r + 1)) + gm.p + 1)"
    return (
        f"CASE WHEN gm.stage = 0 THEN format({_text(naming.numbered_game(0, '%s'))}, gm.p + 1) "
        f"ELSE format({_text(naming.numbered_game(1, '%s') + ' (%s)')}, {number}, "
        f"CASE gm.stage WHEN 1 THEN {main} {parts} END) END"
    )


def _double_round_words() -> list[tuple[int, str, str, str]]:
    """Return, for each stage after the main one, the SQL of its last round's number and
    the words of `naming.bracket_round_name` for that round and for any other (with
    ``%s`` for the round's number): the winners' final is the last winners' round, the
    losers' final round 2(R - 1), the grand final round 1 and its reset round 2."""
    rounds = 9  # any bracket: the words do not depend on its size
    last = {"winners": ("gm.rounds", rounds), "losers": ("2 * gm.rounds - 2", 2 * rounds - 2)}
    words = []
    for part in ("winners", "losers", "finals"):
        stage = naming.STAGE_OF[part]
        sql, number = last.get(part, ("1", 1))
        final = naming.bracket_round_name(stage, number, rounds)
        other = naming.bracket_round_name(stage, number + 1, rounds).replace(str(number + 1), "%s")
        words.append((stage, sql, final, other))
    return words
