"""The page in Serbian and English in a real browser (Chromium driven by Playwright), at a phone's
390x844: the language chosen by ?lang=, the header's switch (remembered over a reload) and the
browser's preference; a switch redraws the view with its state; the Deal view in each language
and the advisor through a whole deal in Serbian (English: test_web_app.py); the game's own words
in the Serbian page and no English left in it (the visible text, aria-labels, titles and
placeholders of every view against the English catalogue and its abbreviations; decimal commas);
the review's file picker in the page's words; API errors by their kind. Screenshots
go to artifacts/web/ (i18n-*)."""

from __future__ import annotations

import json
import re

import httpx2
import pytest
from test_i18n_catalogues import STATIC, read_catalogue
from test_web import DEAL_TEXT, REVIEW_RECORD, browser, browser_test, server  # noqa: F401 (fixtures)
from test_web_app import ADVISED, advise_a_whole_deal, app, declare, idle, no_overflow, open_in, pending_decision  # noqa: F401 (fixtures)

pytestmark = browser_test

PHONE = pytest.mark.parametrize("app", ["phone"], indirect=True)
TAB_DEAL = {"en": "Deal", "sr": "Deljenje"}

# everything a reader meets: the visible text, the names and tooltips of what is shown, the
# placeholders and every option of the visible selects
COLLECT = """() => {
  const shown = [...document.querySelectorAll('body *')].filter(e => e.offsetParent !== null || e.getClientRects().length);
  const parts = [document.body.innerText, document.title];
  for (const e of shown) {
    for (const a of ['aria-label', 'title', 'placeholder']) if (e.getAttribute(a) && !(a === 'placeholder' && e.id === 'review-text')) parts.push(e.getAttribute(a));
    if (e.tagName === 'SELECT') for (const o of e.options) parts.push(o.textContent);
  }
  return parts.join('\\n');
}"""


def named(app, lang: str) -> None:
    """Screenshots of each language apart (the fixture names them by test and size only)."""
    app.name = f"i18n-{app.name}-{lang}"


def lang_of(page) -> str:
    return page.evaluate("document.documentElement.lang")


# --- choosing the language ---------------------------------------------------------------------------

def test_the_browser_preference_the_url_and_the_switch_choose_the_language(browser, server):  # noqa: F811
    contexts = []

    def fresh(locale: str, path: str = "/#deal"):
        context = browser.new_context(viewport={"width": 390, "height": 844}, locale=locale)
        contexts.append(context)
        page = context.new_page()
        page.goto(server.url + path)
        page.wait_for_selector("body[data-ready=true]")
        return page

    try:
        for locale, lang in (("sr-RS", "sr"), ("sr-Latn-RS", "sr"), ("en-US", "en"), ("de-DE", "en")):
            page = fresh(locale)
            assert (lang_of(page), page.inner_text("#tab-deal")) == (lang, TAB_DEAL[lang]), locale
            assert page.input_value("#lang-switch") == lang
        # ?lang= wins over the browser
        assert lang_of(fresh("sr-RS", "/?lang=en#deal")) == "en"
        page = fresh("en-US", "/?lang=sr#deal")
        assert lang_of(page) == "sr" and page.title() == "Meksiko rešavač"
        # the switch: at once, remembered over a reload (and over the URL's ?lang= that opened it)
        page.select_option("#lang-switch", "en")
        assert lang_of(page) == "en" and page.inner_text("#tab-deal") == "Deal"
        assert "lang=" not in page.url
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        assert lang_of(page) == "en" and page.input_value("#lang-switch") == "en"
        page.select_option("#lang-switch", "sr")
        page.reload()
        page.wait_for_selector("body[data-ready=true]")
        assert lang_of(page) == "sr" and page.inner_text("#tab-deal") == "Deljenje"
        # a ?lang= in a link still wins over the remembered choice
        page.goto(server.url + "/?lang=en#deal")
        page.wait_for_selector("body[data-ready=true]")
        assert lang_of(page) == "en"
    finally:
        for context in contexts:
            context.close()


@PHONE
def test_a_switch_redraws_the_view_with_its_state(app):
    page = app.page
    named(app, "switch")
    open_in(app, "deal", "en")
    page.fill("#deal-seed", "4")
    page.click("#deal-random")
    page.wait_for_selector("#dd td.pick")
    page.click("#dd td.pick >> nth=0")
    idle(app)
    assert "dealer seat 0" in page.inner_text("#deal-caption")
    cells = page.inner_text("#dd")
    page.select_option("#lang-switch", "sr")
    # the same deal, table and opened discards, now in Serbian
    assert "delilac: igrač 0" in page.inner_text("#deal-caption") and page.input_value("#deal-seed") == "4"
    assert page.inner_text("#dd") != cells and page.inner_text("#dd").split()[-12:] == cells.split()[-12:]
    assert "kao nosilac" in page.inner_text("#dd-discards")
    assert page.get_attribute("#deal-board .card >> nth=0", "aria-label").split()[-1] in ("pik", "herc", "karo", "tref")
    # a deal in play keeps its position, its hint and its auction
    page.click("#deal-play")
    idle(app)
    page.fill("#play-samples", "10")
    if page.is_enabled("#hint-button"):
        page.click("#hint-button")
        page.wait_for_selector("#hint-table")
        idle(app)
    calls = page.eval_on_selector_all("#play-auction .call-item", "cs => cs.length")
    hand = page.eval_on_selector_all("#play-board .seat.bottom .card", "cs => cs.map(c => c.dataset.card)")
    page.select_option("#lang-switch", "en")
    assert "Dealer" in page.inner_text("#play-status")
    assert page.eval_on_selector_all("#play-auction .call-item", "cs => cs.length") == calls
    assert page.eval_on_selector_all("#play-board .seat.bottom .card", "cs => cs.map(c => c.dataset.card)") == hand
    if page.query_selector("#hint-table"):
        assert "option" in page.inner_text("#hint-table thead")
    page.select_option("#lang-switch", "sr")
    assert "Delilac" in page.inner_text("#play-status")
    app.shot("play")
    no_overflow(app)
    # the Mexican Train view keeps its hand and its train (drawn again, not asked again)
    page.click("#tab-mexican-train")
    for k, tile in enumerate(("12-11", "11-5")):
        page.click(f'.mt-pick[data-tile="{tile}"]')
        page.wait_for_function(f"document.querySelector('#mt-count').textContent.startsWith('{k + 1} ')")
    page.wait_for_function("document.querySelector('#mt-summary').textContent.includes('2 pločice')")
    train = page.eval_on_selector_all("#mt-train .mt-link", "ns => ns.map(n => n.dataset.link)")
    asked = []
    page.on("request", lambda r: asked.append(r.url) if "/v1/" in r.url else None)
    page.select_option("#lang-switch", "en")
    assert page.inner_text("#mt-count") == "2 tiles" and "2 tiles" in page.inner_text("#mt-summary")
    assert page.eval_on_selector_all("#mt-train .mt-link", "ns => ns.map(n => n.dataset.link)") == train == ["12-11", "11-5"]
    assert page.get_attribute('.mt-pick[data-tile="11-5"]', "aria-pressed") == "true"
    assert asked == []


# --- the views in each language at phone size ----------------------------------------------------------

@PHONE
@pytest.mark.parametrize("lang", ["en", "sr"])
def test_the_deal_view_in_each_language(app, lang):
    page = app.page
    named(app, lang)
    open_in(app, "deal", lang)
    app.shot("empty")
    no_overflow(app)
    page.fill("#deal-seed", "4")
    page.click("#deal-random")
    page.wait_for_selector("#dd td.pick")
    page.click("#dd td.pick >> nth=0")
    idle(app)
    app.shot("deal")
    no_overflow(app)
    words = {"en": ["random deal, seed 4", "dealer seat 0", "Declarer", "with the talon", "max bid", "Talon"],
             "sr": ["nasumično deljenje, seme 4", "delilac: igrač 0", "Nosilac", "s talonom", "najviša licitacija", "Talon", "škart"]}
    text = page.inner_text("body").lower()  # innerText has the CSS's capitals (TALON)
    for word in words[lang]:
        assert word.lower() in text, word
    bad = "A97.KQ8.J8.T9 8.A97.A97.AKJ KQJT.JT.KQ.Q7 ZC TD"
    body = httpx2.post(f"{app.server.url}/v1/deal/parse", json={"deal": bad, "dealer": 0}).json()
    page.fill("#deal-text", bad)
    page.click("#deal-show")
    page.wait_for_selector("#deal-error:not([hidden])")
    error = page.inner_text("#deal-error")
    kind_text = read_catalogue(STATIC / "i18n" / f"{lang}.js")[f"error.kind.{body['kind']}"]
    assert page.get_attribute("#deal-error", "title") == kind_text
    if lang == "en":
        assert error == body["detail"] and "unknown rank 'Z'" in error  # the server's message, as written
    else:  # the catalogue's text for the error's kind; the server's message folded under it
        assert error.startswith(kind_text) and "unknown rank" not in error
        assert body["detail"] in page.text_content("#deal-error details")
    app.shot("error")
    no_overflow(app)


@PHONE
def test_the_advisor_through_a_whole_deal_in_serbian(app):
    named(app, "sr")
    advise_a_whole_deal(app, *ADVISED["phone"], "sr")


# --- no English in the Serbian page ------------------------------------------------------------------

def english_phrases():
    """The English catalogue's texts as the phrases a reader would see: cut at placeholders and
    markup; those of at least 8 letters or two words, that the Serbian catalogue does not use too
    (NEXT, mexico-club, card symbols and numbers are the same in both)."""
    en = read_catalogue(STATIC / "i18n" / "en.js")
    sr = read_catalogue(STATIC / "i18n" / "sr.js")
    same = {v.lower() for v in sr.values()}
    phrases = set()
    for text in en.values():
        for piece in re.split(r"\{\w+\}|<[^>]+>", text):
            piece = piece.strip(" ,.:;()·—-")
            letters = re.sub(r"[^A-Za-z]", "", piece)
            if (len(letters) >= 8 or len(piece.split()) >= 2 and len(letters) >= 5) and piece.lower() not in same:
                phrases.add(piece)
    return sorted(phrases)


def english_abbreviations():
    """The English catalogue's abbreviations (words of two or more capitals: DD, SD, NT) that the
    Serbian catalogue does not use too (API, JSON and NEXT are the same in both)."""
    def capitals(catalogue):
        return {w for text in catalogue.values() for w in re.findall(r"\b[A-Z]{2,}\b", re.sub(r"\{\w+\}|<[^>]+>", "", text))}
    return sorted(capitals(read_catalogue(STATIC / "i18n" / "en.js")) - capitals(read_catalogue(STATIC / "i18n" / "sr.js")))


# English words the Serbian page must not show, whatever text they come from (the server's too)
ENGLISH_WORDS = re.compile(r"\b(the|of|and|with|seat|tricks?|deal|declarer|trump|hint|score|scoring|your?|made|failed"
                           r"|tiles?|pips|train|engine|review|play|bid|pass|discard)\b", re.I)
GAME_WORDS = ["Licitacija", "NEXT", "adut", "Talon", "škart", "štih", "nosilac", "gangster", "pad", "bez aduta",
              "pik", "herc", "karo", "tref", "kec", "kralj", "dama", "žandar", "Meksiko"]


@PHONE
def test_the_serbian_page_has_the_games_words_and_no_english(app):
    page = app.page
    named(app, "all")
    seen = []

    def collect(step: str):
        idle(app)
        assert lang_of(page) == "sr"
        seen.append((step, page.evaluate(COLLECT)))
        app.shot(step)
        no_overflow(app)

    open_in(app, "deal", "sr")
    for view in ("deal", "play", "review", "advisor", "mexican-train"):
        page.click(f"#tab-{view}")
        collect(f"{view}-empty")
    # the Deal view: a classic deal (its Meksiko is without trump) and a mexico-club one
    page.click("#tab-deal")
    page.select_option("#deal-rules", "classic")
    page.fill("#deal-seed", "4")
    page.click("#deal-random")
    page.wait_for_selector("#dd td.pick")
    page.click("#dd td.pick >> nth=0")
    collect("deal-classic")
    page.select_option("#deal-rules", "mexico-club")
    page.wait_for_selector("#dd td.pick")
    page.click("#dd button.link >> nth=0")
    collect("deal")
    # a mini game against the random policy: a hint at each kind of decision, the deal to its end
    page.click("#tab-play")
    page.select_option("#play-policy", "random")
    page.select_option("#play-format", "mini")
    page.fill("#play-seed", "3")
    page.fill("#play-samples", "10")
    page.check("#play-open")
    page.click("#play-new")
    idle(app)
    hinted = set()
    while not page.query_selector("#play-next, #play-again"):
        decision = pending_decision(page)
        if decision and decision not in hinted:
            page.click("#hint-button")
            page.wait_for_selector("#hint-table, #hint-error")
            hinted.add(decision)
            collect(f"play-{decision}")
        if decision == "bid":
            page.click("#decision button[data-call='5']:not([disabled]), #decision button[data-call='NEXT']:not([disabled]) >> nth=0")
        elif decision == "discard":
            declare(page)
        elif decision == "play":
            page.click("#play-board .seat.bottom .card.playable >> nth=0")
        idle(app)
    collect("play-done")
    assert page.is_visible("#score-sheet")
    # the review of that game, a position, and the single-dummy layer on another deal
    page.click("#play-review")
    page.wait_for_selector("#tricks-table")
    collect("review")
    page.click("#tricks-table .card >> nth=4")
    page.wait_for_selector("#position-values .alt")
    collect("review-position")
    page.fill("#review-text", json.dumps(REVIEW_RECORD))
    page.check("#review-sd")
    page.fill("#review-samples", "10")
    page.click("#review-run")
    page.wait_for_selector("#tricks-table tbody tr >> nth=9")
    collect("review-sd")
    # the advisor: a hand chosen, the deal started, the first hint
    page.click("#tab-advisor")
    page.evaluate("localStorage.removeItem('meksiko-advisor-v1')")
    page.reload()
    idle(app)
    page.select_option("#advisor-dealer", "2")
    for card in ("AS", "KS", "QS", "JS", "AH", "KH", "QH", "AD", "KD", "AC"):
        page.click(f"#advisor-grid .card[data-card='{card}']")
    collect("advisor-hand")
    page.click("#advisor-start")
    page.wait_for_selector("#advisor-hint-time", state="attached")
    collect("advisor-hint")
    # the Mexican Train view with a hand
    page.click("#tab-mexican-train")
    for k, tile in enumerate(("12-11", "11-5", "5-5", "5-3")):
        page.click(f'.mt-pick[data-tile="{tile}"]')
        page.wait_for_function(f"document.querySelector('#mt-count').textContent.startsWith('{k + 1} ')")
    page.wait_for_selector("#mt-result:not([hidden])")
    page.wait_for_function("document.querySelector('#mt-summary').textContent.includes('pločic')")
    collect("mexican-train")

    everything = "\n".join(text for _, text in seen).lower()  # innerText has the CSS's capitals (TALON)
    for word in GAME_WORDS:
        assert word.lower() in everything, f"'{word}' is nowhere in the Serbian page"
    # no trump is not a trump suit: "bez aduta", never "adut bez aduta" (the classic deal's Meksiko)
    assert "bez aduta" in everything and "adut bez aduta" not in everything
    phrases = english_phrases()
    assert len(phrases) > 150
    abbreviations = english_abbreviations()
    assert "DD" in abbreviations and "SD" in abbreviations
    for step, text in seen:
        found = [p for p in phrases if re.search(rf"(?<!\w){re.escape(p)}(?!\w)", text)]  # whole words: not "standard" in "standardna"
        assert found == [], f"{step}: English left in the Serbian page: {found[:10]}"
        words = sorted({m.group(0) for m in ENGLISH_WORDS.finditer(text)})
        assert words == [], f"{step}: English words in the Serbian page: {words}"
        short = sorted({a for a in abbreviations if re.search(rf"\b{a}\b", text)})
        assert short == [], f"{step}: English abbreviations in the Serbian page: {short}"
        points = sorted(set(re.findall(r"(?<![\w.])\d+\.\d+(?![\w.])", text)))  # Serbian writes 0,62
        assert points == [], f"{step}: decimal points in the Serbian page: {points}"


# --- the review's file picker -------------------------------------------------------------------------

# the picker: its label's box and the browser's control over it; the control's own look
PICKER = """() => {
  const input = document.getElementById('review-file'), label = input.closest('label');
  const a = input.getBoundingClientRect(), b = label.getBoundingClientRect();
  return {opacity: getComputedStyle(input).opacity, covers: Math.abs(a.left - b.left) < 1.5 && Math.abs(a.right - b.right) < 1.5
            && Math.abs(a.top - b.top) < 1.5 && Math.abs(a.bottom - b.bottom) < 1.5,
          label: label.innerText.trim(), name: document.getElementById('review-file-name').innerText.trim(), title: input.title,
          outline: getComputedStyle(label).outlineStyle};
}"""


@PHONE
def test_the_review_file_picker_is_in_the_pages_words(app, tmp_path):
    """The browser draws a file control in its own language ("Choose File / No file chosen"): the
    page hides it under a label drawn as a button, with the catalogue's words and the chosen file's
    name. The control stays the one a tap, a click or the keyboard reaches."""
    page = app.page
    path = tmp_path / "deal-a.json"
    path.write_text(json.dumps(REVIEW_RECORD))
    base = app.name
    for lang in ("en", "sr"):
        app.name = f"i18n-{base}-{lang}"
        catalogue = read_catalogue(STATIC / "i18n" / f"{lang}.js")
        open_in(app, "review", lang)
        picker = page.evaluate(PICKER)
        assert picker["opacity"] == "0" and picker["covers"], picker  # the browser's control is not seen
        assert (picker["label"], picker["name"], picker["title"]) == (
            catalogue["html.open_a_file"], catalogue["html.no_file_chosen"], catalogue["html.open_a_file"])
        # its accessible name is the label's; the keyboard reaches it and the label shows the focus
        assert page.get_by_label(catalogue["html.open_a_file"], exact=True).get_attribute("id") == "review-file"
        page.focus("#review-text")
        page.keyboard.press("Tab")
        assert page.evaluate("document.activeElement.id") == "review-file"
        assert page.evaluate(PICKER)["outline"] != "none"
        if lang == "sr":  # the words of Chromium's own control, nowhere in the Serbian page
            text = page.evaluate(COLLECT).lower()
            assert [w for w in ("choose file", "no file chosen", "file") if w in text] == [], text
        app.shot("empty")
        no_overflow(app)
        # a file chosen: its name (in no language), the record reviewed
        page.set_input_files("#review-file", str(path))
        page.wait_for_selector("#tricks-table")
        idle(app)
        assert page.evaluate(PICKER)["name"] == "deal-a.json"
        app.shot("chosen")
        no_overflow(app)
        other = "sr" if lang == "en" else "en"
        page.select_option("#lang-switch", other)
        assert page.evaluate(PICKER)["name"] == "deal-a.json"
        assert page.evaluate(PICKER)["label"] == read_catalogue(STATIC / "i18n" / f"{other}.js")["html.open_a_file"]
        page.select_option("#lang-switch", lang)
        # the choice cancelled: no file again, in the page's words
        page.set_input_files("#review-file", [])
        page.wait_for_function("document.getElementById('review-file-name').innerText.trim() !== 'deal-a.json'")
        assert page.evaluate(PICKER)["name"] == catalogue["html.no_file_chosen"]


# --- the page's own checks of what is typed -------------------------------------------------------------

@PHONE
def test_a_bad_seed_is_told_in_the_pages_words(app):
    """A form's own checks (a box's pattern, min, max) are the browser's, in the browser's
    language, and they stop the form: a seed of letters blocked "Show deal" (which does not
    read the seed) with "Please match the requested format." The page checks its boxes itself
    and says what is wrong in the catalogue's words."""
    page = app.page
    named(app, "sr")
    catalogue = read_catalogue(STATIC / "i18n" / "sr.js")
    told = catalogue["error.seed"].replace("{text}", "4x")
    open_in(app, "deal", "sr")
    page.fill("#deal-seed", "4x")
    page.fill("#deal-text", DEAL_TEXT)
    page.click("#deal-show")
    page.wait_for_selector("#deal-body:not([hidden])")  # a typed deal is shown whatever the seed box holds
    page.wait_for_selector("#dd td.pick")
    page.click("#deal-random")
    page.wait_for_selector("#deal-error:not([hidden])")
    assert page.inner_text("#deal-error") == told
    app.shot("deal")
    page.click("#tab-play")
    page.fill("#play-seed", "4x")
    page.click("#play-new")
    page.wait_for_selector("#play-error:not([hidden])")
    assert page.inner_text("#play-error") == told
    page.fill("#play-seed", "4")
    page.fill("#play-samples", "5000")
    page.click("#play-new")
    idle(app)
    assert page.is_hidden("#play-error") and page.is_visible("#play-body")
    page.wait_for_selector("#hint-button:not([disabled])")
    page.click("#hint-button")
    page.wait_for_selector("#hint-error")
    what = catalogue["play.samples"]
    assert page.inner_text("#hint-error") == catalogue["error.range"].format(what=what, text="5000", min=1, max=1000)
    app.shot("play")
    # no form of the page leaves its boxes to the browser's own checks
    assert page.evaluate("[...document.forms].filter(f => !f.noValidate).map(f => f.id)") == []


# --- plurals ------------------------------------------------------------------------------------------

def plural_form(lang: str, n: int) -> str:
    """CLDR's integer plural category (Intl.PluralRules): Serbian 1, 21, 31 ... one; 2-4, 22-24 ... few;
    the rest (11-14 too) other."""
    if lang == "en":
        return "one" if n == 1 else "other"
    if n % 10 == 1 and n % 100 != 11:
        return "one"
    return "few" if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else "other"


@PHONE
@pytest.mark.parametrize("lang", ["en", "sr"])
def test_the_review_position_says_each_count_with_its_plural(app, lang):
    """The position panel for a declarer's count of 0, 1, 2, 5 and 21 ("The declarer makes 1 tricks"
    was the bug): the server's answer with that count put in, the words the catalogue's plural."""
    page = app.page
    catalogue = read_catalogue(STATIC / "i18n" / f"{lang}.js")
    sentence = {"en": "The declarer makes {} double-dummy", "sr": "nosilac nosi {} (otvorene karte)"}[lang]
    count = {"n": 0}

    def with_count(route):
        answer = route.fetch().json()
        if answer.get("index") is not None:
            n = count["n"]
            answer.update(value=n, tricks_won=[n, n, n], values={c: n for c in answer["values"]})
        route.fulfill(json=answer)

    open_in(app, "review", lang)
    page.route("**/v1/table/position", with_count)
    page.fill("#review-text", json.dumps(REVIEW_RECORD))
    page.click("#review-run")
    page.wait_for_selector("#tricks-table")
    for n in (0, 1, 2, 5, 21, 12, 22):
        count["n"] = n
        page.click("#tricks-table .card >> nth=4")
        page.wait_for_function(f"document.querySelector('#position-values .alt')?.dataset.value === '{n}'")
        idle(app)
        words = catalogue[f"word.trick.{plural_form(lang, n)}"].replace("{n}", str(n))
        text = page.inner_text("#review-position")
        assert sentence.format(words) in text, (n, text[:300])
        assert page.inner_text("#review-position .badge.tricks >> nth=0") == words
        assert words in page.get_attribute("#position-values .alt >> nth=0", "title")
    page.unroute("**/v1/table/position")
