"""Issue 19's rehearsal: a national session run in chromium as the DNA runs one.

A closed-book UVR paper holding a diagram, a replay and an open question; two centres, one
online (with its invigilator) and one on paper; the lifecycle moved only by its events, the
clock and the jury; graders who are not the invigilators; one discrepancy settled by a third
grader; publication, records, titles and a verifiable certificate. Before the session, no
trainee can meet the paper's questions by any path (``delivery/exposure.py``).

Each person acts in their own browser context through the pages. Only what is not the
subject is made with the ORM: the accounts, the bank's questions, the training courses
attended, and the practice material a trainer might have built around the same questions.
"""

from __future__ import annotations

import datetime
import re
from decimal import Decimal

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from accounts.models import Role
from certificates.models import Certificate
from courses.models import Course, Lesson, Module
from courses.services import ensure_practice_paper
from delivery import exposure
from delivery import services as engine
from delivery.models import Feedback, Paper, PaperItem, Purpose, Response
from exams import lifecycle
from exams.models import AuditEntry, ExamSession, Registration, StageRecord, UnitPass
from grading.models import Assignment
from papers.models import Blueprint, BlueprintRule
from practice import services as practice
from practice.models import Card
from tests.conftest import make_user
from tests.delivery.conftest import publish
from tests.exams.conftest import days
from tests.questions import core_samples

pytestmark = pytest.mark.browser

BOARD_STEM = "Sujet national : diagramme. Le joueur au trait réclame. Que décidez-vous ?"
REPLAY_STEM = "Sujet national : partie rejouée. Après le dernier coup, que décidez-vous ?"
OPEN_STEM = "Sujet national : rédigez la règle de la pièce touchée et concluez."
STEMS = (BOARD_STEM, REPLAY_STEM, OPEN_STEM)
BOARD = "8/8/8/4k3/8/8/8/4K2R w - - 0 1"
MOVES = "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6"


def browse_as(browser: Browser, base_url: str, user) -> Page:
    """A browser of this person's own, logged in (with their second factor when their role asks)."""
    client = Client()
    client.force_login(user)
    context = browser.new_context(locale="fr-FR", base_url=base_url)
    context.add_cookies([{
        "name": settings.SESSION_COOKIE_NAME,
        "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
        "url": base_url,
    }])
    page = context.new_page()
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def candidate(email: str, first_name: str):
    person = make_user(email, Role.TRAINEE, first_name=first_name, last_name="Candidat")
    person.ffe_licence = "K" + str(sum(map(ord, email)) % 100000).zfill(5)
    person.birth_date = datetime.date(1990, 3, 1)
    person.save()
    StageRecord.objects.create(candidate=person, stage="SC", date=days(-30), place="Lyon",
                               trainer_name="Julien Bernard", hours=14)
    return person


def status_of(page: Page, path: str) -> int:
    return page.evaluate("async path => (await fetch(path, {credentials: 'same-origin'})).status", path)


def expect_state(staff: Page, session: ExamSession, status: str, moves: list[str], possible=()) -> None:
    """The staff's session page shows the state, the moves out of it and which of them its
    event or its people could make now."""
    staff.goto(f"/examens/equipe/sessions/{session.pk}/")
    expect(staff.locator("[data-status]").first).to_have_attribute("data-status", status)
    expect(staff.locator("[data-step]")).to_have_count(len(moves))
    for move in moves:
        expect(staff.locator(f"[data-step={move}]")).to_have_count(1)
    expect(staff.locator("[data-step][data-possible]")).to_have_count(len(possible))
    for move in possible:
        expect(staff.locator(f"[data-step={move}][data-possible]")).to_have_count(1)


def assert_no_path_reaches(trainee, page: Page, exam_paper: Paper, practice_paper: Paper) -> None:
    """Before the session, none of the paper's questions reaches a trainee, by any path."""
    held = set(exam_paper.items.values_list("version__question_id", flat=True))

    def delivered(attempt) -> set[int]:
        items = engine.attempt_items(attempt, list(attempt.paper.items.select_related("version")))
        return {item.version.question_id for item in items}

    # Practice sets draw around them; a practice paper a trainer put them in withholds them;
    # a lesson's exercises leave them out; so do the day's review and a mock exam.
    pool = practice.practice_pool(criteria=practice.Criteria(unit="UVR", count=100), trainee=trainee)
    assert pool and not {version.question_id for version in pool} & held
    assert not delivered(engine.start_attempt(paper=practice_paper, candidate=trainee)) & held
    course = Course.objects.create(code="SC", stage="SC", title_fr="Stage d'arbitre de club")
    lesson = Lesson.objects.create(
        course=course, module=Module.objects.create(course=course, slug="regles", title_fr="Règles"),
        slug="piece-touchee", title_fr="La pièce touchée",
        practice=[*exam_paper.items.values_list("version__question__uid", flat=True), "free-1"],
    )
    ensure_practice_paper(lesson=lesson)
    lesson.refresh_from_db()
    assert not delivered(engine.start_attempt(paper=lesson.practice_paper, candidate=trainee)) & held
    for question_id in held:
        Card.objects.create(trainee=trainee, question_id=question_id, due=timezone.now(), in_review=True)
    with pytest.raises(practice.NothingToDraw):
        practice.start_review(trainee=trainee)
    assert not delivered(practice.start_mock(trainee=trainee, unit="UVR", seed=1)) & held
    # The pages say the same: a practice set, the practice paper, the exam paper's preview,
    # the bank, the API.
    page.goto("/practice/")
    page.locator("main form[action$='/practice/commencer/'] button[type=submit]").first.click()
    expect(page.locator(".dl-question").first).to_be_visible()
    page.goto("/delivery/papers/")
    page.locator(f"form[action='/delivery/papers/{practice_paper.pk}/start/'] button").click()
    expect(page.locator(".dl-question")).to_have_count(1)  # the free question only
    expect(page.locator("main")).to_contain_text("Question libre")
    for stem in STEMS:
        expect(page.locator("main")).not_to_contain_text(stem)
    assert status_of(page, f"/delivery/papers/{exam_paper.pk}/preview/") in (403, 404)
    assert status_of(page, "/questions/") == 403
    paths = page.evaluate("async () => Object.keys((await (await fetch('/api/openapi.json')).json()).paths)")
    assert {path.split("/")[1] for path in paths} == {"rules", "chess", "certificates"}
    # And the paper's exposure report: no trainee met any of its questions outside the exam.
    assert exposure.exposure(exam_paper) == {}


def test_a_national_session_rehearsed_from_creation_to_certificates(live_server, browser: Browser):
    base = live_server.url
    # --- The people and the bank (not the subject: made directly) ---------------------------
    staff_user = make_user("examens@example.org", Role.EXAM_STAFF, first_name="Éric", last_name="Examens")
    author = make_user("auteur@example.org", Role.TRAINER, first_name="Bob")
    reviewer = make_user("relectrice@example.org", Role.TRAINER, first_name="Rita")
    director = make_user("dra@example.org", Role.TRAINER, first_name="Denise")
    ivan = make_user("ivan@example.org", Role.GRADER, first_name="Ivan", last_name="Surveillant")
    paula = make_user("paula@example.org", first_name="Paula", last_name="Surveillante")
    graders = [make_user(f"g{n}@example.org", Role.GRADER, first_name=f"Grader{n}") for n in (1, 2, 3)]
    alice = candidate("alice@example.org", "Alice")
    chloe = candidate("chloe@example.org", "Chloé")
    publish(core_samples.ruling(stem_fr=BOARD_STEM, scenario={"fen": BOARD, "rate": "standard"}),
            "national-board", author, reviewer)
    publish(core_samples.ruling(stem_fr=REPLAY_STEM, scenario={"moves": MOVES, "rate": "standard"}),
            "national-replay", author, reviewer)
    publish(core_samples.open_answer(stem_fr=OPEN_STEM), "national-open", author, reviewer)
    free = publish(core_samples.single(stem_fr="Question libre : le cavalier touché ?"), "free-1",
                   author, reviewer)
    staff = browse_as(browser, base, staff_user)

    # --- 1. Staff create the closed-book session, its centres, its paper ---------------------
    staff.goto("/examens/equipe/sessions/nouvelle/")
    expect(staff.locator("main form [name=status]")).to_have_count(0)  # no form edits the state
    staff.select_option("#id_unit", "UVR")
    staff.fill("#id_date", days(20).isoformat())
    staff.fill("#id_start_time", "09:30")
    staff.fill("#id_duration_minutes", "120")
    staff.fill("#id_pass_mark", "50")
    staff.fill("#id_registration_closes_on", days(1).isoformat())
    expect(staff.locator("#id_open_book")).not_to_be_checked()
    staff.locator("main form button[type=submit]").click()
    expect(staff.locator("main h1")).to_contain_text("UVR")
    session = ExamSession.objects.get()
    assert session.open_book is False
    for name, mode, invigilator in (("Lyon", "online", ivan), ("Rennes", "paper", paula)):
        staff.goto(f"/examens/equipe/sessions/{session.pk}/centres/nouveau/")
        staff.fill("#id_name", name)
        staff.fill("#id_address", f"1 place de {name}")
        staff.fill("#id_regional_director", director.email)
        staff.fill("#id_invigilator_emails", invigilator.email)
        staff.fill("#id_capacity", "10")
        staff.select_option("#id_delivery_mode", mode)
        staff.locator("main form button[type=submit]").click()
        expect(staff.locator("main table tr[data-centre]", has_text=name)).to_have_count(1)
    online, paper_centre = session.centres.get(name="Lyon"), session.centres.get(name="Rennes")

    staff.goto("/papers/new/")
    staff.fill("#id_title", "UVR — session nationale")
    staff.select_option("#id_purpose", "exam")
    staff.select_option("#id_unit", "UVR")
    staff.fill("#id_duration_minutes", "120")
    staff.locator("main form button[type=submit]").click()
    expect(staff.locator("#id_uid")).to_be_visible()
    for uid in ("national-board", "national-replay", "national-open"):
        staff.fill("#id_uid", uid)
        staff.locator("form[action$='/add/'] button[type=submit]").click()
        expect(staff.locator("main")).to_contain_text(uid)
    staff.get_by_role("button", name="Verrouiller le sujet").click()
    expect(staff.get_by_role("button", name=re.compile("Déverrouiller"))).to_be_visible()
    paper = Paper.objects.get(title="UVR — session nationale")
    assert paper.locked_at is not None and paper.open_book is False and paper.items.count() == 3

    staff.goto(f"/examens/equipe/sessions/{session.pk}/modifier/")
    expect(staff.locator("main form [name=status]")).to_have_count(0)
    staff.select_option("#id_paper", str(paper.pk))
    staff.locator("main form button[type=submit]").click()
    expect(staff.locator("main dl.facts")).to_contain_text("UVR — session nationale")
    expect_state(staff, session, "draft", ["open_registrations"], ["open_registrations"])
    staff.get_by_role("button", name="Ouvrir les inscriptions").click()
    expect(staff.locator("[data-status]").first).to_have_attribute("data-status", "open")
    expect_state(staff, session, "open", ["close_registrations", "start_sitting"], ["close_registrations"])

    # --- 2. Candidates register, one per centre ---------------------------------------------
    for person, centre in ((alice, online), (chloe, paper_centre)):
        page = browse_as(browser, base, person)
        page.goto(f"/examens/sessions/{session.pk}/inscription/")
        page.locator(f"input[name=centre][value='{centre.pk}']").check()
        page.locator("main form button[type=submit]").click()
        expect(page.locator("[data-code]")).to_have_text(re.compile(r"^UVR-"))
        page.context.close()
    registrations = {r.candidate_id: r for r in Registration.objects.filter(session=session)}

    # Before the session: nothing of the paper reaches any trainee (a registered one here).
    blueprint = Blueprint.objects.create(name="Examen blanc UVR", unit="UVR", purpose=Purpose.MOCK,
                                         duration_minutes=120, pass_mark=Decimal(50))
    BlueprintRule.objects.create(blueprint=blueprint, position=1, count=1, points_each=Decimal(1))
    practice_paper = Paper.objects.create(
        title="Exercices de la leçon", purpose=Purpose.PRACTICE, unit="UVR", duration=None,
        feedback=Feedback.IMMEDIATE, locked_at=timezone.now(),
    )
    for position, item in enumerate(paper.items.select_related("version"), start=1):
        PaperItem.objects.create(paper=practice_paper, position=position, version=item.version, points=1)
    PaperItem.objects.create(paper=practice_paper, position=9, version=free, points=1)
    trainee_page = browse_as(browser, base, alice)
    assert_no_path_reaches(alice, trainee_page, paper, practice_paper)

    # The registration date passes: the clock closes registrations; then exam day comes.
    ExamSession.objects.filter(pk=session.pk).update(registration_closes_on=days(-1))
    assert lifecycle.advance_due_sessions() == 1
    expect_state(staff, session, "closed", ["reopen_registrations", "start_sitting", "finish_sitting"])
    now = timezone.localtime()
    ExamSession.objects.filter(pk=session.pk).update(date=now.date(), start_time=now.time())

    # --- 3. Roll call and opening (online), sitting, paper copy typed in ---------------------
    guard = browse_as(browser, base, ivan)
    guard.goto(f"/examens/centres/{online.pk}/")
    expect(guard.locator("main")).to_contain_text("Alice")
    expect(guard.locator("main")).not_to_contain_text(registrations[alice.pk].anonymity_code)
    guard.locator(f"input[name=present][value='{registrations[alice.pk].pk}']").check()
    with guard.expect_navigation():
        guard.get_by_role("button", name="Enregistrer l'appel").click()
    guard.get_by_role("button", name="Ouvrir l'épreuve pour les présents").click()
    expect(guard.locator("[data-start-code]")).to_be_visible()
    expect_state(staff, session, "sitting", ["finish_sitting"])

    sitter = trainee_page
    sitter.goto(f"/examens/inscriptions/{registrations[alice.pk].pk}/")
    sitter.locator("[data-attempt]").click()
    expect(sitter.locator(".dl-question")).to_have_count(3)
    board = sitter.locator(".chessboard__board svg").first.bounding_box()
    assert board["width"] > 100 and board["height"] > 100, "the diagram is drawn"
    sitter.wait_for_function(
        "() => { const image = document.querySelector('[data-replay-image]');"
        " return image && image.complete && image.naturalWidth > 0; }")
    replay = sitter.locator("[data-replay-image]")
    last = replay.get_attribute("src")
    sitter.locator("[data-replay-step=first]").click()
    expect(replay).not_to_have_attribute("src", last)
    expect(sitter.locator("[data-replay-status]")).to_contain_text("Position de départ")
    assert status_of(sitter, "/rules/") == 403, "closed book: the rulebook is shut"
    for question in sitter.locator(".dl-question").all():
        if question.locator("textarea").count():
            question.locator("textarea").fill("La pièce touchée doit être jouée (art. 4.3) : il la joue.")
        else:
            question.get_by_text("La partie continue").click()
            question.get_by_text("2 minutes à l'adversaire").click()
        expect(question.locator("[data-status]")).to_contain_text("Enregistré")  # saved on its own
    alice_attempt = Registration.objects.get(pk=registrations[alice.pk].pk).attempt_id
    assert Response.objects.filter(attempt_id=alice_attempt).count() == 3
    sitter.locator("[data-flush-link]").first.click()
    sitter.get_by_role("button", name="Remettre ma copie").click()
    expect(sitter.locator("main")).to_contain_text(re.compile("remise", re.IGNORECASE))
    expect_state(staff, session, "sitting", ["finish_sitting"])  # the paper copy is not in yet

    staff.goto(f"/correction/sessions/{session.pk}/")
    for grader in (ivan, *graders):
        staff.locator(f"input[name=graders][value='{grader.pk}']").check()
    staff.fill("#id_discrepancy_threshold", "20")
    staff.fill("#id_borderline_margin", "5")
    with staff.expect_navigation():
        staff.get_by_role("button", name="Enregistrer").click()
    typist = browse_as(browser, base, graders[0])  # not the paper centre's invigilator (Paula)
    typist.goto(f"/correction/sessions/{session.pk}/saisie/?code={registrations[chloe.pk].anonymity_code}")
    expect(typist.locator("[data-entry] .cq__letter").first).to_be_visible()
    for question in typist.locator("[data-entry] .dl-question").all():
        if question.locator("textarea").count():
            question.locator("textarea").fill("Il joue ce qu'il veut.")
        else:
            question.get_by_text("Nulle").click()
            question.get_by_text("Aucune").click()
    typist.get_by_role("button", name="Enregistrer et remettre la copie").click()
    chloe_code = registrations[chloe.pk].anonymity_code
    expect(typist.locator("main")).to_contain_text(f"Copie {chloe_code} saisie et remise")
    expect_state(staff, session, "sat", ["start_grading", "deliberate"])

    # --- 4. Grading: anonymous, double, one discrepancy to a third grader --------------------
    staff.goto(f"/correction/sessions/{session.pk}/")
    with staff.expect_navigation():
        staff.get_by_role("button", name="Répartir les copies entre les correcteurs").click()
    assignments = list(Assignment.objects.filter(session=session).select_related("grader", "response"))
    assert len(assignments) == 4
    assert not [a for a in assignments if a.response.attempt_id == alice_attempt and a.grader == ivan], (
        "the invigilator never grades a copy of the centre he invigilated"
    )
    pages = {}
    for assignment in sorted(assignments, key=lambda a: a.pk):
        page = pages.get(assignment.grader_id) or browse_as(browser, base, assignment.grader)
        pages[assignment.grader_id] = page
        page.goto(f"/correction/copies/{assignment.pk}/")
        expect(page.locator("main h1")).to_contain_text("Copie UVR-")
        expect(page.locator("main")).not_to_contain_text("Alice")
        expect(page.locator("main")).not_to_contain_text("Chloé")
        is_alice = assignment.response.attempt_id == alice_attempt
        first_of_alice = is_alice and not any(
            a.response.attempt_id == alice_attempt and a.pk < assignment.pk for a in assignments
        )
        page.fill("input[name=mark_0]", "1" if first_of_alice else "0")
        page.fill("input[name=mark_1]", "2" if first_of_alice else "0")
        page.get_by_role("button", name="Enregistrer et passer à la suivante").click()
        expect(page).not_to_have_url(re.compile(f"/copies/{assignment.pk}/$"))
    third = Assignment.objects.filter(session=session).exclude(pk__in=[a.pk for a in assignments])
    assert third.count() == 1, "the discrepancy on one copy goes to a third grader"
    third = third.select_related("grader").get()
    assert third.grader not in {a.grader for a in assignments if a.response_id == third.response_id}
    assert third.grader != ivan
    page = pages.get(third.grader_id) or browse_as(browser, base, third.grader)
    page.goto(f"/correction/copies/{third.pk}/")
    page.fill("input[name=mark_0]", "1")
    page.fill("input[name=mark_1]", "2")
    page.get_by_role("button", name="Enregistrer et passer à la suivante").click()
    expect(page).not_to_have_url(re.compile(f"/copies/{third.pk}/$"))
    expect_state(staff, session, "grading", ["deliberate"], ["deliberate"])

    # --- 5. The jury: decide, arrest, lift anonymity, publish --------------------------------
    alice_code = registrations[alice.pk].anonymity_code
    staff.goto(f"/correction/sessions/{session.pk}/jury/")
    expect(staff.locator(f"#copy-{alice_code}")).to_contain_text("anonyme")
    staff.locator(f"#copy-{alice_code} button[type=submit]").click()
    expect(staff.locator(f"#copy-{alice_code} p")).to_contain_text("Note confirmée")
    staff.get_by_role("button", name="Arrêter les résultats").click()
    expect(staff.locator("[data-deliberated]")).to_be_visible()
    staff.get_by_role("button", name="Lever l'anonymat").click()
    expect(staff.locator("[data-anonymity-lifted]")).to_be_visible()
    expect(staff.locator(f"#copy-{alice_code}")).to_contain_text("Alice")
    assert AuditEntry.objects.filter(session=session, action=AuditEntry.Action.ANONYMITY).exists()
    expect_state(staff, session, "deliberated", ["publish"], ["publish"])
    staff.goto(f"/correction/sessions/{session.pk}/jury/")
    staff.locator("input[name=release]").check()
    staff.get_by_role("button", name="Publier les résultats").click()
    expect(staff.locator("[data-published]")).to_contain_text("Résultats publiés le")
    expect_state(staff, session, "published", [])

    # --- 6. Results, records, titles, a certificate -----------------------------------------
    assert UnitPass.objects.filter(candidate=alice, unit="UVR").exists()
    assert not UnitPass.objects.filter(candidate=chloe, unit="UVR").exists()
    sitter.goto(f"/examens/inscriptions/{registrations[alice.pk].pk}/")
    expect(sitter.locator("main")).to_contain_text(re.compile("reçue?|admise?", re.IGNORECASE))
    sitter.goto("/examens/dossier/")
    expect(sitter.locator("[data-unit-state=UVR]")).to_contain_text("valide")
    expect(sitter.locator("[data-title-eligibility]").first).to_be_visible()
    staff.goto(f"/correction/sessions/{session.pk}/jury/")
    staff.get_by_role("button", name="Délivrer les certificats de la session").click()
    expect(staff.locator("[data-batch-state]")).to_have_attribute("data-batch-state", "done")
    certificate = Certificate.objects.get(holder=alice)
    sitter.goto(f"/verify/{certificate.code}/")
    expect(sitter.locator("main")).to_contain_text("UVR")
    expect(sitter.locator("main")).to_contain_text("Alice")
