"""The attempt page in chromium: autosave, reload, network cut, countdown, deadline, keyboard."""

from __future__ import annotations

import re
from datetime import timedelta

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from delivery import services
from delivery.models import Attempt, Feedback, Paper, Response
from tests.delivery.conftest import make_paper
from tests.questions import core_samples
from tests.questions.test_browser_question_flow import log_in

pytestmark = pytest.mark.browser

CANDIDATE = "stagiaire@demo.arbitre.fr"


@pytest.fixture
def exam(demo_users):
    paper = make_paper(demo_users["formateur@demo.arbitre.fr"], demo_users["formatrice@demo.arbitre.fr"], [
        ("b-single", core_samples.single()),
        ("b-numeric", core_samples.numeric()),
        ("b-truefalse", core_samples.truefalse()),
    ])
    return services.start_attempt(paper=paper, candidate=demo_users[CANDIDATE])


def open_attempt(page: Page, base_url: str, attempt: Attempt) -> None:
    log_in(page, base_url, CANDIDATE, f"/delivery/{attempt.pk}/")


def item_pk(attempt: Attempt, uid: str) -> int:
    return attempt.paper.items.get(version__question__uid=uid).pk


def test_an_answer_is_saved_as_given_and_found_again_after_a_reload(live_server, page: Page, exam):
    open_attempt(page, live_server.url, exam)
    single = item_pk(exam, "b-single")
    page.get_by_label("Jouer le cavalier").check()
    expect(page.locator(f".dl-question[data-item='{single}'] [data-status]")).to_contain_text("Enregistré")
    numeric = page.locator(f"[name=q{item_pk(exam, 'b-numeric')}-answer]")
    numeric.fill("9,5")
    page.reload()  # at once: the typed answer may not have left yet
    expect(page.get_by_label("Jouer le cavalier")).to_be_checked()
    expect(numeric).to_have_value("9,5")
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=5000)
    assert Response.objects.get(attempt=exam, item_id=single).answer == {"choice": "a"}


def test_answers_given_offline_are_kept_and_sent_when_the_network_returns(live_server, page: Page, exam):
    open_attempt(page, live_server.url, exam)
    page.context.set_offline(True)
    page.get_by_label("Faux").check()
    expect(page.locator("#save-status")).to_contain_text("Hors ligne")
    assert not Response.objects.filter(attempt=exam).exists()
    page.context.set_offline(False)
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    saved = Response.objects.get(attempt=exam, item_id=item_pk(exam, "b-truefalse"))
    assert saved.answer == {"answer": False}


def test_an_answer_not_acknowledged_before_a_reload_is_sent_after_it(live_server, page: Page, exam):
    open_attempt(page, live_server.url, exam)
    page.route("**/save/", lambda route: route.abort())  # saves are lost on the way
    page.get_by_label("Abandonner").check()
    expect(page.locator("#save-status")).to_contain_text("Hors ligne")
    page.reload()
    expect(page.get_by_label("Abandonner")).to_be_checked()
    assert not Response.objects.filter(attempt=exam).exists()
    page.unroute("**/save/")
    page.evaluate("window.dispatchEvent(new Event('online'))")
    expect(page.locator("#save-status")).to_contain_text("Enregistré", timeout=10000)
    assert Response.objects.get(attempt=exam, item_id=item_pk(exam, "b-single")).answer == {"choice": "c"}


def test_the_countdown_is_visible_and_decreasing(live_server, page: Page, exam):
    open_attempt(page, live_server.url, exam)
    countdown = page.locator("#countdown")
    first = countdown.inner_text()
    assert re.fullmatch(r"\d+:\d\d(:\d\d)?", first)
    page.wait_for_timeout(2100)
    assert seconds(countdown.inner_text()) < seconds(first)  # 59:58 after 1:00:00


def seconds(shown: str) -> int:
    total = 0
    for part in shown.split(":"):
        total = total * 60 + int(part)
    return total


def test_at_the_deadline_the_page_closes_and_the_saved_answers_are_graded(live_server, page: Page, exam,
                                                                          settings):
    settings.DELIVERY_GRACE_SECONDS = 1
    Attempt.objects.filter(pk=exam.pk).update(deadline=timezone.now() + timedelta(seconds=12))
    open_attempt(page, live_server.url, exam)
    page.get_by_label("Jouer le cavalier").check()
    expect(page.locator("#save-status")).to_contain_text("Enregistré")
    expect(page.locator(".dl-result")).to_contain_text("Temps écoulé", timeout=25000)
    exam.refresh_from_db()
    assert exam.responses.get(item_id=item_pk(exam, "b-single")).points == 1
    assert exam.submitted_automatically


def test_a_candidate_answers_flags_moves_and_submits_with_the_keyboard_only(live_server, page: Page, exam):
    open_attempt(page, live_server.url, exam)
    # The navigator is reachable with Tab; Enter follows a link to the question.
    link = page.locator(".dl-nav__link").nth(2)
    for _ in range(60):
        page.keyboard.press("Tab")
        if link.evaluate("element => element === document.activeElement"):
            break
    page.keyboard.press("Enter")
    expect(page.locator("#q-3")).to_be_focused()
    page.keyboard.press("Tab")  # the first choice of question 3
    page.keyboard.press("Space")
    page.keyboard.press("Tab")  # the flag for review (the radio group is one stop)
    expect(page.locator("#q-3 [name=flagged]")).to_be_focused()
    page.keyboard.press("Space")
    expect(link).to_have_class(re.compile("is-flagged"))
    expect(link).to_have_class(re.compile("is-answered"))
    expect(page.locator("#q-3 [data-status]")).to_contain_text("Enregistré")
    finish = page.locator("nav .button[data-flush-link]")
    finish.focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-summary]")).to_contain_text("2 questions sans réponse")
    expect(page.locator("[data-summary]")).to_contain_text("1 marquée à revoir")
    page.locator("form.dl-summary__actions button").focus()
    page.keyboard.press("Enter")
    expect(page.locator(".dl-result")).to_contain_text("Copie remise")


def test_two_tabs_both_save_and_the_later_answer_wins(live_server, page: Page, exam):
    open_attempt(page, live_server.url, exam)
    second = page.context.new_page()
    try:
        second.goto(f"{live_server.url}/delivery/{exam.pk}/")
        page.get_by_label("Jouer ce qu'il veut").check()
        expect(page.locator("#save-status")).to_contain_text("Enregistré")
        second.get_by_label("Abandonner").check()
        expect(second.locator("#save-status")).to_contain_text("Enregistré")
    finally:
        second.close()
    assert Response.objects.get(attempt=exam, item_id=item_pk(exam, "b-single")).answer == {"choice": "c"}


def test_an_expired_session_keeps_the_answer_and_says_so(live_server, page: Page, exam):
    open_attempt(page, live_server.url, exam)
    page.context.clear_cookies()
    page.get_by_label("Vrai").check()
    expect(page.locator("#save-status")).to_contain_text("session a expiré")
    assert not Response.objects.filter(attempt=exam).exists()


def test_the_attempt_page_has_no_accessibility_violation(live_server, page: Page, exam):
    from axe_playwright_python.sync_playwright import Axe

    open_attempt(page, live_server.url, exam)
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_correction_page_has_no_accessibility_violation(live_server, page: Page, exam):
    from axe_playwright_python.sync_playwright import Axe

    Paper.objects.filter(pk=exam.paper_id).update(feedback=Feedback.AT_END)
    services.submit_attempt(attempt=exam)
    open_attempt(page, live_server.url, exam)
    expect(page.locator(".dl-result")).to_contain_text("Correction")
    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def test_the_page_works_without_javascript(live_server, browser, exam):
    context = browser.new_context(java_script_enabled=False, locale="fr-FR")
    try:
        page = context.new_page()
        open_attempt(page, live_server.url, exam)
        page.get_by_label("Jouer le cavalier").check()
        page.get_by_label("Marquer pour y revenir").first.check()
        page.locator("#q-1 .dl-save").click()
        expect(page.locator(".messages")).to_contain_text("Question 1 : réponse enregistrée")
        expect(page.locator("[data-nav-item].is-flagged")).to_have_count(1)
    finally:
        context.close()
    saved = Response.objects.get(attempt=exam, item_id=item_pk(exam, "b-single"))
    assert (saved.answer, saved.flagged) == ({"choice": "a"}, True)


def test_on_a_phone_a_long_paper_fits_the_width_and_its_navigator_scrolls_sideways(
    live_server, page: Page, demo_users
):
    # Eleven numbers are wider than 390 px: the navigator's row used to widen the whole page.
    paper = make_paper(demo_users["formateur@demo.arbitre.fr"], demo_users["formatrice@demo.arbitre.fr"], [
        (f"b-phone-{number}", core_samples.truefalse()) for number in range(1, 12)
    ])
    attempt = services.start_attempt(paper=paper, candidate=demo_users[CANDIDATE])
    page.set_viewport_size({"width": 390, "height": 844})
    open_attempt(page, live_server.url, attempt)
    expect(page.locator(".dl-nav__link")).to_have_count(11)
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.evaluate("document.querySelector('.dl-nav__list').scrollWidth > 390")


def test_a_computer_whose_clock_is_behind_still_saves_over_an_earlier_answer(live_server, page: Page, exam):
    # The candidate answered on one computer, then goes on on another whose clock is two hours
    # behind: its answers are numbered by the server's clock, so they replace the stored one.
    single = item_pk(exam, "b-single")
    services.save_response(attempt=exam, item_id=single, answer={"choice": "a"},
                           sequence=services.server_sequence())
    page.add_init_script("""(() => {
        const behind = 2 * 3600 * 1000, now = Date.now;
        Date.now = () => now() - behind;
    })()""")
    open_attempt(page, live_server.url, exam)
    page.get_by_label("Jouer ce qu'il veut").check()
    expect(page.locator(f".dl-question[data-item='{single}'] [data-status]")).to_contain_text("Enregistré")
    assert Response.objects.get(attempt=exam, item_id=single).answer == {"choice": "b"}


def test_a_newer_answer_from_elsewhere_is_announced_not_called_saved(live_server, page: Page, exam):
    single = item_pk(exam, "b-single")
    open_attempt(page, live_server.url, exam)
    # Another device stores a newer answer (a later number) after this page opened.
    services.save_response(attempt=exam, item_id=single, answer={"choice": "c"},
                           sequence=services.server_sequence() + 60_000_000)
    page.get_by_label("Jouer le cavalier").check()
    status = page.locator(f".dl-question[data-item='{single}'] [data-status]")
    expect(status).to_contain_text("rechargez la page")
    assert Response.objects.get(attempt=exam, item_id=single).answer == {"choice": "c"}
