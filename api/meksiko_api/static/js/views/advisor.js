/* Advisor view: a player enters their own game as it happens at a real table and gets a hint at
 * every decision of theirs. The server checks each entry and says what may come next
 * (POST /v1/table/advisor); the hints come from POST /v1/hints/*. The entries live in
 * localStorage, so a reload keeps the deal. */
import { $, busy, el, fill, intIn, showError } from "../dom.js";
import { api, hintBody } from "../api.js";
import { DECK, RED, SUITS, callText, cardEl, cardName, contractText, handEl, pile, seatName, signed,
  sorted, suitSpan, suitSymbol, trickEl, trumpName } from "../cards.js";
import { renderHint } from "../hint.js";
import { decimal, onLanguageChange, plural, t } from "../i18n.js";

const STORE = "meksiko-advisor-v1";

/** The setup (rules, seat, dealer, hand, totals, target) and the entries since, in order. */
let state = { setup: null, entries: [], picked: [] };
let answer = null; // the server's last /v1/table/advisor answer
let goReview = () => {};
let selected = new Set(); // cards being chosen (the hand, the talon, the discard)
let trumpChoice = null;
let started = null; // performance.now() when the entry that leads to the next hint was made
let shown = null; // the hint on screen: {answer, hint, seconds} (drawn again on a change of language)

/** Hint timings of this page (seconds from an entry to its hint on screen), for the tests and the report. */
export const timings = [];

function save() {
  localStorage.setItem(STORE, JSON.stringify(state));
}

function load() {
  try {
    const saved = JSON.parse(localStorage.getItem(STORE) || "null");
    if (saved && typeof saved === "object" && Array.isArray(saved.entries)) state = { picked: [], ...saved };
  } catch (exc) {
    localStorage.removeItem(STORE);
  }
}

/** The view of the hint routes built from the entries. */
function view() {
  const s = state.setup;
  const v = { rules: s.rules, seat: s.seat, dealer: s.dealer, hand: s.hand, auction: [], talon: null, trump: null, play: [] };
  if (s.totals) v.totals = s.totals;
  for (const e of state.entries) {
    if (e.call !== undefined) v.auction.push(e.call);
    else if (e.talon !== undefined) v.talon = e.talon;
    else if (e.trump !== undefined) { v.trump = e.trump; if (e.discard && e.discard.length) v.discard = e.discard; }
    else if (e.card !== undefined) v.play.push(e.card);
  }
  return v;
}

/** The game state of the hint routes when a target was given (the totals before the deal, 0 each
 * when not typed; the dealer is the deal's), else null: the hints are then for the deal's points. */
function gameState() {
  const s = state.setup;
  if (!s || s.target === undefined || s.target === null) return null;
  return { scores: s.totals || [0, 0, 0], dealer: s.dealer, target: s.target, rules: s.rules };
}

async function refresh() {
  $("advisor-error").hidden = true;
  if (!state.setup) { answer = null; render(); return; }
  answer = await api("/v1/table/advisor", { view: view() });
  selected = new Set();
  trumpChoice = null;
  render();
  if (answer.hint) await hint();
}

/** Add an entry; the server refuses a wrong one (the entry is then taken back and its message shown). */
async function enter(entry) {
  started = performance.now();
  state.entries.push(entry);
  await busy([...document.querySelectorAll("#view-advisor button")], $("advisor-error"), async () => {
    try {
      await refresh();
      save();
    } catch (error) {
      state.entries.pop();
      throw error;
    }
  });
}

async function undo() {
  await busy([], $("advisor-error"), async () => {
    if (state.entries.length) state.entries.pop();
    else { state.picked = state.setup ? state.setup.hand : []; state.setup = null; }
    save();
    started = performance.now();
    await refresh();
  });
}

async function start(event) {
  if (event) event.preventDefault();
  await busy([$("advisor-start")], $("advisor-error"), async () => {
    const typed = $("advisor-hand-text").value.trim();
    const hand = typed || [...selected];
    const totals = ["0", "1", "2"].map((s) => $(`advisor-total-${s}`).value.trim());
    const setup = { rules: $("advisor-rules").value, seat: Number($("advisor-seat").value), dealer: Number($("advisor-dealer").value), hand };
    if (totals.some((x) => x !== "")) setup.totals = totals.map((x, s) => intIn($(`advisor-total-${s}`), -10000, 10000, t("advisor.totals")) ?? 0);
    if ($("advisor-target").value !== "") setup.target = Number($("advisor-target").value);
    state = { setup, entries: [], picked: [] };
    started = performance.now();
    try {
      await refresh();
    } catch (error) {
      state = { setup: null, entries: [], picked: [...selected] };
      throw error;
    }
    state.setup.hand = answer.view.hand; // canonical
    save();
  });
}

function reset() {
  state = { setup: null, entries: [], picked: [] };
  selected = new Set();
  save();
  answer = null;
  $("advisor-hint").hidden = true;
  render();
}

// ------------------------------------------------------------------------------ drawing ----

/** The 32 cards as a grid by suit; pickable(card) says which may be tapped. */
function grid(pickable, onTap, chosen) {
  return el("div", { class: "card-grid", role: "group" }, SUITS.map((s) => el("div", { class: "grid-row" },
    DECK.filter((c) => c[1] === s).map((c) => {
      const ok = pickable(c);
      return cardEl(c, { onclick: () => onTap(c), disabled: !ok, pressed: chosen ? chosen.has(c) : undefined,
        classes: [chosen && chosen.has(c) ? "selected" : "", ok ? "" : "dim"].filter(Boolean) });
    }))));
}

function render() {
  const setup = state.setup;
  $("advisor-setup").hidden = !!setup;
  $("advisor-body").hidden = !setup;
  if (!setup) { renderSetup(); return; }
  if (!answer) return;
  const a = answer;
  const you = setup.seat;
  const status = [el("span", {}, t("play.status.dealer"), " ", el("b", {}, seatName(setup.dealer, you)))];
  const game = gameState();
  if (game) status.push(el("span", { id: "advisor-game" }, t("advisor.game", { target: game.target, scores: game.scores.join(" · ") })));
  if (a.contract) {
    status.push(el("span", {}, t("play.status.contract"), " ", el("b", {}, contractText(a.contract)), " ", t("play.status.by"), " ", el("b", {}, seatName(a.declarer, you))));
    status.push(el("span", {}, t("play.status.trump"), " ", el("b", {}, a.trump ? suitSpan(a.trump) : t("play.trump.unnamed"))));
    status.push(el("span", {}, t("play.status.needs", { n: a.tricks_needed })));
  }
  if (a.phase === "play" || a.phase === "done") status.push(el("span", {}, t("advisor.tricks"), " ", [0, 1, 2].map((s) => `${seatName(s, you)} ${a.tricks_won[s]}`).join(" · ")));
  fill($("advisor-status"), status);

  const center = [];
  // the talon turned up: not while the player declares, when its cards are in the player's hand
  const declaringMine = a.phase === "declare" && a.declare && a.declare.seat === you;
  if (a.view.talon && !declaringMine) center.push(pile(t("talon.up"), a.view.talon, { mini: true }));
  if (a.view.discard) center.push(pile(t("play.yourdiscard"), a.view.discard, { mini: true }));
  if (a.phase === "play" || a.phase === "done") {
    const last = a.tricks[a.tricks.length - 1];
    const inProgress = last && (last.winner === null || a.phase === "done") ? last : null;
    center.push(trickEl(inProgress, a.phase === "done" ? t("play.lasttrick") : t("play.trick", { n: inProgress ? a.tricks.length : a.tricks.length + 1 }), you));
  }
  const mineToPlay = a.phase === "play" && a.your_turn ? new Set(a.legal_cards) : null;
  const declaring = a.phase === "declare" && a.declare && a.declare.discard > 0;
  const hand = handEl(a.hand, { cardOpts: (c) => {
    if (mineToPlay) return mineToPlay.has(c) ? { classes: ["playable"], onclick: () => enter({ card: c }), label: t("play.card.play", { card: cardName(c) }) } : { classes: ["dim"] };
    if (declaring) return { classes: [selected.has(c) ? "selected" : "clickable"], pressed: selected.has(c), onclick: () => toggle(c, 2), label: t("play.card.discard", { card: cardName(c) }) };
    return {};
  } });
  fill($("advisor-table"), el("div", { class: "advisor-center" }, center), el("div", { class: "advisor-hand" }, el("div", { class: "seat-label" }, t("advisor.yourhand")), hand));
  renderEntry();
  renderCalls();
}

function renderSetup() {
  const chosen = selected;
  const count = chosen.size;
  fill($("advisor-grid"), grid((c) => chosen.has(c) || count < 10, (c) => toggle(c, 10), chosen));
  $("advisor-count").textContent = t("advisor.count", { n: count });
  $("advisor-start").disabled = count !== 10 && !$("advisor-hand-text").value.trim();
}

function toggle(card, limit) {
  if (selected.has(card)) selected.delete(card);
  else if (selected.size < limit) selected.add(card);
  if (!state.setup) state.picked = [...selected];
  render();
  const again = document.querySelector(`#view-advisor .card[data-card="${card}"]:not(:disabled)`);
  if (again) again.focus();
}

/** What may be entered now, for the seat whose turn it is. */
function renderEntry() {
  const a = answer;
  const you = state.setup.seat;
  const box = $("advisor-entry");
  const who = a.to_move === null ? null : seatName(a.to_move, you);
  if (a.phase === "done") {
    const r = a.result;
    $("advisor-hint").hidden = true;
    fill(box, el("div", { class: "result-line", id: "advisor-result" },
      t("play.result", { who: seatName(a.declarer, you), contract: contractText(a.contract), tricks: plural(a.tricks_won[a.declarer], "word.trick") }), " ",
      el("span", { class: r.made ? "made" : "failed" }, r.made ? t("result.made") : t("result.failed")), ". ", t("play.scores"), " ",
      [0, 1, 2].map((s) => `${seatName(s, you)} ${signed(r.scores[s], 0)}`).join(", "), "."),
      el("div", { class: "buttons" },
        el("button", { type: "button", id: "advisor-review", onclick: () => goReview(a.record) }, t("advisor.review")),
        el("button", { type: "button", class: "secondary", id: "advisor-export", onclick: exportRecord }, t("advisor.export")),
        el("button", { type: "button", class: "secondary", id: "advisor-new", onclick: reset }, t("advisor.newdeal"))));
    return;
  }
  if (a.phase === "auction") {
    fill(box, el("span", { class: "prompt" }, a.your_turn ? t("play.yourcall") : t("advisor.call", { who })),
      el("div", { class: "calls" }, a.legal_calls.map((c) => el("button", { type: "button", class: c === "NEXT" ? "secondary" : "", dataset: { call: c },
        onclick: () => enter({ call: c }) }, callText(c)))));
    return;
  }
  if (a.talon_due) {
    const seen = new Set(a.hand);
    fill(box, el("span", { class: "prompt" }, t("advisor.talon", { n: selected.size })),
      grid((c) => !seen.has(c) && (selected.has(c) || selected.size < 2), (c) => toggle(c, 2), selected),
      el("button", { type: "button", id: "advisor-talon-ok", disabled: selected.size !== 2, onclick: () => enter({ talon: [...selected] }) }, t("advisor.talon.ok")));
    return;
  }
  if (a.phase === "declare") {
    const mine = a.declare.seat === you;
    const need = a.declare.discard;
    const trumps = el("div", { class: "trumps" }, a.declare.trumps.map((s) => el("button", {
      type: "button", class: RED.has(s) ? "red" : "black", "aria-pressed": String(trumpChoice === s), dataset: { trump: s },
      "aria-label": trumpName(s), onclick: () => { trumpChoice = s; renderEntry(); },
    }, suitSymbol(s))));
    const ready = trumpChoice !== null && selected.size === need;
    fill(box, el("span", { class: "prompt" }, mine ? (need ? t("advisor.declare.mine") : t("play.declare.meksiko")) : t("advisor.declare.other", { who })),
      mine && need ? el("span", {}, t("play.discard"), " ", selected.size ? sorted(selected).map((c) => cardEl(c, { mini: true })) : t("play.discard.pick")) : "",
      trumps,
      el("button", { type: "button", id: "advisor-declare", disabled: !ready,
        onclick: () => enter(mine ? { discard: [...selected], trump: trumpChoice } : { trump: trumpChoice }) }, t("play.declare")));
    return;
  }
  if (a.your_turn) {
    fill(box, el("span", { class: "prompt" }, t("play.yourturn")), el("span", { class: "muted small" }, t("advisor.yourturn.help")));
    return;
  }
  const legal = new Set(a.legal_cards);
  fill(box, el("span", { class: "prompt" }, t("advisor.card", { who })),
    grid((c) => legal.has(c), (c) => enter({ card: c })));
}

function renderCalls() {
  const a = answer;
  const you = state.setup.seat;
  fill($("advisor-calls"), a.calls.length ? a.calls.map((c) => el("span", { class: `call-chip${c.call === "NEXT" ? " pass" : ""}` }, `${seatName(c.seat, you)}: ${callText(c.call)}`))
    : el("span", { class: "muted small" }, t("play.nocalls")));
}

async function hint() {
  const a = answer;
  const panel = $("advisor-hint");
  let samples;
  try {
    samples = intIn($("advisor-samples"), 1, 1000, t("play.samples"));
  } catch (error) {
    fill(panel, el("div", { class: "error", role: "alert" }, error.message));
    panel.hidden = false;
    return;
  }
  panel.hidden = false;
  fill(panel, el("span", { class: "muted loading" }, t("advisor.thinking")));
  const body = hintBody(a.view, samples ?? undefined, state.entries.length, gameState());
  try {
    const h = await api(`/v1/hints/${a.hint}`, body);
    if (answer !== a) return; // an entry was made meanwhile
    const seconds = started === null ? null : (performance.now() - started) / 1000;
    shown = { answer: a, hint: h, seconds };
    drawHint();
    if (seconds !== null) timings.push(seconds);
  } catch (error) {
    const box = el("div", { class: "error", role: "alert", id: "advisor-hint-error" });
    showError(box, error);
    fill(panel, box);
  }
}

function drawHint() {
  const { answer: a, hint: h, seconds } = shown;
  const panel = $("advisor-hint");
  renderHint(panel, a.hint, h, { defending: a.declarer !== null && a.declarer !== state.setup.seat, onPick: (o) => pickOption(a.hint, o) });
  panel.append(el("p", { class: "small muted", id: "advisor-hint-time", dataset: { seconds: seconds === null ? "" : seconds.toFixed(3) } },
    seconds === null ? "" : t("advisor.hint.time", { s: decimal(seconds, 2) })));
}

function pickOption(kind, o) {
  if (kind === "bid") enter({ call: o.call });
  else if (kind === "play") enter({ card: o.card });
  else {
    selected = new Set(o.discard || []);
    trumpChoice = o.trump;
    render();
  }
}

function exportRecord() {
  const text = JSON.stringify(answer.record, null, 1);
  const link = el("a", { href: URL.createObjectURL(new Blob([text], { type: "application/json" })), download: "meksiko-deal.json" });
  document.body.append(link);
  link.click();
  link.remove();
}

export function initAdvisor({ review }) {
  goReview = review;
  load();
  selected = new Set(state.picked || []);
  $("advisor-setup").addEventListener("submit", start);
  $("advisor-hand-text").addEventListener("input", renderSetup);
  $("advisor-undo").addEventListener("click", undo);
  $("advisor-reset").addEventListener("click", reset);
  render();
  started = null; // a hint brought back by a reload is not timed (it would time the page's load)
  if (state.setup) busy([], $("advisor-error"), refresh);
  onLanguageChange(() => {
    render();
    if (shown && shown.answer === answer && !$("advisor-hint").hidden) drawHint();
  });
}
