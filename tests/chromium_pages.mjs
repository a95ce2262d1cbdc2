// One headless Chromium for tests/chromium_test.sh: every screenshot and DOM
// dump it asks for, in one browser session (a browser start per picture cost
// the test a minute). usage: node chromium_pages.mjs JOBS_FILE
// Each line of JOBS_FILE:  shot URL PNG WIDTH HEIGHT   (the viewport, as --screenshot)
//                          dom URL OUT WIDTH HEIGHT    (the DOM after the load, as --dump-dom)
import { readFileSync, writeFileSync } from "node:fs";
import { Browser } from "./web/browser.mjs";

const jobs = readFileSync(process.argv[2], "utf8").split("\n").filter(Boolean).map((l) => l.split(" "));
const timer = setTimeout(() => { console.log("FAIL: chromium_pages.mjs took over 240 s"); process.exit(1); }, 240000);
const browser = await Browser.launch();
let status = 0;
try {
  for (const [kind, url, out, width, height] of jobs) {
    const page = await browser.newPage(+width, +height);
    await page.send("Page.navigate", { url });
    // (a solution page rewrites its #step=N as it goes: the address without it)
    await page.waitFor(`location.href.split("#")[0] === ${JSON.stringify(url.split("#")[0])} &&
      document.readyState === "complete"`, 60000, url + " to load");
    if (kind === "shot") await page.screenshot(out, false);
    else writeFileSync(out, await page.eval("document.documentElement.outerHTML"));
    if (page.errors.length) {
      console.log("FAIL: script errors on " + url + ": " + page.errors.join("; "));
      status = 1;
    }
    await page.close();
  }
} catch (e) {
  console.log("FAIL: " + (e.stack || e));
  status = 1;
} finally {
  clearTimeout(timer);
  await browser.close();
}
process.exit(status);
