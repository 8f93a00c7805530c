/* Review view: a deal or game record judged card by card (POST /v1/review, double-dummy and
 * optionally single-dummy) and any position of it solved (POST /v1/table/position). */
import { $, ApiError, busy, clearError, dl, el, fill, intIn, scrollX, showError } from "../dom.js";
import { api } from "../api.js";
import { boardEl, callText, cardEl, cardSort, cardText, contractText, handEl, signed, suitSpan, trickEl } from "../cards.js";
import { decimal, onLanguageChange, plural, t } from "../i18n.js";
import { winPercent } from "../hint.js";

// costliest: the game review's cards that lost the most chance of winning the game (or null)
const state = { records: [], reviews: null, costliest: null, current: 0, end: null, position: null };

function dealRecords(obj) {
  if (obj && Array.isArray(obj.deals)) return obj.deals.map((d) => ({ rules: obj.rules ?? undefined, mode: obj.mode ?? undefined, ...d }));
  return [obj];
}

/** The mark shown for a card: the double-dummy one, "(?)" excused by the single-dummy layer,
 * "?!" a single-dummy mistake that lost nothing double-dummy. */
function shownMark(r) {
  if (!r) return null;
  if (r.loss && r.excused) return `(${r.mark})`;
  if (!r.loss && r.sd_mark) return "?!";
  return r.mark || null;
}

export async function runReview(obj) {
  const box = $("review-error");
  clearError(box);
  if (obj === undefined) {
    const text = $("review-text").value.trim();
    if (!text) { showError(box, new Error(t("review.empty"))); return; }
    try {
      obj = JSON.parse(text);
    } catch (exc) {
      showError(box, new Error(t("review.badjson", { message: exc.message })));
      return;
    }
  } else {
    $("review-text").value = JSON.stringify(obj, null, 1);
  }
  state.records = dealRecords(obj);
  state.reviews = null;
  state.costliest = null;
  await busy([$("review-run"), $("review-played")], box, async () => {
    const body = { record: obj };
    if ($("review-sd").checked) {
      body.single_dummy = true;
      const samples = intIn($("review-samples"), 1, 1000, t("review.samples"));
      if (samples !== null) body.samples = samples;
    }
    $("review-body").hidden = true;
    const data = await api("/v1/review", body);
    state.reviews = Array.isArray(data.deals) ? data.deals : [data];
    state.costliest = Array.isArray(data.costliest) ? data.costliest : null;
    await showDeal(state.records.length - 1);
  });
}

async function showDeal(k) {
  state.current = k;
  state.position = null;
  const record = state.records[k];
  const review = state.reviews ? state.reviews[k] : null;
  let end = null;
  try {
    end = await api("/v1/table/position", { record, index: null });
  } catch (error) {
    if (!(error instanceof ApiError && error.detail.includes("the play has not started"))) throw error;
  }
  state.end = end;
  renderDeal();
  $("review-body").hidden = false;
}

/** The deal shown (state.current): the picker, its summary, its tricks and the position opened. */
function renderDeal() {
  const k = state.current;
  const picker = $("review-deals");
  if (state.records.length > 1) {
    fill(picker, el("span", { class: "muted small" }, t("review.deal")), state.records.map((_, i) =>
      el("button", { type: "button", "aria-pressed": String(i === k), onclick: () => busy([], $("review-error"), () => showDeal(i)) }, String(i + 1))));
    picker.hidden = false;
  } else {
    picker.hidden = true;
  }
  const review = state.reviews ? state.reviews[k] : null;
  renderCostliest();
  renderSummary(review, state.end);
  renderTricks(review, state.end);
  if (state.position) {
    renderPosition(state.position);
    const chosen = document.querySelector(`#tricks-table .card[data-index="${state.position.index}"]`);
    if (chosen) chosen.classList.add("current");
  } else {
    fill($("review-position"), el("p", { class: "muted" }, t("review.position.help")));
  }
}

/** The game review's costliest decisions for the game (calls and cards): a row opens its deal,
 * at that card for a card. */
function renderCostliest() {
  const box = $("review-costliest");
  const list = state.costliest;
  if (!list) { box.hidden = true; return; }
  const open = (c) => busy([], $("review-error"), async () => {
    if (c.deal !== state.current) await showDeal(c.deal);
    if (c.card !== undefined) await showPosition(c.i);
  });
  fill(box, el("h3", {}, t("review.costliest")), el("p", { class: "small muted" }, t("review.costliest.help")),
    list.length ? scrollX(el("table", { class: "grid compact", id: "costliest-table" },
      el("thead", {}, el("tr", {}, el("th", {}, t("review.costliest.deal")), el("th", {}, t("review.costliest.card")), el("th", {}, t("review.seat")),
        el("th", {}, t("review.costliest.lost")), el("th", {}, t("review.costliest.after")))),
      el("tbody", {}, list.map((c) => el("tr", {
        class: `pickable${c.deal === state.current ? " here" : ""}`, tabindex: "0", dataset: { deal: c.deal, index: c.i },
        onclick: () => open(c), onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); open(c); } },
      }, el("td", {}, c.deal + 1), c.card !== undefined
        ? el("td", {}, `${Math.floor(c.i / 3) + 1} / `, cardEl(c.card, { mini: true }))
        : el("td", {}, t("review.costliest.call"), " ", callText(c.call)), el("td", {}, c.seat),
        el("td", { class: "neg" }, `−${winPercent(c.p_win_loss)}`), el("td", {}, winPercent(c.p_win)))))))
      : el("p", { class: "muted", id: "costliest-none" }, t("review.costliest.none")));
  box.hidden = false;
}

function renderSummary(review, end) {
  const d = end ? end.declarer : review ? review.declarer : null;
  const contract = end ? end.contract : review ? review.contract : null;
  const panels = [];
  const made = review && review.result ? review.result.made : null;
  panels.push(el("div", { class: "panel" }, el("h3", {}, t("review.contract")), d === null || d === undefined ? el("p", { class: "muted" }, t("review.auction")) : dl([
    [t("review.declarer"), t("seat.n.lower", { s: d })], [t("review.contract.word"), contractText(contract)],
    [t("play.status.trump"), end ? suitSpan(end.trump) : review && review.trump ? suitSpan(review.trump) : t("play.trump.unnamed")],
    end ? [t("review.tricks"), end.tricks_won.map((n, s) => `${t("seat.n.lower", { s })}: ${n}`).join(", ")] : null,
    made === null || made === undefined ? null : [t("sheet.result"), el("span", { class: made ? "verdict-exact" : "neg" }, made ? t("result.made") : t("result.failed"))],
    review && review.result && review.result.scores ? [t("play.scores"), review.result.scores.map((x) => signed(x, 0)).join(" / ")] : null,
    review && review.value ? [t("review.ddvalue"), t("review.ddvalue.text", { a: review.value.start, tricks: plural(review.value.end, "word.trick") })] : null,
  ])));
  if (review && review.bid) {
    const b = review.bid;
    panels.push(el("div", { class: "panel" }, el("h3", {}, t("review.bid")), dl([
      [t("review.called"), contractText(String(b.called))],
      [t("review.maxbid"), b.max_bid === null ? "–" : contractText(String(b.max_bid))],
      [t("review.verdict"), el("span", { class: `verdict-${b.verdict}`, id: "bid-verdict" }, t(`verdict.${b.verdict}`))],
      b.best_tricks !== undefined ? [t("review.best"), [t("review.best.text", { tricks: plural(b.best_tricks, "word.trick") }), " ", suitSpan(b.best_trump)]] : null,
    ])));
  }
  if (review && review.discard) {
    const x = review.discard;
    panels.push(el("div", { class: "panel" }, el("h3", {}, t("review.discard"), " ", x.mark ? el("span", { class: `mark-inline${x.mark === "??" ? " bad" : ""}` }, x.mark) : ""), dl([
      [t("review.chosen"), x.chosen.map((c) => cardEl(c, { mini: true }))],
      [t("review.tricks"), t("review.discard.tricks", { n: x.tricks, best: x.best_tricks }) + (x.loss ? t("review.discard.cost", { n: x.loss }) : "")],
      [t("review.best"), x.best.slice(0, 3).map((p) => el("span", { class: "pair" }, p.map((c) => cardEl(c, { mini: true })))).concat(
        x.best.length > 3 ? [el("span", { class: "muted small" }, ` +${x.best.length - 3}`)] : [])],
      [t("review.besttrump"), [suitSpan(x.best_trump), " ", plural(x.best_trump_tricks, "word.trick")]],
    ])));
  }
  if (review && review.players) {
    const sd = review.single_dummy;
    panels.push(el("div", { class: "panel players" }, el("h3", {}, t("review.players")), scrollX(el("table", { class: "grid compact", id: "review-players" },
      el("thead", {}, el("tr", {}, el("th", {}, t("review.seat")), el("th", {}, t("review.role")), el("th", {}, t("review.mistakes")),
        el("th", {}, t("review.lost")), sd ? el("th", { title: t("review.sd.title") }, t("review.sdlost")) : null)),
      el("tbody", {}, review.players.map((p) => el("tr", {}, el("td", {}, p.seat), el("td", {}, p.role ? t(`role.${p.role}`) : "–"),
        el("td", {}, p.mistakes), el("td", { class: p.tricks_lost ? "neg" : "" }, p.tricks_lost),
        sd ? el("td", {}, p.sd_tricks_lost === undefined || p.sd_tricks_lost === null ? "–" : decimal(Number(p.sd_tricks_lost), 2)) : null)))))));
  }
  fill($("review-summary"), el("div", { class: "summary" }, panels));
}

function renderTricks(review, end) {
  const byIndex = {};
  if (review && review.cards) review.cards.forEach((c) => { byIndex[c.i] = c; });
  const sd = review && review.single_dummy;
  // the cards of this deal among the game's costliest: a badge with the P(win) they lost
  const costly = new Map((state.costliest || []).filter((c) => c.deal === state.current && c.card !== undefined).map((c) => [c.i, c]));
  let i = 0;
  const rows = (end ? end.tricks : []).map((tr, n) => {
    const cells = tr.cards.map((card, k) => {
      const index = i++;
      const r = byIndex[index];
      const loss = r ? r.loss : 0;
      const title = r ? t("review.card.title", { card: cardText(card), s: r.seat, a: r.before, b: r.after })
        + (loss ? t("review.card.cost", { n: loss }) : "") + (r.best && r.best.length ? t("review.card.best", { cards: r.best.map(cardText).join(" ") }) : "")
        + (r.sd_loss !== undefined ? t("review.card.sd", { x: decimal(Number(r.sd_loss), 2) }) : "")
        + (typeof r.sd_p_win_loss === "number" && r.sd_p_win_loss > 0 ? t("review.card.win", { p: winPercent(r.sd_p_win_loss) }) : "")
        : t("review.card.show", { card: cardText(card) });
      const costlyCard = costly.get(index);
      return el("span", { class: "played" }, el("span", { class: "who" }, t("seat.n.lower", { s: tr.seats[k] })),
        cardEl(card, { mini: true, mark: shownMark(r), classes: ["clickable"], index, title, onclick: () => showPosition(index) }),
        el("span", { class: `cost${loss >= 2 ? " bad" : loss ? " warn" : ""}` }, loss ? `−${loss}` : ""),
        costlyCard ? el("span", { class: "win-badge", dataset: { index } }, t("review.costliest.badge", { p: winPercent(costlyCard.p_win_loss) })) : "");
    });
    const after = review && review.cards ? (byIndex[i - 1] || {}).after : undefined;
    return el("tr", {}, el("td", {}, n + 1), el("td", {}, t("seat.n.lower", { s: tr.leader })), el("td", { class: "play-cell" }, cells),
      el("td", {}, tr.winner === null ? "–" : t("seat.n.lower", { s: tr.winner })), review ? el("td", {}, after ?? "–") : null);
  });
  const head = el("tr", {}, el("th", {}, t("review.trick")), el("th", {}, t("review.leader")), el("th", {}, review ? t("review.cards.marked") : t("review.cards")),
    el("th", {}, t("review.winner")), review ? el("th", { title: t("review.ddafter.title") }, t("review.ddafter")) : null);
  const legend = el("p", { class: "legend muted" }, el("span", { class: "mark-inline" }, "?"), ` ${t("review.legend.one")} `,
    el("span", { class: "mark-inline bad" }, "??"), ` ${t("review.legend.two")}`,
    sd ? [" ", el("span", { class: "mark-inline" }, "(?)"), ` ${t("review.legend.excused")} `, el("span", { class: "mark-inline" }, "?!"), ` ${t("review.legend.sd")}`] : "",
    costly.size ? [" ", el("span", { class: "win-badge" }, t("hint.col.win")), ` ${t("review.legend.win")}`] : "",
    sd && sd.complete === false ? [" ", el("strong", { id: "review-sd-incomplete" }, t("review.sd.incomplete"))] : "");
  fill($("review-tricks"), rows.length ? scrollX(el("table", { class: "grid tricks", id: "tricks-table" }, el("thead", {}, head), el("tbody", {}, rows)))
    : el("p", { class: "muted" }, t("review.nocards")), review ? legend : "");
}

async function showPosition(index) {
  const record = state.records[state.current];
  await busy([], $("review-error"), async () => {
    const pos = await api("/v1/table/position", { record, index });
    state.position = pos;
    renderPosition(pos);
    document.querySelectorAll("#tricks-table .card.current").forEach((c) => c.classList.remove("current"));
    const chosen = document.querySelector(`#tricks-table .card[data-index="${index}"]`);
    if (chosen) chosen.classList.add("current");
    $("review-position").scrollIntoView({ behavior: "smooth", block: "nearest" });
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
  const side = declaring ? t("side.declarer") : t("side.defenders");
  const seat = (s) => ({
    name: t("seat.N", { s }),
    badges: [s === d ? [t("badge.declarer"), "declarer"] : null, [plural(pos.tricks_won[s], "word.trick"), "tricks"]].filter(Boolean),
    hand: handEl(pos.hands[s], {
      cardOpts: (c) => (s === mover ? {
        classes: [c === pos.card ? "current" : "", pos.values[c] !== undefined && cost(pos.values[c]) === 0 ? "highlight" : ""].filter(Boolean),
        title: pos.values[c] !== undefined ? t("review.alt.title", { card: cardText(c), tricks: plural(pos.values[c], "word.trick") }) : undefined,
      } : {}),
    }),
    toMove: s === mover,
  });
  const trick = pos.played.length ? { cards: pos.played, seats: pos.played.map((_, k) => (pos.leader + k) % 3), leader: pos.leader, winner: null } : null;
  const center = [el("div", { class: "contract-chip" }, t("play.seatplays", { s: d }), el("span", { class: "big" }, contractText(pos.contract), " ", suitSpan(pos.trump))),
    trickEl(trick, t("play.trick", { n: Math.floor(pos.index / 3) + 1 }))];
  const board = boardEl(mover ?? d, seat, center);
  board.classList.add("compact");
  const alternatives = el("div", { class: "alternatives", id: "position-values" }, values.map(([c, v]) => el("div", {
    class: `alt${c === pos.card ? " played-here" : ""}`, dataset: { card: c, value: v },
    title: t("review.alt.title", { card: cardText(c), tricks: plural(v, "word.trick") }) + (cost(v) ? t("review.alt.cost", { side, n: cost(v) }) : t("review.alt.best")),
  }, cardEl(c, { mini: true, classes: c === pos.card ? ["current"] : [] }), el("span", { class: "value" }, v),
    el("span", { class: `cost${cost(v) >= 2 ? " bad" : cost(v) ? " warn" : " ok"}` }, cost(v) ? `−${cost(v)}` : t("review.best.short")))));
  fill($("review-position"),
    el("h3", {}, t("review.before", { n: pos.index + 1, trick: Math.floor(pos.index / 3) + 1, s: mover })),
    el("p", { class: "small muted" }, t("review.before.text", { tricks: plural(pos.value, "word.trick"), s: mover, side })),
    alternatives, board,
    el("p", { class: "small muted" }, t("review.position.legend")));
}

function readFile(event) {
  const file = event.target.files[0];
  const name = $("review-file-name");
  if (!file) { // the choice cancelled: "no file chosen" again, in the page's language
    name.dataset.i18n = "html.no_file_chosen";
    name.textContent = t("html.no_file_chosen");
    return;
  }
  delete name.dataset.i18n; // a file's name is not translated
  name.textContent = file.name;
  const reader = new FileReader();
  reader.onload = () => {
    $("review-text").value = String(reader.result);
    runReview();
  };
  reader.onerror = () => showError($("review-error"), new Error(t("review.file", { name: file.name })));
  reader.readAsText(file);
}

export function initReview({ reviewPlayed }) {
  $("review-run").addEventListener("click", () => runReview());
  $("review-played").addEventListener("click", reviewPlayed);
  $("review-file").addEventListener("change", readFile);
  onLanguageChange(() => { if (!$("review-body").hidden && state.reviews) renderDeal(); });
}
