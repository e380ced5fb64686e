// Rules.score reads its claim as the library's one reader does, in every
// binding (issue 49): the object's own fields one level deep, each by its
// type, unknown fields refused, each item of an indicator list one tile, a
// size limit; a non-string hand is a TypeError; and after any refused
// input, the module still answers the next good claim exactly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

import { Rules, parseHand } from "hupai";
import { PKG } from "./common.mjs";

const HAND = "234567m234p67888s";

/** The next good claim, on the rules given and on new rules: 2,900 (pinfu tanyao), 5,800 with riichi. */
function assertStillAnswers(rules) {
  for (const r of [rules, new Rules("riichi")]) {
    assert.deepEqual(r.score(HAND, { winning: "8s" }).points, { total: 2900, discard: 2900 });
    assert.deepEqual(r.score(HAND, { winning: "8s", riichi: true }).points, { total: 5800, discard: 5800 });
    assert.equal(r.isWin("234567m234p67888s8s".slice(0, 17)), true);
  }
}

test("deeply nested indicators are refused and the module survives", () => {
  const riichi = new Rules("riichi");
  const deep = JSON.parse('{"winning":"8s","dora":' + "[".repeat(6000) + "]".repeat(6000) + "}");
  for (let i = 0; i < 3; i++) {
    assert.throws(
      () => riichi.score(HAND, deep),
      (e) => e instanceof TypeError && e.message.startsWith("dora takes tiles: a string, or a list of one-tile strings"),
    );
    assertStillAnswers(riichi);
  }
});

test("unknown claim fields are refused", () => {
  const riichi = new Rules("riichi");
  for (const name of ["seatWind", "riichiSticks", "uraDora", "Riichi"]) {
    assert.throws(
      () => riichi.score(HAND, { winning: "8s", [name]: name === "Riichi" ? true : "2z" }),
      (e) => e instanceof Error && e.message.startsWith(`"${name}" is not a claim field`),
    );
    assertStillAnswers(riichi);
  }
});

test("a flag takes only true or false, a count a whole number", () => {
  const riichi = new Rules("riichi");
  for (const value of ["false", "no", "0", [0], 0.5, 1, {}]) {
    assert.throws(
      () => riichi.score(HAND, { winning: "8s", riichi: value }),
      (e) => e instanceof TypeError && e.message.startsWith("riichi takes true or false, not "),
    );
    assertStillAnswers(riichi);
  }
  assert.throws(
    () => riichi.score(HAND, { winning: "8s", honba: true }),
    (e) => e instanceof TypeError && e.message.startsWith("honba takes a count"),
  );
  assert.throws(() => riichi.score(HAND, { winning: "8s", honba: 1.5 }), TypeError);
  assert.throws(() => riichi.score(HAND, { winning: "8s", honba: -1 }), (e) => e.message.includes("honba"));
  assert.equal(riichi.score(HAND, { winning: "8s", honba: 1 }).points.total, 3200);
  assertStillAnswers(riichi);
});

test("each item of an indicator list is one tile", () => {
  const riichi = new Rules("riichi");
  for (const dora of [["1", "2m"], ["3m", "", "7z"], ["3m7z"]]) {
    assert.throws(
      () => riichi.score(HAND, { winning: "8s", dora }),
      (e) => e instanceof Error && e.message.startsWith("dora: "),
    );
    assertStillAnswers(riichi);
  }
  for (const dora of [["3m"], ["3m", "7z"], "3m7z"]) {
    assert.equal(riichi.score(HAND, { winning: "8s", dora }).points.total, 5800);
  }
});

test("a claim that is not an object is a TypeError", () => {
  const riichi = new Rules("riichi");
  for (const claim of ['{"winning":"8s"}', 8, true, ["8s"]]) {
    assert.throws(
      () => riichi.score(HAND, claim),
      (e) => e instanceof TypeError && e.message.startsWith("a claim is an object of its fields, not "),
    );
    assertStillAnswers(riichi);
  }
});

test("a claim text longer than the limit is refused", () => {
  const riichi = new Rules("riichi");
  assert.throws(
    () => riichi.score(" ".repeat(50_000_000) + HAND, { winning: "8s" }),
    (e) => e instanceof Error && e.message.startsWith("hand: 50000017 bytes, longer than 4096"),
  );
  assertStillAnswers(riichi);
});

test("a hand that is not a string is a TypeError, and the module goes on", () => {
  const riichi = new Rules("riichi");
  const calls = [
    () => riichi.score(234567, { winning: "8s" }),
    () => riichi.isWin(12345),
    () => riichi.waits({}),
    () => riichi.shanten(null),
    () => riichi.check([1]),
    () => riichi.split(7),
    () => riichi.reveal(undefined),
    () => riichi.efficiency(HAND, 5),
    () => riichi.win(HAND, 8),
    () => riichi.win(HAND, "8s", 1),
    () => parseHand(12),
  ];
  for (const call of calls) {
    assert.throws(call, TypeError);
    assertStillAnswers(riichi);
  }
});

test("the declarations give score and reveal each its own doc comment", () => {
  const dts = readFileSync(path.join(PKG, "hupai_wasm.d.ts"), "utf8");
  const docOf = (method) => {
    const at = dts.indexOf(`  ${method}(`);
    assert.ok(at > 0, method);
    const before = dts.slice(0, at);
    return before.slice(before.lastIndexOf("/**"));
  };
  assert.match(docOf("score"), /Scores a claim/);
  assert.doesNotMatch(docOf("score"), /fewest tiles/);
  assert.match(docOf("reveal"), /fewest tiles/);
});
