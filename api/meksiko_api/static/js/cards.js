/* Cards, hands and the table, drawn the same way by every view. */
import { el } from "./dom.js";
import { decimal, t } from "./i18n.js";

export const SUITS = ["S", "H", "D", "C"];
export const SYMBOL = { S: "♠", H: "♥", D: "♦", C: "♣", N: "NT" };
export const RANKS = "AKQJT987";
export const CALLS = ["5", "6", "7", "8", "9", "10", "M", "NEXT"];
export const RED = new Set(["H", "D"]);
export const DECK = SUITS.flatMap((s) => [...RANKS].map((r) => r + s));

export const cardSort = (a, b) => SUITS.indexOf(a[1]) - SUITS.indexOf(b[1]) || RANKS.indexOf(a[0]) - RANKS.indexOf(b[0]);
export const sorted = (cards) => [...cards].sort(cardSort);
export const rankText = (r) => (r === "T" ? "10" : r);
export const cardText = (card) => rankText(card[0]) + SYMBOL[card[1]];
export const suitName = (s) => t(`suit.${s}`);
/** A suit named as trump ("spades trump"); no trump is not a trump suit ("no trump", not "no trump trump"). */
export const trumpName = (s) => (s === "N" ? t("trump.none") : t("trump.suit", { suit: suitName(s) }));
/** A suit's symbol; no trump's is a word of the language (NT, BA). */
export const suitSymbol = (s) => (s === "N" ? t("suit.N.short") : SYMBOL[s]);
/** "ace of spades": a card's accessible name. */
export const cardName = (card) => t("card.name", { rank: t(`rank.${card[0]}`), suit: suitName(card[1]) });
export const contractText = (c) => (c === "M" ? t("call.M") : String(c));
export const callText = (c) => (c === "M" ? t("call.M") : c === "NEXT" ? t("call.NEXT") : String(c));
export const signed = (x, digits = 1) => (x > 0 ? "+" : x < 0 ? "−" : "") + decimal(Math.abs(x), digits);
export const percent = (x) => (x === null || x === undefined ? "–" : `${Math.round(100 * x)}%`);

export function suitSpan(suit) {
  return el("span", { class: RED.has(suit) ? "suit-red" : "suit-black", title: suitName(suit), "aria-label": suitName(suit) }, suitSymbol(suit));
}

/** A card: a small white rounded rectangle, rank over suit, red hearts and diamonds. With
 * opts.onclick it is a <button> (Tab, Enter and Space work); else an image with its name. */
export function cardEl(card, opts = {}) {
  const suit = card[1];
  const classes = ["card", RED.has(suit) ? "red" : "black", opts.mini ? "mini" : "", ...(opts.classes || [])];
  const name = opts.label || cardName(card);
  const attrs = {
    class: classes.filter(Boolean).join(" "),
    title: opts.title || name,
    dataset: opts.index === undefined ? { card } : { card, index: opts.index },
  };
  const face = [el("span", { class: "rank", "aria-hidden": "true" }, rankText(card[0])),
    el("span", { class: "pip", "aria-hidden": "true" }, SYMBOL[suit])];
  let node;
  if (opts.onclick) {
    node = el("button", { ...attrs, type: "button", "aria-label": name, onclick: opts.onclick, disabled: opts.disabled }, face);
    if (opts.pressed !== undefined) node.setAttribute("aria-pressed", String(opts.pressed));
  } else {
    node = el("span", { ...attrs, role: "img", "aria-label": name }, face);
  }
  if (opts.mark) node.append(el("span", { class: `mark${opts.mark === "??" ? " bad" : ""}` }, opts.mark));
  return node;
}

export const backEl = (mini) => el("span", { class: `card back${mini ? " mini" : ""}`, role: "img", "aria-label": t("card.hidden"), title: t("card.hidden") });

/** A hand grouped by suit (S H D C); opts.cardOpts(card) gives each card's options. */
export function handEl(cards, opts = {}) {
  const hand = el("div", { class: "hand" });
  if (opts.hidden !== undefined) {
    hand.classList.add("backs");
    for (let i = 0; i < opts.hidden; i++) hand.append(backEl(opts.mini));
    return hand;
  }
  for (const suit of SUITS) {
    const inSuit = sorted(cards).filter((c) => c[1] === suit);
    if (!inSuit.length) continue;
    hand.append(el("span", { class: "suit-group" },
      inSuit.map((c) => cardEl(c, { mini: opts.mini, ...(opts.cardOpts ? opts.cardOpts(c) : {}) }))));
  }
  if (!cards.length) hand.append(el("span", { class: "void" }, t("hand.empty")));
  return hand;
}

/**
 * The table: three seats around a felt, `bottom` at the bottom, the next seats in playing order
 * on the left and on the right. seat(s) -> {name, badges: [[text, class, title]], hand: Node, toMove}.
 */
export function boardEl(bottom, seat, center) {
  const board = el("div", { class: "board" });
  const places = { [bottom]: "bottom", [(bottom + 1) % 3]: "left", [(bottom + 2) % 3]: "right" };
  for (const s of [(bottom + 1) % 3, (bottom + 2) % 3, bottom]) {
    const info = seat(s);
    board.append(el("div", { class: `seat ${places[s]}${info.toMove ? " to-move" : ""}`, dataset: { seat: s } },
      el("div", { class: "seat-label" }, el("span", { class: "name" }, info.name),
        (info.badges || []).map(([text, cls, title]) => el("span", { class: `badge ${cls || ""}`, title }, text))),
      info.hand));
  }
  board.append(el("div", { class: "center" }, center));
  return board;
}

export function pile(label, cards, opts = {}) {
  return el("div", { class: "pile" }, el("div", { class: "pile-label" }, label),
    el("div", { class: "cards" }, cards.map((c) => (c ? cardEl(c, opts) : backEl(opts.mini)))));
}

/** The trick in progress: each card with the seat that played it. */
export function trickEl(trick, label, you) {
  const slots = [];
  for (let i = 0; i < 3; i++) {
    const card = trick && trick.cards[i];
    const seat = trick ? trick.seats[i] ?? (trick.leader + i) % 3 : null;
    const won = trick && trick.winner !== null && trick.winner === seat;
    slots.push(el("div", { class: `slot${won ? " won" : ""}` },
      card ? cardEl(card) : el("span", { class: "empty" }), seat === null ? "" : seat === you ? t("seat.you.lower") : t("seat.n.lower", { s: seat })));
  }
  return el("div", { class: "pile" }, el("div", { class: "pile-label" }, label), el("div", { class: "trick" }, slots));
}

export const seatName = (s, you) => (s === you ? t("seat.you") : t("seat.n", { s }));
