// Single calls without allocation: `isWin(hand)` and `shanten(hand)` write
// an ASCII hand (mpsz, jokers, melds) into the module's scratch buffer and
// judge it in place, where wasm-bindgen's own call would allocate a copy of
// the string in the module and free it again. A hand that is not ASCII, is
// longer than the buffer, or is refused takes wasm-bindgen's call, which
// reads every notation and throws the error that names the problem.
import { Rules, scratchLength, scratchPointer } from "./hupai_wasm.js";

/** A refused hand on the fast path (the Rust side's `REFUSED`). */
const REFUSED = -2147483648;

export function installFastCalls(wasm) {
  const at = scratchPointer();
  const room = scratchLength();
  let bytes = new Uint8Array(wasm.memory.buffer, at, room);

  // Writes `hand` into the scratch buffer: its length, or -1 when it does
  // not fit or is not ASCII.
  const write = (hand) => {
    if (typeof hand !== "string" || hand.length > room) return -1;
    // A grown memory detaches the old view.
    if (bytes.buffer !== wasm.memory.buffer) bytes = new Uint8Array(wasm.memory.buffer, at, room);
    for (let i = 0; i < hand.length; i++) {
      const c = hand.charCodeAt(i);
      if (c > 127) return -1;
      bytes[i] = c;
    }
    return hand.length;
  };

  const isWin = Rules.prototype.isWin;
  Rules.prototype.isWin = function (hand) {
    const len = write(hand);
    const answer = len < 0 ? REFUSED : this.isWinScratch(len);
    return answer === REFUSED ? isWin.call(this, hand) : answer === 1;
  };

  const shanten = Rules.prototype.shanten;
  Rules.prototype.shanten = function (hand) {
    const len = write(hand);
    const answer = len < 0 ? REFUSED : this.shantenScratch(len);
    return answer === REFUSED ? shanten.call(this, hand) : answer;
  };
}
