"""Reads for the table's own page: the game as the phone shows it, and what waits."""

from dataclasses import dataclass, field

from tournaments.compiled import compiled, together
from tournaments.models import OPEN, Event, Game
from tournaments.selectors import Clock, game_clock

from .history import HandWords, describe_hand
from .models import TableEntry, TableLink
from .models.table import OPEN_ENTRY
from .selectors import Sheet, game_sheet, game_sides
from .selectors.game_reads import sides_read_at_table
from .services.table import Sitter, sitters_of
from .services.table_links import normal_code, refusal, show_code

Status = TableEntry.Status


@compiled(slug="\0slug", code="\0code")
def _links(*, slug: str, code: str):
    return TableLink.objects.select_related("game__event__tournament", "game__next_game").filter(
        code=code, game__event__tournament__slug=slug
    )[:1]


def find_link(slug: str, code: str) -> TableLink | None:
    """Return the tournament's table link with this code (revoked ones too), or None,
    read with its game, event, tournament and next game (one query, compiled once:
    every step at a table reads it)."""
    found = _links(slug=slug, code=normal_code(code))
    return found[0] if found else None


def find_link_with_sides(slug: str, code: str) -> tuple[TableLink | None, list | None]:
    """`find_link`, and its game's sides (`game_sides`; None without a link), read in
    the same round trip: every step at a table but the phone's quiet poll needs them."""
    code = normal_code(code)
    found, rows = together((_links, {"slug": slug, "code": code}), sides_read_at_table(slug, code))
    if not found:
        return None, None
    return found[0], game_sides(found[0].game, rows=rows)


@dataclass
class TableView:
    """What a table's page shows: the sheet, who sits where, what waits, what was decided."""

    link: TableLink
    sheet: Sheet
    refusal: str
    sitters: list[Sitter]
    waiting: TableEntry | None = None
    waiting_text: str = ""
    decided: str = ""
    seated: list[tuple[str, str]] = field(default_factory=list)
    clock: Clock | None = None

    @property
    def game(self) -> Game:
        return self.sheet.game

    @property
    def code(self) -> str:
        return show_code(self.link.code)

    @property
    def opponents(self) -> list[Sitter]:
        """The players who may answer the waiting hand: every side but its enterer's."""
        if self.waiting is None:
            return []
        return [s for s in self.sitters if s.seat != self.waiting.entered_seat]

    @property
    def pass_to(self) -> str:
        """Return "Dale or Earl": whom to pass the phone to."""
        names = [s.name for s in self.opponents]
        return ", ".join(names[:-1]) + (" or " if len(names) > 1 else "") + names[-1]

    @property
    def can_enter(self) -> bool:
        return not self.refusal and self.waiting is None and self.sheet.can_add


_UNREAD = object()


def left_by_step(link: TableLink, game: Game) -> TableLink:
    """Return the link with its game brought to the state a step at the table left it in.

    ``game`` is the game's row as the step locked and changed it (`TableResult.game`);
    the link's game was read with its event, tournament and next game at the start of the
    request, and keeps them: a step changes the game's own columns only.
    """
    for column in Game._meta.concrete_fields:
        if column.attname in game.__dict__:
            setattr(link.game, column.attname, game.__dict__[column.attname])
    return link


def table_view(link: TableLink, *, sides=None, latest=_UNREAD, hands=None) -> TableView:
    """Return the table's page for this link: a handful of queries, whatever the hands.

    sides: the game's sides as this request read them already (`game_sides`): a step at
    the table changes the hands, never who sits where. The players come from the sides,
    and the table's last entry is read once (it is the sheet's waiting hand when open),
    or given as ``latest`` by the step that just made or answered it, with the game's
    ``hands`` as it read them (`TableResult.hands`).
    """
    game = link.game
    sheet = game_sheet(game, sides=sides, waiting=False, hands=hands)
    event: Event = game.event
    seated = sitters_of(sheet.sides)
    view = TableView(link=link, sheet=sheet, refusal=refusal(link, game, event), sitters=seated)
    if game.status in OPEN:
        view.clock = game_clock(game)
    for side in sheet.sides:
        names = [s.name for s in seated if s.seat == side.seat]
        view.seated.append((side.name, " & ".join(names) or side.label))
    if latest is _UNREAD:
        latest = TableEntry.objects.filter(game=game).order_by("-entered_at", "-pk").first()
    if latest is not None and latest.status in OPEN_ENTRY and game.status in OPEN:
        view.waiting = sheet.waiting = latest
        view.waiting_text = entry_words(sheet, latest)
    elif latest is not None and latest.status in OPEN_ENTRY:
        view.decided = (
            f"Hand {latest.number} (entered by {latest.entered_by_name}) was not counted: the "
            "desk ended this game before it was confirmed."
        )
    elif latest is not None:
        view.decided = decided_text(latest)
    return view


def entry_words(sheet: Sheet, entry: TableEntry) -> str:
    """Return a table's hand in the sheet's plain words, as a counted hand is described."""
    snapshot = {"number": entry.number, "points": entry.points, "detail": entry.detail}
    return describe_hand(snapshot, HandWords.of_sheet(sheet))


def decided_text(entry: TableEntry) -> str:
    """Say what became of the table's last entry, when the official or the desk decided it."""
    about = f"Hand {entry.number} (entered by {entry.entered_by_name}"
    if entry.answered_by_name and entry.status != Status.CONFIRMED:
        about += f", disputed by {entry.answered_by_name}"
    about += ")"
    if entry.status == Status.ACCEPTED:
        return f"{about}: the official accepted it as entered; it counts."
    if entry.status == Status.CORRECTED:
        return f"{about}: the official corrected it; it counts as shown below."
    if entry.status == Status.DELETED:
        return (
            f"{about}: the official deleted it; it does not count. Enter it again if it was played."
        )
    if entry.status == Status.SET_ASIDE:
        return (
            f"{about} was set aside: the desk changed this game's hands first. Enter it again "
            "if it is still needed."
        )
    return ""
