// The package in Node against the library: the seed examples, and seeded
// hands under every preset compared with the Rust command's answers
// (`hupai check|waits|split|reveal --json`, and `check --winning` for
// win), one call at a time and in batches. Run with `node --test` after bindings/wasm/build.sh and
// `npm ci` here (which installs ../pkg as the package `hupai`).
import { test } from "node:test";
import assert from "node:assert/strict";

import { Rules, Status, maskToTiles, parseHand } from "hupai";
import { KINDS, PRESETS, TILES, cli, randomHands, seedExamples, toMpsz } from "./common.mjs";

const CODES = new Set(Object.values(Status));

test("seed examples: per hand and in a batch", () => {
  const rows = seedExamples();
  assert.ok(rows.length > 50);
  for (const [op, rules, hand, expected] of rows) {
    const r = new Rules(rules);
    const { counts, jokers } = parseHand(hand);
    assert.equal(counts.length, KINDS);
    if (op === "check") {
      assert.equal(r.isWin(hand), expected === "win", hand);
      assert.equal(r.check(hand).length > 0, expected === "win", hand);
      assert.deepEqual([...r.isWinBatch(counts, Uint8Array.of(jokers))], [expected === "win" ? 1 : 0], hand);
    } else {
      assert.equal(op, "waits");
      const want = expected ? expected.split(" ") : [];
      assert.deepEqual(r.waits(hand), want, hand);
      const { waits, status } = r.waitsBatch(counts, Uint8Array.of(jokers));
      assert.deepEqual(maskToTiles(waits[0]), want, hand);
      assert.equal(status[0], 0, hand);
    }
  }
});

for (const [p, rules] of PRESETS.entries()) {
  test(`${rules}: 3000 seeded hands, check and isWinBatch match the command`, () => {
    const { counts, jokers, n } = randomHands(1000 + p, 3000, [14, 14, 14, 11, 13]);
    const hands = Array.from({ length: n }, (_, i) => toMpsz(counts, jokers, i));
    const answers = cli("check", rules, hands);
    const r = new Rules(rules);
    const batch = r.isWinBatch(counts, jokers);
    assert.ok(batch instanceof Int8Array);
    let wins = 0;
    for (let i = 0; i < n; i++) {
      const a = answers[i];
      if ("error" in a) {
        assert.ok(CODES.has(batch[i]), hands[i]);
        assert.throws(() => r.check(hands[i]), { name: "Error", message: a.error }, hands[i]);
        assert.throws(() => r.isWin(hands[i]), { message: a.error }, hands[i]);
      } else {
        assert.deepEqual(r.check(hands[i]), a.forms, hands[i]);
        assert.equal(r.isWin(hands[i]), a.win, hands[i]);
        assert.equal(batch[i], a.win ? 1 : 0, hands[i]);
        wins += a.win ? 1 : 0;
      }
    }
    assert.ok(wins > 30, `${wins} wins`); // the sample holds wins, not only misses
  });

  test(`${rules}: 2000 seeded hands, waits and waitsBatch match the command`, () => {
    const { counts, jokers, n } = randomHands(2000 + p, 2000, [13, 13, 10, 12]);
    const hands = Array.from({ length: n }, (_, i) => toMpsz(counts, jokers, i));
    const answers = cli("waits", rules, hands);
    const r = new Rules(rules);
    const { waits: masks, status } = r.waitsBatch(counts, jokers);
    assert.ok(masks instanceof BigUint64Array);
    let ready = 0;
    for (let i = 0; i < n; i++) {
      const a = answers[i];
      if ("error" in a) {
        assert.ok(masks[i] === 0n && CODES.has(status[i]), hands[i]);
        assert.throws(() => r.waits(hands[i]), { message: a.error }, hands[i]);
      } else {
        assert.deepEqual(r.waits(hands[i]), a.waits, hands[i]);
        assert.deepEqual(maskToTiles(masks[i]), a.waits, hands[i]);
        assert.equal(status[i], 0, hands[i]);
        ready += a.waits.length > 0 ? 1 : 0;
      }
    }
    assert.ok(ready > 30, `${ready} ready`);
  });
}

for (const [p, rules] of PRESETS.entries()) {
  test(`${rules}: split and reveal of seeded hands match the command`, () => {
    const r = new Rules(rules);
    const wins = randomHands(3000 + p, 600, [14, 11, 8]);
    const winHands = Array.from({ length: wins.n }, (_, i) => toMpsz(wins.counts, wins.jokers, i));
    let split = 0;
    cli("split", rules, winHands).forEach((a, i) => {
      if ("error" in a) {
        assert.throws(() => r.split(winHands[i]), { message: a.error }, winHands[i]);
      } else {
        const got = r.split(winHands[i]);
        assert.deepEqual(got, a.splits, winHands[i]);
        split += got.length > 0 ? 1 : 0;
      }
    });
    assert.ok(split > 10, `${split} hands split`);

    const ready = randomHands(4000 + p, 600, [13, 10, 7]);
    const readyHands = Array.from({ length: ready.n }, (_, i) => toMpsz(ready.counts, ready.jokers, i));
    let shown = 0;
    cli("reveal", rules, readyHands).forEach((a, i) => {
      if ("error" in a) {
        assert.throws(() => r.reveal(readyHands[i]), { message: a.error }, readyHands[i]);
      } else {
        delete a.hand;
        assert.deepEqual(r.reveal(readyHands[i]), a, readyHands[i]);
        shown += 1;
      }
    });
    assert.ok(shown > 10, `${shown} hands revealed`);
  });
}

for (const rules of PRESETS) {
  test(`${rules}: 1500 seeded hands, shanten and shantenBatch match the command`, () => {
    const r = new Rules(rules);
    const { counts, jokers, n } = randomHands(4000 + PRESETS.indexOf(rules), 1500, [14, 13, 11, 8]);
    const hands = Array.from({ length: n }, (_, i) => toMpsz(counts, jokers, i));
    const answers = cli("shanten", rules, hands);
    const { shanten: batch, status } = r.shantenBatch(counts, jokers);
    assert.ok(batch instanceof Int8Array && status instanceof Int8Array);
    answers.forEach((a, i) => {
      if ("error" in a) {
        assert.ok(batch[i] === 0 && CODES.has(status[i]), hands[i]);
        assert.throws(() => r.shanten(hands[i]), { message: a.error }, hands[i]);
      } else {
        assert.equal(r.shanten(hands[i]), a.shanten, hands[i]);
        assert.equal(batch[i], a.shanten, hands[i]);
        assert.equal(status[i], 0, hands[i]);
      }
    });
  });
}

test("chinese: efficiency matches the command", () => {
  const r = new Rules("chinese");
  const { counts, jokers, n } = randomHands(77, 200, [14, 13]);
  const hands = Array.from({ length: n }, (_, i) => toMpsz(counts, jokers, i));
  cli("efficiency", "chinese", hands).forEach((a, i) => {
    if ("error" in a) {
      assert.throws(() => r.efficiency(hands[i]), { message: a.error }, hands[i]);
      return;
    }
    delete a.hand;
    assert.deepEqual(r.efficiency(hands[i]), a, hands[i]);
  });
  assert.deepEqual(r.efficiency("123m456p789s11z23p", "1p1p"), {
    shanten: 0,
    tiles: ["1p", "4p", "7p"],
    count: 9,
  });
});

// Rules.win against `hupai check --winning TILE [--self-drawn|--robbing-kong]
// --json`: declared melds and kongs, jokers, the special forms, a few that
// do not win or are bad (the cases of the Python tests), then seeded hands
// each with one of its own tiles (or a joker) as the winning tile.
const HOW_FLAGS = { discard: [], "self-drawn": ["--self-drawn"], "robbing-kong": ["--robbing-kong"] };
const WIN_CASES = [
  ["chinese", "46s5s 123p 55z [789m] (1111z)", "5s", "discard"],
  ["chinese", "45666m [789p] [123s] (1111z)", "6m", "self-drawn"],
  ["chinese", "12m3m 456p 789s 11z [222z]", "3m", "discard"],
  ["chinese", "23m4m 456p [789s] [1111z+] 55z", "4m", "robbing-kong"],
  ["chinese", "11m222z456p [789s] [123s]", "2z", "discard"],
  ["chinese", "55m [123p] [456p] [789p] (1111z)", "5m", "self-drawn"],
  ["chinese", "78m9m 111p 55s [七八九条] （二二二二饼）", "9m", "discard"],
  ["chinese", "11223344556677m", "7m", "self-drawn"],
  ["chinese", "19m19p19s12345677z", "7z", "discard"],
  ["chinese", "19m19p19s1234567z1m", "1m", "self-drawn"],
  ["chinese", "123m456p13s55z*", "*", "self-drawn"],
  ["chinese", "123m456p13s55z*", "2s", "discard"],
  ["chinese", "123m456p789s1z* [222z]", "*", "discard"],
  ["chinese", "88饼11万东东中混混混混混混混", "混", "self-drawn"],
  ["chinese", "123m456p789s12345z", "1z", "discard"],
  ["chinese", "1112345678999m5m", "5m", "discard"],
  ["kawuxing", "46s5s 123p 789p 55z [666z]", "5s", "discard"],
  ["kawuxing", "4s6s5s 23p4p 789p 66z [555z]", "5s", "self-drawn"],
  ["kawuxing", "4s6s5s 23p4p 789p 66z [555z]", "4p", "discard"],
  ["kawuxing", "44s55s66s 789p 55z [666z]", "5s", "self-drawn"],
  ["kawuxing", "1133557799s1155p", "9s", "discard"],
  ["hongzhong", "123m456p789s1m7z [555m]", "7z", "self-drawn"],
  ["hongzhong", "123m456p789s1m7z [555m]", "1m", "self-drawn"],
  ["hongzhong", "13m 456p 789s 11s 7z (2222m)", "7z", "discard"],
  ["hongzhong", "13m 456p 789s 11s 7z (4444m)", "3m", "discard"],
  ["hongzhong", "123m456p789s11s777z", "7z", "self-drawn"],
  ["riichi", "23m4m 567p 11s [789s] (5555z)", "4m", "discard"],
  ["riichi", "23m4m 567p 11s [789s] (5555z)", "2m", "self-drawn"],
  ["riichi", "111m222m333m44p [777z]", "3m", "discard"],
  ["riichi", "19m19p19s1234567z9s", "1m", "robbing-kong"],
  ["riichi", "22334455667788p", "8p", "self-drawn"],
  ["sichuan", "123m456m78m9m 11p [222p]", "9m", "discard"],
  ["sichuan", "11m [222m] [333m] [444m] (5555p)", "1m", "self-drawn"],
  ["sichuan", "123m456m789m11p222p", "2p", "discard"],
  ["changsha", "123m456p789s22m [345s]", "2m", "self-drawn"],
  ["changsha", "123m456p789s25m [345s]", "5m", "discard"],
  ["gb", "147m258p69s12345z*", "*", "self-drawn"],
  ["gb", "147m258p369s1234z5z", "5z", "discard"],
  ["gb", "123m456p789s55z [111z]", "1m", "robbing-kong"],
  ["taiwan", "123m456m789m123p11z [789s]", "1z", "self-drawn"],
  ["basic", "123m456p789s11z [222z]", "1z", "discard"],
  ["basic", "123345m 11z [789p] (1111s)", "3m", "self-drawn"],
];

/** Checks rules.win against the command's answer; the win, or null for an error. */
function expectSameWin(r, hand, winning, how, a) {
  if ("error" in a) {
    assert.throws(() => r.win(hand, winning, how), { name: "Error", message: a.error }, hand);
    return null;
  }
  const got = r.win(hand, winning, how);
  delete a.hand;
  if (a.truncated) {
    assert.equal(got.splits.length, a.total, hand);
    got.splits = got.splits.slice(0, a.splits.length);
    delete a.truncated;
    delete a.total;
  }
  assert.deepEqual(got, a, `${hand} ${winning} ${how}`);
  return got;
}

test("win: melds, kongs, jokers and special forms match the command", () => {
  let wins = 0;
  for (const [rules, hand, winning, how] of WIN_CASES) {
    const [a] = cli("check", rules, [hand], "--winning", winning, ...HOW_FLAGS[how]);
    const got = expectSameWin(new Rules(rules), hand, winning, how, a);
    wins += got && got.win ? 1 : 0;
  }
  assert.ok(wins >= 30, `${wins} wins`);
});

for (const rules of ["basic", "chinese", "hongzhong", "kawuxing", "riichi", "sichuan", "gb"]) {
  test(`${rules}: win of seeded hands matches the command`, () => {
    const { counts, jokers, n } = randomHands(5000 + rules.length, 400, [14, 11, 8], 2);
    const groups = new Map();
    const hows = Object.keys(HOW_FLAGS);
    for (let i = 0; i < n; i++) {
      const held = TILES.filter((_, k) => counts[i * KINDS + k] > 0);
      let winning;
      if (jokers[i] && (i % 3 === 0 || held.length === 0)) winning = "*";
      else if (held.length) winning = held[i % held.length];
      else continue;
      // A robbed kong's tile is natural and held once (the other three
      // are in the robbed pung): other claims rob nothing.
      const k = TILES.indexOf(winning);
      const robs = winning !== "*" && counts[i * KINDS + k] === 1;
      const how = hows[i % 3] === "robbing-kong" && !robs ? "discard" : hows[i % 3];
      const key = `${winning} ${how}`;
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(toMpsz(counts, jokers, i));
    }
    const r = new Rules(rules);
    let wins = 0;
    for (const [key, hands] of groups) {
      const [winning, how] = key.split(" ");
      cli("check", rules, hands, "--winning", winning, ...HOW_FLAGS[how]).forEach((a, i) => {
        const got = expectSameWin(r, hands[i], winning, how, a);
        wins += got && got.win ? 1 : 0;
      });
    }
    assert.ok(wins > 10, `${wins} wins`);
  });
}
