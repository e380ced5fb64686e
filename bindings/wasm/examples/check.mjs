// An ES module using the installed package (`npm install hupai-0.2.0.tgz`):
// node check.mjs
import { Rules } from "hupai";

const rules = new Rules("chinese");
console.log(rules.isWin("88饼11万东东中混混混混混混混")); // true
console.log(rules.waits("1112345678999m").join(" ")); // 1m 2m 3m 4m 5m 6m 7m 8m 9m
rules.free();
