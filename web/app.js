"use strict";
// The page's one script. On the page (loaded as a module) it runs the game;
// loaded as a Web Worker (new Worker("app.js")) it runs searches, so the
// page never freezes. Both sides run the same WebAssembly module
// (pyramid-web.wasm: the engine, solver and api/ of the `pyramid` command,
// web/web_api.h's JSON entry point): the page's instance reads deals, draws
// positions and lists legal moves (quick), the worker's solves. Stop
// terminates the worker and starts a fresh one. Nothing is fetched but this
// folder's files.

// Registered as the page's service worker too (the same file), it keeps a
// copy of the site's files so the page also opens offline after a visit:
// network first (a rebuilt site is always the one served), the copy when
// the network fails.
const IS_SERVICE_WORKER = typeof ServiceWorkerGlobalScope !== "undefined" && self instanceof ServiceWorkerGlobalScope;
const IS_WORKER = !IS_SERVICE_WORKER && typeof document === "undefined";

// percentText:begin
// A share or chance x (0..1) as a percentage with `digits` decimals: the
// rule of report/format.h's percent_text, which the CLI and play use (x *
// 100 * 10^digits rounded half up in doubles; a share that is not 1 never
// reads 100%, one that is not 0 never 0%). tests/web/format_test.mjs checks
// both against tests/data/percent-cases.json.
function percentText(x, digits = 1) {
  if (!Number.isFinite(x)) return "-";
  let scale = 100;
  for (let i = 0; i < digits; ++i) scale *= 10;
  const y = Math.abs(x) * scale;
  let k = Math.floor(y + 0.5);
  if (x !== 0 && k === 0) k = 1;
  if (Math.abs(x) < 1 && k >= scale) k = scale - 1;
  return (x < 0 ? "-" : "") + (k / (scale / 100)).toFixed(digits) + "%";
}
// percentText:end
// A proven bound as a percentage (report/format.h bound_text): rounded
// outward so the text never claims more than was proved, a lower bound
// down and an upper bound up ("0.0%" for a lower bound of 1e-16, where
// percentText would say 0.1%).
// boundText:begin
function boundText(x, upper) {
  if (!Number.isFinite(x)) return "-";
  const k = Math.min(1000, Math.max(0, upper ? Math.ceil(x * 1000) : Math.floor(x * 1000)));
  return (k / 10).toFixed(1) + "%";
}
// boundText:end

// One JSON request to an instance of the module (web/web_api.h).
function callModule(M, handle, request) {
  const text = JSON.stringify(request);
  const size = M.lengthBytesUTF8(text) + 1;
  const ptr = M._malloc(size);
  M.stringToUTF8(text, ptr, size);
  try {
    return JSON.parse(M.UTF8ToString(M._pyr_call(handle, ptr)));
  } finally {
    M._free(ptr);
  }
}

// An instance of the module compiled once by the page (a promise that
// rejects, rather than waits for ever, when the instance cannot start).
function instantiate(module, extra) {
  return new Promise((resolve, reject) => {
    createPyramid(Object.assign({
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(module, imports).then((inst) => done(inst, module), reject);
        return {};
      },
      onAbort: reject,
    }, extra)).then(resolve, reject);
  });
}

if (IS_SERVICE_WORKER) {
  const CACHE = "pyramid-web";
  const FILES = ["./", "index.html", "app.js", "style.css", "pyramid-web.js", "pyramid-web.wasm"];
  self.addEventListener("install", (e) => e.waitUntil(caches.open(CACHE).then((c) => c.addAll(FILES))
    .then(() => self.skipWaiting())));
  self.addEventListener("activate", (e) => e.waitUntil(self.clients.claim()));
  self.addEventListener("fetch", (e) => {
    if (e.request.method !== "GET" || !e.request.url.startsWith(self.location.origin)) return;
    e.respondWith(fetch(e.request).then((r) => {
      if (r.ok) {
        const copy = r.clone();
        e.waitUntil(caches.open(CACHE).then((c) => c.put(e.request, copy)));
      }
      return r;
    }).catch(() => caches.match(e.request, { ignoreSearch: true })
      .then((r) => r || (e.request.mode === "navigate" ? caches.match("index.html") : Response.error()))));
  });
} else if (IS_WORKER) {
  // ---- the worker: {module, glue} once, then {id, req} -> {id, progress} or {id, orders} ... {id, answer}
  let M = null, handle = 0, current = 0, broken = "";
  const waiting = [];
  const run = (msg) => {
    current = msg.id;
    let answer;
    try {
      if (broken) throw broken;
      answer = callModule(M, handle, msg.req);
    } catch (e) {  // a trap in the module (or it never started): this instance is done for
      answer = { error: "the solver stopped unexpectedly (" + e + ")", crashed: true, could_not_start: !!broken };
    }
    self.postMessage({ id: msg.id, answer });
  };
  self.onmessage = (e) => {
    const msg = e.data;
    if (msg.module) {
      importScripts(msg.glue);
      instantiate(msg.module, {
        onProgress: (states) => self.postMessage({ id: current, progress: states }),
        onOrders: (done, total) => self.postMessage({ id: current, orders: [done, total] }),
      })
        .then((inst) => {
          M = inst;
          handle = M._pyr_new();
        }, (e) => {
          broken = "it could not start: " + e;
        })
        .then(() => waiting.splice(0).forEach(run));
    } else if (M || broken) {
      run(msg);
    } else {
      waiting.push(msg);
    }
  };
} else {
  pageMain().catch((e) => {
    const m = document.getElementById("message");
    m.textContent = "The page could not start: " + e;
  });
}

// ---------------------------------------------------------------- the page

async function pageMain() {
  const $ = (id) => document.getElementById(id);
  const bytes = await (await fetch("pyramid-web.wasm")).arrayBuffer();
  const module = await WebAssembly.compile(bytes);
  // Workers start from copies held in memory (blob: addresses), so starting
  // a fresh one after Stop needs no network: the page works offline once loaded.
  const blobOf = async (url) => URL.createObjectURL(new Blob([await (await fetch(url)).text()],
    { type: "text/javascript" }));
  const [workerUrl, glueUrl] = await Promise.all([blobOf("app.js"), blobOf("pyramid-web.js")]);
  const M = await instantiate(module, {});
  const handle = M._pyr_new();
  const rulesCall = (req) => callModule(M, handle, req);

  // ---- the search worker
  let worker = null, job = null, nextId = 1;
  const startWorker = () => {
    worker = new Worker(workerUrl);
    worker.postMessage({ module, glue: glueUrl });
    worker.onmessage = (e) => {
      const m = e.data;
      if (!job || m.id !== job.id) return;
      if (m.progress !== undefined) return job.onProgress(m.progress);
      if (m.orders !== undefined) return job.onOrders && job.onOrders(m.orders[0], m.orders[1]);
      const j = job;
      if (m.answer.out_of_memory || m.answer.crashed) restartWorker();
      if (m.answer.could_not_start && retry(j)) return;
      job = null;
      j.resolve(m.answer);
    };
    worker.onerror = (e) => {
      e.preventDefault();
      const j = job;
      restartWorker();
      if (retry(j)) return;
      job = null;
      if (j) j.resolve({ error: "the solver stopped unexpectedly (" + (e.message || "no message") + ")", crashed: true });
    };
  };
  // A worker that could not start (its module, or a script it loads from a
  // blob: address, failed: seen now and then under load, "importScripts ...
  // failed to load") gets the job once more on the fresh worker.
  const retry = (j) => {
    if (!j || j.retried) return false;
    j.retried = true;
    worker.postMessage({ id: j.id, req: j.req });
    return true;
  };
  const restartWorker = () => {
    worker.terminate();
    startWorker();
  };
  startWorker();
  // onProgress(states) every 2^16 positions; onOrders(done, total) as the
  // fair hint solves the orders of the cards not seen.
  const solve = (req, onProgress, onOrders) => {
    if (job) cancelSearch();
    return new Promise((resolve) => {
      job = { id: nextId++, resolve, onProgress, onOrders, req };
      worker.postMessage({ id: job.id, req });
    });
  };
  const cancelSearch = () => {
    if (!job) return;
    const j = job;
    job = null;
    restartWorker();
    j.resolve({ stopped: true });
  };

  // ---- cards and moves in words
  const SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const SPANISH_SUIT = { O: "oros", C: "copas", E: "espadas", B: "bastos" };
  const RANK_NAME = { A: "ace", T: "ten", J: "jack", Q: "queen", K: "king", 2: "two", 3: "three", 4: "four",
    5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine" };
  const spanish = () => S.variant && S.variant.deck === "spanish";
  const show = (c) => spanish() ? c : (c[0] === "T" ? "10" : c[0]) + SYMBOL[c[1]];
  const cardName = (c) => {
    if (spanish()) return c.slice(0, -1) + " of " + SPANISH_SUIT[c.slice(-1)];
    return RANK_NAME[c[0]] + " of " + SUIT_NAME[c[1]];
  };
  // A card in a sentence: as shown ("8♠"), a Spanish card in words ("8 of espadas", not "8E").
  const words = (c) => spanish() ? cardName(c) : show(c);
  const moveCards = (m) => m.split("+");
  const moveShown = (m) => m === "draw" || m === "redeal" ? m : moveCards(m).map(show).join("+");
  const moveWords = (m) => {
    if (m === "draw") return "draw a card from the stock";
    if (m === "redeal") return "redeal: the waste goes back to the stock";
    const cs = moveCards(m).map(words);
    return cs.length === 1 ? "remove " + cs[0] : "remove " + cs[0] + " and " + cs[1];
  };
  const goalWords = () => !S.variant ? "" : S.variant.goal === "all" ? "every card"
    : S.variant.shape === "triangle" ? "the triangle" : "the pyramid";
  const fmt = (n) => Number(n).toLocaleString("en-US");
  const positions = (n) => fmt(n) + (Number(n) === 1 ? " position" : " positions");
  const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);

  // ---- the rule schema (engine/rules.h): the overrides the form offers, in
  // order, each preset's own values, and its rows' widths
  const SCHEMA = rulesCall({ op: "schema" });
  const RULE_KEYS = SCHEMA.rules.map((d) => d.key);
  const noOverrides = () => Object.fromEntries(RULE_KEYS.map((k) => [k, ""]));

  // ---- state
  const S = {
    presets: rulesCall({ op: "presets" }).presets,
    rules: Object.assign({ variant: "msc" }, noOverrides()),
    source: null,     // {seed} or {deal}: what the URL carries
    variant: null,    // variant_json of the loaded deal
    deal: "",         // its compact string
    seed: "",
    played: [], redo: [],
    view: null,       // the load answer of the position on the board
    selected: null,   // a card picked for a pair
    hint: null,       // a move framed on the board
    analysis: null,   // {key, answer} for the position `played` reaches
    analysing: null,  // the key being searched
    wantSolution: false,
    solution: null,   // {base, moves, step, lost}: stepping through a line
    picker: null,     // {slots: [card|null]}
    fair: null,       // the fair hint being computed: {key, done, total, states, started, updates}
    fairOptimum: null,  // the fair hint's no-peek optimum, for the verdict line: {key, optimum}
    measuring: null,  // the difficulty being measured: {key, started, states}
    challenging: null,  // the challenge being solved: {started, states}
    challenge: null,  // the challenge's answer on this deal (the `challenge` object of solve --format json)
    carry: null,      // a challenge with a target carried as it is played: {req, dealNo, asked, over}
  };
  // Cards not seen (??) still in play: every answer is odds over their
  // orders; nothing shown may depend on the order the placeholders invent.
  const unseenInPlay = () => !!(S.view && S.view.position.unknown_in_play);
  const presetOf = (name) => S.presets.find((p) => p.name === name);

  // ---- messages
  const say = (text) => { $("message").textContent = text; };

  // ---- the rules form: one select per rule of the schema (id: its key),
  // its choices after "(game's: ...)", the preset's own; disabled where the
  // preset cannot take the rule. "" keeps the preset's.
  for (const p of S.presets) $("variant").add(new Option(p.name + ": " + p.title, p.name));
  $("rules").replaceChildren(...SCHEMA.rules.map((d) => {
    const label = document.createElement("label");
    const select = document.createElement("select");
    select.id = d.key;
    select.add(new Option("(game's)", ""));
    for (const c of d.choices) select.add(new Option(c.words, c.value));
    label.append(d.label + " ", select);
    return label;
  }));
  const fillRuleSelects = () => {
    const p = presetOf($("variant").value);
    const own = SCHEMA.preset_rules[p.name];
    for (const d of SCHEMA.rules) {
      const value = own[d.key];
      const c = d.choices.find((x) => x.value === value);
      $(d.key).disabled = value === null;
      $(d.key).options[0].text = value === null ? "(no " + d.label.toLowerCase() + ")"
        : "(game's: " + (c ? c.words : value) + ")";
    }
    $("variant-summary").textContent = p.summary;
  };
  const formRules = () => Object.assign({ variant: $("variant").value },
    ...RULE_KEYS.map((k) => ({ [k]: $(k).disabled ? "" : $(k).value })));
  const setForm = (r) => {
    $("variant").value = r.variant;
    fillRuleSelects();
    for (const k of RULE_KEYS) $(k).value = r[k] || "";
    if (RULE_KEYS.some((k) => r[k])) $("rules-box").open = true;
  };

  // ---- loading a deal
  // Loads rules + source with `played` moves; on an error says it and changes nothing.
  const loadDeal = (rules, source, played = [], opts = {}) => {
    const a = rulesCall(Object.assign({ op: "load", rules, moves: played.join(" ") }, source));
    if (a.error) {
      say(a.error);
      return false;
    }
    say(opts.message || "");
    if (opts.next) carryChallenge();
    cancelSearch();
    S.token = (S.token || 0) + 1;  // whatever was being searched is moot
    // Nothing of the last deal stays: its hint, fair hint, difficulty and progress line.
    Object.assign(S, { rules, source, variant: a.variant, deal: a.deal, seed: a.seed || "", played: played.slice(),
      redo: [], selected: null, hint: null, analysis: null, analysing: null, solution: null, wantSolution: false,
      wantHint: false, fair: null, fairOptimum: null, measuring: null, challenging: null, challenge: null });
    if (opts.picked) S.source = { deal: a.deal };
    for (const id of ["difficulty", "selection", "progress", "reason", "ch-summary"]) $(id).textContent = "";
    $("ch-lines").replaceChildren();
    fillRanks();
    setForm(rules);
    if (S.seed) $("seed").value = S.seed;
    render();
    analyse();
    return true;
  };
  const loadFromForm = (source) => loadDeal(formRules(), source || S.source, []);
  // Another deal to play: a challenge being carried goes on to it (carryChallenge).
  const loadNext = (source, opts = {}) => loadDeal(formRules(), source, [], Object.assign({ next: true }, opts));

  $("seed-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const seed = $("seed").value.trim();
    if (!seed) return say("Type a deal number (1 to 10^20-1, or ms1 to ms8589934591).");
    loadNext({ seed });
  });
  $("random").addEventListener("click", () => {
    const seed = String(1 + Math.floor(Math.random() * 1000000));
    $("seed").value = seed;
    loadNext({ seed });
  });
  // The next deal by number (as play's n): 41 -> 42, ms24 -> ms25.
  const nextDeal = () => {
    const m = /^(ms)?(\d+)$/.exec(S.seed || "");
    if (!m) return say("No next deal: this deal was given as cards, not as a deal number.");
    const seed = (m[1] || "") + String(BigInt(m[2]) + 1n);
    $("seed").value = seed;
    if (loadNext({ seed })) return;
    // Past the last number: the deal stays, and so does its number (as play's n says it).
    $("seed").value = S.seed;
    say($("message").textContent.replace(/^bad seed: /, "No next deal: "));
  };
  $("next-deal").addEventListener("click", nextDeal);
  $("paste-load").addEventListener("click", () => loadNext({ deal: $("paste").value }));
  $("variant").addEventListener("change", () => {
    for (const k of RULE_KEYS) $(k).value = "";
    fillRuleSelects();
    if (S.source) loadFromForm(); else showPicker();
  });
  for (const k of RULE_KEYS) {
    $(k).addEventListener("change", () => {
      if (S.source && !loadFromForm()) setForm(S.rules);  // refused: back to the rules in force
    });
  }

  // ---- drawing the board
  const SVGNS = "http://www.w3.org/2000/svg";
  const frame = (svg, use, cls) => {
    const r = document.createElementNS(SVGNS, "rect");
    const x = +use.getAttribute("x"), y = +use.getAttribute("y");
    const w = +use.getAttribute("width"), h = +use.getAttribute("height");
    if (cls === "playable-mark") {
      r.setAttribute("x", x + 4); r.setAttribute("y", y + h - 6); r.setAttribute("width", w - 24);
      r.setAttribute("height", 3); r.setAttribute("rx", 1.5);
    } else {
      r.setAttribute("x", x - 2.5); r.setAttribute("y", y - 2.5); r.setAttribute("width", w + 5);
      r.setAttribute("height", h + 5); r.setAttribute("rx", 7);
    }
    r.setAttribute("class", cls);
    r.setAttribute("pointer-events", "none");
    svg.appendChild(r);
  };
  // On a phone the stock and wastes go below the tableau: bigger cards.
  const narrow = window.matchMedia("(max-width: 560px)");
  narrow.addEventListener("change", () => render());
  const viewMoves = () => S.solution ? S.solution.base.concat(S.solution.moves.slice(0, S.solution.step)) : S.played;

  const render = () => {
    if (!S.deal) return;
    const moves = viewMoves();
    const highlight = S.solution ? (S.solution.moves[S.solution.step] || "") : (S.hint || "");
    const a = rulesCall(Object.assign({ op: "load", rules: S.rules, deal: S.deal, moves: moves.join(" "), highlight,
      narrow: narrow.matches }, carrying() ? { challenge: S.carry.req } : {}));
    if (a.error) return say(a.error);
    S.view = a;
    const hadFocus = $("board").contains(document.activeElement) ? document.activeElement.dataset.card || "stock" : null;
    $("board").innerHTML = a.svg;
    const svg = $("board").querySelector("svg");
    svg.removeAttribute("width");
    svg.removeAttribute("height");
    svg.setAttribute("aria-label", a.svg.match(/<title>([^<]*)/)[1]);
    const pos = a.position;
    const playing = !S.solution;
    const playable = new Set(pos.playable);
    for (const use of svg.querySelectorAll("use.card[data-card]")) {
      const c = use.dataset.card;
      const canTake = playable.has(c);
      use.setAttribute("aria-label", show(c) + ", " + cardName(c) + (canTake ? ", can be taken" : ""));
      if (canTake && playing) {
        use.classList.add("playable");
        use.setAttribute("tabindex", "0");
        use.setAttribute("role", "button");
        frame(svg, use, "playable-mark");
      }
      if (c === S.selected && playing) frame(svg, use, "selected");
    }
    const stock = svg.querySelector(".stock, .stock-slot");
    if (stock && playing) {
      const canDraw = pos.legal.includes("draw"), canRedeal = pos.legal.includes("redeal");
      stock.classList.add("stock-target");
      stock.setAttribute("pointer-events", "all");  // the empty stock's outline is clickable inside too
      stock.setAttribute("tabindex", "0");
      stock.setAttribute("role", "button");
      stock.dataset.stock = "1";
      stock.setAttribute("aria-label", "stock, " + pos.stock + " cards" +
        (pos.stock_top ? ", top card " + show(pos.stock_top) : pos.stock_top_unseen ? ", top card not seen" : "") +
        (canDraw ? ": draw" : canRedeal ? ": redeal" : ": nothing to draw"));
    }
    // the title, toolbars, verdict and link
    const v = S.variant;
    $("deal-title").textContent = v.title + (S.seed ? ", deal " + S.seed : ", pasted deal") +
      (moves.length ? " · " + moves.length + (moves.length === 1 ? " move" : " moves") : "");
    const canDraw = pos.legal.includes("draw"), canRedeal = pos.legal.includes("redeal");
    $("draw").textContent = canRedeal && !canDraw ? "Redeal" : "Draw";
    $("draw").disabled = !playing || !(canDraw || canRedeal);
    $("undo").disabled = !playing || S.played.length === 0;
    $("redo").disabled = !playing || S.redo.length === 0;
    $("restart").disabled = !playing || S.played.length === 0;
    const unseen = unseenInPlay();
    $("hint").disabled = !playing || pos.won || pos.lost || unseen;
    $("fair-hint").disabled = !playing || pos.won || pos.lost || !!S.fair;
    $("difficulty-button").disabled = !playing || pos.won || pos.lost || !!S.measuring || unseen;
    for (const id of ["hint", "difficulty-button", "check"]) offWhy(id, unseen);
    $("play-bar").hidden = !playing;
    renderUnseen(pos);
    renderSolution();
    renderVerdict();
    renderCarry();
    updateLink();
    if (hadFocus) {
      const el = hadFocus === "stock" ? svg.querySelector("[data-stock]")
        : svg.querySelector('use.playable[data-card="' + hadFocus + '"]');
      (el || svg.querySelector("use.playable, [data-stock]") || $("board")).focus();
    }
  };

  // ---- cards not seen: what is off and why, and "the next card is ..."
  const OFF = { hint: "Hint", "difficulty-button": "Difficulty", check: "Check" };
  const OFF_WHY = " is off: cards not seen are in play, and it would answer from an order of them that nobody knows " +
    "(the page shows the odds over every order; Fair hint does not peek).";
  const offWhy = (id, off) => {
    const b = $(id);
    if (b.dataset.title === undefined) b.dataset.title = b.title;
    b.title = off ? OFF[id] + OFF_WHY : b.dataset.title;
  };
  // Says why a button that would assume an order is off (its key pressed, say); true when it is.
  const offNow = (id) => {
    if (!unseenInPlay()) return false;
    $("selection").textContent = OFF[id] + OFF_WHY;
    return true;
  };
  const renderUnseen = (pos) => {
    const cards = pos.unknown_cards || [];
    $("unseen").hidden = !pos.unknown_in_play && !pos.needs_card;
    $("unseen").dataset.count = String((pos.unknown || []).length);
    if ($("unseen").hidden) return;
    const n = pos.unknown.length;
    $("unseen-text").textContent = n + (n === 1 ? " card" : " cards") + " not seen (" + pos.unknown_text +
      "): the page shows the odds over their orders in place of a verdict, and offers only the fair hint; Hint, " +
      "Check and Difficulty are off (each would assume an order nobody knows). Name each card as it turns up (or one you have seen elsewhere, at its place)."
    // A card turned up must be named before the moves that could take it;
    // any other place not seen may be named too (a card the player has seen
    // in their game: under the waste's top, deeper in the stock).
    const turned = pos.unknown.find((p) => p.name === pos.ask_first) || pos.unknown.find((p) => p.playable);
    const f = $("reveal-form");
    f.hidden = !pos.unknown.length || !!S.solution;
    if (f.hidden) return;
    f.dataset.turned = turned ? turned.name : "";
    const names = pos.unknown.map((p) => p.name);
    const sel = $("reveal-place");
    if (sel.dataset.for !== names.join() + "|" + f.dataset.turned) {
      const keep = sel.dataset.for && sel.dataset.for.split("|")[1] === f.dataset.turned ? sel.value : "";
      sel.dataset.for = names.join() + "|" + f.dataset.turned;
      sel.replaceChildren(...pos.unknown.map((p) => new Option(p.name + (p.playable ? " (turned up)" : ""), p.name)));
      sel.value = names.includes(keep) ? keep : turned ? turned.name : names[0];
    }
    f.dataset.place = sel.value;
    $("reveal-label").textContent = turned && sel.value === turned.name
      ? "Turned up (" + turned.name + "): the next card is" : "The card not seen at " + sel.value + " is";
    if (f.dataset.for !== cards.join()) {
      f.dataset.for = cards.join();
      $("reveal-card").replaceChildren(...cards.map((c) => new Option(show(c) + " (" + cardName(c) + ")", c)));
    }
  };
  $("reveal-place").addEventListener("change", () => S.view && renderUnseen(S.view.position));
  $("reveal-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const place = $("reveal-place").value, card = $("reveal-card").value;
    const a = rulesCall({ op: "reveal", rules: S.rules, deal: S.deal, moves: S.played.join(" "), place, card });
    if (a.error) return say(a.error);
    say("");
    S.deal = a.deal;
    S.source = { deal: a.deal };
    S.hint = null;
    S.challenge = null;
    $("selection").textContent = "Named " + words(card) + " at " + place + "; " + a.unknown_left +
      (a.unknown_left === 1 ? " card" : " cards") + " not seen left.";
    render();
    analyse();
    if ($("board").querySelector("[data-stock]")) $("board").querySelector("[data-stock]").focus();
  });

  // ---- playing
  const play = (m) => {
    S.played.push(m);
    if (S.redo.length && S.redo[S.redo.length - 1] === m) S.redo.pop(); else S.redo = [];
    afterMove();
  };
  const afterMove = () => {
    if (S.challenging && S.challenging.live) S.challenging = null;  // its position is left: moot
    S.selected = null;
    S.hint = null;
    S.wantSolution = S.wantHint = false;  // a Check or Hint asked before the move is moot
    $("selection").textContent = "";
    $("difficulty").textContent = "";
    render();
    analyse();
  };
  const legal = () => S.view.position.legal;
  const pairMove = (a, b) => legal().find((m) => m === a + "+" + b || m === b + "+" + a);
  const takeCard = (c) => {
    if (legal().includes(c)) return play(c);  // a king (or the variant's lone rank) goes alone
    if (S.selected === c) {
      S.selected = null;
      $("selection").textContent = "";
      return render();
    }
    if (S.selected) {
      const m = pairMove(S.selected, c);
      if (m) return play(m);
      $("selection").textContent = cap(words(S.selected)) + " and " + words(c) + " do not pair; selected " + words(c) + ".";
    } else {
      $("selection").textContent = "Selected " + words(c) + ": now pick a card to pair it with.";
    }
    S.selected = c;
    render();
  };
  const drawOrRedeal = () => {
    if (legal().includes("draw")) return play("draw");
    if (legal().includes("redeal")) return play("redeal");
    $("selection").textContent = "No more passes through the stock.";
  };
  const clickStock = () => {
    const top = S.view.position.stock_top;
    if (top && S.view.position.playable.includes(top)) {
      if (S.selected && S.selected !== top && pairMove(S.selected, top)) return play(pairMove(S.selected, top));
      if (!S.selected && legal().includes(top)) return play(top);
    }
    drawOrRedeal();
  };
  const boardActivate = (target) => {
    if (!S.view || S.solution) return;
    const el = target.closest("[data-card], [data-stock]");
    if (!el) return;
    if (el.dataset.stock) return clickStock();
    if (el.classList.contains("playable")) return takeCard(el.dataset.card);
    $("selection").textContent = cap(words(el.dataset.card)) + " is covered: it cannot be taken yet.";
  };
  $("board").addEventListener("click", (e) => boardActivate(e.target));
  $("board").addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      boardActivate(e.target);
    }
  });
  const undo = () => {
    if (!S.played.length) return;
    S.redo.push(S.played.pop());
    afterMove();
  };
  const redo = () => {
    if (!S.redo.length) return;
    S.played.push(S.redo.pop());
    afterMove();
  };
  const restart = () => {
    while (S.played.length) S.redo.push(S.played.pop());
    afterMove();
  };
  $("draw").addEventListener("click", drawOrRedeal);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("restart").addEventListener("click", restart);
  const hint = () => {
    if (offNow("hint")) return;
    const an = currentAnalysis();
    if (an && an.shortStopped) Object.assign(an, { shortening: true, shortStopped: "" });  // the shortest line again
    if (settled(an) && an.verdict === "win" && an.solution.length) {
      S.hint = an.solution[0];
      $("selection").textContent = "Hint: " + moveWords(S.hint) + ".";
      return render();
    }
    if (settled(an)) return $("selection").textContent = "No hint: " + ($("verdict").textContent || "no verdict");
    S.wantHint = true;
    analyse();
  };
  $("hint").addEventListener("click", hint);
  // The no-peek hint: the move that keeps a win in the most orders of the
  // cards not seen yet (solver/nopeek.h). It takes the worker for a moment;
  // the verdict's search starts again after it.
  const pct = (w, n) => n ? percentText(w / n) : "-";
  // Its progress line: the orders solved of all to solve, ticking (the
  // positions of the order being solved show on a hard one); Stop or Escape
  // ends it (the worker is replaced, as for Check).
  // The no-peek optimum (issue 39; api::Session::ask_optimum): the chance
  // with best play without peeking, exact within OPTIMUM_STATES information
  // states (a small budget: the page stays quick), else the proven bracket
  // and the planner's move, labelled. `x`: the answer's `optimum`.
  const OPTIMUM_STATES = 20000;
  const optimumWords = (x) => !x.computed ? "Best play without peeking: " + x.note + "."
    : x.exact ? "With best play without peeking your chance is " + x.fraction + " (" + percentText(x.value) + ")."
    : "With best play without peeking your chance is between " + boundText(x.lower, false) + " and " +
      boundText(x.upper, true) + " (proven bounds; not exact within " + fmt(x.budget) + " states).";
  // On the verdict line, where not exact: the planner's move, labelled (the
  // Fair hint says it first, framed).
  const plannerWords = (x) => (x.computed && x.exact) || !x.planner_move ? ""
    : " The planner's move (planner:32, not proved best): " + moveWords(x.planner_move) + ".";
  // The clairvoyant share beside it: the odds' (`o`: op odds' answer, or solve's `odds`).
  const seeWords = (o) => !o || o.nothing_hidden || o.samples <= o.intractable ? ""
    : " If you could see the stock: " + (o.exact && !o.intractable ? "" : "about ") +
      percentText(o.wins / (o.samples - o.intractable)) + ".";
  // The fair hint's words from the odds (op odds, or solve's with cards not
  // seen) and, where computed, the optimum (`x`, with `move`: its best move
  // when exact, else the planner's): the optimum's move is framed and said
  // first, labelled; the move that keeps a win in the most orders after it.
  const fairSay = (r, x, move) => {
    const n = r.samples - r.intractable;
    const how = r.nothing_hidden ? "nothing is hidden" : r.exact ? "all " + fmt(r.samples) + " orders"
      : fmt(r.samples) + " sampled orders";
    const best = r.moves.find((m) => m.best);
    const most = best && best.wins ? best.move : null;
    const odds = !most ? "no move keeps a win; the position is winnable in " + pct(r.wins, n) + " of them."
      : moveWords(most) + " keeps a win in " + pct(best.wins, n) + " (this position is winnable in " + pct(r.wins, n) + ").";
    const el = $("selection");
    el.dataset.optimum = "";
    if (!r.moves.length) {
      S.hint = null;
      el.textContent = "Fair hint: name the card turned up first; which moves keep a win depends on it.";
    } else if (x) {
      const exact = x.computed && x.exact;
      S.hint = move || null;
      el.textContent = "Fair hint (" + how + "): " +
        (exact ? (move ? cap(moveWords(move)) + ": the best move without peeking."
          : "no move wins in any order of the cards not seen.")
          : move ? cap(moveWords(move)) + ": the planner's move (planner:32, not proved best)." : "no move.") +
        " " + optimumWords(x) + seeWords(r) + " By the orders alone: " + odds;
      el.dataset.optimum = exact ? x.fraction : x.computed ? x.lower + "-" + x.upper : "none";
    } else {
      S.hint = most;
      el.textContent = "Fair hint (" + how + "): " + odds;
    }
  };
  // With cards not seen in play, the fair hint is the best move of the odds
  // the page shows (solve's: over the orders of the cards not seen).
  const fairFromAnswer = (an) => {
    if (!an || an.stopped || an.error || !an.odds) {
      $("selection").textContent = "No fair hint" + (an && an.error ? ": " + an.error : "") + ".";
      return;
    }
    fairSay(an.odds, an.optimum, an.optimum_move);
    render();
  };
  const fairHint = () => {
    if (!S.view || S.solution || S.fair) return;
    const pos = S.view.position;
    if (pos.won || pos.lost) return;
    if (unseenInPlay()) {
      const an = currentAnalysis();
      if (an) return fairFromAnswer(an);
      S.wantHint = true;
      $("selection").textContent = "Fair hint: working out the odds over the orders of the cards not seen…";
      return analyse(true);
    }
    if (S.analysing) { S.token++; S.analysing = null; }
    const key = keyOf(S.played);
    const F = S.fair = { key, done: 0, total: 0, states: 0, started: performance.now(), updates: 0 };
    $("selection").textContent = "Fair hint: trying the orders of the cards you have not seen…";
    $("fair-hint").disabled = true;
    const orders = () => !F.total ? "starting" : fmt(F.done) + " of " + fmt(F.total) + " orders" +
      (F.done === F.total && !F.finished ? "; best play without peeking: searching up to " + fmt(OPTIMUM_STATES) + " states" : "");
    const showFair = () => {
      if (S.fair !== F) return;
      $("progress").textContent = "Fair hint: " + orders() + " solved" +
        (F.states ? " (" + positions(F.states) + " in this one)" : "") + ", " +
        ((performance.now() - F.started) / 1000).toFixed(1) + " s";
      $("progress").dataset.orders = F.done + "/" + F.total;
      $("progress").dataset.updates = String(F.updates);
    };
    const ticking = setInterval(showFair, 250);
    showFair();
    renderVerdict();
    solve({ op: "odds", rules: S.rules, deal: S.deal, moves: S.played.join(" "), max_memory: +$("max-memory").value,
      optimum_states: OPTIMUM_STATES },
      (states) => { F.states = states; showFair(); },
      (done, total) => { F.done = done; F.total = total; F.states = 0; F.updates++; showFair(); }).then((r) => {
      clearInterval(ticking);
      if (S.fair !== F) return;
      S.fair = null;
      F.finished = true;
      if (r.optimum) S.fairOptimum = { key, optimum: r.optimum };
      $("fair-hint").disabled = false;
      const seconds = ((performance.now() - F.started) / 1000).toFixed(2);
      $("progress").textContent = r.stopped ? "Fair hint stopped: " + orders() + " solved." : r.error ? ""
        : "Fair hint: " + orders() + " solved in " + seconds + " s (" + positions(r.states) + ").";
      if (keyOf(S.played) !== key || S.solution) return analyse();
      if (r.stopped) {  // by Stop or Escape: the verdict's search is not started again either
        $("selection").textContent = "Fair hint stopped.";
        return renderVerdict();
      }
      if (r.error) $("selection").textContent = "Fair hint: " + r.error;
      else {
        fairSay(r, r.optimum, r.optimum_move);
        render();
      }
      analyse();
    });
  };

  // The difficulty of the position on the board (solver/measures.h, as
  // `pyramid solve --measures --moves ...`): the casual player's wins from
  // here, the moves here that keep the win, the steps of a shortest solution
  // from here with a single winning move; graded from the deal's start only.
  // One search in the worker, which also gives the verdict; Stop or Escape ends it.
  const measuresWords = (m, from) => {
    const here = from ? " from here" : "";
    const decisions = m.crossroads;
    return "Difficulty" + (from ? " from move " + from : "") + ": " + m.difficulty + (m.grade ? " (" + m.grade + ")" : "") +
      ". A casual player (a random pair or King when there is one, else a draw) wins " + m.casual_wins + " of " +
      m.casual_plays + " plays" + here + "; " + m.winning_first_moves + " of " + m.legal_first_moves +
      (from ? " moves here" : " first moves") + " keep the win; a shortest solution" + here + " (" + m.shortest +
      (m.shortest === 1 ? " move" : " moves") + ") has " + m.critical_count + (m.critical_count === 1 ? " step" : " steps") +
      " with a single winning move, " + decisions + (decisions === 1 ? " of them a real choice" : " of them real choices") +
      (m.complete ? "." : " (some searches hit their limit).") +
      (m.grade || !m.grade_note ? "" : from ? " Not graded: grades are for a deal's start." : " " + cap(m.grade_note) + ".");
  };
  const measureHere = () => {
    if (!S.view || S.solution || S.measuring || offNow("difficulty-button")) return;
    const pos = S.view.position;
    if (pos.won || pos.lost) return;
    if (S.analysing) { S.token++; S.analysing = null; }
    const key = keyOf(S.played), from = S.played.length;
    const J = S.measuring = { key, started: performance.now(), states: 0 };
    $("difficulty").textContent = "Measuring the difficulty" + (from ? " from here" : "") + "…";
    $("difficulty").dataset.difficulty = "";
    const show = () => {
      if (S.measuring === J) $("progress").textContent = "Difficulty: " + positions(J.states) + ", " +
        ((performance.now() - J.started) / 1000).toFixed(1) + " s";
    };
    const ticking = setInterval(show, 250);
    show();
    render();
    solve({ op: "solve", rules: S.rules, deal: S.deal, moves: S.played.join(" "), optimal: true, reason: true,
      measures: true, max_states: +$("max-states").value, max_memory: +$("max-memory").value },
    (states) => { J.states = states; show(); }).then((a) => {
      clearInterval(ticking);
      if (S.measuring !== J) return;
      S.measuring = null;
      $("progress").textContent = a.stopped ? "Difficulty stopped after " + positions(J.states) + "." : a.error ? ""
        : "Searched " + positions(a.states) + " in " + a.seconds.toFixed(2) + " s (the difficulty's searches included).";
      if (keyOf(S.played) !== key || S.solution) return analyse();
      if (a.stopped) {
        $("difficulty").textContent = "Difficulty stopped.";
        return render();
      }
      if (!a.error) S.analysis = { key, answer: a };  // the verdict came with it
      const m = a.measures;
      $("difficulty").textContent = m ? measuresWords(m, from)
        : a.error ? "No difficulty: " + a.error + "."
        : a.verdict === "lose" ? "No difficulty: the position is lost."
        : a.verdict === "win" ? "No difficulty measured from here."
        : "No difficulty: the search reached its limit.";
      $("difficulty").dataset.difficulty = m && m.difficulty !== null ? String(m.difficulty) : "";
      $("difficulty").dataset.from = String(from);
      render();
      analyse();
    });
  };
  $("difficulty-button").addEventListener("click", measureHere);
  $("fair-hint").addEventListener("click", fairHint);

  // ---- analysis: the exact verdict of the position played
  // In two steps: the verdict first, with the fast search (a win comes with
  // a line, not proved shortest; a loss or a limit is final), then on a win
  // the shortest line (the search of `solve --optimal`, which starts with the
  // same verdict). While the second runs, the verdict shows and the answer
  // is marked `shortening`; stopped, the verdict stays (`shortStopped`).
  const keyOf = (played) => JSON.stringify([S.rules, S.deal, played]);
  const currentAnalysis = () => S.analysis && S.analysis.key === keyOf(S.played) ? S.analysis.answer : null;
  // The exact answer is final: no shortest line pending or stopped.
  const settled = (an) => an && !an.shortening && !an.shortStopped;
  // (then, while a challenge is carried, its chance from this position)
  const analyse = (force) => {
    analyseNow(force);
    liveChallenge();
  };
  const analyseNow = (force) => {
    if (!S.deal || S.solution) return;
    const key = keyOf(S.played);
    if (S.analysing && S.analysing !== key) {  // a search for another position: drop it
      S.token++;
      S.analysing = null;
      cancelSearch();
    }
    const pos = S.view.position;
    if (pos.won || pos.lost) return renderVerdict();
    if (!force && !$("auto").checked && !S.wantSolution && !S.wantHint) return renderVerdict();
    const known = currentAnalysis();
    if (S.analysing === key || (known && !known.shortening)) return renderVerdict();
    const shortest = !!known;  // the verdict is in: the shortest line is left to find
    S.analysing = key;
    const token = S.token = (S.token || 0) + 1;
    S.progress = 0;
    $("progress").dataset.first = "";  // (the first count the worker reports, for the tests)
    const req = { op: "solve", rules: S.rules, deal: S.deal, moves: S.played.join(" "), optimal: shortest, reason: true,
      max_states: +$("max-states").value, max_memory: +$("max-memory").value,
      nopeek_optimum: unseenInPlay(), nopeek_optimum_states: OPTIMUM_STATES };
    const started = performance.now();
    // The positions searched (every 2^16, from the worker) and the time, ticking.
    // (With cards not seen, the orders of them solved.)
    let orders = "";
    const show = () => {
      if (S.token === token) $("progress").textContent = "Searching… " + orders + (S.progress ? positions(S.progress) + ", " : "") +
        ((performance.now() - started) / 1000).toFixed(1) + " s";
    };
    const ticking = setInterval(show, 250);
    solve(req, (states) => {
      if (!$("progress").dataset.first) $("progress").dataset.first = String(states);
      S.progress = states;
      show();
    }, (done, total) => {
      orders = fmt(done) + " of " + fmt(total) + " orders, ";
      show();
    }).then((answer) => {
      clearInterval(ticking);
      if (S.token !== token) return;  // superseded by a newer question
      S.analysing = null;
      if (answer.stopped) answer.states = S.progress;
      if (shortest && (answer.stopped || answer.error)) {
        known.shortening = false;  // the verdict stands without its shortest line
        known.shortStopped = answer.stopped ? "stopped" : answer.error;
      } else {
        if (!shortest && answer.verdict === "win" && answer.solution.length) answer.shortening = true;
        S.analysis = { key, answer };
      }
      $("progress").textContent = answer.stopped ? "Stopped after " + positions(S.progress) + "." : answer.error ? "" :
        "Searched " + positions(answer.states) + " in " + answer.seconds.toFixed(2) + " s" +
        (answer.shortening ? "; searching for the fewest moves…" : ".");
      if (answer.stopped) S.wantHint = S.wantSolution = false;  // Stop drops what was asked
      renderVerdict();
      if (answer.shortening) return analyse(true);
      if (S.wantHint) {
        S.wantHint = false;
        if (unseenInPlay()) fairFromAnswer(currentAnalysis());
        else if (currentAnalysis().verdict === "win") hint();
      }
      if (S.wantSolution) {
        S.wantSolution = false;
        openSolution(currentAnalysis());
      }
      liveChallenge();
    });
    renderVerdict();
  };
  // The odds in place of the verdict (solve's answer with cards not seen):
  // nothing in them depends on an order of the cards not seen.
  const oddsWords = (an) => {
    const o = an.odds, n = o.samples - o.intractable, k = o.hidden;
    const cards = k + (k === 1 ? " card" : " cards") + " not seen";
    const share = n ? percentText(o.wins / n) : "-";
    const limit = o.intractable ? "; " + fmt(o.intractable) + " hit the search limit" : "";
    const every = o.samples === 1 ? "its one order solved" : "all " + fmt(o.samples) + " orders solved";
    if (o.exact && !o.intractable && o.wins === o.samples)
      return "Winnable whatever the order of the " + cards + " (" + every + ").";
    if (o.exact && !o.intractable && o.wins === 0)
      return "Lost whatever the order of the " + cards + " (" + every + ").";
    if (o.exact) return "Winnable in " + fmt(o.wins) + " of the " + fmt(o.samples) + " orders of the " + cards + " (" +
      share + "; every order solved" + limit + ").";
    return "Winnable in about " + share + " of the orders of the " + cards + " (" + fmt(o.wins) + " of " + fmt(o.samples) +
      " sampled; 95% interval " + percentText(o.ci95_low) + "–" + percentText(o.ci95_high) + limit + ").";
  };
  const renderVerdict = () => {
    const el = $("verdict");
    const searching = S.analysing === keyOf(S.played) && !S.solution;
    $("stop").disabled = !searching && !S.fair && !S.measuring && !S.challenging;
    $("check").disabled = !S.deal || !!S.solution || unseenInPlay();
    if (!S.view) return;
    const pos = S.view.position;
    let text, verdict, moves = "", why = "";
    const an = currentAnalysis();
    if (S.solution && S.solution.challenge) {
      verdict = "challenge";
      text = S.solution.challenge.title + ": " + S.solution.challenge.words + ".";
    } else if (S.solution) {
      const s = S.solution;
      verdict = s.lost ? "lose" : "win";
      moves = s.lost ? "" : String(s.moves.length);
      text = s.lost ? s.lostText : "Winnable in " + s.moves.length + (s.moves.length === 1 ? " move" : " moves") +
        (s.base.length ? " from move " + s.base.length : "") +
        (s.optimal ? " (the fewest)." : " (perhaps fewer: the search for a shorter line hit its limit).");
    } else if (pos.won) {
      verdict = "won"; text = "Won! You cleared " + goalWords() + " in " + S.played.length + " moves.";
    } else if (pos.lost) {
      verdict = "lose"; text = "Lost: no move left (" + pos.tableau_left + " cards left in the tableau).";
    } else if (an && an.shortening) {
      verdict = "shortening";
      text = "Winnable: a line of " + an.moves + (an.moves === 1 ? " move" : " moves") + " found; searching for the fewest…";
    } else if (searching) {
      verdict = "running";
      text = unseenInPlay() ? "Working out the odds over the orders of the cards not seen…" : "Checking this position…";
    } else if (!an) {
      verdict = "none"; text = S.fair ? "The verdict waits for the fair hint."
        : S.measuring ? "The verdict comes with the difficulty."
        : unseenInPlay() ? "The odds over the orders of the cards not seen come with Fair hint (or after every move: see Share, limits and keys)."
        : "Press Check for the verdict.";
    } else if (an.stopped) {
      verdict = "stopped"; text = "Stopped: unknown.";
    } else if (an.error) {
      verdict = "error"; text = "Unknown: " + an.error + ".";
    } else if (an.odds) {
      verdict = "odds"; text = oddsWords(an) + (an.optimum ? " " + optimumWords(an.optimum) + plannerWords(an.optimum) : "");
    } else if (an.verdict === "win") {
      verdict = "win"; moves = String(an.moves);
      text = "Winnable in " + an.moves + (an.moves === 1 ? " move" : " moves") +
        (an.optimal ? " (the fewest)." : an.shortStopped === "stopped" ? " (perhaps fewer: the search for the fewest was stopped)."
          : an.shortStopped ? " (perhaps fewer: the search for the fewest failed: " + an.shortStopped + ")."
          : " (perhaps fewer: the search for a shorter line hit its limit).");
    } else if (an.verdict === "lose") {
      verdict = "lose";
      text = "Lost: " + goalWords() + " can no longer be cleared." +
        (an.best_score !== undefined ? " Best score: " + an.best_score + " tableau cards left." : "");
      why = an.reason_text || "";
    } else {
      verdict = "intractable";
      text = "Unknown: the " + (an.memory_exceeded ? "memory limit" : "search limit") + " was reached after " +
        positions(an.states) + ".";
    }
    // The fair hint's optimum for this position (a deal given whole: the
    // verdict above is the clairvoyant's), said beside it.
    const fo = S.fairOptimum && S.fairOptimum.key === keyOf(S.played) && !S.solution && !pos.won && !pos.lost &&
      !(an && an.odds) ? S.fairOptimum.optimum : null;
    if (fo) text += " " + optimumWords(fo) + plannerWords(fo);
    el.dataset.optimum = fo ? (fo.exact ? fo.fraction : fo.computed ? fo.lower + "-" + fo.upper : "") :
      an && an.optimum && an.optimum.exact ? an.optimum.fraction : "";
    el.textContent = text;
    $("reason").textContent = why;
    el.dataset.reason = an && an.reason ? an.reason : "";
    el.dataset.states = an && an.states !== undefined ? String(an.states) : "";
    el.dataset.verdict = verdict;
    el.dataset.moves = moves;
    el.dataset.odds = an && an.odds ? an.odds.wins + "/" + an.odds.samples : "";
    // (odds the same in every order look like the verdict they are)
    const look = verdict === "odds" && an.verdict ? an.verdict : verdict === "shortening" ? "win" : verdict;
    el.className = "verdict-" + look;
  };
  $("stop").addEventListener("click", () => { if (S.analysing || S.fair || S.measuring || S.challenging) cancelSearch(); });
  $("auto").addEventListener("change", () => analyse());
  const check = () => {
    if (!S.deal || S.solution || offNow("check")) return;
    if (S.view.position.won || S.view.position.lost) return renderVerdict();  // nothing left to solve
    const an = currentAnalysis();
    if (settled(an) && !an.stopped && !an.error) return openSolution(an);
    S.wantSolution = true;
    if (an && (an.stopped || an.error)) S.analysis = null;  // stopped or failed before: search again
    if (an && an.shortStopped) Object.assign(an, { shortening: true, shortStopped: "" });  // the shortest line again
    analyse(true);
  };
  $("check").addEventListener("click", check);

  // ---- stepping through a solution
  const openSolution = (an) => {
    if (an.verdict === "win" && an.solution.length) {
      S.solution = { base: S.played.slice(), moves: an.solution, step: 0, optimal: an.optimal };
    } else if (an.verdict === "lose" && an.best_score_moves && an.best_score_moves.length) {
      S.solution = { base: S.played.slice(), moves: an.best_score_moves, step: 0, lost: true,
        lostText: "Lost; the best line leaves " + an.best_score + " tableau cards." };
    } else {
      return renderVerdict();
    }
    S.selected = null;
    S.hint = null;
    $("selection").textContent = "";
    $("measures").textContent = "";
    render();
    $("next").focus();
    if (!S.solution.lost && S.played.length === 0) measure();
  };
  // A won deal's difficulty (solver/measures.h), from its start: the worker
  // solves it again with the measures; critical steps are marked in the list.
  const measure = () => {
    const s = S.solution, token = S.token;
    $("measures").textContent = "Measuring the difficulty…";
    solve({ op: "solve", rules: S.rules, deal: S.deal, optimal: true, measures: true,
      max_states: +$("max-states").value, max_memory: +$("max-memory").value }, () => {}).then((a) => {
      if (S.solution !== s || S.token !== token) return;
      const m = a.measures;
      if (!m) return $("measures").textContent = a.stopped ? "" : "No difficulty measured" + (a.error ? ": " + a.error : ".");
      s.critical = new Map(m.critical_positions.map((c) => [c.after, c.legal]));
      const decisions = m.crossroads;
      $("measures").textContent = "Difficulty " + m.difficulty + (m.grade ? " (" + m.grade + ")" : "") +
        ": a casual player (a random pair or King when there is one, else a draw) wins " + m.casual_wins + " of " +
        m.casual_plays + " plays; " + m.winning_first_moves + " of " + m.legal_first_moves +
        " first moves keep the win; " + m.critical_count + (m.critical_count === 1 ? " step" : " steps") +
        " of this line " + (m.critical_count === 1 ? "has" : "have") + " a single winning move, " + decisions +
        (decisions === 1 ? " of them a real choice" : " of them real choices") + (decisions ? " (marked !)" : "") +
        (m.complete ? "." : " (some searches hit their limit).");
      renderSolution(true);
    });
  };
  const renderSolution = (relist) => {
    const s = S.solution;
    $("solution").hidden = !s;
    if (!s) return;
    $("solution-title").textContent = s.challenge ? s.challenge.title
      : s.lost ? "The best line" : s.optimal ? "Shortest solution" : "A solution (not proved shortest)";
    const n = s.moves.length;
    $("step-label").textContent = "Step " + s.step + " of " + n;
    $("first").disabled = $("prev").disabled = s.step === 0;
    $("next").disabled = $("last").disabled = s.step === n;
    $("step-caption").textContent = s.step < n ? "Next: " + moveWords(s.moves[s.step]) + "."
      : s.challenge ? "The end of the line: " + s.challenge.words + "."
      : s.lost ? "The end of the best line: " + S.view.position.tableau_left + " tableau cards left."
      : "Won: " + goalWords() + " is cleared.";
    const list = $("move-list");
    if (relist === true || list.dataset.for !== JSON.stringify(s.moves)) {
      list.dataset.for = JSON.stringify(s.moves);
      list.innerHTML = "";
      s.moves.forEach((m, i) => {
        const li = document.createElement("li");
        const b = document.createElement("button");
        b.type = "button";
        const only = s.critical && s.critical.get(i) >= 2;  // a real choice: one winning move of several
        b.textContent = moveShown(m) + (only ? " !" : "");
        b.setAttribute("aria-label", "step " + (i + 1) + ": " + moveWords(m) +
          (only ? ", the only winning move of " + s.critical.get(i) + " legal moves" : ""));
        if (only) li.className = "critical";
        b.addEventListener("click", () => step(i));
        li.appendChild(b);
        list.appendChild(li);
      });
    }
    list.querySelectorAll("li").forEach((li, i) => li.classList.toggle("current", i === s.step));
    if (s.critical && s.critical.has(s.step))
      $("step-caption").textContent += s.critical.get(s.step) === 1 ? " (The only legal move.)"
        : " (The only winning move of " + s.critical.get(s.step) + " legal moves.)";
  };
  const step = (k) => {
    if (!S.solution) return;
    S.solution.step = Math.max(0, Math.min(S.solution.moves.length, k));
    render();
  };
  $("first").addEventListener("click", () => step(0));
  $("prev").addEventListener("click", () => step(S.solution.step - 1));
  $("next").addEventListener("click", () => step(S.solution.step + 1));
  $("last").addEventListener("click", () => step(Infinity));
  $("play-here").addEventListener("click", () => {
    const s = S.solution;
    S.played = s.base.concat(s.moves.slice(0, s.step));
    S.redo = s.moves.slice(s.step).reverse();
    S.solution = null;
    afterMove();
  });
  const closeSolution = () => {
    S.solution = null;
    render();
    analyse();
  };
  $("close-solution").addEventListener("click", closeSolution);

  // ---- the challenge panel: op challenge (api/challenge.cpp), the object of
  // `pyramid solve --challenge ... --format json`; each line stepped through
  // as a solution is, from the deal's start.
  const rankPlural = (r) => spanish() ? "cards of " + r
    : (r === "6" ? "Sixes" : cap(RANK_NAME[r] || r) + "s");
  const fillRanks = () => {
    if (!S.variant) return;
    const ranks = [...new Set(S.variant.cards.map((c) => c.slice(0, -1)))];
    const sel = $("ch-rank");
    if (sel.dataset.for === ranks.join()) return;
    const keep = sel.value;
    sel.replaceChildren(...ranks.map((r) => new Option(spanish() ? r : cap(RANK_NAME[r] || r), r)));
    sel.value = ranks.includes(keep) ? keep : ranks[0];
    sel.dataset.for = ranks.join();
  };
  const showRank = () => { $("ch-rank-label").hidden = $("ch-kind").value !== "cards"; };
  $("ch-kind").addEventListener("change", showRank);
  showRank();
  const pct1 = (p) => percentText(p);
  // A chance with its 95% interval (the JSON's x_low, x_high), as the CLI's
  // report/challenge.h chance_text: "77.5% (95% interval 75.0%-79.7%)".
  const chanceText = (p, low, high, words = true) => pct1(p) +
    (low !== null && low !== undefined && (low !== p || high !== p)
      ? " (" + (words ? "95% interval " : "") + pct1(low) + "-" + pct1(high) + ")" : "");
  // As the CLI's report/challenge.h challenge_line_text: a line that makes the target says so.
  const lineWords = (ch, l) => (l.reaches_target ? "reaches the target" + (l.cleared ? " (and clears the board)" : "")
    : l.cleared ? "clears the board" : "does not clear the board") +
    (l.cards !== null && l.cards !== undefined ? ", " + l.cards + " " + rankPlural(ch.rank) : "") +
    ", score " + fmt(l.score) + ", " + l.steps + (l.steps === 1 ? " step" : " steps");
  // What a challenge counts, n of them: "12 Aces", "600 points", "1 board".
  const units = (req, n) => {
    const kind = req.kind.split(":")[0], rank = req.kind.split(":")[1];
    return fmt(n) + " " + (kind === "score" ? (n === 1 ? "point" : "points")
      : kind === "board" ? (n === 1 ? "board" : "boards")
      : n === 1 ? (spanish() ? "card of " + rank : cap(RANK_NAME[rank] || rank)) : rankPlural(rank));
  };
  const renderChallenge = () => {
    const ch = S.challenge;
    const what = ch.kind === "score" ? "Score" : ch.kind === "cards" ? rankPlural(ch.rank) : "Boards cleared";
    let head = what + (ch.from_move ? ", from move " + ch.from_move : "") +
      (ch.target !== null ? ": target " + fmt(ch.target) + ", " + fmt(ch.current) + " made before this deal" : "") +
      (ch.deals_left ? ", " + ch.deals_left + (ch.deals_left === 1 ? " deal" : " deals") + " left (this one included)" : "") + ".";
    if (!ch.complete) head += " The search reached its limit: no lines (raise the search limit).";
    else if (!ch.lines.length) head += " No line: this deal cannot be cleared.";
    if (ch.target_reached === false) head += " This deal cannot make the target: the lines make the most it can.";
    if (ch.deals_left && ch.complete)
      head += ch.probability !== null && ch.probability !== undefined
        ? " Chance of completing the challenge: " + chanceText(ch.probability, ch.probability_low, ch.probability_high) +
          ", playing the recommended line" +
          (ch.before !== null && ch.before !== undefined
            ? " (before this deal was seen: " + chanceText(ch.before, ch.before_low, ch.before_high) + ")" : "") + "." +
          (ch.assumes ? " It assumes " + ch.assumes + "." : "")
        : " No chance computed: " + ch.note + ".";
    $("ch-summary").textContent = head;
    $("ch-summary").dataset.probability = ch.probability === null || ch.probability === undefined ? "" : String(ch.probability);
    $("ch-summary").dataset.recommended = ch.recommended === null || ch.recommended === undefined ? "" : String(ch.recommended);
    $("ch-lines").replaceChildren(...ch.lines.map((l, i) => {
      const li = document.createElement("li");
      const best = i === ch.recommended;
      li.className = best ? "recommended" : "";
      Object.assign(li.dataset, { cleared: String(l.cleared), score: String(l.score), steps: String(l.steps),
        cards: l.cards === null || l.cards === undefined ? "" : String(l.cards) });
      li.append(cap(lineWords(ch, l)) + (l.probability !== null && l.probability !== undefined
        ? "; chance " + chanceText(l.probability, l.probability_low, l.probability_high, false) : "") +
        (best ? " (recommended)" : "") + ". ");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = "Play this line";
      b.addEventListener("click", () => playLine(i));
      li.append(b);
      return li;
    }));
  };
  const clearChallenge = (why) => {
    S.challenge = null;
    $("ch-lines").replaceChildren();
    $("ch-summary").textContent = why;
    $("ch-summary").dataset.probability = $("ch-summary").dataset.recommended = "";
  };
  // A line steps from the position it was answered for (its moves, `base`).
  const playLine = (i) => {
    const ch = S.challenge, l = ch.lines[i];
    S.selected = null;
    S.hint = null;
    $("selection").textContent = "";
    $("measures").textContent = "";
    S.solution = { base: ch.base.slice(), moves: l.solution, step: 0, challenge: {
      title: "Challenge line " + (i + 1) + (i === ch.recommended ? " (recommended)" : "") +
        (ch.base.length ? ", from move " + ch.base.length : ""), words: lineWords(ch, l) } };
    render();
    $("next").focus();
  };
  // The form's challenge, or an error in the page's words (a value the
  // browser rejects, "1e" or "2.5", reads as none: said so, not ignored).
  const formChallenge = () => {
    const kind = $("ch-kind").value === "cards" ? "cards:" + $("ch-rank").value : $("ch-kind").value;
    const num = (id, name) => {
      const el = $(id);
      if (el.validity.badInput) throw new Error(name + " is not a number");
      const t = el.value.trim();
      if (t === "") return null;
      const n = Number(t);
      if (!Number.isInteger(n)) throw new Error(name + " must be a whole number");
      return n;
    };
    return { kind, target: num("ch-target", "Target"), current: num("ch-current", "Made so far") || 0,
      deals_left: num("ch-deals", "Deals left") };
  };
  const setFormChallenge = (req) => {
    const [kind, rank] = req.kind.split(":");
    $("ch-kind").value = kind;
    showRank();
    if (rank) { fillRanks(); $("ch-rank").value = rank; }
    $("ch-target").value = req.target === null || req.target === undefined ? "" : String(req.target);
    $("ch-current").value = String(req.current || 0);
    $("ch-deals").value = req.deals_left === null || req.deals_left === undefined ? "" : String(req.deals_left);
  };
  // The challenge from the position on the board (op challenge with the
  // moves played): asked by Solve, and again after each move while a
  // challenge is carried (live: once the verdict is in; a move drops it).
  const askChallenge = (c, live) => {
    const moves = S.played.slice();
    const key = keyOf(moves) + JSON.stringify(c);
    if (S.analysing) { S.token++; S.analysing = null; }
    const J = S.challenging = { started: performance.now(), states: 0, live, key };
    if (S.carry) S.carry.asked = key;
    if (!live) clearChallenge("Solving the challenge…");
    const show = () => {
      if (S.challenging === J) $("progress").textContent = "Challenge: " + positions(J.states) + ", " +
        ((performance.now() - J.started) / 1000).toFixed(1) + " s";
    };
    const ticking = setInterval(show, 250);
    show();
    renderVerdict();
    renderCarry();
    solve({ op: "challenge", rules: S.rules, deal: S.deal, moves: moves.join(" "), challenge: c,
      max_states: +$("max-states").value, max_memory: +$("max-memory").value },
    (states) => { J.states = states; show(); }).then((a) => {
      clearInterval(ticking);
      if (S.challenging !== J) return;
      S.challenging = null;
      $("progress").textContent = a.stopped ? "Challenge stopped after " + positions(J.states) + "." : a.error ? ""
        : "Challenge: searched " + positions(a.challenge.states) + " in " + a.challenge.seconds.toFixed(2) + " s.";
      if (a.stopped) $("ch-summary").textContent = "Challenge stopped.";
      else if (a.error) {
        clearChallenge("No challenge: " + a.error + ".");
        if (!live) S.carry = null;
      } else {
        S.challenge = Object.assign(a.challenge, { base: moves, key, from_move: a.from_move || 0 });
        renderChallenge();
      }
      renderCarry();
      renderVerdict();
      analyse();
    });
  };
  const solveChallenge = () => {
    if (!S.deal) return;
    let c;
    try {
      c = formChallenge();
    } catch (e) {  // the old answer goes: it was for other values
      S.carry = null;
      clearChallenge("No challenge: " + e.message + ".");
      renderCarry();
      return updateLink();
    }
    // With a target the challenge is carried as it is played (the same one asked again keeps its deal count).
    const same = S.carry && !S.carry.over && S.carry.req.kind === c.kind && S.carry.req.target === c.target;
    S.carry = c.target === null ? null : { req: c, dealNo: same ? S.carry.dealNo : 1, asked: "" };
    if (S.carry) render();  // (its count so far)
    askChallenge(c, false);
  };
  $("challenge-form").addEventListener("submit", (e) => { e.preventDefault(); solveChallenge(); });

  // ---- a challenge carried across deals (S.carry, with a target): what is
  // made so far (before this deal and in it: the load's challenge_made), the
  // deals left, the chance from the position on the board; the next deal
  // (Next deal, Random, a number, pasted or picked cards) starts with what
  // this one made (api::carry_challenge: a cleared board's deal is free).
  const carrying = () => !!(S.carry && !S.carry.over);
  const liveChallenge = () => {
    const C = S.carry;
    if (!carrying() || !S.view || S.solution || S.analysing || S.fair || S.measuring || S.challenging) return;
    if (unseenInPlay() || (S.view.position.unknown || []).length) return;  // (a challenge needs every card named)
    if (C.asked === keyOf(S.played) + JSON.stringify(C.req)) return;
    askChallenge(C.req, true);
  };
  const carryChallenge = () => {
    const C = S.carry;
    if (!carrying() || !S.deal) return;
    const a = rulesCall({ op: "load", rules: S.rules, deal: S.deal, moves: S.played.join(" "), challenge: C.req });
    const m = a.challenge_made;
    if (!m || m.error) return;
    const target = C.req.target, n = C.dealNo;
    C.asked = "";
    if (m.completed || m.failed) {
      C.over = "Challenge " + (m.completed ? "completed: " : "not completed: ") + fmt(m.next.current) + " of " +
        units(C.req, target) + " made in " + n + (n === 1 ? " deal" : " deals") + (m.failed ? "; no deal left." : ".");
      C.req = m.next;
      return;
    }
    C.req = m.next;
    C.dealNo = n + 1;
    C.freed = m.cleared;
    setFormChallenge(C.req);
  };
  const renderCarry = () => {
    const el = $("ch-live"), C = S.carry;
    el.hidden = !C;
    if (!C) return;
    el.dataset.current = String(C.req.current);
    el.dataset.deals = C.req.deals_left === null || C.req.deals_left === undefined ? "" : String(C.req.deals_left);
    el.dataset.deal = String(C.dealNo);
    if (C.over) {
      el.textContent = C.over;
      el.dataset.made = el.dataset.probability = "";
      return;
    }
    const m = S.view && S.view.challenge_made;
    if (!m || m.error) {
      el.textContent = m ? "Challenge: " + m.error + "." : "";
      return;
    }
    const req = C.req, total = req.current + m.made;
    let t = "Challenge, deal " + C.dealNo + ": " + units(req, total) + " of " + fmt(req.target) + " made" +
      (req.current ? " (" + fmt(req.current) + " before this deal, " + fmt(m.made) + " in it)" : " in this deal");
    if (req.deals_left) t += "; " + req.deals_left + (req.deals_left === 1 ? " deal" : " deals") + " left, this one included" +
      (m.cleared ? " (the board is cleared: this deal is free)" : "");
    el.dataset.made = String(m.made);
    el.dataset.probability = "";
    if (total >= req.target) t += ". The target is made: the next deal ends the challenge.";
    else if (req.deals_left) {
      const key = keyOf(S.played) + JSON.stringify(req);
      const ch = S.challenge && S.challenge.key === key ? S.challenge : null;
      const p = ch && ch.probability !== null && ch.probability !== undefined ? ch.probability : null;
      if (p !== null) el.dataset.probability = String(p);
      t += "; chance of completing it from here: " + (p !== null ? chanceText(p, ch.probability_low, ch.probability_high) + " (playing the recommended line)"
        : ch ? "unknown" + (ch.note ? " (" + ch.note + ")" : "")
        : S.challenging && S.challenging.key === key ? "searching…" : "after the verdict") + ".";
    } else t += ".";
    el.textContent = t;
  };

  // ---- keys
  document.addEventListener("keydown", (e) => {
    const t = e.target;
    if (t.closest && t.closest("input, textarea, select")) return;
    if (e.altKey || e.metaKey) return;
    const k = e.key;
    if (e.ctrlKey) {
      if (k === "z" && !S.solution) { e.preventDefault(); undo(); }
      else if (k === "y" && !S.solution) { e.preventDefault(); redo(); }
      return;
    }
    if (S.solution) {
      const s = S.solution;
      const steps = { ArrowLeft: s.step - 1, ArrowRight: s.step + 1, Home: 0, End: Infinity };
      if (k in steps) { e.preventDefault(); return step(steps[k]); }
      if (k === "Escape") return closeSolution();
      return;
    }
    if (!S.view) return;
    if (k === "d" || k === "D") drawOrRedeal();
    else if (k === "u" || k === "U") undo();
    else if (k === "y" || k === "Y") redo();
    else if (k === "h" || k === "H") hint();
    else if (k === "f" || k === "F") fairHint();
    else if (k === "c" || k === "C") check();
    else if (k === "m" || k === "M") measureHere();
    else if (k === "n" || k === "N") nextDeal();
    else if (k === "Escape" && (S.fair || S.measuring || S.challenging)) cancelSearch();
    else if (k === "Escape" && S.selected) { S.selected = null; $("selection").textContent = ""; render(); }
  });

  // ---- the address carries the game: #v=msc&passes=1&seed=12&moves=draw.QH+AS
  const esc = (s) => String(s).replace(/[^A-Za-z0-9+._-]/g, (c) => encodeURIComponent(c));
  const linkOf = () => {
    const p = ["v=" + esc(S.rules.variant)];
    for (const k of RULE_KEYS) if (S.rules[k]) p.push(k + "=" + esc(S.rules[k]));
    p.push(S.seed ? "seed=" + esc(S.seed) : "deal=" + esc(S.deal));
    if (S.played.length) p.push("moves=" + S.played.map(esc).join("."));
    if (carrying()) {  // the challenge carried: made before this deal, deals left, the challenge's deal
      const r = S.carry.req;
      p.push("challenge=" + esc(r.kind), "target=" + r.target, "made=" + r.current);
      if (r.deals_left) p.push("deals=" + r.deals_left);
      p.push("chdeal=" + S.carry.dealNo);
    }
    return "#" + p.join("&");
  };
  let lastHash = "";
  const updateLink = () => {
    const h = linkOf();
    $("share").value = location.href.replace(/#.*$/, "") + h;
    if (h !== location.hash) {
      lastHash = h;
      history.replaceState(null, "", h);
    }
  };
  $("copy").addEventListener("click", () => {
    $("share").select();
    (navigator.clipboard ? navigator.clipboard.writeText($("share").value) : Promise.reject())
      .then(() => say("Link copied."), () => { document.execCommand("copy"); });
  });
  // (body's data-opened names the last address handled, for the tests.)
  const openHash = () => {
    const h = location.hash;
    try {
      return openHashNow();
    } finally {
      document.body.dataset.opened = h;
    }
  };
  // A link that cannot be opened says why; the address goes back to the
  // game on the board (at the start, deal 1, which the caller loads).
  let refused = "";
  const refuse = (why) => {
    const h = location.hash;
    refused = "This link cannot be opened: " + why + " (" + (h.length > 60 ? h.slice(0, 57) + "…" : h) + ")." +
      (S.deal ? " The game on the board is kept." : " Deal 1 instead.");
    if (S.deal) {
      lastHash = "";
      updateLink();
      say(refused);
    }
    return false;
  };
  const openHashNow = () => {
    if (!location.hash || location.hash === lastHash) return false;
    const q = {};
    for (const part of location.hash.slice(1).split("&")) {
      const i = part.indexOf("=");
      if (i <= 0) continue;
      try {
        q[part.slice(0, i)] = decodeURIComponent(part.slice(i + 1));
      } catch {  // a broken % escape (URIError)
        return refuse("'" + part + "' has a broken %-escape");
      }
    }
    const rules = Object.assign({ variant: q.v || "msc" }, ...RULE_KEYS.map((k) => ({ [k]: q[k] || "" })));
    if (!presetOf(rules.variant)) return refuse("it names an unknown game, '" + rules.variant + "'");
    const source = q.seed ? { seed: q.seed } : q.deal ? { deal: q.deal } : null;
    if (!source) return refuse("it names no deal (seed=N or deal=CARDS)");
    const moves = q.moves ? q.moves.split(".").filter(Boolean) : [];
    // A challenge carried (challenge=cards:A&target=12&made=9&deals=2&chdeal=2): numbers or nothing.
    const whole = (k) => q[k] === undefined || q[k] === "" ? null : /^\d+$/.test(q[k]) ? Number(q[k]) : NaN;
    const carry = q.challenge ? { req: { kind: q.challenge, target: whole("target"), current: whole("made") || 0,
      deals_left: whole("deals") }, dealNo: whole("chdeal") || 1, asked: "" } : null;
    if (carry && (Object.values(carry.req).some(Number.isNaN) || Number.isNaN(carry.dealNo) || carry.req.target === null))
      return refuse("its challenge needs a target and whole numbers (target=, made=, deals=)");
    lastHash = location.hash;
    const was = S.carry;
    S.carry = carry;
    if (loadDeal(rules, source, moves)) {
      if (carry) {
        $("challenge-box").open = true;
        setFormChallenge(carry.req);
        const m = S.view.challenge_made;
        if (m && m.error) {  // the module's words (the page's fields)
          S.carry = null;
          clearChallenge("No challenge: " + m.error + ".");
          renderCarry();
          updateLink();
        }
      }
      return true;
    }
    S.carry = was;
    return refuse($("message").textContent);  // the module's error, as loadDeal said it
  };
  window.addEventListener("hashchange", openHash);

  // ---- the card picker: a layout built card by card, in dealing order; or,
  // as "a game in progress", a board mid-game: places gone (..), the
  // waste(s), the stock, the cards gone (paired away) and the pass, loaded
  // as a board text (the position reader of --deal-file, docs/formats.md),
  // so the module checks it as it checks a pasted board.
  const layoutSlots = (v, mid) => {
    const out = [];  // {label, group} in dealing order
    for (let r = 0; r < v.rows; r++) {
      const w = SCHEMA.row_widths[v.name][r];
      for (let c = 0; c < w; c++) out.push({ label: "row " + (r + 1) + ", card " + (c + 1), group: "t" + r });
    }
    for (let p = 0; p < v.reserve_piles; p++)
      for (let h = 0; h < v.reserve_height; h++)
        out.push({ label: "reserve " + (p + 1) + ", card " + (h + 1), group: "r" + p });
    if (!mid) for (let s = 0; s < v.stock_size; s++) out.push({ label: "stock card " + (s + 1), group: "stock" });
    return out;
  };
  // The piles of a game in progress, each {key, caption, label(k)}: clicks go to the one chosen.
  const pilesOf = (v) => {
    const out = [];
    for (let w = 0; w < v.wastes; w++) {
      const name = v.wastes === 1 ? "the waste" : "waste " + (w + 1);
      out.push({ key: "waste" + w, title: cap(name), caption: cap(name) + " (bottom to top; ?? for a card under its top you have not seen):",
        label: (k) => name + ", card " + (k + 1) });
    }
    if (v.stock_size > 0) {
      out.push({ key: "stock", title: "Stock", caption: "Stock (the next card first; ?? for a card not seen):",
        label: (k) => "stock card " + (k + 1) });
      if (v.wastes === 0) out.push({ key: "discarded", title: "Discarded", caption: "Discarded cards (?? for one not seen):",
        label: (k) => "discarded card " + (k + 1) });
    }
    out.push({ key: "gone", title: "Gone", caption: "Gone: the cards paired away (name them when the stock or waste has ??):",
      label: (k) => "gone card " + (k + 1) });
    return out;
  };
  const pickerVariant = () => presetOf($("variant").value);
  const showPicker = () => {
    const v = pickerVariant();
    const mid = $("picker-mid").checked;
    const slots = layoutSlots(v, mid);
    if (!S.picker || S.picker.variant !== v.name || S.picker.mid !== mid) {
      const piles = Object.fromEntries(pilesOf(v).map((p) => [p.key, []]));
      S.picker = { variant: v.name, mid, slots: slots.map(() => null), piles, zone: "layout" };
    }
    const P = S.picker;
    const holder = $("picker-layout");
    holder.innerHTML = "";
    const caption = (text) => {
      const cap = document.createElement("p");
      cap.className = "small";
      cap.textContent = text;
      holder.appendChild(cap);
    };
    const slotButton = (c, label, take) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "slot" + (c ? " filled" : "") + (c && c.length === 2 && c[0] !== "?" && c[0] !== "." &&
        !spanishPick() && "DH".includes(c[1]) ? " red" : "");
      b.textContent = c ? showPick(c) : "·";
      b.setAttribute("aria-label", label + ": " + (c ? (c === ".." ? "gone" : showPick(c)) + ", click to take back" : "empty"));
      b.addEventListener("click", take);
      return b;
    };
    let group = null, row = null;
    slots.forEach((s, i) => {
      if (s.group !== group) {
        if (s.group === "stock") caption("Stock, in the order its cards come off (the first card drawn first):");
        if (s.group === "r0") caption("Reserve piles, each from the bottom card up" + (mid ? " (.. for a card gone from its top):" : ":"));
        group = s.group;
        row = document.createElement("div");
        row.className = "pick-row " + (group === "stock" ? "pick-stock" : group[0] === "r" ? "pick-reserve" : "pick-tableau");
        holder.appendChild(row);
      }
      row.appendChild(slotButton(P.slots[i], s.label, () => {
        if (!P.slots[i]) return;
        P.slots[i] = null;
        showPicker();
      }));
    });
    // A game in progress: its piles, which one clicks fill, and the pass.
    $("picker-zones").hidden = !mid;
    if (mid) {
      for (const pile of pilesOf(v)) {
        caption(pile.caption);
        row = document.createElement("div");
        row.className = "pick-row pick-pile";
        row.dataset.pile = pile.key;
        P.piles[pile.key].forEach((c, k) => row.appendChild(slotButton(c, pile.label(k), () => {
          P.piles[pile.key].splice(k, 1);
          showPicker();
        })));
        if (!P.piles[pile.key].length) row.appendChild(Object.assign(document.createElement("span"), { className: "small", textContent: "(none)" }));
        holder.appendChild(row);
      }
      const zones = [{ key: "layout", title: "Layout" }].concat(pilesOf(v));
      $("picker-zone-list").replaceChildren(...zones.map((z) => {
        const label = document.createElement("label");
        const input = Object.assign(document.createElement("input"), { type: "radio", name: "picker-zone", value: z.key,
          checked: P.zone === z.key });
        input.id = "pz-" + z.key;
        input.addEventListener("change", () => { P.zone = z.key; showPicker(); });
        label.append(input, " " + z.title);
        return label;
      }));
      $("picker-pass").max = v.passes ? String(v.passes) : "";
    }
    const deck = $("picker-deck");
    deck.innerHTML = "";
    const specials = document.createElement("div");  // (a row of their own: the suits stay in rows)
    specials.className = "pick-specials";
    deck.appendChild(specials);
    const special = (card, text, title) => {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "pick unseen-pick";
      b.textContent = text;
      b.dataset.card = card;
      b.title = title;
      b.setAttribute("aria-label", text + ": " + title);
      b.addEventListener("click", () => pick(card));
      specials.appendChild(b);
    };
    special("??", "?? not seen", mid ? "a stock, waste or discarded card you have not seen" : "a stock card you have not seen");
    if (mid) special("..", ".. gone", "a place of the layout whose card is gone");
    for (const c of v.cards) {
      const b = document.createElement("button");
      b.type = "button";
      const used = placedAt(c) !== null;
      b.className = "pick" + (used ? " used" : "") + (!spanishPick() && "DH".includes(c[1]) ? " red" : "");
      b.textContent = showPick(c);
      b.dataset.card = c;
      b.setAttribute("aria-pressed", used ? "true" : "false");
      b.setAttribute("aria-label", showPick(c) + (used ? ", placed" : ""));
      b.addEventListener("click", () => pick(c));
      deck.appendChild(b);
    }
    $("picker-use").textContent = mid ? "Use this board" : "Use this deal";
    const free = P.slots.indexOf(null);
    const placed = P.slots.filter(Boolean).length;
    if (mid && P.zone !== "layout") {
      const pile = pilesOf(v).find((p) => p.key === P.zone);
      $("picker-next").textContent = "Clicks go to " + pile.title.toLowerCase() + " (" + P.piles[P.zone].length + " so far)" +
        (free < 0 ? "; every place of the layout is filled." : "; " + placed + " of " + slots.length + " layout places filled.");
    } else {
      $("picker-next").textContent = free < 0 ? (mid ? "Every place of the layout is filled: now the piles, or use this board."
        : "Every place is filled: use this deal.")
        : "Next place: " + slots[free].label + " (" + placed + " of " + slots.length + " placed).";
    }
  };
  const spanishPick = () => pickerVariant().deck === "spanish";
  const showPick = (c) => c === "??" || c === ".." || spanishPick() ? c : (c[0] === "T" ? "10" : c[0]) + SYMBOL[c[1]];
  // Where a card is in the picker ("row 1, card 1", "the waste, card 2"), or null.
  const placedAt = (c) => {
    const P = S.picker, v = pickerVariant();
    const at = P.slots.indexOf(c);
    if (at >= 0) return layoutSlots(v, P.mid)[at].label;
    for (const pile of P.mid ? pilesOf(v) : []) {
      const k = P.piles[pile.key].indexOf(c);
      if (k >= 0) return pile.label(k);
    }
    return null;
  };
  const pick = (c) => {
    const P = S.picker, v = pickerVariant(), slots = layoutSlots(v, P.mid);
    const at = c === "??" || c === ".." ? null : placedAt(c);
    if (at !== null) return say(showPick(c) + " is already in the layout (" + at + "): each card goes in once.");
    if (P.mid && P.zone !== "layout") {
      if (c === "..") return say(".. marks a place of the layout whose card is gone: choose Layout to place it.");
      if (c === "??" && P.zone === "gone" && Object.values(P.piles).every((p) => !p.includes("??")))
        return say("?? among the gone cards is for a board whose stock and waste are named; name the gone cards.");
      say("");
      P.piles[P.zone].push(c);
      return showPicker();
    }
    const free = P.slots.indexOf(null);
    if (free < 0) return say("Every place is filled; take a card back first.");
    if (c === "??" && slots[free].group !== "stock")
      return say("?? goes in the stock only: the next place, " + slots[free].label + ", is dealt face up." +
        (P.mid ? " Choose the waste, the stock or the gone cards for it." : ""));
    if (c === ".." && slots[free].group[0] === "r" && P.slots.slice(free).some((x, k) => x && x !== ".." &&
      slots[free + k].group === slots[free].group))
      return say(".. on a reserve pile is for its top cards: take back the cards above " + slots[free].label + " first.");
    say("");
    P.slots[free] = c;
    showPicker();
  };
  // The board text of a game in progress (as `pyramid deal` prints a position).
  const pickerBoard = () => {
    const P = S.picker, v = pickerVariant(), slots = layoutSlots(v, true);
    const lines = [];
    for (let r = 0; r < v.rows; r++) lines.push(slots.map((s, i) => s.group === "t" + r ? P.slots[i] : null).filter(Boolean).join(" "));
    for (let p = 0; p < v.reserve_piles; p++) {
      const cards = slots.map((s, i) => s.group === "r" + p && P.slots[i] !== ".." ? P.slots[i] : null).filter(Boolean);
      lines.push("reserve " + (p + 1) + ": " + (cards.length ? cards.join(" ") : "(empty)"));
    }
    for (let w = 0; w < v.wastes; w++) {
      const pile = P.piles["waste" + w];
      lines.push((v.wastes === 1 ? "waste: " : "waste " + (w + 1) + ": ") + (pile.length ? pile.join(" ") : "(empty)"));
    }
    if (P.piles.stock) lines.push("stock (" + P.piles.stock.length + "): " + P.piles.stock.join(" "));
    if (P.piles.discarded && P.piles.discarded.length) lines.push("discarded: " + P.piles.discarded.join(" "));
    lines.push("pass " + Math.max(1, Math.floor(+$("picker-pass").value || 1)));
    if (P.piles.gone.length) lines.push("gone (" + P.piles.gone.length + "): " + P.piles.gone.join(" "));
    return lines.join("\n");
  };
  $("picker-box").addEventListener("toggle", () => { if ($("picker-box").open) showPicker(); });
  $("picker-mid").addEventListener("change", () => { say(""); showPicker(); });
  $("picker-clear").addEventListener("click", () => { S.picker = null; showPicker(); });
  $("picker-fill").addEventListener("click", () => {
    const P = S.picker, v = pickerVariant();
    const rest = v.cards.filter((c) => placedAt(c) === null);
    P.slots = P.slots.map((c) => c || rest.shift());
    if (P.mid) P.piles[P.zone === "layout" ? (P.piles.stock ? "stock" : "gone") : P.zone].push(...rest);
    showPicker();
  });
  $("picker-use").addEventListener("click", () => {
    const P = S.picker, v = pickerVariant(), slots = layoutSlots(v, P.mid);
    const missing = P.slots.map((c, i) => c ? null : slots[i].label).filter(Boolean);
    if (missing.length) {
      const absent = v.cards.filter((c) => placedAt(c) === null).map(showPick);
      return say(missing.length + (missing.length === 1 ? " place is" : " places are") + " empty (first: " +
        missing[0] + (P.mid ? "; .. marks a place whose card is gone" : "") + "); cards not placed: " +
        absent.slice(0, 12).join(" ") + (absent.length > 12 ? " …" : "") + ".");
    }
    loadNext({ deal: P.mid ? pickerBoard() : P.slots.join(" ") }, { picked: true });
  });

  // ---- start: the address, else deal 1 of msc
  fillRuleSelects();
  if (!openHash()) loadDeal(S.rules, { seed: "1" }, [], { message: refused });
  document.body.dataset.ready = "1";
  // Offline after a visit (served over http(s) only; a refusal changes nothing).
  if ("serviceWorker" in navigator && location.protocol.startsWith("http"))
    navigator.serviceWorker.register("app.js").catch(() => {});
}
