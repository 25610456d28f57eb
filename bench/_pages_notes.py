"""Figures of bench/pages.py, kept for the reasoning they hold (moved here to keep the
bench under 400 lines).

Measured 2026-11-26 on PostgreSQL (branch changed against its base 416b776, alternated,
BENCH_ROUNDS=2, this 2-core machine shared with other helpers' runs and tests; load
average 9.2-10.6 for the first two pairs, 4.0-5.7 for the last two),
``*_changed_over_bare`` for the 16-team bracket, the 128-team one and the standings:

    base     0.16 0.13 0.22 | 0.21 0.17 0.17 | 0.24 0.17 0.19 | 0.24 0.18 0.23
    branch   0.23 0.19 0.30 | 0.24 0.17 0.25 | 0.30 0.21 0.25 | 0.26 0.20 0.26

The kept pages (``*_over_bare``) stayed at 1.2-2.6 (they vary most with the load), the
128-team worker at 103 MB. The 128-team bracket stays short of 0.25.

A rebuilt page through Django's test client, a hand before each, 60 of each, load average
9 (base against branch; wall ms, CPU ms, queries including the marker): 16-team bracket
15.9 / 12.7, 4.1 / 3.2, 4 / 2; 128-team 24.5 / 14.9, 5.8 / 4.9, 4 / 2; standings 18.8 /
13.8, 5.3 / 3.8, 6 / 3 (a bare view: 0.5-0.7 ms). On a busy machine a page waits for each
query's round trip far longer than its CPU: the event and the page's rows now go in one
(`compiled.together`), the games with their sides in one query, the standings' tables
with the results in one. What a 128-team rebuild still costs: its rows and 127 lines
(1-1.5 ms of CPU), the cards' keys and the kept cards (0.6 ms), the live part (0.5 ms:
the tabs and rounds are written in Python), the gzip (0.25 ms) and the middleware.

2026-11-27 (an Intel Xeon 2-core machine, quiet, load 1-2 from the runs themselves),
the compiled reads and markers prepared (tournaments/prepared.py) against main, three
pairs alternated, ``*_changed_over_bare`` 16-team / 128-team / standings: main 0.20 0.13
0.14, 0.21 0.13 0.14, 0.19 0.14 0.16; prepared 0.20 0.14 0.16, 0.21 0.13 0.17, 0.22 0.13
0.17 (the kept pages 1.1-1.6 on both). Through the test client (the same hall's changes,
60 of each, before the change) a rebuilt 128-team bracket took 11-13 ms, 9-11 of them
CPU: 2.2 ms the event and its rows, 3 ms the 127 lines, 1.5 ms the cards' keys and kept
cards, 1.3 ms the rest of the page, 1 ms the marker and the cache, and the garbage
collector's passes. A gen-0 threshold of 20,000 in config/wsgi.py
(two pairs) moved none of the ratios and added 10 MB a worker: not kept.

2026-11-27 afternoon (the same Intel Xeon machine, quiet), against 0178e59 alternated, four
pairs, ``*_changed_over_bare`` 16-team / 128-team / standings: 0178e59 0.20-0.23 /
0.13-0.15 / 0.17-0.18; with a visitor's cards, standings rows and "Last updated" line
written in Python (`tournaments/written.py`, e1ca349) 0.24 / 0.15 / 0.17-0.19; with the
kept connection checked from its socket instead of a SELECT 1 before each request
(`config/postgresql`, 2e3f948) 0.25-0.26 / 0.15-0.16 / 0.19-0.20. What a rebuilt page
costs now (the test client, after a hand each, means of 60): a 16-team bracket 3.5-4 ms
(the marker's read 0.3-0.4, the event and its rows 0.7-0.8, the live part 0.45, building
the lines 0.3, the cards' keys and the one card written 0.3, the gzip 0.2); the 128-team
one 7.5-8.5 ms (building its 127 lines 1.8-2.1, the event and rows 1.5-1.7, the live
part 0.6, the cards 0.6, the gzip 0.55); the standings 4.5 ms, half of its requests
after a result (the teams read again, since a result moves the event's shared version,
0.35; ranking 0.9; the rows 0.3).

2026-11-27 evening (an AMD EPYC 2-core machine, quiet), against 849546e alternated, three
pairs, ``*_changed_over_bare`` 16-team / 128-team / standings: 849546e 0.27-0.28 / 0.17 /
0.19-0.21; with the live parts of a visitor's bracket and standings written in Python
(ed743af) and each game's line copied from the one the worker built for the same version
(`selectors/bracket._kept_line`, bf3e4af) 0.28-0.29 / 0.19 / 0.20-0.21. Timed inside one
gunicorn worker (a hand before each request, means of 120) before the change, a rebuilt
128-team bracket took 13.8 ms: the event and its rows 3.3 (one round trip, 254 rows),
building the lines 3.3, the live part's partial 1.3, the cards 1.1, the gzip 0.6 and the
rest (the marker's round trip, the middleware) 3.5; the standings 11.7 ms: the event with
what it is ranked from 2.9, the table after a result 3.0 (the teams read again 0.7, the
ranking 1.1), the live part's partial 1.1. Lines kept, building the 128-team bracket's
lines took 1.0-1.1 ms against 2.4-2.6 (the garbage collector on, a busy machine). On
the embedded default (SQLite, one pair): 0.31 / 0.18 / 0.22 before, 0.33 / 0.21 / 0.24.

2026-11-28 (an AMD EPYC 2-core machine, quiet; a bare view at 4,100-4,600 requests a
second), against 0fc9e9f alternated, three pairs on PostgreSQL, ``*_changed_over_bare``
16-team / 128-team / standings: 0fc9e9f 0.27-0.30 / 0.18-0.20 / 0.20-0.21; with the
event's names version (team lines kept through a result, df66914), a big bracket's games'
versions read with its event and only the moved games' rows after (bracket_kept,
887ceea, 45e4aa6), the options checked once (089382e), the standings' points against in
integer tenths (03b1de5) and the cards kept on the kept lines (e565823): 0.28-0.31 /
0.20-0.25 / 0.22-0.23. The kept pages and the 304 poll 1.13-1.45 both ways, a worker
104.5-106.7 MB. The versions alone cost a 16-team bracket: read first, its second round
trip made it 0.28 against 0.29-0.32, so a bracket of fewer than 48 games reads its rows
whole with the event, as before. Through the test client (a hand before each, medians of
200, three pairs alternated): the 128-team bracket 2.44-2.63 ms before, 1.96-2.01 after
(a bare view 0.19); the standings 2.07-2.44 before, 1.92-2.08 after (means 2.67-2.82
against 2.14-2.35). On the embedded default (SQLite, one pair): 0.35 / 0.21 / 0.26
before, 0.36 / 0.26 / 0.28 after.

2026-11-28 evening (an AMD EPYC 2-core machine, quiet; a bare view at 4,150-4,350
requests a second), against 1dd4035 alternated, three pairs on PostgreSQL,
``*_changed_over_bare`` 16-team / 128-team / standings: 1dd4035 0.27-0.28 / 0.20-0.22 /
0.22-0.24; with what a visitor's standings rank kept under the event's shared version
(a0cb383: a page rebuilt after a hand that decides nothing reads the marker and the
event, no table) 0.27-0.28 / 0.20-0.21 / 0.22-0.25. Through the test client (150
changes, a hand before each, half of them results): the standings' median 2.18 ms
before, 1.93 after, the mean 3.09 against 2.75. What a result still costs the standings
(cProfile): ranking every game again (``games.standings.rank``, 266 games by then) and
the results built from their rows, about as much as the rest of the page.

2026-11-28 night (an AMD EPYC 2-core machine, a bare view at 1,500-2,300 requests a
second: busier than the evening's), against 141d839 alternated, six pairs on PostgreSQL
with BENCH_CHANGES=60, ``standings_changed_over_bare``: 141d839 0.21, 0.21, 0.21, 0.21,
0.21, 0.20; with a game's sum of scores and a win's points worked out once for all its
sides (``games.standings._tally``) and the results built in the one pass over the tables
(``selectors.ranking.standings_inputs``) 0.24, 0.23, 0.23; with the ranking's digest
pickled as well 0.24, 0.23, 0.22. The brackets the same both ways (16-team 0.27-0.30,
128-team 0.20-0.21). ``games.standings.rank`` on 150 games of four sides: 1.28-1.30 ms
before, 0.59-0.60 after, the same rows. Through the test client (200 changes, 86 of them
results), the standings after a result: medians of 7.0 ms before, 5.9-6.2 after; after
a hand that decides nothing 2.2-3.3 ms both ways (the marker's and the event's round
trips, the page's cache, the middleware: no part of it over a sixth).

2026-11-29 (an AMD EPYC 2-core machine, quiet; a bare view at 2,300-2,800 requests a
second), against 800bd1d alternated, three pairs on PostgreSQL with BENCH_CHANGES=60,
``*_changed_over_bare`` 16-team / 128-team / standings: 800bd1d 0.29-0.31 / 0.22-0.23 /
0.22-0.23; with a visitor's first request after a change built by the view in
`KeptPageMiddleware`, given the headers the rest of the stack gave that view's pages
(session, CSRF, user, messages, framing and the security policy skipped: a cProfile of
the rebuilt standings put a tenth of its time there), 0.33-0.34 / 0.24-0.25 / 0.26-0.27.
The unchanged pages 1.08-1.36 of the bare view and the 304 poll 1.27-1.59 both ways
(the kept pages' own requests a second the same; the bare view's moved from run to
run). On the embedded default (SQLite, one pair): 0.33 / 0.22 / 0.26 before, 0.38 /
0.26 / 0.30 after. Profiled through the test client (60 hands, none deciding), the
128-team bracket rebuilt after a hand, as shares of its view's time: the bracket's lines
(`bracket_for_event`, with the moved games' rows read in a second round trip) 45 %, the
event with the games' versions (the first round trip) 21 %, the cards 15 %, the live
part and the page 8 %, the gzip 6 %.

2026-11-29 morning (the same kind of machine, a bare view at 3,100-3,300 requests a
second), tried and not kept: a visitor's big bracket sending, in its one round trip with
the event and the games' versions, a read of the rows of the games whose version is not
the one its process kept (the kept versions as a parameter), so the moved game's rows
needed no second round trip. Three pairs against 9626ece, ``big_bracket_changed_over_bare``:
with the kept pairs as two arrays anti-joined, 0.25 / 0.23 / 0.25 before, 0.21 / 0.22 /
0.23 after (PostgreSQL planned a loop over both: 0.9 ms for the read against 0.07 ms for
the versions and 0.05 for one game's rows); with the kept versions as a JSON object
looked up per game, 0.24 / 0.25 / 0.24 before, 0.24 / 0.23 / 0.24 after (the read 0.10
ms more than one game's, the round trip saved about as much). Profiled through the test
client, the rebuilt 128-team page: 3.0 ms median, the kept lines (copying 127 lines and
reading the moved game) 0.43 ms of it; a gen-2 garbage collection in the bench's process
(150,000 objects) took 80 ms once in 60 requests.

2026-11-29 night (an AMD EPYC 2-core machine, quiet; a bare view at 3,000-3,250 requests a
second), the page put together in ASCII and gzipped by zlib-ng (aa6c3e5) against 91e4ab3.
The 128-team bracket's page held 64 ticks and 193 dots between chapters: its text took
two bytes a character, and Python copied it character by character at every join and
at the encoding to UTF-8. Through the test client, a hand before each request (200 a
run, two pairs alternated): the whole request 3.05-3.30 ms median after, 3.39-3.69
before; the page's assembly and encoding (`render_page`) 0.16-0.19 ms after, 0.31-0.34
before. The gzip of the 110 KB page: 0.198 ms to 9.9 KB with Python's zlib at level 1,
0.089 ms to 9.8 KB with zlib-ng at level 2 (isal's level 1: 0.057 ms to 11.2 KB; zlib-ng's
level 6: 0.367 ms to 7.1 KB). In gunicorn, per request of the changed bench (a script of
this bench timing each request): the 128-team bracket 3.37-3.85 ms median after, 4.04-4.16
before, the bare view 0.90-0.98 ms. ``*_changed_over_bare`` 16-team / 128-team /
standings with BENCH_CHANGES=30: after 0.33 / 0.25 / 0.29, 0.34 / 0.26 / 0.28,
0.32 / 0.25 / 0.28, 0.32 / 0.24 / 0.29; before 0.34 / 0.24 / 0.27. With BENCH_CHANGES=60,
alternated: after 0.31-0.34 / 0.24-0.25 / 0.27-0.28, before 0.32-0.33 / 0.23-0.24 /
0.25-0.29. On the embedded default (SQLite, two pairs): after 0.38-0.40 / 0.30-0.31 /
0.32-0.34, before 0.40 / 0.27-0.28 / 0.33-0.35. The unchanged pages and the 304 poll the
same both ways (1.11-1.29 and 1.32-1.48 of the bare view). Tried and not kept: the
event's waiting hands counted by a subquery instead of the join (0.27-0.33 ms against
0.29-0.31 for the read alone: no gain).
"""
