"""Pairing questions on paper: the subject prints the pairing cards, the answer sheet an empty
pairing sheet, and the grader types the boards in as text; the same grading applies."""

from __future__ import annotations

import datetime
import io
import uuid
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
    """A sat UVT session of ``exam`` with one paper centre and one registered candidate. Its id
    is fixed by ``code``, so the copies' tournaments (drawn from the session and the codes) are
    the same at every run."""
    session = ExamSession.objects.create(
        id=uuid.uuid5(uuid.NAMESPACE_URL, f"arbitre-test-session:{code}"),
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


def printed_engine(session, code: str | None = None):
    item = session.paper.items.get()
    registration = session.registrations.get(anonymity_code=code) if code else session.registrations.first()
    seed = computed.item_seed(paper.printed_seed(registration), item.pk)
    situation = pairing.situation_for(item.version.body, seed)
    return item, situation, pairing.engine_round(item.version.body, seed, situation.round)


def text_of(content: bytes) -> str:
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def test_the_subject_prints_the_pairing_cards_but_not_the_pairing(pairing_session):
    _item, situation, _engine = printed_engine(pairing_session)
    text = text_of(paper.subject_pdf(pairing_session, copies=list(pairing_session.registrations.all())))
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


# One tournament per printed copy


@pytest.fixture
def neighbour(pairing_session):
    """A second candidate of the same paper centre, sitting beside the first."""
    return Registration.objects.create(
        session=pairing_session,
        centre=pairing_session.centres.get(),
        anonymity_code="UVT-QQQQ-8888",
        candidate=make_user("voisin@example.org", "trainee", first_name="Zébulon", last_name="Voisin"),
    )


def players_of(situation) -> list[str]:
    return [player.name for player in situation.tournament.players]


def test_neighbours_in_a_paper_centre_get_different_tournaments(pairing_session, neighbour):
    _item, first, _engine = printed_engine(pairing_session, "UVT-PPPP-7777")
    _item, second, _engine = printed_engine(pairing_session, "UVT-QQQQ-8888")
    assert players_of(first) != players_of(second)


def test_a_copys_seed_comes_from_its_code_and_never_from_the_candidate(pairing_session, neighbour):
    seed = paper.copy_seed(neighbour)
    neighbour.candidate = make_user("autre@example.org", "trainee")
    neighbour.save()
    assert paper.copy_seed(Registration.objects.get(pk=neighbour.pk)) == seed


def test_the_subject_prints_each_copy_with_its_code_and_its_own_tournament(
    pairing_session, neighbour, exam_staff
):
    response = client_for(exam_staff).get(reverse("grading:subject_pdf", args=[pairing_session.pk]))
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(response.content)).pages]
    for code in ("UVT-PPPP-7777", "UVT-QQQQ-8888"):
        _item, situation, _engine = printed_engine(pairing_session, code)
        copy_pages = "\n".join(page for page in pages if code in page)
        assert situation.tournament.players[0].name.split(",")[0] in copy_pages


def test_without_a_paper_copy_a_subject_drawn_per_copy_prints_no_variant(pairing_session):
    text = text_of(paper.subject_pdf(pairing_session, copies=[]))
    assert "Aucune copie papier inscrite" in text and "Fiches d'appariement" not in text


def test_every_page_of_the_printed_subject_carries_its_copys_code(pairing_session, neighbour):
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(paper.subject_pdf(
        pairing_session, copies=paper.printable_copies(pairing_session, pairing_session.created_by)
    ))).pages]
    assert all(("Code UVT-PPPP-7777" in page) != ("Code UVT-QQQQ-8888" in page) for page in pages)


def test_the_printed_subject_never_names_the_candidate(pairing_session, neighbour, exam_staff):
    content = client_for(exam_staff).get(reverse("grading:subject_pdf", args=[pairing_session.pk])).content
    assert "Voisin" not in text_of(content) and "voisin@example.org" not in text_of(content)


def test_the_printed_subject_never_prints_the_key(pairing_session, neighbour):
    text = text_of(paper.subject_pdf(pairing_session, copies=list(pairing_session.registrations.all())))
    assert "Comment on y arrive" not in text and "Appariement correct" not in text


def test_a_centres_director_prints_only_the_copies_of_their_centre(pairing_session, neighbour, trainer):
    other = Centre.objects.create(
        session=pairing_session, name="Brest", address="x", capacity=3, delivery_mode=DeliveryMode.PAPER,
        regional_director=make_user("d@example.org", "trainer"),
    )
    Registration.objects.create(
        session=pairing_session, centre=other, anonymity_code="UVT-RRRR-9999",
        candidate=make_user("brest@example.org", "trainee"),
    )
    codes = [copy.anonymity_code for copy in paper.printable_copies(pairing_session, trainer)]
    assert codes == ["UVT-PPPP-7777", "UVT-QQQQ-8888"]


def test_each_answer_sheet_has_as_many_boards_as_its_copys_tournament(pairing_session, neighbour):
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(
        paper.answer_sheets_pdf(pairing_session.centres.get())
    )).pages]
    assert any("UVT-QQQQ-8888" in page and "Feuille d'appariement" in page for page in pages)


def test_a_neighbours_boards_typed_on_a_copy_are_graded_against_that_copys_tournament(
    pairing_session, neighbour, grader
):
    item, _situation, _first = printed_engine(pairing_session, "UVT-PPPP-7777")
    _item, _situation, second_engine = printed_engine(pairing_session, "UVT-QQQQ-8888")
    typed = format_pairing_text(
        {"pairs": [list(p) for p in second_engine.pairs], "byes": list(second_engine.byes)}
    )
    client_for(grader).post(
        reverse("grading:entry", args=[pairing_session.pk]),
        {"code": "UVT-QQQQ-8888", f"q{item.pk}-answer__text": typed},
    )
    neighbour.refresh_from_db()
    assert neighbour.attempt.seed == paper.copy_seed(neighbour)
    assert neighbour.attempt.responses.get().points == item.points


def test_the_neighbours_pairing_typed_on_a_copy_is_read_against_that_copys_tournament(
    pairing_session, neighbour, grader
):
    item, _situation, first_engine = printed_engine(pairing_session, "UVT-PPPP-7777")
    typed = format_pairing_text(
        {"pairs": [list(p) for p in first_engine.pairs], "byes": list(first_engine.byes)}
    )
    response = client_for(grader).post(
        reverse("grading:entry", args=[pairing_session.pk]),
        {"code": "UVT-QQQQ-8888", f"q{item.pk}-answer__text": typed},
    )
    neighbour.refresh_from_db()
    # Recorded as written (a player the neighbour's round has absent included), and graded
    # against the neighbour's own tournament: not its engine's pairing.
    assert response.status_code == 302 and neighbour.attempt.seed == paper.copy_seed(neighbour)
    assert neighbour.attempt.responses.get().points < item.points


def test_a_copy_typed_in_keeps_the_seed_it_was_graded_with(pairing_session, neighbour):
    from delivery import services as engine

    attempt = engine.start_attempt(paper=pairing_session.paper, candidate=neighbour.candidate, seed=12345)
    neighbour.attempt = attempt
    neighbour.save(update_fields=["attempt"])
    assert paper.printed_seed(neighbour) == 12345


def test_it_offers_no_round_hand_in_on_the_entry_screen_of_a_two_round_question(
    trainer, reviewer, exam_staff, grader
):
    from tests.questions.pairing_samples import livre

    exam = make_paper(trainer, reviewer, [("p-two", livre(2, rounds_to_pair=2))], title="UVT")
    session = paper_session(exam, trainer=trainer, exam_staff=exam_staff, graders=[grader], centre="Brest",
                            code="UVT-TTTT-8888", email="deux@example.org")
    page = client_for(grader).get(reverse("grading:entry", args=[session.pk]), {"code": "UVT-TTTT-8888"})
    assert "Rendre la ronde" not in page.content.decode()


def test_it_grades_the_typed_boards_even_when_a_round_hand_in_is_posted_with_a_paper_copy(
    trainer, reviewer, exam_staff, grader
):
    from tests.questions.pairing_samples import livre

    exam = make_paper(trainer, reviewer, [("p-two", livre(2, rounds_to_pair=2))], title="UVT")
    session = paper_session(exam, trainer=trainer, exam_staff=exam_staff, graders=[grader], centre="Brest",
                            code="UVT-TTTT-8888", email="deux@example.org")
    item, situation, engine = printed_engine(session)
    typed = format_pairing_text({"pairs": [list(p) for p in engine.pairs], "byes": list(engine.byes)})
    client_for(grader).post(
        reverse("grading:entry", args=[session.pk]),
        {"code": "UVT-TTTT-8888", f"q{item.pk}-answer__text": typed,
         f"q{item.pk}-hand_in": str(situation.round)},
    )
    response = Registration.objects.get(anonymity_code="UVT-TTTT-8888").attempt.responses.get()
    assert "handed" not in response.answer and response.points == item.points
