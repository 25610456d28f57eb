"""Parts of public pages written in Python (`tournaments.written`) are, character for
character, what their templates draw for a visitor: a bracket game's card in every state
it shows, a standings row, and the "Last updated" line. No database: the parts are drawn
from the lines the selectors build."""

import datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from django.template import Context, Template
from django.template.loader import render_to_string
from django.utils import timezone
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.models import Game
from tournaments.selectors.lines import GameLine, PlayerLine, SideLine, TeamLine
from tournaments.selectors.public_bracket import PublicBracket
from tournaments.selectors.ranking import StandingRow
from tournaments.templatetags.updated import last_updated
from tournaments.written import public_card, public_standing_row

NAMES = st.sampled_from(["Ann Lee", 'Bo "Big" <Bo>', "Cy & Di", "Émile Zoë", ""])
CHAPTERS = st.sampled_from(["Austin", "No chapter", "<Waco & Co>"])
TOTALS = st.integers(min_value=-150, max_value=400)


@st.composite
def teams(draw):
    size = draw(st.integers(min_value=1, max_value=2))
    players = [PlayerLine(pk=n, name=draw(NAMES), chapter=draw(CHAPTERS)) for n in range(size)]
    return TeamLine(
        pk=draw(st.integers(min_value=1, max_value=6)),
        number=draw(st.integers(min_value=1, max_value=2_000)),
        players=players,
        team_size=size,
    )


@st.composite
def sides(draw, seat):
    team = draw(st.one_of(st.none(), teams()))
    return SideLine(
        seat=seat,
        team=team,
        total=draw(TOTALS),
        won=draw(st.booleans()),
        lost=draw(st.booleans()),
        bye=draw(st.booleans()),
        games_won=draw(st.integers(min_value=0, max_value=3)),
    )


@st.composite
def games(draw):
    status = draw(st.sampled_from(Game.Status.values))
    round_number = draw(st.integers(min_value=1, max_value=3))  # of a bracket of three
    game = GameLine(
        pk=draw(st.integers(min_value=1, max_value=10**7)),
        stage=draw(st.sampled_from([0, 1, 2, 3])),
        round_number=round_number,
        position=draw(st.integers(min_value=0, max_value=2 ** (3 - round_number) - 1)),
        status=status,
        status_label=Game.Status(status).label,
        walkover=draw(st.booleans()),
        hand_count=draw(st.integers(min_value=0, max_value=3)),
        version=draw(st.integers(min_value=0, max_value=50)),
        sides=[draw(sides(0)), draw(sides(1))],
        row=draw(st.integers(min_value=1, max_value=300)),
        span=draw(st.sampled_from([1, 2, 4, 64])),
        link=draw(st.sampled_from(["", "/t/x/games/7/", "/t/a&b/games/8/?x=<1>"])),
        rounds_total=3,
        walkover_reason=draw(st.sampled_from(["", "Did not come"])),
        why=draw(st.sampled_from(["", "reached 250 first", "<b>&</b>"])),
        stored_number=draw(st.one_of(st.none(), st.integers(min_value=1, max_value=99))),
        to_win=draw(st.sampled_from([1, 2, 3])),
    )
    if draw(st.booleans()):
        game.mine = True
    return game


@st.composite
def shown_brackets(draw, game):
    """The public bracket a card is on: no team marked, or one of the game's (or another)."""
    marked = [side.team for side in game.sides if side.team is not None]
    team = draw(st.one_of(st.none(), st.sampled_from(marked) if marked else st.none(), teams()))
    return PublicBracket(bracket=None, shown_round=1, team=team)


def drawn_card(game, shown) -> str:
    context = {"game": game, "shown": shown, "official": False, "tournament": None}
    return render_to_string("tournaments/bracket_game.html", context)


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_a_card_is_written_as_its_template_draws_it_for_a_visitor(data):
    game = data.draw(games())
    shown = data.draw(shown_brackets(game))
    assert public_card(game, shown) == drawn_card(game, shown)


def test_a_card_of_each_kind_is_written_as_drawn():
    """The states a hall sees most, named (hypothesis covers the rest)."""
    ann = TeamLine(1, 3, [PlayerLine(1, "Ann Lee", "Austin"), PlayerLine(2, "Bo Ray", "Waco")])
    cy = TeamLine(2, 4, [PlayerLine(3, "Cy & Co", "<Tyler>"), PlayerLine(4, "Di", "Waco")])
    playing = GameLine(
        pk=11, stage=1, round_number=1, position=0, status="playing", status_label="Playing",
        walkover=False, hand_count=4, version=4, rounds_total=2, link="/t/demo/games/11/",
        sides=[SideLine(0, ann, 135), SideLine(1, cy, -20)],
    )  # fmt: skip
    won = GameLine(
        pk=12, stage=1, round_number=2, position=0, status="finished", status_label="Finished",
        walkover=False, hand_count=9, version=9, rounds_total=2, why="reached 250 first", to_win=3,
        sides=[SideLine(0, ann, 250, won=True, games_won=2), SideLine(1, cy, 260, lost=True)],
    )  # fmt: skip
    bye = GameLine(
        pk=13, stage=1, round_number=1, position=1, status="bye", status_label="Bye",
        walkover=False, hand_count=0, version=1, rounds_total=2,
        sides=[SideLine(0, ann, 0, won=True), SideLine(1, None, 0, bye=True)],
    )  # fmt: skip
    waiting = GameLine(
        pk=14, stage=0, round_number=1, position=2, status="waiting",
        status_label="Waiting for players", walkover=False, hand_count=0, version=0, rounds_total=2,
        sides=[SideLine(0, None, 0), SideLine(1, None, 0)],
    )  # fmt: skip
    for game in (playing, won, bye, waiting):
        for team in (None, ann):
            shown = PublicBracket(bracket=None, shown_round=1, team=team)
            written = public_card(game, shown)
            assert written == drawn_card(game, shown)
    assert "&minus;" not in public_card(playing, None) and "\u221220" in public_card(playing, None)


@st.composite
def standing_rows(draw):
    return StandingRow(
        side=1,
        place=draw(st.integers(min_value=1, max_value=40)),
        shared=draw(st.booleans()),
        played=draw(st.integers(min_value=0, max_value=9)),
        won=draw(st.integers(min_value=0, max_value=9)),
        tied=draw(st.integers(min_value=0, max_value=9)),
        lost=draw(st.integers(min_value=0, max_value=9)),
        sat_out=draw(st.integers(min_value=0, max_value=3)),
        match_points=draw(st.integers(min_value=-4, max_value=30)),
        points_for=draw(st.integers(min_value=-500, max_value=5_000)),
        points_against=draw(
            st.decimals(min_value=-500, max_value=5_000, places=1, allow_nan=False)
        ),
        team=draw(teams()),
    )


@settings(max_examples=200, deadline=None)
@given(row=standing_rows())
def test_a_standings_row_is_written_as_its_template_draws_it_for_a_visitor(row):
    context = {"row": row, "official": False, "tournament": None, "event": None}
    assert public_standing_row(row) == render_to_string("tournaments/standings_row.html", context)
    assert public_standing_row(row).count("<td") == 10


# What tournaments/_updated.html drew, before the tag took its place.
UPDATED = Template(
    '{% now "Ymd" as today %}Last updated <time datetime="{{ changed|date:\'c\' }}">'
    '{% if changed|date:"Ymd" != today %}{{ changed|date:"M j" }}, {% endif %}'
    '{{ changed|time:"H:i" }}</time>.'
)


@settings(max_examples=200, deadline=None)
@given(
    changed=st.datetimes(
        min_value=datetime.datetime(2020, 1, 1),
        max_value=datetime.datetime(2030, 12, 31),
        timezones=st.sampled_from([datetime.UTC, ZoneInfo("Asia/Tokyo")]),
    ),
    zone=st.sampled_from(["America/Chicago", "UTC", "Pacific/Kiritimati"]),
)
def test_last_updated_says_what_the_date_filters_said(changed, zone):
    with timezone.override(zone):
        assert last_updated(changed) == UPDATED.render(Context({"changed": changed}))


def test_last_updated_gives_the_date_only_on_another_day():
    with timezone.override("America/Chicago"):
        now = timezone.localtime()
        assert f">{now:%H:%M}</time>." in last_updated(now)
        yesterday = now - datetime.timedelta(days=1)
        assert f'">{yesterday.strftime("%b")} {yesterday.day}, ' in last_updated(yesterday)
    assert last_updated(None) == "" and last_updated(Decimal(1)) == ""
