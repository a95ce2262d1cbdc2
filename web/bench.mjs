// The WebAssembly solver's speed on the work, beside the native one:
//   verdicts: msc deals 1-2000 by number (one session reused, as a worker does)
//   optimal:  the shortest solutions of data/msc-100.txt
// usage: node web/bench.mjs [--site DIR] [--pyramid PATH] [--rounds N] [--only node|chromium|native]
// Each round runs native (`pyramid stats --threads 1`), node and headless
// Chromium one after the other (alternating, for a shared machine), and
// prints each run's solver seconds (the searches' own clock, summed over
// the deals), wall seconds and positions searched; the positions must be the
// same everywhere (the same search). bench/web.md keeps the results.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const site = resolve(opt("--site", join(root, "build/web/site")));
const pyramid = resolve(opt("--pyramid", join(root, "build/pyramid")));
const rounds = +opt("--rounds", "3");
const only = opt("--only", "");
const SEEDS = 2000;
const deals100 = readFileSync(join(root, "data/msc-100.txt"), "utf8").split("\n")
  .filter((l) => l.trim() && !l.startsWith("#")).map((l) => l.trim().split(/\s+/).slice(0, 52).join(""));

// The work, as a function of an instantiated module: runs in node and, as
// its source text, in the page.
async function work(M, seeds, deals) {
  const handle = M._pyr_new();
  const call = (req) => {
    const text = JSON.stringify(req);
    const n = M.lengthBytesUTF8(text) + 1;
    const p = M._malloc(n);
    M.stringToUTF8(text, p, n);
    const a = JSON.parse(M.UTF8ToString(M._pyr_call(handle, p)));
    M._free(p);
    if (a.error) throw new Error(a.error);
    return a;
  };
  const out = {};
  let t = performance.now(), s = { deals: 0, wins: 0, states: 0, seconds: 0 };
  for (let i = 1; i <= seeds; i++) {
    const a = call({ op: "solve", rules: { variant: "msc" }, seed: String(i) });
    s.deals++; s.wins += a.verdict === "win"; s.states += a.states; s.seconds += a.seconds;
  }
  s.wall = (performance.now() - t) / 1000;
  out.verdicts = s;
  t = performance.now();
  s = { deals: 0, wins: 0, states: 0, seconds: 0, moves: 0 };
  for (const d of deals) {
    const a = call({ op: "solve", rules: { variant: "msc" }, deal: d, optimal: true });
    s.deals++; s.wins += a.verdict === "win"; s.states += a.states; s.seconds += a.seconds; s.moves += a.moves || 0;
  }
  s.wall = (performance.now() - t) / 1000;
  out.optimal = s;
  M._pyr_free(handle);
  return out;
}

async function inNode() {
  const require = createRequire(import.meta.url);
  const createPyramid = require(join(site, "pyramid-web.js"));
  const M = await createPyramid({ wasmBinary: readFileSync(join(site, "pyramid-web.wasm")) });
  return work(M, SEEDS, deals100);
}

async function inChromium() {
  const { Browser, serve } = await import(join(root, "tests/web/browser.mjs"));
  const server = await serve(site);
  const browser = await Browser.launch();
  try {
    const page = await browser.newPage(800, 600);
    await page.send("Page.navigate", { url: server.url + "index.html" });
    await page.waitFor("typeof createPyramid === 'function' && document.body && document.body.dataset.ready === '1'", 30000);
    return await page.eval(`(async () => { const M = await createPyramid({});
      return (${work.toString()})(M, ${SEEDS}, ${JSON.stringify(deals100)}); })()`);
  } finally {
    await browser.close();
    server.close();
  }
}

function native() {
  const run = (a) => {
    const t = performance.now();
    const d = JSON.parse(execFileSync(pyramid, ["stats", "--variant", "msc", "--threads", "1", "--quiet",
      "--format", "json", ...a], { encoding: "utf8", maxBuffer: 1 << 26 }));
    const s = d.summaries[0];
    return { deals: s.deals, wins: s.wins, states: s.states_total, seconds: s.seconds,
      moves: s.moves_mean ? Math.round(s.moves_mean * s.wins) : undefined, wall: (performance.now() - t) / 1000 };
  };
  const file = join(root, "build/web-bench-msc100.txt");
  execFileSync("sh", ["-c", `grep -v '^#' ${join(root, "data/msc-100.txt")} | grep . > ${file}`]);
  return { verdicts: run(["--seeds", "1-" + SEEDS]), optimal: run(["--deals-file", file, "--optimal"]) };
}

const runs = { native: [], node: [], chromium: [] };
const kinds = only ? [only] : ["native", "node", "chromium"];
for (let r = 1; r <= rounds; r++) {
  for (const k of kinds) {
    const res = k === "native" ? native() : k === "node" ? await inNode() : await inChromium();
    runs[k].push(res);
    for (const part of ["verdicts", "optimal"]) {
      const s = res[part];
      console.log(`round ${r} ${k.padEnd(8)} ${part.padEnd(8)} deals ${s.deals} wins ${s.wins} states ${s.states}` +
        ` solver ${s.seconds.toFixed(3)} s wall ${s.wall.toFixed(3)} s`);
    }
  }
}
// The median of each, and the ratios to native.
const median = (xs) => { const v = xs.slice().sort((a, b) => a - b); return v[Math.floor(v.length / 2)]; };
console.log("\nmedians over " + rounds + " rounds (solver seconds / wall seconds; ratio to native):");
for (const part of ["verdicts", "optimal"]) {
  const base = runs.native.length ? median(runs.native.map((x) => x[part].seconds)) : NaN;
  const baseWall = runs.native.length ? median(runs.native.map((x) => x[part].wall)) : NaN;
  for (const k of kinds) {
    const sec = median(runs[k].map((x) => x[part].seconds)), wall = median(runs[k].map((x) => x[part].wall));
    const states = new Set(runs[k].map((x) => x[part].states));
    console.log(`  ${part.padEnd(8)} ${k.padEnd(8)} ${sec.toFixed(3)} s / ${wall.toFixed(3)} s` +
      (k === "native" ? "" : `  x${(sec / base).toFixed(2)} / x${(wall / baseWall).toFixed(2)}`) +
      `  states ${[...states].join(",")}`);
  }
}
