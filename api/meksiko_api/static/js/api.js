/* The JSON API of the same server: POST with a JSON body; on error an ApiError with the server's
 * message and the error body's kind and field. */
import { ApiError } from "./dom.js";
import { t } from "./i18n.js";

export async function api(path, body) {
  let response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch (exc) {
    throw new ApiError(0, t("error.unreachable", { message: exc.message }), path);
  }
  const text = await response.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch (exc) { data = null; }
  if (!response.ok) {
    const detail = data && typeof data.detail === "string" ? data.detail : `${response.status} ${response.statusText}`;
    const kind = data && typeof data.kind === "string" ? data.kind : null;
    const field = data && typeof data.field === "string" ? data.field : null;
    throw new ApiError(response.status, detail, path, kind, field);
  }
  return data;
}

/** A JSON body with a seed kept as text ("seed": "12345678901234567890"): the server reads a
 * string of digits as the whole number, so a 20-digit seed is not rounded to a JavaScript number. */
export function withSeed(body, seed) {
  return seed === null || seed === undefined ? body : { ...body, seed: String(seed) };
}

/** How long the server may sample for one hint. At the table an answer must come within about a
 * second; a hint that runs out of time uses the worlds solved so far and says how many. */
export const HINT_BUDGET_MS = 1000;

/** The body of a hint route: a seat's view and the sampling options, and the game state before
 * the deal ({scores, dealer, target, rules, mode}) when the hint is to play for the game. */
export const hintBody = (view, samples, seed, game = null) => ({ ...view, samples, seed, time_budget_ms: HINT_BUDGET_MS, ...(game ? { game } : {}) });
