"""A visitor's standings page, its live part and its table written in Python
(`tournaments.written`), are character for character what standings_public.html's
``live`` partial and standings_table.html draw: every state of the clock, the hands
waiting, the rounds and the event, in three time zones. No database."""

import datetime
from types import SimpleNamespace
from zoneinfo import ZoneInfo

from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.safestring import mark_safe
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.selectors.clocks import Clock
from tournaments.selectors.ranking import Standings
from tournaments.selectors.rounds import RoundSummary
from tournaments.written import (
    clock_html,
    public_standings_live,
    public_standings_table,
    waiting_note,
)

NAMES = st.sampled_from(["Double Draw", 'The "Big" <Draw>', "Cy & Di's", "Émile"])
MOMENTS = st.datetimes(
    min_value=datetime.datetime(2026, 1, 1),
    max_value=datetime.datetime(2027, 12, 31),
    timezones=st.sampled_from([datetime.UTC, ZoneInfo("Asia/Tokyo")]),
)
ZONES = st.sampled_from(["America/Chicago", "UTC", "Pacific/Kiritimati"])


@st.composite
def events(draw):
    return SimpleNamespace(
        name=draw(NAMES),
        status=draw(st.sampled_from(["draft", "running", "finished"])),
        is_doubles=draw(st.booleans()),
        changed_at=draw(st.one_of(st.none(), MOMENTS)),
    )


@st.composite
def clocks(draw):
    started = draw(MOMENTS)
    return Clock(
        label=draw(st.sampled_from(["Round 3", "Semi-final", "<Round & 1>"])),
        started_at=started,
        minutes=draw(st.integers(min_value=1, max_value=120)),
        now=started + datetime.timedelta(seconds=draw(st.integers(0, 10_000))),
    )


@st.composite
def rounds(draw):
    count = draw(st.integers(min_value=0, max_value=4))
    return [
        RoundSummary(
            number=n,
            status=draw(st.sampled_from(["seated", "playing", "finished"])),
            tables=6,
            results_in=3,
            link=f"/t/demo/events/4/rounds/{n}/?a=1&b=<{n}>",
        )
        for n in range(1, count + 1)
    ]


@settings(max_examples=300, deadline=None)
@given(
    event=events(),
    clock=st.one_of(st.none(), clocks()),
    waiting=st.integers(min_value=0, max_value=3),
    summaries=rounds(),
    zone=ZONES,
    path=st.sampled_from(["/t/demo/events/4/standings/", "/t/a&b/events/9/standings/"]),
)
def test_the_live_part_is_written_as_the_partial_draws_it(
    event, clock, waiting, summaries, zone, path
):
    standings = Standings(event=event, rows=[], sit_out_points=0, games_counted=0)
    standings.rounds = summaries
    context = {
        "event": event,
        "standings": standings,
        "waiting_hands": waiting,
        "clock": clock,
        "standings_html": mark_safe("<table>kept</table>"),
        "tournament": None,
    }
    with timezone.override(zone):
        drawn = render_to_string(
            "tournaments/standings_public.html#live",
            {**context, "request": SimpleNamespace(path=path)},
        )
        assert public_standings_live(context, path) == drawn


@settings(max_examples=100, deadline=None)
@given(event=events(), rows=st.integers(min_value=0, max_value=3))
def test_the_table_is_written_as_its_template_draws_it(event, rows):
    standings = Standings(event=event, rows=[object()] * rows, sit_out_points=0, games_counted=0)
    rows_html = mark_safe("<tr><td>1</td></tr>" * rows)
    context = {"standings": standings, "official": False, "event": event, "rows_html": rows_html}
    drawn = render_to_string("tournaments/standings_table.html", context)
    assert public_standings_table(event, standings, rows_html) == drawn


def test_the_clock_and_the_waiting_note_say_what_a_phone_reads():
    started = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)
    running = Clock("Round 3", started, 30, now=started + datetime.timedelta(minutes=10))
    with timezone.override("America/Chicago"):
        written = clock_html(running)
    assert "ends at 14:30" in written and "clock-up" not in written
    assert 'data-seconds-left="1200"' in written
    over = Clock("Round 3", started, 30, now=started + datetime.timedelta(minutes=31))
    assert "Time is up" in clock_html(over) and "ended at" in clock_html(over)
    assert clock_html(None).strip() == ""
    assert "1 hand waiting" in waiting_note(1) and "it counts" in waiting_note(1)
    assert "2 hands waiting" in waiting_note(2) and "they count" in waiting_note(2)
    assert waiting_note(0).strip() == ""  # the note alone; the page around it is tested above
