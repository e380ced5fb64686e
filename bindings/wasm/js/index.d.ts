// The package's types: wasm-bindgen's declarations of Rules, Split, Reveal,
// Win, WinSplit, Completion, maskToTiles and parseHand (the module is ready
// once imported: no init call).
export { Rules, maskToTiles, parseHand } from "./hupai_wasm.js";
export type { Split, Reveal, Win, WinSplit, Completion } from "./hupai_wasm.js";
