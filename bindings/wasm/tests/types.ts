// Compiled by `tsc -p tsconfig.json` (no output): the package's
// declarations, found through package.json's "exports", type the calls a
// TypeScript project makes, and reject wrong ones.
import { Rules, maskToTiles, parseHand, type Reveal, type Split, type Win } from "hupai";

const rules: Rules = new Rules("chinese");
const win: boolean = rules.isWin("123m456p789s11122z");
const forms: string[] = rules.check("11223344556677m");
const waits: string[] = rules.waits("1112345678999m");
const splits: Split[] = rules.split("123m456p789s11122z", 10);
const groups: string[] = splits[0].groups;
const shown: Reveal = rules.reveal("123m456p789s1z");
const hidden: string | null = shown.hiddenForm;
const { counts, jokers }: { counts: Uint8Array; jokers: number } = parseHand("123m*");
const answers: Uint8Array = rules.isWinBatch(counts, Uint8Array.of(jokers));
const masks: BigUint64Array = rules.waitsBatch(counts, Uint8Array.of(jokers));
const tiles: string[] = maskToTiles(masks[0]);
const name: string = rules.name;
const won: Win = rules.win("46s5s 123p 55z [789m] (1111z)", "5s", "self-drawn");
const shape: string = won.splits[0].completions[0].shape;
const claimed: Win = rules.win("46s5s 123p 55z [789m] (1111z)", "5s");

// @ts-expect-error: a hand is a string, not counts
rules.isWin(counts);
// @ts-expect-error: waitsBatch answers masks, not flags
const wrong: Uint8Array = rules.waitsBatch(counts, Uint8Array.of(jokers));
// @ts-expect-error: the winning tile is a string, not a tile index
rules.win("46s5s 123p 55z [789m] (1111z)", 22);

export { win, forms, waits, groups, hidden, answers, tiles, name, wrong, won, shape, claimed };
