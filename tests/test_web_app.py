"""The players' app in a real browser (Chromium driven by Playwright) at a phone's 390x844 and a
desktop's 1280x900: the advisor through whole deals with a hint at each of the player's decisions,
a game to 31 in the Play view with its score sheet checked against the library's scoring, no
horizontal overflow in any view, no console errors, and /docs and /redoc with the network blocked.
Screenshots of each step go to artifacts/web/. The advisor's hint timings (the page's own, from an
entry to its hint on screen) are written to artifacts/web/advisor-timings.json."""

from __future__ import annotations

import json
import statistics

import pytest
from test_web import ARTIFACTS, Page, browser, browser_test, server  # noqa: F401 (fixtures)

from meksiko_solver.deal import Phase
from meksiko_solver.game import play_deal
from meksiko_solver.policies import RandomPolicy
from meksiko_solver.record import DealRecord, GameRecord

pytestmark = browser_test  # skipped without a browser, except in CI (MEKSIKO_REQUIRE_BROWSER)

SIZES = {"phone": (390, 844), "desktop": (1280, 900)}
VIEWS = ("deal", "play", "review", "advisor")


@pytest.fixture(params=list(SIZES))
def app(request, browser, server):  # noqa: F811
    width, height = SIZES[request.param]
    p = Page(browser, server, f"{request.node.originalname.removeprefix('test_')[:24]}-{request.param}")
    p.context.close()
    p.context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1)
    p.page = p.context.new_page()
    p.page.set_default_timeout(30_000)
    p.page.on("console", lambda m: p.console_errors.append(m.text) if m.type == "error" else None)
    p.page.on("pageerror", lambda e: p.page_errors.append(str(e)))
    p.size = request.param
    p.width = width
    yield p
    p.close()


def idle(app) -> None:
    app.page.wait_for_function("document.body.dataset.ready === 'true' && !document.body.dataset.busy")


def pending_decision(page) -> str | None:
    """The player's decision the play view waits for: "bid", "discard", "play", or None."""
    if page.query_selector("#decision button[data-call]:not([disabled])"):
        return "bid"
    if page.query_selector("#declare-button"):
        return "discard"
    if page.query_selector("#play-board .seat.bottom .card.playable"):
        return "play"
    return None


def declare(page, trump: str = "[data-trump] >> nth=0") -> None:
    """Discard the first two cards offered, name ``trump`` (a selector after the decision's
    buttons: the first trump by default) and declare."""
    for _ in range(2):
        node = page.query_selector("#play-board .seat.bottom .card.clickable")
        if node:
            node.click()
    page.click(f"#decision button{trump}")
    page.click("#declare-button")


def no_overflow(app) -> None:
    width = app.page.evaluate("document.documentElement.scrollWidth")
    wide = app.page.evaluate("""w => [...document.querySelectorAll('body *')].filter(e => e.offsetParent !== null
        && e.getBoundingClientRect().right > w + 0.5).slice(0, 5).map(e => e.tagName + '#' + e.id + '.' + e.className)""", app.width)
    assert width <= app.width, f"the page is {width} px wide in a {app.width} px viewport: {wide}"
    if app.size == "phone":  # every tap target is at least 40 px each way
        small = app.page.evaluate("""() => [...document.querySelectorAll('button, select, input:not([type=checkbox]), a')]
            .filter(e => e.offsetParent !== null && !e.disabled).map(e => [e, e.getBoundingClientRect()])
            .filter(([e, r]) => r.width < 39.5 || r.height < 39.5)
            .slice(0, 5).map(([e, r]) => `${e.tagName}#${e.id}.${e.className} ${Math.round(r.width)}x${Math.round(r.height)}`)""")
        assert small == [], f"tap targets under 40 px: {small}"


def test_every_view_fits_the_screen(app):
    app.open("deal")
    for view in VIEWS:
        app.page.click(f"#tab-{view}")
        idle(app)
        app.shot(view)
        no_overflow(app)
    app.page.click("#tab-deal")
    app.page.fill("#deal-seed", "12345678901234567890")
    app.page.click("#deal-random")
    app.page.wait_for_selector("#dd td.pick")
    idle(app)
    # a 20-digit seed is kept exactly (not rounded to a JavaScript number)
    assert app.page.input_value("#deal-seed") == "12345678901234567890"
    assert "12345678901234567890" in app.page.text_content("#deal-caption")
    assert not app.page.is_hidden("#dd-legend")
    app.shot("deal-shown")
    no_overflow(app)


# --- the advisor ---------------------------------------------------------------------------------

# (deal seed, the player's seat): a deal the player declares (6 in hearts) and one where another
# seat declares (9 in clubs) and the player defends
ADVISED = {"phone": (7, 0), "desktop": (2, 0)}


#: the page's words the tests look for, by language (?lang=)
WORDS = {"en": {"count": "10 of 10", "made": "made", "failed": "failed"},
         "sr": {"count": "10 od 10", "made": "prolaz", "failed": "pad"}}


def open_in(app, view: str, lang: str) -> None:
    """The page in `lang` (chosen by ?lang=, which a reload keeps) at `view`."""
    app.page.goto(f"{app.server.url}/?lang={lang}#{view}")
    app.page.wait_for_selector("body[data-ready=true]")


def test_the_advisor_through_a_whole_deal_with_a_hint_at_each_decision(app):
    advise_a_whole_deal(app, *ADVISED[app.size], "en")


def advise_a_whole_deal(app, seed: int, seat: int, lang: str) -> None:
    """The advisor through deal `seed` played by random policies, entered as seat `seat` with the
    page in `lang`: a hint at each of the player's decisions, an undo, a reload, the review."""
    words = WORDS[lang]
    record = play_deal([RandomPolicy(seed * 10 + s) for s in range(3)], dealer=seed % 3, seed=seed)
    state = DealRecord.from_dict({**record.to_dict(), "auction": [], "discard": [], "trump": None, "play": []}).replay()
    page = app.page
    open_in(app, "advisor", lang)
    page.evaluate("localStorage.clear()")
    page.reload()
    idle(app)
    assert page.evaluate("document.documentElement.lang") == lang
    page.select_option("#advisor-seat", str(seat))
    page.select_option("#advisor-dealer", str(record.dealer))
    for card in record.hands[seat]:
        page.click(f"#advisor-grid .card[data-card='{card}']")
    assert words["count"] in page.text_content("#advisor-count")
    app.shot("hand")
    no_overflow(app)
    page.click("#advisor-start")
    idle(app)
    hints = 0
    before_reload: list = []

    def my_hint(kind: str) -> None:
        nonlocal hints
        page.wait_for_selector("#advisor-hint-time", state="attached")
        assert page.is_visible("#hint-table") and page.text_content("#hint-words")
        hints += 1
        if hints <= 3 or kind != "play":
            app.shot(f"hint-{kind}-{hints}")
            no_overflow(app)

    for i, call in enumerate(record.auction):
        if state.to_move == seat:
            my_hint("bid")
        page.click(f"#advisor-entry button[data-call='{call}']")
        idle(app)
        state.call(call)
        if i == 0:  # undo the first call and enter it again; then a reload keeps the deal
            page.click("#advisor-undo")
            idle(app)
            page.click(f"#advisor-entry button[data-call='{call}']")
            idle(app)
            before_reload = page.evaluate("window.meksikoTimings")
            page.reload()
            idle(app)
            assert page.is_visible("#advisor-body")
    if state.talon_exposed:
        for card in record.talon:
            page.click(f"#advisor-entry .card-grid .card[data-card='{card}']")
        page.click("#advisor-talon-ok")
        idle(app)
    if record.declarer == seat:
        my_hint("discard")
        for card in record.discard:
            page.click(f"#advisor-table button.card[data-card='{card}']")
    page.click(f"#advisor-entry button[data-trump='{record.trump.letter}']")
    page.click("#advisor-declare")
    idle(app)
    state.declare(record.discard, record.trump)
    for card in record.play:
        mover = state.to_move
        if mover == seat:
            my_hint("play")
            page.click(f"#advisor-table button.card[data-card='{card}']")
        else:
            # only the cards this seat may still hold and play are offered
            offered = page.eval_on_selector_all("#advisor-entry .card-grid .card:not([disabled])", "cs => cs.map(c => c.dataset.card)")
            assert str(card) in offered and {str(c) for c in state.legal_cards()} <= set(offered)
            page.click(f"#advisor-entry .card-grid .card[data-card='{card}']")
        idle(app)
        state.play(card)
    assert state.phase == Phase.DONE
    text = page.text_content("#advisor-result")
    made = record.tricks_won[record.declarer] >= record.contract.tricks_needed
    assert words["made" if made else "failed"] in text
    app.shot("done")
    no_overflow(app)
    timings = before_reload + page.evaluate("window.meksikoTimings")
    assert len(timings) >= hints - 1 and hints >= 5  # an undo brings a hint again; one after a reload is not timed
    path = ARTIFACTS / "advisor-timings.json"
    data = json.loads(path.read_text()) if path.exists() else {}
    data[app.size if lang == "en" else f"{app.size}-{lang}"] = {"hints": len(timings), "p50": statistics.median(timings),
                      "p99": sorted(timings)[max(0, round(0.99 * len(timings)) - 1)], "max": max(timings), "all": timings}
    path.write_text(json.dumps(data, indent=1))
    # the finished deal opens in the review with one tap, and it is the deal played
    page.click("#advisor-review")
    page.wait_for_selector("#tricks-table")
    idle(app)
    assert DealRecord.from_dict(json.loads(page.input_value("#review-text"))) == record
    app.shot("review")
    no_overflow(app)


# --- a game in the Play view ----------------------------------------------------------------------

def test_a_game_to_31_with_its_score_sheet(app):
    page = app.page
    app.open("play")
    page.select_option("#play-policy", "random")
    page.select_option("#play-target", "31")
    page.fill("#play-seed", "98765432109876543210")
    page.click("#play-new")
    idle(app)
    deals = 0
    while True:
        if page.is_visible("#game-winner"):
            break
        if page.query_selector("#play-next"):
            deals += 1
            if deals <= 2:
                app.shot(f"deal-{deals}-done")
                no_overflow(app)
            # the talon, the discard and every hand are shown at the end of a deal
            assert page.is_visible("#play-end") and page.query_selector_all("#play-end .card")
            page.click("#play-next")
        elif page.query_selector("#decision button[data-call]:not([disabled])"):
            calls = page.eval_on_selector_all("#decision button[data-call]:not([disabled])", "bs => bs.map(b => b.dataset.call)")
            page.click(f"#decision button[data-call='{'NEXT' if 'NEXT' in calls else calls[0]}']")
        elif page.query_selector("#declare-button"):
            if page.query_selector("#play-board .seat.bottom .card.clickable"):
                cards = page.query_selector_all("#play-board .seat.bottom .card.clickable")
                cards[0].click()
                page.query_selector_all("#play-board .seat.bottom .card.clickable")[0].click()
            page.click("#decision button[data-trump='S']")
            page.click("#declare-button")
            idle(app)
            if page.query_selector("#play-board .center .pile"):
                pass
        elif page.query_selector("#play-board .seat.bottom .card.playable"):
            page.query_selector("#play-board .seat.bottom .card.playable").click()
        idle(app)
        # a defender sees the talon turned up by a numeric contract during the play
        if page.query_selector("#play-board .center .pile-label") and deals < 1:
            pass
    deals += 1
    app.shot("game-over")
    no_overflow(app)
    game = GameRecord.from_dict(page.evaluate("window.meksikoPlayed()"))
    assert game.finished and game.target == 31 and len(game.deals) == deals
    # the score sheet is the library's: each deal's scores and the running totals (floor 0)
    rows = page.eval_on_selector_all("#score-sheet tbody tr", "rs => rs.map(r => [...r.querySelectorAll('td.score')].map(c => [c.querySelector('.delta').textContent, c.querySelector('.total').textContent]))")
    assert len(rows) == len(game.deals)
    for row, scores, totals in zip(rows, game.scores, game.totals):
        assert [int(d.replace("−", "-").replace("+", "")) for d, _ in row] == list(scores)
        assert [int(t) for _, t in row] == list(totals)
        assert min(totals) >= 0
    # the dealer moves on, deal by deal, from the first dealer chosen (seat 2)
    assert [d.dealer for d in game.deals] == [(2 + i) % 3 for i in range(len(game.deals))]
    assert len({tuple(d.hands[0]) for d in game.deals}) == len(game.deals)  # a new deal each time
    winners = " & ".join("You" if s == 0 else f"Seat {s}" for s in game.winners)
    assert winners in page.text_content("#game-winner")
    page.click("#play-review")
    page.wait_for_selector("#tricks-table")
    idle(app)
    assert page.query_selector_all("#review-deals button")
    app.shot("game-review")
    no_overflow(app)


def test_a_mini_game_lasts_three_deals_and_a_defender_sees_the_talon(app):
    page = app.page
    app.open("play")
    page.select_option("#play-policy", "random")
    page.select_option("#play-format", "mini")
    page.select_option("#play-seat", "1")
    page.fill("#play-seed", "3")
    page.click("#play-new")
    idle(app)
    saw_talon = False
    while not page.is_visible("#game-winner") and not page.query_selector("#play-again"):
        if page.query_selector("#play-next"):
            page.click("#play-next")
        elif page.query_selector("#decision button[data-call='NEXT']:not([disabled])"):
            page.click("#decision button[data-call='NEXT']")
        elif page.query_selector("#decision button[data-call]:not([disabled])"):
            page.click("#decision button[data-call='5']")
        elif page.query_selector("#declare-button"):
            declare(page, "[data-trump='H']")
        elif page.query_selector("#play-board .seat.bottom .card.playable"):
            if page.query_selector("#play-board .center .pile .pile-label"):
                labels = page.eval_on_selector_all("#play-board .center .pile-label", "ls => ls.map(l => l.textContent)")
                saw_talon = saw_talon or any("face up" in label for label in labels)
            # play from the keyboard: a card is a button with its name ("play the ace of spades")
            card = page.query_selector("#play-board .seat.bottom .card.playable")
            assert card.get_attribute("aria-label").startswith("play the ")
            card.focus()
            page.keyboard.press("Enter")
        idle(app)
    game = GameRecord.from_dict(page.evaluate("window.meksikoPlayed()"))
    assert game.format == "mini" and len(game.deals) >= 3 and game.finished
    assert saw_talon  # the defender saw the talon the numeric contract turned up
    app.shot("mini-over")


# --- the API docs offline -------------------------------------------------------------------------

@pytest.mark.parametrize("path, selector", [("/docs", ".swagger-ui .info .title"), ("/redoc", "redoc h1, .api-info h1")])
def test_the_api_docs_render_with_the_network_blocked(app, path, selector):
    page = app.page
    blocked = []

    def route(r):
        url = r.request.url
        if url.startswith(app.server.url):
            r.continue_()
        else:
            blocked.append(url)
            r.abort()

    page.route("**/*", route)
    page.goto(app.server.url + path)
    page.wait_for_selector(selector)
    assert "meksiko-solver" in page.text_content(selector)
    assert blocked == []
    app.shot(path.strip("/"))


# --- the smaller defects of issue 14 ---------------------------------------------------------------

def test_play_this_deal_keeps_the_deal_views_dealer_and_a_bid_hint_row_makes_the_call(app):
    page = app.page
    app.open("play")
    page.select_option("#play-policy", "random")
    page.select_option("#play-seat", "2")  # seat 2 bids first after dealer 1
    page.click("#tab-deal")
    page.fill("#deal-seed", "11")
    page.click("#deal-random")
    page.wait_for_selector("#dd td.pick")
    page.select_option("#deal-dealer", "1")
    # a highlighted card (the best discard) is not hidden under the next one
    page.click("#dd button.link >> nth=0")
    idle(app)
    app.shot("deal-declarer")
    page.click("#deal-play")
    idle(app)
    assert "Dealer Seat 1" in page.inner_text("#play-status")
    # hint samples of 0 are refused, not silently replaced
    page.fill("#play-samples", "0")
    page.click("#hint-button")
    assert "Hint samples: '0' is not a whole number from 1 to 1000" in page.inner_text("#hint-error")
    page.fill("#play-samples", "20")
    page.click("#hint-button")
    page.wait_for_selector("#hint-table tr.pickable")
    idle(app)
    app.shot("bid-hint")
    app_calls = len(page.eval_on_selector_all("#play-auction .call-item", "cs => cs"))
    row = page.locator("#hint-table tr.pickable").first
    call = row.locator("b").inner_text()
    row.click()
    idle(app)
    calls = page.eval_on_selector_all("#play-auction .call-item:not(.blank)", "cs => cs.map(c => c.textContent)")
    assert len(calls) > app_calls and calls[0] == call  # the row's call was made
    no_overflow(app)


def review_with_single_dummy(app, ready: str) -> None:
    """test_web's review record reviewed in the page with the single-dummy layer (20 worlds)."""
    from test_web import REVIEW_RECORD
    page = app.page
    app.open("review")
    page.fill("#review-text", json.dumps(REVIEW_RECORD))
    page.check("#review-sd")
    page.fill("#review-samples", "20")
    page.click("#review-run")
    page.wait_for_selector(ready)


def test_the_review_offers_the_single_dummy_layer(app):
    page = app.page
    review_with_single_dummy(app, "#tricks-table tbody tr >> nth=9")
    idle(app)
    assert "expected loss (SD)" in page.inner_text("#review-summary")
    assert "single-dummy" in page.inner_text("#review-tricks")
    app.shot("single-dummy")
    no_overflow(app)
    page.locator("#tricks-table .card[data-card='8H']").click()
    page.wait_for_selector("#position-values .alt")
    idle(app)
    app.shot("position")
    no_overflow(app)


def test_the_review_says_when_its_single_dummy_layer_ran_out_of_time(app):
    """The server's answer, as a review whose time budget ran out gives it (complete: false)."""
    page = app.page

    def cut_short(route):
        answer = route.fetch().json()
        assert answer["single_dummy"]["complete"] is True  # the page's own request had time enough
        answer["single_dummy"]["complete"] = False
        route.fulfill(json=answer)

    page.route("**/v1/review", cut_short)
    try:
        review_with_single_dummy(app, "#review-sd-incomplete")
        idle(app)
        assert "time ran out" in page.inner_text("#review-sd-incomplete")
        no_overflow(app)
    finally:
        page.unroute("**/v1/review")
