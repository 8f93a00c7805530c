/* The page's words: t(key, params) looks a key up in the catalogue (i18n/en.js) and fills its
 * {placeholders}. Every user-visible string of the modules comes from there, so a translation is
 * one more catalogue. */
import EN from "../i18n/en.js";

let catalogue = EN;

export function t(key, params = {}) {
  let text = catalogue[key] ?? EN[key];
  if (text === undefined) {
    console.warn(`i18n: no text for ${key}`);
    return key;
  }
  if (typeof text === "function") return text(params);
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] === undefined ? `{${name}}` : String(params[name])));
}

/** n and the singular or plural word of key.one / key.many. */
export const plural = (n, key) => t(n === 1 ? `${key}.one` : `${key}.many`, { n });

/** Fill the static HTML from the catalogue: [data-i18n] (text), [data-i18n-html] (text with the
 * catalogue's own markup), [data-i18n-title] and [data-i18n-placeholder]. */
export function translateDocument(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-html]")) node.innerHTML = t(node.dataset.i18nHtml);
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
}
