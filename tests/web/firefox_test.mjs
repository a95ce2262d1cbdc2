// The web page in headless Firefox (Debian's firefox-esr): a smoke test that
// Gecko runs the WebAssembly module and its worker as Chromium does (ctest
// label `web`; tests/CMakeLists.txt). Firefox is driven over Marionette, its
// own remote protocol (a TCP socket on 127.0.0.1; messages are
// "LENGTH:JSON", commands [0, id, name, params] answered by [1, id, error,
// result]): no npm package, no geckodriver, no network.
//   node firefox_test.mjs --site DIR --pyramid PATH
// Loads deals by address and checks the verdict and the shortest length
// against `pyramid solve --optimal --format json` (a win, a loss with its
// reason), then a played move and the Fair hint's count of orders.
// Exit 77 (skipped) when firefox-esr or the site is missing.
import { execFileSync, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { percentText, requireSite, serve } from "./browser.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const site = opt("--site");
const pyramid = opt("--pyramid");
const FIREFOX = process.env.FIREFOX || "/usr/bin/firefox-esr";

if (!existsSync(FIREFOX)) {
  console.log("firefox-esr is not installed (scripts/setup --test installs it): skipped");
  process.exit(77);
}
requireSite(site);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Headless Firefox with a fresh profile; Marionette on a free port (port 0:
// Firefox writes the port it took to MarionetteActivePort in the profile).
class Firefox {
  static async launch() {
    const profile = mkdtempSync(join(tmpdir(), "pyramid-web-firefox."));
    writeFileSync(join(profile, "user.js"), [
      'user_pref("marionette.port", 0);',
      'user_pref("browser.shell.checkDefaultBrowser", false);',
      'user_pref("browser.startup.homepage_override.mstone", "ignore");',
      'user_pref("datareporting.policy.dataSubmissionEnabled", false);',
      'user_pref("toolkit.telemetry.reportingpolicy.firstRun", false);',
      'user_pref("app.update.disabledForTesting", true);',
      'user_pref("browser.region.network.url", "");',
      'user_pref("extensions.update.enabled", false);',
      'user_pref("network.captive-portal-service.enabled", false);',
      'user_pref("network.connectivity-service.enabled", false);',
      'user_pref("browser.safebrowsing.update.enabled", false);',
      'user_pref("services.settings.server", "http://127.0.0.1:1/");',
    ].join("\n") + "\n");
    const proc = spawn(FIREFOX, ["--headless", "--marionette", "--no-remote", "--profile", profile, "about:blank"],
      { stdio: ["ignore", "ignore", "pipe"], env: Object.assign({}, process.env, { MOZ_CRASHREPORTER_DISABLE: "1" }) });
    let stderr = "";
    proc.stderr.on("data", (d) => { stderr = (stderr + d).slice(-4000); });
    const f = new Firefox(proc, profile);
    const portFile = join(profile, "MarionetteActivePort");
    for (let i = 0; !existsSync(portFile) || !readFileSync(portFile, "utf8").trim(); i++) {
      if (proc.exitCode !== null || i > 1200) throw new Error("firefox did not start Marionette: " + stderr);
      await sleep(50);
    }
    await f.open(+readFileSync(portFile, "utf8").trim());
    await f.send("WebDriver:NewSession", { capabilities: { alwaysMatch: { pageLoadStrategy: "normal" } } });
    return f;
  }
  constructor(proc, profile) {
    this.proc = proc;
    this.profile = profile;
    this.next = 1;
    this.pending = new Map();
  }
  open(port) {
    return new Promise((resolve, reject) => {
      let buf = Buffer.alloc(0), hello = false;
      this.socket = connect(port, "127.0.0.1");
      this.socket.on("error", reject);
      this.socket.on("data", (chunk) => {
        buf = Buffer.concat([buf, chunk]);
        for (;;) {
          const colon = buf.indexOf(":".charCodeAt(0));
          if (colon < 0) break;
          const len = +buf.subarray(0, colon).toString();
          if (buf.length < colon + 1 + len) break;
          const msg = JSON.parse(buf.subarray(colon + 1, colon + 1 + len).toString("utf8"));
          buf = buf.subarray(colon + 1 + len);
          if (!hello) {  // {"applicationType": "gecko", "marionetteProtocol": 3}
            hello = true;
            resolve();
            continue;
          }
          const [, id, error, result] = msg;
          const p = this.pending.get(id);
          if (!p) continue;
          this.pending.delete(id);
          if (error) p.reject(new Error(p.name + ": " + (error.message || error.error || JSON.stringify(error))));
          else p.resolve(result);
        }
      });
    });
  }
  send(name, params = {}) {
    const id = this.next++;
    const text = JSON.stringify([0, id, name, params]);
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, name });
      this.socket.write(Buffer.byteLength(text) + ":" + text);
    });
  }
  // Evaluates an expression in the page; resolves to its value.
  async eval(expression) {
    const r = await this.send("WebDriver:ExecuteScript", { script: "return (" + expression + ");", args: [] });
    return r.value;
  }
  async waitFor(expression, timeout = 30000, what = expression) {
    const end = Date.now() + timeout;
    for (;;) {
      const v = await this.eval(expression);
      if (v) return v;
      if (Date.now() > end) throw new Error("timed out waiting for " + what);
      await sleep(50);
    }
  }
  async goto(url) {
    await this.send("WebDriver:Navigate", { url });
    await this.waitFor("document.body && document.body.dataset.ready === '1'", 60000, "the page to start");
    const hash = new URL(url).hash;
    if (hash) await this.waitFor(`document.body.dataset.opened === ${JSON.stringify(hash)}`, 30000, "the page to open " + hash);
  }
  async close() {
    try {
      await Promise.race([this.send("Marionette:Quit", { flags: ["eForceQuit"] }), sleep(3000)]);
    } catch { /* gone already */ }
    if (this.socket) this.socket.destroy();
    if (this.proc.exitCode === null) {
      const exited = new Promise((r) => this.proc.once("exit", r));
      this.proc.kill();
      await Promise.race([exited, sleep(3000)]);
    }
    try { rmSync(this.profile, { recursive: true, force: true }); } catch { /* firefox's last writes */ }
  }
}

let failures = 0;
const check = (ok, what) => {
  if (ok) console.log("ok: " + what);
  else { console.log("FAIL: " + what); failures++; }
};
const cli = (...a) => JSON.parse(execFileSync(pyramid, a, { encoding: "utf8" }));
const verdictSettled = `(() => { const v = document.getElementById("verdict").dataset.verdict;
  return v && v !== "running" && v !== "none" && v !== "shortening" ? v : ""; })()`;
const el = (id, what = "textContent") => `document.getElementById(${JSON.stringify(id)}).${what}`;

const server = await serve(site);
let firefox = null;
const timer = setTimeout(() => { console.log("FAIL: the test took over 240 s"); process.exit(1); }, 240000);
try {
  firefox = await Firefox.launch();
  const ua = await firefox.eval("navigator.userAgent");
  check(/Firefox\//.test(ua), "the browser is Firefox: " + ua);
  // A won deal and a lost one (with its reason), by address; the verdict of
  // each as `pyramid solve --optimal`.
  for (const [variant, seed] of [["msc", 1], ["msc", 12], ["pyramid", 3]]) {
    await firefox.goto(server.url + "#v=" + variant + "&seed=" + seed);
    const want = cli("solve", "--variant", variant, "--seed", String(seed), "--optimal", "--format", "json");
    const got = await firefox.waitFor(verdictSettled, 120000, "the verdict of " + variant + " " + seed);
    const moves = await firefox.eval(el("verdict", "dataset.moves"));
    const reason = await firefox.eval(el("verdict", "dataset.reason"));
    check(got === want.verdict && (want.verdict !== "win" || +moves === want.moves) &&
      (want.verdict !== "lose" || reason === (want.reason || "")),
      variant + " " + seed + ": " + await firefox.eval(el("verdict")) + " (pyramid solve: " + want.verdict +
      (want.verdict === "win" ? " in " + want.moves : "") + (want.reason ? ", " + want.reason : "") + ")");
  }
  // A move played by a click on the stock: the verdict of the new position.
  await firefox.goto(server.url + "#v=msc&seed=1");
  await firefox.waitFor(verdictSettled, 60000);
  await firefox.eval(`document.querySelector("#board [data-stock]").dispatchEvent(new MouseEvent("click", {bubbles: true}))`);
  await firefox.waitFor(`location.hash.includes("moves=draw")`, 30000, "the draw to be played");
  const after = cli("solve", "--variant", "msc", "--seed", "1", "--moves", "draw", "--optimal", "--format", "json");
  const v2 = await firefox.waitFor(verdictSettled, 60000);
  check(v2 === after.verdict && (after.verdict !== "win" || +(await firefox.eval(el("verdict", "dataset.moves"))) === after.moves),
    "after a draw: " + await firefox.eval(el("verdict")));
  // The fair hint (the worker's odds): every order counted, and the move named.
  await firefox.goto(server.url + "#v=msc&passes=1&seed=4");
  await firefox.eval(`document.getElementById("fair-hint").click()`);
  const fair = await firefox.waitFor(`(t => t.startsWith("Fair hint (") && t)(${el("selection")})`, 120000, "the fair hint");
  const odds = cli("odds", "--variant", "msc", "--passes", "1", "--seed", "4", "--samples", "200", "--exact-limit", "720",
    "--max-states", "10000000", "--format", "json");
  const best = odds.moves.find((m) => m.best);
  const n = odds.samples - odds.intractable;
  check(fair.includes("keeps a win in " + percentText(best.wins / n)) &&
    await firefox.eval(el("progress", "dataset.orders")) === "200/200",
    "Fair hint as pyramid odds (" + best.move + " " + best.wins + "/" + n + "): " + fair);
  const errors = await firefox.eval(`document.getElementById("message").textContent`);
  check(errors === "", "no error on the page" + (errors ? ": " + errors : ""));
} catch (e) {
  console.log("FAIL: " + (e.stack || e));
  failures++;
} finally {
  clearTimeout(timer);
  if (firefox) await firefox.close();
  server.close();
}
process.exit(failures ? 1 : 0);
