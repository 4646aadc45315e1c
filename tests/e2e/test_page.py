"""The web page in a real browser: headless Debian Chromium driven by Playwright, against
the real app served on 127.0.0.1 (real embedder, deterministic fake verifier).

It ingests a document, verifies an answer against the index and against pasted
passages (each with an emoji before the evidence span, to catch code-point vs UTF-16
offset mistakes), selects claims by click and by keyboard, checks the highlighted
evidence equals the span, and checks the certificate's Ed25519 signature in the browser.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

playwright = pytest.importorskip("playwright.sync_api")
expect = playwright.expect

pytestmark = pytest.mark.e2e

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
        "--disable-background-networking", "--disable-component-update", "--disable-sync",
        "--no-first-run", "--disable-quic"]

DOC_TEXT = "🙂 Welcome to the handbook. Employees get 25 days of annual leave."
SPAN = "Employees get 25 days of annual leave."
PASSAGES = "🎉🎉 Some intro here.\nParis is the capital of France.\n---\nThe Seine flows."


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.skip("/usr/bin/chromium is missing: install Debian's chromium "
                    "(apt-get install -y chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def served(tmp_path: Path) -> Iterator[dict[str, Any]]:
    pytest.importorskip("fastapi")
    from certirag.certify.keys import generate_keys
    from certirag.config import Settings
    from certirag.server import create_app
    from certirag.server.testing import running_server
    from certirag.testing import FakeGenerator, FakeVerifier

    pair = generate_keys(tmp_path / "keys")
    settings = Settings(home=tmp_path / "home", signing_key=pair.private_path)
    script = [["Employees get 25 days of annual leave."],
              ["Employees get 40 days of sick leave.", "Employees get 30 days of sick leave.",
               "Employees get 20 days of sick leave.", "Employees get 10 days of sick leave."]]
    app = create_app(settings, verifier=FakeVerifier(), generator=FakeGenerator(script))
    _, secret = app.state.certirag.keys.create("browser")
    with running_server(app) as url:
        yield {"url": url, "key": secret, "public_pem": pair.public_path.read_text("ascii")}


def _claim_texts(page: Any) -> list[str]:
    return [t.strip() for t in page.locator("#detail mark").all_inner_texts()]


def test_page_ingest_verify_highlight_and_signature(browser: Any, served: dict[str, Any],
                                                    tmp_path: Path) -> None:
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(served["url"] + "/")
    assert page.title().startswith("certirag")

    # every form control has a label
    unlabelled = page.evaluate("""() => Array.from(document.querySelectorAll(
        'input:not([type=radio]), textarea, select')).filter(e => !e.labels.length)
        .map(e => e.id)""")
    assert unlabelled == []

    # without a key the page says so instead of calling the API
    page.fill("#ingest-text", DOC_TEXT)
    page.click("#ingest-form button[type=submit]")
    expect(page.locator("#ingest-status")).to_contain_text("set an API key")

    page.fill("#api-key", served["key"])
    page.click("#key-form button[type=submit]")
    assert page.input_value("#api-key") == ""  # not left in the field
    assert page.evaluate("() => localStorage.length + sessionStorage.length") == 0

    # ingest through the page
    page.fill("#ingest-index", "handbook")
    page.fill("#ingest-id", "leave")
    page.click("#ingest-form button[type=submit]")
    expect(page.locator("#ingest-status")).to_contain_text("Ingested", timeout=60_000)
    assert "1 added" in page.inner_text("#ingest-status")

    # verify an answer against the index
    page.fill("#question", "How much annual leave do employees get?")
    page.fill("#answer", f"{SPAN} Employees also get a free car.")
    page.check("input[name=source][value=index]")
    page.fill("#verify-index", "handbook")
    page.select_option("#display", "mixed")
    page.click("#verify-button")
    page.wait_for_selector("button.claim", timeout=60_000)
    claims = page.locator("button.claim")
    assert claims.count() == 2
    assert claims.nth(0).get_attribute("data-decision") == "verified"
    assert claims.nth(1).get_attribute("data-decision") == "unverified"
    assert (claims.nth(0).text_content() or "").endswith(" verified")

    claims.nth(0).click()
    marks = _claim_texts(page)
    assert marks == [SPAN]
    passage = page.inner_text("#detail blockquote.passage")
    assert passage.startswith("🙂 Welcome") and SPAN in passage
    assert "quoted" in page.inner_text("#detail")  # the claim is its evidence sentence
    assert page.locator("#detail .error").count() == 0
    page.screenshot(path=str(tmp_path / "page-index.png"), full_page=True)

    # the certificate: loaded into the page, checked in the browser with the pasted key
    expect(page.locator("#cert-json")).to_have_value(re.compile("payload"))
    envelope = json.loads(page.input_value("#cert-json"))
    page.fill("#public-key", served["public_pem"])
    page.click("#verify-signature")
    expect(page.locator("#signature-status")).to_have_attribute("data-valid", "true")
    assert page.get_attribute("#signature-status", "data-valid") == "true"
    assert "Signature valid" in page.inner_text("#signature-status")
    assert "Answer digest matches" in page.inner_text("#signature-status")

    # a changed payload fails in the browser
    payload = json.loads(_b64(envelope["payload"]))
    payload["predicate"]["stats"]["verified"] = 2
    envelope["payload"] = _b64e(json.dumps(payload).encode())
    page.fill("#cert-json", json.dumps(envelope))
    page.click("#verify-signature")
    expect(page.locator("#signature-status")).to_contain_text("INVALID")
    assert page.get_attribute("#signature-status", "data-valid") == "false"

    # pasted passages, claims reached with the keyboard
    page.check("input[name=source][value=passages]")
    page.fill("#answer", "Paris is the capital of France. The Seine flows.")
    page.fill("#passages", PASSAGES)
    page.click("#verify-button")
    expect(page.locator("#answer-view")).to_contain_text("Seine", timeout=60_000)
    expect(page.locator("button.claim")).to_have_count(2)
    page.focus("#result-h")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.classList.contains('claim')")
    assert _claim_texts(page) == ["Paris is the capital of France."]
    assert page.inner_text("#detail blockquote.passage").startswith("🎉🎉 Some intro")
    page.keyboard.press("Tab")
    assert _claim_texts(page) == ["The Seine flows."]
    assert page.get_attribute("button.claim >> nth=1", "aria-pressed") == "true"

    shot = tmp_path / "page.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 10_000
    assert errors == []
    page.close()


def test_ask_streams_and_shows_the_verified_answer(browser: Any,
                                                   served: dict[str, Any]) -> None:
    import httpx

    httpx.post(served["url"] + "/v1/ingest",
               headers={"Authorization": f"Bearer {served['key']}"},
               json={"index": "default", "documents": [{"id": "leave", "text": DOC_TEXT}]},
               timeout=60)
    page = browser.new_page()
    page.goto(served["url"] + "/")
    page.fill("#api-key", served["key"])
    page.press("#api-key", "Enter")
    page.check("input[name=task][value=ask]")
    assert page.is_hidden("#answer-box") and page.is_visible("#index-box")
    page.fill("#question", "How much leave do employees get?")
    page.click("#verify-button")
    expect(page.locator("#verify-status")).to_have_text("Done.", timeout=60_000)
    claims = page.locator("button.claim")
    assert claims.count() >= 1
    assert claims.nth(0).get_attribute("data-decision") == "verified"
    assert "sick leave" not in page.inner_text("#answer-view")  # the refused sentence
    claims.nth(0).click()
    assert _claim_texts(page) == [SPAN]
    expect(page.locator("#cert-json")).to_have_value(re.compile("payload"))
    page.close()


def test_code_point_offsets_in_the_browser(browser: Any, served: dict[str, Any]) -> None:
    page = browser.new_page()
    page.goto(served["url"] + "/")
    text = "a😀b𝔘c"
    got = page.evaluate("t => [certirag.codePointSlice(t, 1, 4), "
                        "certirag.codePointSplit(t, 2, 3)]", text)
    assert got == [text[1:4], [text[:2], text[2:3], text[3:]]]
    page.close()


def _b64(text: str) -> bytes:
    import base64

    return base64.b64decode(text)


def _b64e(data: bytes) -> str:
    import base64

    return base64.b64encode(data).decode("ascii")
