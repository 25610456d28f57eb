"""Double Takes's rules: the counts of a shuffle, a trick's winner, scoring its rounds and
the whole shuffle, the sizes of the tables a round seats and the house rules.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass

from games.engine import plural
from games.rules import RulesError
from games.rules.checks import Refusals, check_count, check_length, seat_name
from games.rules.options import INT, Option, validate_options
from games.rules.tiles import double_count, format_tile, parse_tiles, tile_count

NAME = "Double Takes"
MAX_PIP = 15
PLAYER_COUNTS = (2, 3, 4)
PARTNERSHIP_PLAYERS = 4
TABLE_SIZES_ALONE = (2, 3)
TEAM_SIZES = (1, 2)
PLAYS_ON_AFTER_WITHDRAWAL = False
REVOKE_PENALTY = 5
TILES = tile_count(MAX_PIP)
DOUBLES = double_count(MAX_PIP)

OPTIONS = (
    Option(
        name="table_size",
        label="Players at a table",
        kind=INT,
        default=3,
        min=min(TABLE_SIZES_ALONE),
        max=max(TABLE_SIZES_ALONE),
        help=(
            "2 or 3 players at each table when everyone plays alone; an event played in "
            "partnerships always seats 4 players as two partnerships."
        ),
    ),
)


def _check_players(players):
    if players not in PLAYER_COUNTS:
        raise RulesError(f"{NAME} is played by 2, 3 or 4 players, not {players}")


def tiles_per_player(players):
    """Return the tiles each player is dealt in a round: 17, or 15 for 3 players."""
    _check_players(players)
    return 15 if players == 3 else 17


def rounds_per_shuffle(players):
    """Return how many rounds one shuffle of the set deals: 4, 3 or 2 for 2, 3, 4 players."""
    return TILES // (players * tiles_per_player(players))


def tiles_left_over(players):
    """Return the tiles no one is dealt (1 for 3 players; it joins the shuffle's last trick)."""
    return TILES - players * tiles_per_player(players) * rounds_per_shuffle(players)


def tricks_per_shuffle(players):
    """Return the tricks of a whole shuffle: one per tile a player is dealt, every round."""
    return tiles_per_player(players) * rounds_per_shuffle(players)


def points_per_shuffle(players):
    """Return the points a shuffle holds before revokes: its tricks plus the 16 doubles.

    2 players: 68 + 16 = 84; 3 players: 45 + 16 = 61; 4 players: 34 + 16 = 50.
    """
    return tricks_per_shuffle(players) + DOUBLES


def side_count(players):
    """Return how many sides score: one per player, or 2 partnerships for 4 players."""
    _check_players(players)
    return 2 if players == 4 else players


def _side(players, index):
    return seat_name(index, seat="Side" if players == 4 else "Player")


def winning_play(trick, *, suit):
    """Return the index of the tile that wins a trick of tiles played in turn.

    suit is the number the leader named, one of the numbers on the tile led. The
    highest double not in that suit wins; without one, the tile of that suit with the
    most pips wins (the suit's own double ranks by its pips like any other tile).
    """
    trick = parse_tiles(trick, max_pip=MAX_PIP, what="The trick")
    if not 2 <= len(trick) <= max(PLAYER_COUNTS):
        raise RulesError(f"A trick holds one tile per player, 2 to 4, not {len(trick)}")
    led = trick[0]
    if suit not in led:
        numbers = str(led[0]) if led[0] == led[1] else f"{led[0]} or {led[1]}"
        raise RulesError(f"The leader of {format_tile(led)} names {numbers} as the suit")
    trumps = [index for index, (a, b) in enumerate(trick) if a == b and a != suit]
    if trumps:
        return max(trumps, key=lambda index: trick[index][0])
    following = [index for index, tile in enumerate(trick) if suit in tile]
    return max(following, key=lambda index: sum(trick[index]))


@dataclass(frozen=True)
class RoundScore:
    """One round per side: tricks, doubles and revokes entered, and the points they make."""

    tricks: tuple[int, ...]
    doubles: tuple[int, ...]
    revokes: tuple[int, ...]
    points: tuple[int, ...]


def check_counts(tricks, doubles, revokes, *, players, refusals, skip=()):
    """Check each side's count on its own, keeping each refusal at its field.

    skip: the fields already refused (a count that could not be read), left out.
    """
    per_player = tiles_per_player(players)
    for side in range(side_count(players)):
        name = _side(players, side)
        for key, count, what, high in (
            (f"tricks_{side}", tricks[side], "tricks", per_player),
            (f"doubles_{side}", doubles[side], "doubles", DOUBLES),
            (f"revokes_{side}", revokes[side], "revokes", per_player),
        ):
            if key not in skip:
                with refusals.about(key):
                    check_count(count, what=f"{name}'s {what}", high=high)


def score_round(tricks, doubles, revokes=None, *, players):
    """Return the points of one round, per side.

    tricks, doubles and revokes hold one count per side (per player, or per
    partnership for 4 players); revokes may be left out when there were none.
    The tricks must add up to the tiles each player was dealt. A round does not know
    its place in the shuffle, so with 3 players a side that took a trick may count the
    tile left over (score_shuffle checks that only the last round does).
    """
    sides = side_count(players)
    per_player = tiles_per_player(players)
    tricks = check_length(tricks, count=sides, what="The tricks")
    doubles = check_length(doubles, count=sides, what="The doubles")
    revokes = (0,) * sides if revokes is None else revokes
    revokes = check_length(revokes, count=sides, what="The revokes")
    refusals = Refusals()
    check_counts(tricks, doubles, revokes, players=players, refusals=refusals)
    refusals.raise_any()  # the counts together mean nothing while one is refused
    for side in range(sides):
        # A side's doubles are among the tiles of its tricks; with 3 players the
        # shuffle's last trick also holds the tile left over.
        taken = tricks[side] * players + (tiles_left_over(players) if tricks[side] else 0)
        if doubles[side] > taken:
            refusals.add(
                f"{_side(players, side)} took {plural(tricks[side], 'trick')}, so cannot have "
                f"taken {plural(doubles[side], 'double')}",
                field=f"doubles_{side}",
            )
    if sum(tricks) != per_player:
        refusals.add(
            f"The tricks add up to {sum(tricks)}; a hand with {players} players has {per_player}",
            field="tricks_0",
        )
    if sum(doubles) > DOUBLES:
        refusals.add(
            f"The doubles add up to {sum(doubles)}; the set holds {DOUBLES}", field="doubles_0"
        )
    refusals.raise_any()
    points = tuple(
        tricks[side] + doubles[side] - REVOKE_PENALTY * revokes[side] for side in range(sides)
    )
    return RoundScore(tricks, doubles, revokes, points)


def _counting_left_over(score, players):
    """Return the sides whose doubles in a round count the tile left over."""
    return [
        side
        for side, (tricks, doubles) in enumerate(zip(score.tricks, score.doubles, strict=True))
        if doubles > tricks * players
    ]


def check_left_over_tile(score, *, players, number):
    """Refuse a round that counts the tile left over (3 players) where it cannot be.

    score is round `number` (1-based) of the shuffle, as score_round returns it. The tile
    is added to the last trick of the shuffle, so only the last round may count it, and
    only for the one side that took that trick.
    """
    rounds = rounds_per_shuffle(players)
    counting = _counting_left_over(score, players)
    if counting and number < rounds:
        side = counting[0]
        raise RulesError(
            f"Hand {number}: {_side(players, side)} took "
            f"{plural(score.tricks[side], 'trick')}, so cannot have taken "
            f"{plural(score.doubles[side], 'double')}: the tile left over is added to the "
            f"last trick of the shuffle, so it counts only in hand {rounds}",
            field=f"doubles_{side}",
        )
    if len(counting) > 1:
        names = " and ".join(_side(players, side) for side in counting)
        raise RulesError(
            f"Hand {number}: {names} both count the tile left over, but it is added to the "
            "last trick of the shuffle, which one of them took",
            field=f"doubles_{counting[1]}",
        )


@dataclass(frozen=True)
class ShuffleResult:
    """A game (one shuffle) so far: its rounds, each side's total, and the result.

    winners holds every side with the highest total once all rounds are in; more than
    one means a tie (tied is True).
    """

    rounds: tuple[RoundScore, ...]
    totals: tuple[int, ...]
    finished: bool
    winners: tuple[int, ...]
    tied: bool


def score_shuffle(rounds, *, players):
    """Return the result of a game from its rounds so far, in order.

    rounds holds (tricks, doubles, revokes) per round, as score_round takes them. Raise
    RulesError for more rounds than a shuffle deals, for the tile left over (3 players)
    counted before the last round, or when the doubles over the whole shuffle do not
    add up to 16.
    """
    expected = rounds_per_shuffle(players)
    rounds = list(rounds)
    if len(rounds) > expected:
        raise RulesError(f"A shuffle for {players} players has {expected} hands, not {len(rounds)}")
    scored = tuple(
        _score_numbered_round(entry, number, players)
        for number, entry in enumerate(rounds, start=1)
    )
    doubles = sum(sum(entry.doubles) for entry in scored)
    finished = len(scored) == expected
    if doubles > DOUBLES or (finished and doubles != DOUBLES):
        raise RulesError(
            f"The doubles taken over the shuffle add up to {doubles}; the set holds {DOUBLES}",
            field="doubles_0",
        )
    sides = side_count(players)
    totals = tuple(sum(entry.points[side] for entry in scored) for side in range(sides))
    winners = ()
    if finished:
        best = max(totals)
        winners = tuple(side for side in range(sides) if totals[side] == best)
    return ShuffleResult(scored, totals, finished, winners, len(winners) > 1)


def _score_numbered_round(entry, number, players):
    """Return round `number` scored; its errors say which round they are about."""
    entry = check_length(entry, count=3, what=f"Hand {number}")
    try:
        score = score_round(*entry, players=players)
    except RulesError as error:
        raise RulesError.of(
            (field, f"Hand {number}: {message}") for field, message in error.problems
        ) from None
    check_left_over_tile(score, players=players, number=number)
    return score


def describe_result(result, *, players):
    """Return the result in plain words: "Side 1 wins with 30" or "Player 1 and Player 3 tie"."""
    if not result.finished:
        return "Not finished"
    names = [_side(players, side) for side in result.winners]
    best = result.totals[result.winners[0]]
    if result.tied:
        return f"{' and '.join(names)} tie on {best}"
    return f"{names[0]} wins with {best}"


def clean_options(raw):
    """Return the event's house rules for this game, defaults filled in."""
    return validate_options(OPTIONS, raw, game=NAME)


def target_score(options):
    """Return None: the game is one shuffle, and the highest score wins."""
    return None


def _check_team_size(team_size):
    if team_size not in TEAM_SIZES:
        raise RulesError(
            f"{NAME} is played alone or in partnerships of 2 (4 players, two against two), "
            f"not in teams of {team_size!r}"
        )


def table_sizes(options: dict, team_size: int) -> tuple[tuple[int, ...], int]:
    """Return the sides a table may seat and the size a round aims for: 2 or 3 players
    alone, or two partnerships (`entry.tables` makes them the engine's TableRule)."""
    _check_team_size(team_size)
    if team_size == 2:
        return (2,), 2
    return TABLE_SIZES_ALONE, options["table_size"]


def house_rules(options, team_size=1):
    """Return the rules an event plays by, as plain sentences for the event page."""
    options = clean_options(options)
    sizes, preferred = table_sizes(options, team_size)
    if team_size == 2:
        rules = ["Each table seats 4 players in 2 partnerships: players 1 and 3 against 2 and 4."]
    else:
        others = " or ".join(str(size) for size in sizes if size != preferred)
        rules = [
            f"Each table seats {preferred} players, each playing alone ({others} where "
            "the numbers need it)."
        ]
    table_players = sorted({size * team_size for size in sizes}, reverse=True)
    rules.append("Each trick taken scores 1 point and each double taken scores 1 point.")
    rules += [
        f"With {players} players, each is dealt {tiles_per_player(players)} tiles a hand and "
        f"one shuffle of the double-fifteen set deals {rounds_per_shuffle(players)} hands: "
        f"{tricks_per_shuffle(players)} tricks and {DOUBLES} doubles make "
        f"{points_per_shuffle(players)} points a shuffle."
        for players in table_players
    ]
    if any(tiles_left_over(players) for players in table_players):
        rules.append(
            "With 3 players the one tile left over is added to the last trick of the shuffle, "
            "so a double taken with it counts only in the last hand."
        )
    rules += [
        f"Each revoke (not following suit when able) costs the revoking side "
        f"{REVOKE_PENALTY} points.",
        "The game is one shuffle: the highest score wins, and equal highest scores tie.",
    ]
    return rules
