// The browser and bundler entry: fetches and compiles hupai_wasm_bg.wasm
// (next to this file, found through import.meta.url) before the module's
// importers run, so `Rules` is usable as soon as the import resolves.
// Needs top-level await (every current browser; bundlers targeting es2022).
import { installArgumentChecks, parseHandChecked } from "./arguments.js";
import { installFastCalls } from "./fast_calls.js";
import init, { statusCodes } from "./hupai_wasm.js";

installFastCalls(await init());
installArgumentChecks();

export * from "./hupai_wasm.js";
/** Parses one hand into its 34 counts and joker count (a non-string hand is a TypeError). */
export { parseHandChecked as parseHand };
/** The status codes of a bad batch row (the library's table: the C header's HUPAI_E_*). */
export const Status = statusCodes();
