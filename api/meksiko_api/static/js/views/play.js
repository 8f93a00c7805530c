/* Play view: whole games against the engine (POST /v1/table/advance for each decision,
 * /v1/table/game for the score sheet), with hints (POST /v1/hints/*). The server tells the
 * page every fact it shows: hands, legal decisions, tricks needed, made/failed, totals, winners. */
import { $, ApiError, busy, el, fill, intIn, scrollX, seedOrNull, showError } from "../dom.js";
import { api, hintBody, withSeed } from "../api.js";
import { CALLS, RED, SUITS, boardEl, callText, cardEl, cardName, cardText, contractText, handEl, pile,
  seatName, signed, suitSpan, suitSymbol, trickEl, trumpName } from "../cards.js";
import { renderHint } from "../hint.js";
import { onLanguageChange, plural, t } from "../i18n.js";

const state = {
  resp: null, seed: 0, selected: new Set(), trump: null, hint: null, policy: "hint",
  hintNote: null, // why a hint in a game is for the deal's points (the server's game_state message)
  dealSeed: null, // the deal's seed as text, or null for a deal entered as text
  game: null, // {rules, format, target, mode, deals: [finished records], sheet, seedBase, firstDealer}
};

/** The last finished deal or game as a record for the review, or null. */
export function playedRecord() {
  if (state.game && state.game.deals.length) return gameRecord();
  return state.resp ? state.resp.record : null;
}

function gameRecord() {
  const g = state.game;
  return { rules: g.rules, mode: g.mode, format: g.format, target: g.target, deals: g.deals };
}

let goReview = () => {};

/** The game state before the deal in play, for a hint that plays for the game: the sheet's totals
 * (0 each before the first deal), the deal's dealer, the game's target, rules and mode; null for
 * a single deal or a game without a points target (Mini, tournament). */
function gameState() {
  const g = state.game;
  if (!g || g.format !== "standard" || g.target === null || g.target === undefined || !state.resp) return null;
  const totals = g.sheet.totals;
  const scores = totals && totals.length ? totals[totals.length - 1] : [0, 0, 0];
  return { scores, dealer: state.resp.record.dealer, target: g.target, rules: g.rules, mode: g.mode };
}

/** The engine seats' seed for a deal: its own seed, folded into 31 bits (same deal, same play). */
const engineSeed = (dealSeed) => Number(BigInt(dealSeed) % 2147483648n);

async function startDeal(record, dealSeed, engineSeed) {
  const seat = Number($("play-seat").value);
  state.policy = $("play-policy").value;
  state.seed = engineSeed;
  state.dealSeed = dealSeed;
  const resp = await api("/v1/table/advance", { record, seat, policy: state.policy, seed: engineSeed });
  setResp(resp);
}

/** A new game with the form's settings: its first deal (random, from the seed if typed). */
async function newGame(event) {
  if (event) event.preventDefault();
  await playBusy(async () => {
    const seedBase = seedOrNull($("play-seed"));
    const target = $("play-target").value === "" ? null : Number($("play-target").value);
    const settings = { rules: $("play-rules").value, format: $("play-format").value, target, deals: [] };
    const sheet = await api("/v1/table/game", { game: settings });
    state.game = { ...settings, mode: sheet.mode, target: sheet.target, sheet, seedBase, firstDealer: Number($("play-dealer").value) };
    await nextGameDeal();
  });
}

/** The game's next deal: the dealer the server names (the first: the form's), the seed moved on. */
async function nextGameDeal() {
  const g = state.game;
  const k = g.deals.length; // 0-based number of the deal to play
  state.dealNumber = k + 1;
  const dealer = g.sheet.next_dealer ?? g.firstDealer;
  const seed = g.seedBase === null ? null : (BigInt(g.seedBase) + BigInt(k)).toString();
  const deal = await api("/v1/deal/random", withSeed({ dealer, rules: g.rules }, seed));
  const record = { ...deal.record, mode: g.mode };
  const dealSeed = seed ?? String(deal.seed);
  await startDeal(record, dealSeed, engineSeed(dealSeed));
  renderSheet();
}

/** The Deal view's deal (with its dealer), played on its own (no game around it). */
export async function playDeal(deal) {
  await playBusy(async () => {
    if (!deal) throw new Error(t("play.nodeal"));
    state.game = null;
    await startDeal(deal.record, deal.seedText, deal.seedText === null ? 0 : engineSeed(deal.seedText));
    renderSheet();
  });
}

/** After a single deal: a random one with the next dealer. */
async function nextSingleDeal() {
  await playBusy(async () => {
    const dealer = (state.resp.record.dealer + 1) % 3;
    const seed = state.dealSeed !== null && /^\d+$/.test(state.dealSeed) ? (BigInt(state.dealSeed) + 1n).toString() : null;
    const deal = await api("/v1/deal/random", withSeed({ dealer, rules: state.resp.record.rules }, seed));
    const dealSeed = seed ?? String(deal.seed);
    await startDeal(deal.record, dealSeed, engineSeed(dealSeed));
  });
}

function playButtons() {
  return [$("play-new"), $("play-this"), $("hint-button"), ...document.querySelectorAll("#decision button")];
}

async function playBusy(action) {
  await busy(playButtons(), $("play-error"), action);
  $("hint-button").disabled = !(state.resp && state.resp.your_turn);
}

function setResp(resp) {
  state.resp = resp;
  state.selected = new Set();
  state.trump = null;
  state.hint = null;
  $("hint").hidden = true;
  $("play-empty").hidden = true;
  $("play-body").hidden = false;
  render();
}

async function act(action) {
  const r = state.resp;
  await playBusy(async () => {
    const resp = await api("/v1/table/advance", { record: r.record, seat: r.seat, action, policy: state.policy, seed: state.seed });
    setResp(resp);
    if (resp.phase === "done" && state.game) {
      state.game.deals.push(resp.record);
      state.game.sheet = await api("/v1/table/game", { game: gameRecord() });
      renderSheet();
      renderDecision();
    }
  });
}

function render() {
  const r = state.resp;
  const you = r.seat;
  const rec = r.record;
  const done = r.phase === "done";
  const open = $("play-open").checked;
  const legal = new Set(r.legal_cards);
  const hinted = hintedCards();
  const lastCall = {};
  r.calls.forEach((c) => { lastCall[c.seat] = c.call; });

  const status = [];
  if (state.game) status.push(el("span", {}, t("play.status.deal", { n: state.dealNumber })));
  if (state.dealSeed !== null) status.push(el("span", {}, t("play.status.seed"), " ", el("b", {}, state.dealSeed)));
  status.push(el("span", {}, t("play.status.dealer"), " ", el("b", {}, seatName(rec.dealer, you))));
  if (r.contract) {
    status.push(el("span", {}, t("play.status.contract"), " ", el("b", {}, contractText(r.contract)), " ", t("play.status.by"), " ", el("b", {}, seatName(r.declarer, you))));
    status.push(el("span", {}, t("play.status.trump"), " ", el("b", {}, r.trump ? suitSpan(r.trump) : t("play.trump.unnamed"))));
    status.push(el("span", {}, t("play.status.needs", { tricks: plural(r.tricks_needed, "word.trick") })));
  } else {
    status.push(el("span", {}, t("play.status.auction")));
  }
  fill($("play-status"), ...status);

  const seat = (s) => {
    const badges = [];
    if (s === rec.dealer) badges.push([t("badge.dealer"), "dealer"]);
    if (s === r.declarer) badges.push([t("badge.declarer"), "declarer"]);
    if (r.phase === "auction" && lastCall[s]) badges.push([callText(lastCall[s]), "call", t("badge.lastcall")]);
    if (r.phase === "play" || done) badges.push([plural(r.tricks_won[s], "word.trick"), "tricks"]);
    let hand;
    if (s === you) hand = handEl(r.hand, { cardOpts: (c) => yourCardOpts(c, legal, hinted) });
    else if (open) hand = handEl(r.hands[s]);
    else hand = handEl([], { hidden: r.hands[s].length });
    return { name: s === you ? t("seat.you.n", { s }) : t("seat.N", { s }), badges, hand, toMove: r.to_move === s };
  };
  const center = [];
  // the talon: face down in the auction, face up once exposed (to all, also in play); not while
  // the human declares, when its two cards are in the human's hand already
  const declaringMine = r.phase === "declare" && r.your_turn;
  if (r.phase === "auction") center.push(pile(t("talon"), [null, null], { mini: true }));
  else if (r.talon && !declaringMine) center.push(pile(t("talon.up"), r.talon, { mini: true }));
  if (r.discard && !done) center.push(pile(t("play.yourdiscard"), r.discard, { mini: true }));
  if (r.contract) {
    center.push(el("div", { class: "contract-chip" }, r.declarer === you ? t("play.youplay") : t("play.seatplays", { s: r.declarer }),
      el("span", { class: "big" }, contractText(r.contract), r.trump ? [" ", suitSpan(r.trump)] : "")));
  }
  if (r.phase === "play" || done) {
    const last = r.tricks[r.tricks.length - 1];
    if (done) center.push(trickEl(last, t("play.lasttrick.won", { who: seatName(last.winner, you) }), you));
    else {
      const inProgress = last && last.winner === null ? last : null;
      center.push(trickEl(inProgress, t("play.trick", { n: inProgress ? r.tricks.length : r.tricks.length + 1 }), you));
    }
  }
  fill($("play-board"), boardEl(you, seat, center));

  // the auction
  const opener = (rec.dealer + 1) % 3;
  const order = [opener, (opener + 1) % 3, (opener + 2) % 3];
  const cells = order.map((s) => el("div", { class: "head" }, seatName(s, you)));
  let col = 0;
  for (const c of r.calls) {
    while (order[col % 3] !== c.seat) { cells.push(el("div", { class: "call-item blank" })); col++; }
    cells.push(el("div", { class: `call-item${c.call === "NEXT" ? " pass" : ""}` }, callText(c.call)));
    col++;
  }
  if (!r.calls.length) cells.push(el("div", { class: "muted small", style: "grid-column: 1 / -1" }, t("play.nocalls")));
  fill($("play-auction"), ...cells);

  const finished = r.tricks.filter((tr) => tr.winner !== null);
  const lastDone = finished[finished.length - 1];
  fill($("play-last"), ...(lastDone
    ? [...lastDone.cards.map((c, i) => el("span", { class: "played" }, cardEl(c, { mini: true, classes: lastDone.seats[i] === lastDone.winner ? ["highlight"] : [] }),
      el("span", { class: "who" }, seatName(lastDone.seats[i], you)))), el("span", { class: "small" }, t("play.wonby", { who: seatName(lastDone.winner, you) }))]
    : [t("play.none")]));
  renderDecision();
  renderEnd();
  $("hint-button").disabled = !r.your_turn;
}

function yourCardOpts(card, legal, hinted) {
  const r = state.resp;
  const classes = [];
  if (hinted.has(card)) classes.push("hinted");
  if (r.phase === "play" && r.your_turn) {
    if (legal.has(card)) {
      classes.push("playable");
      return { classes, onclick: () => act({ card }), label: t("play.card.play", { card: cardName(card) }) };
    }
    classes.push("dim");
    return { classes, title: t("play.card.illegal", { card: cardText(card) }) };
  }
  if (r.phase === "declare" && r.declare && r.declare.discard > 0) {
    const selected = state.selected.has(card);
    classes.push(selected ? "selected" : "clickable");
    return { classes, onclick: () => toggleDiscard(card), pressed: selected, label: t("play.card.discard", { card: cardName(card) }) };
  }
  return { classes };
}

function hintedCards() {
  const h = state.hint;
  if (!h) return new Set();
  if (h.hint === "play" && h.card) return new Set([h.card]);
  if (Array.isArray(h.discard)) return new Set(h.discard);
  return new Set();
}

function toggleDiscard(card) {
  const need = state.resp.declare.discard;
  if (state.selected.has(card)) state.selected.delete(card);
  else if (state.selected.size < need) state.selected.add(card);
  else {
    state.selected.delete(state.selected.values().next().value);
    state.selected.add(card);
  }
  render();
  const again = document.querySelector(`#play-board .seat.bottom .card[data-card="${card}"]`);
  if (again) again.focus();
}

function renderDecision() {
  const r = state.resp;
  const box = $("decision");
  const you = r.seat;
  if (r.phase === "done") {
    const d = r.declarer;
    const made = r.result.made;
    const buttons = [el("button", { type: "button", id: "play-review", onclick: () => goReview() }, state.game ? t("play.review.game") : t("play.review.deal"))];
    if (state.game && !state.game.sheet.finished) {
      buttons.push(el("button", { type: "button", class: "secondary", id: "play-next", onclick: () => playBusy(nextGameDeal) }, t("play.next")));
    } else if (state.game) {
      buttons.push(el("button", { type: "button", class: "secondary", id: "play-again", onclick: () => newGame() }, t("play.newgame")));
    } else {
      buttons.push(el("button", { type: "button", class: "secondary", id: "play-next", onclick: () => nextSingleDeal() }, t("play.next")));
    }
    fill(box,
      el("div", { class: "result-line", id: "play-result" }, t("play.result", { who: seatName(d, you), contract: contractText(r.contract), tricks: plural(r.tricks_won[d], "word.trick") }), " ",
        el("span", { class: made ? "made" : "failed" }, made ? t("result.made") : t("result.failed")), ". ", t("play.scores"), " ",
        [0, 1, 2].map((s) => `${seatName(s, you)} ${signed(r.result.scores[s], 0)}`).join(", "), "."),
      el("div", { class: "buttons" }, buttons));
    return;
  }
  if (!r.your_turn) {
    fill(box, el("span", { class: "prompt" }, t("play.waiting", { s: r.to_move })));
    return;
  }
  if (r.phase === "auction") {
    const legal = new Set(r.legal_calls);
    fill(box, el("span", { class: "prompt" }, t("play.yourcall")),
      el("div", { class: "calls" }, CALLS.map((c) => el("button", {
        type: "button", class: c === "NEXT" ? "secondary" : "", disabled: !legal.has(c), dataset: { call: c },
        title: legal.has(c) ? t("play.call", { call: callText(c) }) : t("play.call.illegal", { call: callText(c) }),
        onclick: () => act({ call: c }),
      }, callText(c)))));
    return;
  }
  if (r.phase === "declare") {
    const need = r.declare.discard;
    const ready = state.selected.size === need && state.trump !== null;
    const trumps = el("div", { class: "trumps" }, r.declare.trumps.map((s) => el("button", {
      type: "button", class: RED.has(s) ? "red" : "black", "aria-pressed": String(state.trump === s),
      title: trumpName(s), "aria-label": trumpName(s), dataset: { trump: s },
      onclick: () => { state.trump = s; render(); },
    }, suitSymbol(s))));
    const chosen = need ? el("span", {}, t("play.discard"), " ",
      state.selected.size ? [...state.selected].map(cardText).join(" ") : t("play.discard.pick")) : null;
    fill(box,
      el("span", { class: "prompt" }, need ? t("play.declare.numeric", { contract: contractText(r.contract) }) : t("play.declare.meksiko")),
      chosen, el("span", {}, t("play.status.trump")), trumps,
      el("button", { type: "button", id: "declare-button", disabled: !ready,
        onclick: () => act({ discard: [...state.selected], trump: state.trump }) }, t("play.declare")));
    return;
  }
  fill(box, el("span", { class: "prompt" }, t("play.yourturn")), el("span", { class: "muted small" }, t("play.yourturn.help")));
}

/** At the end of a deal: every hand as dealt, the talon and the discard. */
function renderEnd() {
  const r = state.resp;
  const box = $("play-end");
  if (r.phase !== "done") { box.hidden = true; return; }
  const rec = r.record;
  const seat = (s) => ({ name: seatName(s, r.seat), badges: s === r.declarer ? [[t("badge.declarer"), "declarer"]] : [], hand: handEl(rec.hands[s], { mini: true }) });
  const center = [pile(t("talon"), rec.talon, { mini: true })];
  if (rec.discard && rec.discard.length) center.push(pile(t("play.discarded"), rec.discard, { mini: true }));
  const board = boardEl(r.seat, seat, center);
  board.classList.add("compact");
  fill(box, el("h3", {}, t("play.allhands")), board);
  box.hidden = false;
}

/** The game's settings in words ("mexico-club, easy scoring, standard format, target 31"), from the
 * sheet's fields (the server's `describe` is English). */
const describeGame = (sheet) => t("game.describe", { rules: t(`rules.${sheet.rules}`), mode: t(`mode.${sheet.mode}`), format: t(`format.${sheet.format}`) })
  + (sheet.target === null || sheet.target === undefined ? "" : t("game.target", { n: sheet.target }));

function renderSheet() {
  const box = $("play-sheet");
  const g = state.game;
  if (!g) { box.hidden = true; return; }
  const sheet = g.sheet;
  const you = Number($("play-seat").value);
  const winners = sheet.winners;
  const rows = sheet.sheet.map((row) => el("tr", {}, el("td", {}, row.deal), el("td", {}, seatName(row.declarer, you)),
    el("td", {}, contractText(row.contract), " ", row.trump ? suitSpan(row.trump) : ""),
    el("td", { class: row.made ? "pos" : "neg" }, row.made ? t("result.made") : t("result.failed")),
    [0, 1, 2].map((s) => el("td", { class: "score" }, el("span", { class: "delta" }, signed(row.scores[s], 0)), " ", el("b", { class: "total" }, row.totals[s])))));
  fill(box,
    el("h3", {}, t("sheet.title"), " ", el("span", { class: "muted small" }, describeGame(sheet))),
    scrollX(el("table", { class: "grid sheet", id: "score-sheet" },
      el("thead", {}, el("tr", {}, el("th", {}, "#"), el("th", {}, t("sheet.declarer")), el("th", {}, t("sheet.contract")), el("th", {}, t("sheet.result")),
        [0, 1, 2].map((s) => el("th", {}, seatName(s, you))))),
      el("tbody", {}, rows.length ? rows : el("tr", {}, el("td", { colspan: 7, class: "muted" }, t("sheet.empty")))))),
    winners ? el("p", { class: "winner", id: "game-winner" }, t(winners.length > 1 ? "sheet.winners" : "sheet.winner", { who: winners.map((s) => seatName(s, you)).join(" & ") }))
      : el("p", { class: "muted small" }, t("sheet.help")));
  box.hidden = false;
}

async function askHint() {
  const r = state.resp;
  if (!r || !r.your_turn) return;
  const kind = r.hint;
  const panel = $("hint");
  let samples;
  try {
    samples = intIn($("play-samples"), 1, 1000, t("play.samples")) ?? 100;
  } catch (error) {
    fill(panel, el("div", { class: "error", role: "alert", id: "hint-error" }, error.message));
    panel.hidden = false;
    return;
  }
  panel.hidden = false;
  fill(panel, el("span", { class: "muted loading" }, t("hint.asking", { worlds: plural(samples, "word.sampled_world") })));
  await busy([$("hint-button")], null, async () => {
    try {
      const game = gameState();
      state.hintNote = null;
      try {
        state.hint = await api(`/v1/hints/${kind}`, hintBody(r.view, samples, state.seed, game));
      } catch (error) {
        // totals no game state holds (a shared lead past the target, played on): the deal's points
        if (!(game && error instanceof ApiError && error.kind === "game_state")) throw error;
        state.hint = await api(`/v1/hints/${kind}`, hintBody(r.view, samples, state.seed));
        state.hintNote = error.detail;
      }
      render();
      drawHint();
    } catch (error) {
      state.hint = null;
      const box = el("div", { class: "error", role: "alert", id: "hint-error" });
      showError(box, error);
      fill(panel, box);
    }
  });
}

function drawHint() {
  const r = state.resp;
  renderHint($("hint"), r.hint, state.hint, { defending: r.declarer !== null && r.declarer !== r.seat, onPick: pick });
  if (state.hintNote) $("hint").append(el("p", { class: "small muted", id: "hint-game-dropped" }, t("hint.game.dropped", { message: state.hintNote })));
}

/** A hint row chosen: a call or a card is made at once; a discard and trump are selected (Declare confirms). */
function pick(option) {
  const r = state.resp;
  if (!r || !r.your_turn) return;
  if (option.call !== undefined && r.phase === "auction") act({ call: option.call });
  else if (option.card !== undefined && r.phase === "play") act({ card: option.card });
  else if (r.phase === "declare" && r.declare) {
    state.selected = new Set(r.declare.discard ? option.discard : []);
    state.trump = option.trump;
    render();
  }
}

/** The game's score sheet for a test or a reader: the answer of /v1/table/game. */
export const gameSheet = () => (state.game ? state.game.sheet : null);

export function initPlay({ review, playThisDeal }) {
  goReview = review;
  $("play-form").addEventListener("submit", newGame);
  $("play-this").addEventListener("click", playThisDeal);
  $("play-open").addEventListener("change", () => { if (state.resp) render(); });
  $("hint-button").addEventListener("click", askHint);
  const targets = () => {
    const fmt = $("play-format").value;
    const rules = $("play-rules").value;
    const opts = fmt === "mini" ? [] : fmt === "tournament" ? ["10"] : rules === "classic" ? ["51"] : ["31", "51", "101"];
    fill($("play-target"), opts.length ? opts.map((v) => el("option", { value: v, selected: v === "51" || opts.length === 1 }, v))
      : el("option", { value: "" }, t("play.target.none")));
    $("play-format").querySelector('option[value="mini"]').disabled = rules === "classic";
    $("play-format").querySelector('option[value="tournament"]').disabled = rules === "classic";
    if (rules === "classic" && fmt !== "standard") { $("play-format").value = "standard"; targets(); }
  };
  $("play-format").addEventListener("change", targets);
  $("play-rules").addEventListener("change", targets);
  targets();
  onLanguageChange(() => {
    const target = $("play-target").value;
    targets();
    $("play-target").value = target;
    if (!state.resp) return;
    render();
    renderSheet();
    if (state.hint && !$("hint").hidden) drawHint();
  });
}
