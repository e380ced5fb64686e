// The string arguments of the package's calls, checked before
// wasm-bindgen's glue copies them into the module: a value that is not a
// string (a number, an object, null) is a TypeError naming the call and the
// argument, where the glue would read it as a string's length and address
// and break the module. Installed last, over the fast calls.
import { Rules, parseHand } from "./hupai_wasm.js";

/** How a value that is not a string is named in the error. */
function kind(value) {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Throws a TypeError unless `value` is a string (or, when `optional`, undefined or null). */
function checkText(call, name, value, optional) {
  if (typeof value === "string" || (optional && (value === undefined || value === null))) return;
  throw new TypeError(`${call}: ${name} must be a string, not ${kind(value)}`);
}

/** The string arguments of each method of Rules: [name, optional]. */
const RULES_TEXT_ARGUMENTS = {
  isWin: [["hand", false]],
  shanten: [["hand", false]],
  check: [["hand", false]],
  waits: [["hand", false]],
  split: [["hand", false]],
  reveal: [["hand", false]],
  score: [["hand", false]],
  efficiency: [["hand", false], ["visible", true]],
  win: [["hand", false], ["winning", false], ["how", true]],
};

/** `call` with its string arguments checked first. */
function checked(name, call, texts) {
  return function (...args) {
    texts.forEach(([arg, optional], i) => checkText(name, arg, args[i], optional));
    return call.apply(this, args);
  };
}

export function installArgumentChecks() {
  for (const [method, texts] of Object.entries(RULES_TEXT_ARGUMENTS)) {
    Rules.prototype[method] = checked(method, Rules.prototype[method], texts);
  }
}

/** `parseHand` with its hand checked. */
export const parseHandChecked = checked("parseHand", parseHand, [["hand", false]]);
