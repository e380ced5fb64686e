// A CommonJS script using the installed package through require(), which
// loads an ES module on Node 20.19 or later and 22.12 or later (the package
// has no top-level await on Node): node check.cjs
const { Rules } = require("hupai");

const rules = new Rules("riichi");
console.log(rules.shanten("147m258p369s1234z")); // 6
console.log(rules.isWin("123m456p789s11122z")); // true
rules.free();
