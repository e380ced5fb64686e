// The package's interface in Node: the constructor's two inputs, the error
// model (a JS Error naming the bad value; batches mark a bad hand and only
// throw for mismatched lengths), the shapes of split, reveal and win, and the
// TypeScript declarations.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

import { Rules, Status, maskToTiles, parseHand } from "hupai";
import { KINDS, PKG, badRows, naiveCounts } from "./common.mjs";

test("new Rules takes a preset name or rule-file text", () => {
  const chinese = new Rules("chinese");
  assert.equal(chinese.name, "chinese");
  const r258 = new Rules('base = "chinese"\npair_ranks = [2, 5, 8]');
  assert.equal(r258.isWin("123m456p789s111z33m"), false); // 33m is no 258 pair
  assert.equal(r258.isWin("123m456p789s111z55m"), true);
  const again = new Rules(r258.toToml());
  assert.equal(again.isWin("123m456p789s111z55m"), true);
  assert.equal(again.isWin("123m456p789s111z33m"), false);
});

test("bad rules throw an Error naming the value", () => {
  assert.throws(() => new Rules("chinse"), (e) => e instanceof Error && e.message.includes("chinse"));
  assert.throws(() => new Rules('base = "nope"'), (e) => e instanceof Error && e.message.includes("nope"));
  assert.throws(() => new Rules("max_suits = 7"), (e) => e instanceof Error && e.message.includes("7"));
});

test("per-hand calls answer any notation and throw an Error naming a bad hand", () => {
  const r = new Rules("chinese");
  assert.equal(r.isWin("88饼11万东东中混混混混混混混"), true);
  assert.deepEqual(r.check("11223344556677m"), ["standard", "seven-pairs"]);
  assert.deepEqual(r.check("1155m1199p1133s11z"), ["seven-pairs"]);
  assert.deepEqual(r.check("123m456p789s12345z"), []);
  assert.deepEqual(r.waits("1112345678999m"), ["1m", "2m", "3m", "4m", "5m", "6m", "7m", "8m", "9m"]);
  assert.throws(() => r.isWin("123m456p789s11122x"), (e) => e instanceof Error && /x/.test(e.message));
  assert.throws(() => r.isWin("11111m"), (e) => e instanceof Error && e.message.includes("1m"));
  assert.throws(() => r.waits("123m456p789s11122z"), (e) => e instanceof Error && e.message.includes("14 tiles"));
  assert.throws(() => new Rules("sichuan").check("123m456p789s11122z"), { message: "1z is not used by the 'sichuan' rules" });
});

test("isWin and shanten answer every hand alike, whatever path the string takes", () => {
  // ASCII hands up to the scratch buffer's 256 bytes are judged in place;
  // longer and non-ASCII ones, and refused ones, take wasm-bindgen's call.
  const r = new Rules("chinese");
  const spaced = (n) => "123m 456p 789s" + " ".repeat(n) + "111z 55m";
  for (const n of [0, 200, 242, 243, 300]) {
    assert.equal(r.isWin(spaced(n)), true, `${spaced(n).length} characters`);
    assert.equal(r.shanten(spaced(n)), -1, `${spaced(n).length} characters`);
  }
  assert.equal(r.isWin("123m456p789s111z5m5p"), false);
  assert.equal(r.shanten("123m456p789s111z5m"), 0);
  assert.equal(r.shanten("1235万"), r.shanten("1235m"));
  for (const hand of ["1".repeat(300) + "m", "1".repeat(20) + "m", "123m456p789s111z5x", "1235万x"]) {
    const message = (f) => {
      try {
        f();
      } catch (e) {
        return e.message;
      }
      return "no error";
    };
    assert.match(message(() => r.isWin(hand)), /copies|x/, hand);
    assert.equal(message(() => r.shanten(hand)), message(() => r.isWin(hand)), hand);
  }
  // Memory the module grows (a large batch) leaves the fast path right.
  const big = 200_000;
  r.isWinBatch(new Uint8Array(34 * big), new Uint8Array(big));
  assert.equal(r.isWin("123m456p789s111z55m"), true);
  assert.equal(r.isWin("123m456p789s111z5m5p"), false);
});

test("split and reveal return plain objects", () => {
  const r = new Rules("chinese");
  assert.deepEqual(r.split("123m456p789s11122z"), [{ form: "standard", groups: ["123m", "456p", "789s", "111z", "22z"] }]);
  assert.deepEqual(r.split("123m456p789s12345z"), []);
  const all = r.split("111222333m11z456p");
  assert.ok(all.length >= 2);
  assert.equal(r.split("111222333m11z456p", 1).length, 1);
  const shown = r.reveal("123m456p789s1z");
  assert.deepEqual(shown, { waits: ["1z"], reveal: "1z" });
  assert.equal(Object.getPrototypeOf(shown), Object.prototype);
  assert.throws(() => r.reveal("123m456p789s1234z"), Error);
});

test("win returns a plain object and throws an Error naming a bad tile, hand or how", () => {
  const r = new Rules("chinese");
  const won = r.win("46s5s 123p 55z [789m] (1111z)", "5s");
  assert.deepEqual(won, {
    win: true,
    forms: ["standard"],
    winning: "5s",
    how: "discard",
    shapes: ["kanchan"],
    splits: [
      { form: "standard", groups: ["123p", "456s", "55z", "[789m]", "(1111z)"], completions: [{ group: 1, shape: "kanchan" }] },
    ],
  });
  assert.equal(Object.getPrototypeOf(won), Object.prototype);
  assert.equal(Object.getPrototypeOf(won.splits[0].completions[0]), Object.prototype);
  assert.equal(r.win("46s5s 123p 55z [789m] (1111z)", "5s", "self-drawn").how, "self-drawn");
  assert.equal(r.win("46s5s 123p 55z [789m] (1111z)", "5s", undefined).how, "discard");
  assert.deepEqual(r.win("123m456p789s12345z", "1z", "robbing-kong").splits, []);
  // 卡五 (kawuxing) and a copy of hongzhong's joker kind, which wins as a joker.
  assert.deepEqual(new Rules("kawuxing").win("4s6s5s 23p4p 789p 66z [555z]", "5s", "self-drawn").shapes, ["kanchan"]);
  assert.equal(new Rules("hongzhong").win("123m456p789s1m7z [555m]", "7z").winning, "*");
  const hand = "123m456p789s11z [222z]";
  assert.throws(() => r.win(hand, "5s"), { name: "Error", message: "5s is not in the hand" });
  assert.throws(() => r.win(hand, "*"), Error); // no joker to win with
  assert.throws(() => r.win(hand, "5x"), (e) => e instanceof Error && e.message.includes("x"));
  assert.throws(() => r.win(hand, "11z"), Error); // two tiles
  assert.throws(() => r.win("123m", "1m"), (e) => e instanceof Error && e.message.includes("3N+2"));
  assert.throws(() => r.win(hand, "1z", "flying"), (e) => e instanceof Error && e.message.includes('"flying"'));
});

test("win and score read how as players say it: tsumo, ron, chankan", () => {
  const r = new Rules("chinese");
  const hand = "46s5s 123p 55z [789m] (1111z)";
  for (const [word, how] of [["tsumo", "self-drawn"], ["Ron", "discard"], ["chankan", "robbing-kong"]]) {
    assert.deepEqual(r.win(hand, "5s", word), r.win(hand, "5s", how), word);
    assert.equal(r.win(hand, "5s", word).how, how);
  }
  const riichi = new Rules("riichi");
  const claim = { winning: "8s", riichi: true };
  assert.deepEqual(
    riichi.score("234567m234p67888s", { ...claim, how: "tsumo" }),
    riichi.score("234567m234p67888s", { ...claim, how: "self-drawn" }),
  );
});

test("batches: answers and a status per hand, a status code for a bad hand, a throw only for mismatched lengths", () => {
  const r = new Rules("chinese");
  const counts = new Uint8Array(3 * KINDS);
  counts[0] = 3; // hand 0: 111m and two jokers, a win
  counts[KINDS] = 6; // hand 1: six 1m, invalid
  counts[2 * KINDS + 27] = 1; // hand 2: 1z alone waits on 1z
  // hand 2 (one tile) is no size for a win
  const wins = r.isWinBatch(counts, Uint8Array.of(2, 0, 0));
  assert.ok(wins instanceof Int8Array);
  assert.deepEqual([...wins], [1, Status.TOO_MANY_COPIES, Status.WRONG_SIZE]);
  counts[2 * KINDS + 28] = 1; // 1z2z: 2 tiles, no win
  assert.deepEqual([...r.isWinBatch(counts, Uint8Array.of(2, 0, 0))], [1, Status.TOO_MANY_COPIES, 0]);
  counts[2 * KINDS + 28] = 0;
  const { waits, status } = r.waitsBatch(counts, Uint8Array.of(1, 0, 0));
  assert.ok(waits instanceof BigUint64Array && status instanceof Int8Array);
  assert.deepEqual([...status], [0, Status.TOO_MANY_COPIES, 0]);
  assert.equal(waits[1], 0n);
  assert.equal(waits[2], 1n << 27n);
  assert.deepEqual(maskToTiles(waits[2]), ["1z"]);
  assert.deepEqual(maskToTiles(0n), []);
  const sh = r.shantenBatch(counts, Uint8Array.of(2, 0, 0));
  assert.ok(sh.shanten instanceof Int8Array && sh.status instanceof Int8Array);
  assert.deepEqual([...sh.shanten], [-1, 0, 0]);
  assert.deepEqual([...sh.status], [0, Status.TOO_MANY_COPIES, 0]);
  assert.deepEqual([...r.isWinBatch(new Uint8Array(0), new Uint8Array(0))], []);
  assert.throws(() => r.isWinBatch(counts, Uint8Array.of(0, 0)), (e) => e instanceof Error && e.message.includes("34 per hand"));
  assert.throws(() => r.waitsBatch(counts.subarray(1), Uint8Array.of(0, 0, 0)), Error);
  assert.throws(() => r.shantenBatch(counts, Uint8Array.of(0)), Error);
  const many = new Uint8Array(KINDS).fill(255); // every count out of range: a status, no throw
  assert.deepEqual([...r.isWinBatch(many, Uint8Array.of(255))], [Status.TOO_MANY_COPIES]);
  const { counts: c, jokers } = parseHand("88饼11万东东中混混混混混混混");
  assert.equal(jokers, 7);
  assert.deepEqual([...r.isWinBatch(c, Uint8Array.of(jokers))], [1]);
});

test("the shared bad rows give the same statuses as in C, Java and Python", () => {
  // bindings/tests/bad_rows.tsv, a batch per rule set.
  const slot = (text) => (/^-?[0-9]+$/.test(text) ? Number(text) : Status[text]);
  const rows = badRows();
  for (const rules of new Set(rows.map((row) => row[0]))) {
    const mine = rows.filter((row) => row[0] === rules);
    const counts = new Uint8Array(mine.length * KINDS);
    const jokers = new Uint8Array(mine.length);
    mine.forEach(([, hand], i) => {
      const read = naiveCounts(hand);
      counts.set(read.counts, i * KINDS);
      jokers[i] = read.jokers;
    });
    const r = new Rules(rules);
    const wins = r.isWinBatch(counts, jokers);
    const waits = r.waitsBatch(counts, jokers).status;
    const shanten = r.shantenBatch(counts, jokers).status;
    mine.forEach((row, i) => {
      const want = row.slice(2).map(slot);
      assert.ok(want.every((w) => typeof w === "number"), row.join(" "));
      assert.deepEqual([wins[i], waits[i], shanten[i]], want, row.join(" "));
    });
  }
});

test("Status is the library's table, frozen, and declared as it is", () => {
  assert.deepEqual(Object.entries(Status), [
    ["NULL", -1],
    ["PARSE", -2],
    ["BAD_UTF8", -3],
    ["TOO_MANY_COPIES", -4],
    ["TOO_MANY_TILES", -5],
    ["WRONG_SIZE", -6],
    ["TILE_NOT_IN_RULES", -7],
    ["BAD_HAND", -8],
    ["RULES", -9],
    ["ARGUMENT", -10],
    ["INTERNAL", -11],
  ]);
  assert.ok(Object.isFrozen(Status));
  const dts = readFileSync(path.join(PKG, "index.d.ts"), "utf8");
  for (const [name, code] of Object.entries(Status)) assert.ok(dts.includes(`  ${name}: ${code};`), name);
});

test("the package's declarations name the API", () => {
  const dts = readFileSync(path.join(PKG, "hupai_wasm.d.ts"), "utf8");
  for (const s of [
    "constructor(presetOrToml: string);",
    "isWin(hand: string): boolean;",
    "check(hand: string): string[];",
    "waits(hand: string): string[];",
    "split(hand: string, limit?: number | null): Split[];",
    "reveal(hand: string): Reveal;",
    "win(hand: string, winning: string, how?: string | null): Win;",
    "export interface Win ",
    "isWinBatch(counts: Uint8Array",
    "): Int8Array;",
    "): WaitsBatch;",
    "): ShantenBatch;",
    "export interface WaitsBatch",
    "export interface Split",
    "export interface Reveal",
  ]) {
    assert.ok(dts.includes(s), s);
  }
  const pkg = JSON.parse(readFileSync(path.join(PKG, "package.json"), "utf8"));
  assert.equal(pkg.type, "module");
  assert.equal(pkg.exports["."].types, "./index.d.ts");
});

test("the page's calls: presetNames, tiles, hasScoring, jokerKinds, parseHand's redFives, and waitValues as `hupai waits --values`", async () => {
  const { presetNames } = await import("hupai");
  const { PRESETS, cli } = await import("./common.mjs");
  assert.deepEqual([...presetNames()].sort(), [...PRESETS].sort());
  for (const name of presetNames()) assert.equal(new Rules(name).name, name);
  assert.equal(new Rules("riichi").tiles.length, 34);
  assert.deepEqual(new Rules("sichuan").tiles, maskToTiles((1n << 27n) - 1n)); // the three suits, no honour
  assert.equal(new Rules("riichi").hasScoring, true);
  assert.equal(new Rules("gb").hasScoring, true);
  assert.equal(new Rules("chinese").hasScoring, false);
  assert.deepEqual(new Rules("hongzhong").jokerKinds, ["7z"]);
  assert.deepEqual(new Rules("riichi").jokerKinds, []);
  // The red fives of the concealed part; a meld's are its own.
  assert.deepEqual(parseHand("340m55p [406s]").redFives, ["5m"]);
  assert.deepEqual(parseHand("[406s]").redFives, []);
  assert.deepEqual(parseHand("406s").redFives, ["5s"]);
  assert.deepEqual(parseHand("345m").redFives, []);
  const ready = ["23m456p678s55p234s", "23m456p678s55p [234s]", "123456789m234s1z", "1112345678999m"];
  for (const [rules, context, words] of [
    ["riichi", { riichi: true, dora: "3m" }, "riichi dora=3m"],
    ["riichi", { seat_wind: "2z" }, "seat_wind=2z"],
    ["gb", { flowers: 2 }, "flowers=2"],
  ]) {
    const r = new Rules(rules);
    cli("waits", rules, ready, "--values", "--context", words).forEach((want, i) => {
      let got;
      try {
        got = { hand: ready[i], values: r.waitValues(ready[i], context) };
      } catch (e) {
        got = { hand: ready[i], error: e.message };
      }
      assert.deepEqual(got, want, `${rules} ${ready[i]}`);
    });
  }
  assert.throws(() => new Rules("chinese").waitValues("23m456p678s55p234s"), /no \[scoring\] table/);
});
