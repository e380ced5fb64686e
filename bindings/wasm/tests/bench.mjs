// The batch call's speed in Node, on the hands the README's "Binding speed"
// table uses: the `win` hands of the file bindings/c/tests/c_program.rs
// writes (target/tmp/hupai-c/hands.txt, after `cargo test --release -p
// hupai-c --test c_program`), timed as the native baseline times them
// (`cargo run --release -p hupai-c --example native_bench -- FILE PASSES`).
//
//   node bench.mjs [HANDS_FILE] [PASSES]
//
// Prints ns per hand (the mean, the best of 5 rounds, the CPU time) for isWinBatch (one call per pass over all the rule
// set's hands, the typed arrays made once), waitsBatch (on the hands less one tile), and isWin per hand
// on mpsz strings (each call parses its string): on the hands the rules accept, and on those they refuse
// (each call throws an Error, whose stack alone costs microseconds).
import { readFileSync } from "node:fs";
import path from "node:path";

import { Rules } from "hupai";
import { KINDS, ROOT, toMpsz } from "./common.mjs";

const file = process.argv[2] ?? path.join(ROOT, "target/tmp/hupai-c/hands.txt");
const passes = Number(process.argv[3] ?? 1000);

const blocks = [];
for (const line of readFileSync(file, "utf8").split("\n")) {
  const f = line.split(" ");
  if (f[0] === "rules") blocks.push({ name: f[1], hands: [] });
  else if (f[0] === "win") blocks.at(-1).hands.push({ jokers: Number(f[2]), counts: f.slice(3, 3 + KINDS).map(Number) });
}

// `reps` calls of f in 5 rounds, after a warm-up round that compiles the
// hot path: [mean, best round, CPU time] in ns per call. The CPU time
// (user + system, of every thread of the process: V8's helpers count too)
// is what a busy machine disturbs least; the wall times are what a caller
// waits.
const time = (reps, f) => {
  const per = Math.max(1, Math.round(reps / 5));
  let best = Infinity;
  let total = 0;
  let cpu0;
  for (let round = 0; round < 6; round++) {
    if (round === 1) cpu0 = process.cpuUsage();
    const t = process.hrtime.bigint();
    for (let p = 0; p < per; p++) f();
    const ns = Number(process.hrtime.bigint() - t);
    if (round > 0) {
      best = Math.min(best, ns);
      total += ns;
    }
  }
  const cpu = process.cpuUsage(cpu0);
  return [total / (5 * per), best / per, ((cpu.user + cpu.system) * 1000) / (5 * per)];
};

// Each rule set's hands as batch arrays, the same hands less their first
// tile (3N+1 tiles) for waitsBatch, and as mpsz strings.
const sets = blocks
  .filter((b) => b.hands.length >= 100)
  .map(({ name, hands }) => {
    const n = hands.length;
    const counts = new Uint8Array(n * KINDS);
    const jokers = new Uint8Array(n);
    hands.forEach((h, i) => {
      counts.set(h.counts, i * KINDS);
      jokers[i] = h.jokers;
    });
    const ready = counts.slice();
    const readyJokers = jokers.slice();
    for (let i = 0; i < n; i++) {
      const t = ready.subarray(i * KINDS, (i + 1) * KINDS).findIndex((c) => c > 0);
      if (t >= 0) ready[i * KINDS + t]--;
      else readyJokers[i]--;
    }
    const strings = hands.map((_, i) => toMpsz(counts, jokers, i));
    const rules = new Rules(name);
    const status = rules.isWinBatch(counts, jokers);
    const accepted = strings.filter((_, i) => status[i] >= 0);
    const refused = strings.filter((_, i) => status[i] < 0);
    return { name, n, rules, counts, jokers, ready, readyJokers, strings, accepted, refused };
  });

const isWinEach = (rules, strings) => {
  for (const s of strings) {
    try {
      rules.isWin(s);
    } catch {
      // a refused hand: the batch's status code
    }
  }
};

// Warm every path under every rule set first, so that no timing includes
// V8's background compilation of the module's optimised code.
for (const { rules, counts, jokers, ready, readyJokers, strings } of sets) {
  for (let p = 0; p < 200; p++) rules.isWinBatch(counts, jokers);
  for (let p = 0; p < 20; p++) rules.waitsBatch(ready, readyJokers);
  isWinEach(rules, strings);
}

for (const { name, n, rules, counts, jokers, ready, readyJokers, accepted, refused } of sets) {
  let wins = 0;
  const batch = time(passes, () => {
    const out = rules.isWinBatch(counts, jokers);
    wins = 0;
    for (let i = 0; i < n; i++) wins += out[i] === 1 ? 1 : 0;
  });
  const waits = time(Math.max(1, passes / 10), () => rules.waitsBatch(ready, readyJokers));
  const one = time(Math.max(1, passes / 10), () => isWinEach(rules, accepted));
  const thrown = time(Math.max(1, passes / 100), () => isWinEach(rules, refused));
  const per = (count) => ([mean, best, cpu]) =>
    `${(mean / count).toFixed(1)} (best round ${(best / count).toFixed(1)}, CPU ${(cpu / count).toFixed(1)})`;
  const ns = per(n);
  const refusedNs = refused.length > 0 ? per(refused.length)(thrown) : "none refused";
  console.log(
    `node ${name}: ${n} hands x ${passes} passes: isWinBatch ${ns(batch)} ns/hand (${wins} wins); ` +
      `waitsBatch ${ns(waits)}; isWin(string) one call per hand: ${accepted.length} accepted ` +
      `${per(accepted.length)(one)}, ${refused.length} refused (thrown) ${refusedNs}`,
  );
}
