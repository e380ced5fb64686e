// The Node entry (package.json's "node" condition): compiles
// hupai_wasm_bg.wasm from the file next to this one, synchronously.
import { readFileSync } from "node:fs";
import { initSync } from "./hupai_wasm.js";

initSync({ module: readFileSync(new URL("./hupai_wasm_bg.wasm", import.meta.url)) });

export * from "./hupai_wasm.js";
