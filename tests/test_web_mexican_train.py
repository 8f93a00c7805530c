"""The page's Mexican Train view (``#mexican-train``, static/mexican-train.js) in a real browser.

Headless Chromium driven by Playwright against uvicorn serving the app on a free loopback
port (the pattern of test_web.py); the player taps the tiles of a hand and the train drawn
must be the library's answer. Screenshots go to ``artifacts/web/``. Skipped (with the reason)
when Playwright or Chromium is missing, unless MEKSIKO_REQUIRE_BROWSER is set (CI).
"""

from __future__ import annotations

import pytest

from meksiko_solver.mexican_train import Tile, best_opening
from test_web import ARTIFACTS, browser, browser_test, server  # noqa: F401 (fixtures)

pytestmark = browser_test


@pytest.fixture
def page(browser, server):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, device_scale_factor=1)
    pg = context.new_page()
    pg.set_default_timeout(20_000)
    errors: list = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.goto(f"{server.url}/#mexican-train")
    pg.wait_for_selector("body[data-ready=true]")
    yield pg
    assert errors == [], errors
    context.close()


def _hand_key(tiles):
    return " ".join(str(t) for t in sorted((Tile.parse(t) for t in tiles), reverse=True))


def _drawn(pg, tiles, engine):
    pg.wait_for_selector(f'#mt-train[data-hand="{_hand_key(tiles)}"][data-engine="{engine}"]')
    return pg.eval_on_selector_all("#mt-train .mt-link", "nodes => nodes.map(n => n.dataset.link)")


def test_tapped_tiles_draw_the_librarys_opening_train(page):
    pg = page
    assert pg.is_visible("#view-mexican-train") and not pg.is_visible("#view-deal")
    assert pg.get_attribute("#tab-mexican-train", "aria-selected") == "true"
    hand = ["12-5", "5-3", "3-3", "12-3", "12-7", "9-1", "7-4", "4-4"]
    for k, tile in enumerate(hand):
        pg.click(f'.mt-pick[data-tile="{tile}"]')
        assert pg.get_attribute(f'.mt-pick[data-tile="{tile}"]', "aria-pressed") == "true"
        expected = best_opening(hand[:k + 1], 12).to_dict()
        assert _drawn(pg, hand[:k + 1], 12) == expected["train"]
    expected = best_opening(hand, 12).to_dict()
    summary = pg.inner_text("#mt-summary")
    assert f"{expected['tiles']} tiles, {expected['pips']} pips" in summary
    assert pg.inner_text("#mt-count") == f"{len(hand)} tiles"
    # the chain starts at the engine and each tile joins the previous end
    assert pg.inner_text("#mt-train .mt-engine").split() == ["12", "12"]
    halves = pg.eval_on_selector_all("#mt-train .mt-link", "ns => ns.map(n => n.innerText.split(/\\s+/))")
    assert [f"{a}-{b}" for a, b in halves] == expected["train"]
    pg.screenshot(path=str(ARTIFACTS / "mexican-train-01-train.png"), full_page=True)

    # untapping a tile of the train changes the answer
    pg.click('.mt-pick[data-tile="3-3"]')
    rest = [t for t in hand if t != "3-3"]
    assert _drawn(pg, rest, 12) == best_opening(rest, 12).to_dict()["train"]

    # every tied train, drawn as chains too
    pg.check("#mt-all")
    full = best_opening(rest, 12, all_ties=True)
    pg.wait_for_function(f"document.querySelectorAll('#mt-ties .mt-tie').length === {min(50, full.tie_count)}")
    ties = pg.eval_on_selector_all(
        "#mt-ties .mt-tie", "ts => ts.map(t => [...t.querySelectorAll('.mt-link')].map(n => n.dataset.link))")
    assert ties == [[str(x) for x in t] for t in full.ties][:50]
    pg.screenshot(path=str(ARTIFACTS / "mexican-train-02-ties.png"), full_page=True)


def test_another_engine_and_a_hand_without_a_match(page):
    pg = page
    pg.select_option("#mt-engine", "5")
    assert pg.get_attribute('.mt-pick[data-tile="5-5"]', "aria-disabled") == "true"
    pg.click('.mt-pick[data-tile="5-5"]', force=True)  # the engine double cannot be tapped
    assert pg.get_attribute('.mt-pick[data-tile="5-5"]', "aria-pressed") == "false"
    for tile in ("9-1", "8-8"):
        pg.click(f'.mt-pick[data-tile="{tile}"]')
    assert _drawn(pg, ["9-1", "8-8"], 5) == []
    assert "no tile has a 5: draw" in pg.inner_text("#mt-summary")
    for tile in ("5-2", "2-2", "9-2", "9-5", "5-0"):
        pg.click(f'.mt-pick[data-tile="{tile}"]')
    hand = ["9-1", "8-8", "5-2", "2-2", "9-2", "9-5", "5-0"]
    assert _drawn(pg, hand, 5) == best_opening(hand, 5).to_dict()["train"]
    pg.screenshot(path=str(ARTIFACTS / "mexican-train-03-engine-5.png"), full_page=True)
    pg.click("#mt-clear")
    pg.wait_for_selector("#mt-result", state="hidden")
    assert pg.inner_text("#mt-count") == "0 tiles"


def test_the_view_is_a_tab_like_the_others(page):
    pg = page
    pg.click("#tab-deal")
    assert pg.is_visible("#view-deal") and not pg.is_visible("#view-mexican-train")
    pg.click("#tab-mexican-train")
    assert pg.is_visible("#view-mexican-train") and pg.url.endswith("#mexican-train")
