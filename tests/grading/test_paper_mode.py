from __future__ import annotations

import datetime
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from exams.models import AuditEntry, Centre, DeliveryMode, ExamSession, Registration
from grading import paper, services
from questions import computed
from tests.conftest import client_for, make_user
from tests.delivery.conftest import make_paper
from tests.questions.computed_samples import computed as computed_content

pytestmark = pytest.mark.django_db


@pytest.fixture
def paper_centre(sat_session, trainer):
    return Centre.objects.create(
        session=sat_session,
        name="Lyon",
        address="Lyon",
        regional_director=trainer,
        capacity=5,
        delivery_mode=DeliveryMode.PAPER,
    )


@pytest.fixture
def paper_candidates(paper_centre, sat_session):
    people = []
    for index, code in enumerate(["UVR-PPPP-4444", "UVR-QQQQ-5555"]):
        candidate = make_user(f"papier{index}@example.org", "trainee", first_name=f"Papier{index}")
        people.append(
            Registration.objects.create(
                session=sat_session,
                centre=paper_centre,
                candidate=candidate,
                anonymity_code=code,
                large_print=index == 1,
            )
        )
    return people


@pytest.fixture
def session_grader(sat_session, grader, second_grader, exam_staff):
    services.configure(
        session=sat_session,
        graders=[grader, second_grader],
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=exam_staff,
    )
    return grader


def pages_text(content: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(content)).pages]


def test_the_subject_numbers_its_pages_and_gives_each_questions_points(sat_session):
    text = "\n".join(pages_text(paper.subject_pdf(sat_session)))
    assert "page 1 / " in text
    assert "Question 2" in text and "3 points" in text


def test_the_large_print_subject_says_so(sat_session):
    normal = paper.subject_pdf(sat_session)
    large = paper.subject_pdf(sat_session, large_print=True)
    assert "gros caractères" in "".join(pages_text(large))
    assert "gros caractères" not in "".join(pages_text(normal))


def test_every_page_of_an_answer_sheet_carries_the_candidates_code(paper_candidates, paper_centre):
    texts = pages_text(paper.answer_sheets_pdf(paper_centre))
    first = [text for text in texts if "UVR-PPPP-4444" in text]
    second = [text for text in texts if "UVR-QQQQ-5555" in text]
    assert len(first) + len(second) == len(texts)
    assert first and second


def test_answer_sheets_never_print_names(paper_candidates, paper_centre):
    assert "Papier0" not in "".join(pages_text(paper.answer_sheets_pdf(paper_centre)))


def test_exam_staff_download_the_subject(sat_session, exam_staff):
    response = client_for(exam_staff).get(reverse("grading:subject_pdf", args=[sat_session.pk]))
    assert response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("role", ["trainee", "grader", "stranger"])
def test_others_cannot_download_the_subject(role, request, sat_session):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("grading:subject_pdf", args=[sat_session.pk])).status_code == 403


def test_the_paper_centres_director_downloads_the_answer_sheets(paper_candidates, paper_centre, trainer):
    response = client_for(trainer).get(reverse("grading:answer_sheets", args=[paper_centre.pk]))
    assert response.status_code == 200


def test_a_trainee_cannot_download_answer_sheets(paper_candidates, paper_centre, trainee):
    response = client_for(trainee).get(reverse("grading:answer_sheets", args=[paper_centre.pk]))
    assert response.status_code == 403


def test_an_online_centre_has_no_answer_sheets(centre, exam_staff):
    assert client_for(exam_staff).get(reverse("grading:answer_sheets", args=[centre.pk])).status_code == 404


def test_the_pdfs_refuse_post(sat_session, exam_staff):
    assert (
        client_for(exam_staff).post(reverse("grading:subject_pdf", args=[sat_session.pk])).status_code == 405
    )


def entry_post(client, session, registration, choice="a", text="La pièce touchée doit être jouée."):
    data = {"code": registration.anonymity_code}
    for item in session.paper.items.select_related("version"):
        key = f"q{item.pk}-answer"
        data[key] = choice if item.version.type == "single" else text
    return client.post(reverse("grading:entry", args=[session.pk]), data)


def test_a_session_grader_types_a_paper_copy_in_and_the_engine_grades_it(
    sat_session, paper_candidates, session_grader
):
    response = entry_post(client_for(session_grader), sat_session, paper_candidates[0])
    registration = Registration.objects.get(pk=paper_candidates[0].pk)
    assert response.status_code == 302
    assert registration.attempt.status == "submitted"
    assert registration.attempt.responses.get(item__position=1).points == Decimal(1)


def test_a_paper_entry_is_audit_logged(sat_session, paper_candidates, session_grader):
    entry_post(client_for(session_grader), sat_session, paper_candidates[0])
    assert AuditEntry.objects.filter(action=AuditEntry.Action.PAPER_ENTRY, actor=session_grader).exists()


def test_a_copy_cannot_be_entered_twice(sat_session, paper_candidates, session_grader):
    client = client_for(session_grader)
    entry_post(client, sat_session, paper_candidates[0])
    assert entry_post(client, sat_session, paper_candidates[0], choice="b").status_code == 422


def test_an_unknown_code_gets_a_clear_message(sat_session, paper_candidates, session_grader):
    response = client_for(session_grader).get(
        reverse("grading:entry", args=[sat_session.pk]), {"code": "UVR-XXXX"}
    )
    assert "Aucun candidat" in response.content.decode()


def test_an_option_that_does_not_exist_is_refused(sat_session, paper_candidates, session_grader):
    assert (
        entry_post(client_for(session_grader), sat_session, paper_candidates[0], choice="z").status_code
        == 422
    )


def test_the_entry_screen_never_shows_the_name(sat_session, paper_candidates, session_grader):
    response = client_for(session_grader).get(
        reverse("grading:entry", args=[sat_session.pk]), {"code": "UVR-PPPP-4444"}
    )
    assert "Papier0" not in response.content.decode()


def test_a_grader_who_is_not_on_the_session_cannot_enter_copies(
    sat_session, paper_candidates, third_grader, session_grader
):
    assert client_for(third_grader).get(reverse("grading:entry", args=[sat_session.pk])).status_code == 403


@pytest.mark.parametrize("role", ["trainee", "trainer"])
def test_non_graders_cannot_enter_copies(role, request, sat_session):
    user = request.getfixturevalue(role)
    assert client_for(user).get(reverse("grading:entry", args=[sat_session.pk])).status_code == 403


def test_the_entry_screen_refuses_delete(sat_session, exam_staff):
    assert client_for(exam_staff).delete(reverse("grading:entry", args=[sat_session.pk])).status_code == 405


def test_a_diagram_is_drawn_in_the_subject(trainer, reviewer, sat_session):
    from delivery.models import PaperItem
    from tests.delivery.conftest import publish
    from tests.questions import core_samples

    version = publish(core_samples.threefold_claim(), "g-diagram", trainer, reviewer)
    PaperItem.objects.create(paper=sat_session.paper, position=3, version=version, points=Decimal(2))
    pdf = PdfReader(io.BytesIO(paper.subject_pdf(sat_session)))
    text = "\n".join(page.extract_text() for page in pdf.pages)
    assert "Coups joués" in text
    drawn = sum(page.get_contents().get_data().count(b" re") for page in pdf.pages)
    assert drawn >= 64  # the board's 64 squares



def test_a_typed_in_copy_is_graded_against_the_printed_variant_of_a_computed_question(
    trainer, reviewer, exam_staff, grader, second_grader
):
    exam = make_paper(trainer, reviewer, [("c-buchholz", computed_content("swiss-buchholz"))], title="UVT")
    session = ExamSession.objects.create(
        unit="UVT", date=timezone.localdate(), start_time=datetime.time(9), duration=exam.duration,
        registration_closes_on=timezone.localdate(), status="sat", paper=exam, created_by=exam_staff,
    )
    centre = Centre.objects.create(session=session, name="Nantes", address="x", regional_director=trainer,
                                   capacity=3, delivery_mode=DeliveryMode.PAPER)
    registration = Registration.objects.create(
        session=session, centre=centre, candidate=make_user("papier@example.org", "trainee"),
        anonymity_code="UVT-CCCC-7777",
    )
    services.configure(session=session, graders=[grader, second_grader], discrepancy_threshold=Decimal(20),
                       borderline_margin=Decimal(5), actor=exam_staff)
    item = exam.items.get()
    printed = computed.generate(item.version.body, computed.item_seed(paper.copy_seed(registration), item.pk))
    value = format(printed.answer.value.normalize(), "f")
    response = client_for(grader).post(reverse("grading:entry", args=[session.pk]),
                                       {"code": registration.anonymity_code, f"q{item.pk}-answer": value})
    assert response.status_code == 302
    registration.refresh_from_db()
    assert registration.attempt.responses.get().points == Decimal(2)


@pytest.fixture
def claim_on_the_paper(trainer, reviewer, sat_session):
    from delivery.models import PaperItem
    from tests.delivery.conftest import publish
    from tests.questions import core_samples

    version = publish(core_samples.threefold_claim(), "g-claim", trainer, reviewer)
    return PaperItem.objects.create(paper=sat_session.paper, position=3, version=version, points=Decimal(2))


def test_a_french_subject_writes_the_moves_with_french_letters(claim_on_the_paper, sat_session):
    text = "".join(pages_text(paper.subject_pdf(sat_session, language="fr")))
    assert "Cf3 Cf6" in text and "Coup annoncé : Cf3" in text
    assert "Nf3" not in text


def test_an_english_subject_keeps_the_english_letters(claim_on_the_paper, sat_session):
    text = "".join(pages_text(paper.subject_pdf(sat_session, language="en")))
    assert "Nf3 Nf6" in text


def test_the_subject_states_the_claim_the_candidate_must_rule_on(claim_on_the_paper, sat_session):
    text = "".join(pages_text(paper.subject_pdf(sat_session, language="fr")))
    assert "réclame la nulle par triple répétition" in text


def test_the_entry_screen_letters_the_options_as_the_printed_subject_does(
    sat_session, paper_candidates, session_grader
):
    subject = " ".join(" ".join(pages_text(paper.subject_pdf(sat_session))).split())
    response = client_for(session_grader).get(
        reverse("grading:entry", args=[sat_session.pk]), {"code": "UVR-PPPP-4444"}
    )
    assert "B Jouer ce qu'il veut" in subject
    assert '<span class="cq__letter">B</span> Jouer ce qu&#x27;il veut' in response.content.decode()


def test_the_entry_screen_numbers_the_sanctions_as_the_printed_subject_does(
    claim_on_the_paper, sat_session, paper_candidates, session_grader
):
    response = client_for(session_grader).get(
        reverse("grading:entry", args=[sat_session.pk]), {"code": "UVR-PPPP-4444"}
    )
    assert '<span class="cq__letter">2</span> 2 minutes à l&#x27;adversaire' in response.content.decode()


def test_it_tells_a_grader_who_invigilated_the_copy_s_centre_why_they_cannot_type_it_in(
    sat_session, paper_candidates, paper_centre, session_grader
):
    paper_centre.invigilators.add(session_grader)
    response = client_for(session_grader).get(
        reverse("grading:entry", args=[sat_session.pk]), {"code": "UVR-PPPP-4444"}
    )
    page = response.content.decode()
    assert response.status_code == 403 and "surveillé le centre de cette copie" in page


@pytest.mark.parametrize("status", ["deliberated", "published"])
def test_it_refuses_a_copy_typed_in_after_the_jury_arrested_the_results(
    status, sat_session, paper_candidates, session_grader
):
    ExamSession.objects.filter(pk=sat_session.pk).update(status=status)
    sat_session.refresh_from_db()
    response = entry_post(client_for(session_grader), sat_session, paper_candidates[0])
    assert response.status_code == 422 and "ne peut plus être saisie" in response.content.decode()
    assert Registration.objects.get(pk=paper_candidates[0].pk).attempt_id is None


def test_it_refuses_a_copy_typed_in_under_the_code_of_a_candidate_marked_absent(
    sat_session, paper_candidates, session_grader
):
    Registration.objects.filter(pk=paper_candidates[0].pk).update(present=False)
    response = entry_post(client_for(session_grader), sat_session, paper_candidates[0])
    assert response.status_code == 422 and "absent" in response.content.decode()
    assert Registration.objects.get(pk=paper_candidates[0].pk).attempt_id is None
