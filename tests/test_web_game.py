"""P(win) in the page, in a real browser (Chromium driven by Playwright) at a phone's 390x844:
a hint in a whole game to 31 carries the game state (the sheet's totals before the deal, its
dealer, the target) and shows the P(win) column with the values of the server's answer; the
advisor with totals and a target does the same, and bad totals show the server's 422; the review
of a played game with the single-dummy layer lists the costliest cards for the game and badges
them in the deal. In English and Serbian; every table still fits its box or shows that it
scrolls. Screenshots go to artifacts/web/ (game-*)."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal

import httpx2
import pytest
from test_web import browser, browser_test, server  # noqa: F401 (fixtures)
from test_web_app import app, declare, idle, no_overflow, open_in, pending_decision  # noqa: F401 (fixtures)
from test_web_tables import tables_fit_or_scroll

from meksiko_solver.record import GameRecord

pytestmark = browser_test

PHONE = pytest.mark.parametrize("app", ["phone"], indirect=True)
HEADER = {"en": "P(win)", "sr": "P(pobede)"}
ADVISOR_HAND = ("AS", "KS", "QS", "JS", "AH", "KH", "QH", "AD", "KD", "AC")


def win_text(p: float, lang: str) -> str:
    """A P(win) as the page writes it: a percent with one decimal, the language's decimal sign."""
    # Intl rounds the shortest decimal of the number half away from zero (4.55 -> 4.6)
    text = f"{Decimal(repr(100 * p)).quantize(Decimal('0.1'), ROUND_HALF_UP)}%"
    return text.replace(".", ",") if lang == "sr" else text


def hint_column(page, header: str) -> list:
    """The texts of the hint table's column `header`, row by row."""
    headers = page.locator("#hint-table thead th").all_inner_texts()
    assert header in headers, headers
    k = headers.index(header) + 1
    return page.locator(f"#hint-table tbody tr td:nth-child({k})").all_inner_texts()


def take_decision(page) -> None:
    """Any legal decision of the player's (the first legal call or card, spades as trump)."""
    decision = pending_decision(page)
    if decision == "bid":
        page.click("#decision button[data-call]:not([disabled]) >> nth=0")
    elif decision == "discard":
        declare(page)
    else:
        page.click("#play-board .seat.bottom .card.playable >> nth=0")


def play_to_end_of_deal(app) -> None:
    while not app.page.query_selector("#play-next, #play-again"):
        take_decision(app.page)
        idle(app)


@PHONE
def test_a_hint_in_a_game_shows_p_win_and_the_review_lists_the_costliest_cards(app):
    page = app.page
    app.name = "game-play"
    open_in(app, "play", "en")
    page.select_option("#play-policy", "random")
    page.select_option("#play-target", "31")
    page.fill("#play-seed", "7")
    page.fill("#play-samples", "20")
    page.click("#play-new")
    idle(app)
    play_to_end_of_deal(app)
    page.click("#play-next")
    idle(app)
    # the second deal: the hint asks for the game after deal 1
    played = GameRecord.from_dict(page.evaluate("window.meksikoPlayed()"))
    assert len(played.deals) == 1 and not played.finished and page.is_enabled("#hint-button")
    with page.expect_response(lambda r: "/v1/hints/" in r.url) as answer:
        page.click("#hint-button")
    page.wait_for_selector("#hint-table tbody tr")
    idle(app)
    body = answer.value.request.post_data_json
    hint = answer.value.json()
    dealer = (played.deals[-1].dealer + 1) % 3  # the dealer moves on
    assert body["game"] == {"scores": list(played.totals[-1]), "dealer": dealer, "target": 31,
                            "rules": "mexico-club", "mode": "easy"}
    assert body["dealer"] == dealer
    assert hint["game"]["target"] == 31 and all(isinstance(o["p_win"], float) for o in hint["options"])
    assert hint_column(page, "P(win)") == [win_text(o["p_win"], "en") for o in hint["options"]]
    # the same request asked of the API again: the same chances (the hint is seeded)
    again = httpx2.post(f"{app.server.url}{answer.value.request.url.split(app.server.url)[1]}", json=body, timeout=60).json()
    if again["worlds"] == hint["worlds"]:  # neither cut short by its time budget
        assert [o["p_win"] for o in again["options"]] == [o["p_win"] for o in hint["options"]]
    best = next(o for o in hint["options"] if o.get("call", o.get("card")) == hint.get("call", hint.get("card")))
    assert page.inner_text("#hint-game") == f"playing for the game: you win it {win_text(best['p_win'], 'en')} of the time"
    if hint["hint"] == "bid":
        assert f"P(win) {win_text(hint['pass']['p_win'], 'en')}" in page.inner_text("#hint-passing")
    tables_fit_or_scroll(app, "hint-en", {})
    # in Serbian: the column's label and the decimal comma
    page.select_option("#lang-switch", "sr")
    assert hint_column(page, HEADER["sr"]) == [win_text(o["p_win"], "sr") for o in hint["options"]]
    assert page.inner_text("#hint-game").startswith("igra za partiju: pobeđuješ u ")
    tables_fit_or_scroll(app, "hint-sr", {})
    page.select_option("#lang-switch", "en")
    play_to_end_of_deal(app)

    # the game reviewed with the single-dummy layer: the costliest cards for the game
    page.click("#play-review")
    page.wait_for_selector("#tricks-table")
    idle(app)
    assert page.is_hidden("#review-costliest")  # the double-dummy review has no P(win)
    page.check("#review-sd")
    page.fill("#review-samples", "10")
    with page.expect_response(lambda r: r.url.endswith("/v1/review")) as answer:
        page.click("#review-played")
    page.wait_for_selector("#review-costliest:not([hidden])")
    idle(app)
    costliest = answer.value.json()["costliest"]
    assert costliest, "random seats lose some chance of winning the game"
    assert page.inner_text("#review-costliest h3") == "Costliest for the game"
    rows = page.locator("#costliest-table tbody tr")
    assert rows.count() == len(costliest)
    for k, c in enumerate(costliest):
        cells = rows.nth(k).locator("td").all_inner_texts()
        assert cells[0] == str(c["deal"] + 1) and cells[2] == str(c["seat"])
        if "call" in c:  # a call of the auction
            assert cells[1] == "auction: " + {"NEXT": "Next", "M": "Meksiko"}.get(c["call"], c["call"])
        else:
            assert cells[1].startswith(f"{c['i'] // 3 + 1} / ")
            assert rows.nth(k).locator(".card").get_attribute("data-card") == c["card"]
        assert cells[3] == f"−{win_text(c['p_win_loss'], 'en')}" and cells[4] == win_text(c["p_win"], "en")
    # the deal shown (the last) badges its costliest cards, and only those
    last = 1  # the second deal is shown
    badged = sorted(int(i) for i in page.locator("#tricks-table .win-badge").evaluate_all("bs => bs.map(b => b.dataset.index)"))
    assert badged == sorted(c["i"] for c in costliest if c["deal"] == last and "card" in c)
    tables_fit_or_scroll(app, "review-en", {})
    # a row opens its deal at that card
    row, first = next((k, c) for k, c in enumerate(costliest) if "card" in c)
    rows.nth(row).click()
    page.wait_for_selector("#position-values .alt")
    idle(app)
    assert page.locator("#review-deals button[aria-pressed='true']").inner_text() == str(first["deal"] + 1)
    assert page.locator(f"#tricks-table .card[data-index='{first['i']}']").get_attribute("class").count("current") == 1
    assert page.locator(f"#tricks-table .win-badge[data-index='{first['i']}']").count() == 1
    app.shot("costliest-opened")
    page.select_option("#lang-switch", "sr")
    assert page.inner_text("#review-costliest h3") == "Najskuplje za partiju"
    assert "izgubljena šansa" in page.inner_text("#costliest-table thead")
    assert rows.nth(row).locator("td").nth(3).inner_text() == f"−{win_text(first['p_win_loss'], 'sr')}"
    tables_fit_or_scroll(app, "review-sr", {})


def start_advisor(app, lang: str, totals, target: str) -> None:
    page = app.page
    open_in(app, "advisor", lang)
    page.evaluate("localStorage.removeItem('meksiko-advisor-v1')")
    page.reload()
    idle(app)
    page.select_option("#advisor-dealer", "2")
    for card in ADVISOR_HAND:
        page.click(f"#advisor-grid .card[data-card='{card}']")
    for s, x in enumerate(totals):
        page.fill(f"#advisor-total-{s}", str(x))
    page.select_option("#advisor-target", target)


@PHONE
@pytest.mark.parametrize("lang", ["en", "sr"])
def test_the_advisor_with_totals_and_a_target_plays_for_the_game(app, lang):
    page = app.page
    app.name = f"game-advisor-{lang}"
    start_advisor(app, lang, (25, 3, 20), "31")
    with page.expect_response(lambda r: "/v1/hints/" in r.url) as answer:
        page.click("#advisor-start")
    page.wait_for_selector("#advisor-hint #hint-table")
    idle(app)
    body = answer.value.request.post_data_json
    hint = answer.value.json()
    assert body["game"] == {"scores": [25, 3, 20], "dealer": 2, "target": 31, "rules": "mexico-club"}
    assert body["totals"] == [25, 3, 20]
    assert hint_column(page, HEADER[lang]) == [win_text(o["p_win"], lang) for o in hint["options"]]
    assert page.is_visible("#hint-game") and page.is_visible("#advisor-game")
    tables_fit_or_scroll(app, "advisor-hint", {})
    # without a target: the deal's points, no P(win)
    page.click("#advisor-reset")
    start_advisor(app, lang, (25, 3, 20), "")
    with page.expect_response(lambda r: "/v1/hints/" in r.url) as answer:
        page.click("#advisor-start")
    page.wait_for_selector("#advisor-hint #hint-table")
    assert "game" not in answer.value.request.post_data_json
    assert HEADER[lang] not in page.locator("#hint-table thead th").all_inner_texts()
    assert not page.query_selector("#hint-game")


@PHONE
def test_bad_totals_for_the_game_show_the_servers_message(app):
    page = app.page
    app.name = "game-advisor-bad"
    start_advisor(app, "en", (31, 3, 20), "31")  # a total at the target: no game is in that state
    with page.expect_response(lambda r: "/v1/hints/" in r.url) as answer:
        page.click("#advisor-start")
    assert answer.value.status == 422
    page.wait_for_selector("#advisor-hint-error")
    idle(app)
    detail = answer.value.json()["detail"]
    assert answer.value.json()["kind"] == "game_state" and "31" in detail
    assert detail in page.inner_text("#advisor-hint-error")
    app.shot("bad-totals")
    no_overflow(app)
