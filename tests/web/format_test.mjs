// The page's percentText (web/app.js) against the cases report/format.h's
// percent_text passes (tests/test_format.cpp reads the same file): one
// rounding rule for shares and chances on the CLI, in play and on the page
// (issue 37, item 6; issue 38, item 10). Needs node only, not the site.
//   node tests/web/format_test.mjs APP_JS CASES_JSON
import { readFileSync } from "node:fs";

const [appPath, casesPath] = process.argv.slice(2);
const app = readFileSync(appPath, "utf8");
const m = app.match(/\/\/ percentText:begin\n([\s\S]*?)\/\/ percentText:end/);
if (!m) {
  console.error("web/app.js has no percentText block");
  process.exit(1);
}
const percentText = new Function(m[1] + "\nreturn percentText;")();
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
let bad = 0;
for (const [x, digits, want] of cases) {
  const got = percentText(x, digits);
  if (got !== want) {
    console.error(`percentText(${x}, ${digits}) = ${got}, want ${want}`);
    ++bad;
  }
}
// The rule's promises over many values: never 100% below 1, never 0% above 0.
for (let i = 1; i < 100000; ++i) {
  for (const x of [i / 100000, 1 - i / 1e9, i / 1e9]) {
    const t = percentText(x, 1);
    if (t === "100.0%" || t === "0.0%") {
      console.error(`percentText(${x}) = ${t}`);
      ++bad;
    }
  }
}
// boundText (a proven bound, rounded outward) against report/format.h's
// bound_text cases (tests/data/bound-cases.json, beside CASES_JSON).
const b = app.match(/\/\/ boundText:begin\n([\s\S]*?)\/\/ boundText:end/);
if (!b) {
  console.error("web/app.js has no boundText block");
  process.exit(1);
}
const boundText = new Function(b[1] + "\nreturn boundText;")();
const boundCases = JSON.parse(readFileSync(casesPath.replace(/percent-cases\.json$/, "bound-cases.json"), "utf8"));
for (const [x, upper, want] of boundCases) {
  const got = boundText(x, upper);
  if (got !== want) {
    console.error(`boundText(${x}, ${upper}) = ${got}, want ${want}`);
    ++bad;
  }
}
if (bad) process.exit(1);
console.log(`percentText: ${cases.length} cases and the rule's ends hold; boundText: ${boundCases.length} cases`);
