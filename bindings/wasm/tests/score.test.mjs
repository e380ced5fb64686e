// Rules.score: the object of `hupai score --json`, the claim's fields as an
// object, an Error naming the conflict.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Rules } from "hupai";
import { cli } from "./common.mjs";

test("score returns the CLI's object", () => {
  const riichi = new Rules("riichi");
  const s = riichi.score("234567m234p67888s", { winning: "8s", how: "self-drawn", riichi: true });
  assert.equal(s.hand, "234567m234p67888s");
  assert.equal(s.legal, true);
  assert.equal(s.han, 4);
  assert.equal(s.fu, 20);
  assert.deepEqual(s.points, { total: 7800, others: 2600 });
  assert.deepEqual(s.yaku.map((y) => y.name), ["menzen_tsumo", "riichi", "pinfu", "tanyao"]);
  const none = riichi.score("123m55z [789s] [777p] [123s]", { winning: "1m" });
  assert.equal(none.legal, false);
  assert.equal(none.reason, "no_yaku");
});

test("score throws an Error naming the conflict", () => {
  const riichi = new Rules("riichi");
  assert.throws(
    () => riichi.score("123m55z [789s] [777p] [123s]", { winning: "1m", riichi: true }),
    (e) => e instanceof Error && e.message.includes("riichi with the open meld"),
  );
  assert.throws(
    () => new Rules("chinese").score("123m456p789s234s55p", { winning: "4s" }),
    (e) => e instanceof Error && e.message.includes("[scoring]"),
  );
});

test("score under GB returns the fans with both names", () => {
  const gb = new Rules("gb");
  const s = gb.score("123456789m234s11z", { winning: "1z", how: "self-drawn", flowers: 2 });
  assert.equal(s.legal, true);
  assert.deepEqual(s.points, { total: 24, fans: 22 });
  assert.deepEqual(s.fans[0], { name: "Pure Straight", name_zh: "清龙", points: 16, count: 1 });
  const low = gb.score("234m567p789s11z [345s]", { winning: "1z" });
  assert.equal(low.legal, false);
  assert.equal(low.reason, "under_8_points");
});

test("score under a fan table returns the CLI's object", () => {
  // Two jokers (7z under hongzhong) and the claim flag kong_discard under sichuan.
  const claims = [
    ["hongzhong", "111222333456m77z", { winning: "6m", how: "self-drawn" }],
    ["sichuan", "111222333m55577p", { winning: "7p", kong_discard: true }],
  ];
  for (const [preset, hand, claim] of claims) {
    const s = new Rules(preset).score(hand, claim);
    const [expected] = cli("score", preset, [JSON.stringify({ hand, ...claim })]);
    assert.deepEqual(s, expected);
  }
  const jokers = new Rules("hongzhong").score("111222333456m77z", { winning: "6m", how: "self-drawn" });
  assert.deepEqual(jokers.jokers, ["1m", "1m"]);
  assert.deepEqual(jokers.fans.map((f) => f.id), ["one_suit"]);
  const kong = new Rules("sichuan").score("111222333m55577p", { winning: "7p", kong_discard: true });
  assert.deepEqual(kong.fans.map((f) => f.id), ["all_pungs", "kong_discard"]);
  assert.deepEqual([kong.fan, kong.fan_capped, kong.points.total], [2, 2, 4]);
});

test("score under a fan table refuses a field the table does not read", () => {
  const sichuan = new Rules("sichuan");
  assert.throws(
    () => sichuan.score("111222333m55577p", { winning: "7p", riichi: true }),
    (e) => e instanceof Error && e.message.includes("riichi is not a fans claim field"),
  );
  assert.throws(
    () => sichuan.score("111222333m55577p", { winning: "7p", kong_discard: "yes" }),
    (e) => e instanceof TypeError && e.message.includes("kong_discard"),
  );
});
