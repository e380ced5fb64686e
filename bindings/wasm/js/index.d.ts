// The package's types: wasm-bindgen's declarations of Rules, Split, Reveal,
// Win, WinSplit, Completion, Draws, DiscardChoice, Efficiency, WaitsBatch,
// ShantenBatch, Claim, Score (RiichiScore, GbScore, FansScore), WaitValue,
// maskToTiles, parseHand and presetNames (the module is ready once
// imported: no init call), and the status codes of a bad batch row.
export { Rules, maskToTiles, parseHand, presetNames } from "./hupai_wasm.js";
export type {
  Split,
  Reveal,
  Win,
  WinSplit,
  Completion,
  Draws,
  DiscardChoice,
  Efficiency,
  WaitsBatch,
  ShantenBatch,
  Claim,
  Score,
  RiichiScore,
  GbScore,
  FansScore,
  WaitValue,
} from "./hupai_wasm.js";

/** Why a batch row could not be answered: the library's table of status codes (hupai::batch::Status,
 *  the C header's HUPAI_E_*), each negative; an answer or a status of 0 or more means the row was
 *  answered. Frozen. */
export declare const Status: Readonly<{
  /** A NULL pointer where a value is needed (the C ABI). */
  NULL: -1;
  /** A hand string that is not mahjong notation. */
  PARSE: -2;
  /** A string that is not UTF-8. */
  BAD_UTF8: -3;
  /** More than four copies of one tile. */
  TOO_MANY_COPIES: -4;
  /** More tiles (jokers included) than the rules allow. */
  TOO_MANY_TILES: -5;
  /** A hand of the wrong size: a win needs 3N+2 tiles, a wait 3N+1. */
  WRONG_SIZE: -6;
  /** A tile the rules do not play with. */
  TILE_NOT_IN_RULES: -7;
  /** Any other bad hand (a rank or tile code that names no tile, ...). */
  BAD_HAND: -8;
  /** Rules that cannot be made: an unknown preset, an unreadable or invalid rule file. */
  RULES: -9;
  /** A bad argument: a batch length too large to address, arrays of different lengths, a row that is not text. */
  ARGUMENT: -10;
  /** A panic inside hupai, caught at the boundary (a bug: please report it). */
  INTERNAL: -11;
}>;

/** A status code: one of `Status`'s values. */
export type StatusCode = (typeof Status)[keyof typeof Status];
