// Headless Chromium driven over the DevTools protocol through a pipe
// (--remote-debugging-pipe: JSON messages ending in NUL on fds 3 and 4), and
// a static file server for the site: no npm package, no network.
import { execFileSync, spawn } from "node:child_process";
import { createServer } from "node:http";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { extname, join, normalize } from "node:path";

const TYPES = { ".html": "text/html; charset=utf-8", ".js": "text/javascript", ".css": "text/css",
  ".wasm": "application/wasm", ".png": "image/png", ".svg": "image/svg+xml" };

// Serves `dir` on 127.0.0.1 at a free port; resolves to {url, close}.
// The built site must be there: without emscripten the test is skipped
// (exit 77), with it a missing site is a failure (the web_build test builds it).
export function requireSite(site) {
  if (existsSync(site + "/pyramid-web.wasm")) return;
  let em = true;
  try { execFileSync("sh", ["-c", "command -v em++"]); } catch { em = false; }
  if (!em) {
    console.log("emscripten is not installed (scripts/setup --web installs it): skipped");
    process.exit(77);
  }
  console.log("FAIL: no site in " + site + " (the web_build test builds it)");
  process.exit(1);
}

export function serve(dir) {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url, "http://x").pathname)).replace(/^(\.\.[/\\])+/, "");
    let file = join(dir, path);
    try {
      if (statSync(file).isDirectory()) file = join(file, "index.html");
      const body = readFileSync(file);
      res.writeHead(200, { "content-type": TYPES[extname(file)] || "application/octet-stream" });
      res.end(body);
    } catch {
      res.writeHead(404);
      res.end("not found");
    }
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () =>
    resolve({ url: "http://127.0.0.1:" + server.address().port + "/", close: () => server.close(),
      stop: () => { server.close(); server.closeAllConnections(); } })));
}

export const CHROMIUM = process.env.CHROMIUM || "/usr/bin/chromium";

export class Browser {
  static async launch() {
    const profile = mkdtempSync(join(tmpdir(), "pyramid-web-chrome."));
    const proc = spawn(CHROMIUM, ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync", "--hide-scrollbars",
      "--mute-audio", "--user-data-dir=" + profile, "--remote-debugging-pipe", "about:blank"],
      { stdio: ["ignore", "ignore", "ignore", "pipe", "pipe"] });
    const b = new Browser(proc, profile);
    await b.send("Target.setDiscoverTargets", { discover: false });
    return b;
  }
  constructor(proc, profile) {
    this.proc = proc;
    this.profile = profile;
    this.next = 1;
    this.pending = new Map();
    this.listeners = [];
    let buf = Buffer.alloc(0);
    proc.stdio[4].on("data", (chunk) => {
      buf = Buffer.concat([buf, chunk]);
      let i;
      while ((i = buf.indexOf(0)) >= 0) {
        const msg = JSON.parse(buf.subarray(0, i).toString("utf8"));
        buf = buf.subarray(i + 1);
        if (msg.id && this.pending.has(msg.id)) {
          const { resolve, reject, method } = this.pending.get(msg.id);
          this.pending.delete(msg.id);
          if (msg.error) reject(new Error(method + ": " + msg.error.message));
          else resolve(msg.result);
        } else if (msg.method) {
          for (const l of this.listeners) l(msg);
        }
      }
    });
    proc.on("exit", () => {
      for (const { reject } of this.pending.values()) reject(new Error("chromium exited"));
      this.pending.clear();
    });
  }
  send(method, params = {}, sessionId) {
    const id = this.next++;
    const msg = { id, method, params };
    if (sessionId) msg.sessionId = sessionId;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.proc.stdio[3].write(JSON.stringify(msg) + "\0");
    });
  }
  async newPage(width = 1200, height = 900, mobile = false) {
    const { targetId } = await this.send("Target.createTarget", { url: "about:blank" });
    const { sessionId } = await this.send("Target.attachToTarget", { targetId, flatten: true });
    const page = new Page(this, sessionId, targetId);
    await page.send("Page.enable");
    await page.send("Runtime.enable");
    await page.send("Emulation.setDeviceMetricsOverride", { width, height, deviceScaleFactor: 1, mobile });
    return page;
  }
  async close() {
    try {
      await Promise.race([this.send("Browser.close"), new Promise((r) => setTimeout(r, 3000))]);
    } catch { /* gone already */ }
    if (this.proc.exitCode === null) {
      const exited = new Promise((r) => this.proc.once("exit", r));
      this.proc.kill();
      await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    }
    try { rmSync(this.profile, { recursive: true, force: true }); } catch { /* chromium's last writes */ }
  }
}

const KEYS = { ArrowLeft: 37, ArrowRight: 39, ArrowUp: 38, ArrowDown: 40, Home: 36, End: 35, Enter: 13,
  Escape: 27, Tab: 9, " ": 32 };

export class Page {
  constructor(browser, sessionId, targetId) {
    this.browser = browser;
    this.sessionId = sessionId;
    this.targetId = targetId;
    this.errors = [];
    browser.listeners.push((msg) => {
      if (msg.sessionId !== sessionId) return;
      if (msg.method === "Runtime.exceptionThrown") this.errors.push(msg.params.exceptionDetails.exception?.description ||
        msg.params.exceptionDetails.text);
      if (msg.method === "Runtime.consoleAPICalled" && msg.params.type === "error")
        this.errors.push(msg.params.args.map((a) => a.value ?? a.description).join(" "));
    });
  }
  send(method, params) { return this.browser.send(method, params, this.sessionId); }
  async goto(url) {
    await this.send("Page.navigate", { url });
    await this.waitFor("document.body && document.body.dataset.ready === '1'", 60000, "the page to start");
    // A new address in the same page (only its #... changed) is handled on
    // its hashchange event: wait until the page has opened it.
    const hash = new URL(url).hash;
    if (hash) await this.waitFor(`document.body.dataset.opened === ${JSON.stringify(hash)}`,
      30000, "the page to open " + hash);
  }
  // Evaluates an expression (a string) in the page; resolves to its value.
  async eval(expression) {
    const r = await this.send("Runtime.evaluate", { expression, awaitPromise: true, returnByValue: true });
    if (r.exceptionDetails) throw new Error("in page: " + (r.exceptionDetails.exception?.description || r.exceptionDetails.text));
    return r.result.value;
  }
  async waitFor(expression, timeout = 30000, what = expression) {
    const end = Date.now() + timeout;
    for (;;) {
      const v = await this.eval(expression);
      if (v) return v;
      if (Date.now() > end) throw new Error("timed out waiting for " + what);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  // A real mouse click on a visible point of the element `selector` matches
  // (the first point of a grid over it where the element is on top).
  async click(selector) {
    const box = await this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)});
      if (!e) return null; e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();
      for (const fy of [0.5, 0.15, 0.85, 0.3, 0.7]) for (const fx of [0.5, 0.15, 0.85, 0.3, 0.7, 0.05]) {
        const x = r.left + r.width * fx, y = r.top + r.height * fy, hit = document.elementFromPoint(x, y);
        if (hit && (hit === e || e.contains(hit))) return {x, y}; }
      return {x: r.left + r.width / 2, y: r.top + r.height / 2, hidden: true}; })()`);
    if (!box) throw new Error("nothing to click: " + selector);
    for (const type of ["mouseMoved", "mousePressed", "mouseReleased"])
      await this.send("Input.dispatchMouseEvent", { type, x: box.x, y: box.y, button: "left", clickCount: 1 });
  }
  async key(key) {
    const code = KEYS[key] ?? key.toUpperCase().charCodeAt(0);
    const text = key.length === 1 ? key : undefined;
    await this.send("Input.dispatchKeyEvent", { type: "keyDown", key, windowsVirtualKeyCode: code, text });
    await this.send("Input.dispatchKeyEvent", { type: "keyUp", key, windowsVirtualKeyCode: code });
  }
  async type(selector, text) {
    await this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.focus(); e.value = ""; })()`);
    await this.send("Input.insertText", { text });
  }
  async select(selector, value) {
    await this.eval(`(() => { const e = document.querySelector(${JSON.stringify(selector)}); e.value = ${JSON.stringify(value)};
      e.dispatchEvent(new Event("change", {bubbles: true})); })()`);
  }
  async screenshot(path, fullPage = true) {
    let clip;
    if (fullPage) {
      const m = await this.send("Page.getLayoutMetrics");
      const s = m.cssContentSize || m.contentSize;
      clip = { x: 0, y: 0, width: s.width, height: s.height, scale: 1 };
    }
    const { data } = await this.send("Page.captureScreenshot", { format: "png", clip, captureBeyondViewport: fullPage });
    writeFileSync(path, Buffer.from(data, "base64"));
  }
  close() { return this.browser.send("Target.closeTarget", { targetId: this.targetId }); }
}

// report/format.h's percent_text (the page's percentText; tests/web/format_test.mjs
// holds the two to the same cases): shares and chances as the CLI prints them.
export const percentText = (x, digits = 1) => {
  let scale = 100;
  for (let i = 0; i < digits; ++i) scale *= 10;
  let k = Math.floor(Math.abs(x) * scale + 0.5);
  if (x !== 0 && k === 0) k = 1;
  if (Math.abs(x) < 1 && k >= scale) k = scale - 1;
  return (x < 0 ? "-" : "") + (k / (scale / 100)).toFixed(digits) + "%";
};
// report/format.h's bound_text (the page's boundText; tests/web/format_test.mjs
// holds the two to the same cases): a proven bound rounded outward.
export const boundText = (x, upper) =>
  (Math.min(1000, Math.max(0, upper ? Math.ceil(x * 1000) : Math.floor(x * 1000))) / 10).toFixed(1) + "%";
