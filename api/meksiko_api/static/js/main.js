/* Meksiko solver: the page for players. ES modules, no framework, no build step.
 *   Deal     views/deal.js      Play     views/play.js
 *   Review   views/review.js    Advisor  views/advisor.js
 * Each view owns its state; the words are in i18n/en.js and i18n/sr.js. A change of language
 * redraws every view from its own state in place (nothing is lost, nothing is asked again). */
import { $ } from "./dom.js";
import { currentLanguage, setLanguage } from "./i18n.js";
import { initDeal, currentDeal } from "./views/deal.js";
import { initPlay, playDeal, playedRecord } from "./views/play.js";
import { initReview, runReview } from "./views/review.js";
import { initAdvisor, timings } from "./views/advisor.js";
import { t } from "./i18n.js";
import { showError } from "./dom.js";

/** The views are the nav's tabs (<button role="tab" data-view="x"> and <section id="view-x">), so
 * another view joins with its own tab and section (and its own script). */
const VIEWS = [...document.querySelectorAll('nav [role="tab"][data-view]')].map((b) => b.dataset.view);

function showView(name) {
  if (!VIEWS.includes(name)) name = "deal";
  for (const v of VIEWS) {
    const section = $(`view-${v}`);
    if (section) section.hidden = v !== name;
    $(`tab-${v}`).setAttribute("aria-selected", String(v === name));
  }
  if (location.hash !== `#${name}`) history.replaceState(null, "", `#${name}`);
}

function review(record) {
  showView("review");
  if (!record) {
    showError($("review-error"), new Error(t("review.nothing")));
    return;
  }
  runReview(record);
}

async function playThisDeal() {
  showView("play");
  await playDeal(currentDeal());
}

function init() {
  const language = $("lang-switch");
  setLanguage(currentLanguage());
  language.value = currentLanguage();
  language.addEventListener("change", () => setLanguage(language.value, { remember: true }));
  for (const v of VIEWS) $(`tab-${v}`).addEventListener("click", () => showView(v));
  window.addEventListener("hashchange", () => showView(location.hash.slice(1)));
  showView(location.hash.slice(1) || "deal");
  initDeal({ playThisDeal });
  initPlay({ review: () => review(playedRecord()), playThisDeal });
  initReview({ reviewPlayed: () => review(playedRecord()) });
  initAdvisor({ review });
  window.meksikoTimings = timings; // the advisor's hint timings, read by the browser tests
  window.meksikoPlayed = playedRecord; // the last deal or game played, read by the browser tests
  document.body.dataset.ready = "true";
}

init();
