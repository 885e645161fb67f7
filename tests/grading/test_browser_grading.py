"""A grader marks copies with the keyboard only, in chromium."""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.utils import timezone
from playwright.sync_api import Page, expect

from exams.models import Centre, ExamSession, SessionStatus
from grading import services
from grading.models import Assignment
from questions.models import Unit
from tests.delivery.conftest import make_paper
from tests.grading.conftest import sit
from tests.questions import core_samples
from tests.questions.test_browser_question_flow import log_in

pytestmark = pytest.mark.browser

GRADER = "correcteur@demo.arbitre.fr"


@pytest.fixture
def grading_session(demo_users):
    staff = demo_users["examens@demo.arbitre.fr"]
    paper = make_paper(
        demo_users["formateur@demo.arbitre.fr"],
        demo_users["formatrice@demo.arbitre.fr"],
        [("k-single", core_samples.single()), ("k-open", core_samples.open_answer())],
    )
    today = timezone.localdate()
    session = ExamSession.objects.create(
        unit=Unit.UVR,
        date=today - datetime.timedelta(days=2),
        start_time=datetime.time(9),
        duration=datetime.timedelta(hours=2),
        registration_closes_on=today - datetime.timedelta(days=9),
        status=SessionStatus.SAT,
        paper=paper,
        created_by=staff,
    )
    centre = Centre.objects.create(
        session=session,
        name="Metz",
        address="Metz",
        capacity=5,
        regional_director=demo_users["formatrice@demo.arbitre.fr"],
    )
    sit(
        session,
        centre,
        demo_users["stagiaire@demo.arbitre.fr"],
        choice="a",
        text="Article 4.3",
        code="UVR-KKKK-2345",
    )
    sit(
        session,
        centre,
        demo_users["formateur@demo.arbitre.fr"],
        choice="b",
        text="Rien",
        code="UVR-MMMM-6789",
    )
    services.configure(
        session=session,
        graders=[demo_users[GRADER], staff],
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=staff,
    )
    services.distribute(session=session, actor=staff)
    return session


def test_a_grader_marks_two_copies_with_the_keyboard_only(live_server, page: Page, grading_session):
    log_in(page, live_server.url, GRADER, "/correction/")
    for _ in range(40):  # tab through the page to the link, as a keyboard user does
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.hasAttribute('data-next')"):
            break
    with page.expect_navigation():
        page.keyboard.press("Enter")
    for first, second in (("1", "2"), ("0", "0,5")):
        expect(page.get_by_role("heading", level=1)).to_contain_text("Copie UVR-")
        expect(page.locator("input[name=mark_0]")).to_be_focused()
        page.keyboard.type(first)  # the first criterion has the focus
        page.keyboard.press("Tab")
        page.keyboard.type(second.replace(",", "."))
        with page.expect_navigation():
            page.keyboard.press("Enter")
    expect(page).to_have_url(re.compile(r"/correction/$"))  # every copy marked: back to the queue
    marks = sorted(Assignment.objects.filter(grader__email=GRADER).values_list("points", flat=True))
    assert marks == [Decimal("0.50"), Decimal(3)]
