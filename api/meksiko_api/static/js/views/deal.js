/* Deal view: a deal entered as text or dealt from a seed, its hands and every seat's
 * double-dummy table (POST /v1/deal/random, /v1/deal/parse, /v1/analyze). */
import { $, busy, el, fill, scrollX, seedOrNull, showError } from "../dom.js";
import { api, withSeed } from "../api.js";
import { SUITS, boardEl, cardEl, cardText, contractText, handEl, pile, suitName, suitSpan, trumpName } from "../cards.js";
import { onLanguageChange, plural, t } from "../i18n.js";

const state = { deal: null, table: null, declarer: null, open: null, rules: "mexico-club", seedText: null };

/** The deal shown, with the dealer chosen here (for "Play this deal"), or null. */
export function currentDeal() {
  if (!state.deal) return null;
  const dealer = Number($("deal-dealer").value);
  const record = { ...state.deal.record, dealer, rules: state.rules };
  delete record.mode; // the profile's default mode
  return { ...state.deal, dealer, record, seedText: state.seedText };
}

async function showDeal(deal) {
  state.deal = deal;
  state.table = null;
  state.declarer = null;
  state.open = null;
  state.rules = $("deal-rules").value;
  $("deal-text").value = deal.text;
  $("deal-body").hidden = false;
  $("deal-empty").hidden = true;
  $("deal-body").classList.remove("stale");
  $("dd-discards").hidden = true;
  renderBoard();
  renderTable();
  $("dd-status").textContent = t("deal.solving");
  $("dd-status").classList.add("loading");
  try {
    state.table = await api("/v1/analyze", { hands: deal.hands, talon: deal.talon, declarer: null, rules: state.rules });
    $("dd-status").textContent = "";
  } catch (error) {
    $("dd-status").textContent = "";
    showError($("deal-error"), error);
  } finally {
    $("dd-status").classList.remove("loading");
  }
  renderTable();
  renderBoard();
}

function caption() {
  const d = currentDeal();
  return [d.seedText !== null ? t("deal.caption.seed", { seed: d.seedText }) : t("deal.caption.text"),
    t("deal.caption.dealer", { s: d.dealer }), t("deal.caption.first", { s: (d.dealer + 1) % 3 })].join(" · ");
}

function renderBoard() {
  const d = currentDeal();
  if (!d) return;
  const declarer = state.declarer;
  const analysis = declarer !== null && state.table ? state.table.seats[declarer] : null;
  const discard = new Set(analysis ? analysis.best.discard : []);
  const seat = (s) => ({
    name: t("seat.N", { s }),
    badges: [s === d.dealer ? [t("badge.dealer"), "dealer"] : null, s === declarer ? [t("badge.declarer"), "declarer"] : null,
      s === (d.dealer + 1) % 3 ? [t("badge.first"), ""] : null].filter(Boolean),
    hand: handEl(d.hands[s], { cardOpts: (c) => ({ classes: discard.has(c) ? ["highlight"] : [] }) }),
  });
  const center = [pile(t("talon"), d.talon)];
  if (analysis) {
    const b = analysis.best;
    center.push(el("div", { class: "contract-chip", title: t("deal.best.title") },
      t("deal.declaring", { s: declarer }), el("span", { class: "big" }, `${b.tricks} `, suitSpan(b.trump)),
      t("deal.discard", { cards: b.discard.map(cardText).join(" ") })));
  }
  const board = boardEl(0, seat, center);
  fill($("deal-board"), board);
  for (const node of board.querySelectorAll(".center .pile .card")) {
    if (discard.has(node.dataset.card)) node.classList.add("highlight");
  }
  $("deal-caption").textContent = caption();
}

function renderTable() {
  const box = $("dd-table");
  const table = state.table;
  if (!table) { fill(box); $("dd-legend").hidden = true; return; }
  const mk = Object.keys(table.seats[0].meksiko);
  const head = el("thead", {},
    el("tr", {}, el("th", { rowspan: 2 }, t("dd.declarer")), el("th", { colspan: 4, class: "group-start" }, t("dd.with_talon")),
      el("th", { colspan: mk.length, class: "group-start" }, t("dd.meksiko")),
      el("th", { colspan: 3, class: "group-start" }, t("dd.best")), el("th", { rowspan: 2, class: "group-start" }, t("dd.max_bid"))),
    el("tr", {}, SUITS.map((s, i) => el("th", { class: `sym${i === 0 ? " group-start" : ""}` }, suitSpan(s))),
      mk.map((s, i) => el("th", { class: `sym${i === 0 ? " group-start" : ""}` }, suitSpan(s))),
      el("th", { class: "group-start" }, t("dd.tricks")), el("th", {}, t("dd.trump")), el("th", {}, t("dd.discard"))));
  const body = el("tbody");
  for (const a of table.seats) {
    const best = Math.max(...SUITS.map((s) => a.with_talon[s].tricks));
    const row = el("tr", { class: a.declarer === state.declarer ? "chosen" : "", dataset: { seat: a.declarer } });
    row.append(el("th", { class: "seat-cell" }, el("button", {
      type: "button", class: "link", title: t("dd.seat.title"),
      onclick: () => { state.declarer = state.declarer === a.declarer ? null : a.declarer; renderBoard(); renderTable(); },
    }, t("seat.N", { s: a.declarer }))));
    SUITS.forEach((s, i) => {
      const entry = a.with_talon[s];
      const open = state.open && state.open.seat === a.declarer && state.open.trump === s;
      const shown = entry.discards.slice(0, 8).map((p) => p.map(cardText).join(" ")).join(", ");
      const more = entry.discards.length > 8 ? t("dd.more", { n: entry.discards.length - 8 }) : "";
      const classes = ["pick", i === 0 ? "group-start" : "", entry.tricks === best ? "best" : "", entry.tricks < 5 ? "low" : "", open ? "open" : ""];
      row.append(el("td", {
        class: classes.filter(Boolean).join(" "), dataset: { seat: a.declarer, trump: s },
        title: t("dd.cell.title", { tricks: plural(entry.tricks, "word.trick"), suit: suitName(s), discards: shown + more }),
        onclick: () => showDiscards(a.declarer, s),
      }, entry.tricks));
    });
    mk.forEach((s, i) => {
      const v = a.meksiko[s];
      row.append(el("td", { class: `${i === 0 ? "group-start " : ""}${v === 10 ? "best" : v < 5 ? "low" : ""}`,
        title: t("dd.meksiko.title", { tricks: plural(v, "word.trick"), trump: trumpName(s) }) }, v));
    });
    row.append(el("td", { class: "group-start best" }, a.best.tricks), el("td", {}, suitSpan(a.best.trump)),
      el("td", { class: "left" }, a.best.discard.map((c) => cardEl(c, { mini: true }))),
      el("td", { class: "group-start" }, a.max_bid === null ? "–" : contractText(String(a.max_bid))));
    body.append(row);
  }
  fill(box, scrollX(el("table", { class: "grid dd", id: "dd" }, head, body)));
  $("dd-legend").hidden = false;
}

function showDiscards(seat, trump) {
  const same = state.open && state.open.seat === seat && state.open.trump === trump;
  state.open = same ? null : { seat, trump };
  renderTable();
  renderDiscards();
}

/** The best discards of the cell opened (state.open), or nothing. */
function renderDiscards() {
  const panel = $("dd-discards");
  if (!state.open || !state.table) { panel.hidden = true; return; }
  const { seat, trump } = state.open;
  const entry = state.table.seats[seat].with_talon[trump];
  fill(panel,
    el("h3", {}, t("dd.discards.head", { s: seat }), " ", suitSpan(trump), " ",
      t("dd.discards.tail", { tricks: plural(entry.tricks, "word.trick"), discards: plural(entry.discards.length, "word.discard") })),
    el("div", { class: "discards" }, entry.discards.map((pair) =>
      el("span", { class: "pair" }, pair.map((c) => cardEl(c, { mini: true }))))));
  panel.hidden = false;
}

async function randomDeal() {
  await busy([$("deal-random"), $("deal-show")], $("deal-error"), async () => {
    const seed = seedOrNull($("deal-seed"));
    const deal = await api("/v1/deal/random", withSeed({ dealer: Number($("deal-dealer").value), rules: $("deal-rules").value }, seed));
    state.seedText = seed ?? String(deal.seed); // a typed seed is kept as typed (no rounding)
    $("deal-seed").value = state.seedText;
    await showDeal(deal);
  });
}

async function parseDeal(event) {
  if (event) event.preventDefault();
  const text = $("deal-text").value.trim();
  await busy([$("deal-random"), $("deal-show")], $("deal-error"), async () => {
    try {
      const deal = await api("/v1/deal/parse", { deal: text, dealer: Number($("deal-dealer").value), rules: $("deal-rules").value });
      state.seedText = null;
      await showDeal(deal);
    } catch (error) {
      $("deal-body").classList.add("stale"); // the deal shown is no longer the one entered
      throw error;
    }
  });
}

export function initDeal({ playThisDeal }) {
  $("deal-form").addEventListener("submit", parseDeal);
  $("deal-random").addEventListener("click", randomDeal);
  $("deal-dealer").addEventListener("change", renderBoard);
  $("deal-rules").addEventListener("change", () => { if (state.deal) showDeal(state.deal); });
  $("deal-play").addEventListener("click", playThisDeal);
  onLanguageChange(() => {
    if (!state.deal) return;
    renderBoard();
    renderTable();
    renderDiscards();
    if ($("dd-status").textContent) $("dd-status").textContent = t("deal.solving");
  });
}
