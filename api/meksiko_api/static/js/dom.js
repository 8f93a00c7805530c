/* DOM helpers shared by the views: element building, errors, busy buttons. */
import { currentLanguage, has, t } from "./i18n.js";

export const $ = (id) => document.getElementById(id);

function append(node, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

/** el("div", {class: "x", onclick: fn}, child, "text", ...) */
export function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (key.startsWith("on")) node.addEventListener(key.slice(2), value);
    else if (key === "dataset") Object.assign(node.dataset, value);
    else node.setAttribute(key, value === true ? "" : value);
  }
  return append(node, children);
}

/** Replace a node's children (arrays flattened, null/undefined/false left out). */
export function fill(node, ...children) {
  node.replaceChildren();
  return append(node, children);
}

/** An error answer of the API: its status, the server's message (detail), the machine-readable
 * kind and the field path of the error body (null when the body names none). */
export class ApiError extends Error {
  constructor(status, detail, path, kind = null, field = null) {
    super(detail);
    this.status = status;
    this.detail = detail;
    this.path = path;
    this.kind = kind;
    this.field = field;
  }
}

/** The catalogue's text for an API error's kind (error.kind.<kind>), with its field; null when
 * the catalogue has none for it. */
export function kindText(error) {
  if (!(error instanceof ApiError) || !error.kind || !has(`error.kind.${error.kind}`)) return null;
  const text = t(`error.kind.${error.kind}`);
  return error.field ? `${text} ${t("error.field", { field: error.field })}` : text;
}

/** What the page says for an error. The server writes English, naming the bad value: the English
 * page shows it as written; another language shows its catalogue's text for the error's kind (the
 * server's own message folded away under it), or the server's message when the kind is unknown. */
export function errorText(error) {
  if (!(error instanceof ApiError)) return error && error.message ? error.message : String(error);
  return currentLanguage() === "en" ? error.detail : kindText(error) ?? error.detail;
}

export function showError(box, error) {
  const text = errorText(error);
  box.textContent = text;
  const kind = kindText(error);
  box.title = kind ?? "";
  if (error instanceof ApiError && text !== error.detail) {
    box.append(el("details", { class: "server-message" }, el("summary", {}, t("error.server")), el("span", { lang: "en" }, error.detail)));
  }
  box.hidden = false;
}

export function clearError(box) {
  box.hidden = true;
  box.textContent = "";
}

let pending = 0; // requests in flight: <body data-busy> while any (the page's tests wait on it)

/** Run an async action with its buttons disabled; errors go to `box` (or are thrown without one). */
export async function busy(buttons, box, action) {
  const disabled = buttons.filter((b) => b && !b.disabled);
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

/** A seed typed in a box, kept as text (a 20-digit seed is not a safe JavaScript number); null if empty. */
export function seedOrNull(input) {
  const text = input.value.trim();
  if (text === "") return null;
  if (!/^\d+$/.test(text)) throw new Error(t("error.seed", { text }));
  return text;
}

/** A whole number typed in a box; null if empty; an error naming the box's rule when out of range. */
export function intIn(input, min, max, what) {
  const text = input.value.trim();
  if (text === "") return null;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(t("error.range", { what, text, min, max }));
  return n;
}

/** A box for a table that may be wider than the screen: it scrolls sideways inside the page, and
 * an edge with more to see is shaded (a phone hides its scrollbar until it is touched, so
 * without the shade a cut-off column looks like the table's end). data-more="left right" names
 * the shaded edges; it follows the scroll and any change of size. */
export function scrollX(...children) {
  const inner = el("div", { class: "scroll-x" }, ...children);
  const outer = el("div", { class: "scroll-box" }, inner);
  const mark = () => {
    const rest = inner.scrollWidth - inner.clientWidth - inner.scrollLeft;
    outer.dataset.more = [inner.scrollLeft > 1 ? "left" : "", rest > 1 ? "right" : ""].filter(Boolean).join(" ");
  };
  inner.addEventListener("scroll", mark, { passive: true });
  const watch = new ResizeObserver(mark);
  watch.observe(inner);
  for (const child of inner.children) watch.observe(child);
  return outer;
}

export const dl = (pairs) => el("dl", {}, pairs.filter(Boolean).map(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
