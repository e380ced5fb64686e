// The Node entry (package.json's "node" condition): compiles
// hupai_wasm_bg.wasm from the file next to this one, synchronously.
import { readFileSync } from "node:fs";
import { installArgumentChecks, parseHandChecked } from "./arguments.js";
import { installFastCalls } from "./fast_calls.js";
import { initSync, statusCodes } from "./hupai_wasm.js";

installFastCalls(initSync({ module: readFileSync(new URL("./hupai_wasm_bg.wasm", import.meta.url)) }));
installArgumentChecks();

export * from "./hupai_wasm.js";
/** Parses one hand into its 34 counts and joker count (a non-string hand is a TypeError). */
export { parseHandChecked as parseHand };
/** The status codes of a bad batch row (the library's table: the C header's HUPAI_E_*). */
export const Status = statusCodes();
