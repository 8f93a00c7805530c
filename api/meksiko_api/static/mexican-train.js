/* Mexican Train view (#mexican-train): tap the tiles of a hand, see the best opening train.
 *
 * An ES module on its own: it fills <section id="view-mexican-train"> and talks to
 * POST /v1/mexican-train/opening. The page's tab code (app.js) shows and hides the section.
 * No game logic here: the server's answer is drawn as it comes, tile by tile from the engine.
 * Its words are in the page's catalogue (i18n/*.js, keys mt.*); a change of language builds the
 * view again with the same hand and engine.
 */
import { onLanguageChange, plural, t } from "./js/i18n.js";
import { ApiError, errorText } from "./js/dom.js";

const MAX = 12;
const section = document.getElementById("view-mexican-train");

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined) node.append(child instanceof Node ? child : String(child));
  }
  return node;
}

/** A domino: two halves, the first given end first (a train's tiles are written from the end they join). */
function domino(a, b, attrs = {}) {
  const cls = ["mt-domino", a === b ? "mt-double" : "", attrs.class || ""].join(" ").trim();
  return el("span", { ...attrs, class: cls, title: `${a}-${b}` },
    el("span", { class: "mt-half" }, a), el("span", { class: "mt-half" }, b));
}

const state = { selected: new Set(), engine: MAX, all: false, request: 0, shown: null }; // shown: [answer, hand] drawn

function tileKey(a, b) { return a >= b ? `${a}-${b}` : `${b}-${a}`; }
function handList() {
  return [...state.selected].sort((x, y) => {
    const [xa, xb] = x.split("-").map(Number), [ya, yb] = y.split("-").map(Number);
    return yb + ya * 13 - (xb + xa * 13);
  });
}

function build() {
  const engineSelect = el("select", { id: "mt-engine", onchange: onEngine });
  for (let v = MAX; v >= 0; v--) engineSelect.append(el("option", { value: v, selected: v === state.engine }, `${v}-${v}`));
  const picker = el("div", { id: "mt-picker", class: "mt-picker", role: "group", "aria-label": t("mt.picker") });
  for (let hi = MAX; hi >= 0; hi--) {
    const row = el("div", { class: "mt-row" });
    for (let lo = hi; lo >= 0; lo--) {
      row.append(domino(hi, lo, { role: "button", tabindex: "0", "data-tile": `${hi}-${lo}`, "aria-pressed": String(state.selected.has(`${hi}-${lo}`)),
        class: "mt-pick", onclick: onTap, onkeydown: (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); onTap(e); } } }));
    }
    picker.append(row);
  }
  section.append(
    el("form", { id: "mt-form", class: "controls", autocomplete: "off", novalidate: true, onsubmit: (e) => { e.preventDefault(); solve(); } },
      el("label", {}, t("mt.engine"), " ", engineSelect),
      el("label", { class: "check" }, el("input", { id: "mt-all", type: "checkbox", onchange: solve, checked: state.all }), " ", t("mt.all")),
      el("button", { type: "submit", id: "mt-solve" }, t("mt.solve")),
      el("button", { type: "button", id: "mt-clear", onclick: clear }, t("mt.clear")),
      el("span", { id: "mt-count", class: "muted" }, plural(state.selected.size, "word.tile"))),
    el("div", { id: "mt-error", class: "error", role: "alert", hidden: true }),
    el("p", { class: "muted small" }, t("mt.help")),
    picker,
    el("div", { id: "mt-result", class: "panel", hidden: true },
      el("h2", {}, t("mt.opening"), " ", el("span", { id: "mt-summary", class: "muted small" })),
      el("div", { id: "mt-train", class: "mt-chain" }),
      el("p", { id: "mt-left", class: "muted small" }),
      el("div", { id: "mt-ties" })));
  markEngine();
}

function markEngine() {
  for (const node of section.querySelectorAll(".mt-pick")) {
    const isEngine = node.dataset.tile === `${state.engine}-${state.engine}`;
    node.classList.toggle("mt-engine-tile", isEngine);
    node.setAttribute("aria-disabled", String(isEngine));
    if (isEngine && state.selected.delete(node.dataset.tile)) node.setAttribute("aria-pressed", "false");
  }
}

function onEngine(event) {
  state.engine = Number(event.target.value);
  markEngine();
  solve();
}

function onTap(event) {
  const node = event.currentTarget;
  if (node.getAttribute("aria-disabled") === "true") return;
  const key = node.dataset.tile;
  if (state.selected.has(key)) state.selected.delete(key); else state.selected.add(key);
  node.setAttribute("aria-pressed", String(state.selected.has(key)));
  solve();
}

function clear() {
  state.selected.clear();
  for (const node of section.querySelectorAll(".mt-pick")) node.setAttribute("aria-pressed", "false");
  solve();
}

function showError(message) {
  const box = document.getElementById("mt-error");
  box.textContent = message;
  box.hidden = !message;
}

async function solve() {
  const hand = handList();
  document.getElementById("mt-count").textContent = plural(hand.length, "word.tile");
  const result = document.getElementById("mt-result");
  const id = ++state.request;
  if (hand.length === 0) {
    state.shown = null;
    result.hidden = true;
    showError("");
    return;
  }
  state.all = document.getElementById("mt-all").checked;
  const body = { hand, engine: state.engine, all: state.all };
  try {
    const response = await fetch("/v1/mexican-train/opening", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const answer = await response.json();
    if (id !== state.request) return; // a newer tap has been sent
    if (!response.ok) throw new ApiError(response.status, answer.detail || `HTTP ${response.status}`, "/v1/mexican-train/opening", answer.kind, answer.field);
    showError("");
    draw(answer, hand);
  } catch (error) {
    if (id === state.request) showError(errorText(error));
  }
}

function chain(train, engine) {
  const row = el("div", { class: "mt-line" }, domino(engine, engine, { class: "mt-engine" }));
  for (const link of train) {
    const [a, b] = link.split("-").map(Number);
    row.append(el("span", { class: "mt-joint" }), domino(a, b, { "data-link": link, class: "mt-link" }));
  }
  return row;
}

function draw(answer, hand) {
  state.shown = [answer, hand];
  const result = document.getElementById("mt-result");
  result.hidden = false;
  const train = document.getElementById("mt-train");
  train.replaceChildren(chain(answer.train, answer.engine));
  train.dataset.hand = hand.join(" ");
  train.dataset.engine = String(answer.engine);
  document.getElementById("mt-summary").textContent = answer.tiles === 0
    ? t("mt.draw", { n: answer.engine })
    : t("mt.summary", { tiles: plural(answer.tiles, "word.tile"), pips: plural(answer.pips, "word.pip"), end: answer.open_end }) +
      (answer.ends_on_double ? t("mt.double") : "");
  document.getElementById("mt-left").textContent = t("mt.left", { tiles: answer.left.join(" ") || t("mt.nothing") });
  const ties = document.getElementById("mt-ties");
  ties.replaceChildren();
  if (answer.ties) {
    ties.append(el("p", { class: "muted small" },
      t("mt.ties", { trains: plural(answer.tie_count, "word.train") }) +
      (answer.ties.length < answer.tie_count ? t("mt.ties.first", { n: answer.ties.length }) : "")));
    for (const tie of answer.ties.slice(0, 50)) ties.append(el("div", { class: "mt-tie" }, chain(tie, answer.engine)));
  }
}

/** The view again in the page's new language, with the same hand, engine and answer. */
function rebuild() {
  const shown = state.shown;
  section.replaceChildren();
  build();
  document.getElementById("mt-count").textContent = plural(handList().length, "word.tile");
  if (shown) draw(...shown);
}

if (section) {
  build();
  onLanguageChange(rebuild);
}
