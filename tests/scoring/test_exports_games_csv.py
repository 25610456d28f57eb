"""games.csv says how each result was given and names each game as the pages do (issue 20)."""

import csv

import pytest

from scoring.exports import write_results
from tests.scoring.builders import enter, make_bracket, make_rounds_game, played
from tournaments import services

pytestmark = pytest.mark.django_db


def rows_of(folder, game):
    with open(folder / "games.csv", encoding="utf-8", newline="") as f:
        return [row for row in csv.DictReader(f) if row["game"] == game]


def test_a_result_given_without_hands_has_no_score_and_says_how_it_was_given(
    official, tournament, tmp_path
):
    _event, games = make_bracket(tournament)
    services.record_result(game=games[(1, 0)], by=official, winner_seat=0)
    services.record_result(game=games[(1, 1)], by=official, winner_seat=1, walkover=True)
    write_results(tournament, tmp_path)
    given = rows_of(tmp_path, "E1-R1-G1")
    assert [(r["score"], r["result"], r["decided_by"]) for r in given] == [
        ("", "won", "desk"),
        ("", "lost", "desk"),
    ]
    walkover = rows_of(tmp_path, "E1-R1-G2")
    assert [(r["score"], r["decided_by"]) for r in walkover] == [("", "walkover")] * 2


def test_a_game_decided_by_its_hands_keeps_its_score(official, tournament, tmp_path):
    game = make_rounds_game(tournament, game_key="double_takes", sides=2)
    data = {"tricks_0": 17, "tricks_1": 0, "doubles_0": 4, "doubles_1": 0}
    enter(game, official, data={**data, "revokes_0": 0, "revokes_1": 0})
    write_results(tournament, tmp_path)
    rows = rows_of(tmp_path, "E1-R1-T1")
    assert [r["score"] for r in rows] == ["21", "0"]
    assert {r["game_name"] for r in rows} == {"Round 1, table 1"}


def test_a_game_still_playing_has_its_totals_and_no_word_of_how(official, tournament, tmp_path):
    _event, games = make_bracket(tournament)
    enter(games[(1, 0)], official, played(30, 10))
    write_results(tournament, tmp_path)
    rows = rows_of(tmp_path, "E1-R1-G1")
    assert [(r["score"], r["decided_by"]) for r in rows] == [("30", ""), ("10", "")]


def test_each_bracket_game_carries_the_name_the_desk_shows(official, tournament, tmp_path):
    _event, games = make_bracket(tournament)
    services.record_result(game=games[(1, 0)], by=official, winner_seat=0)
    services.record_result(game=games[(1, 1)], by=official, winner_seat=0)
    write_results(tournament, tmp_path)
    assert {r["game_name"] for r in rows_of(tmp_path, "E1-R1-G1")} == {"Game 1 (Semi-final)"}
    assert {r["game_name"] for r in rows_of(tmp_path, "E1-R1-G2")} == {"Game 2 (Semi-final)"}
    assert {r["game_name"] for r in rows_of(tmp_path, "E1-R2-G1")} == {"Game 3 (Final)"}
