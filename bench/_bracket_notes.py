"""Earlier figures of bench/bracket.py, kept for the reasoning they hold (moved here to
keep the bench under 400 lines). The figures now are in bench/bracket.py's docstring.

The double elimination draw before tournaments 0019 (every foreign key of the draw's
rows still checked by PostgreSQL at commit):

Measured 2026-11-26 on the shared 2-core machine, 4,096 teams, BENCH_DRAWS=5 and 3
brackets-manager runs twice (load average from ``uptime`` in brackets), PostgreSQL 15:

    run (load)       ours s (best-worst)  b-m s (best-worst)  wall   CPU ratio
    11:04 (3.9-5.3)  2.53 (2.19-3.26)     4.03 (3.86-4.70)    0.63   0.69 (1.39 / 2.02 s)
    10:40 (7.2-7.1)  2.64 (2.48-2.96)     3.35 (2.11-4.29)    0.79   0.79 (1.27 / 1.60 s)
    10:45 (6.0-5.1)  4.97 (3.78-5.22)     7.28 (5.33-9.47)    0.68   0.72 (1.39 / 1.94 s)
    10:20 (5.5-6.4)  3.56 (2.82-3.63)     4.17 (3.47-5.77)    0.86   (3 draws)

So the draw target is not met (median of the four runs: 0.74 of brackets-manager's
time): ours costs about 0.7-0.8 of brackets-manager's CPU, and
the profile says where (tools beside the bench, same machine, median of 3, CPU seconds
of the backend): of about 1.0 s of database CPU, 0.64 s are the foreign-key checks
PostgreSQL runs at the two commits (partners: 0.30 s for 28,672 checks of every team's
event and every member's team, event and player; bracket: 0.34 s for about 41,000
checks of every game's event, next and loser game and every side's game and team, and
about 41,000 more trigger events for keys left empty). Dropping those constraints in a
throwaway database took the draw to 0.39-0.46 s of database CPU and 1.6-1.9 s of wall
time (against 1.0-1.3 s and 3.0-4.0 s with them, load 5.5): about 0.42 of
brackets-manager's CPU. The rest is the rows' writes (teams 0.11-0.15 s, the 8,191
games and 16,382 sides 0.2 s) and 0.2 s of Python (the format's layout of 8,191 games
0.07 s, the arrays, Django around the queries). The keys stay: dropping them (a
migration on Game, Side, Team and TeamMember, ``db_constraint=False``) trades the
database's guard on every bracket for half the draw's time, a choice for the project,
not for a benchmark.

Room for updates (tournaments 0018: games and sides filled to 90 % by the draw). A
result changes no indexed column of a game, so with room on its page the update is
heap-only (HOT: no index entries; the old rows are pruned in place). Before, the draw's
pages were full, and each game's first update moved it to another page with an entry
in each of its five indexes. A winners' round-1 result in EXPLAIN (ANALYZE, WAL), twelve
in a row on a fresh draw, each rolled back: 15-20 WAL records (1,162-1,546 bytes) and
0.59-0.83 ms before (two of 5 and 10 ms), 10 records (667 bytes) and 0.40-0.61 ms after.
Game updates HOT over a whole run (28,665): 10,820-19,117 before; after, all of them
in two runs, 9,655-26,188 in five others. Pruning stops while any transaction anywhere
on the server stays open (another database's counts as well: PostgreSQL 15 recomputes
its horizon only when the oldest one moves), and this shared server had other benches'
transactions open for minutes. Sides are updated here only to seat a team (``team_id``
is indexed: never HOT); a hand's totals are HOT. The wall-time ratios of ten alternated
runs (load 2.5-5.0) moved less than the load did: double elimination 1.18-1.65 (median
1.42) before, 1.40-2.07 (1.51) after; single 1.09-1.51 (1.30), 1.22-1.53 (1.32); the
floor itself took 3.5-34 s for 8,191 transactions. A pair on a quieter machine (load
1.9-2.0, floor 0.41 ms): after 1.72 single and 1.79 double (2.89 s and 5.97 s of
results), before 1.68 and 1.73 (2.80 s and 6.19 s), with 28,665 and 28,034 game updates
HOT: when pruning runs, a full page frees the last update's old row before the next
one, so the room matters only for the rows a statement updates twice on one page and
while pruning is held up. What is left over the floor on a quiet machine (0.70-0.73 ms
a result against 0.41 ms a transaction) is the statement's own work, not the indexes.

Where the draw's time goes (PostgreSQL 15, 2 shared cores, best of 6 draws; the CPU of
the database's backend read from /proc beside the client's): 0.34-0.36 s of wall time is
0.29-0.31 s of database CPU and 0.045 s of Python (0.41 s, 0.35 s and 0.065 s before
this work). Of the database's share, 0.17 s are the foreign-key checks PostgreSQL runs
at commit: 49,147 of them, about 3.5 us each (every member's team, event and player,
every side's game and team, every game's event and next game; measured by dropping the
constraints in a throwaway database: 0.18 s of wall time without them). The other
0.13 s write 24,573 rows and their 78,000 index entries. The Python is the pure draw
and bracket (12 ms), the arrays (5 ms) and Django around 17 queries. The keys stay: they
keep a bracket whole when code or a hand-written statement goes wrong. So 0.35 s holds
on a quiet machine (best of 5: 0.35-0.38 s) and not on a busy one.

Since tournaments 0019 the keys named above have no constraint in the database; see
tournaments/selectors/references.py for what keeps them whole.

The results' database CPU (issue 21, later): the JSON gives the backend's CPU per result
and the floor's per transaction (``backend_cpu_ms_per_result``,
``bare_pg_floor_backend_cpu_ms``, their ratio ``backend_cpu_over_floor``; ``double_``
the same), read from /proc, which a busy machine skews less than the wall times. With
one UPDATE per table in the result's statement and the activity line's keys unchecked
(tournaments 0020), beside the code before, runs alternated (BENCH_DRAWS=1, load
1.2-1.4 from /proc/loadavg, the 2-core machine shared):

    run      backend ms/result   over the floor's   results/floor (wall)
             single   double     single   double    single   double
    before   0.42-0.43 0.44-0.46 2.3-2.5  2.5-2.6   1.50-1.55 1.62-1.74
    after    0.36-0.39 0.38-0.41 2.0      2.0-2.2   1.26-1.38 1.41-1.55

After, single elimination's wall ratio was under 1.5 in all three runs and double
elimination's in two of three (1.55 the third); before, double elimination's in none
and single elimination's 1.50 at best. result_statements.py says where the rest of the
database's time goes.

Merged into main and run five times that night with nothing else running (load 0.6-1.1;
the first two BENCH_DRAWS=5, the others 1), results over the floor:

    single     1.53  1.32  1.47  1.32  1.40   (median 1.40)
    double     1.51  1.49  1.49  1.44  1.53   (median 1.49)
    backend ms/result, double: 0.42-0.46 (the floor's 0.21)

with the draws at 0.27-0.35 (single) and 0.32-0.38 (double) of brackets-manager's create.
So double elimination is at the 1.5 at the median but over it in two runs of five, by
0.01-0.03. What is left is the sides' UPDATE that seats a team: the team's index on sides
makes it a new row version in both of the table's indexes (no HOT update: 16,380 of
16,380 side updates in a run, against every game and event update HOT). Without that
index it measured about 0.05 ms less a result, but the player lookup and the seating
read a team's games through it, so it stays.

2026-11-27, morning (the 2-core machine, nothing else running, load 0.8-1.1): the
statement sent past Django's cursor wrapper (tournaments/services/prepared.py). Python
per double elimination result, from os.times() around the blocks, branch and main
alternated in three pairs: 0.12-0.14 ms against 0.15-0.18 ms. Results over the floor:

    branch, alternated with main      1.46  1.47  1.47
    main, alternated with the branch  1.44  1.58  1.58
    branch, five runs in a row        1.41  1.40  1.40  1.44  1.46   (median 1.41)
      single elimination beside them  1.44  1.46  1.37  1.47  1.37
    branch, every run that morning    14 runs, 1.40-1.50, median 1.465
    main, every run that morning      13 runs, 1.41-1.59, median 1.54 (9 over 1.5)

(Not counted: four branch runs with an index dropped, 1.42-1.47, and one with perf
attached to the backend, 1.55.)

The machine drifted through the morning (the floor's backend CPU 0.20-0.25 ms, the
results' 0.43-0.58 ms), so the pairs say more than the runs apart. The sides' team
index and the activity line's user index dropped in the bench's database (three pairs
each) moved neither figure beyond that drift; both stay. perf on the backend during the
results: the commit 19 % (fdatasync 15 %), starting the plan 18 %, the CTEs' writes at
the executor's finish 16 %, the CHECK constraints 8 % (their stored text parsed again,
5 %).

Measured 2026-11-26 on the shared 2-core machine (load 5-10: other benches and test
runs), 4,096 teams, BENCH_DRAWS=5, 3 brackets-manager runs twice; branch and main
alternated, each run its own ratio (load average from /proc/loadavg at its start):

    run (load)     ours s   b-m s   wall   CPU     results/floor  single: draw s  results
    main (9.6)     1.39     1.52    0.91   0.92    1.37           1.23            1.46
    branch (8.6)   0.73     2.03    0.36   0.41    1.48           0.37            1.58
    branch (7.1)   0.42     1.01    0.41   0.40    1.47           0.28            1.10
    main (4.9)     1.06     1.23    0.87   0.93    1.26           0.37            1.26

(an earlier pair, load 4-6, before the collector change: branch 0.49 and 0.58 of
brackets-manager's wall time, CPU 0.57 and 0.58; main 0.81, CPU 0.93). Two changes
made the draw fit: its rows' foreign keys have no constraint in the database
(tournaments 0019: a game's event, pointers and round, a side's game and team, a
team's event, a member's team, event and player; tournaments/selectors/references.py
says what keeps them whole), which took the commit from 0.30-0.40 s to 0.007 s (the
deferred checks, about 110,000 trigger events, a third on keys left empty) and the
database's CPU from about 0.35 s to 0.14 s a draw; and the draw holds Python's cycle
collector off while it builds its rows (draw_rows.collector_paused: 175 collections
and 0.10 s of its 0.18 s of Python, 0.08 s without). Both sides' CPU then: ours
0.23-0.24 s a draw (0.08-0.09 s of it Python) against brackets-manager's 0.57-0.59 s;
main's 0.52-0.54 s. bench/_bracket_notes.py keeps the
figures from before (0.7-0.8 of brackets-manager's time).

Results: the winners' and losers' games are one statement each (result_statements.py),
the grand final takes the general path. Before this work, every double elimination
result took the general path: 4.68 times the floor (139 s for 8,191 results against
29.7 s, load 0.4-5). After, in the runs of bench/_bracket_notes.py: 1.51, 1.50,
1.66 and 1.52, median 1.515: at the target, not under it with room on a machine this
busy; single elimination's in those runs 1.66, 1.74, 1.18 and 1.78 (its
statement against the one before, blocks side by side in one run: 1.02-1.04 times,
load 6-7, so the single elimination figures are the load's, not the change's).
On a machine this busy the floor's own time swings (11-33 s for 4,095 transactions),
so one run's ratio is good to about 0.2 either way.

The keys' constraints gone changed the results little: a result seats a team in a
side (its team's check and row lock went with the key), and in the runs above double
elimination's results took 1.47-1.48 times the floor (main 1.37 and 1.26 beside
them; the earlier pair 1.34 and 1.59 against 1.41) and single elimination's 1.10-1.58
(main 1.26-1.84), within the 0.2 a run swings here. The 1.5 for double elimination is
met in these runs without room, and these runs do not show the branch's results
faster than main's (nor, at this noise, slower); a quiet pair was not measured.
Where a single elimination draw's time went before tournaments 0019: bench/_bracket_notes.py.
"""
