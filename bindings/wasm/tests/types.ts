// Compiled by `tsc -p tsconfig.json` (no output): the package's
// declarations, found through package.json's "exports", type the calls a
// TypeScript project makes, and reject wrong ones.
import { Rules, Status, maskToTiles, parseHand, presetNames, type FansScore, type Reveal, type Split, type StatusCode, type WaitValue, type Win } from "hupai";

const rules: Rules = new Rules("chinese");
const win: boolean = rules.isWin("123m456p789s11122z");
const forms: string[] = rules.check("11223344556677m");
const waits: string[] = rules.waits("1112345678999m");
const splits: Split[] = rules.split("123m456p789s11122z", 10);
const groups: string[] = splits[0].groups;
const shown: Reveal = rules.reveal("123m456p789s1z");
const hidden: string = shown.reveal;
const { counts, jokers }: { counts: Uint8Array; jokers: number } = parseHand("123m*");
const answers: Int8Array = rules.isWinBatch(counts, Uint8Array.of(jokers));
const { waits: masks, status }: { waits: BigUint64Array; status: Int8Array } = rules.waitsBatch(counts, Uint8Array.of(jokers));
const tiles: string[] = maskToTiles(masks[0]);
const distances: Int8Array = rules.shantenBatch(counts, Uint8Array.of(jokers)).shanten;
const code: StatusCode = Status.TOO_MANY_COPIES;
const bad: boolean = status[0] === Status.WRONG_SIZE;
const name: string = rules.name;
const won: Win = rules.win("46s5s 123p 55z [789m] (1111z)", "5s", "self-drawn");
const shape: string = won.splits[0].completions[0].shape;
const claimed: Win = rules.win("46s5s 123p 55z [789m] (1111z)", "5s");
// A claim's how as riichi players say it.
const tsumo = new Rules("riichi").score("234567m234p67888s", { winning: "8s", how: "tsumo" });
// The page's calls: the presets, the rules' kinds, and each wait's value.
const presets: string[] = presetNames();
const kinds: string[] = rules.tiles;
const scoring: boolean = rules.hasScoring;
const values: WaitValue[] = new Rules("riichi").waitValues("23m456p678s55p234s", { riichi: true, dora: "3m" });
const paid: number = values[0].discard.points.total;
// A fan table's score, told from the other families' by its own field.
const fanned = new Rules("sichuan").score("111222333m55577p", { winning: "7p", kong_discard: true, revealed: false });
const fanScore: FansScore | undefined = "fan_capped" in fanned ? fanned : undefined;
const jokersAs: string[] = fanScore ? fanScore.jokers : [];

// @ts-expect-error: a hand is a string, not counts
rules.isWin(counts);
// @ts-expect-error: waitsBatch answers masks and statuses, not flags
const wrong: Uint8Array = rules.waitsBatch(counts, Uint8Array.of(jokers));
// @ts-expect-error: Status is frozen
Status.PARSE = 0;
// @ts-expect-error: the winning tile is a string, not a tile index
rules.win("46s5s 123p 55z [789m] (1111z)", 22);
// @ts-expect-error: kong_discard is a flag, not a word
new Rules("sichuan").score("111222333m55577p", { winning: "7p", kong_discard: "yes" });

export { jokersAs, presets, kinds, scoring, values, paid, win, forms, waits, groups, hidden, answers, tiles, name, wrong, won, shape, claimed, tsumo, distances, code, bad };
