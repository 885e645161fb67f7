"""Pairing questions on paper: the subject prints the pairing cards, the answer sheet an empty
pairing sheet, and the grader types the boards in as text; the same grading applies."""

from __future__ import annotations

import datetime
import io
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import timezone
from pypdf import PdfReader

from exams.models import Centre, DeliveryMode, ExamSession, Registration
from grading import paper, services
from questions import computed, pairing
from questions.pairing.board import format_pairing_text
from tests.conftest import client_for, make_user
from tests.delivery.conftest import make_paper
from tests.questions.pairing_samples import pairing as pairing_content

pytestmark = pytest.mark.django_db


def paper_session(exam, *, trainer, exam_staff, graders, centre: str, code: str, email: str) -> ExamSession:
    """A sat UVT session of ``exam`` with one paper centre and one registered candidate."""
    session = ExamSession.objects.create(
        unit="UVT",
        date=timezone.localdate(),
        start_time=datetime.time(9),
        duration=exam.duration,
        registration_closes_on=timezone.localdate(),
        status="sat",
        paper=exam,
        created_by=exam_staff,
    )
    paper_centre = Centre.objects.create(
        session=session,
        name=centre,
        address="x",
        regional_director=trainer,
        capacity=3,
        delivery_mode=DeliveryMode.PAPER,
    )
    Registration.objects.create(
        session=session, centre=paper_centre, anonymity_code=code, candidate=make_user(email, "trainee")
    )
    services.configure(
        session=session,
        graders=graders,
        discrepancy_threshold=Decimal(20),
        borderline_margin=Decimal(5),
        actor=exam_staff,
    )
    return session


@pytest.fixture
def pairing_session(trainer, reviewer, exam_staff, grader, second_grader):
    exam = make_paper(trainer, reviewer, [("p-paper", pairing_content())], title="UVT")
    return paper_session(
        exam,
        trainer=trainer,
        exam_staff=exam_staff,
        graders=[grader, second_grader],
        centre="Nantes",
        code="UVT-PPPP-7777",
        email="papier@example.org",
    )


def printed_engine(session):
    item = session.paper.items.get()
    seed = computed.item_seed(paper.printed_seed(session), item.pk)
    situation = pairing.situation_for(item.version.body, seed)
    return item, situation, pairing.engine_round(item.version.body, seed, situation.round)


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_subject_prints_the_pairing_cards_but_not_the_pairing(pairing_session):
    _item, situation, _engine = printed_engine(pairing_session)
    text = text_of(paper.subject_pdf(pairing_session))
    assert situation.tournament.players[0].name.split(",")[0] in text and "Fiches d'appariement" in text
    assert "Comment on y arrive" not in text


def test_the_answer_sheet_has_an_empty_pairing_sheet(pairing_session):
    text = text_of(paper.answer_sheets_pdf(pairing_session.centres.get()))
    assert "Feuille d'appariement" in text and "Blancs (n°)" in text


def test_a_grader_types_the_boards_in_as_text_and_the_engines_pairing_gets_full_marks(
    pairing_session, grader
):
    item, _situation, engine = printed_engine(pairing_session)
    typed = format_pairing_text({"pairs": [list(p) for p in engine.pairs], "byes": list(engine.byes)})
    response = client_for(grader).post(
        reverse("grading:entry", args=[pairing_session.pk]),
        {"code": "UVT-PPPP-7777", f"q{item.pk}-answer__text": typed},
    )
    registration = Registration.objects.get(anonymity_code="UVT-PPPP-7777")
    assert response.status_code == 302
    assert registration.attempt.responses.get().points == item.points


def test_a_question_of_two_rounds_is_graded_on_its_first_round_on_paper(
    trainer, reviewer, exam_staff, grader
):
    from tests.questions.pairing_samples import livre

    exam = make_paper(trainer, reviewer, [("p-two", livre(2, rounds_to_pair=2))], title="UVT")
    session = paper_session(
        exam,
        trainer=trainer,
        exam_staff=exam_staff,
        graders=[grader],
        centre="Brest",
        code="UVT-TTTT-8888",
        email="deux@example.org",
    )
    item, _situation, engine = printed_engine(session)
    typed = format_pairing_text({"pairs": [list(p) for p in engine.pairs], "byes": list(engine.byes)})
    client_for(grader).post(
        reverse("grading:entry", args=[session.pk]),
        {"code": "UVT-TTTT-8888", f"q{item.pk}-answer__text": typed},
    )
    assert (
        Registration.objects.get(anonymity_code="UVT-TTTT-8888").attempt.responses.get().points == item.points
    )


def test_a_grader_typing_a_player_the_tournament_does_not_have_is_told_and_nothing_is_entered(
    pairing_session, grader
):
    item, _situation, engine = printed_engine(pairing_session)
    (white, _black), *rest = engine.pairs
    typed = format_pairing_text({"pairs": [[white, 99], *map(list, rest)], "byes": list(engine.byes)})
    response = client_for(grader).post(
        reverse("grading:entry", args=[pairing_session.pk]),
        {"code": "UVT-PPPP-7777", f"q{item.pk}-answer__text": typed},
    )
    registration = Registration.objects.get(anonymity_code="UVT-PPPP-7777")
    assert response.status_code == 422 and "Le joueur 99 n&#x27;existe pas" in response.content.decode()
    assert registration.attempt_id is None or not registration.attempt.responses.exists()
