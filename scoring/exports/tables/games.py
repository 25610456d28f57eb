"""games.csv: one row per side of each game played or being played."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator

from games.matches import most_games
from scoring.exports.tables.snapshot import SAT_OUT, STATUS_WORDS, GameInfo, Snapshot
from tournaments import naming
from tournaments.matches import event_rule, match_to_win
from tournaments.models import Event

GAMES_HEADER = (
    "event",
    "game_key",
    "round",
    "table",
    "game",
    "status",
    "side",
    "players",
    "score",
    "result",
    "game_name",
    "decided_by",
    "best_of",
    "games_won",
)


def games_rows(snapshot: Snapshot, events: list[Event] | None = None) -> Iterator[list]:
    """One row per side per game; a round sat out is one row per side with status "sat out"."""
    sat_out = defaultdict(list)
    for event_id, number, team_id in snapshot.sit_outs:
        sat_out[(event_id, number)].append(team_id)
    for event in events if events is not None else snapshot.events:
        every = snapshot.event_games(event.pk)
        rounds_total = max(
            (g.round_number for g in every if g.stage in naming.FIRST_STAGES and not g.at_a_table),
            default=0,
        )
        games = [game for game in every if snapshot.shown(game)]
        target = event.game.target_score(event.options)
        rule = event_rule(event)
        items = [((g.stage, g.round_number, 0, g.position), g) for g in games]
        for (event_id, number), team_ids in sat_out.items():
            if event_id == event.pk:
                items += [
                    ((1, number, 1, index), team_id) for index, team_id in enumerate(team_ids)
                ]
        items.sort(key=lambda item: item[0])
        for (_, number, kind, _), item in items:
            if kind:
                team = snapshot.teams[item]
                yield [
                    event.name,
                    event.game_key,
                    number,
                    None,
                    None,
                    SAT_OUT,
                    team.side,
                    team.players,
                    None,
                    None,
                    None,
                    None,
                    None,
                    None,
                ]
                continue
            game = item
            why = _reached_first(game, target)
            to_win = match_to_win(game, rule)
            won = game.games_won
            for seat, (side, result) in enumerate(zip(game.sides, game.results, strict=True)):
                team = snapshot.teams.get(side.team_id)
                if why and seat == game.winner_seat:
                    result = f"{result}, {why}"
                yield [
                    event.name,
                    event.game_key,
                    game.round_number,
                    game.position + 1 if game.at_a_table else None,
                    game.label,
                    STATUS_WORDS[game.status],
                    team.side if team else None,
                    team.players if team else None,
                    side.total if game.has_score else None,
                    result or None,
                    naming.game_name(
                        stage=game.stage,
                        round_number=game.round_number,
                        position=game.position,
                        rounds_total=rounds_total,
                        at_a_table=game.at_a_table,
                        number=game.number,
                    ),
                    game.decided_by or None,
                    most_games(to_win) if to_win > 1 else None,
                    won[seat] if to_win > 1 else None,
                ]


def _reached_first(game: GameInfo, target: int | None) -> str:
    """Why a winner on the lower total won: "reached 250 first" ("" for any other game)."""
    if not game.has_score:
        return ""
    return naming.reached_first([side.total for side in game.sides], game.winner_seat, target)


def games_size(snapshot: Snapshot) -> int:
    return sum(len(game.sides) for game in snapshot.games.values()) + len(snapshot.sit_outs)
