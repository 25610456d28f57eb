"""Tests for the partner draw (pure: no Django, no database)."""

import random
from collections import Counter

import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from tournaments.draw import (
    DrawError,
    PartnerDraw,
    draw_partners,
    fewest_same_chapter,
    same_chapter,
    swap_partners,
)


def fewest_clashes(chapters):
    """Return the fewest same-chapter teams any draw of these players can have."""

    def clashes(counts, players):
        largest = max(counts.values(), default=0)
        return max(0, largest - (players - largest)) // 2

    counts = Counter(chapter for chapter in chapters if chapter is not None)
    if len(chapters) % 2 == 0:
        return clashes(counts, len(chapters))
    # With an odd count, the best choice of the player left out.
    options = [clashes(counts - Counter([chapter]), len(chapters) - 1) for chapter in counts]
    if None in chapters:
        options.append(clashes(counts, len(chapters) - 1))
    return min(options)


@st.composite
def fields(draw, max_players=300):
    """Players as (id, chapter) in shuffled order: a few chapters of any size."""
    sizes = draw(st.lists(st.integers(0, max_players // 2), max_size=8))
    chapterless = draw(st.integers(0, 20))
    chapters = [f"C{index}" for index, size in enumerate(sizes) for _ in range(size)]
    chapters = (chapters + [None] * chapterless)[:max_players]
    assume(chapters)
    ids = draw(st.permutations(range(1, len(chapters) + 1)))
    return list(zip(ids, chapters, strict=True))


def players_of(draw):
    """Return every player of the draw: both partners of each team, and the odd one."""
    players = [player for pair in draw.pairs for player in pair]
    if draw.odd_player is not None:
        players.append(draw.odd_player)
    return players


def clashing(draw, chapter_of):
    """Return the teams of the draw whose partners share a chapter."""
    return [pair for pair in draw.pairs if same_chapter(pair, chapter_of)]


@given(fields(), st.integers())
def test_it_places_every_player_exactly_once(players, seed):
    draw = draw_partners(players, seed=seed)

    assert Counter(players_of(draw)) == Counter(player for player, _ in players)
    assert all(len(pair) == 2 for pair in draw.pairs)


@given(fields(), st.integers())
def test_it_leaves_a_player_out_exactly_when_the_count_is_odd(players, seed):
    draw = draw_partners(players, seed=seed)

    assert (draw.odd_player is not None) == (len(players) % 2 == 1)
    assert len(draw.pairs) == len(players) // 2


@given(fields(), st.integers())
def test_it_never_pairs_two_players_of_one_chapter_when_avoidable(players, seed):
    assume(fewest_clashes([chapter for _, chapter in players]) == 0)

    draw = draw_partners(players, seed=seed)

    assert draw.same_chapter_pairs == []
    assert clashing(draw, dict(players)) == []


@given(fields(), st.integers())
def test_it_pairs_the_fewest_same_chapter_players_possible_when_unavoidable(players, seed):
    fewest = fewest_clashes([chapter for _, chapter in players])
    assume(fewest > 0)

    draw = draw_partners(players, seed=seed)

    assert len(draw.same_chapter_pairs) == fewest


@given(fields(), st.integers())
def test_it_flags_exactly_the_same_chapter_pairs(players, seed):
    draw = draw_partners(players, seed=seed)

    assert draw.same_chapter_pairs == clashing(draw, dict(players))


@given(fields(), st.integers(), st.randoms(use_true_random=False))
def test_the_same_players_and_seed_give_the_same_draw_in_any_order(players, seed, shuffler):
    reordered = list(players)
    shuffler.shuffle(reordered)

    assert draw_partners(players, seed=seed) == draw_partners(reordered, seed=seed)


def test_it_flags_the_odd_player_of_13_players_over_4_chapters():
    chapters = ["Alamo"] * 4 + ["Brazos"] * 3 + ["Cactus"] * 3 + ["Desert"] * 3
    players = list(enumerate(chapters, start=1))

    draw = draw_partners(players, seed=2024)

    assert draw.odd_player in range(1, 14)
    assert len(draw.pairs) == 6
    assert draw.same_chapter_pairs == []
    assert sorted(players_of(draw)) == list(range(1, 14))


def test_it_pairs_the_surplus_of_a_chapter_holding_more_than_half_inside_that_chapter():
    players = [(n, "Alamo") for n in range(1, 8)] + [(n, "Brazos") for n in range(8, 11)]

    draw = draw_partners(players, seed=5)

    # 7 Alamo players against 3 others: (7 - 3) / 2 = 2 Alamo teams at least.
    assert len(draw.same_chapter_pairs) == 2
    for pair in draw.same_chapter_pairs:
        assert all(player <= 7 for player in pair)
    others = [pair for pair in draw.pairs if pair not in draw.same_chapter_pairs]
    assert sorted(max(pair) for pair in others) == [8, 9, 10]


def test_it_leaves_out_a_player_of_the_chapter_holding_more_than_half_when_that_helps():
    players = [(n, "Alamo") for n in range(1, 5)] + [(n, "Brazos") for n in range(5, 8)]

    for seed in range(50):
        draw = draw_partners(players, seed=seed)

        assert draw.odd_player in {1, 2, 3, 4}
        assert draw.same_chapter_pairs == []


def test_it_flags_every_team_when_all_players_are_of_one_chapter():
    players = [(n, "Alamo") for n in range(1, 8)]

    draw = draw_partners(players, seed=1)

    assert len(draw.pairs) == 3
    assert draw.same_chapter_pairs == draw.pairs
    assert draw.odd_player is not None


def test_players_without_a_chapter_never_clash_even_with_each_other():
    players = [(n, None) for n in range(1, 11)]

    draw = draw_partners(players, seed=9)

    assert len(draw.pairs) == 5
    assert draw.same_chapter_pairs == []


def test_players_without_a_chapter_make_room_for_a_large_chapter():
    players = [(n, "Alamo") for n in range(1, 6)] + [(n, None) for n in range(6, 11)]

    draw = draw_partners(players, seed=9)

    assert draw.same_chapter_pairs == []
    assert all(min(pair) <= 5 < max(pair) for pair in draw.pairs)


def test_it_records_the_seed():
    draw = draw_partners([(1, "A"), (2, "B")], seed="rally-2024-doubles")

    assert draw.seed == "rally-2024-doubles"


def test_different_seeds_give_different_draws():
    players = [(n, f"C{n % 6}") for n in range(1, 41)]

    draws = {tuple(draw_partners(players, seed=seed).pairs) for seed in range(20)}

    assert len(draws) == 20


def test_it_draws_every_possible_set_of_teams_about_equally_often():
    players = [(1, "A"), (2, "B"), (3, "C"), (4, "D")]

    partner_of_1 = Counter()
    for seed in range(3000):
        pairs = draw_partners(players, seed=seed).pairs
        partner_of_1[next(sum(pair) - 1 for pair in pairs if 1 in pair)] += 1

    assert set(partner_of_1) == {2, 3, 4}
    assert all(800 < count < 1200 for count in partner_of_1.values())


def test_it_draws_no_one_from_an_empty_list_and_leaves_a_lone_player_out():
    assert draw_partners([], seed=1) == PartnerDraw([], [], None, 1)
    assert draw_partners([(7, "A")], seed=1) == PartnerDraw([], [], 7, 1)


def test_it_refuses_a_player_entered_twice():
    with pytest.raises(DrawError, match="Player 2 is entered twice"):
        draw_partners([(1, "A"), (2, "B"), (2, "C")], seed=1)


def test_it_draws_8192_players_over_60_chapters_without_clashes():
    chooser = random.Random(60)
    players = [(n, f"C{chooser.randrange(60)}") for n in range(8192)]

    draw = draw_partners(players, seed=8192)

    assert len(draw.pairs) == 4096
    assert draw.same_chapter_pairs == []
    assert len(set(players_of(draw))) == 8192


def test_swapping_partners_moves_each_player_into_the_others_team():
    pairs = [(1, 2), (3, 4), (5, 6)]

    assert swap_partners(pairs, 1, 4) == [(4, 2), (3, 1), (5, 6)]
    assert pairs == [(1, 2), (3, 4), (5, 6)]


def test_swapping_refuses_a_player_not_in_the_draw():
    with pytest.raises(DrawError, match="Player 9 is not in a team of this draw"):
        swap_partners([(1, 2), (3, 4)], 1, 9)


def test_swapping_refuses_two_partners():
    with pytest.raises(DrawError, match="Players 1 and 2 are already partners"):
        swap_partners([(1, 2), (3, 4)], 1, 2)


def test_same_chapter_says_whether_partners_share_a_chapter():
    chapter_of = {1: "A", 2: "A", 3: "B", 4: None, 5: None}

    assert same_chapter((1, 2), chapter_of)
    assert not same_chapter((1, 3), chapter_of)
    assert not same_chapter((4, 5), chapter_of)


def test_the_odd_player_out_takes_a_place_and_the_other_player_leaves():
    pairs = [(1, 2), (3, 4)]

    assert swap_partners(pairs, 9, 3, outside={9}) == [(1, 2), (9, 4)]
    assert swap_partners(pairs, 3, 9, outside={9}) == [(1, 2), (9, 4)]


def test_swapping_two_players_outside_every_team_is_refused():
    with pytest.raises(DrawError, match="Neither Player 8 nor Player 9 is in a team"):
        swap_partners([(1, 2), (3, 4)], 8, 9, outside={8, 9})


def test_swapping_a_player_with_themself_is_refused():
    with pytest.raises(DrawError, match="Choose two different players to swap"):
        swap_partners([(1, 2), (3, 4)], 3, 3)


def test_swap_messages_name_the_players_when_given_their_names():
    names = {1: "Ann Lee", 2: "Bo Fox"}.get

    with pytest.raises(DrawError, match=r"^Ann Lee and Bo Fox are already partners\.$"):
        swap_partners([(1, 2), (3, 4)], 1, 2, name=names)


@st.composite
def teams_and_two_players(draw):
    """Teams of two (ids 1..2n), maybe an odd player out (0), and two players to swap."""
    count = draw(st.integers(1, 12))
    ids = draw(st.permutations(range(1, 2 * count + 1)))
    pairs = list(zip(ids[::2], ids[1::2], strict=True))
    odd = draw(st.booleans())
    everyone = list(ids) + ([0] if odd else [])
    a = draw(st.sampled_from(everyone))
    b = draw(st.sampled_from([player for player in everyone if player != a] or [a]))
    return pairs, a, b, ({0} if odd else set())


@given(teams_and_two_players())
def test_a_swap_moves_only_the_two_players_and_swapping_again_undoes_it(case):
    pairs, a, b, outside = case
    team_of = {player: index for index, pair in enumerate(pairs) for player in pair}
    assume(a != b and (team_of.get(a) is None or team_of.get(a) != team_of.get(b)))

    swapped = swap_partners(pairs, a, b, outside=outside)

    placed = {player for pair in swapped for player in pair}
    before = {player for pair in pairs for player in pair}
    if a in team_of and b in team_of:
        assert placed == before
    else:
        outsider, insider = (a, b) if b in team_of else (b, a)
        assert placed == (before - {insider}) | {outsider}
    assert all(len(pair) == 2 for pair in swapped)
    for index, (old, new) in enumerate(zip(pairs, swapped, strict=True)):
        if index not in (team_of.get(a), team_of.get(b)):
            assert new == old
    left_out = (before | outside) - placed
    assert swap_partners(swapped, a, b, outside=left_out) == pairs


def test_a_team_of_one_is_never_same_chapter():
    assert not same_chapter((1,), {1: "A"})


@given(fields(max_players=60))
def test_fewest_same_chapter_matches_the_best_choice_of_the_player_left_out(players):
    chapters = [chapter for _, chapter in players]
    assert fewest_same_chapter(chapters) == fewest_clashes(chapters)


def test_fewest_same_chapter_is_none_for_chapters_of_3_4_3():
    assert fewest_same_chapter(["A"] * 3 + ["B"] * 4 + ["C"] * 3) == 0
    assert fewest_same_chapter(["A"] * 8 + ["B"] * 2 + ["C"] * 2) == 2
    assert fewest_same_chapter([]) == 0
