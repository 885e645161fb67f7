"""A question with an image in chromium: shown where the stem places it, loaded through the
permission-checked address, within the width of a phone."""

from __future__ import annotations

import os

import pytest
from playwright.sync_api import Page, expect

from delivery import services
from tests.delivery.conftest import make_paper
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, with_image
from tests.questions.test_browser_question_flow import log_in

pytestmark = pytest.mark.browser
CANDIDATE = "stagiaire@demo.arbitre.fr"
SHOTS = os.environ.get("QUESTION_IMAGE_SHOTS", "")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        page.screenshot(path=os.path.join(SHOTS, f"{name}.png"), full_page=True)


@pytest.fixture
def attempt(demo_users):
    # Wider than a phone: the page must shrink it, not scroll sideways.
    content = with_image(core_samples.single(), data=png_bytes(900, 300, "lightyellow"))
    paper = make_paper(demo_users["formateur@demo.arbitre.fr"], demo_users["formatrice@demo.arbitre.fr"],
                       [("b-image", content)])
    return services.start_attempt(paper=paper, candidate=demo_users[CANDIDATE])


def loaded_image(page: Page):
    image = page.locator(".cq__image img")
    expect(image).to_have_attribute("alt", "Pendule des Blancs à 0:30")
    # Not wait_for_function: it evaluates a string, which the page's CSP forbids when it polls.
    expect(image).to_have_js_property("complete", True)
    return image


def test_the_candidate_sees_the_image_on_a_desktop(live_server, page: Page, attempt):
    page.set_viewport_size({"width": 1280, "height": 900})
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    loaded_image(page)
    assert page.evaluate("document.querySelector('.cq__image img').naturalWidth") == 900
    shot(page, "question-image-desktop")


def test_on_a_phone_the_image_fits_the_width(live_server, page: Page, attempt):
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, CANDIDATE, f"/delivery/{attempt.pk}/")
    image = loaded_image(page)
    assert image.bounding_box()["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    shot(page, "question-image-390")


def test_the_editor_lists_the_image_and_offers_to_add_one_on_a_phone(live_server, page: Page, demo_users):
    from tests.questions.media_samples import published_with_image

    trainer, reviewer = demo_users["formateur@demo.arbitre.fr"], demo_users["formatrice@demo.arbitre.fr"]
    question = published_with_image("uvr-browser-image", trainer,
                                    reviewer, png_bytes(900, 300, "lightblue"))
    page.set_viewport_size({"width": 390, "height": 844})
    log_in(page, live_server.url, "formateur@demo.arbitre.fr", f"/questions/{question.uid}/edit/")
    expect(page.locator("#images code")).to_have_text("[image:pendule.png]")
    expect(page.get_by_label("Texte de remplacement (français)")).to_be_visible()
    expect(page.locator(".editor-images__thumb")).to_have_js_property("complete", True)
    assert page.evaluate("document.querySelector('.editor-images__thumb').naturalWidth") == 900
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.locator("#images").scroll_into_view_if_needed()
    shot(page, "question-image-editor-390")
