"""Every table of the page on a phone (390x844) and a desktop (1280x900), in English and
Serbian, in a real browser (Chromium driven by Playwright): each table fits its box (the box no wider than its content
needs and inside the screen), or its box scrolls sideways and shades the edge with more to see,
the shade moving to the other edge at the end of the scroll. The tables: the Deal view's
double-dummy table, the Play view's hints (a declarer's and a defender's) and score sheet, the review's players and tricks, the
advisor's hint. Every view (the review's position panel and the Mexican Train view too) is
checked for panels wider than their box and for anything cut off by a box that clips. Screenshots
go to artifacts/web/ (tables-*)."""

from __future__ import annotations

import json

import pytest
from test_web import REVIEW_RECORD, browser, browser_test, server  # noqa: F401 (fixtures)
from test_web_app import app, declare, idle, no_overflow, open_in, pending_decision  # noqa: F401 (fixtures)

from meksiko_solver.record import DealRecord

pytestmark = browser_test

SIZES = pytest.mark.parametrize("app", ["phone", "desktop"], indirect=True)

# each shown table: does it fit its box (the box inside the screen)? does the box scroll, and
# which of its edges are shaded (the ::before and ::after of dom.js scrollX's wrapper)?
TABLES = """() => [...document.querySelectorAll('table')].filter(t => t.getClientRects().length).map(t => {
  const box = t.closest('.scroll-x') || t.parentElement;
  const r = box.getBoundingClientRect();
  const wrap = box.parentElement;
  const shade = (where) => {
    const s = getComputedStyle(wrap, where);
    return s.display !== 'none' && s.content !== 'none' && parseFloat(s.width) >= 8
      && s.backgroundImage.includes('gradient');
  };
  return {id: t.id, fits: box.scrollWidth <= box.clientWidth && r.left >= -0.5 && r.right <= innerWidth + 0.5,
          width: box.scrollWidth, room: box.clientWidth,
          scrolls: ['auto', 'scroll'].includes(getComputedStyle(box).overflowX),
          left: shade('::before'), right: shade('::after')};
})"""

# a panel or form wider than its box; anything sticking out of an ancestor that clips it (other
# than a table's scroll box, checked above)
CUT_OFF = """() => {
  const name = (e) => e.tagName.toLowerCase() + (e.id ? '#' + e.id : '')
    + (typeof e.className === 'string' && e.className.trim() ? '.' + e.className.trim().split(/\\s+/).join('.') : '');
  const found = [];
  const boxes = '.panel, .controls, .board, .summary, .status, .row-actions, .hint-row, .alternatives, .mt-picker';
  for (const e of document.querySelectorAll(boxes)) {
    if (e.getClientRects().length && e.scrollWidth > e.clientWidth + 1) found.push(`${name(e)} is ${e.scrollWidth} px wide in ${e.clientWidth}`);
  }
  for (const e of document.querySelectorAll('header *, main *, footer *')) {
    const r = e.getBoundingClientRect();
    if (!e.getClientRects().length || r.width === 0 || r.height === 0) continue;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (getComputedStyle(a).overflowX === 'visible') continue;
      const ar = a.getBoundingClientRect();
      if (!a.matches('.scroll-x') && (r.right > ar.right + 1 || r.left < ar.left - 1)) {
        found.push(`${name(e)} cut off by ${name(a)}`);
      }
      break;
    }
  }
  return found.slice(0, 10);
}"""


def scroll_to(app, table_id: str, where: str) -> None:
    app.page.evaluate("""([id, where]) => { const box = document.getElementById(id).closest('.scroll-x');
        box.scrollLeft = where === 'end' ? box.scrollWidth : 0; }""", [table_id, where])
    more = "left" if where == "end" else "right"
    app.page.wait_for_function("([id, more]) => document.getElementById(id).closest('.scroll-box').dataset.more === more",
                               arg=[table_id, more])


def tables_fit_or_scroll(app, step: str, seen: dict) -> None:
    """The check of every shown table and box; seen[table id] stays true while the table fits."""
    idle(app)
    app.shot(step)
    no_overflow(app)
    tables = app.page.evaluate(TABLES)
    for t in tables:
        assert t["id"], f"{step}: a table without an id: {t}"
        if t["fits"]:
            continue
        assert t["scrolls"] and t["right"] and not t["left"], \
            f"{step}: #{t['id']} is {t['width']} px wide in {t['room']} px and shows no sign that it scrolls: {t}"
        scroll_to(app, t["id"], "end")  # at the end, the shade is at the other edge
        shown = {u["id"]: u for u in app.page.evaluate(TABLES)}[t["id"]]
        assert shown["left"] and not shown["right"], f"{step}: #{t['id']} scrolled to its end: {shown}"
        app.shot(f"{step}-{t['id']}-end")
        scroll_to(app, t["id"], "start")
    cut = app.page.evaluate(CUT_OFF)
    assert cut == [], f"{step}: {cut}"
    for t in tables:
        seen[t["id"]] = seen.get(t["id"], True) and t["fits"]


def play_two_deals(app):
    """A mini game against the random policy from seed 3: the first deal declared (the call 5
    whenever it is legal), the second defended (NEXT whenever it is legal), a hint at the first
    decision of each kind in each deal (a declarer's and a defender's hint tables differ), each
    deal to its end (the score sheet gets its rows); yields the name of each step to check."""
    page = app.page
    page.click("#tab-play")
    page.select_option("#play-policy", "random")
    page.select_option("#play-format", "mini")
    page.fill("#play-seed", "3")
    page.fill("#play-samples", "10")
    page.click("#play-new")
    idle(app)
    for deal, call in ((1, "5"), (2, "NEXT")):
        if deal > 1:
            page.click("#play-next")
            idle(app)
        hinted = set()
        while not page.query_selector("#play-next, #play-again"):
            decision = pending_decision(page)
            if decision and decision not in hinted:
                page.click("#hint-button")
                page.wait_for_selector("#hint-table")
                hinted.add(decision)
                yield f"play-{deal}-hint-{decision}"
            if decision == "bid":
                wanted = f"#decision button[data-call='{call}']:not([disabled])"  # else the first legal call
                page.click(wanted if page.query_selector(wanted) else "#decision button[data-call]:not([disabled]) >> nth=0")
            elif decision == "discard":
                declare(page)
            elif decision == "play":
                page.click("#play-board .seat.bottom .card.playable >> nth=0")
            idle(app)
        assert {"bid", "play"} <= hinted, (deal, hinted)
        page.wait_for_selector(f"#score-sheet tbody tr:nth-child({deal}) td.score")
        yield f"play-{deal}-sheet"
    declarers = [DealRecord.from_dict(d).declarer for d in page.evaluate("window.meksikoPlayed()")["deals"]]
    assert declarers[0] == 0 and declarers[1] != 0, declarers  # the player declared, then defended


@SIZES
@pytest.mark.parametrize("lang", ["en", "sr"])
def test_every_table_fits_its_box_or_shows_that_it_scrolls(app, lang):
    page = app.page
    app.name = f"tables-{app.size}-{lang}"
    seen: dict = {}
    open_in(app, "deal", lang)
    page.fill("#deal-seed", "4")
    page.click("#deal-random")
    page.wait_for_selector("#dd td.pick")
    page.click("#dd td.pick >> nth=0")
    tables_fit_or_scroll(app, "deal", seen)
    for step in play_two_deals(app):
        tables_fit_or_scroll(app, step, seen)
    # the review of that game, a position in it, and the single-dummy layer's column
    page.click("#play-review")
    page.wait_for_selector("#tricks-table")
    tables_fit_or_scroll(app, "review", seen)
    page.click("#tricks-table .card >> nth=4")
    page.wait_for_selector("#position-values .alt")
    tables_fit_or_scroll(app, "review-position", seen)
    page.fill("#review-text", json.dumps(REVIEW_RECORD))
    page.check("#review-sd")
    page.fill("#review-samples", "10")
    page.click("#review-run")
    page.wait_for_selector("#tricks-table tbody tr >> nth=9")
    page.wait_for_selector("#review-players th[title]")
    tables_fit_or_scroll(app, "review-sd", seen)
    # the advisor's first hint (seat 0 bids first under dealer 2)
    page.click("#tab-advisor")
    page.evaluate("localStorage.removeItem('meksiko-advisor-v1')")
    page.reload()
    idle(app)
    page.select_option("#advisor-dealer", "2")
    for card in ("AS", "KS", "QS", "JS", "AH", "KH", "QH", "AD", "KD", "AC"):
        page.click(f"#advisor-grid .card[data-card='{card}']")
    page.click("#advisor-start")
    page.wait_for_selector("#advisor-hint #hint-table")
    tables_fit_or_scroll(app, "advisor-hint", seen)
    page.click("#tab-mexican-train")
    for k, tile in enumerate(("12-11", "11-5", "5-5", "5-3")):
        page.click(f'.mt-pick[data-tile="{tile}"]')
        page.wait_for_function(f"document.querySelector('#mt-count').textContent.startsWith('{k + 1} ')")
    page.wait_for_selector("#mt-result:not([hidden])")
    tables_fit_or_scroll(app, "mexican-train", seen)

    assert set(seen) == {"dd", "hint-table", "score-sheet", "review-players", "tricks-table"}, seen
    # on a phone the review's tricks fit (their last column was cut off); the double-dummy
    # table's 13 columns cannot (nor a defender's hint, 6 columns), and they scroll with their
    # shade. On a desktop every table fits.
    if app.size == "phone":
        assert seen["tricks-table"] and seen["review-players"] and seen["score-sheet"] and not seen["dd"], seen
    else:
        assert all(seen.values()), seen
