"""Double Takes (double-fifteen): score the rounds of one shuffle.

2, 3 or 4 players; 4 play as two partnerships (players 1 and 3 against 2 and 4), so
a game has 2 or 3 sides. The whole set is dealt out in rounds; each trick and each
double taken is worth 1 point, each revoke costs the revoking side 5. The game is one
shuffle and the highest score wins; equal highest scores tie.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from dataclasses import dataclass

from games.rules import RulesError
from games.rules.checks import check_count, check_length, seat_name
from games.rules.options import INT, Option, validate_options
from games.rules.tiles import double_count, format_tile, parse_tiles, tile_count

NAME = "Double Takes"
MAX_PIP = 15
PLAYER_COUNTS = (2, 3, 4)
REVOKE_PENALTY = 5
TILES = tile_count(MAX_PIP)
DOUBLES = double_count(MAX_PIP)

OPTIONS = (
    Option(
        name="players",
        label="Players at a table",
        kind=INT,
        default=4,
        min=2,
        max=4,
        help="2, 3 or 4 players at each table; 4 play as two partnerships.",
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


def score_round(tricks, doubles, revokes=None, *, players):
    """Return the points of one round, per side.

    tricks, doubles and revokes hold one count per side (per player, or per
    partnership for 4 players); revokes may be left out when there were none.
    The tricks must add up to the tiles each player was dealt.
    """
    sides = side_count(players)
    per_player = tiles_per_player(players)
    tricks = check_length(tricks, count=sides, what="The tricks")
    doubles = check_length(doubles, count=sides, what="The doubles")
    revokes = (0,) * sides if revokes is None else revokes
    revokes = check_length(revokes, count=sides, what="The revokes")
    for side in range(sides):
        name = _side(players, side)
        check_count(tricks[side], what=f"{name}'s tricks", high=per_player)
        check_count(doubles[side], what=f"{name}'s doubles", high=DOUBLES)
        check_count(revokes[side], what=f"{name}'s revokes", high=per_player)
        # A side's doubles are among the tiles of its tricks (3 players: one trick
        # of the shuffle holds the extra tile left over).
        taken = tricks[side] * players + tiles_left_over(players)
        if doubles[side] > taken:
            raise RulesError(
                f"{name} took {tricks[side]} tricks, so cannot have taken {doubles[side]} doubles"
            )
    if sum(tricks) != per_player:
        raise RulesError(
            f"The tricks add up to {sum(tricks)}; a round with {players} players has {per_player}"
        )
    if sum(doubles) > DOUBLES:
        raise RulesError(f"The doubles add up to {sum(doubles)}; the set holds {DOUBLES}")
    points = tuple(
        tricks[side] + doubles[side] - REVOKE_PENALTY * revokes[side] for side in range(sides)
    )
    return RoundScore(tricks, doubles, revokes, points)


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
    RulesError for more rounds than a shuffle deals, or when the doubles over the whole
    shuffle do not add up to 16.
    """
    expected = rounds_per_shuffle(players)
    scored = tuple(
        score_round(*check_length(entry, count=3, what=f"Round {number}"), players=players)
        for number, entry in enumerate(rounds, start=1)
    )
    if len(scored) > expected:
        raise RulesError(
            f"A shuffle for {players} players has {expected} rounds, not {len(scored)}"
        )
    doubles = sum(sum(entry.doubles) for entry in scored)
    finished = len(scored) == expected
    if doubles > DOUBLES or (finished and doubles != DOUBLES):
        raise RulesError(
            f"The doubles taken over the shuffle add up to {doubles}; the set holds {DOUBLES}"
        )
    sides = side_count(players)
    totals = tuple(sum(entry.points[side] for entry in scored) for side in range(sides))
    winners = ()
    if finished:
        best = max(totals)
        winners = tuple(side for side in range(sides) if totals[side] == best)
    return ShuffleResult(scored, totals, finished, winners, len(winners) > 1)


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


def house_rules(options):
    """Return the rules an event plays by, as plain sentences for the event page."""
    players = clean_options(options)["players"]
    if players == 4:
        table = "4 players in 2 partnerships"
    else:
        table = f"{players} players, each playing alone"
    rules = [
        f"Each table seats {table}. Each player is dealt {tiles_per_player(players)} tiles "
        f"a round, and one shuffle of the double-fifteen set deals "
        f"{rounds_per_shuffle(players)} rounds.",
    ]
    if tiles_left_over(players):
        rules.append("The one tile left over is added to the last trick of the shuffle.")
    rules += [
        "Each trick taken scores 1 point and each double taken scores 1 point: "
        f"{tricks_per_shuffle(players)} tricks and {DOUBLES} doubles make "
        f"{points_per_shuffle(players)} points a shuffle.",
        f"Each revoke (not following suit when able) costs the revoking side "
        f"{REVOKE_PENALTY} points.",
        "The game is one shuffle: the highest score wins, and equal highest scores tie.",
    ]
    return rules
