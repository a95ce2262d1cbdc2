// The web page (web/) in headless Chromium, as a player uses it: clicks,
// keys and the address bar (ctest label `web`; tests/CMakeLists.txt).
//   node web_test.mjs SCENARIO --site DIR --pyramid PATH [--shots DIR]
// Scenarios:
//   cli        20 deals of 6 presets loaded by number through the form and
//              checked: verdict and shortest length as `pyramid solve
//              --optimal --format json` gives them, the solution steps listed,
//              a loss's reason
//   steps      the solution stepped with the buttons and the arrow keys,
//              Home and End; the last step is the won position; the
//              difficulty measures as `solve --measures`, and the
//              Difficulty button's
//   play       a whole winning line played by clicks on cards and stock: won
//   undo       undo and redo by buttons and keys, restart, redo after restart
//   keys       a line played by the keyboard alone (Tab, Enter, D); labels
//   share      the address of a position with rule changes and moves opens
//              the same position in a new tab
//   form       the rules form is the module's rule schema (op `schema`,
//              asked here in node): one select per rule with the schema's
//              choices, each preset's own value and the rules it cannot
//              take; each rule chosen in the form reaches the search (as
//              `pyramid solve --KEY VALUE --optimal`), the link and back,
//              and another game resets it
//   links      a link that cannot be opened (a broken % escape, an unknown
//              game, no deal, an illegal move) says why: opened first, the
//              page starts on deal 1 under deal 1's address; in an open tab
//              the board is kept and the address goes back to it; Next deal
//              after the last number says there is none
//   bad-deal   pasted deals with a duplicate or a missing card give the
//              parser's error; the card picker refuses a duplicate and names
//              missing places; a complete picked layout loads
//   stop       a deliberately hard search (Apophis deal 10 with overlap, a
//              shortest solution) shows its progress and is stopped
//              by Stop; the fair hint on a hard game counts its orders and
//              is stopped by Stop and by Escape; with a memory bound a
//              search ends intractable; the page then answers the next question
//   offline    after a visit the page opens and solves with the server gone
//   hint       Hint names the next move of a shortest solution (`solve
//              --hint`); Fair hint the move with the best odds over the
//              unseen stock orders, with its share (`pyramid odds`), its
//              progress told of every order
//   optimum    Fair hint on msc 1 pass deal 2 with 7 cards not seen: the
//              exact chance with best play without peeking and its move,
//              framed, as `pyramid odds --optimal` (281/360), said on the
//              verdict line too; at a deal's start (23 not seen) the proven
//              bracket within 20,000 states (`odds --optimal
//              --optimal-states 20000`'s) and the planner's move, labelled;
//              a screenshot into --shots
//   unknown    cards not seen (??): msc deal 5 (one pass) pasted with stock
//              cards 2-6 as ??: the odds in place of the verdict as `pyramid solve`
//              gives them, no card of the five named anywhere on the board,
//              Hint, Check and Difficulty off and saying why, the fair hint
//              as solve's best move; the share link; a draw turns one up,
//              the player names it ("the next card is ...") and the odds are
//              solve's on the deal with it named; ?? in the card picker
//   challenge  the challenge panel: "12 Aces in 2 deals" and the
//              best score on msc deal 1 as `pyramid solve --challenge ...
//              --format json` gives them (lines, chance, recommended line);
//              the recommended line played step by step to its end
//   carry      a challenge carried as it is played ("12 Aces in 2 deals" from
//              msc deal 1): what is made so far and the chance from each
//              position as `pyramid solve --challenge` gives it on the
//              position's board; Next deal starts with made so far and deals
//              left updated (a cleared board keeps the deal); the share link
//              carries the challenge; over three deals (a screenshot into
//              --shots when given)
//   ch-form    the challenge panel's errors in its own words (Target, Made
//              so far, Deals left); a value the browser rejects clears the
//              old answer
//   mid-game   the card picker builds a board mid-game by clicks (places
//              gone, the waste with a card not seen, the stock, the gone
//              cards): the odds as `pyramid solve` gives them on that board;
//              a card not seen named at a place that is not the first
//   captions   every preset's board at 1200 and 375 px (the narrow board):
//              no caption on the board overlaps another or leaves it
//   phone      at 320, 375 and 800 px with every panel open: the page no
//              wider than the screen, the deal number field shows 7 digits
//   shots      screenshots of the main steps into --shots (not a test)
// Exit 77 (skipped) when Chromium or emscripten is missing.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { Browser, CHROMIUM, boundText, percentText, requireSite, serve } from "./browser.mjs";

const args = process.argv.slice(2);
const opt = (name, fallback) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : fallback; };
const scenario = args[0];
const site = opt("--site");
const pyramid = opt("--pyramid");
const shots = opt("--shots", "/tmp");

if (!existsSync(CHROMIUM)) {
  console.log("chromium is not installed (scripts/setup --test installs it): skipped");
  process.exit(77);
}
requireSite(site);

let failures = 0;
const check = (ok, what) => {
  if (ok) console.log("ok: " + what);
  else { console.log("FAIL: " + what); failures++; }
};
const cli = (...a) => JSON.parse(execFileSync(pyramid, a, { encoding: "utf8" }));
// The same with a board on standard input (--deal-file -).
const cliIn = (input, ...a) => JSON.parse(execFileSync(pyramid, a, { encoding: "utf8", input }));
const cliText = (...a) => execFileSync(pyramid, a, { encoding: "utf8" });

const server = await serve(site);
const browser = await Browser.launch();
const timer = setTimeout(() => { console.log("FAIL: the scenario took over 240 s"); process.exit(1); }, 240000);

// helpers on the page
const verdictSettled = `(() => { const v = document.getElementById("verdict").dataset.verdict;
  return v && v !== "running" && v !== "none" && v !== "shortening" ? v : ""; })()`;
const text = (page, id) => page.eval(`document.getElementById(${JSON.stringify(id)}).textContent`);
const data = (page, id, key) => page.eval(`document.getElementById(${JSON.stringify(id)}).dataset.${key} || ""`);
const played = (page) => page.eval(`(location.hash.match(/moves=([^&]*)/) || ["", ""])[1].split(".").filter(Boolean).length`);
async function loadByNumber(page, variant, seed) {
  await page.select("#variant", variant);
  await page.type("#seed", String(seed));
  await page.click("#seed-form button[type=submit]");
  await page.waitFor(`document.getElementById("deal-title").textContent.includes("deal ${seed}") && ` +
    `location.hash.includes("v=${variant}&")`, 30000, variant + " deal " + seed);
}
async function checkPosition(page) {
  await page.click("#check");
  return page.waitFor(verdictSettled, 120000, "a verdict");
}
// Plays a move by clicks: the stock for draw/redeal, else the cards (a
// stock card last, since clicking the stock with nothing selected draws).
async function playMove(page, m) {
  if (m === "draw" || m === "redeal") {
    const stockTopIsKing = await page.eval(`(() => { const s = document.querySelector("#board use.stock[data-card]");
      return !!s && document.querySelector("#board use.playable[data-card='" + s.dataset.card + "']") !== null &&
        s.dataset.card[0] === "K"; })()`);
    return page.click(stockTopIsKing ? "#draw" : "#board [data-stock]");
  }
  const cards = m.split("+");
  const isStock = (c) => page.eval(`!!document.querySelector("#board use.stock[data-card='${c}']")`);
  if (cards.length === 2 && await isStock(cards[0])) cards.reverse();
  for (const c of cards) {
    if (await isStock(c)) await page.click("#board [data-stock]");
    else await page.click(`#board use.playable[data-card='${c}']`);
  }
}

let page = null;
try {
  page = await browser.newPage(1200, 1000);
  await page.goto(server.url);

  if (scenario === "cli") {
    const deals = [["msc", [1, 2, 3, 4, 5, 6]], ["pyramid", [1, 2, 3]], ["giza", [1, 2, 3]], ["apophis", [1, 2]],
      ["triangle", [1, 2, 3]], ["tuts-tomb", [1, 2, 3]]];
    let n = 0;
    for (const [variant, seeds] of deals) {
      for (const seed of seeds) {
        n++;
        const want = cli("solve", "--variant", variant, "--seed", String(seed), "--optimal", "--format", "json");
        await loadByNumber(page, variant, seed);
        const got = await checkPosition(page);
        const moves = await data(page, "verdict", "moves");
        if (want.verdict === "lose") {
          const reason = await data(page, "verdict", "reason");
          check(reason === want.reason && (await text(page, "reason")).length > 20,
            `${variant} ${seed}: lost, and why (${reason}): ${await text(page, "reason")}`);
        }
        const states = +(await data(page, "verdict", "states"));
        check(states === want.states, `${variant} ${seed}: the same search: ${states} positions, natively ${want.states}`);
        const steps = await page.eval(`document.querySelectorAll("#move-list li").length`);
        const shown = want.verdict === "win" ? (await page.eval(`!document.getElementById("solution").hidden`)) : true;
        check(got === want.verdict && (want.verdict !== "win" || (+moves === want.moves && steps === want.moves && shown)),
          `${variant} ${seed}: page ${got} ${moves}, ${steps} steps listed; pyramid solve ${want.verdict} ${want.moves ?? ""}`);
        if (want.verdict === "win") await page.click("#close-solution");
      }
    }
    check(n === 20, n + " deals compared");
  } else if (scenario === "steps") {
    const want = cli("solve", "--variant", "msc", "--seed", "1", "--optimal", "--format", "json");
    await checkPosition(page);
    const n = want.moves;
    check(await text(page, "step-label") === `Step 0 of ${n}`, "the solution opens at step 0 of " + n);
    await page.click("#next");
    await page.click("#next");
    check(await text(page, "step-label") === `Step 2 of ${n}`, "two clicks on next: step 2");
    await page.key("ArrowRight");
    check(await text(page, "step-label") === `Step 3 of ${n}`, "arrow right: step 3");
    await page.key("ArrowLeft");
    await page.key("ArrowLeft");
    check(await text(page, "step-label") === `Step 1 of ${n}`, "arrow left twice: step 1");
    const caption = await text(page, "step-caption");
    check(caption.toLowerCase().includes("draw"), "step 1's caption names the next move (" + want.solution[1] + "): " + caption);
    const framed = await page.eval(`document.querySelectorAll("#board rect.highlight").length`);
    check(framed >= 1, "the next move is framed on the board");
    await page.key("End");
    check(await text(page, "step-label") === `Step ${n} of ${n}`, "End: the last step");
    check((await text(page, "step-caption")).startsWith("Won"), "the last step says won");
    const tableau = await page.eval(`document.querySelectorAll("#board use.tableau").length`);
    check(tableau === 0, "the last step shows the empty pyramid (" + tableau + " tableau cards)");
    await page.key("Home");
    check(await text(page, "step-label") === `Step 0 of ${n}`, "Home: step 0");
    await page.click("#move-list li:nth-child(10) button");
    check(await text(page, "step-label") === `Step 9 of ${n}`, "a move in the list: the position before it");
    // The difficulty measures, as `solve --measures` gives them.
    const m = cli("solve", "--variant", "msc", "--seed", "1", "--measures", "--format", "json").measures;
    const said = await page.waitFor(`(t => t.startsWith("Difficulty") && t)(document.getElementById("measures").textContent)`,
      60000, "the difficulty");
    const marked = await page.eval(`document.querySelectorAll("#move-list li.critical").length`);
    check(said.startsWith("Difficulty " + m.difficulty) && said.includes("wins " + m.casual_wins + " of " + m.casual_plays) &&
      said.includes(m.winning_first_moves + " of " + m.legal_first_moves + " first moves") &&
      said.includes(m.critical_count + " steps") && marked === m.crossroads,
      "the difficulty as solve --measures (" + m.difficulty + ", casual " + m.casual_wins + ", critical " + m.critical_count +
      ", crossroads " + m.crossroads + "; " + marked + " marked): " + said);
    // The Difficulty button (M) on the position played: as `solve --measures [--moves ...]`.
    await page.click("#close-solution");
    const difficultyOf = async (moves) => {
      const args = ["solve", "--variant", "msc", "--seed", "1", "--optimal", "--measures", "--format", "json"];
      const want = cli(...(moves.length ? args.concat(["--moves", moves.join(" ")]) : args)).measures;
      if (moves.length) await page.goto(server.url + "#v=msc&seed=1&moves=" + moves.join("."));
      await page.key("m");
      const said = await page.waitFor(`(t => /^(Difficulty|No difficulty)/.test(t) && !/^Difficulty stopped/.test(t) && t)(document.getElementById("difficulty").textContent)`,
        60000, "the difficulty from move " + moves.length);
      const shown = await data(page, "difficulty", "difficulty");
      check(+shown === want.difficulty && said.includes("wins " + want.casual_wins + " of " + want.casual_plays) &&
        said.includes(want.winning_first_moves + " of " + want.legal_first_moves) &&
        said.includes("(" + want.shortest + " moves) has " + want.critical_count + (want.critical_count === 1 ? " step" : " steps")),
        "Difficulty from move " + moves.length + " as solve --measures (" + want.difficulty + ", casual " + want.casual_wins +
        ", first moves " + want.winning_first_moves + "/" + want.legal_first_moves + ", critical " + want.critical_count + "): " + said);
      check(await page.waitFor(verdictSettled, 60000) === "win", "and the verdict came with it: " + await text(page, "verdict"));
    };
    await difficultyOf([]);
    await difficultyOf(want.solution.slice(0, 3));
    check((await text(page, "difficulty")).includes("Difficulty from move 3: ") &&
      (await text(page, "difficulty")).includes("Not graded"), "from move 3, not graded");
  } else if (scenario === "play") {
    for (const [variant, seed] of [["msc", 1], ["pharaohs", 2], ["giza", 2]]) {
      const want = cli("solve", "--variant", variant, "--seed", String(seed), "--optimal", "--format", "json");
      await loadByNumber(page, variant, seed);
      check(await page.waitFor(verdictSettled, 60000) === "win", `${variant} ${seed}: winnable before the first move`);
      check(+(await data(page, "verdict", "moves")) === want.moves, `${variant} ${seed}: winnable in ${want.moves}`);
      let i = 0;
      for (const m of want.solution) {
        await playMove(page, m);
        i++;
        // (generous: the machine running the tests may be loaded)
        const ok = await page.waitFor(`(location.hash.match(/moves=([^&]*)/) || ["", ""])[1].split(".").filter(Boolean).length >= ${i}`,
          30000, "move " + i + " " + m).catch(() => false);
        if (!ok || await played(page) !== i) {
          check(false, `${variant} ${seed}: move ${i} (${m}) was not played; the page says: ` +
            [await text(page, "selection"), await text(page, "message"), await page.eval("location.hash")].join(" | "));
          break;
        }
      }
      const v = await page.waitFor(verdictSettled, 30000);
      check(v === "won", `${variant} ${seed}: ${i} moves played by clicks, the page says ${v}: ${await text(page, "verdict")}`);
    }
  } else if (scenario === "undo") {
    await page.waitFor(verdictSettled, 60000);
    const before = await page.eval(`document.getElementById("board").innerHTML`);
    const want = cli("solve", "--variant", "msc", "--seed", "1", "--optimal", "--format", "json");
    for (const m of want.solution.slice(0, 6)) await playMove(page, m);
    check(await played(page) === 6, "six moves played");
    const after6 = await page.eval(`document.getElementById("board").innerHTML`);
    await page.click("#undo");
    await page.key("u");
    check(await played(page) === 4, "undo by button and key: four moves");
    await page.click("#redo");
    check(await played(page) === 5, "redo: five moves");
    await page.key("y");
    check(await played(page) === 6, "redo by key: six moves");
    check(await page.eval(`document.getElementById("board").innerHTML`) === after6, "the same board as before the undos");
    check(+(await page.waitFor(verdictSettled, 60000) && await data(page, "verdict", "moves")) === want.moves - 6,
      "winnable in " + (want.moves - 6) + " after six moves of a shortest line");
    await page.click("#restart");
    check(await played(page) === 0, "restart: no move");
    check(await page.eval(`document.getElementById("board").innerHTML`) === before, "restart shows the deal");
    for (let k = 0; k < 6; k++) await page.click("#redo");
    check(await played(page) === 6 && await page.eval(`document.getElementById("board").innerHTML`) === after6,
      "redo after restart replays the six moves");
    await page.click("#undo");
    await playMove(page, "draw");
    const legal = await page.eval(`document.getElementById("redo").disabled`);
    check(legal === (want.solution[5] !== "draw"), "a different move drops the redo list");
  } else if (scenario === "keys") {
    // Keyboard play: Tab to a card and Enter; D draws. A shortest line's
    // first 12 moves, then the verdict counts down.
    const want = cli("solve", "--variant", "msc", "--seed", "1", "--optimal", "--format", "json");
    await page.waitFor(verdictSettled, 60000);
    const focusCard = async (c) => {
      for (let k = 0; k < 120; k++) {
        if (await page.eval(`document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card === "${c}"`))
          return true;
        await page.key("Tab");
      }
      return false;
    };
    let i = 0;
    for (const m of want.solution.slice(0, 12)) {
      if (m === "draw") await page.key("d");
      else {
        let cards = m.split("+");
        // the stock's card last (Enter on the stock draws unless it completes the pair)
        if (cards.length === 2 && await page.eval(`!!document.querySelector("#board use.stock[data-card='${cards[0]}']")`)) cards.reverse();
        for (const c of cards) {
          if (!(await focusCard(c))) { check(false, "Tab never reached " + c); break; }
          await page.key("Enter");
        }
      }
      i++;
      if (await played(page) !== i) break;
    }
    check(i === 12 && await played(page) === 12, "12 moves of a shortest line played by keys: " + await played(page));
    await page.waitFor(verdictSettled, 60000);
    check(+(await data(page, "verdict", "moves")) === want.moves - 12, "winnable in " + (want.moves - 12) + " more: " +
      await text(page, "verdict"));
    const labelled = await page.eval(`[...document.querySelectorAll("#board use.playable:not([data-stock])")].every(u =>
      u.getAttribute("tabindex") === "0" && u.getAttribute("role") === "button" && /, can be taken$/.test(u.getAttribute("aria-label")))`);
    const stockLabel = await page.eval(`document.querySelector("#board [data-stock]").getAttribute("aria-label")`);
    check(labelled && /^stock, [0-9]+ cards/.test(stockLabel), "every card that can be taken is focusable and labelled; the stock: " + stockLabel);
  } else if (scenario === "share") {
    await loadByNumber(page, "msc", 3);
    await page.eval(`document.getElementById("rules-box").open = true`);
    await page.select("#passes", "unlimited");
    await page.waitFor(`location.hash.includes("passes=unlimited")`, 30000);
    const want = cli("solve", "--variant", "msc", "--passes", "unlimited", "--seed", "3", "--optimal", "--format", "json");
    for (const m of want.solution.slice(0, 5)) await playMove(page, m);
    const link = await page.eval(`document.getElementById("share").value`);
    check(/#v=msc&passes=unlimited&seed=3&moves=/.test(link), "the link carries the rules, the deal and the moves: " + link);
    const board = await page.eval(`document.getElementById("board").innerHTML`);
    await page.waitFor(verdictSettled, 60000);
    const verdict = await text(page, "verdict");
    const other = await browser.newPage(1200, 1000);
    await other.goto(link);
    check(await other.eval(`document.getElementById("board").innerHTML`) === board, "the link opens the same position");
    check(await other.eval(`document.getElementById("passes").value`) === "unlimited", "with the same rules");
    await other.waitFor(verdictSettled, 60000);
    check(await text(other, "verdict") === verdict, "and the same verdict: " + verdict);
    await other.click("#undo");
    check(await played(other) === 4, "and its moves can be undone");
    // a pasted deal travels as its cards
    const cards = cli("solve", "--variant", "giza", "--seed", "5", "--format", "json").deal;
    await other.goto(server.url + "#v=giza&deal=" + cards + "&moves=draw");
    check(/move 1 \(draw\)/.test(await text(other, "message")), "an illegal move in a link is refused: " + await text(other, "message"));
    await other.goto(server.url + "#v=giza&reserves=open&deal=" + cards);
    check((await text(other, "deal-title")).includes("pasted deal") && await other.eval(`document.getElementById("reserves").value`) === "open",
      "a link with cards and a rule change opens them");
  } else if (scenario === "form") {
    // The schema from the module itself, apart from the page's copy.
    const createPyramid = createRequire(import.meta.url)(resolve(site, "pyramid-web.js"));
    const M = await createPyramid({ wasmBinary: readFileSync(resolve(site, "pyramid-web.wasm")) });
    const handle = M._pyr_new();
    const request = JSON.stringify({ op: "schema" });
    const ptr = M._malloc(M.lengthBytesUTF8(request) + 1);
    M.stringToUTF8(request, ptr, M.lengthBytesUTF8(request) + 1);
    const schema = JSON.parse(M.UTF8ToString(M._pyr_call(handle, ptr)));
    M._free(ptr);
    M._pyr_free(handle);
    check(Array.isArray(schema.rules) && schema.rules.length >= 4, schema.rules.length + " rules in the schema");
    await page.waitFor(verdictSettled, 60000);
    const form = await page.eval(`[...document.querySelectorAll("#rules select")].map(e => ({ id: e.id,
      label: e.closest("label").textContent, options: [...e.options].map(o => [o.value, o.text]) }))`);
    check(form.length === schema.rules.length, `one control per rule: ${form.length} selects, ${schema.rules.length} rules`);
    schema.rules.forEach((d, i) => {
      const f = form[i] || { options: [] };
      const want = [""].concat(d.choices.map((c) => c.value)).join(",");
      check(f.id === d.key && f.label.startsWith(d.label) && f.options.map((o) => o[0]).join(",") === want &&
        d.choices.every((c, k) => f.options[k + 1][1] === c.words),
        `${d.key}: "${d.label}", the values ${want} with their words: ${JSON.stringify(f)}`);
    });
    // Each game: the preset's own value first; a rule it cannot take, disabled.
    const presets = Object.keys(schema.preset_rules);
    for (const p of presets) {
      await page.select("#variant", p);
      await page.waitFor(`location.hash.startsWith("#v=${p}&")`, 30000, "game " + p);
      const shown = await page.eval(`[...document.querySelectorAll("#rules select")].map(e => [e.disabled, e.options[0].text, e.value])`);
      schema.rules.forEach((d, i) => {
        const own = schema.preset_rules[p][d.key];
        const c = d.choices.find((x) => x.value === own);
        const [disabled, first, value] = shown[i];
        check(value === "" && disabled === (own === null) && (own === null || first === "(game's: " + (c ? c.words : own) + ")"),
          `${p} ${d.key}: ${own === null ? "cannot take it, disabled" : "the game's " + own}: ${JSON.stringify(shown[i])}`);
      });
    }
    // Each rule chosen in the form, on the first game that takes it, with a
    // value other than the game's: the search, the link, a new tab, a reset.
    for (const d of schema.rules) {
      const p = presets.find((x) => schema.preset_rules[x][d.key] !== null);
      const c = d.choices.find((x) => x.value !== schema.preset_rules[p][d.key]);
      await loadByNumber(page, p, 3);
      await page.eval(`document.getElementById("rules-box").open = false`);
      await page.select("#" + d.key, c.value);
      const pair = d.key + "=" + encodeURIComponent(c.value);
      await page.waitFor(`location.hash === "#v=${p}&${pair}&seed=3"`, 30000, pair + " in the address");
      const want = cli("solve", "--variant", p, "--" + d.key, c.value, "--seed", "3", "--optimal", "--format", "json");
      const got = await checkPosition(page);
      const states = +(await data(page, "verdict", "states"));
      check(got === want.verdict && states === want.states,
        `${p} ${pair}: the page's search is pyramid solve --${d.key} ${c.value}'s: ${got}, ${states} positions (${want.verdict}, ${want.states})`);
      if (got === "win") {  // the solution shown, then closed: the board is the game's again
        await page.waitFor(`!document.getElementById("solution").hidden`, 30000, "the solution");
        await page.eval(`document.getElementById("close-solution").click()`);  // (the layout may be moving)
        await page.waitFor(`document.getElementById("solution").hidden`, 30000, "the solution closed");
      }
      const link = await page.eval(`document.getElementById("share").value`);
      check(link.endsWith(`#v=${p}&${pair}&seed=3`), "the link carries it: " + link);
      await page.waitFor(verdictSettled, 60000);
      const board = await page.eval(`document.getElementById("board").innerHTML`);
      const other = await browser.newPage(1200, 1000);
      await other.goto(link);
      await other.waitFor(verdictSettled, 60000);
      const opened = [await other.eval(`document.getElementById(${JSON.stringify(d.key)}).value`),
        await other.eval(`document.getElementById("rules-box").open`),
        await other.eval(`document.getElementById("board").innerHTML`) === board, await other.eval("location.hash")];
      check(opened[0] === c.value && opened[1] && opened[2] && opened[3] === `#v=${p}&${pair}&seed=3`,
        `the link opens ${p} with ${pair} in the form (${opened[0]}), the box open (${opened[1]}), the same board ` +
        `(${opened[2]}) and address (${opened[3]})`);
      check(other.errors.length === 0, "no script error in the new tab" + (other.errors.length ? ": " + other.errors.join("; ") : ""));
      await other.close();
      const next = presets.find((x) => x !== p);
      await page.select("#variant", next);
      await page.waitFor(`location.hash.startsWith("#v=${next}&")`, 30000, "game " + next);
      check(await page.eval(`[...document.querySelectorAll("#rules select")].every(e => e.value === "")`) &&
        !(await page.eval("location.hash")).includes(d.key + "="), `another game (${next}) resets the rules: ` + await page.eval("location.hash"));
    }
    await loadByNumber(page, "giza", 3);
    await page.eval(`document.getElementById("rules-box").open = true`);
    await page.select("#reserves", "open");
    await page.waitFor(`location.hash.includes("reserves=open")`, 30000);
    await page.screenshot(shots + "/web-rules-form.png", false);
  } else if (scenario === "links") {
    const hash = (p) => p.eval("location.hash");
    // Opened first: the page starts, says why, and shows deal 1 under its address.
    for (const [bad, why] of [["#v=msc&seed=7&moves=QH%2", /'moves=QH%2' has a broken %-escape/], ["#v=%ZZ", /'v=%ZZ' has a broken %-escape/],
      ["#v=nope&seed=3", /unknown game, 'nope'/], ["#v=msc&moves=draw", /names no deal/],
      ["#v=msc&seed=7&moves=redeal", /move 1 \(redeal\)/]]) {
      const fresh = await browser.newPage(1200, 1000);
      await fresh.goto(server.url + bad);
      const said = await text(fresh, "message");
      check(why.test(said) && /^This link cannot be opened: .*Deal 1 instead\.$/.test(said),
        "opened on " + bad + ", the page says why: " + said);
      check((await text(fresh, "deal-title")).startsWith("Microsoft Solitaire Collection Pyramid, deal 1") && await hash(fresh) === "#v=msc&seed=1",
        "and shows deal 1 under its address: " + await text(fresh, "deal-title") + ", " + await hash(fresh));
      check(fresh.errors.length === 0, "no script error" + (fresh.errors.length ? ": " + fresh.errors.join("; ") : ""));
      await fresh.close();
    }
    // In an open tab: the board is kept and the address goes back to it.
    await page.goto(server.url + "#v=msc&passes=1&seed=3&moves=draw");
    await page.waitFor(verdictSettled, 60000);
    const board = await page.eval(`document.getElementById("board").innerHTML`);
    const kept = "#v=msc&passes=1&seed=3&moves=draw";
    for (const [bad, why] of [["#v=msc&seed=7&moves=QH%2", /'moves=QH%2' has a broken %-escape/], ["#v=%ZZ", /'v=%ZZ' has a broken %-escape/],
      ["#v=nope&seed=3", /unknown game/], ["#seed", /names no deal/], ["#v=msc&seed=7&moves=redeal", /move 1 \(redeal\)/],
      ["#v=msc&deal=AS%20KS", /^This link cannot be opened: bad deal/]]) {
      await page.eval(`location.hash = ${JSON.stringify(bad)}`);
      await page.waitFor(`document.body.dataset.opened === ${JSON.stringify(bad)}`, 30000, "the page to open " + bad);
      const said = await text(page, "message");
      check(why.test(said) && said.endsWith("The game on the board is kept."), bad + " in an open tab says why: " + said);
      check(await hash(page) === kept && await page.eval(`document.getElementById("share").value.endsWith(${JSON.stringify(kept)})`) &&
        await page.eval(`document.getElementById("board").innerHTML`) === board,
        "and the board is kept under its own address: " + await hash(page));
    }
    // A good link after them opens, and the message goes.
    await page.eval(`location.hash = "#v=msc&seed=5"`);
    await page.waitFor(`document.body.dataset.opened === "#v=msc&seed=5"`, 30000);
    check((await text(page, "deal-title")).includes("deal 5") && await text(page, "message") === "", "a good link opens after them");
    // One position searched is "1 position" (msc deal 12 is lost at its start).
    const one = cli("solve", "--variant", "msc", "--seed", "12", "--format", "json");
    await loadByNumber(page, "msc", 12);
    await page.waitFor(verdictSettled, 60000);
    check(one.states === 1 && /^Searched 1 position in /.test(await text(page, "progress")),
      "one position: " + await text(page, "progress") + " (pyramid solve: " + one.states + ")");
    // Next deal after the last number says there is none (as play's n), the deal and its number kept.
    for (const last of ["99999999999999999999", "ms8589934591"]) {
      await loadByNumber(page, "msc", last);
      await page.click("#next-deal");
      const said = await text(page, "message");
      check(/^No next deal: a PySolFC deal number is 1 to /.test(said) && await page.eval(`document.getElementById("seed").value`) === last &&
        (await text(page, "deal-title")).endsWith("deal " + last), "Next deal after " + last + ": " + said);
    }
  } else if (scenario === "bad-deal") {
    const deal = cli("solve", "--variant", "msc", "--seed", "7", "--format", "json").deal;
    await page.eval(`document.getElementById("paste-box").open = true`);
    await page.type("#paste", deal.slice(0, 2) + deal.slice(0, -2));
    await page.click("#paste-load");
    const dup = await text(page, "message");
    check(/^bad deal: duplicate card/.test(dup), "a duplicate card: " + dup);
    await page.type("#paste", deal.slice(0, -2));
    await page.click("#paste-load");
    const missing = await text(page, "message");
    check(/^bad deal: .*(missing|51)/.test(missing), "a missing card: " + missing);
    await page.type("#paste", "AS KS XY");
    await page.click("#paste-load");
    check(/^bad deal: unknown card token 'XY'/.test(await text(page, "message")), "a bad token: " + await text(page, "message"));
    check((await text(page, "deal-title")).includes("deal 1"), "the deal on the board is kept");
    await page.type("#paste", deal);
    await page.click("#paste-load");
    check(await text(page, "message") === "" && (await text(page, "deal-title")).includes("pasted deal"), "a good paste loads");
    // the card picker
    await page.eval(`document.getElementById("picker-box").open = true; document.getElementById("picker-box").dispatchEvent(new Event("toggle"))`);
    await page.click(`#picker-deck button[data-card='QH']`);
    await page.click(`#picker-deck button[data-card='AS']`);
    await page.click(`#picker-deck button[data-card='QH']`);
    check(/Q♥ is already in the layout \(row 1, card 1\)/.test(await text(page, "message")), "the picker refuses a duplicate: " + await text(page, "message"));
    await page.click("#picker-use");
    check(/50 places are empty \(first: row 2, card 2\)/.test(await text(page, "message")), "and names the missing places: " + await text(page, "message"));
    await page.click("#picker-fill");
    await page.click("#picker-use");
    check(await text(page, "message") === "", "a complete layout loads");
    const first = await page.eval(`[...document.querySelectorAll("#board use.tableau")].slice(0, 2).map(u => u.dataset.card).join(" ")`);
    check(first === "QH AS", "with the picked cards in place: " + first);
  } else if (scenario === "stop") {
    // Apophis with overlap, deal 10, shortest solution: the hardest of 40
    // deals (3.3 million positions, about 30 s natively on a loaded machine),
    // while its verdict takes a few hundred positions. The automatic verdict
    // comes first, from the fast search (`pyramid solve`), with the line it
    // found; the search for the fewest moves runs after it, its count of
    // positions reported from the first 2^16 (not 0 until 2^20).
    const fast = cli("solve", "--variant", "apophis", "--overlap", "--seed", "10", "--format", "json");
    await page.eval(`document.getElementById("max-states").value = "0"`);
    await page.goto(server.url + "#v=apophis&overlap=on&seed=10");
    const early = await page.waitFor(`(t => /^Winnable: a line of/.test(t) && t)(document.getElementById("verdict").textContent)`, 120000,
      "the verdict before the shortest line");
    check(early === "Winnable: a line of " + fast.moves + " moves found; searching for the fewest…" &&
      await data(page, "verdict", "verdict") === "shortening" && !(await page.eval(`document.getElementById("stop").disabled`)),
      "the verdict first (pyramid solve: " + fast.verdict + " in " + fast.moves + " moves, " + fast.states + " positions): " + early);
    await page.waitFor(`/Searching… [0-9,]+ positions/.test(document.getElementById("progress").textContent)`, 120000, "a count");
    check(await data(page, "progress", "first") === "65536", "the count of positions moves from 65,536: " +
      await data(page, "progress", "first") + "; " + await text(page, "progress"));
    await page.click("#stop");
    await page.waitFor(`document.getElementById("verdict").dataset.verdict === "win"`, 15000, "the stop");
    check(await text(page, "verdict") === "Winnable in " + fast.moves + " moves (perhaps fewer: the search for the fewest was stopped).",
      "stopped, the verdict stays: " + await text(page, "verdict"));
    // Check asks for the shortest line again (no automatic verdict now).
    await page.eval(`document.getElementById("auto").checked = false`);
    await page.click("#check");
    await page.waitFor(`/Searching… [0-9,]{9,} positions/.test(document.getElementById("progress").textContent)`, 120000,
      "a million positions searched");
    const first = await text(page, "progress");
    const t1 = Date.now();
    await page.eval("1");
    const answered = Date.now() - t1;
    const later = await page.waitFor(`(t => t !== ${JSON.stringify(first)} && /Searching/.test(t) && t)(document.getElementById("progress").textContent)`,
      15000, "the progress line to tick");
    check(answered < 5000 && later !== first, "the page answers (in " + answered + " ms) and shows progress while the search runs: " +
      first + " then " + later);
    const t0 = Date.now();
    await page.click("#stop");
    const v = await page.waitFor(verdictSettled, 15000);
    check(v === "win" && /the search for the fewest was stopped/.test(await text(page, "verdict")) && Date.now() - t0 < 15000 &&
      await page.eval(`document.getElementById("solution").hidden`),
      "Stop stops it: " + await text(page, "verdict") + " " + await text(page, "progress"));
    // The fair hint on a hard game: its progress line counts the orders
    // solved while the page answers; Stop (then Escape) ends it.
    await page.goto(server.url + "#v=tuts-tomb&goal=all&overlap=on&seed=41");
    await page.key("f");
    const counting = await page.waitFor(`(t => /^Fair hint: [1-9][0-9]* of 200 orders solved/.test(t) && t)(document.getElementById("progress").textContent)`,
      120000, "the fair hint's progress line");
    check(!(await page.eval(`document.getElementById("stop").disabled`)), "the fair hint counts its orders (" + counting +
      ") and Stop is offered");
    await page.click("#stop");
    const stoppedLine = await page.waitFor(`(t => /^Fair hint stopped: [0-9]+ of 200 orders solved/.test(t) && t)(document.getElementById("progress").textContent)`,
      15000, "the fair hint to stop");
    check(await text(page, "selection") === "Fair hint stopped." && !(await page.eval(`document.getElementById("fair-hint").disabled`)),
      "Stop ends the fair hint: " + stoppedLine);
    await page.key("f");
    await page.waitFor(`/^Fair hint: [0-9]+ of 200 orders/.test(document.getElementById("progress").textContent)`, 30000, "a fair hint again");
    await page.key("Escape");
    await page.waitFor(`document.getElementById("selection").textContent === "Fair hint stopped."`, 15000, "Escape to stop it");
    check(true, "Escape ends it too: " + await text(page, "progress"));
    // The memory bound: the same search with 1 MiB for its tables ends
    // `intractable` (the choice is added to the list: the page offers 256 MB and up).
    // A lost Tut's Tomb deal needing a million positions (every card to
    // clear, with overlap, deal 65).
    await page.eval(`(() => { const s = document.getElementById("max-memory"); s.add(new Option("1 MiB", "1048576"));
      s.value = "1048576"; })()`);
    await page.goto(server.url + "#v=tuts-tomb&goal=all&overlap=on&seed=65");
    await page.click("#check");
    const mem = await page.waitFor(verdictSettled, 60000);
    check(mem === "intractable" && /memory limit/.test(await text(page, "verdict")),
      "a memory bound gives intractable: " + await text(page, "verdict"));
    await page.eval(`document.getElementById("max-memory").value = "536870912"`);
    await loadByNumber(page, "msc", 2);
    const want = cli("solve", "--variant", "msc", "--seed", "2", "--optimal", "--format", "json");
    check(await checkPosition(page) === want.verdict && +(await data(page, "verdict", "moves")) === want.moves,
      "the next check answers: " + await text(page, "verdict"));
  } else if (scenario === "hint") {
    // The exact hint: the next move of a shortest solution, as `solve --hint`.
    const want = cli("solve", "--variant", "msc", "--seed", "1", "--hint", "--format", "json");
    await page.click("#hint");
    const said = await page.waitFor(`(t => t.startsWith("Hint: ") && t)(document.getElementById("selection").textContent)`, 60000);
    const cards = want.hint.split("+");
    check(cards.every((c) => said.includes(c[0] === "T" ? "10" : c[0])), "Hint names " + want.hint + ": " + said);
    check(await page.eval(`document.querySelectorAll("#board rect.highlight").length`) >= 1, "and frames it on the board");
    // Another deal: the hint goes with the old one.
    const gone = async (what) => {
      const left = [await text(page, "selection"), await text(page, "progress")].filter((t) => /hint/i.test(t));
      const framed = await page.eval(`document.querySelectorAll("#board rect.highlight").length`);
      check(left.length === 0 && framed === 0, what + ": no hint left (" + (left.join(" / ") || "none") + ", " + framed + " framed)");
    };
    await loadByNumber(page, "msc", 2);
    await gone("after Hint, deal 2 loaded");
    // The fair hint: the best odds over the unseen stock orders, as `pyramid odds`.
    const odds = cli("odds", "--variant", "msc", "--passes", "1", "--seed", "4", "--samples", "200", "--exact-limit", "720",
      "--max-states", "10000000", "--format", "json");
    const best = odds.moves.find((m) => m.best);
    const n = odds.samples - odds.intractable;
    await page.goto(server.url + "#v=msc&passes=1&seed=4");
    await page.key("f");
    const fair = await page.waitFor(`(t => t.startsWith("Fair hint (") && t)(document.getElementById("selection").textContent)`, 120000);
    const words = best.move === "draw" ? "draw a card" : best.move;
    check(fair.includes(words) && fair.includes("keeps a win in " + percentText(best.wins / n)) &&
      fair.includes("winnable in " + percentText(odds.wins / n)) && fair.includes(odds.samples + " sampled orders"),
      "Fair hint as pyramid odds (" + best.move + " " + best.wins + "/" + n + ", position " + odds.wins + "): " + fair);
    check(await page.eval(`document.querySelectorAll("#board rect.highlight").length`) >= 1, "and frames it on the board");
    // Its progress line was told of every order solved: (0, 200), then one by one to 200.
    check(fair.includes("With best play without peeking your chance is "), "and the no-peek optimum: " + fair);
    check(await data(page, "progress", "orders") === "200/200" && await data(page, "progress", "updates") === "201",
      "the fair hint's progress counted every order: " + await data(page, "progress", "orders") + ", " +
      await data(page, "progress", "updates") + " updates");
    const exact = cli("solve", "--variant", "msc", "--passes", "1", "--seed", "4", "--optimal", "--format", "json");
    check(await page.waitFor(verdictSettled, 60000) === exact.verdict, "the verdict's search runs again: " + exact.verdict);
    await loadByNumber(page, "msc", 6);
    await gone("after Fair hint, deal 6 loaded");
    // A fair hint still running when another deal is loaded: nothing of it stays.
    await page.goto(server.url + "#v=tuts-tomb&goal=all&overlap=on&seed=41");
    await page.key("f");
    await page.waitFor(`/^Fair hint: /.test(document.getElementById("progress").textContent)`, 60000, "a fair hint running");
    await loadByNumber(page, "msc", 8);
    await new Promise((r) => setTimeout(r, 500));  // (the stopped worker's answer comes back meanwhile)
    await gone("a fair hint stopped by loading deal 8");
  } else if (scenario === "optimum") {
    // msc 1 pass, deal 2, along its solution until 7 cards are not seen (20 moves).
    const sol = cli("solve", "--variant", "msc", "--passes", "1", "--seed", "2", "--format", "json").solution;
    const moves = sol.slice(0, 20);
    const want = cli("odds", "--variant", "msc", "--passes", "1", "--seed", "2", "--moves", moves.join(" "), "--optimal",
      "--samples", "200", "--exact-limit", "720", "--format", "json");
    check(want.hidden === 7 && want.optimal.fraction === "281/360", "odds --optimal: " + want.hidden + " not seen, " +
      want.optimal.fraction);
    await page.goto(server.url + "#v=msc&passes=1&seed=2&moves=" + moves.join("."));
    await page.waitFor(verdictSettled, 60000);
    await page.key("f");
    const fair = await page.waitFor(`(t => t.startsWith("Fair hint (") && t)(document.getElementById("selection").textContent)`, 120000);
    const best = want.optimal.best_move;
    const cardWords = (c) => (c[0] === "T" ? "10" : c[0]);
    check(fair.includes("the best move without peeking. With best play without peeking your chance is 281/360 (78.1%).") &&
      best.split("+").every((c) => fair.includes(cardWords(c))) && fair.includes("If you could see the stock: about ") &&
      await data(page, "selection", "optimum") === "281/360",
      "Fair hint: the exact optimum and odds --optimal's best move (" + best + "): " + fair);
    const framed = await page.eval(`[...document.querySelectorAll("#board rect.highlight")].length`);
    check(framed >= 1, "the best move framed on the board (" + framed + ")");
    await page.waitFor(verdictSettled, 60000);
    const verdict = await text(page, "verdict");
    check(verdict.includes("With best play without peeking your chance is 281/360 (78.1%).") &&
      await data(page, "verdict", "optimum") === "281/360", "the verdict line says it too: " + verdict);
    await page.screenshot(shots + "/web-optimum.png");
    // At the deal's start (23 not seen): the proven bracket within 20,000 states and the planner's move.
    const start = cli("odds", "--variant", "msc", "--passes", "1", "--seed", "2", "--optimal", "--optimal-states", "20000",
      "--samples", "1", "--policy-orders", "0", "--format", "json").optimal;
    await page.goto(server.url + "#v=msc&passes=1&seed=2");
    await page.waitFor(verdictSettled, 60000);
    await page.key("f");
    const open = await page.waitFor(`(t => t.startsWith("Fair hint (") && t)(document.getElementById("selection").textContent)`, 180000);
    check(!start.exact && open.includes(": the planner's move (planner:32, not proved best). With best play without peeking " +
      "your chance is between " + boundText(start.lower, false) + " and " + boundText(start.upper, true) +
      " (proven bounds; not exact within 20,000 states).") && open.includes("By the orders alone: "),
      "at the start, odds --optimal's bracket (" + start.lower + "-" + start.upper + ") and the planner's move: " + open);
    // A proven bound is never overstated: the lower bound here is far below 0.05% and reads 0.0%
    // (rounded down; the nearest printable value, 0.1%, would claim more than was proved).
    check(start.lower < 0.0005 && open.includes("between 0.0% and "), "the tiny proven lower bound reads 0.0%: " + open);
    // The verdict line says the bracket and the planner's move too, labelled.
    await page.waitFor(verdictSettled, 60000);
    const planner = open.match(/: ([^:]*): the planner's move \(planner:32, not proved best\)\./)[1];
    const line = await text(page, "verdict");
    check(line.includes("With best play without peeking your chance is between " + boundText(start.lower, false) + " and " +
      boundText(start.upper, true) + " (proven bounds; not exact within 20,000 states). The planner's move (planner:32, " +
      "not proved best): " + planner.charAt(0).toLowerCase() + planner.slice(1) + "."), "the verdict line: " + line);
    await page.screenshot(shots + "/web-optimum-bracket.png");
  } else if (scenario === "offline") {
    // After a visit the page opens with the server gone (its service worker's copy).
    await page.waitFor(`navigator.serviceWorker.controller !== null || (location.reload(), false)`, 30000,
      "the service worker to control the page");
    await page.waitFor(`caches.open("pyramid-web").then(c => c.keys()).then(k => k.length >= 6)`, 30000, "the copy");
    server.stop();
    check(await fetch(server.url).then(() => false, () => true), "the server is gone");
    await page.send("Page.reload", {});
    await page.waitFor("document.body && document.body.dataset.ready === '1'", 60000, "the page to start offline");
    await loadByNumber(page, "msc", 3);
    const want = cli("solve", "--variant", "msc", "--seed", "3", "--optimal", "--format", "json");
    check(await checkPosition(page) === want.verdict && +(await data(page, "verdict", "moves")) === want.moves,
      "offline: deal 3 checked, " + await text(page, "verdict"));
    const refused = await page.eval(`fetch("index.html").then(() => "served", () => "refused")`);
    check(refused === "served", "offline: the files come from the copy (" + refused + ")");
  } else if (scenario === "unknown") {
    // msc deal 5, one pass, with stock cards 2-6 not seen: 120 orders, every
    // one solved, some won (msc turns the stock's top card up: card 1 is seen).
    const cards = cli("solve", "--variant", "msc", "--seed", "5", "--format", "json").deal.match(/../g);
    const hidden = cards.slice(29, 34);
    const seen = cards.map((c, i) => (i >= 29 && i < 34 ? "??" : c));
    const want = cli("solve", "--variant", "msc", "--passes", "1", "--deal", seen.join(""), "--format", "json");
    await page.goto(server.url + "#v=msc&passes=1&seed=5");
    await page.waitFor(verdictSettled, 60000);
    await page.eval(`document.getElementById("paste-box").open = true`);
    await page.type("#paste", seen.join(" "));
    await page.click("#paste-load");
    check(await page.waitFor(verdictSettled, 60000, "the odds") === "odds" &&
      await data(page, "verdict", "odds") === want.odds.wins + "/" + want.odds.samples &&
      (await text(page, "verdict")).includes(want.odds.wins + " of the " + want.odds.samples + " orders of the 5 cards not seen"),
      "the odds in place of the verdict, as pyramid solve (" + want.odds.wins + "/" + want.odds.samples + ", verdict " +
      want.verdict + "): " + await text(page, "verdict"));
    check((await text(page, "unseen-text")).startsWith("5 cards not seen (stock cards 2-6)"), "the places not seen: " +
      (await text(page, "unseen-text")).slice(0, 40));
    const named = async (p) => p.eval(`(() => { const b = document.getElementById("board");
      return ${JSON.stringify(hidden)}.filter(c => b.innerHTML.includes('data-card="' + c + '"')); })()`);
    check((await named(page)).length === 0 && await page.eval(`document.querySelectorAll("#board use.unseen").length`) === 0,
      "no card not seen is on the board: " + await named(page));
    const off = await page.eval(`["hint", "check", "difficulty-button"].map(id => [document.getElementById(id).disabled,
      document.getElementById(id).title])`);
    check(off.every(([d, t]) => d && / is off: cards not seen are in play/.test(t)), "Hint, Check and Difficulty are off, with why: " +
      JSON.stringify(off.map((o) => o[1].slice(0, 30))));
    for (const [k, what] of [["h", "Hint"], ["c", "Check"], ["m", "Difficulty"]]) {
      await page.key(k);
      check((await text(page, "selection")).startsWith(what + " is off: "), "key " + k + ": " + await text(page, "selection"));
    }
    // The fair hint: solve's best move over the orders of the cards not seen.
    const best = want.odds.moves.find((m) => m.best);
    const n = want.odds.samples - want.odds.intractable;
    await page.key("f");
    const fair = await page.waitFor(`(t => t.startsWith("Fair hint (") && t)(document.getElementById("selection").textContent)`, 30000);
    check(best.move === want.best_move && fair.includes("all " + want.odds.samples + " orders") &&
      fair.includes("keeps a win in " + percentText(best.wins / n)) &&
      best.move.split("+").every((c) => fair.includes(c[0] === "T" ? "10" : c[0])),
      "Fair hint as solve's best move (" + best.move + ", " + best.wins + "/" + n + "): " + fair);
    // ... and first the no-peek optimum of the five ?? cards, as solve --nopeek-optimum (exact: 5 not seen).
    const opt = cli("solve", "--variant", "msc", "--passes", "1", "--deal", seen.join(""), "--nopeek-optimum", "--format", "json").optimum;
    check(opt.exact && fair.includes("With best play without peeking your chance is " + opt.fraction + " (") &&
      (await text(page, "verdict")).includes("With best play without peeking your chance is " + opt.fraction + " ("),
      "the optimum of the ?? cards as solve --nopeek-optimum (" + opt.fraction + ", " + opt.best_move + "): " + fair);
    // The link carries the ?? and opens the same odds.
    const link = await page.eval(`document.getElementById("share").value`);
    const other = await browser.newPage(1200, 1000);
    await other.goto(link);
    await other.waitFor(verdictSettled, 60000);
    check(/deal=[^&]*\?\?/.test(decodeURIComponent(link)) && await text(other, "verdict") === await text(page, "verdict"),
      "the link opens the same odds: " + link.slice(link.indexOf("#"), link.indexOf("#") + 40) + "…");
    await other.close();
    // A draw turns stock card 2 up (now stock card 1): the player names it, the unknowns shrink.
    await page.click("#draw");
    await page.waitFor(`!document.getElementById("reveal-form").hidden`, 30000, "the next card to name");
    const offered = await page.eval(`[...document.getElementById("reveal-card").options].map(o => o.value)`);
    check(JSON.stringify(offered) === JSON.stringify(want.unknown_cards) &&
      (await text(page, "reveal-label")).includes("(stock card 1)") && (await named(page)).length === 0,
      "a draw: the next card to name, among the cards not seen (" + offered + "): " + await text(page, "reveal-label"));
    await page.waitFor(verdictSettled, 60000, "the odds with the card turned up");  // (the page is still)
    await page.select("#reveal-card", hidden[0]);
    await page.click("#reveal");
    await page.waitFor(`document.getElementById("unseen").dataset.count === "4"`, 30000, "four cards not seen")
      .catch(async (e) => { throw new Error(e.message + " (the page says: " + await text(page, "message") + " | " +
        await text(page, "selection") + " | " + await text(page, "reveal-label") + ")"); });
    const named1 = seen.map((c, i) => (i === 29 ? hidden[0] : c)).join("");
    const after = cli("solve", "--variant", "msc", "--passes", "1", "--deal", named1, "--moves", "draw", "--format", "json");
    check(await page.waitFor(verdictSettled, 60000) === "odds" &&
      await data(page, "verdict", "odds") === after.odds.wins + "/" + after.odds.samples &&
      (await named(page)).join() === hidden[0] && await data(page, "reveal-form", "turned") === "",
      hidden[0] + " named: the stock's top, and the odds of pyramid solve on the deal naming it (" + after.odds.wins + "/" +
      after.odds.samples + "): " + await text(page, "verdict"));
    // ?? in the card picker: the stock only.
    await page.eval(`document.getElementById("picker-box").open = true; document.getElementById("picker-box").dispatchEvent(new Event("toggle"))`);
    await page.click("#picker-clear");
    await page.click(`#picker-deck button[data-card='??']`);
    check(/^\?\? goes in the stock only/.test(await text(page, "message")), "the picker's ?? in the pyramid: " + await text(page, "message"));
    await page.click("#picker-fill");
    await page.click(".pick-stock button:last-child");
    await page.click(`#picker-deck button[data-card='??']`);
    await page.click("#picker-use");
    await page.waitFor(verdictSettled, 60000, "the picked deal's odds");
    check((await text(page, "unseen-text")).startsWith("1 card not seen (stock card 24)") && await data(page, "verdict", "verdict") === "odds",
      "a picked layout with a ??: " + (await text(page, "unseen-text")).slice(0, 40) + "; " + await text(page, "verdict"));
  } else if (scenario === "challenge") {
    // "Clear 12 Aces in 2 deals" from scratch (a line that clears the board,
    // one that does not, each with its chance); then the best score.
    const want = cli("solve", "--variant", "msc", "--seed", "1", "--challenge", "cards:A", "--target", "12",
      "--deals-left", "2", "--format", "json").challenge;
    await page.waitFor(verdictSettled, 60000);
    await page.eval(`document.getElementById("challenge-box").open = true`);
    const ask = async (kind, rank, target, current, deals) => {
      await page.select("#ch-kind", kind);
      if (rank) await page.select("#ch-rank", rank);
      await page.type("#ch-target", target);
      await page.type("#ch-current", current);
      await page.type("#ch-deals", deals);
      await page.click("#ch-solve");
      return page.waitFor(`(t => !t.startsWith("Solving") && t)(document.getElementById("ch-summary").textContent)`, 60000, "the challenge");
    };
    const shown = () => page.eval(`[...document.querySelectorAll("#ch-lines li")].map(li => [li.dataset.cleared === "true",
      +li.dataset.score, li.dataset.cards === "" ? null : +li.dataset.cards, +li.dataset.steps])`);
    const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
    let said = await ask("cards", "A", "12", "", "2");
    const lines = await shown();
    const pct = (p) => percentText(p);
    const texts = await page.eval(`[...document.querySelectorAll("#ch-lines li")].map(li => li.textContent)`);
    check(same(lines, want.lines.map((l) => [l.cleared, l.score, l.cards, l.steps])) && want.lines.length === texts.length &&
      want.lines.every((l, i) => texts[i].includes("; chance " + pct(l.probability))),
      "the lines as solve --challenge cards:A --target 12 --deals-left 2: " + JSON.stringify(texts));
    check(await data(page, "ch-summary", "probability") === String(want.probability) &&
      await data(page, "ch-summary", "recommended") === String(want.recommended) &&
      said.includes("Chance of completing the challenge: " + pct(want.probability)) &&
      await page.eval(`document.querySelectorAll("#ch-lines li")[${want.recommended}].className`) === "recommended",
      "the chance " + want.probability + " and line " + want.recommended + " recommended: " + said);
    check(said.includes("before this deal was seen: " + pct(want.before)), "and before the deal: " + pct(want.before));
    // The recommended line, step by step to its end, then played: the moves of the line.
    await page.click(`#ch-lines li:nth-child(${want.recommended + 1}) button`);
    const line = want.lines[want.recommended];
    check(await text(page, "step-label") === "Step 0 of " + line.steps && (await text(page, "solution-title")).startsWith("Challenge line"),
      "the line opens at step 0 of " + line.steps + ": " + await text(page, "solution-title"));
    await page.key("ArrowRight");
    check((await text(page, "step-label")) === "Step 1 of " + line.steps, "a step: " + await text(page, "step-label"));
    await page.key("End");
    check((await text(page, "step-caption")).startsWith("The end of the line: ") &&
      (await text(page, "step-caption")).includes(line.cards + " Aces"), "its end: " + await text(page, "step-caption"));
    await page.click("#play-here");
    const moves = await page.eval(`(location.hash.match(/moves=([^&]*)/) || ["", ""])[1]`);
    check(moves === line.solution.join("."), "played from its end: the moves of the line (" + line.steps + ")");
    // The best score, no target (from the deal's start: the panel answers from the position on the board).
    await page.click("#restart");
    const score = cli("solve", "--variant", "msc", "--seed", "1", "--challenge", "score", "--format", "json").challenge;
    said = await ask("score", null, "", "", "");
    check(same(await shown(), score.lines.map((l) => [l.cleared, l.score, l.cards, l.steps])) && said.startsWith("Score."),
      "the best score as solve --challenge score (" + score.lines[0].score + " in " + score.lines[0].steps + " steps): " +
      JSON.stringify(await shown()));
  } else if (scenario === "carry") {
    // "12 Aces in 2 deals", carried as a player plays it from msc deal 1.
    const challengeOf = (seed, moves, current, deals) => {
      const args = ["--challenge", "cards:A", "--target", "12", "--current", String(current), "--deals-left", String(deals),
        "--format", "json"];
      if (!moves.length) return cli("solve", "--variant", "msc", "--seed", String(seed), ...args).challenge;
      // from a position: its board as solve prints it, read back as a deal that begins there
      const board = cliText("solve", "--variant", "msc", "--seed", String(seed), "--moves", moves.join(" "), "--ascii");
      return cliIn(board, "solve", "--variant", "msc", "--deal-file", "-", ...args).challenge;
    };
    const live = async () => page.eval(`(e => ({ text: e.textContent, made: e.dataset.made, current: e.dataset.current,
      deals: e.dataset.deals, deal: e.dataset.deal, probability: e.dataset.probability, hidden: e.hidden }))(document.getElementById("ch-live"))`);
    const liveChance = (p, what) => page.waitFor(`document.getElementById("ch-live").dataset.probability === ${JSON.stringify(String(p))}`,
      120000, what).then(() => true, () => false);
    const pct = (p) => percentText(p);
    await page.waitFor(verdictSettled, 60000);
    await page.eval(`document.getElementById("challenge-box").open = true`);
    await page.select("#ch-kind", "cards");
    await page.select("#ch-rank", "A");
    await page.type("#ch-target", "12");
    await page.type("#ch-deals", "2");
    await page.click("#ch-solve");
    const first = challengeOf(1, [], 0, 2);
    check(await liveChance(first.probability, "the chance from deal 1's start"), "deal 1: the chance as solve --challenge gives it (" +
      first.probability + "): " + (await live()).text);
    let L = await live();
    check(L.made === "0" && L.current === "0" && L.deals === "2" && L.deal === "1" && L.text.includes(pct(first.probability)),
      "deal 1: made so far, deals left, the chance: " + L.text);
    // The line that does not clear the board, played from its end.
    const open = first.lines.findIndex((l) => !l.cleared);
    await page.click(`#ch-lines li:nth-child(${open + 1}) button`);
    await page.key("End");
    await page.click("#play-here");
    const line1 = first.lines[open].solution;
    const end1 = challengeOf(1, line1, 0, 2);
    check(await liveChance(end1.probability, "the chance at the line's end"), "the chance follows the position: at the line's end " +
      end1.probability + " (solve on its board): " + (await live()).text);
    L = await live();
    check(L.made === String(first.lines[open].cards) && L.text.includes(first.lines[open].cards + " Aces of 12 made in this deal"),
      "what the deal made so far: " + L.text);
    // The link carries the challenge: a new tab shows the same.
    const link = await page.eval(`document.getElementById("share").value`);
    check(/challenge=cards%3AA&target=12&made=0&deals=2&chdeal=1/.test(link), "the link carries the challenge: " + link.slice(link.indexOf("#")));
    const other = await browser.newPage(1200, 1000);
    await other.goto(link);
    const same = await other.waitFor(`document.getElementById("ch-live").dataset.probability === ${JSON.stringify(String(end1.probability))}`,
      120000, "the challenge in a new tab").then(() => true, () => false);
    check(same && await other.eval(`document.getElementById("ch-live").textContent`) === L.text,
      "the link opens the same challenge, made so far and chance: " + await other.eval(`document.getElementById("ch-live").textContent`));
    await other.close();
    // Next deal: deal 2 starts with the Aces made and one deal left (no clear).
    const aces1 = first.lines[open].cards;
    await page.click("#next-deal");
    await page.waitFor(`document.getElementById("deal-title").textContent.includes("deal 2")`, 30000, "deal 2");
    const second = challengeOf(2, [], aces1, 1);
    check(await liveChance(second.probability, "deal 2's chance"), "deal 2: the chance as solve --challenge --current " + aces1 +
      " --deals-left 1 gives it (" + second.probability + "): " + (await live()).text);
    L = await live();
    check(L.current === String(aces1) && L.deals === "1" && L.deal === "2" && await page.eval(`document.getElementById("ch-current").value`) === String(aces1) &&
      await page.eval(`document.getElementById("ch-deals").value`) === "1",
      "deal 2: Made so far " + aces1 + " and Deals left 1 (this deal used one up): " + L.text);
    // A few moves by clicks: the chance from each position.
    const clear = second.lines.findIndex((l) => l.cleared);
    const line2 = second.lines[clear].solution;
    for (const m of line2.slice(0, 3)) {
      await playMove(page, m);
      await page.waitFor(verdictSettled, 60000);
    }
    const mid2 = challengeOf(2, line2.slice(0, 3), aces1, 1);
    check(await liveChance(mid2.probability, "the chance after 3 moves"), "after 3 moves: the chance from there (" + mid2.probability + "): " +
      (await live()).text);
    // The rest of the clearing line: the board cleared keeps the deal.
    await page.eval(`document.getElementById("challenge-box").open = true`);
    await page.waitFor(`document.querySelector("#ch-lines li.recommended button")`, 60000);
    await page.click("#ch-lines li.recommended button");
    await page.key("End");
    await page.click("#play-here");
    await page.waitFor(`document.getElementById("verdict").dataset.verdict === "won"`, 60000, "deal 2 won");
    L = await live();
    check(L.text.includes("(the board is cleared: this deal is free)"), "deal 2 cleared: " + L.text);
    const aces2 = aces1 + +L.made;
    await page.key("n");
    await page.waitFor(`document.getElementById("deal-title").textContent.includes("deal 3")`, 30000, "deal 3");
    const third = challengeOf(3, [], aces2, 1);
    check(await liveChance(third.probability, "deal 3's chance"), "deal 3: the chance with " + aces2 + " made and 1 deal left (" +
      third.probability + "): " + (await live()).text);
    L = await live();
    check(L.current === String(aces2) && L.deals === "1" && L.deal === "3", "deal 3: the cleared deal 2 was free: " + L.text);
    for (const m of third.lines[third.recommended].solution.slice(0, 4)) await playMove(page, m);
    await page.waitFor(verdictSettled, 60000);
    const mid3 = challengeOf(3, third.lines[third.recommended].solution.slice(0, 4), aces2, 1);
    check(await liveChance(mid3.probability, "deal 3 after 4 moves"), "deal 3 after 4 moves: " + (await live()).text);
    check((await text(page, "ch-summary")).startsWith("Aces, from move 4: target 12, " + aces2 + " made before this deal"),
      "the answer is from the position: " + await text(page, "ch-summary"));
    if (opt("--shots")) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot(shots + "/web-challenge-carried.png");
    }
  } else if (scenario === "ch-form") {
    await page.waitFor(verdictSettled, 60000);
    await page.eval(`document.getElementById("challenge-box").open = true`);
    const summary = () => text(page, "ch-summary");
    const lines = () => page.eval(`document.querySelectorAll("#ch-lines li").length`);
    const solved = async () => {
      await page.select("#ch-kind", "cards");
      await page.select("#ch-rank", "A");
      await page.type("#ch-target", "12");
      await page.type("#ch-current", "0");
      await page.type("#ch-deals", "2");
      await page.click("#ch-solve");
      await page.waitFor(`document.querySelectorAll("#ch-lines li").length > 0`, 60000, "an answer");
    };
    // Each: a field's value, and what the panel says instead of the old answer.
    const cases = [["#ch-current", "-1", "No challenge: Made so far must be 0 to 1000000000."],
      ["#ch-deals", "0", "No challenge: Deals left must be 1 to 1000."],
      ["#ch-deals", "1e", "No challenge: Deals left is not a number."],
      ["#ch-target", "2.5", "No challenge: Target must be a whole number."],
      ["#ch-current", "12", "No challenge: the target (12) is already reached with Made so far 12."],
      ["#ch-target", "", "No challenge: Made so far needs Target."]];
    for (const [field, value, words] of cases) {
      await solved();
      if (field === "#ch-target" && value === "") await page.type("#ch-current", "3");
      await page.type(field, value);
      await page.click("#ch-solve");
      await page.waitFor(`!document.getElementById("ch-summary").textContent.startsWith("Solving")`, 60000);
      const said = await summary();
      check(said === words && await lines() === 0 && !said.includes("--") &&
        await page.eval(`document.getElementById("ch-live").hidden`),
        field + " '" + value + "': the old answer cleared, the error in the page's words: " + said);
    }
  } else if (scenario === "captions") {
    // Every preset with cards on its stock and waste, at a desktop width and
    // a phone's (the narrow board: stock and wastes in a row): no caption or
    // card name drawn on the board overlaps another, none leaves the picture.
    const presets = ["msc", "relaxed", "pyramid", "cheops", "pharaohs", "solitarium", "classic", "giza", "tuts-tomb",
      "apophis", "triangle", "spanish"];
    const overlaps = `(() => { const svg = document.querySelector("#board svg").getBoundingClientRect();
      const t = [...document.querySelectorAll("#board text")].filter((e) => e.textContent.trim() && !e.closest("defs"));
      const b = t.map((e) => e.getBoundingClientRect()), out = [];
      for (let i = 0; i < t.length; i++) {
        if (b[i].left < svg.left - 0.5 || b[i].right > svg.right + 0.5) out.push(t[i].textContent + " leaves the picture");
        for (let j = i + 1; j < t.length; j++)
          if (b[i].left < b[j].right - 0.5 && b[j].left < b[i].right - 0.5 && b[i].top < b[j].bottom - 0.5 &&
              b[j].top < b[i].bottom - 0.5) out.push(t[i].textContent + " overlaps " + t[j].textContent);
      }
      return out; })()`;
    for (const [w, h] of [[1200, 1000], [375, 740]]) {
      const p = w === 1200 ? page : await browser.newPage(w, h, true);
      for (const v of presets) {
        await p.goto(server.url + `#v=${v}&seed=2` + (v === "giza" ? "" : "&moves=draw.draw.draw"));  // (giza: no stock)
        await p.waitFor(verdictSettled, 60000);
        const bad = await p.eval(overlaps);
        check(bad.length === 0, `${v} at ${w} px: no caption overlaps another` + (bad.length ? ": " + bad.join("; ") : ""));
      }
      if (p !== page) check(p.errors.length === 0, "no script error on the phone's page");
    }
  } else if (scenario === "phone") {
    // A phone's widths, every panel open and a rule changed (the rules form
    // open): the page is no wider than the screen, and the deal number field
    // shows a number of 7 digits whole.
    for (const w of [320, 375, 800]) {
      const p = await browser.newPage(w, 740, w < 600);
      await p.goto(server.url + "#v=msc&passes=1&seed=1234567");
      await p.waitFor(verdictSettled, 60000);
      await p.eval(`for (const id of ["rules-box", "paste-box", "picker-box", "challenge-box", "more"])
        document.getElementById(id).open = true`);
      const got = await p.eval(`new Promise((done) => requestAnimationFrame(() => {
        const s = document.getElementById("seed");
        done({ page: document.documentElement.scrollWidth, seed: s.value, field: s.clientWidth, text: s.scrollWidth });
      }))`);
      check(got.page <= w, `${w} px: the page is ${got.page} px wide`);
      check(got.seed === "1234567" && got.text <= got.field,
        `${w} px: the deal number field (${got.field} px) shows ${got.seed} whole (${got.text} px)`);
      check(p.errors.length === 0, `${w} px: no script error`);
      await p.close();
    }
  } else if (scenario === "mid-game") {
    // msc deal 1 after QH+AS TS+3C draw draw, as a player sees it in another
    // app: the waste's top and the stock not seen, the gone cards named.
    const cards = cli("solve", "--variant", "msc", "--seed", "1", "--format", "json").deal.match(/../g);
    const rows = [1, 2, 3, 4, 5, 6, 7];
    const gone = ["QH", "AS", "TS", "3C"];
    const stockLeft = 24 - 2;
    await page.waitFor(verdictSettled, 60000);
    await page.eval(`document.getElementById("picker-box").open = true; document.getElementById("picker-box").dispatchEvent(new Event("toggle"))`);
    await page.click("#picker-mid");
    // The tableau in dealing order, .. for a card gone.
    for (const c of cards.slice(0, 28)) await page.click(`#picker-deck button[data-card='${gone.includes(c) ? ".." : c}']`);
    await page.click("#pz-waste0");
    await page.click(`#picker-deck button[data-card='${cards[28]}']`);
    await page.click(`#picker-deck button[data-card='??']`);
    await page.click("#pz-stock");
    for (let k = 0; k < stockLeft; k++) await page.click(`#picker-deck button[data-card='??']`);
    await page.click("#pz-gone");
    for (const c of gone) await page.click(`#picker-deck button[data-card='${c}']`);
    if (opt("--shots")) {
      mkdirSync(shots, { recursive: true });
      await page.screenshot(shots + "/web-picker-mid-game.png");
    }
    await page.click("#picker-use");
    check(await text(page, "message") === "" && (await text(page, "deal-title")).includes("pasted deal"),
      "the picked board loads: " + await text(page, "message"));
    const boardText = rows.map((r, i) => cards.slice(i * (i + 1) / 2, (i + 1) * (i + 2) / 2).map((c) => gone.includes(c) ? ".." : c).join(" "))
      .join("\n") + "\nwaste: " + cards[28] + " ??\nstock (" + stockLeft + "): " + Array(stockLeft).fill("??").join(" ") +
      "\npass 1\ngone (4): " + gone.join(" ") + "\n";
    const want = cliIn(boardText, "solve", "--variant", "msc", "--deal-file", "-", "--format", "json");
    check(await page.waitFor(verdictSettled, 60000, "the odds") === "odds" &&
      await data(page, "verdict", "odds") === want.odds.wins + "/" + want.odds.samples &&
      (await text(page, "unseen-text")).startsWith("23 cards not seen (stock cards 1-22, waste card 2)"),
      "the odds of pyramid solve on that board (" + want.odds.wins + "/" + want.odds.samples + "): " + await text(page, "verdict") +
      " | " + (await text(page, "unseen-text")).slice(0, 50));
    // A card not seen named at a place that is not the first one turned up: stock card 3.
    const places = await page.eval(`[...document.getElementById("reveal-place").options].map(o => o.value)`);
    check(places.length === 23 && places.includes("stock card 3") && await page.eval(`document.getElementById("reveal-place").value`) === "stock card 1",
      "every place not seen can be named, the one turned up first: " + places.slice(0, 4).join(", ") + " …");
    await page.select("#reveal-place", "stock card 3");
    check((await text(page, "reveal-label")) === "The card not seen at stock card 3 is", "the prompt names the place: " + await text(page, "reveal-label"));
    const third = cards[28 + 2 + 2];  // the stock after two draws: its third card
    await page.select("#reveal-card", third);
    await page.click("#reveal");
    await page.waitFor(`document.getElementById("unseen").dataset.count === "22"`, 30000, "22 cards not seen");
    const named = boardText.replace(/stock \(22\): \?\? \?\? \?\?/, "stock (22): ?? ?? " + third);
    const after = cliIn(named, "solve", "--variant", "msc", "--deal-file", "-", "--format", "json");
    check(await page.waitFor(verdictSettled, 60000) === "odds" && await data(page, "verdict", "odds") === after.odds.wins + "/" + after.odds.samples &&
      (await text(page, "unseen-text")).startsWith("22 cards not seen (stock card 1, stock card 2, stock cards 4-22, waste card 2)"),
      third + " named at stock card 3: the odds of pyramid solve with it named there (" + after.odds.wins + "/" + after.odds.samples +
      "): " + await text(page, "verdict") + " | " + (await text(page, "unseen-text")).slice(0, 60));
    // The picker's own checks: .. is for the layout, ?? not in the tableau.
    await page.click("#picker-clear");
    await page.click(`#picker-deck button[data-card='??']`);
    check(/^\?\? goes in the stock only/.test(await text(page, "message")), "?? in the pyramid: " + await text(page, "message"));
    await page.click("#pz-gone");
    await page.click(`#picker-deck button[data-card='..']`);
    check(/^\.\. marks a place of the layout/.test(await text(page, "message")), ".. among the gone cards: " + await text(page, "message"));
  } else if (scenario === "shots") {
    mkdirSync(shots, { recursive: true });
    await page.waitFor(verdictSettled, 60000);
    await page.screenshot(shots + "/web-initial.png");
    await checkPosition(page);
    await page.waitFor(`document.getElementById("measures").textContent.startsWith("Difficulty")`, 60000);
    for (let k = 0; k < 21; k++) await page.key("ArrowRight");
    await page.screenshot(shots + "/web-solution.png");
    await page.click("#close-solution");
    const want = cli("solve", "--variant", "giza", "--seed", "2", "--optimal", "--format", "json");
    await loadByNumber(page, "giza", 2);
    for (const m of want.solution.slice(0, 5)) await playMove(page, m);
    await page.waitFor(verdictSettled, 60000);
    const c = want.solution[5].split("+")[0];
    await page.click(`#board use.playable[data-card='${c}']`);
    await page.screenshot(shots + "/web-playing.png");
    await page.goto(server.url + "#v=msc&passes=1&seed=4&moves=draw");
    await page.waitFor(verdictSettled, 60000);
    await page.key("f");
    await page.waitFor(`document.getElementById("selection").textContent.startsWith("Fair hint (")`, 120000);
    await page.waitFor(verdictSettled, 60000);
    await page.screenshot(shots + "/web-lost-fair-hint.png");
    const phone = await browser.newPage(375, 740, true);
    await phone.goto(server.url + "#v=msc&seed=11&moves=draw.draw");
    await phone.waitFor(verdictSettled, 60000);
    await phone.screenshot(shots + "/web-phone.png");
    await phone.key("m");
    await phone.waitFor(`document.getElementById("difficulty").dataset.difficulty !== ""`, 120000);
    await phone.waitFor(verdictSettled, 60000);
    await phone.screenshot(shots + "/web-phone-difficulty.png");
    await phone.eval(`document.getElementById("picker-box").open = true; document.getElementById("picker-box").dispatchEvent(new Event("toggle"))`);
    await phone.screenshot(shots + "/web-phone-picker.png");
    const mid = await browser.newPage(560, 900, true);
    await mid.goto(server.url + "#v=msc&seed=11&moves=draw.draw");
    await mid.waitFor(verdictSettled, 60000);
    await mid.screenshot(shots + "/web-560.png");
    // The fair hint's progress line on a hard game (then stopped).
    await page.goto(server.url + "#v=tuts-tomb&goal=all&overlap=on&seed=41");
    await page.key("f");
    await page.waitFor(`/^Fair hint: [1-9][0-9]* of 200 orders solved/.test(document.getElementById("progress").textContent)`, 120000);
    await page.screenshot(shots + "/web-fair-progress.png");
    await page.click("#stop");
    // Cards not seen: msc deal 5 with stock cards 2-6 as ??, after a draw ("the next card is ...").
    const d5 = cli("solve", "--variant", "msc", "--seed", "5", "--format", "json").deal;
    await page.goto(server.url + "#v=msc&passes=1&deal=" + d5.slice(0, 58) + "%3F".repeat(10) + d5.slice(68) + "&moves=draw");
    await page.waitFor(verdictSettled, 60000);
    await page.screenshot(shots + "/web-unknown.png");
    // The challenge panel: 12 Aces in 2 deals on msc deal 1, its recommended line at step 10.
    await page.goto(server.url + "#v=msc&seed=1");
    await page.eval(`document.getElementById("challenge-box").open = true`);
    await page.select("#ch-kind", "cards");
    await page.type("#ch-target", "12");
    await page.type("#ch-deals", "2");
    await page.click("#ch-solve");
    await page.waitFor(`document.querySelector("#ch-lines li.recommended button")`, 60000);
    await page.click("#ch-lines li.recommended button");
    for (let k = 0; k < 10; k++) await page.key("ArrowRight");
    await page.screenshot(shots + "/web-challenge.png");
    console.log("screenshots in " + shots);
  } else {
    console.log("unknown scenario " + scenario);
    failures++;
  }
  check(page.errors.length === 0, "no script error on the page" + (page.errors.length ? ": " + page.errors.join("; ") : ""));
} catch (e) {
  console.log("FAIL: " + (e.stack || e));
  failures++;
  // What the page showed when it failed (a timeout says only what it waited for).
  if (page) {
    const state = await page.eval(`JSON.stringify({ address: location.hash, opened: document.body.dataset.opened,
      ...Object.fromEntries(["verdict", "progress", "message", "selection"].map((id) =>
        [id, (document.getElementById(id) || {}).textContent])) })`).catch((err) => "unreadable: " + err);
    console.log("the page then: " + state + (page.errors.length ? "; script errors: " + page.errors.join("; ") : ""));
  }
} finally {
  clearTimeout(timer);
  await browser.close();
  server.close();
}
process.exit(failures ? 1 : 0);
