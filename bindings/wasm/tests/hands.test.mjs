// The package in Node against the library: the seed examples, and seeded
// hands under every preset compared with the Rust command's answers
// (`hupai check|waits|split|reveal --json`), one call at a time and in
// batches. Run with `node --test` after bindings/wasm/build.sh and
// `npm ci` here (which installs ../pkg as the package `hupai`).
import { test } from "node:test";
import assert from "node:assert/strict";

import { Rules, maskToTiles, parseHand } from "hupai";
import { KINDS, PRESETS, cli, randomHands, seedExamples, toMpsz } from "./common.mjs";

const INVALID_WIN = 255;
const INVALID_WAITS = 0xffffffffffffffffn;

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
      const [mask] = r.waitsBatch(counts, Uint8Array.of(jokers));
      assert.deepEqual(maskToTiles(mask), want, hand);
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
    assert.ok(batch instanceof Uint8Array);
    let wins = 0;
    for (let i = 0; i < n; i++) {
      const a = answers[i];
      if ("error" in a) {
        assert.equal(batch[i], INVALID_WIN, hands[i]);
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
    const masks = r.waitsBatch(counts, jokers);
    assert.ok(masks instanceof BigUint64Array);
    let ready = 0;
    for (let i = 0; i < n; i++) {
      const a = answers[i];
      if ("error" in a) {
        assert.equal(masks[i], INVALID_WAITS, hands[i]);
        assert.throws(() => r.waits(hands[i]), { message: a.error }, hands[i]);
      } else {
        assert.deepEqual(r.waits(hands[i]), a.waits, hands[i]);
        assert.deepEqual(maskToTiles(masks[i]), a.waits, hands[i]);
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
        const got = r.reveal(readyHands[i]);
        assert.equal(got.tiles, a.reveal, readyHands[i]);
        assert.deepEqual(got.waits, a.waits, readyHands[i]);
        assert.ok(got.hiddenForm === null || typeof got.hiddenForm === "string");
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
    const batch = r.shantenBatch(counts, jokers);
    assert.ok(batch instanceof Int8Array);
    answers.forEach((a, i) => {
      if ("error" in a) {
        assert.equal(batch[i], -2, hands[i]);
        assert.throws(() => r.shanten(hands[i]), { message: a.error }, hands[i]);
      } else {
        assert.equal(r.shanten(hands[i]), a.shanten, hands[i]);
        assert.equal(batch[i], a.shanten, hands[i]);
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
