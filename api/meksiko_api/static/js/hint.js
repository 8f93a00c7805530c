/* A hint of the hint routes, shown in words a player reads at a glance and as a table whose rows
 * pick that option. Used by the Play and the Advisor views. */
import { el, fill, scrollX } from "./dom.js";
import { cardEl, callText, contractText, percent, signed, suitSpan } from "./cards.js";
import { decimal, plural, t } from "./i18n.js";

/** A chance of winning the game as a percent with one decimal, as the language writes it (62.5%, 62,5%). */
export const winPercent = (x) => `${decimal(100 * x, 1)}%`;

export function optionAction(option) {
  if (option.card) return cardEl(option.card, { mini: true });
  if (option.call) return el("b", {}, callText(option.call));
  if (option.discard) {
    return el("span", {}, option.discard.map((c) => cardEl(c, { mini: true })), option.trump ? [" ", suitSpan(option.trump)] : "");
  }
  if (option.trump) return suitSpan(option.trump);
  return JSON.stringify(option);
}

export function sameAction(option, hint) {
  if (hint.card !== undefined && option.card !== undefined) return option.card === hint.card;
  if (hint.call !== undefined && option.call !== undefined) return option.call === hint.call;
  if (option.discard !== undefined || option.trump !== undefined) {
    const a = [...(option.discard || [])].sort().join(" ");
    const b = [...(hint.discard || [])].sort().join(" ");
    return a === b && (option.trump ?? null) === (hint.trump ?? null);
  }
  return false;
}

/** The recommended option of a hint (the row that matches it, or the hint's own fields). */
function recommended(hint) {
  return (hint.options || []).find((o) => sameAction(o, hint)) || hint;
}

/** One sentence: what to do, and the chances from the player's side. */
function words(kind, hint, defending) {
  const best = recommended(hint);
  const make = typeof best.make === "number" ? best.make : null;
  const parts = [];
  if (kind === "play") parts.push(t("hint.words.play", { card: "" }));
  else if (kind === "bid") parts.push(t(hint.call === "NEXT" ? "hint.words.pass" : "hint.words.bid", { call: callText(hint.call) }));
  else parts.push(t("hint.words.declare"));
  const chance = [];
  if (make !== null) {
    chance.push(defending ? t("hint.words.beat", { p: percent(1 - make) }) : t("hint.words.make", { p: percent(make) }));
  }
  if (typeof best.score === "number") chance.push(t("hint.words.score", { x: signed(best.score, 1) }));
  // with a game state the hint ranks by the chance of winning the game: the line says so
  const game = typeof best.p_win === "number" ? t("hint.words.game", { p: winPercent(best.p_win) }) : null;
  return { lead: parts[0], chance: chance.join(t("hint.words.sep")), game };
}

/**
 * Fill `box` with a hint. opts: {defending: the player is a defender (chances are shown as the
 * defenders' view), onPick(option): a row was chosen}.
 */
export function renderHint(box, kind, hint, opts = {}) {
  const options = hint.options || [];
  const defending = !!opts.defending;
  const has = (key) => options.some((o) => o[key] !== undefined && o[key] !== null);
  const makeColumn = defending
    ? ["make", t("hint.col.beat"), (x) => percent(1 - x), t("hint.col.beat.title")]
    : ["make", t("hint.col.make"), percent, t("hint.col.make.title")];
  const columns = [["p_win", t("hint.col.win"), winPercent, t("hint.col.win.title")], makeColumn, ["score", t("hint.col.score"), (x) => signed(x, 2), t("hint.col.score.title")],
    ["standing", t("hint.col.standing"), (x) => signed(x, 2), t("hint.col.standing.title")],
    ["tricks", t("hint.col.tricks"), (x) => decimal(x, 2), t("hint.col.tricks.title")],
    ["best", t("hint.col.best"), percent, t("hint.col.best.title")]].filter(([k]) => has(k));
  const what = kind === "play" ? cardEl(hint.card, { mini: true })
    : kind === "bid" ? el("b", {}, callText(hint.call)) : optionAction({ discard: hint.discard, trump: hint.trump });
  const w = words(kind, hint, defending);
  const head = el("div", { class: "hint-head", id: "hint-words" },
    el("span", { class: "hint-lead" }, w.lead, " ", what), w.chance ? el("span", { class: "hint-chance" }, w.chance) : "",
    w.game ? el("span", { class: "hint-game", id: "hint-game" }, w.game) : "");
  const pickTitle = { bid: t("hint.pick.bid"), discard: t("hint.pick.discard"), play: t("hint.pick.play") }[kind];
  const table = el("table", { class: "grid hint-table", id: "hint-table" },
    el("thead", {}, el("tr", {}, el("th", {}, t("hint.col.option")), columns.map(([, label, , title]) => el("th", { title }, label)))),
    el("tbody", {}, options.map((o) => {
      const pickable = opts.onPick && o.legal !== false;
      return el("tr", {
        class: [sameAction(o, hint) ? "recommended" : "", o.legal === false ? "low" : "", pickable ? "pickable" : ""].filter(Boolean).join(" "),
        title: o.legal === false ? t("hint.notlegal") : pickable ? pickTitle : "",
        tabindex: pickable ? "0" : null,
        onclick: pickable ? () => opts.onPick(o) : null,
        onkeydown: pickable ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); opts.onPick(o); } } : null,
      }, el("td", { class: "left" }, optionAction(o), o.legal === false ? el("span", { class: "small" }, ` ${t("hint.notlegal.short")}`) : ""),
      columns.map(([k, , fmt]) => {
        const v = o[k];
        const cell = el("td", { class: k === "score" && typeof v === "number" ? (v > 0 ? "pos" : v < 0 ? "neg" : "") : "" },
          v === null || v === undefined ? "–" : fmt(v));
        if (k === "make" && typeof v === "number") cell.append(el("span", { class: "bar", style: `width:${Math.round(40 * (defending ? 1 - v : v))}px` }));
        return cell;
      }));
    })));
  const extra = [];
  if (kind === "bid" && hint.pass) {
    extra.push(el("p", { class: "small muted", id: "hint-passing" }, t("hint.passing", { x: signed(hint.pass.score, 2) }),
      typeof hint.pass.p_win === "number" ? ` ${t("hint.passing.win", { p: winPercent(hint.pass.p_win) })}` : "",
      hint.max_bid ? ` ${t("hint.compete", { bid: contractText(hint.max_bid) })}` : ""));
  }
  const about = el("p", { class: "small muted hint-about" }, t("hint.about", { worlds: hint.worlds, of: plural(hint.samples, "word.of_worlds"), seed: hint.seed }),
    hint.exhaustive ? ` ${t("hint.exhaustive")}` : "", hint.inference ? ` ${t("hint.inference")}` : "");
  fill(box, head, scrollX(table), ...extra, about);
  box.hidden = false;
}
