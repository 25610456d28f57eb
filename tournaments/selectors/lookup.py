"""Reads for the player's phone: "where do I play?" and the bracket with their own game.

`find_players` answers the public "find your name": for each player whose name holds
every word typed, each event they are in with their partner, their next game (its name,
table, opponents, status) and their last game (score, won or lost). It works alike for
bracket events and rounds events (nothing here asks which game is played) and reads
in three queries whatever the size of the tournament (players; their entries with
their team, partner and the event's round figures; the sides of their games and of the
games feeding them, with each side's players).

`public_bracket` is the public bracket with the round a phone shows first and the
player's own games marked.

Rulings where the issue is silent:
- A rounds event's table is shown once its round has started, as on every public page
  (`models.public_games`, issue 20); while a round is seated but not started the player
  is told it is being seated.
- A bye is not a game played: it is never "your last game"; a team whose only result is
  a bye is shown as going straight to its next game.
- Up to 25 players are listed (the lookup's existing limit); a longer list says to type
  more of the name.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import OuterRef, Q, Subquery

from .. import naming
from ..matches import WITH_GAMES, event_rule, games_as_stored, match_to_win, match_words
from ..models import DECIDED, SCORED, Entry, Event, Game, Player, Round, Side, SitOut, TeamMember
from ..models.play import public_games, round_is_public
from .clocks import lookup_clocks
from .lines import PlayerLine, TeamLine
from .lookup_lines import EventSeen, GameSeen, Lookup, Opponent, PlayerFound
from .public_bracket import PublicBracket, public_bracket

__all__ = ["Lookup", "PublicBracket", "find_players", "public_bracket"]

LIMIT = 25

# A game that is not over yet, in the words a player reads.
NEXT_WORDS = {
    Game.Status.WAITING: "Waiting for the other game to finish",
    Game.Status.READY: "Ready to play",
    Game.Status.PLAYING: "Playing now",
}


def stage_name(*, stage: int, round_number: int, rounds: int, table: bool) -> str:
    """Name a game's round as the bracket shows it: "Semi-final", "Round 2", "Partners' games"."""
    if stage == naming.PARTNERS_STAGE and not table:
        return "Partners' games"
    if table:
        return naming.seating_round_name(round_number)
    return naming.bracket_round_name(stage, round_number, max(rounds, round_number))


def _name(game: _Game, rounds: int) -> str:
    """Name a game as every page does (`naming.game_name`)."""
    return naming.game_name(
        stage=game.stage,
        round_number=game.round_number,
        position=game.position,
        rounds_total=max(rounds, game.round_number),
        at_a_table=game.round_id is not None,
        number=game.number,
    )


def _matching_players(tournament, query: str):
    words = query.split()
    players = Player.objects.filter(tournament=tournament, withdrawn=False)
    for word in words[:5]:
        players = players.filter(name__icontains=word)
    return list(players.select_related("chapter").order_by("name", "pk")[: LIMIT + 1])


def _entries(player_ids: list[int]):
    """Each entry with its event, team, partner and the event's round figures (one query)."""
    member = TeamMember.objects.filter(event=OuterRef("event_id"), player=OuterRef("player_id"))
    partner = (
        TeamMember.objects.filter(
            event=OuterRef("event_id"), team__memberships__player=OuterRef("player_id")
        )
        .exclude(player=OuterRef("player_id"))
        .order_by("position")
    )
    bracket_rounds = Game.objects.filter(
        event=OuterRef("event_id"), stage__in=naming.FIRST_STAGES, round__isnull=True
    ).order_by("-round_number")
    latest = Round.objects.filter(event=OuterRef("event_id")).order_by("-number")
    sat_out = SitOut.objects.filter(
        round__event=OuterRef("event_id"), team__memberships__player=OuterRef("player_id")
    ).order_by("-round__number")
    return (
        Entry.objects.filter(player_id__in=player_ids)
        .select_related("event")
        .annotate(
            side_team=Subquery(member.values("team_id")[:1]),
            side_number=Subquery(member.values("team__number")[:1]),
            partner_name=Subquery(partner.values("player__name")[:1]),
            bracket_rounds=Subquery(bracket_rounds.values("round_number")[:1]),
            latest_round=Subquery(latest.values("number")[:1]),
            latest_status=Subquery(latest.values("status")[:1]),
            sat_out_round=Subquery(sat_out.values("round__number")[:1]),
        )
        .order_by("event__created_at", "event_id")
    )


@dataclass
class _Game:
    """A game row of the third query, with its sides (seat -> side)."""

    pk: int
    event_id: int
    stage: int
    round_number: int
    position: int
    status: str
    winner_seat: int | None
    walkover: bool
    hand_count: int
    next_game_id: int | None
    next_slot: int | None
    round_id: int | None
    number: int | None
    loser_game_id: int | None
    loser_slot: int | None
    sides: dict[int, dict] = field(default_factory=dict)


def _games(team_ids: list[int]) -> dict[int, _Game]:
    """The teams' games and the games feeding them, with each side's players (one query)."""
    theirs = Side.objects.filter(team_id__in=team_ids).values("game_id")
    # And the games their losers go to (double elimination: "if you lose").
    falls_to = Game.objects.filter(pk__in=theirs, loser_game__isnull=False).values("loser_game")
    rows = (
        Side.objects.filter(
            Q(game_id__in=theirs)
            | Q(game__next_game_id__in=theirs)
            | Q(game__loser_game_id__in=theirs)
            | Q(game_id__in=falls_to)
        )
        .filter(public_games("game__"))
        .exclude(game__status=Game.Status.VOID)
        .order_by("game_id", "seat", "team__memberships__position")
        .values_list(
            "game_id",
            "seat",
            "total",
            "games_won",
            "team_id",
            "team__number",
            "team__memberships__player__name",
            "game__event_id",
            "game__stage",
            "game__round_number",
            "game__position",
            "game__status",
            "game__winner_seat",
            "game__walkover",
            "game__hand_count",
            "game__next_game_id",
            "game__next_slot",
            "game__round_id",
            "game__number",
            "game__loser_game_id",
            "game__loser_slot",
        )
    )
    games: dict[int, _Game] = {}
    for game_id, seat, total, won, team_id, number, name, *game_fields in rows:
        game = games.get(game_id)
        if game is None:
            game = games[game_id] = _Game(game_id, *game_fields)
        side = {"team": team_id, "number": number, "total": total, "games_won": won}
        side = game.sides.setdefault(seat, side)
        side.setdefault("names", [])
        if name is not None:
            side["names"].append(PlayerLine(0, name, ""))
    return games


def _label(side: dict) -> str:
    return TeamLine(side["team"] or 0, side["number"] or 0, side["names"]).label


def _result(game: _Game, seat: int) -> str:
    """Won, lost or tied for the side at `seat` of a game with a result."""
    if game.winner_seat is not None:
        return "won" if game.winner_seat == seat else "lost"
    totals = [side["total"] for side in game.sides.values()]
    best = max(totals)
    if game.sides[seat]["total"] < best:
        return "lost"
    return "tied" if totals.count(best) > 1 else "won"


def _seen(
    game: _Game, seat: int, *, rounds: int, games: dict[int, _Game], target: int | None = None
) -> GameSeen:
    table = game.round_id is not None
    where = {
        "stage": game.stage,
        "round_number": game.round_number,
        "rounds": rounds,
        "table": table,
    }
    seen = GameSeen(
        pk=game.pk,
        name=_name(game, rounds),
        stage_name=stage_name(**where),
        round_number=game.round_number,
        table=game.position + 1 if table else None,
        status=game.status,
        words=NEXT_WORDS.get(game.status, Game.Status(game.status).label),
        hand_count=game.hand_count,
        our_total=game.sides[seat]["total"],
        opponents=[
            Opponent(_label(side), side["total"])
            for other, side in sorted(game.sides.items())
            if other != seat and side["team"] is not None
        ],
        walkover=game.walkover,
    )
    if game.status in DECIDED and game.status != Game.Status.BYE:
        seen.result = _result(game, seat)
    if game.status in SCORED:
        totals = [side["total"] for _, side in sorted(game.sides.items())]
        seen.why = naming.reached_first(totals, game.winner_seat, target)
    if not seen.opponents and not table and game.status == Game.Status.WAITING:
        seen.waiting_for = _waiting_for(game, 1 - seat, rounds=rounds, games=games)
    if game.loser_game_id is not None and game.status in NEXT_WORDS:
        seen.if_lost = _if_lost(games.get(game.loser_game_id), rounds)
    return seen


def _if_lost(target: _Game | None, rounds: int) -> str:
    """Say where a team goes if it loses: "Game 23 (Losers' round 2)"."""
    if target is None:
        return "the losers' bracket"
    if target.status == Game.Status.BYE:
        where = stage_name(
            stage=target.stage, round_number=target.round_number, rounds=rounds, table=False
        )
        return f"a bye in {where}, then on in the losers' bracket"
    return _name(target, rounds)


def _waiting_for(game: _Game, slot: int, *, rounds: int, games: dict[int, _Game]) -> str:
    """Say who the opponents will be: "the winner of Quarter-final, game 2 (A or B)"."""
    feeder = next(
        (g for g in games.values() if g.next_game_id == game.pk and g.next_slot == slot), None
    )
    which = "winner"
    if feeder is None:
        which = "loser"
        feeder = next(
            (g for g in games.values() if g.loser_game_id == game.pk and g.loser_slot == slot),
            None,
        )
    if feeder is None:
        return "opponents not known yet"
    name = _name(feeder, rounds)
    known = [_label(side) for _, side in sorted(feeder.sides.items()) if side["team"] is not None]
    if len(known) == 2:
        return f"the {which} of {name} ({known[0]} or {known[1]})"
    return f"the {which} of {name}"


def _event_seen(entry, games: dict[int, _Game]) -> EventSeen:
    event: Event = entry.event
    seen = EventSeen(
        pk=event.pk,
        name=event.name,
        is_bracket=event.has_bracket,
        event_status=event.status,
        team_number=entry.side_number,
        partner=entry.partner_name or "",
    )
    if entry.side_team is None:
        seen.note = _note_without_team(event)
        return seen
    rounds = entry.bracket_rounds or 0
    mine = sorted(
        (
            (game, seat)
            for game in games.values()
            if game.event_id == event.pk
            for seat, side in game.sides.items()
            if side["team"] == entry.side_team
        ),
        key=lambda found: (found[0].stage, found[0].round_number, found[0].position),
    )
    open_games = [(g, s) for g, s in mine if g.status in NEXT_WORDS]
    played = [(g, s) for g, s in mine if g.status in (SCORED if g.round_id else DECIDED)]
    if open_games:
        seen.next_game = _seen(*open_games[0], rounds=rounds, games=games)
        game = open_games[0][0]
        seen.next_game.clock_key = (event, game.stage, game.round_number, game.round_id)
    real = [(g, s) for g, s in played if g.status != Game.Status.BYE]
    if real:
        target = event.game.target_score(event.options)
        seen.last_game = _seen(*real[-1], rounds=rounds, games=games, target=target)
    rule = event_rule(event)
    if seen.next_game is not None:
        seen.next_game.match = _match(*open_games[0], rule)
    if seen.last_game is not None:
        seen.last_game.match = _match(*real[-1], rule)
    if seen.next_game is None:
        seen.note = _note(entry, seen, mine)
    return seen


def _match(game: _Game, seat: int, rule) -> str:
    """Say where the side at `seat` stands in its match ("" for a game by itself)."""
    if game.status not in WITH_GAMES:
        return ""  # a walkover or a bye: no game of the match was played
    to_win = match_to_win(game, rule)
    sides = [side for _, side in sorted(game.sides.items())]
    won = games_as_stored(
        [side["games_won"] for side in sides], [side["total"] for side in sides], game.status
    )
    return match_words(to_win, won, seat, decided=game.status in DECIDED)


def _note_without_team(event: Event) -> str:
    """Where a player stands in an event that has not put them in a team (or a seat) yet."""
    if event.is_doubles:
        if event.status == Event.Status.REGISTRATION:
            return "Partners are not drawn yet."
        return "Not in the draw: ask at the desk."
    if event.format == Event.Format.ROUNDS:
        return "Not seated yet: players join when the next round is seated."
    if event.status == Event.Status.REGISTRATION:
        return "The bracket is not drawn yet."
    return "Not in the draw: ask at the desk."


def _note(entry, seen: EventSeen, mine) -> str:
    """Where a player stands when they have no game to go to."""
    if seen.is_bracket:
        if not mine:
            return "The bracket is not drawn yet."
        last = seen.last_game
        if last is not None and last.result == "lost":
            return f"Out of this event: lost in {last.stage_name}."
        if entry.event.status == Event.Status.FINISHED:
            return "Winner of this event!"
        return "Through to the next round: waiting for the draw."
    latest, status = entry.latest_round, entry.latest_status
    if latest is None:
        return "No round is seated yet."
    if not round_is_public(status):
        return f"Round {latest} is being seated: your table shows here once it starts."
    if entry.sat_out_round == latest and status != Round.Status.FINISHED:
        return f"Sitting out round {latest}."
    if entry.event.status == Event.Status.FINISHED:
        return "This event is finished: see the standings."
    return f"Waiting for round {latest + 1} to be seated."


def find_players(tournament, query: str) -> Lookup:
    """Return what the lookup shows for `query`: three queries whatever the size."""
    found = Lookup(query=query, players=[])
    if not query.split():
        return found
    players = _matching_players(tournament, query)
    found.more = len(players) > LIMIT
    players = players[:LIMIT]
    if not players:
        return found
    entries = list(_entries([p.pk for p in players]))
    team_ids = sorted({e.side_team for e in entries if e.side_team is not None})
    games = _games(team_ids) if team_ids else {}
    by_player: dict[int, list] = {}
    for entry in entries:
        by_player.setdefault(entry.player_id, []).append(_event_seen(entry, games))
    found.players = [
        PlayerFound(p.pk, p.name, p.chapter_name, by_player.get(p.pk, [])) for p in players
    ]
    lookup_clocks([ev.next_game for p in found.players for ev in p.events if ev.next_game])
    return found
