"""bench/hall.py's players against the real table pages, on a live server: a table enters
two hands and an opponent confirms each, the page's quiet poll and a phone's poll are
answered, and the check of hands lost or counted twice sees what is in the database."""

import asyncio
import concurrent.futures
import math
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))

import _hall_players
from _hall_players import Figures, Phone, Table
from _http import Client
from hall import _compare

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_table_plays_two_hands_and_the_phones_poll(live_server, tournament, monkeypatch):
    from django.core.cache import cache

    from scoring.models import Hand
    from scoring.services.table_links import links_for
    from tests.scoring.builders import make_ready_game

    monkeypatch.setattr(_hall_players, "PASS_SECONDS", (0, 0))
    cache.clear()  # no wrong codes counted against this address by earlier tests
    game = make_ready_game(tournament)
    code = links_for([game])[game.pk].code
    spec = {"game": game.pk, "event": game.event_id, "code": code, "slug": tournament.slug}
    port = int(live_server.url.rsplit(":", 1)[1])

    async def play():
        client = Client("127.0.0.1", port)
        figures = Figures((0, math.inf))
        table = Table(0, spec)
        phone = Phone("game_poll", f"/t/{tournament.slug}/games/{game.pk}/", 15, 1)
        assert await table.open(client, figures)
        assert await table.look(client, figures) == 204
        assert await phone.look(client, figures) == 200
        assert await phone.look(client, figures) == 304
        assert await table.hand(client, figures) and await table.hand(client, figures)
        assert await table.look(client, figures) == 204
        assert await phone.look(client, figures) == 200
        client.close()
        return table, figures

    # In a thread of its own: after the browser tests, this thread may hold Playwright's
    # running event loop, and asyncio.run refuses to start inside one.
    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        table, figures = pool.submit(asyncio.run, play()).result()
    assert not figures.errors, figures.samples
    assert len(figures.ms["entry"]) == len(figures.ms["confirm"]) == 2
    assert table.confirmed == [1, 2]
    assert sorted(Hand.objects.filter(game=game).values_list("number", flat=True)) == [1, 2]
    assert _compare({game.pk: [1, 2]}, Hand) == (0, 0, 2)
    assert _compare({game.pk: [1, 2, 3]}, Hand) == (1, 0, 3)  # one lost
    assert _compare({game.pk: [1]}, Hand) == (0, 1, 1)  # one never confirmed, yet stored


def test_the_client_talks_to_this_machine_only():
    with pytest.raises(ValueError):
        Client("192.0.2.1", 80)
