/* Meksiko solver: the page for players. Plain JavaScript, no framework, no build step.
 *
 * Three views over the JSON API of the same server:
 *   Deal    POST /v1/deal/random, /v1/deal/parse, /v1/analyze (declarer null: every seat)
 *   Play    POST /v1/table/advance (the server checks every decision and plays the engine seats),
 *           POST /v1/hints/bid|discard|play (the hint engine)
 *   Review  POST /v1/review, POST /v1/table/position (the position before a card, every card's value)
 * Every error shown is the server's own message (its "detail").
 */
"use strict";

(() => {
  // ------------------------------------------------------------------ constants and helpers ----
  const SUITS = ["S", "H", "D", "C"];
  const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", N: "NT" };
  const SUIT_NAME = { S: "spades", H: "hearts", D: "diamonds", C: "clubs", N: "no trump" };
  const RANKS = "AKQJT987";
  const RANK_NAME = { A: "ace", K: "king", Q: "queen", J: "jack", T: "ten", 9: "nine", 8: "eight", 7: "seven" };
  const CALLS = ["5", "6", "7", "8", "9", "10", "M", "NEXT"];
  const RED = new Set(["H", "D"]);

  const $ = (id) => document.getElementById(id);

  /** el("div", {class: "x", onclick: fn}, child, "text", ...) */
  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attrs || {})) {
      if (value === null || value === undefined || value === false) continue;
      if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
      else if (key === "dataset") Object.assign(node.dataset, value);
      else node.setAttribute(key, value === true ? "" : value);
    }
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  /** Replace a node's children (arrays flattened, null/undefined/false left out). */
  function fill(node, ...children) {
    node.replaceChildren();
    for (const child of children.flat(Infinity)) {
      if (child === null || child === undefined || child === false) continue;
      node.append(child instanceof Node ? child : document.createTextNode(String(child)));
    }
    return node;
  }

  const cardSort = (a, b) => SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);
  const sorted = (cards) => [...cards].sort(cardSort);
  const rankText = (r) => (r === "T" ? "10" : r);
  const cardText = (card) => rankText(card[0]) + SYMBOL[card[1]];
  const contractText = (c) => (c === "M" ? "Meksiko" : c);
  const callText = (c) => (c === "M" ? "Meksiko" : c === "NEXT" ? "Next" : c);
  const signed = (x, digits = 1) => (x > 0 ? "+" : x < 0 ? "−" : "") + Math.abs(x).toFixed(digits);
  const percent = (x) => (x === null || x === undefined ? "–" : `${Math.round(100 * x)}%`);

  function suitSpan(suit) {
    return el("span", { class: RED.has(suit) ? "suit-red" : "suit-black", title: SUIT_NAME[suit] }, SYMBOL[suit]);
  }

  /** A trump as the API writes it: "S" "H" "D" "C", or "N" (no trump, shown as NT). */
  function trumpSpan(trump) {
    return suitSpan(trump);
  }

  /** A card: a small white rounded rectangle, rank over suit, red hearts and diamonds. */
  function cardEl(card, opts = {}) {
    const suit = card[1];
    const classes = ["card", RED.has(suit) ? "red" : "black", opts.mini ? "mini" : "", ...(opts.classes || [])];
    const node = el("span", {
      class: classes.filter(Boolean).join(" "),
      title: opts.title || `${RANK_NAME[card[0]]} of ${SUIT_NAME[suit]} (${card})`,
      dataset: opts.index === undefined ? { card } : { card, index: opts.index },
    }, el("span", { class: "rank" }, rankText(card[0])), el("span", { class: "pip" }, SYMBOL[suit]));
    if (opts.mark) node.append(el("span", { class: `mark${opts.mark === "??" ? " bad" : ""}` }, opts.mark));
    if (opts.onclick) {
      node.setAttribute("role", "button");
      node.setAttribute("tabindex", "0");
      node.addEventListener("click", opts.onclick);
      node.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onclick(e); }
      });
    }
    return node;
  }

  const backEl = (mini) => el("span", { class: `card back${mini ? " mini" : ""}`, title: "a hidden card" });

  /** A hand grouped by suit (S H D C); opts.cardOpts(card) gives each card's options. */
  function handEl(cards, opts = {}) {
    const hand = el("div", { class: "hand" });
    if (opts.hidden !== undefined) {
      hand.classList.add("backs");
      for (let i = 0; i < opts.hidden; i++) hand.append(backEl(opts.mini));
      return hand;
    }
    for (const suit of SUITS) {
      const inSuit = sorted(cards).filter((c) => c[1] === suit);
      if (!inSuit.length) continue;
      hand.append(el("span", { class: "suit-group" },
        inSuit.map((c) => cardEl(c, { mini: opts.mini, ...(opts.cardOpts ? opts.cardOpts(c) : {}) }))));
    }
    if (!cards.length) hand.append(el("span", { class: "void" }, "no cards"));
    return hand;
  }

  /**
   * The table: three seats around a felt, `bottom` at the bottom, the next seats in playing order
   * on the left and on the right. seat(s) -> {name, badges: [[text, class]], hand: Node, toMove}.
   */
  function boardEl(bottom, seat, center) {
    const board = el("div", { class: "board" });
    const places = { [bottom]: "bottom", [(bottom + 1) % 3]: "left", [(bottom + 2) % 3]: "right" };
    for (const s of [(bottom + 1) % 3, (bottom + 2) % 3, bottom]) {
      const info = seat(s);
      board.append(el("div", { class: `seat ${places[s]}${info.toMove ? " to-move" : ""}`, dataset: { seat: s } },
        el("div", { class: "seat-label" }, el("span", { class: "name" }, info.name),
          (info.badges || []).map(([text, cls, title]) => el("span", { class: `badge ${cls || ""}`, title }, text))),
        info.hand));
    }
    board.append(el("div", { class: "center" }, center));
    return board;
  }

  function pile(label, cards, opts = {}) {
    return el("div", { class: "pile" }, el("div", { class: "pile-label" }, label),
      el("div", { class: "cards" }, cards.map((c) => (c ? cardEl(c, opts) : backEl(opts.mini)))));
  }

  /** The trick in progress: each card with the seat that played it. */
  function trickEl(trick, label, you) {
    const slots = [];
    for (let i = 0; i < 3; i++) {
      const card = trick && trick.cards[i];
      const seat = trick ? trick.seats[i] ?? (trick.leader + i) % 3 : null;
      const won = trick && trick.winner !== null && trick.winner === seat;
      slots.push(el("div", { class: `slot${won ? " won" : ""}` },
        card ? cardEl(card) : el("span", { class: "empty" }), seat === null ? "" : seat === you ? "you" : `seat ${seat}`));
    }
    return el("div", { class: "pile" }, el("div", { class: "pile-label" }, label), el("div", { class: "trick" }, slots));
  }

  // ------------------------------------------------------------------------------ the API ----
  class ApiError extends Error {
    constructor(status, detail, path) {
      super(detail);
      this.status = status;
      this.detail = detail;
      this.path = path;
    }
  }

  async function api(path, body) {
    let response;
    try {
      response = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
    } catch (exc) {
      throw new ApiError(0, `the server could not be reached (${exc.message})`, path);
    }
    const text = await response.text();
    let data = null;
    try { data = text ? JSON.parse(text) : null; } catch (exc) { data = null; }
    if (!response.ok) {
      const detail = data && typeof data.detail === "string" ? data.detail : `${response.status} ${response.statusText}`;
      throw new ApiError(response.status, detail, path);
    }
    return data;
  }

  /** The request bodies of the hint and review routes (one place to adapt if their shape changes). */
  const hintBody = (view, samples, seed) => ({ ...view, samples, seed });
  const reviewBody = (record) => ({ record });

  function showError(box, error) {
    const message = error instanceof ApiError ? error.detail : error && error.message ? error.message : String(error);
    box.textContent = message;
    box.hidden = false;
  }

  function clearError(box) {
    box.hidden = true;
    box.textContent = "";
  }

  /** Run an async action with its buttons disabled; errors go to `box`. */
  let pending = 0; // requests in flight: <body data-busy> while any (the page's tests wait on it)

  async function busy(buttons, box, action) {
    const disabled = buttons.filter((b) => !b.disabled);
    disabled.forEach((b) => { b.disabled = true; });
    if (box) clearError(box);
    pending++;
    document.body.dataset.busy = "true";
    try {
      return await action();
    } catch (error) {
      if (box) showError(box, error);
      else throw error;
    } finally {
      disabled.forEach((b) => { if (b.isConnected) b.disabled = false; });
      if (--pending === 0) delete document.body.dataset.busy;
    }
    return undefined;
  }

  const intOrNull = (input) => {
    const text = input.value.trim();
    return text === "" ? null : Number(text);
  };

  // ---------------------------------------------------------------------------------- tabs ----
  const VIEWS = ["deal", "play", "review", "mexican-train"];

  function showView(name) {
    if (!VIEWS.includes(name)) name = "deal";
    for (const v of VIEWS) {
      $(`view-${v}`).hidden = v !== name;
      $(`tab-${v}`).setAttribute("aria-selected", String(v === name));
    }
    if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
  }

  // ============================================================================ Deal view ====
  const dealState = { deal: null, table: null, declarer: null, open: null, rules: "mexico-club" };

  async function showDeal(deal) {
    dealState.deal = deal;
    dealState.table = null;
    dealState.declarer = null;
    dealState.open = null;
    dealState.rules = $("deal-rules").value;
    $("deal-text").value = deal.text;
    $("deal-body").hidden = false;
    $("deal-empty").hidden = true;
    $("deal-body").classList.remove("stale");
    $("dd-discards").hidden = true;
    renderDealBoard();
    renderDDTable();
    $("dd-status").textContent = "Solving every seat as declarer…";
    $("dd-status").classList.add("loading");
    try {
      dealState.table = await api("/v1/analyze", { hands: deal.hands, talon: deal.talon, declarer: null, rules: dealState.rules });
      $("dd-status").textContent = "";
    } catch (error) {
      $("dd-status").textContent = "";
      showError($("deal-error"), error);
    } finally {
      $("dd-status").classList.remove("loading");
    }
    renderDDTable();
    renderDealBoard();
  }

  function dealCaption() {
    const d = dealState.deal;
    const bits = [d.seed !== null && d.seed !== undefined ? `random deal, seed ${d.seed}` : "deal entered as text",
      `dealer seat ${d.dealer}`, `seat ${(d.dealer + 1) % 3} bids first`];
    return bits.join(" · ");
  }

  function renderDealBoard() {
    const d = dealState.deal;
    if (!d) return;
    d.dealer = Number($("deal-dealer").value);
    d.record.dealer = d.dealer;
    d.record.rules = dealState.rules;
    delete d.record.mode; // the profile's default mode
    const declarer = dealState.declarer;
    const analysis = declarer !== null && dealState.table ? dealState.table.seats[declarer] : null;
    const discard = new Set(analysis ? analysis.best.discard : []);
    const seat = (s) => ({
      name: `Seat ${s}`,
      badges: [s === d.dealer ? ["dealer", "dealer"] : null, s === declarer ? ["declarer", "declarer"] : null,
        s === (d.dealer + 1) % 3 ? ["bids first", ""] : null].filter(Boolean),
      hand: handEl(d.hands[s], { cardOpts: (c) => ({ classes: discard.has(c) ? ["highlight"] : [] }) }),
    });
    const center = [pile("Talon", d.talon)];
    if (analysis) {
      const b = analysis.best;
      center.push(el("div", { class: "contract-chip", title: "the best trump with the talon and its first best discard" },
        `Seat ${declarer} declaring`,
        el("span", { class: "big" }, `${b.tricks} `, trumpSpan(b.trump)),
        "discard ", b.discard.map(cardText).join(" ")));
    }
    const board = boardEl(0, seat, center);
    fill($("deal-board"), board);
    // the talon's cards the best discard throws are highlighted too
    for (const node of board.querySelectorAll(".center .pile .card")) {
      if (discard.has(node.dataset.card)) node.classList.add("highlight");
    }
    $("deal-caption").textContent = dealCaption();
  }

  function renderDDTable() {
    const box = $("dd-table");
    const table = dealState.table;
    if (!table) { fill(box); return; }
    const mk = Object.keys(table.seats[0].meksiko);
    const head = el("thead", {},
      el("tr", {}, el("th", { rowspan: 2 }, "Declarer"), el("th", { colspan: 4, class: "group-start" }, "with the talon (best discard)"),
        el("th", { colspan: mk.length, class: "group-start" }, "Meksiko (no talon)"),
        el("th", { colspan: 3, class: "group-start" }, "best contract"), el("th", { rowspan: 2, class: "group-start" }, "max bid")),
      el("tr", {}, SUITS.map((t, i) => el("th", { class: `sym${i === 0 ? " group-start" : ""}` }, suitSpan(t))),
        mk.map((t, i) => el("th", { class: `sym${i === 0 ? " group-start" : ""}` }, trumpSpan(t))),
        el("th", { class: "group-start" }, "tricks"), el("th", {}, "trump"), el("th", {}, "discard")));
    const body = el("tbody");
    for (const a of table.seats) {
      const best = Math.max(...SUITS.map((t) => a.with_talon[t].tricks));
      const row = el("tr", { class: a.declarer === dealState.declarer ? "chosen" : "", dataset: { seat: a.declarer } });
      row.append(el("th", { class: "seat-cell", title: "make this seat the declarer on the board",
        onclick: () => { dealState.declarer = dealState.declarer === a.declarer ? null : a.declarer; renderDealBoard(); renderDDTable(); } },
        `Seat ${a.declarer}`));
      SUITS.forEach((t, i) => {
        const entry = a.with_talon[t];
        const open = dealState.open && dealState.open.seat === a.declarer && dealState.open.trump === t;
        const shown = entry.discards.slice(0, 8).map((p) => p.map(cardText).join(" ")).join(", ");
        const more = entry.discards.length > 8 ? ` and ${entry.discards.length - 8} more` : "";
        const classes = ["pick", i === 0 ? "group-start" : "", entry.tricks === best ? "best" : "", entry.tricks < 5 ? "low" : "", open ? "open" : ""];
        row.append(el("td", {
          class: classes.filter(Boolean).join(" "), dataset: { seat: a.declarer, trump: t },
          title: `${entry.tricks} tricks with ${SUIT_NAME[t]} trump; best discards: ${shown}${more}`,
          onclick: () => showDiscards(a.declarer, t),
        }, entry.tricks));
      });
      mk.forEach((t, i) => {
        const v = a.meksiko[t];
        row.append(el("td", { class: `${i === 0 ? "group-start " : ""}${v === 10 ? "best" : v < 5 ? "low" : ""}`,
          title: `${v} tricks as Meksiko with ${t === "N" ? "no trump" : SUIT_NAME[t] + " trump"}, talon out of play` }, v));
      });
      row.append(el("td", { class: "group-start best" }, a.best.tricks), el("td", {}, trumpSpan(a.best.trump)),
        el("td", { class: "left" }, a.best.discard.map((c) => cardEl(c, { mini: true }))),
        el("td", { class: "group-start" }, a.max_bid === null ? "–" : contractText(String(a.max_bid))));
      body.append(row);
    }
    fill(box, el("table", { class: "grid dd", id: "dd" }, head, body));
  }

  function showDiscards(seat, trump) {
    const panel = $("dd-discards");
    const same = dealState.open && dealState.open.seat === seat && dealState.open.trump === trump;
    dealState.open = same ? null : { seat, trump };
    renderDDTable();
    if (same) { panel.hidden = true; return; }
    const entry = dealState.table.seats[seat].with_talon[trump];
    fill(panel,
      el("h3", {}, `Seat ${seat} declaring with `, suitSpan(trump), ` trump: ${entry.tricks} tricks after any of these `,
        `${entry.discards.length} discard${entry.discards.length === 1 ? "" : "s"}`),
      el("div", { class: "discards" }, entry.discards.map((pair) =>
        el("span", { class: "pair" }, pair.map((c) => cardEl(c, { mini: true }))))));
    panel.hidden = false;
  }

  async function randomDeal() {
    const body = { seed: intOrNull($("deal-seed")), dealer: Number($("deal-dealer").value), rules: $("deal-rules").value };
    await busy([$("deal-random"), $("deal-show")], $("deal-error"), async () => {
      const deal = await api("/v1/deal/random", body);
      $("deal-seed").value = deal.seed;
      await showDeal(deal);
    });
  }

  async function parseDeal(event) {
    if (event) event.preventDefault();
    const text = $("deal-text").value.trim();
    await busy([$("deal-random"), $("deal-show")], $("deal-error"), async () => {
      try {
        const deal = await api("/v1/deal/parse", { deal: text, dealer: Number($("deal-dealer").value), rules: $("deal-rules").value });
        await showDeal(deal);
      } catch (error) {
        $("deal-body").classList.add("stale"); // the deal shown is no longer the one entered
        throw error;
      }
    });
  }

  // ============================================================================ Play view ====
  const playState = { resp: null, seed: 0, selected: new Set(), trump: null, hint: null, requested: "hint", dealSeed: null };

  /** A deal at the table: the engine's seats use the server's default samples (the Hint
   * samples field is for the hint button), seeded with the deal's seed. */
  async function startPlay(record, seed, dealSeed) {
    const seat = Number($("play-seat").value);
    const policy = $("play-policy").value;
    const resp = await api("/v1/table/advance", { record, seat, policy, seed: seed ?? 0 });
    playState.seed = seed ?? 0;
    playState.requested = policy;
    playState.dealSeed = dealSeed;
    setPlay(resp);
    showView("play");
  }

  async function newPlayDeal(event) {
    if (event) event.preventDefault();
    await playBusy(async () => {
      const deal = await api("/v1/deal/random", { seed: intOrNull($("play-seed")), dealer: Number($("play-dealer").value) });
      await startPlay(deal.record, deal.seed, deal.seed);
    });
  }

  async function playThisDeal() {
    const deal = dealState.deal;
    await playBusy(async () => {
      if (!deal) throw new Error("Show a deal in the Deal view first (enter it as text or deal a random one).");
      await startPlay(deal.record, deal.seed ?? intOrNull($("play-seed")) ?? 0, deal.seed ?? null);
    });
  }

  function playButtons() {
    return [$("play-new"), $("play-this"), $("hint-button"), ...document.querySelectorAll("#decision button")];
  }

  /** Run a Play view request; afterwards the hint button follows the turn again. */
  async function playBusy(action) {
    await busy(playButtons(), $("play-error"), action);
    $("hint-button").disabled = !(playState.resp && playState.resp.your_turn);
  }

  function setPlay(resp) {
    playState.resp = resp;
    playState.selected = new Set();
    playState.trump = null;
    playState.hint = null;
    $("hint").hidden = true;
    $("play-empty").hidden = true;
    $("play-body").hidden = false;
    renderPlay();
  }

  async function act(action) {
    const r = playState.resp;
    await playBusy(async () => {
      const resp = await api("/v1/table/advance", {
        record: r.record, seat: r.seat, action, policy: playState.requested, seed: playState.seed,
      });
      setPlay(resp);
    });
  }

  /** Each seat's cards now, from the record (for "show all hands" and the end of the deal). */
  function currentHands(resp) {
    const rec = resp.record;
    const hands = rec.hands.map((h) => new Set(h));
    if (resp.declarer !== null && resp.contract && resp.contract !== "M") {
      rec.talon.forEach((c) => hands[resp.declarer].add(c));
      rec.discard.forEach((c) => hands[resp.declarer].delete(c));
    }
    for (const t of resp.tricks) t.cards.forEach((c, i) => hands[t.seats[i]].delete(c));
    return hands.map((h) => sorted(h));
  }

  function seatName(s, you) {
    return s === you ? "You" : `Seat ${s}`;
  }

  const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

  function renderPlay() {
    const r = playState.resp;
    const you = r.seat;
    const rec = r.record;
    const open = $("play-open").checked || r.phase === "done";
    const hands = currentHands(r);
    const legal = new Set(r.legal_cards);
    const hinted = hintedCards();
    const lastCall = {};
    r.calls.forEach((c) => { lastCall[c.seat] = c.call; });

    // status line
    const status = [];
    if (playState.dealSeed !== null && playState.dealSeed !== undefined) status.push(el("span", {}, "Deal seed ", el("b", {}, playState.dealSeed)));
    status.push(el("span", {}, "Dealer ", el("b", {}, seatName(rec.dealer, you))));
    if (r.contract) {
      status.push(el("span", {}, "Contract ", el("b", {}, contractText(r.contract)), " by ", el("b", {}, seatName(r.declarer, you))));
      status.push(el("span", {}, "Trump ", el("b", {}, r.trump ? trumpSpan(r.trump) : "not named yet")));
    } else {
      status.push(el("span", {}, "Auction in progress"));
    }
    if (r.phase === "play" || r.phase === "done") {
      status.push(el("span", {}, "Tricks: ", [0, 1, 2].map((s, i) => [i ? " · " : "", `${seatName(s, you)} `, el("b", {}, r.tricks_won[s])])));
    }
    fill($("play-status"), ...status);

    // the table
    const seat = (s) => {
      const badges = [];
      if (s === rec.dealer) badges.push(["dealer", "dealer"]);
      if (s === r.declarer) badges.push(["declarer", "declarer"]);
      if (r.phase === "auction" && lastCall[s]) badges.push([callText(lastCall[s]), "call", "last call"]);
      if (r.phase === "play" || r.phase === "done") badges.push([plural(r.tricks_won[s], "trick"), "tricks"]);
      let hand;
      if (s === you) {
        hand = handEl(r.hand, { cardOpts: (c) => yourCardOpts(c, legal, hinted) });
      } else if (open) {
        hand = handEl(hands[s]);
      } else {
        hand = handEl([], { hidden: hands[s].length });
      }
      return { name: s === you ? `You (seat ${s})` : `Seat ${s}`, badges, hand, toMove: r.to_move === s };
    };
    const center = [];
    if (r.phase === "auction" || r.phase === "declare") {
      center.push(pile(r.talon ? "Talon, face up" : "Talon", r.talon ? r.talon : [null, null]));
    }
    if (r.contract) {
      const trump = r.trump ? [" ", trumpSpan(r.trump)] : "";
      center.push(el("div", { class: "contract-chip" }, r.declarer === you ? "You play" : `Seat ${r.declarer} plays`,
        el("span", { class: "big" }, contractText(r.contract), trump)));
    }
    if (r.phase === "play" || r.phase === "done") {
      const last = r.tricks[r.tricks.length - 1];
      if (r.phase === "done") {
        center.push(trickEl(last, `Last trick, won by ${last.winner === you ? "you" : `seat ${last.winner}`}`, you));
      } else {
        const inProgress = last && last.winner === null ? last : null;
        center.push(trickEl(inProgress, `Trick ${inProgress ? r.tricks.length : r.tricks.length + 1}`, you));
      }
    }
    fill($("play-board"), boardEl(you, seat, center));

    // auction log
    const auction = $("play-auction");
    const opener = (rec.dealer + 1) % 3;
    const order = [opener, (opener + 1) % 3, (opener + 2) % 3];
    const cells = order.map((s) => el("div", { class: "head" }, seatName(s, you)));
    let col = 0;
    for (const c of r.calls) {
      while (order[col % 3] !== c.seat) { cells.push(el("div", { class: "call-item blank" })); col++; }
      cells.push(el("div", { class: `call-item${c.call === "NEXT" ? " pass" : ""}` }, callText(c.call)));
      col++;
    }
    if (!r.calls.length) cells.push(el("div", { class: "muted small", style: "grid-column: 1 / -1" }, "no calls yet"));
    fill(auction, ...cells);

    // last completed trick
    const done = r.tricks.filter((t) => t.winner !== null);
    const lastDone = done[done.length - 1];
    fill($("play-last"), ...(lastDone
      ? [...lastDone.cards.map((c, i) => el("span", { class: "played" }, cardEl(c, { mini: true, classes: lastDone.seats[i] === lastDone.winner ? ["highlight"] : [] }),
        el("span", { class: "who" }, seatName(lastDone.seats[i], you)))), el("span", { class: "small" }, `won by ${seatName(lastDone.winner, you)}`)]
      : ["none yet"]));
    renderDecision();
    $("hint-button").disabled = !r.your_turn;
  }

  function yourCardOpts(card, legal, hinted) {
    const r = playState.resp;
    const classes = [];
    if (hinted.has(card)) classes.push("hinted");
    if (r.phase === "play" && r.your_turn) {
      if (legal.has(card)) {
        classes.push("playable");
        return { classes, onclick: () => act({ card }), title: `play ${cardText(card)}` };
      }
      classes.push("dim");
      return { classes, title: `${cardText(card)} may not be played now` };
    }
    if (r.phase === "declare" && r.declare && r.declare.discard > 0) {
      if (playState.selected.has(card)) classes.push("selected");
      else classes.push("clickable");
      return { classes, onclick: () => toggleDiscard(card), title: `discard ${cardText(card)}` };
    }
    return { classes };
  }

  function hintedCards() {
    const h = playState.hint;
    if (!h) return new Set();
    if (h.hint === "play" && h.card) return new Set([h.card]);
    if (Array.isArray(h.discard)) return new Set(h.discard);
    return new Set();
  }

  function toggleDiscard(card) {
    const need = playState.resp.declare.discard;
    if (playState.selected.has(card)) playState.selected.delete(card);
    else if (playState.selected.size < need) playState.selected.add(card);
    else {
      const first = playState.selected.values().next().value;
      playState.selected.delete(first);
      playState.selected.add(card);
    }
    renderPlay();
  }

  function renderDecision() {
    const r = playState.resp;
    const box = $("decision");
    const you = r.seat;
    if (r.phase === "done") {
      const d = r.declarer;
      const won = r.tricks_won[d];
      const need = r.contract === "M" ? 10 : Number(r.contract);
      const made = won >= need;
      fill(box,
        el("div", { class: "result-line" }, `${seatName(d, you)} declared ${contractText(r.contract)} and took ${plural(won, "trick")}: `,
          el("span", { class: made ? "made" : "failed" }, made ? "made" : "failed"), ". Scores: ",
          [0, 1, 2].map((s) => `${seatName(s, you)} ${signed(r.scores[s], 0)}`).join(", "), "."),
        el("button", { type: "button", id: "play-review", onclick: () => reviewPlayed() }, "Review this deal"),
        el("button", { type: "button", class: "secondary", onclick: () => newPlayDeal() }, "Next deal"));
      return;
    }
    if (!r.your_turn) {
      fill(box, el("span", { class: "prompt" }, `Waiting for seat ${r.to_move}`));
      return;
    }
    if (r.phase === "auction") {
      const legal = new Set(r.legal_calls);
      fill(box, el("span", { class: "prompt" }, "Your call:"),
        el("div", { class: "calls" }, CALLS.map((c) => el("button", {
          type: "button", class: c === "NEXT" ? "secondary" : "", disabled: !legal.has(c), dataset: { call: c },
          title: legal.has(c) ? `call ${callText(c)}` : `${callText(c)} is not a legal call now`,
          onclick: () => act({ call: c }),
        }, callText(c)))));
      return;
    }
    if (r.phase === "declare") {
      const need = r.declare.discard;
      const ready = playState.selected.size === need && playState.trump !== null;
      const trumps = el("div", { class: "trumps" }, r.declare.trumps.map((t) => el("button", {
        type: "button", class: RED.has(t) ? "red" : "black", "aria-pressed": String(playState.trump === t),
        title: `${SUIT_NAME[t]} trump`, dataset: { trump: t },
        onclick: () => { playState.trump = t; renderPlay(); },
      }, SYMBOL[t])));
      const chosen = need ? el("span", {}, "Discard: ",
        playState.selected.size ? [...playState.selected].map(cardText).join(" ") : "click two cards in your hand") : null;
      fill(box,
        el("span", { class: "prompt" }, need ? `You won the auction with ${contractText(r.contract)}: discard two cards and name trump.`
          : "Meksiko: the talon stays out of play; name trump."),
        chosen, el("span", {}, "Trump:"), trumps,
        el("button", {
          type: "button", id: "declare-button", disabled: !ready,
          onclick: () => act({ discard: [...playState.selected], trump: playState.trump }),
        }, "Declare"));
      return;
    }
    fill(box, el("span", { class: "prompt" }, "Your turn: play a card."),
      el("span", { class: "muted small" }, "the cards you may play are raised; the others are greyed out"));
  }

  // ------------------------------------------------------------------------------- hints ----
  const HINT_KIND = { auction: "bid", declare: "discard", play: "play" };

  async function askHint() {
    const r = playState.resp;
    if (!r || !r.your_turn) return;
    const kind = HINT_KIND[r.phase];
    const panel = $("hint");
    const samples = intOrNull($("play-samples")) || 100;
    panel.hidden = false;
    fill(panel, el("span", { class: "muted loading" }, `Asking the hint engine (${samples} sampled worlds)`));
    await busy([$("hint-button")], null, async () => {
      try {
        playState.hint = await api(`/v1/hints/${kind}`, hintBody(r.view, samples, playState.seed));
        renderPlay();
        renderHint(kind, playState.hint);
      } catch (error) {
        playState.hint = null;
        const text = error instanceof ApiError ? error.detail : String(error.message || error);
        fill(panel, el("div", { class: "error", role: "alert", id: "hint-error" }, text));
      }
    });
  }

  function optionAction(option) {
    if (option.card) return cardEl(option.card, { mini: true });
    if (option.call) return el("b", {}, callText(option.call));
    if (option.discard) {
      return el("span", {}, option.discard.map((c) => cardEl(c, { mini: true })), option.trump ? [" ", trumpSpan(option.trump)] : "");
    }
    if (option.trump) return trumpSpan(option.trump);
    return JSON.stringify(option);
  }

  function sameAction(option, hint) {
    if (hint.card !== undefined && option.card !== undefined) return option.card === hint.card;
    if (hint.call !== undefined && option.call !== undefined) return option.call === hint.call;
    if (option.discard !== undefined || option.trump !== undefined) {
      const a = [...(option.discard || [])].sort().join(" ");
      const b = [...(hint.discard || [])].sort().join(" ");
      return a === b && (option.trump ?? null) === (hint.trump ?? null);
    }
    return false;
  }

  /** A discard hint's option chosen: its cards and trump are selected; Declare confirms. */
  function pickDeclaration(option) {
    const r = playState.resp;
    if (!r || r.phase !== "declare" || !r.declare) return;
    playState.selected = new Set(r.declare.discard ? option.discard : []);
    playState.trump = option.trump;
    renderPlay();
  }

  function renderHint(kind, hint) {
    const options = hint.options || [];
    const has = (key) => options.some((o) => o[key] !== undefined && o[key] !== null);
    const columns = [["make", "P(make)", percent], ["score", "E[score]", (x) => signed(x, 2)],
      ["tricks", "E[declarer tricks]", (x) => x.toFixed(2)], ["best", "DD best", percent]].filter(([k]) => has(k));
    let recommended = "";
    if (kind === "play") recommended = [cardEl(hint.card, { mini: true })];
    else if (kind === "bid") recommended = [el("b", {}, callText(hint.call))];
    else recommended = [optionAction({ discard: hint.discard, trump: hint.trump })];
    const head = el("div", { class: "hint-head" }, el("b", {}, "Hint: "), recommended,
      el("span", { class: "muted small" }, ` · ${hint.worlds} of ${hint.samples} worlds solved${hint.exhaustive ? " (every consistent world)" : ""}, seed ${hint.seed}`));
    const table = el("table", { class: "grid hint-table", id: "hint-table" },
      el("thead", {}, el("tr", {}, el("th", {}, "option"), columns.map(([, label]) => el("th", {}, label)))),
      el("tbody", {}, options.map((o) => el("tr", {
        class: `${sameAction(o, hint) ? "recommended" : ""}${o.legal === false ? " low" : ""}${kind === "discard" ? " pickable" : ""}`,
        title: o.legal === false ? "not a legal call now" : kind === "discard" ? "choose this discard and trump (then Declare)" : "",
        onclick: kind === "discard" ? () => pickDeclaration(o) : null,
      }, el("td", { class: "left" }, optionAction(o), o.legal === false ? el("span", { class: "small" }, " not legal now") : ""),
      columns.map(([k, , fmt]) => {
        const v = o[k];
        const cell = el("td", { class: k === "score" && typeof v === "number" ? (v > 0 ? "pos" : v < 0 ? "neg" : "") : "" },
          v === null || v === undefined ? "–" : fmt(v));
        if (k === "make" && typeof v === "number") cell.append(el("span", { class: "bar", style: `width:${Math.round(40 * v)}px` }));
        return cell;
      })))));
    const extra = [];
    if (kind === "bid" && hint.pass) {
      extra.push(el("p", { class: "small muted" }, `Passing: expected score ${signed(hint.pass.score, 2)}.`,
        hint.max_bid ? ` Compete up to ${contractText(hint.max_bid)}.` : ""));
    }
    fill($("hint"), head, table, ...extra);
    $("hint").hidden = false;
  }

  // ========================================================================== Review view ====
  const reviewState = { input: null, records: [], reviews: null, current: 0 };

  function dealRecords(obj) {
    if (obj && Array.isArray(obj.deals)) {
      return obj.deals.map((d) => ({ rules: obj.rules ?? undefined, mode: obj.mode ?? undefined, ...d }));
    }
    return [obj];
  }

  async function runReview(obj) {
    const box = $("review-error");
    clearError(box);
    if (obj === undefined) {
      const text = $("review-text").value.trim();
      if (!text) { showError(box, new Error("Paste a deal or game record (JSON), open a file, or play a deal first.")); return; }
      try {
        obj = JSON.parse(text);
      } catch (exc) {
        showError(box, new Error(`The record is not valid JSON: ${exc.message}`));
        return;
      }
    }
    reviewState.input = obj;
    reviewState.records = dealRecords(obj);
    reviewState.reviews = null;
    await busy([$("review-run"), $("review-played")], box, async () => {
      $("review-body").hidden = true;
      const data = await api("/v1/review", reviewBody(obj));
      reviewState.reviews = Array.isArray(data.deals) ? data.deals : [data];
      await showReviewDeal(reviewState.records.length - 1);
    });
  }

  async function showReviewDeal(k) {
    reviewState.current = k;
    const record = reviewState.records[k];
    const picker = $("review-deals");
    if (reviewState.records.length > 1) {
      fill(picker, el("span", { class: "muted small" }, "Deal: "), reviewState.records.map((_, i) =>
        el("button", { type: "button", "aria-pressed": String(i === k), onclick: () => busy([], $("review-error"), () => showReviewDeal(i)) }, String(i + 1))));
      picker.hidden = false;
    } else {
      picker.hidden = true;
    }
    fill($("review-position"), el("p", { class: "muted" },
      "Click a card of a trick to see the position before it, with every alternative's double-dummy value."));
    // the tricks (leaders, seats, winners) of the record as played; none before the play starts
    const review = reviewState.reviews ? reviewState.reviews[k] : null;
    let end = null;
    try {
      end = await api("/v1/table/position", { record, index: null });
    } catch (error) {
      if (!(error instanceof ApiError && error.detail.includes("the play has not started"))) throw error;
    }
    renderReviewSummary(record, review, end);
    renderReviewTricks(record, review, end);
    $("review-body").hidden = false;
  }

  function dl(pairs) {
    return el("dl", {}, pairs.filter(Boolean).map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
  }

  function renderReviewSummary(record, review, end) {
    const d = end ? end.declarer : review ? review.declarer : null;
    const contract = end ? end.contract : review ? review.contract : null;
    const panels = [];
    const made = review && review.result ? review.result.made : null;
    panels.push(el("div", { class: "panel" }, el("h3", {}, "Contract"), d === null || d === undefined ? el("p", { class: "muted" }, "The auction is not over.") : dl([
      ["declarer", `seat ${d}`], ["contract", contractText(contract)],
      ["trump", end ? trumpSpan(end.trump) : review && review.trump ? trumpSpan(review.trump) : "not named yet"],
      end ? ["tricks", end.tricks_won.map((t, s) => `seat ${s}: ${t}`).join(", ")] : null,
      made === null || made === undefined ? null : ["result", el("span", { class: made ? "verdict-exact" : "neg" }, made ? "made" : "failed")],
      review && review.result && review.result.scores ? ["scores", review.result.scores.map((x) => signed(x, 0)).join(" / ")] : null,
      review && review.value ? ["DD value", `${review.value.start} → ${review.value.end} tricks`] : null,
    ])));
    if (review && review.bid) {
      const b = review.bid;
      panels.push(el("div", { class: "panel" }, el("h3", {}, "Bid"), dl([
        ["called", contractText(String(b.called))],
        ["max bid (DD)", b.max_bid === null ? "–" : contractText(String(b.max_bid))],
        ["verdict", el("span", { class: `verdict-${b.verdict}` }, b.verdict)],
        b.best_tricks !== undefined ? ["best", [`${b.best_tricks} tricks with `, trumpSpan(b.best_trump)]] : null,
      ])));
    }
    if (review && review.discard) {
      const x = review.discard;
      panels.push(el("div", { class: "panel" }, el("h3", {}, "Discard ", x.mark ? el("span", { class: `mark-inline${x.mark === "??" ? " bad" : ""}` }, x.mark) : ""), dl([
        ["chosen", x.chosen.map((c) => cardEl(c, { mini: true }))],
        ["tricks", `${x.tricks} (best ${x.best_tricks}${x.loss ? `, cost ${x.loss}` : ""})`],
        ["best", x.best.slice(0, 3).map((p) => el("span", { class: "pair" }, p.map((c) => cardEl(c, { mini: true })))).concat(
          x.best.length > 3 ? [el("span", { class: "muted small" }, ` +${x.best.length - 3} more`)] : [])],
        ["best trump", [trumpSpan(x.best_trump), ` ${x.best_trump_tricks} tricks`]],
      ])));
    }
    if (review && review.players) {
      panels.push(el("div", { class: "panel" }, el("h3", {}, "Players"), el("table", { class: "grid compact" },
        el("thead", {}, el("tr", {}, el("th", {}, "seat"), el("th", {}, "role"), el("th", {}, "mistakes"), el("th", {}, "tricks lost"))),
        el("tbody", {}, review.players.map((p) => el("tr", {}, el("td", {}, p.seat), el("td", {}, p.role || "–"),
          el("td", {}, p.mistakes), el("td", { class: p.tricks_lost ? "neg" : "" }, p.tricks_lost)))))));
    }
    fill($("review-summary"), el("div", { class: "summary" }, panels));
  }

  function renderReviewTricks(record, review, end) {
    const byIndex = {};
    if (review && review.cards) review.cards.forEach((c) => { byIndex[c.i] = c; });
    let i = 0;
    const rows = (end ? end.tricks : []).map((t, n) => {
      const cells = t.cards.map((card, k) => {
        const index = i++;
        const r = byIndex[index];
        const loss = r ? r.loss : 0;
        return el("span", { class: "played" }, el("span", { class: "who" }, `seat ${t.seats[k]}`),
          cardEl(card, {
            mini: true, mark: r && r.mark ? r.mark : null, classes: ["clickable"], index,
            title: r ? `${cardText(card)} by seat ${r.seat}: declarer's DD tricks ${r.before} → ${r.after}${loss ? `, cost ${loss}` : ""}`
              + `${r.best && r.best.length ? `; best: ${r.best.map(cardText).join(" ")}` : ""}` : `${cardText(card)}: show the position`,
            onclick: () => showPosition(index),
          }),
          el("span", { class: `cost${loss >= 2 ? " bad" : loss ? " warn" : ""}` }, loss ? `−${loss}` : ""));
      });
      const after = review && review.cards ? (byIndex[i - 1] || {}).after : undefined;
      return el("tr", {}, el("td", {}, n + 1), el("td", {}, `seat ${t.leader}`), el("td", { class: "play-cell" }, cells),
        el("td", {}, t.winner === null ? "–" : `seat ${t.winner}`), review ? el("td", {}, after ?? "–") : null);
    });
    const head = el("tr", {}, el("th", {}, "trick"), el("th", {}, "leader"), el("th", {}, review ? "cards (mark, cost)" : "cards"), el("th", {}, "winner"),
      review ? el("th", { title: "the declarer's double-dummy tricks for the whole deal after the trick" }, "DD after") : null);
    const legend = el("p", { class: "legend muted" }, el("span", { class: "mark-inline" }, "?"), " a card that cost its side one trick, ",
      el("span", { class: "mark-inline bad" }, "??"), " two or more (double-dummy); the cost is shown under the card.");
    fill($("review-tricks"), rows.length ? el("table", { class: "grid tricks", id: "tricks-table" }, el("thead", {}, head), el("tbody", {}, rows))
      : el("p", { class: "muted" }, "No card has been played in this deal."), review ? legend : "");
  }

  async function showPosition(index) {
    const record = reviewState.records[reviewState.current];
    const panel = $("review-position");
    await busy([], $("review-error"), async () => {
      const pos = await api("/v1/table/position", { record, index });
      renderPosition(pos);
      document.querySelectorAll("#tricks-table .card.current").forEach((c) => c.classList.remove("current"));
      const chosen = document.querySelector(`#tricks-table .card[data-index="${index}"]`);
      if (chosen) chosen.classList.add("current");
      panel.scrollIntoView({ behavior: "smooth", block: "nearest" });
    });
  }

  function renderPosition(pos) {
    const d = pos.declarer;
    const mover = pos.to_move;
    const declaring = mover === d;
    const values = Object.entries(pos.values);
    const best = values.length ? (declaring ? Math.max(...values.map(([, v]) => v)) : Math.min(...values.map(([, v]) => v))) : null;
    const cost = (v) => (declaring ? best - v : v - best);
    values.sort((a, b) => cost(a[1]) - cost(b[1]) || cardSort(a[0], b[0]));
    const seat = (s) => ({
      name: `Seat ${s}`,
      badges: [s === d ? ["declarer", "declarer"] : null, [plural(pos.tricks_won[s], "trick"), "tricks"]].filter(Boolean),
      hand: handEl(pos.hands[s], {
        cardOpts: (c) => (s === mover ? {
          classes: [c === pos.card ? "current" : "", pos.values[c] !== undefined && cost(pos.values[c]) === 0 ? "highlight" : ""].filter(Boolean),
          title: pos.values[c] !== undefined ? `${cardText(c)}: the declarer takes ${plural(pos.values[c], "trick")} double-dummy` : undefined,
        } : {}),
      }),
      toMove: s === mover,
    });
    const trick = pos.played.length ? { cards: pos.played, seats: pos.played.map((_, i) => (pos.leader + i) % 3), leader: pos.leader, winner: null } : null;
    const center = [el("div", { class: "contract-chip" }, `Seat ${d} plays`, el("span", { class: "big" }, contractText(pos.contract), " ", trumpSpan(pos.trump))),
      trickEl(trick, `Trick ${Math.floor(pos.index / 3) + 1}`)];
    const board = boardEl(mover ?? d, seat, center);
    board.classList.add("compact");
    const side = declaring ? "declarer" : "defenders";
    const alternatives = el("div", { class: "alternatives", id: "position-values" }, values.map(([c, v]) => el("div", {
      class: `alt${c === pos.card ? " played-here" : ""}`, dataset: { card: c, value: v },
      title: `${cardText(c)}: the declarer takes ${plural(v, "trick")}${cost(v) ? `; costs the ${side} ${plural(cost(v), "trick")}` : "; a best card"}`,
    }, cardEl(c, { mini: true, classes: c === pos.card ? ["current"] : [] }), el("span", { class: "value" }, v),
      el("span", { class: `cost${cost(v) >= 2 ? " bad" : cost(v) ? " warn" : " ok"}` }, cost(v) ? `−${cost(v)}` : "best"))));
    fill($("review-position"),
      el("h3", {}, `Before card ${pos.index + 1} (trick ${Math.floor(pos.index / 3) + 1}): seat ${mover} to play`),
      el("p", { class: "small muted" }, `The declarer makes ${plural(pos.value, "trick")} double-dummy with best play from here. `,
        `Each card seat ${mover} may play, with the declarer's tricks after it and its cost to the ${side}:`),
      alternatives,
      board,
      el("p", { class: "small muted" }, "In the hand: the best cards outlined in yellow, the card played in blue."));
  }

  function reviewPlayed() {
    const r = playState.resp;
    if (!r) {
      showView("review");
      showError($("review-error"), new Error("No deal has been played on this page yet: play one in the Play view first."));
      return;
    }
    $("review-text").value = JSON.stringify(r.record, null, 1);
    showView("review");
    runReview(r.record);
  }

  function readFile(event) {
    const file = event.target.files[0];
    if (!file) return;
    const reader = new FileReader();
    reader.onload = () => {
      $("review-text").value = String(reader.result);
      runReview();
    };
    reader.onerror = () => showError($("review-error"), new Error(`The file ${file.name} could not be read.`));
    reader.readAsText(file);
  }

  // ------------------------------------------------------------------------------ wiring ----
  function init() {
    for (const v of VIEWS) $(`tab-${v}`).addEventListener("click", () => showView(v));
    window.addEventListener("hashchange", () => showView(location.hash.slice(1)));
    showView(location.hash.slice(1) || "deal");

    $("deal-form").addEventListener("submit", parseDeal);
    $("deal-random").addEventListener("click", randomDeal);
    $("deal-dealer").addEventListener("change", renderDealBoard);
    $("deal-rules").addEventListener("change", () => { if (dealState.deal) showDeal(dealState.deal); });
    $("deal-play").addEventListener("click", playThisDeal);

    $("play-form").addEventListener("submit", newPlayDeal);
    $("play-this").addEventListener("click", playThisDeal);
    $("play-open").addEventListener("change", () => { if (playState.resp) renderPlay(); });
    $("hint-button").addEventListener("click", askHint);

    $("review-run").addEventListener("click", () => runReview());
    $("review-played").addEventListener("click", reviewPlayed);
    $("review-file").addEventListener("change", readFile);
    document.body.dataset.ready = "true";
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
