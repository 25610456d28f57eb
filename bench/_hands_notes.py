"""Figures of bench/hands.py, kept for the reasoning they hold (moved here to keep the
bench under 400 lines).

Measured 2026-11-26 on PostgreSQL, this 2-core machine shared with four other helpers'
benches and tests: branch hallspeed against its base (f400731), run one after the other,
three times each (base, branch, base, branch, ...); load average 5.3-6.6 (the third
branch run 3.9-6.0). Median and spread of the three:

    figure                       base                 branch
    post_median_ms               240  (136-265)       58   (32-109)
    post_cpu_median_ms           48.1 (43.7-48.9)     24.5 (22.8-30.6)
    post_queries                 13                   12
    table_entry_median_ms        233  (162-272)       84   (28-88)
    table_entry_cpu_median_ms    48.1 (46.6-51.2)     22.5 (19.8-27.3)
    table_confirm_median_ms      238  (174-287)       84   (29-90)
    table_confirm_cpu_median_ms  50.6 (48.3-53.7)     22.8 (20.7-28.0)
    table_*_queries              16                   14
    bare_get_cpu_median_ms       0.76 (0.69-0.79)     0.56 (0.43-0.75)
    service_over_floor           8.3  (5.0-8.7)       5.7  (4.5-5.8)
    service_cpu_ms_per_hand      9.1  (9.1-9.8)       7.0  (6.8-9.7)
    parallel_speedup             1.34 (1.29-2.08)     1.27 (0.92-1.97)

The pages' CPU per request is about half the base's (branch over base, medians: desk
POST 0.51, table entry 0.47, confirmation 0.45; their wall-clock medians 0.24-0.36);
none of the goals is met on this machine. What is left, by the branch's profile of a
desk POST (about 24 ms of CPU): the service 5 ms (its ORM inserts of the hand and its
history line, the progress statement), the two hand forms (the one sent and the next
one's) 3-4 ms, drawing the form 3.5 ms (Django's template engine), the sessions, user
and middleware about 5 ms. The services' hand is bound by the database's round trips
(psycopg waits were 55 % of the base's profile: lock, hands, insert, history, progress,
commit), not by Python. The reads compiled once (`read_cpu_ms_compiled_and_orm`, third
run): desk game 0.28 against 4.5 ms built by the ORM, table link 0.48 / 3.2, sides 0.19
/ 1.1, members 0.39 / 1.8, hands 0.86 / 1.1, the game's lock 0.29 / 2.8.

The embedded default (SQLite, local-memory cache; BENCH_TEAMS=16 BENCH_PAGE_GAMES=8
BENCH_PARALLEL_TEAMS=16 BENCH_REPEATS=1, two runs each, alternated, load 4.3-5.7): CPU
per desk POST 39.9 and 41.6 ms (base) against 25.8 and 20.9 (branch), table entry 44.2
and 43.0 against 20.6 and 19.3, confirmation 46.6 and 45.8 against 23.0 and 19.4;
queries 20 against 19 (desk) and 17 against 15 (table); a hand through the services 7.2
and 6.5 ms of CPU against 5.9 and 7.1.

Branch handpath against its base (416b776), 2026-11-26, alternated three times each,
load average 4.5-10 (service_over_floor, then CPU ms per hand): base 5.46 / 3.51, 5.37 /
3.78, 6.56 / 2.57; branch 4.81 / 3.13, 4.33 / 2.81, 4.73 / 2.18 (a Texas Good Sams
hand alone: base 4.9-5.7, branch 4.0-4.5). A hand that decides nothing went from seven
round trips (BEGIN, lock, hands, hand, history, progress, COMMIT) to four; a hand's
queries stay the same whatever the event's size (8, 64 and 256 teams measured alike,
4.6, 5.0 and 4.7, load 7). parallel_speedup 1.20-1.30 on both at that load.

2026-11-27, morning, PostgreSQL 15, the 2-core python-svc machine with nothing else
running (load 1.0-1.5), default sizes; main (45fdfaa) and the change
alternated three times each. The change: a table's hand that decides nothing is one
statement too, as a bracket game's was (the hand, its history line and the running
score; tournaments/services/progress_after.py), where `settle_table` had sent three
more (the sides, the game, the event); and the prepared statements go past Django's
cursor wrapper (tournaments/services/prepared.py). Milliseconds per hand through the
services:

    game               main               change
    Texas Good Sams    5.01  4.86  5.51   5.51  5.33  6.28
    Double Draw        9.30 11.26  7.12   7.22  7.61  9.41
    That's It          8.71  7.67  6.86   4.23  3.66  5.26
    Domino Pinochle    8.18  8.17  9.96   5.72  4.38  6.38
    Double Takes       7.04  8.28 10.42   6.10  5.72  7.95
    service_over_floor 10.02 10.37 10.67  9.88  8.83  9.81
    CPU ms per hand    3.28  3.28  3.76   2.93  2.77  3.43

The tables' hands took 0.5-0.75 of main's time (Double Draw's few hands the least
steady). Texas Good Sams' hands are not touched by the first part; the second is on
their path too, and forcing it off in one more pair gave 6.01 against 5.40 ms (the
floor 0.67 and 0.65 ms by then), so its 0.3-0.8 ms above main in the pairs is the
machine's drift through the runs (the floor's transaction 0.56 ms at the first pair,
0.65 at the last), not the change. The pages' figures (post_median_ms 13-19) moved
within that drift: bench/_hands_timers.py counts their statements with an
`execute_wrapper`, which sends the prepared statements through Django's wrapper as
before.

2026-11-27, midday, PostgreSQL 15, the 2-core python-svc machine with nothing else
running (load 0.6-1.4), default sizes; main (62bd504) and the change alternated five
times. The change: the compiled reads (the desk game's read with its right, the game's
lock with its hands, a table link, the sides, the session) and the page markers' reads
are prepared statements (tournaments/prepared.py, moved out of services), reads sent
together go in psycopg's pipeline, and the pages are timed without the query counter
(the first request of each game is counted and not timed). Sent with Django's
client-side binding, PostgreSQL planned every read at every call: the desk game's read
took 0.55 ms to plan and 0.26 ms to run (EXPLAIN ANALYZE), 1.0-1.2 ms a call with its
round trip; prepared, 0.30 ms. The game's lock with its hands, BEGIN and COMMIT: 1.45-1.64
ms before, 0.95-0.98 after (0.49-0.68 for the bare psycopg calls). Medians of the five:

    figure                          main    change
    post_median_ms                  19.13   17.08   (runs 17.7-22.6 / 14.7-19.4)
    table_entry_median_ms           26.17   23.34   (24.6-28.3 / 20.8-25.7)
    table_confirm_median_ms         21.11   17.79   (20.1-22.8 / 16.2-20.3)
    post_cpu_median_ms              13.60   13.58
    service_ms_per_hand              6.55    6.53
    floor_ms_per_transaction         0.415   0.559
    service_over_floor              14.39   11.68
    parallel_speedup                 1.84    1.89

The pages' time fell by 2-3.5 ms, none of it this process's CPU: what went is the
database's planning. A hand through the services moved within the runs' spread; timed
inside the same runs' like (a script around the services, 687 hands), the lock with
its hands went from 1.43-1.54 to 1.00-1.07 ms a hand, while the 91 hands that decide a
game took 16 ms each on both (the 32 first-round Texas Good Sams games feeding singles,
28 queries each through the general path, 0.9 s of the 4.3 s). The floor itself moved
from 0.40 to 0.70 ms between runs minutes apart, which is why service_over_floor, a
ratio to it, moved more than the hands did.

Then (12:53-12:58, load 1-2) a table's entry and confirmation read what they need in the
lock's round trip (scoring/services/table_reads.py): 13 and 11 queries become 7 and 7.
Against the commit before it (bf3439a), four pairs alternated, median ms (runs):
table_entry 21.55 (20.7-23.6) against 17.05 (14.3-20.0); table_confirm 16.7 (15.9-18.2)
against 15.8 (13.1-18.5); a hand through the services 4.1-6.3 ms on both (floor
0.33-0.50).

2026-11-28, 12:20-12:30, PostgreSQL 15, the 2-core python-svc machine (AMD EPYC) with
nothing else running (load 0.2-0.9), default sizes; b210294 and the change (c2e6d71)
alternated three times. The change: the signed-in user's read compiled (DeskBackend),
the desk's game and a table's link each read with the game's sides in one round trip,
and a table entry's writes (the entry, the game's version and waiting flag, the event's
marker) one prepared statement, a confirmed entry's answer and the game's cleared flag
another. Medians of the three (runs):

    figure                          b210294              change
    post_median_ms                  8.10 (7.82-8.82)     7.10 (6.54-7.33)
    post_cpu_median_ms              6.43 (6.10-6.95)     5.54 (5.18-5.58)
    table_entry_median_ms           8.32 (7.82-8.74)     7.61 (6.96-8.11)
    table_confirm_median_ms         7.89 (7.38-8.25)     7.53 (6.78-7.94)
    post / entry / confirm statements    7 / 7 / 7       6 / 4 / 5
    service_over_floor              8.40 (8.29-8.51)     8.02 (7.15-8.23)
    parallel_speedup                1.68 (1.40-1.70)     1.70 (1.69-1.90)

(The statements are those the bench's `execute_wrapper` sees on the first request of
each game: reads sent together count as one.) This machine ran both slower than the one
of 2026-11-27 evening (post 5.4-5.6 ms there). The desk's view, profiled (cProfile,
10.6 ms a POST under it): the hand's service with its transaction 38 %, the re-drawn
sheet's template 29 %, the sheet's read and rows 12 %, the hand form (its fields and
the penalty rows' forms) 12 %, the form's checks and the page's context the rest. On SQLite,
five pairs, medians: post 4.58 against 4.63 ms, entry 4.80 against 4.66, confirm 4.42
against 4.36, a hand through the services 1.437 against 1.445: the same.

2026-11-28, 17:55-18:10, the same kind of machine (AMD EPYC, 2 cores, PostgreSQL 15,
quiet). Where a hand's time goes on the database's side, now printed by the bench:
``service_db_cpu_ms_per_hand`` (the CPU of the desk connection's PostgreSQL backend per
hand, from /proc) 0.85-1.00 ms against ``floor_db_cpu_ms_per_transaction`` 0.14-0.15, in
four runs. With the server's statement log on for 243 hands of a 32-team bracket (every
statement's duration, ``log_min_duration_statement = 0`` for the bench's connection), the
database's own time was 0.67 ms a hand: the COMMIT 0.25 ms (the hand's WAL flushed, synchronous
commit), the hand's statement 0.18 ms to run and 0.03 to bind, the lock with its reads
0.07, a deciding hand's general path (31 of the 243) 0.08 a hand spread. That alone is
about twice the floor's whole transaction (0.31-0.33 ms), before any Python: the 2x goal
of ``service_over_floor`` cannot be met by this desk while a hand is stored with its
change log, its game's row, its sides and the event's marker, and committed safely.
``plan_cache_mode = force_generic_plan`` for the prepared statements (three pairs,
PGOPTIONS) changed nothing: service 2.51-2.74 ms against 2.58-3.06, backend CPU
0.87-0.98 against 0.88-1.11; not kept.

Two processes against one, with how busy the machine's two cores were
(``parallel_machine_busy_fraction``, /proc/stat) and the hand-playing processes' own
share (``parallel_workers_cpu_fraction``), medians of three repeats, two runs: one
process 0.48 busy (its own 0.28, the rest PostgreSQL's), two processes 0.89 busy (their
own 0.47-0.48); speedups 1.62 (1.47-1.75) and 1.61 (1.42-1.64). Two processes keep both
cores nearly full: the limit of ``parallel_speedup`` here is the two cores shared by
the processes and their two PostgreSQL backends, not the database's locks or commits
(those would leave the cores idle while the processes wait).

2026-11-29 morning, the same kind of machine (AMD EPYC, 2 cores, PostgreSQL 15; slower
than on the 28th: the same code's POST came to 8.3-9.0 ms, not 6.5-7.3), b250cc9 against
9626ece (a sheet's sides and hands written in Python, `scoring/written_sheet.py`)
alternated, five pairs of the whole bench, medians of each run's figure:

    figure                          b250cc9               9626ece
    post_median_ms                  8.78 (8.32-8.97)      8.38 (7.39-9.46)
    post_cpu_median_ms              6.73 (6.58-6.95)      6.40 (5.74-7.03)
    table_entry_median_ms           8.95 (8.69-9.42)      8.35 (8.13-9.26)
    table_confirm_median_ms         8.83 (8.55-9.40)      8.07 (7.89-9.18)
    service_over_floor              6.97 (6.63-7.10)      7.21 (6.37-7.29)
    parallel_speedup                1.84 (1.78-1.91)      1.86 (1.70-1.95)

The desk's POST alone (16 games, ten POSTs each, the test client, three pairs): 7.8-8.6
ms before, 7.3-7.5 after. Timed apart on a 20-hand sheet: the sides 0.10 ms through the
template, 0.01 written; the hands 0.49 ms through the template with every row kept (the
rows' keys alone 25 µs each), 0.14 written; Django's `escape` took half the written
hands' time until the text was escaped as `conditional_escape` does without its lazy
wrapper. Timed apart in one POST (perf_counter around each part, 16 games): the hand's
service 4.4 ms with its transaction (1.6 ms of it waiting for the database: the lock with
the hands, the hand's statement, the commit), the page 1.1, the sheet's read 0.8, the
form 0.7 and its checks 0.2. On SQLite (two pairs) 6.55-6.88 ms before, 5.66-6.84 after.
`parallel_speedup` was at least 1.70 in all ten runs.

2026-11-29 afternoon, another machine of the kind (an Intel Xeon, 2 cores, PostgreSQL 15,
quiet; a plain loop of 20 million additions 1.8 s, against 4.2-5.4 s on the morning's
machine). A first doubles game's result that sends its losers' partners to singles
wrote their partners' game in 29 statements: the two teams, members and entries one at
a time, and the singles event's games read twice. Now 19: the singles games read once
(is the bracket drawn, where does the game go), the teams, the members and the entries
one INSERT each (an entry the player already has stands). Timed as 16 `record_result`
calls on the first round of a 32-team bracket (a test on PostgreSQL, two runs each):
13.1-13.6 ms a result before, 11.4 after; 0.6-0.8 ms without a singles event. The rest
of such a result is the general path: a game feeding singles is not the one statement's
ordinary case (`result_statements`). The whole bench, four pairs alternated, 2b740f9
then the change:

    figure                          2b740f9          change
    service_ms_per_hand             3.13-3.52        2.93-3.38
      texas_good_sams               3.17-3.61        2.93-3.37
    service_over_floor              6.60-7.40        6.43-7.09
    post_median_ms                  6.57-7.67        6.79-7.93
    post_cpu_median_ms              5.10-6.05        5.29-6.20
    table_entry_median_ms           6.91-8.05        7.06-8.14
    table_confirm_median_ms         6.70-7.67        6.77-7.72
    parallel_speedup                1.64-1.85        1.77-1.84

The pages are not on the changed path; they moved with the machine through the runs
(the floor 0.45-0.52 ms). Profiled (cProfile, 213 hands that decide nothing, 8-team
games): 2.75 ms a hand, 1.9 of it this process's CPU; BEGIN is a round trip of its own
(psycopg syncs the pipeline after it), then the lock with the hands, the hand's one
statement and COMMIT. The desk's POST under cProfile: the hand form 1.6 ms of 10.8
(Django's deep copy of each form's fields about half of it: the penalty rows' forms,
built for their checks on every POST).

Then (17:33-17:38, the same machine, a little busier: the floor 0.50-0.58 ms) such a
result is the one statement too when the caller has a transaction (a hand's, the desk's
one-click result): `result_statements.decide` reads the singles event's id and the
losing team with its locks, and `results.decide_at_once` writes the partners' game
after it; alone, the statement would commit first, so outside a transaction the game
still takes the general path. 16 first-round results in a transaction: 11.7-12.2 ms a
result before, 8.6-9.5 after (12 statements, not 19). Three pairs of the whole bench,
e188f29 then the change:

    figure                          e188f29          change
    service_ms_per_hand             3.61-3.82        3.27-3.42
      texas_good_sams               3.55-3.85        3.12-3.39
    service_over_floor              6.64-6.73        5.76-6.53
    post_median_ms                  7.87-9.11        8.03-8.17
    parallel_speedup                1.79-1.87        1.70-1.85

bench/bracket.py (4,095 results, none feeding singles), three pairs: 0.76-0.84 ms a
result both ways, the backend's CPU 0.48-0.52 against 0.47-0.54 ms; over the floor
1.77-1.82 against 1.82-1.90, the floor moving between runs. On this machine main is
also over the 1.5 of issue 21 (1.40-1.50 on the AMD machines of 11-27 and 11-28).

2026-11-29 evening, another machine of the kind (an AMD EPYC, 2 cores, PostgreSQL 15; a
plain loop of 20 million additions 1.35 s). The hand that decides a table (a rounds
game) went through `settle_table`: eleven round trips (BEGIN, the lock with the hands,
the hand's and its history line's INSERTs, the sides, the game, the round's lock again,
its other tables, its status, the event's marker, COMMIT); in a Double Draw round of
short games that is a hand in three. Now it is the hand's one statement, as a hand that decides
nothing is (`TABLE_RESULT_STEPS`): BEGIN, the lock with the hands, the statement,
COMMIT. Four pairs of the whole bench, f4c8b9b then the change, alternated (the floor
0.45-0.53 ms):

    figure                          f4c8b9b          change
    service_ms_per_hand             2.83-2.99        2.47-3.24
      texas_good_sams               2.78-2.84        2.60-3.47
      double_draw                   4.02-5.53        2.16-2.89
      thats_it                      2.37-2.66        1.65-2.36
      domino_pinochle               2.84-3.42        2.36-2.91
      double_takes                  4.15-5.05        1.82-2.85
    service_over_floor              5.71-6.51        5.53-6.11
      double_draw                   8.10-10.81       4.84-5.92
      double_takes                  8.36-10.99       4.09-5.37
    post_median_ms                  7.58-8.21        7.14-9.43
    table_entry_median_ms           8.34-9.05        7.49-9.79
    table_confirm_median_ms         8.10-8.89        7.34-9.66
    parallel_speedup                1.72-1.90        1.75-1.94

The pages and the Texas Good Sams hands are not on the changed path (the third run of
the change was a busy one for both); the rounds games' hands are.

Then `--orm` plays a started round of each rounds game both ways too (two like rounds of
256 players, the same seed and hands; the general path is the ORM's INSERTs and
`settle_table` for every hand), beside the bracket's: two runs on the same machine,
quiet (load 0.7-1.0), milliseconds a hand, the statements against the general path:

    bracket                         2.31-2.65 against 4.68-5.45 (0.49 of it)
    double_draw                     2.66-2.79 against 7.07-7.51
    thats_it                        2.21-2.62 against 5.50-6.39
    domino_pinochle                 3.21-3.36 against 6.38-6.72
    double_takes                    2.65-3.30 against 5.70-6.71
2026-11-30 night, another machine of the kind (an AMD EPYC, 2 cores, PostgreSQL 15; a
plain loop of 20 million additions 2.1-3.2 s, and Django slower than the loop says: the
bare view 0.7-0.9 ms through the test client, the floor's transaction 1.0-2.0 ms, the
desk's POST 18-25 ms on the same code that took 7.6 on the 29th's machine). Three
changes to the POST's path: the sheet after a hand drawn from the hands the hand's lock
read (`HandResult.hands`, a table's step's `TableResult.hands`), not read again; the
signed-in user's row read in the round trip of the page's own first read
(`tournaments.sessions.signed_in_with`); penalty rows sent blank taken as none without
building their forms (`PenaltyFormSet.blank_in`), and the first box's autofocus set
without building them. Round trips the bench counts: post 6 -> 4, table entry 4 -> 3,
confirmation 5 -> 4. The desk's POST alone (16 games, ten POSTs each through the test
client, the first of each game left out), d456f0e and the change alternated six times
on PostgreSQL, four times on SQLite (the embedded default):
    figure                          d456f0e               change
    PostgreSQL post median ms       21.5 (18.8-25.8)      18.7 (16.5-20.8)
    PostgreSQL post CPU median ms   17.0 (15.5-20.5)      15.1 (13.2-16.4)
    SQLite post median ms           18.3 (17.5-19.0)      15.7 (15.1-16.8)
The hand form alone (built, checked and read, 200 a run, two pairs): 1.04-1.10 ms
against 0.60-0.66. The whole bench, two pairs alternated (the floor 1.0-2.0 ms: a busy
host), d456f0e then the change:
    figure                          d456f0e          change
    post_median_ms                  21.51, 25.25     20.17, 20.44
    table_entry_median_ms           22.97, 25.33     22.93, 20.93
    table_confirm_median_ms         22.06, 24.50     23.41, 20.72
    bare_get_median_ms              0.81, 0.86       0.68, 0.76
    service_over_floor              8.11, 5.24       6.90, 6.73
    parallel_speedup                1.87, 2.17       2.24, 2.07
The services' hands are not on the changed path but for one column more read with the
hands (`edited_at`) and a row built for the new hand.
"""
