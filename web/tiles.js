// The tile pictures: SVG drawn by code for the 34 kinds, a red five, a
// joker and a back, readable from 24 to 64 px high (thick strokes, no
// text but Latin digits and letters, so no font with Chinese characters is
// needed). Every picture carries its Unicode mahjong character as the
// fallback text (<title>, and the element's text for a browser without
// SVG) and a name for screen readers (aria-label, "5 of circles").

const SVG_NS = "http://www.w3.org/2000/svg";
const W = 30;
const H = 40;

const SUIT_NAMES = { m: "characters", p: "circles", s: "bamboo" };
const HONOR_NAMES = ["east wind", "south wind", "west wind", "north wind", "white dragon", "green dragon", "red dragon"];
const WIND_LETTERS = ["E", "S", "W", "N"];
// Unicode's first character of each suit (U+1F007 one of characters, ...).
const SUIT_FIRST = { m: 0x1f007, s: 0x1f010, p: 0x1f019 };
const HONOR_CHARS = [0x1f000, 0x1f001, 0x1f002, 0x1f003, 0x1f006, 0x1f005, 0x1f004];
const JOKER_CHAR = 0x1f02a;
const BACK_CHAR = 0x1f02b;

const BLUE = "#1f4e9c";
const GREEN = "#17803d";
const RED = "#c62828";
const INK = "#1b1b1b";

/** A tile code as the library writes one: "5m", "0p" (a red five), "7z", "*" (a joker), or "back". */
export function describe(code) {
  if (code === "*") return { name: "joker", char: JOKER_CHAR };
  if (code === "back") return { name: "tile back", char: BACK_CHAR };
  const m = /^([0-9])([mpsz])$/.exec(code);
  if (!m) return null;
  const rank = Number(m[1]);
  const suit = m[2];
  if (suit === "z") {
    if (rank < 1 || rank > 7) return null;
    return { name: HONOR_NAMES[rank - 1], char: HONOR_CHARS[rank - 1], honor: rank };
  }
  const red = rank === 0;
  const r = red ? 5 : rank;
  return { name: `${red ? "red " : ""}${r} of ${SUIT_NAMES[suit]}`, char: SUIT_FIRST[suit] + r - 1, suit, rank: r, red };
}

/** The Unicode mahjong character of a tile code ("🀝" for "5p"), or the code itself. */
export function unicodeOf(code) {
  const d = describe(code);
  return d ? String.fromCodePoint(d.char) : code;
}

/** The screen-reader name of a tile code ("5 of circles"). */
export function nameOf(code) {
  return describe(code)?.name ?? code;
}

// ---- the drawing: strings of SVG elements in a 30 × 40 box ----

const circle = (x, y, r, color) =>
  `<circle cx="${x}" cy="${y}" r="${r}" fill="${color}"/>` +
  `<circle cx="${x}" cy="${y}" r="${(r * 0.62).toFixed(2)}" fill="#fffdf5"/>` +
  `<circle cx="${x}" cy="${y}" r="${(r * 0.3).toFixed(2)}" fill="${color}"/>`;

const stick = (x, y, h, color) =>
  `<rect x="${x - 1.8}" y="${y - h / 2}" width="3.6" height="${h}" rx="1.6" fill="${color}"/>` +
  `<line x1="${x - 1.8}" x2="${x + 1.8}" y1="${y}" y2="${y}" stroke="#fffdf5" stroke-width="0.9"/>`;

// The circles of each rank: [x, y, radius, red?].
const CIRCLES = {
  1: [[15, 20, 10]],
  2: [[15, 11.5, 6], [15, 28.5, 6]],
  3: [[8, 9.5, 5], [15, 20, 5, 1], [22, 30.5, 5]],
  4: [[9, 12.5, 5], [21, 12.5, 5], [9, 27.5, 5], [21, 27.5, 5]],
  5: [[8.5, 10, 4.6], [21.5, 10, 4.6], [15, 20, 4.6, 1], [8.5, 30, 4.6], [21.5, 30, 4.6]],
  6: [[9, 9, 4.3], [21, 9, 4.3], [9, 21, 4.3, 1], [21, 21, 4.3, 1], [9, 31, 4.3, 1], [21, 31, 4.3, 1]],
  7: [[7, 7.5, 3.6], [15, 10.5, 3.6], [23, 13.5, 3.6], [9, 23, 3.8, 1], [21, 23, 3.8, 1], [9, 32, 3.8, 1], [21, 32, 3.8, 1]],
  8: [[9, 7.5, 3.7], [21, 7.5, 3.7], [9, 15.8, 3.7], [21, 15.8, 3.7], [9, 24.2, 3.7], [21, 24.2, 3.7], [9, 32.5, 3.7], [21, 32.5, 3.7]],
  9: [[7.5, 9, 3.6], [15, 9, 3.6], [22.5, 9, 3.6], [7.5, 20, 3.6, 1], [15, 20, 3.6, 1], [22.5, 20, 3.6, 1], [7.5, 31, 3.6], [15, 31, 3.6], [22.5, 31, 3.6]],
};

// The sticks of each rank: [x, y, height, red?].
const STICKS = {
  2: [[15, 12, 12], [15, 28, 12]],
  3: [[15, 12, 12], [9, 28, 12], [21, 28, 12]],
  4: [[9, 12, 12], [21, 12, 12], [9, 28, 12], [21, 28, 12]],
  5: [[8, 12, 12], [22, 12, 12], [15, 20, 12, 1], [8, 28, 12], [22, 28, 12]],
  6: [[8, 12, 12], [15, 12, 12], [22, 12, 12], [8, 28, 12], [15, 28, 12], [22, 28, 12]],
  7: [[15, 8, 9, 1], [8, 20, 9], [15, 20, 9], [22, 20, 9], [8, 32, 9], [15, 32, 9], [22, 32, 9]],
  8: [[6, 12, 12], [12, 12, 12], [18, 12, 12], [24, 12, 12], [6, 28, 12], [12, 28, 12], [18, 28, 12], [24, 28, 12]],
  9: [[8, 8, 9], [15, 8, 9, 1], [22, 8, 9], [8, 20, 9], [15, 20, 9, 1], [22, 20, 9], [8, 32, 9], [15, 32, 9, 1], [22, 32, 9]],
};

function circlesFace(rank, red) {
  return CIRCLES[rank]
    .map(([x, y, r, accent]) => circle(x, y, r, red || accent ? RED : rank === 1 ? GREEN : BLUE))
    .join("");
}

function bambooFace(rank, red) {
  if (rank === 1) {
    // The one of bamboo: one tall stick under a red bird's head.
    return `${stick(15, 23, 24, red ? RED : GREEN)}<circle cx="15" cy="8" r="4" fill="${RED}"/>` +
      `<path d="M18.5 8 L23 6.5 L19 10 Z" fill="${INK}"/>`;
  }
  return STICKS[rank].map(([x, y, h, accent]) => stick(x, y, h, red || accent ? RED : GREEN)).join("");
}

// 万 in three strokes, under the rank.
const WAN =
  `<path d="M6 23.5 H24" stroke="${RED}" stroke-width="2.6" stroke-linecap="round" fill="none"/>` +
  `<path d="M13 23.5 Q12.5 31 6.5 36" stroke="${RED}" stroke-width="2.6" stroke-linecap="round" fill="none"/>` +
  `<path d="M12.8 28.5 H22 Q22.5 34 18 36" stroke="${RED}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round" fill="none"/>`;

function charactersFace(rank, red) {
  return `<text x="15" y="18" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" ` +
    `font-weight="bold" font-size="17" fill="${red ? RED : BLUE}">${rank}</text>${WAN}`;
}

function honorFace(honor) {
  if (honor <= 4) {
    return `<text x="15" y="28.5" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif" ` +
      `font-weight="bold" font-size="22" fill="${INK}">${WIND_LETTERS[honor - 1]}</text>`;
  }
  if (honor === 5) {
    // White: an empty blue frame.
    return `<rect x="7" y="8" width="16" height="24" rx="1.5" fill="none" stroke="${BLUE}" stroke-width="2.4"/>`;
  }
  if (honor === 6) {
    // Green: 发's strokes, simplified (a falling stroke, a bar, a hooked sweep and a dot).
    return `<g stroke="${GREEN}" stroke-width="2.8" stroke-linecap="round" stroke-linejoin="round" fill="none">` +
      `<path d="M7 16 H23"/><path d="M14 8 Q13 26 6 34"/><path d="M13 22 H21 Q19 30 11 34"/>` +
      `<path d="M14 26 Q19 31 24 34"/><path d="M19.5 8.5 L22 11.5"/></g>`;
  }
  // Red: 中, a box and a bar through it.
  return `<g stroke="${RED}" stroke-width="3" stroke-linecap="round" fill="none">` +
    `<rect x="7.5" y="13" width="15" height="11" rx="1"/><path d="M15 6 V35"/></g>`;
}

function jokerFace() {
  const points = [];
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const r = i % 2 ? 4.6 : 11;
    points.push(`${(15 + r * Math.cos(a)).toFixed(2)},${(20 + r * Math.sin(a)).toFixed(2)}`);
  }
  return `<polygon points="${points.join(" ")}" fill="#e0a800" stroke="#7a4f00" stroke-width="1.2" stroke-linejoin="round"/>`;
}

/** The SVG markup of a tile code ("5m", "0p", "7z", "*", "back"), `size` px high. */
export function tileSvg(code, size = 40) {
  const d = describe(code);
  if (!d) return null;
  let face;
  let body = "#fffdf5";
  if (code === "back") {
    body = "#1f7a5a";
    face = `<rect x="4.5" y="4.5" width="21" height="31" rx="2" fill="none" stroke="#a7e0c5" stroke-width="1.2"/>`;
  } else if (code === "*") {
    face = jokerFace();
  } else if (d.honor) {
    face = honorFace(d.honor);
  } else if (d.suit === "p") {
    face = circlesFace(d.rank, d.red);
  } else if (d.suit === "s") {
    face = bambooFace(d.rank, d.red);
  } else {
    face = charactersFace(d.rank, d.red);
  }
  const width = ((size * W) / H).toFixed(1);
  const char = String.fromCodePoint(d.char);
  return `<svg xmlns="${SVG_NS}" viewBox="0 0 ${W} ${H}" width="${width}" height="${size}" role="img" ` +
    `aria-label="${d.name}"><title>${char} ${d.name}</title>` +
    `<rect x="0.6" y="0.6" width="${W - 1.2}" height="${H - 1.2}" rx="3.5" fill="${body}" stroke="#8a8170" stroke-width="1.2"/>` +
    `${face}</svg>`;
}

/** A tile as an element: its picture, named for screen readers, with its
 *  Unicode character as the alt text (and the text where SVG is not shown). */
export function tileElement(code, size = 40) {
  const span = document.createElement("span");
  span.className = "tile";
  span.dataset.tile = code;
  const svg = tileSvg(code, size);
  if (svg) {
    span.innerHTML = svg;
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", nameOf(code));
    span.title = `${unicodeOf(code)} ${nameOf(code)}`;
  } else {
    span.textContent = code;
  }
  return span;
}

/** The tiles of a group or hand in canonical mpsz as the library writes it
 *  ("123m", "55z", "**", "[234s]", "(2222p)", "0m"): the codes, and whether
 *  the group is a declared meld ("open" in brackets, "concealed" in
 *  parentheses). */
export function tilesOf(text) {
  let meld = null;
  let t = text.trim();
  if (/^\[.*\+?\]$/.test(t)) meld = "open";
  else if (/^\(.*\)$/.test(t)) meld = "concealed";
  t = t.replace(/[[\]()+]/g, "");
  const codes = [];
  let digits = [];
  for (const c of t) {
    if (c >= "0" && c <= "9") digits.push(c);
    else if ("mpsz".includes(c)) {
      for (const d of digits) codes.push(d + c);
      digits = [];
    } else if (c === "*") codes.push("*");
  }
  return { codes, meld };
}

/** Every kind of the standard set in tile order (1m ... 7z), for the palette and the tests. */
export const ALL_KINDS = [..."mps"].flatMap((s) => [1, 2, 3, 4, 5, 6, 7, 8, 9].map((r) => `${r}${s}`))
  .concat([1, 2, 3, 4, 5, 6, 7].map((r) => `${r}z`));
