"""Write services for the partner draw, the brackets and the singles fed by doubles.

Each function runs in one transaction, takes keyword-only arguments, locks the event it
changes, validates through the pure draw and bracket rules, and logs who did it.

The flow of a Texas Good Sams tournament:
1. `draw_partners_for_event` teams up the checked-in players of the doubles event
   (redraw at will, `swap_players` to adjust) until
2. `draw_bracket` lays out every game of the doubles bracket, byes decided at once.
   A player left without a partner is decided first (`odd_player.py`).
3. As doubles results come in, partners whose team lost its first game meet in the
   singles event's partners' games (stage 0; see `partners_games.py`); `open_singles`
   catches up on results given before the singles event existed, and
   `add_singles_entrant` adds players straight into the singles bracket
   (`singles_entry.py`).
4. `draw_singles_bracket` (the same `draw_bracket`) draws the singles bracket from the
   partners' game winners and the added players once all of those games are decided.
"""

from __future__ import annotations

import secrets

from django.db import transaction
from django.db.models import Max
from django.utils import timezone

from games.formats import Structure, get_format

from .. import naming, selectors
from ..acting import User
from ..changes import log_activity, mark_changed
from ..draw import DrawError, PartnerDraw, draw_partners, same_chapter, swap_partners
from ..errors import DeskError
from ..models import Entry, Event, Game, Team, TeamMember
from ..selectors import odd_players
from .draw_rows import Entrant, collector_paused, insert_bracket, insert_teams

SEED_LOW, SEED_HIGH = 100_000, 999_999


def new_seed(*, not_this=None) -> int:
    """Return a fresh six-digit seed, easy to read out and write down."""
    while True:
        seed = SEED_LOW + secrets.randbelow(SEED_HIGH - SEED_LOW + 1)
        if seed != not_this:
            return seed


def lock_event(event: Event) -> Event:
    return (
        Event.objects.select_for_update(of=("self",))
        .select_related("tournament", "fed_by")
        .get(pk=event.pk)
    )


def _players_word(count: int) -> str:
    return f"{count} player" if count == 1 else f"{count} players"


def bracket_drawn(event: Event) -> bool:
    return Game.objects.filter(event=event, stage__in=naming.FIRST_STAGES).exists()


def _eligible_entries(event: Event):
    return Entry.objects.filter(event=event, player__checked_in=True, player__withdrawn=False)


def eligible_player_ids(event: Event):
    """Return the players entered in the event, checked in and not withdrawn."""
    return _eligible_entries(event).values_list("player_id", flat=True)


@collector_paused()
@transaction.atomic
def draw_partners_for_event(*, event: Event, by: User, seed: int | None = None) -> PartnerDraw:
    """Draw the doubles partners at random (or from ``seed``) and store the teams.

    Replaces any earlier draw; refused once the bracket is drawn. Same-chapter teams are
    flagged on the team; an odd player out is left without a team.
    """
    event = lock_event(event)
    if not event.is_doubles:
        raise DeskError(f"{event.name} is a singles event: there are no partners to draw.")
    if bracket_drawn(event):
        raise DeskError(f"The {event.name} bracket has been drawn; partners can no longer change.")
    # In any order: the pure draw sorts the players by id itself.
    players = list(
        _eligible_entries(event).order_by().values_list("player_id", "player__chapter_id")
    )
    if len(players) < 4:
        raise DeskError(
            f"A doubles draw needs at least 4 checked-in players; "
            f"{_players_word(len(players))} {'is' if len(players) == 1 else 'are'} checked in."
        )
    if seed is None:
        seed = new_seed(not_this=event.partner_seed)
    elif not 0 <= seed <= 2**62:
        raise DeskError("A draw number is a whole number of up to 18 digits.")
    drawn = draw_partners(players, seed=seed)

    Team.objects.filter(event=event).delete()
    clashes = set(drawn.same_chapter_pairs)
    insert_teams(
        event,
        numbers=list(range(1, len(drawn.pairs) + 1)),
        players=drawn.pairs,
        same_chapter=[pair in clashes for pair in drawn.pairs],
    )
    mark_changed(event=event, partner_seed=seed, status=Event.Status.DRAWN)
    notes = [f"{len(drawn.pairs)} teams"]
    if clashes:
        notes.append(f"{len(clashes)} same-chapter")
    if drawn.odd_player is not None:
        notes.append("1 odd player out")
    log_activity(
        tournament=event.tournament,
        by=by,
        text=f"Drew partners for {event.name} (draw number {seed}): {', '.join(notes)}",
    )
    return drawn


@transaction.atomic
def swap_players(*, event: Event, by: User, player_a, player_b) -> list[Team]:
    """Swap two players between their teams; an odd player out may swap into a team.

    Returns the changed teams with their same-chapter flag brought up to date, so the
    page can warn when a swap made a same-chapter team. The swap and the flag are the
    pure rules' (`draw.swap_partners`, `draw.same_chapter`); this reads and writes.
    """
    event = lock_event(event)
    _refuse_swap(event)
    chosen = {player_a.pk: player_a, player_b.pk: player_b}
    members, teams = _locked_teams_of(event, chosen)
    pairs = [tuple(member.player_id for member in team) for team in teams.values()]
    outside = [pk for pk in chosen if pk not in {member.player_id for member in members}]
    try:
        swapped = swap_partners(
            pairs, player_a.pk, player_b.pk, outside=outside, name=lambda pk: chosen[pk].name
        )
    except DrawError as exc:
        raise DeskError(str(exc)) from None
    if outside and not eligible_player_ids(event).filter(player_id=outside[0]).exists():
        newcomer = chosen[outside[0]]
        raise DeskError(
            f"{newcomer.name} is not a checked-in player of {event.name}, so cannot join a team."
        )
    _write_swap(event, teams, swapped, chosen)
    chapter_of = {member.player_id: member.player.chapter_id for member in members}
    chapter_of |= {pk: player.chapter_id for pk, player in chosen.items()}
    flags = dict(zip(teams, (same_chapter(pair, chapter_of) for pair in swapped), strict=True))
    changed = list(Team.objects.filter(pk__in=list(teams)).prefetch_related("memberships__player"))
    for team in changed:
        team.same_chapter = flags[team.pk]
        team.save(update_fields=["same_chapter"])
    mark_changed(event=event)
    log_activity(
        tournament=event.tournament,
        by=by,
        text=f"Swapped {player_a.name} and {player_b.name} in {event.name}",
    )
    return sorted(changed, key=lambda team: team.number)


def _refuse_swap(event: Event) -> None:
    if not event.is_doubles:
        raise DeskError(f"{event.name} is a singles event: there are no partners to swap.")
    if event.status != Event.Status.DRAWN or bracket_drawn(event):
        raise DeskError(
            "Partners can only be swapped after the partner draw and before the bracket is drawn."
        )


def _locked_teams_of(event: Event, chosen: dict):
    """Lock and return both teams, whole: the players chosen and their partners, as the
    members in order and the members by team id."""
    members = list(
        TeamMember.objects.select_for_update(of=("self",))
        .filter(
            team__in=TeamMember.objects.filter(event=event, player__in=list(chosen)).values(
                "team_id"
            )
        )
        .select_related("player")
        .order_by("team__number", "position")
    )
    teams: dict[int, list[TeamMember]] = {}
    for member in members:
        teams.setdefault(member.team_id, []).append(member)
    return members, teams


def _write_swap(event: Event, teams: dict, swapped, chosen: dict) -> None:
    """Replace the members whose place changed with the player the swap put there."""
    leaving, joining = [], []
    for team, pair in zip(teams.values(), swapped, strict=True):
        for member, player_id in zip(team, pair, strict=True):
            if member.player_id != player_id:
                leaving.append(member.pk)
                joining.append(
                    TeamMember(
                        team_id=member.team_id,
                        event=event,
                        player=chosen[player_id],
                        position=member.position,
                    )
                )
    TeamMember.objects.filter(pk__in=leaving).delete()
    TeamMember.objects.bulk_create(joining)


def _singles_entrants(event: Event) -> list[Team]:
    """Return the teams (one player each) that enter the singles bracket.

    Fed singles: the winners of the partners' games and the players added by the
    official. Singles on its own: a team for every checked-in entrant.
    """
    if event.fed_by_id is None:
        # Every checked-in entrant gets a team of one (kept from an earlier draw).
        seated = set(TeamMember.objects.filter(event=event).values_list("player_id", flat=True))
        newcomers = [p for p in eligible_player_ids(event).order_by("player_id") if p not in seated]
        last = Team.objects.filter(event=event).aggregate(n=Max("number"))["n"] or 0
        insert_teams(
            event,
            numbers=list(range(last + 1, last + len(newcomers) + 1)),
            players=[[player_id] for player_id in newcomers],
            same_chapter=[False] * len(newcomers),
        )
        return list(Team.objects.filter(event=event).exclude(players__withdrawn=True))

    doubles = event.fed_by
    if not bracket_drawn(doubles):
        raise DeskError(
            f"Draw the {doubles.name} bracket first: the singles start with its first-game losers."
        )
    still_open = selectors.first_games_open(doubles.pk)
    if still_open:
        raise DeskError(
            f"{still_open} {doubles.name} game{'s' if still_open != 1 else ''} that decide who "
            f"plays singles {'are' if still_open != 1 else 'is'} not finished yet."
        )
    partner_games = list(
        Game.objects.filter(event=event, stage=0)
        .exclude(status=Game.Status.VOID)
        .prefetch_related("sides")
    )
    undecided = [game for game in partner_games if not game.is_decided]
    if undecided:
        raise DeskError(
            f"{len(undecided)} partners' game{'s' if len(undecided) != 1 else ''} "
            f"{'are' if len(undecided) != 1 else 'is'} not finished yet; "
            "the singles bracket is drawn from their winners."
        )
    winners = {}
    for game in partner_games:
        side = game.sides_by_seat[game.winner_seat]
        winners[side.team_id] = game
    # Players the official added have never sat in a partners' game.
    added = Team.objects.filter(event=event).exclude(sides__game__stage=0)
    teams = list(Team.objects.filter(pk__in=list(winners))) + list(added)
    for team in teams:
        team.partners_game = winners.get(team.pk)
    return teams


def _lock_bracket_games(event: Event) -> None:
    """Lock the bracket's games before the event, as a hand or a result does (its game,
    then the games its winner goes to, which were made before it: the later first).

    A hand being entered is then in (and the bracket played: no redraw) or waits, and
    finds its game gone; whether the bracket was played is read under these locks.
    """
    games = Game.objects.select_for_update().filter(event=event, stage__in=naming.BRACKET_STAGES)
    games = games.order_by("-pk")
    list(games.values_list("pk"))


@collector_paused()
@transaction.atomic
def draw_bracket(
    *, event: Event, by: User, seed: int | None = None, bye_team_ids=None
) -> list[Game]:
    """Lay out every game of the event's bracket, linked to the game each winner goes to.

    ``bye_team_ids`` (team ids) are the teams the official chose for byes; None draws
    them at random. Bye games are decided at once and their team advanced. A bracket
    with no results yet may be drawn again. Returns the new games' ids, final first.
    """
    _lock_bracket_games(event)
    event = lock_event(event)
    bracket_format = get_format(event.format)
    if not bracket_format.bracket:
        raise DeskError(f"{event.name} is played in rounds at tables, not in a bracket.")
    if selectors.bracket_played(event):
        raise DeskError(
            f"Results have been given in the {event.name} bracket; it can no longer be redrawn."
        )
    # Redrawing: the games go first (a refusal below rolls this back).
    Game.objects.filter(event=event, stage__in=naming.BRACKET_STAGES).delete()
    teams = _bracket_entrants(event)
    team_ids = {team.number: team.pk for team in teams}
    chosen = _chosen_byes(teams, bye_team_ids)
    if seed is None:
        seed = new_seed(not_this=event.bracket_seed)
    structure = bracket_format.make(
        sorted(team_ids), seed=seed, byes=chosen, options=event.format_options
    )

    now = timezone.now()
    created = insert_bracket(event, structure, team_ids=team_ids, now=now)
    _link_partner_games(teams, structure, created)

    mark_changed(event=event, at=now, bracket_seed=seed, status=Event.Status.PLAYING)
    byes = structure.slots - len(structure.entrants)
    log_activity(
        tournament=event.tournament,
        by=by,
        text=(
            f"Drew the {event.name} bracket (draw number {seed}): {len(teams)} teams, "
            f"{byes} bye{'s' if byes != 1 else ''}"
            f"{' chosen by the official' if chosen else ''}"
        ),
    )
    return created[::-1]


def _bracket_entrants(event: Event) -> list:
    """Return the teams that enter the bracket; refuse fewer than 2, and a doubles
    bracket before its partner draw or while a player has no partner."""
    if event.is_doubles:
        if event.status == Event.Status.REGISTRATION:
            raise DeskError(f"Draw the partners of {event.name} before its bracket.")
        _refuse_odd_players(event)
        teams = [
            Entrant(pk, number)
            for pk, number in Team.objects.filter(event=event).values_list("pk", "number")
        ]
    else:
        teams = _singles_entrants(event)
    if len(teams) < 2:
        raise DeskError(f"A bracket needs at least 2 teams; {event.name} has {len(teams)}.")
    return teams


def _chosen_byes(teams, bye_team_ids):
    """Return the team numbers the official chose for byes (None: draw them at random)."""
    if not bye_team_ids:
        return None
    by_pk = {team.pk: team for team in teams}
    chosen = []
    for pk in bye_team_ids:
        team = by_pk.get(int(pk))
        if team is None:
            raise DeskError("A team chosen for a bye is not in this bracket.")
        chosen.append(team.number)
    return chosen


def _refuse_odd_players(event: Event) -> None:
    """Refuse a doubles bracket while a checked-in player has no partner and no decision."""
    names = [player.name for player in odd_players(event)]
    if names:
        raise DeskError(
            f"{' and '.join(names)} {'has' if len(names) == 1 else 'have'} no partner. "
            "Before the bracket is drawn, partner them with a player who arrived late, "
            f"take them out of {event.name}, or send them straight to the singles."
        )


def _link_partner_games(teams, structure: Structure, created: list[int]) -> None:
    """Send each partners' game winner on to the first-round slot they were drawn into."""
    fed = {
        team.number: team.partners_game for team in teams if getattr(team, "partners_game", None)
    }
    if not fed:
        return
    linked = []
    for planned in structure.games:
        for seat, number in enumerate(planned.entrants):
            if number in fed:
                game = fed[number]
                game.next_game_id = created[planned.index]
                game.next_slot = seat
                linked.append(game)
    Game.objects.bulk_update(linked, ["next_game", "next_slot"])


draw_singles_bracket = draw_bracket
