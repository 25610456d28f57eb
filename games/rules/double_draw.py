"""Double Draw (double-six): score a hand and follow a game to 100 or 61.

2 to 4 players; 4 may play as 2 partnerships, seated so that players 1 and 3 (indexes
0 and 2) are Side 1 and players 2 and 4 (indexes 1 and 3) are Side 2. Scores are kept
per side: one entry per player when playing singly, one per partnership otherwise.

Pure rules: plain data in, plain data out; this module imports no Django.
"""

from games.rules import RulesError
from games.rules.checks import check_count, seat_name
from games.rules.game_state import fold_to_target
from games.rules.options import BOOL, INT, Option, validate_options
from games.rules.tiles import set_pip_total

NAME = "Double Draw"
MAX_PIP = 6
MAX_PIPS = set_pip_total(MAX_PIP)
PLAYER_COUNTS = (2, 3, 4)
PARTNERSHIP_TARGET = 100
SINGLES_TARGET = 61

OPTIONS = (
    Option(
        name="players",
        label="Players at a table",
        kind=INT,
        default=4,
        min=2,
        max=4,
        help="How many players sit at each table: 2, 3 or 4.",
    ),
    Option(
        name="partnerships",
        label="Partnerships",
        kind=BOOL,
        default=False,
        help="Four players play as two partnerships, partners sitting opposite.",
    ),
)


def _check_players(players, partnerships):
    if players not in PLAYER_COUNTS:
        raise RulesError(f"{NAME} is played by 2, 3 or 4 players, not {players}")
    if partnerships and players != 4:
        raise RulesError(f"Partnerships need 4 players, not {players}")


def hand_size(players):
    """Return the tiles each player is dealt: 8 minus the number of players."""
    _check_players(players, False)
    return 8 - players


def side_count(players, partnerships=False):
    """Return how many sides score: 2 for partnerships, else one per player."""
    _check_players(players, partnerships)
    return 2 if partnerships else players


def target(players, partnerships=False):
    """Return the winning score: 100 for 2 players or partnerships, 61 for 3 or 4 singly."""
    if side_count(players, partnerships) == 2:
        return PARTNERSHIP_TARGET
    return SINGLES_TARGET


def score_hand(pips, *, partnerships=False):
    """Return the points each side scores in a hand from each player's remaining pips.

    pips holds one count per player in seating order. The side with the lowest total
    scores the other sides' totals minus its own; a tie for lowest scores nothing.
    Return one entry per player, or per partnership (Side 1: players 1 and 3;
    Side 2: players 2 and 4) when partnerships is True.
    """
    pips = list(pips)
    _check_players(len(pips), partnerships)
    for player, count in enumerate(pips):
        check_count(count, what=f"{seat_name(player, seat='Player')}'s pips", high=MAX_PIPS)
    if sum(pips) > MAX_PIPS:
        raise RulesError(
            f"The players' pips add up to {sum(pips)}, more than the {MAX_PIPS} in a double-six set"
        )
    totals = [pips[0] + pips[2], pips[1] + pips[3]] if partnerships else pips
    lowest = min(totals)
    points = [0] * len(totals)
    if totals.count(lowest) == 1:
        winner = totals.index(lowest)
        points[winner] = sum(totals) - 2 * lowest
    return points


def fold_game(hands, *, players, partnerships=False):
    """Return the state of a game after its hands, in order.

    hands holds each hand's points as score_hand returns them. The first side to reach
    the target wins at that hand; hands after it raise RulesError.
    """
    sides = side_count(players, partnerships)
    seat = "Side" if partnerships else "Player"
    return fold_to_target(hands, sides=sides, target=target(players, partnerships), seat=seat)


def clean_options(raw):
    """Return the event's house rules for this game, defaults filled in."""
    options = validate_options(OPTIONS, raw, game=NAME)
    _check_players(options["players"], options["partnerships"])
    return options


def target_score(options):
    """Return the score that wins a game with these options."""
    options = clean_options(options)
    return target(options["players"], options["partnerships"])


def house_rules(options):
    """Return the rules an event plays by, as plain sentences for the event page."""
    options = clean_options(options)
    players, partnerships = options["players"], options["partnerships"]
    if partnerships:
        table = "4 players in 2 partnerships, partners sitting opposite each other"
        lowest = "The partnership with the lower total (its two players' pips added)"
    else:
        table = f"{players} players, each playing alone"
        lowest = "The player with the lowest total"
    return [
        f"Each table seats {table}; each player is dealt {hand_size(players)} tiles.",
        "At the end of a hand the official enters the pips left in each player's hand.",
        f"{lowest} scores the other totals minus its own. A tie for lowest scores nothing.",
        f"The first to reach {target(players, partnerships)} points wins the game.",
    ]
