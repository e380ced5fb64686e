// The web build in headless Chromium (Debian's /usr/bin/chromium, driven by
// playwright-core): a page served from localhost imports the package the
// way a game client would, pre-checks a hand typed into a form, and judges
// the seed examples and seeded hands one at a time and in batches; the
// answers are compared with the Rust command's.
// CHROMIUM overrides the browser's path.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";

import { chromium } from "playwright-core";
import { parseHand } from "hupai";
import { PKG, PRESETS, cli, randomHands, seedExamples, toMpsz } from "./common.mjs";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TYPES = { ".html": "text/html", ".js": "text/javascript", ".wasm": "application/wasm", ".json": "application/json" };

let server, browser, page;
const served = [];

before(async () => {
  server = createServer(async (req, res) => {
    const url = new URL(req.url, "http://localhost");
    served.push(url.pathname);
    const file = url.pathname === "/" ? path.join(HERE, "page.html")
      : url.pathname.startsWith("/pkg/") ? path.join(PKG, path.normalize(url.pathname.slice(5)))
      : null;
    try {
      if (!file || !file.startsWith(PKG) && file !== path.join(HERE, "page.html")) throw new Error("not here");
      const body = await readFile(file);
      res.writeHead(200, { "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((ok) => server.listen(0, "127.0.0.1", ok));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e));
  await page.goto(`http://127.0.0.1:${server.address().port}/`);
  await page.locator("#answer", { hasText: "ready" }).waitFor({ timeout: 30_000 }).catch((e) => {
    throw new Error(`the page did not load the module: ${errors.join("; ") || e.message}`);
  });
});

after(async () => {
  await browser?.close();
  await new Promise((ok) => (server ? server.close(ok) : ok()));
});

test("the page loads the web build: index.js, the bindings and the .wasm", async () => {
  const ms = await page.evaluate(() => window.readyMs);
  console.log(`the page was ready ${ms.toFixed(0)} ms after navigation (module fetched, compiled, instantiated)`);
  for (const f of ["/pkg/index.js", "/pkg/hupai_wasm.js", "/pkg/hupai_wasm_bg.wasm"]) {
    assert.ok(served.includes(f), `${f} not requested: ${served}`);
  }
});

test("a client pre-checks a claimed win before sending it", async () => {
  const claim = async (hand, rules = "chinese") => {
    await page.fill("#hand", hand);
    await page.fill("#rules", rules);
    await page.click("button");
    return page.textContent("#answer");
  };
  assert.equal(await claim("88饼11万东东中混混混混混混混"), "win: standard seven-pairs (claim sent)");
  assert.equal(await claim("123m456p789s12345z"), "no win (claim not sent)");
  assert.equal(await claim("11111m"), "error: " + cli("check", "chinese", ["11111m"])[0].error);
  assert.equal(await claim("123m456p789s11122z", "sichuan"), "error: 1z is not used by the 'sichuan' rules");
});

test("seed examples in the browser", async () => {
  for (const [op, rules, hand, expected] of seedExamples()) {
    const { counts, jokers } = parseHand(hand); // by the Node build
    const got = await page.evaluate((arg) => window.judge(arg), {
      rules, op, hands: [hand], counts: [...counts], jokers: [jokers],
    });
    if (op === "check") {
      assert.equal(got.one[0].win, expected === "win", hand);
      assert.equal(got.batch[0], expected === "win" ? 1 : 0, hand);
    } else {
      const want = expected ? expected.split(" ") : [];
      assert.deepEqual(got.one[0].waits, want, hand);
      assert.deepEqual(got.batch[0], want, hand);
    }
  }
});

for (const [p, rules] of PRESETS.entries()) {
  test(`${rules}: seeded hands in the browser match the command`, async () => {
    for (const [op, seed, n, sizes] of [["check", 5000, 1000, [14, 14, 11]], ["waits", 6000, 500, [13, 13, 10]]]) {
      const { counts, jokers } = randomHands(seed + p, n, sizes);
      const hands = Array.from({ length: n }, (_, i) => toMpsz(counts, jokers, i));
      const answers = cli(op, rules, hands);
      const got = await page.evaluate((arg) => window.judge(arg), {
        rules, op, hands, counts: [...counts], jokers: [...jokers],
      });
      answers.forEach((a, i) => {
        if ("error" in a) {
          assert.deepEqual(got.one[i], { error: a.error }, hands[i]);
          assert.ok(got.batch[i] < 0 && got.batch[i] >= -11, hands[i]); // its status code
        } else if (op === "check") {
          assert.deepEqual(got.one[i], { forms: a.forms, win: a.win }, hands[i]);
          assert.equal(got.batch[i], a.win ? 1 : 0, hands[i]);
        } else {
          assert.deepEqual(got.one[i], { waits: a.waits }, hands[i]);
          assert.deepEqual(got.batch[i], a.waits, hands[i]);
        }
      });
    }
  });
}
