"""Helpers for the formats' tests: play a structure to the end, describe its games."""

from games.formats import Structure, play


def play_out(structure: Structure, choose):
    """Play every game as soon as both its teams are known, until nothing is left.

    ``choose(first, second)`` returns the winning slot. Returns the results, the final
    outcome and, for each game played, its two teams and their losses before it.
    """
    results: dict[int, int] = {}
    played = []
    while True:
        outcome = play(structure, results)
        ready = [
            game
            for game in structure.games
            if not game.bye
            and game.index not in results
            and game.index not in outcome.skipped
            and None not in outcome.sides[game.index]
        ]
        if not ready:
            return results, outcome, played
        for game in ready:
            first, second = outcome.sides[game.index]
            losses = (outcome.losses[first], outcome.losses[second])
            played.append((game.index, (first, second), losses))
            results[game.index] = choose(first, second)


def stronger(first, second) -> int:
    """The lower number wins (team 1 is the strongest)."""
    return 0 if first < second else 1


def describe(structure: Structure) -> list[str]:
    """Write each game in one line: its name, entrants or byes, where winner and loser go."""

    def to(pointer, out):
        return out if pointer is None else f"game {pointer[0] + 1}/{pointer[1]}"

    lines = []
    for game in structure.games:
        line = structure.game_name(game.index)
        if any(team is not None for team in game.entrants):
            line += " " + " v ".join("bye" if team is None else str(team) for team in game.entrants)
        elif game.bye:
            line += " bye"
        line += f": winner {to(game.winner_to, 'champion')}"
        if not game.bye:
            line += f", loser {to(game.loser_to, 'out')}"
        if game.only_if is not None:
            line += f", only if slot {game.only_if[1]} wins game {game.only_if[0] + 1}"
        lines.append(line)
    return lines
