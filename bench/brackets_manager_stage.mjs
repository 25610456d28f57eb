// Time brackets-manager creating a stage in memory, for bench/bracket.py.
//
// Usage (from the project root):
//   node bench/brackets_manager_stage.mjs [teams] [runs] [double_elimination|single_elimination]
// (defaults 4096, 5 and double_elimination). Each run makes a fresh in-memory storage
// (brackets-memory-db) and creates one stage of that many participants: a double
// elimination with the grand final "double" (with the reset), or a single elimination,
// byes balanced, every match stored as the manager stores it. One run first as a warm-up
// (the JIT), then `runs` timed runs, each timed in this process with performance.now()
// around `manager.create.stage` only. Prints one JSON line: the median, the fastest and
// the slowest run and every run, in seconds, each run's CPU time (user and system, every
// thread of the process: process.cpuUsage), and how many matches a stage holds.
//
// Our own script; brackets-manager and brackets-memory-db are devDependencies in
// package.json (installed at set-up, never committed).

import { createRequire } from "node:module";
import { performance } from "node:perf_hooks";

const require = createRequire(import.meta.url);
const { BracketsManager } = require("brackets-manager");
const { InMemoryDatabase } = require("brackets-memory-db");
const version = require("brackets-manager/package.json").version;

const teams = Number.parseInt(process.argv[2] ?? "4096", 10);
const runs = Number.parseInt(process.argv[3] ?? "5", 10);
const type = process.argv[4] ?? "double_elimination";
const SETTINGS = {
  double_elimination: { grandFinal: "double", seedOrdering: ["natural"], balanceByes: true },
  single_elimination: { seedOrdering: ["natural"], balanceByes: true },
};
if (!(teams >= 2) || !(runs >= 1) || !(type in SETTINGS)) {
  console.error(
    "Give a number of teams (2 or more), of runs (1 or more) and double_elimination or " +
      "single_elimination.",
  );
  process.exit(2);
}

const seeding = Array.from({ length: teams }, (_, n) => `Team ${n + 1}`);

async function createOnce() {
  const storage = new InMemoryDatabase();
  const manager = new BracketsManager(storage);
  const cpuBefore = process.cpuUsage();
  const began = performance.now();
  await manager.create.stage({
    tournamentId: 0,
    name: `Doubles ${type}`,
    type,
    seeding,
    settings: SETTINGS[type],
  });
  const seconds = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpuBefore);
  const cpu = (used.user + used.system) / 1e6;
  const matches = (await storage.select("match")) ?? [];
  return { seconds, cpu, matches: matches.length };
}

const warmUp = await createOnce();
const timed = [];
const cpu = [];
for (let run = 0; run < runs; run += 1) {
  const once = await createOnce();
  timed.push(once.seconds);
  cpu.push(once.cpu);
}
timed.sort((a, b) => a - b);
const median =
  timed.length % 2 ? timed[(timed.length - 1) / 2] : (timed[timed.length / 2 - 1] + timed[timed.length / 2]) / 2;
const round = (value) => Math.round(value * 1000) / 1000;
console.log(
  JSON.stringify({
    brackets_manager_version: version,
    brackets_manager_teams: teams,
    brackets_manager_stage: type,
    brackets_manager_matches: warmUp.matches,
    brackets_manager_runs: runs,
    brackets_manager_warm_up_seconds: round(warmUp.seconds),
    brackets_manager_create_seconds: round(median),
    brackets_manager_create_best_seconds: round(timed[0]),
    brackets_manager_create_worst_seconds: round(timed[timed.length - 1]),
    brackets_manager_run_seconds: timed.map((seconds) => Math.round(seconds * 1e6) / 1e6),
    brackets_manager_run_cpu_seconds: cpu.map((seconds) => Math.round(seconds * 1e6) / 1e6),
  }),
);
