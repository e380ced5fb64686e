// The page: reads the form (or the address), asks the WebAssembly package
// every question about the hand, and draws the answers as tiles. Every
// call into the library is caught and its message shown next to the input
// it is about; nothing is thrown to the console.
import { Rules, parseHand, presetNames } from "./pkg/index.js";
import { tileElement, tilesOf, nameOf } from "./tiles.js";

const $ = (id) => document.getElementById(id);
const form = $("input");
const handInput = $("hand");
const winningInput = $("winning");
const rulesSelect = $("rules");
const tomlInput = $("toml");
const answers = $("answers");

/** The state the address holds, and each field's default (left out of the address). */
const FIELDS = {
  hand: ["hand", ""],
  win: ["winning", ""],
  how: ["how", "discard"],
  rules: ["rules", "chinese"],
  toml: ["toml", ""],
  seat: ["seat", "1z"],
  round: ["round", "1z"],
  riichi: ["riichi", false],
  dora: ["dora", ""],
  flowers: ["flowers", "0"],
  ippatsu: ["ippatsu", false],
  kong: ["after-kong", false],
  last: ["last-tile", false],
  copy: ["last-copy", false],
};
const CUSTOM = "custom";

const KIND_CODES = [..."mpsz"].flatMap((s) => Array.from({ length: s === "z" ? 7 : 9 }, (_, i) => `${i + 1}${s}`));
const indexOf = (code) => KIND_CODES.indexOf(code.replace(/^0/, "5"));

// ---- the rules ----

const rulesCache = new Map();
/** The rules of the form: a preset, or the pasted rule file. `{rules}` or `{error}`. */
function currentRules() {
  const key = rulesSelect.value === CUSTOM ? tomlInput.value : rulesSelect.value;
  if (!rulesCache.has(key)) {
    try {
      rulesCache.set(key, { rules: new Rules(key) });
    } catch (e) {
      rulesCache.set(key, { error: messageOf(e) });
    }
  }
  return rulesCache.get(key);
}

const messageOf = (e) => (e instanceof Error ? e.message : String(e));

/** `f()`'s answer as `{value}`, or the library's message as `{error}`. */
function attempt(f) {
  try {
    return { value: f() };
  } catch (e) {
    return { error: messageOf(e) };
  }
}

// ---- the state and the address ----

function readForm() {
  const state = {};
  for (const [key, [id]] of Object.entries(FIELDS)) {
    const el = $(id);
    state[key] = el.type === "checkbox" ? el.checked : el.value;
  }
  if (state.rules !== CUSTOM) state.toml = "";
  return state;
}

function writeForm(state) {
  for (const [key, [id, fallback]] of Object.entries(FIELDS)) {
    const el = $(id);
    const value = state[key] ?? fallback;
    if (el.type === "checkbox") el.checked = value === true || value === "1";
    else el.value = value;
  }
  if (!rulesSelect.value) rulesSelect.value = FIELDS.rules[1];
}

function stateToQuery(state) {
  const q = new URLSearchParams();
  for (const [key, [, fallback]] of Object.entries(FIELDS)) {
    const value = state[key];
    if (value === fallback || value === undefined) continue;
    q.set(key, value === true ? "1" : value);
  }
  const s = q.toString();
  return s ? `?${s}` : location.pathname;
}

function queryToState(search) {
  const q = new URLSearchParams(search);
  const state = {};
  for (const key of Object.keys(FIELDS)) if (q.has(key)) state[key] = q.get(key);
  return state;
}

/** Keeps the form's state in the address. Typing makes one history entry
 *  and keeps it up to date (a draft); a commit (Enter, a click, a changed
 *  field) ends the draft, so the back button steps from hand to hand. */
function remember(commit) {
  const url = stateToQuery(readForm());
  const same = url === location.search || (url === location.pathname && !location.search);
  const draft = history.state?.draft === true;
  if (same) {
    if (commit && draft) history.replaceState({ draft: false }, "", url);
  } else if (draft) {
    history.replaceState({ draft: !commit }, "", url);
  } else {
    history.pushState({ draft: !commit }, "", url);
  }
}

// ---- drawing ----

const el = (tag, attrs = {}, ...children) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") e.className = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c);
  return e;
};

/** A group ("123m", "[234s]") as tiles; `note` under it (a wait shape). */
function groupElement(text, note, size = 36) {
  const { codes, meld } = tilesOf(text);
  const g = el("span", { class: `group${meld ? ` meld ${meld}` : ""}`, "data-group": text });
  for (const c of codes) g.append(tileElement(c, size));
  if (note) g.append(el("span", { class: "note" }, note));
  return g;
}

/** A tile with its unseen copies under it. */
function countedTile(code, copies, size = 32) {
  const t = el("span", { class: "counted", "data-tile": code, "data-copies": String(copies) });
  t.append(tileElement(code, size), el("span", { class: "copies", "aria-label": `${copies} left` }, `×${copies}`));
  return t;
}

function section(title, id) {
  const s = el("section", { class: "answer", id });
  s.append(el("h2", {}, title));
  answers.append(s);
  return s;
}

function errorLine(target, message) {
  target.append(el("p", { class: "error" }, message));
}

/** A score: riichi's han, fu, yaku and points, or GB's fans and points. */
function scoreElement(score) {
  const box = el("div", { class: "score" });
  if (!score.legal) {
    const why = { no_yaku: "no yaku", not_complete: "not a complete hand", under_8_points: `${score.points?.fans ?? 0} points: under 8` }[score.reason] ?? score.reason;
    box.append(el("p", { class: "verdict" }, `not a legal win: ${why}`));
    return box;
  }
  if ("han" in score) {
    const pay = score.points;
    const parts = [pay.discard && `${pay.discard} from the discarder`, pay.dealer && `${pay.dealer} from the dealer`, pay.others && `${pay.others} from each other player`].filter(Boolean);
    box.append(el("p", { class: "verdict" }, `${pay.total} points${parts.length ? ` (${parts.join(", ")})` : ""}`));
    box.append(el("p", {}, score.yakuman ? `yakuman ×${score.yakuman}` : `${score.han} han ${score.fu} fu${score.limit ? `, ${score.limit}` : ""}`));
    const list = el("ul", { class: "yaku" });
    for (const y of score.yaku) list.append(el("li", {}, `${y.name}: ${y.han} han`));
    box.append(list);
  } else {
    box.append(el("p", { class: "verdict" }, `${score.points.total} points (fans ${score.points.fans})`));
    const list = el("ul", { class: "yaku" });
    for (const f of score.fans) list.append(el("li", {}, `${f.name_zh} ${f.name}: ${f.points}${f.count > 1 ? ` ×${f.count}` : ""}`));
    box.append(list);
  }
  if (score.split) {
    const groups = el("div", { class: "tiles" });
    for (const g of score.split.groups) groups.append(groupElement(g, null, 28));
    box.append(groups);
  }
  return box;
}

/** A score in a few words, as `hupai waits --values` prints it. */
function shortScore(score) {
  if (score.legal) return String(score.points.total);
  if ("fans" in score) return `${score.points.fans} under 8`;
  return "no yaku";
}

/** The scoring family of rules with a `[scoring]` table ("riichi" or "gb"), or null. */
const families = new WeakMap();
function familyOf(rules) {
  if (!families.has(rules)) {
    families.set(rules, rules.hasScoring ? (/^family\s*=\s*"([a-z]+)"/m.exec(rules.toToml())?.[1] ?? null) : null);
  }
  return families.get(rules);
}

function claimOf(state, rules) {
  const claim = { seat_wind: state.seat, round_wind: state.round };
  const family = familyOf(rules);
  if (state.riichi && family === "riichi") claim.riichi = true;
  if (state.ippatsu && family === "riichi") claim.ippatsu = true;
  if (state.dora.trim() && family === "riichi") claim.dora = state.dora.trim();
  if (Number(state.flowers) > 0 && family === "gb") claim.flowers = Number(state.flowers);
  if (state.copy && family === "gb") claim.last_copy = true;
  if (state.kong) claim.after_kong = true;
  if (state.last) claim.last_tile = true;
  return claim;
}

// ---- the answers ----

/** Answers every question about the form's hand, under its rules, and draws the answers. */
function render() {
  const state = readForm();
  $("custom-box").hidden = state.rules !== CUSTOM;
  for (const id of ["hand-error", "winning-error", "rules-error", "claim-error"]) $(id).textContent = "";
  answers.replaceChildren();
  const handTiles = $("hand-tiles");
  handTiles.replaceChildren();

  const { rules, error: rulesError } = currentRules();
  if (rulesError) {
    $("rules-error").textContent = rulesError;
    renderPalette(null);
    return;
  }
  renderPalette(rules);
  const scoring = rules.hasScoring;
  $("claim-box").hidden = !scoring;
  const family = familyOf(rules);
  for (const e of document.querySelectorAll(".riichi-only")) e.hidden = family !== "riichi";
  for (const e of document.querySelectorAll(".gb-only")) e.hidden = family !== "gb";

  const hand = state.hand.trim();
  if (!hand) {
    answers.append(el("p", { id: "status" }, "Type a hand or click tiles."));
    return;
  }
  const parsed = attempt(() => parseHand(hand));
  if (parsed.error) {
    $("hand-error").textContent = parsed.error;
    return;
  }
  const { counts, jokers } = parsed.value;
  const jokerKinds = rules.jokerKinds;
  // The concealed tiles, each a button that makes it the winning tile.
  for (const code of codesOf(parsed.value)) {
    const b = el("button", { type: "button", class: pickClass(code, jokerKinds), "data-tile": code, "aria-label": `${nameOf(code)}${jokerNote(code, jokerKinds)}: make it the winning tile` });
    b.append(tileElement(code, 32));
    if (code === state.win.trim()) b.classList.add("chosen");
    handTiles.append(b);
  }
  // The declared melds: drawn apart, and their tiles are seen (no copy of them is left to draw).
  const seen = Uint8Array.from(counts);
  let size = counts.reduce((a, b) => a + b, 0) + jokers;
  for (const meld of declaredMelds(hand)) {
    const group = el("span", { class: `group meld ${meld.kind}` });
    for (const c of meld.codes) {
      group.append(tileElement(c, 32));
      if (c !== "*") seen[indexOf(c)] += 1;
    }
    handTiles.append(group);
    size += Math.min(meld.codes.length, 3); // a kong stands for three tiles of the hand's size
  }

  const shanten = attempt(() => rules.shanten(hand));
  if (shanten.error) {
    $("hand-error").textContent = shanten.error;
    return;
  }
  const n = shanten.value;
  const summary = section("Shanten", "shanten");
  summary.append(el("p", { class: "big", "data-shanten": String(n) },
    n < 0 ? "−1: a win" : n === 0 ? "0: ready (tenpai)" : `${n}: ${n} useful draw${n > 1 ? "s" : ""} from ready`));

  const unseen = (code) => Math.max(0, 4 - seen[indexOf(code)]);

  if (size % 3 === 2) renderWin(rules, state, hand, scoring);
  if (size % 3 === 1 && n === 0) renderReady(rules, state, hand, scoring, unseen);
  renderEfficiency(rules, hand, unseen);
}

function renderWin(rules, state, hand, scoring) {
  const box = section("Win", "win");
  const winning = state.win.trim();
  let forms;
  let splits;
  if (winning) {
    const won = attempt(() => rules.win(hand, winning, state.how));
    if (won.error) {
      $("winning-error").textContent = won.error;
      errorLine(box, won.error);
      return;
    }
    forms = won.value.forms;
    splits = won.value.splits;
    if (won.value.win) box.append(el("p", { class: "shapes" }, `wait shapes: ${won.value.shapes.join(", ")}`));
  } else {
    const checked = attempt(() => rules.check(hand));
    if (checked.error) return errorLine(box, checked.error);
    forms = checked.value;
    splits = forms.length ? attempt(() => rules.split(hand)).value ?? [] : [];
  }
  box.querySelector("h2").after(el("p", { class: "big verdict", "data-win": String(forms.length > 0) }, forms.length ? `win: ${forms.join(", ")}` : "no win"));
  if (!forms.length) return;
  const list = el("ol", { class: "splits" });
  for (const s of splits) {
    const notes = new Map((s.completions ?? []).map((c) => [c.group, c.shape]));
    const li = el("li", { class: "split" }, el("span", { class: "form" }, s.form));
    const groups = el("span", { class: "tiles" });
    s.groups.forEach((g, i) => groups.append(groupElement(g, notes.get(i))));
    li.append(groups);
    list.append(li);
  }
  box.append(el("p", {}, `${splits.length} split${splits.length === 1 ? "" : "s"}${winning ? "; under a group, the wait shape the winning tile completed in it" : " (give the winning tile for the wait shapes)"}`), list);

  if (!scoring) return;
  const scoreBox = section("Score", "score");
  if (!winning) return errorLine(scoreBox, "give the winning tile to score the claim");
  const claim = { ...claimOf(state, rules), winning, how: state.how };
  const scored = attempt(() => rules.score(hand, claim));
  if (scored.error) {
    $("claim-error").textContent = scored.error;
    return errorLine(scoreBox, scored.error);
  }
  scoreBox.append(scoreElement(scored.value));
}

function renderReady(rules, state, hand, scoring, unseen) {
  const waits = attempt(() => rules.waits(hand));
  const box = section("Waits", "waits");
  if (waits.error) return errorLine(box, waits.error);
  const tiles = el("div", { class: "tiles" });
  for (const w of waits.value) tiles.append(countedTile(w, unseen(w)));
  const total = waits.value.reduce((a, w) => a + unseen(w), 0);
  box.append(el("p", {}, `${waits.value.length} tile${waits.value.length === 1 ? "" : "s"}, ${total} copies left`), tiles);

  const reveal = attempt(() => rules.reveal(hand));
  const rbox = section("Reveal: the tiles a ready player shows", "reveal");
  if (reveal.error) errorLine(rbox, reveal.error);
  else {
    rbox.append(el("p", {}, "the fewest tiles to show so that every wait can be read from them:"));
    rbox.append(el("div", { class: "tiles", "data-reveal": reveal.value.reveal }, groupElement(reveal.value.reveal)));
  }

  if (!scoring) return;
  const values = attempt(() => rules.waitValues(hand, claimOf(state, rules)));
  const vbox = section("What each wait pays", "values");
  if (values.error) {
    $("claim-error").textContent = values.error;
    return errorLine(vbox, values.error);
  }
  const table = el("table", { class: "values" });
  table.append(el("thead", {}, el("tr", {}, el("th", {}, "wait"), el("th", {}, "on a discard"), el("th", {}, "self-drawn"))));
  const body = el("tbody");
  for (const v of values.value) {
    body.append(el("tr", { "data-tile": v.tile },
      el("td", {}, tileElement(v.tile, 32)),
      el("td", {}, shortScore(v.discard)),
      el("td", {}, shortScore(v.self_drawn))));
  }
  table.append(body);
  vbox.append(table);
}

function renderEfficiency(rules, hand, unseen) {
  const found = attempt(() => rules.efficiency(hand));
  const box = section("Efficiency: each discard and the draws after it (Tenhou's order: fewest shanten, then most tiles)", "efficiency");
  if (found.error) return errorLine(box, found.error);
  const e = found.value;
  const table = el("table", { class: "efficiency" });
  const body = el("tbody");
  const drawsCell = (tiles) => {
    const td = el("td", { class: "tiles" });
    for (const t of tiles) td.append(countedTile(t, unseen(t), 28));
    return td;
  };
  if ("discards" in e) {
    table.append(el("thead", {}, el("tr", {}, el("th", {}, "discard"), el("th", {}, "shanten"), el("th", {}, "tiles"), el("th", {}, "draws"))));
    for (const d of e.discards) {
      body.append(el("tr", { "data-discard": d.discard, "data-count": String(d.count), "data-draws": d.tiles.join(" ") },
        el("td", {}, tileElement(d.discard, 32)), el("td", {}, String(d.shanten)), el("td", {}, String(d.count)), drawsCell(d.tiles)));
    }
  } else {
    table.append(el("thead", {}, el("tr", {}, el("th", {}, "shanten"), el("th", {}, "tiles"), el("th", {}, "draws"))));
    body.append(el("tr", { "data-count": String(e.count), "data-draws": e.tiles.join(" ") },
      el("td", {}, String(e.shanten)), el("td", {}, String(e.count)), drawsCell(e.tiles)));
  }
  table.append(body);
  box.append(table);
}

/** A tile button's classes: a kind the rules make jokers (hongzhong's 7z) is marked. */
const pickClass = (code, jokerKinds) => (jokerKinds.includes(code) ? "pick joker-kind" : "pick");
/** What a tile's name adds for a kind the rules make jokers. */
const jokerNote = (code, jokerKinds) => (jokerKinds.includes(code) ? " (a joker under these rules)" : "");

/** The tile codes of a parsed hand (`parseHand`), in tile order: a five held red as "0m", jokers
 *  last as "*". */
function codesOf({ counts, jokers, redFives }) {
  const codes = [];
  counts.forEach((n, i) => {
    const code = KIND_CODES[i];
    const red = redFives.includes(code) ? 1 : 0;
    codes.push(...Array(red).fill(`0${code[1]}`), ...Array(n - red).fill(code));
  });
  codes.push(...Array(jokers).fill("*"));
  return codes;
}

/** The declared melds written after the concealed part ("[789s]", "(2222p)", in any notation):
 *  `{kind: "open" | "concealed", codes}`. The library has read the hand, so each reads. */
function declaredMelds(hand) {
  const melds = [];
  for (const m of hand.slice(meldStart(hand)).match(/[[【(（][^\]】)）]*[\]】)）]/g) ?? []) {
    const inside = attempt(() => parseHand(m.slice(1, -1).replace(/\+\s*$/, "")));
    if (inside.error) continue;
    const codes = codesOf(inside.value);
    melds.push({ kind: "[【".includes(m[0]) ? "open" : "concealed", codes });
  }
  return melds;
}

// ---- the palette ----

let paletteKey = null;
function renderPalette(rules) {
  const palette = $("palette");
  // Riichi counts red fives (aka dora): its palette offers them too.
  const extra = rules && familyOf(rules) === "riichi" ? ["0m", "0p", "0s"] : [];
  const key = rules ? rules.tiles.join("") + extra.join("") : "";
  if (key === paletteKey) return;
  paletteKey = key;
  palette.replaceChildren();
  if (!rules) return;
  const jokerKinds = rules.jokerKinds;
  for (const code of [...rules.tiles, ...extra, "*"]) {
    const b = el("button", { type: "button", class: pickClass(code, jokerKinds), "data-tile": code, "aria-label": `add ${nameOf(code)}${jokerNote(code, jokerKinds)}` });
    b.append(tileElement(code, 40));
    palette.append(b);
  }
}

/** Where a concealed tile goes: before the first declared meld. */
const meldStart = (text) => {
  const i = text.search(/[[(【（]/);
  return i < 0 ? text.length : i;
};

function addTile(code) {
  let text = handInput.value;
  if ($("meld").checked) {
    // Into the meld being built: the last bracket group, or a new one.
    if (/\[[^\]]*\]\s*$/.test(text) && meldOpen) text = text.replace(/\]\s*$/, `${code}]`);
    else text = `${text.trimEnd()} [${code}]`.trimStart();
    meldOpen = true;
  } else {
    const at = meldStart(text);
    const head = text.slice(0, at).trimEnd();
    const tail = text.slice(at);
    text = `${head}${code}${tail ? ` ${tail}` : ""}`;
  }
  handInput.value = text;
  update(true);
}

let meldOpen = false;

function removeLast() {
  // The last tile written: a tile code with its suit, a joker, or one character.
  let text = handInput.value.trimEnd();
  const at = meldStart(text);
  const concealed = text.slice(0, at).trimEnd();
  const tail = text.slice(at);
  const cut = (t) => {
    const m = /(\d)([mpsz])$/.exec(t);
    if (m) {
      const rest = t.slice(0, -2);
      // "123m" loses its 3 and keeps its suit.
      return /\d$/.test(rest) ? `${rest}${m[2]}` : rest;
    }
    return [...t].slice(0, -1).join("");
  };
  if (tail && $("meld").checked) text = `${concealed} ${tail.replace(/([^\]]*)\]$/, (_, inside) => `${cut(inside)}]`).replace(/\s*[[(]\]$/, "")}`.trim();
  else text = `${cut(concealed)}${tail ? ` ${tail}` : ""}`.trim();
  handInput.value = text;
  update(true);
}

// ---- wiring ----

function update(push) {
  render();
  remember(push);
}

function fillRules() {
  for (const name of presetNames()) rulesSelect.append(el("option", { value: name }, name));
  rulesSelect.append(el("option", { value: CUSTOM }, "a rule file (paste it)"));
}

fillRules();
writeForm(queryToState(location.search));
render();
window.firstAnswerMs = performance.now();
document.body.dataset.ready = "1";

form.addEventListener("submit", (e) => {
  e.preventDefault();
  update(true);
});
form.addEventListener("input", (e) => {
  if (e.target === $("meld")) meldOpen = false;
  update(false);
});
form.addEventListener("change", () => remember(true));
$("palette").addEventListener("click", (e) => {
  const b = e.target.closest("button.pick");
  if (b) addTile(b.dataset.tile);
});
$("hand-tiles").addEventListener("click", (e) => {
  const b = e.target.closest("button.pick");
  if (!b) return;
  winningInput.value = b.dataset.tile;
  update(true);
});
$("clear").addEventListener("click", () => {
  handInput.value = "";
  winningInput.value = "";
  meldOpen = false;
  update(true);
  handInput.focus();
});
$("back-one").addEventListener("click", removeLast);
window.addEventListener("popstate", () => {
  writeForm(queryToState(location.search));
  render();
});
