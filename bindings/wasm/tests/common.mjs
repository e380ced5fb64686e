// Shared by the Node tests, the browser test and the benchmark: the
// repository's paths, the seed examples, seeded random hands, and the Rust
// command's answers for a list of hands.
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import path from "node:path";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
export const PKG = path.join(ROOT, "bindings/wasm/pkg");
export const KINDS = 34;
export const PRESETS = ["basic", "changsha", "chinese", "hongzhong", "kawuxing", "riichi", "sichuan", "taiwan", "gb"];
export const TILES = [];
for (const [s, n] of [["m", 9], ["p", 9], ["s", 9], ["z", 7]]) {
  for (let r = 1; r <= n; r++) TILES.push(`${r}${s}`);
}

/** The rows of tests/data/seed_examples.tsv: [op, rules, hand, expected]. */
export function seedExamples() {
  const text = readFileSync(path.join(ROOT, "tests/data/seed_examples.tsv"), "utf8");
  return text
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t"));
}

/** A seeded generator of 32-bit floats in [0, 1) (mulberry32). */
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * n seeded hands as batch arrays: counts (n × 34) and jokers (n). A quarter
 * are built from melds and a pair so that wins and waits are common (and
 * some hold a fifth copy: invalid); the rest are drawn from a 136-tile
 * wall; up to maxJokers tiles of each are turned into jokers.
 */
export function randomHands(seed, n, sizes = [14], maxJokers = 3) {
  const r = rng(seed);
  const int = (k) => Math.floor(r() * k);
  const counts = new Uint8Array(n * KINDS);
  const jokers = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const size = sizes[int(sizes.length)];
    let tiles = [];
    if (r() < 0.25) {
      while (tiles.length + 3 <= size - 2) {
        const t = int(KINDS);
        if (t < 27 && t % 9 < 7 && r() < 0.6) tiles.push(t, t + 1, t + 2);
        else tiles.push(t, t, t);
      }
      const p = int(KINDS);
      while (tiles.length < size) tiles.push(p);
    } else {
      const wall = [];
      for (let t = 0; t < KINDS; t++) wall.push(t, t, t, t);
      for (let k = 0; k < size; k++) {
        const j = k + int(wall.length - k);
        [wall[k], wall[j]] = [wall[j], wall[k]];
      }
      tiles = wall.slice(0, size);
    }
    for (let k = tiles.length - 1; k > 0; k--) {
      const j = int(k + 1);
      [tiles[k], tiles[j]] = [tiles[j], tiles[k]];
    }
    const j = Math.min(int(maxJokers + 1), size);
    for (const t of tiles.slice(0, size - j)) counts[i * KINDS + t]++;
    jokers[i] = j;
  }
  return { counts, jokers, n };
}

/** Hand i of a batch in mpsz notation (a `*` per joker). */
export function toMpsz(counts, jokers, i) {
  let out = "";
  for (const [s, lo, hi] of [["m", 0, 9], ["p", 9, 18], ["s", 18, 27], ["z", 27, 34]]) {
    let digits = "";
    for (let t = lo; t < hi; t++) digits += String(t - lo + 1).repeat(counts[i * KINDS + t]);
    if (digits) out += digits + s;
  }
  return out + "*".repeat(jokers[i]);
}

/** A hand in mpsz read without checks (a fifth copy stays a fifth copy): its counts and jokers. */
export function naiveCounts(hand) {
  const counts = new Uint8Array(KINDS);
  let jokers = 0;
  let digits = [];
  for (const ch of hand) {
    if (ch === "*") jokers++;
    else if (ch >= "0" && ch <= "9") digits.push(Number(ch) - 1);
    else {
      const base = 9 * "mpsz".indexOf(ch);
      for (const r of digits) counts[base + r]++;
      digits = [];
    }
  }
  return { counts, jokers };
}

/** The rows of bindings/tests/bad_rows.tsv: [rules, hand, isWin, waits, shanten], each slot a number or a status name. */
export function badRows() {
  const text = readFileSync(path.join(ROOT, "bindings/tests/bad_rows.tsv"), "utf8");
  return text
    .split("\n")
    .filter((l) => l && !l.startsWith("#"))
    .map((l) => l.split("\t").slice(0, 5));
}

/** The `hupai` command: $HUPAI_CLI, else target/release/hupai (built if missing). */
export function cliPath() {
  const p = process.env.HUPAI_CLI || path.join(ROOT, "target/release/hupai");
  if (!existsSync(p)) {
    execFileSync("cargo", ["build", "--release", "--locked", "-q", "-p", "hupai-cli"], { cwd: ROOT, stdio: "inherit" });
  }
  return p;
}

/**
 * `hupai COMMAND --json --rules RULES [ARGS...]` on the hands: one JSON
 * answer each (the command exits non-zero when some hand was bad; its
 * answer says so).
 */
export function cli(command, rules, hands, ...args) {
  const run = spawnSync(cliPath(), [command, "--json", "--rules", rules, ...args], {
    input: hands.join("\n") + "\n",
    maxBuffer: 1 << 28,
    encoding: "utf8",
  });
  if (run.error) throw run.error;
  const answers = run.stdout.split("\n").filter((l) => l).map((l) => JSON.parse(l));
  if (answers.length !== hands.length) throw new Error(`${answers.length} answers for ${hands.length} hands`);
  return answers;
}
