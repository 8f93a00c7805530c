/* The page's words: t(key, params) looks a key up in the catalogue of the page's language
 * (i18n/en.js, i18n/sr.js) and fills its {placeholders}. Every user-visible string of the modules
 * comes from there. The language: ?lang= in the URL, else the header's switch (remembered in
 * localStorage), else the browser's preference (Serbian for any sr*, English otherwise). */
import EN from "../i18n/en.js";
import SR from "../i18n/sr.js";

/** The languages, each with its name as its speakers write it (the switch shows these). */
export const LANGUAGES = { en: { name: "English", catalogue: EN }, sr: { name: "Srpski", catalogue: SR } };
export const STORE = "meksiko-lang";

const listeners = [];

/** The language asked for by the URL, the stored switch or the browser, in that order. */
export function preferredLanguage() {
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGUAGES[asked.toLowerCase()]) return asked.toLowerCase();
  let stored = null;
  try { stored = localStorage.getItem(STORE); } catch (exc) { stored = null; }
  if (stored && LANGUAGES[stored]) return stored;
  const wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || "en"];
  return wanted.some((l) => /^sr\b/i.test(l)) ? "sr" : "en";
}

// the language is known before any module draws (the views and mexican-train.js); main.js then
// translates the static page with setLanguage
let language = preferredLanguage();
let catalogue = LANGUAGES[language].catalogue;
let rules = new Intl.PluralRules(language);

export const currentLanguage = () => language;

/** Use `lang` from now on: the static page is translated again and every view redraws itself
 * from its own state (onLanguageChange). `remember` stores it as the switch's choice. */
export function setLanguage(lang, { remember = false } = {}) {
  if (!LANGUAGES[lang]) lang = "en";
  language = lang;
  catalogue = LANGUAGES[lang].catalogue;
  rules = new Intl.PluralRules(lang);
  document.documentElement.lang = lang;
  if (remember) {
    try { localStorage.setItem(STORE, lang); } catch (exc) { /* private mode: the choice lasts this page */ }
    const url = new URL(location.href);
    if (url.searchParams.has("lang")) { // the switch now wins over the URL that opened the page
      url.searchParams.delete("lang");
      history.replaceState(null, "", url.pathname + url.search + url.hash);
    }
  }
  translateDocument();
  for (const listener of listeners) listener(lang);
}

/** fn(lang) runs after each change of language (a view redraws what it shows). */
export function onLanguageChange(fn) {
  listeners.push(fn);
}

export function has(key) {
  return catalogue[key] !== undefined;
}

export function t(key, params = {}) {
  let text = catalogue[key] ?? EN[key];
  if (text === undefined) {
    console.warn(`i18n: no text for ${key}`);
    return key;
  }
  if (typeof text === "function") return text(params);
  return text.replace(/\{(\w+)\}/g, (_, name) => (params[name] === undefined ? `{${name}}` : String(params[name])));
}

/** x with `digits` decimals as the language writes it: 0.62 in English, 0,62 in Serbian. */
export function decimal(x, digits) {
  return new Intl.NumberFormat(language, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(x);
}

/** n with the word of key in the form the language uses for n: key.one, key.few (Serbian 2-4,
 * 22-24, ...), key.other (Intl.PluralRules' categories; a missing form falls back to other). */
export function plural(n, key) {
  const form = `${key}.${rules.select(n)}`;
  return t(catalogue[form] !== undefined ? form : `${key}.other`, { n });
}

/** Fill the static HTML from the catalogue: [data-i18n] (text), [data-i18n-html] (text with the
 * catalogue's own markup), [data-i18n-title], [data-i18n-placeholder] and [data-i18n-label]
 * (aria-label). The text with markup comes first: it may hold [data-i18n] nodes of its own. */
export function translateDocument(root = document) {
  for (const node of root.querySelectorAll("[data-i18n-html]")) node.innerHTML = t(node.dataset.i18nHtml);
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of root.querySelectorAll("[data-i18n-title]")) node.title = t(node.dataset.i18nTitle);
  for (const node of root.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  for (const node of root.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  document.title = t("html.title");
}
