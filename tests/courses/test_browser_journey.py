"""A new trainee's first days in chromium, across courses, practice and mock exams, and what
their trainer then sees: enrol in SC through a cohort, read a lesson (diagram, replay), practise
its questions and miss one, find it in the next day's review, sit a UVR mock exam with a reload
in the middle, see it all on the dashboard; the trainer finds the trainee in the cohort page."""

from __future__ import annotations

import datetime
from datetime import timedelta
from unittest import mock

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from courses.models import Cohort
from practice.mocks import ensure_mock_blueprints
from practice.models import Card

pytestmark = pytest.mark.browser

PASSWORD = "correct-horse-battery"


def log_in(page: Page, base: str, email: str, next_path: str) -> None:
    page.goto(f"{base}/accounts/login/?next={next_path}")
    page.locator("input[name=username]").fill(email)
    page.locator("input[name=password]").fill(PASSWORD)
    page.locator("main form button[type=submit]").click()
    page.wait_for_url(f"**{next_path}")


@pytest.fixture
def cohort(course, trainer, trainee):
    today = timezone.localdate()
    cohort = Cohort.objects.create(course=course, name="Stage SC Lyon, mars", place="Lyon",
                                   starts_on=today - datetime.timedelta(days=2),
                                   ends_on=today + datetime.timedelta(days=12))
    cohort.trainers.add(trainer)
    ensure_mock_blueprints()
    return cohort


def test_a_new_trainee_learns_practises_sits_a_mock_and_the_trainer_sees_it(
    live_server, page: Page, browser, cohort, trainer, trainee
):
    # The trainer enrols the trainee in the cohort (by e-mail).
    trainer_page = browser.new_page()
    log_in(trainer_page, live_server.url, trainer.email, f"/courses/groupes/{cohort.pk}/")
    trainer_page.get_by_label("Adresses e-mail des stagiaires", exact=False).fill(trainee.email)
    trainer_page.locator("form[action$='membres/'] button[type=submit]").click()
    expect(trainer_page.locator("main")).to_contain_text(trainee.get_full_name() or trainee.email)

    # The trainee reads the first lesson: diagram, replay with French letters.
    log_in(page, live_server.url, trainee.email, "/courses/SC/")
    page.get_by_role("link", name="Le toucher-jouer", exact=True).click()
    expect(page.locator(".lesson__body figure svg").first).to_be_visible()
    expect(page.locator(".lesson__body [data-replay]")).to_contain_text("Cf3")

    # Practises the lesson's questions and misses the first one.
    page.get_by_role("button", name="S'exercer").last.click()
    page.get_by_label("Abandonner").first.check()
    page.get_by_role("button", name="Vérifier ma réponse").first.click()
    expect(page.locator(".dl-feedback").first).to_contain_text("Réponse incorrecte")
    assert Card.objects.filter(trainee=trainee, lapses=1).exists()

    # The next day, the missed question is due in the review.
    tomorrow = timezone.now() + timedelta(days=1, hours=1)
    with mock.patch("django.utils.timezone.now", return_value=tomorrow):
        page.goto(f"{live_server.url}/practice/")
        expect(page.locator("[data-due]")).to_have_text("1")

    # A UVR mock exam: answer, reload (the answer is still there), hand in.
    page.goto(f"{live_server.url}/practice/")
    page.get_by_role("button", name="Commencer UVR — Règles du jeu").click()
    page.get_by_label("Jouer le cavalier").first.check()
    expect(page.locator("#save-status")).to_contain_text("Enregistré")
    page.reload()
    expect(page.get_by_label("Jouer le cavalier").first).to_be_checked()
    page.locator("nav .button[data-flush-link]").click()
    page.get_by_role("button", name="Remettre ma copie").click()
    expect(page.locator(".dl-result")).to_be_visible()

    # The dashboard shows the mock against the pass mark and the unit's mastery.
    page.goto(f"{live_server.url}/practice/progression/")
    expect(page.locator("main")).to_contain_text("UVR")
    expect(page.locator("main")).to_contain_text("Examens blancs")

    # The trainer sees the trainee's activity in the cohort page.
    trainer_page.reload()
    expect(trainer_page.locator("main")).to_contain_text(trainee.get_full_name() or trainee.email)
    trainer_page.close()
