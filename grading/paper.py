"""Paper mode: the subject and the answer sheets as PDF, and typing a paper copy in.

The printed subject keeps the paper's order of questions and options (no shuffling: every
candidate of a paper centre holds the same sheet); options carry letters A, B, C… which the
candidate writes on the answer sheet. The grader's entry screen shows the same inputs as the
candidate's online page; saving creates the copy in the engine and submits it, so a paper
copy is graded exactly like an online one.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from delivery import presentation
from delivery import services as engine
from delivery.models import PaperItem
from exams.audit import log_action
from exams.models import AuditEntry, Centre, ExamSession, Registration
from questions import ui_services
from questions.templatetags.question_tags import printed_letter
from questions.ui_services import CandidateQuestion


@dataclass(frozen=True)
class PrintedQuestion:
    number: int
    item: PaperItem
    question: CandidateQuestion

    @property
    def lettered_options(self):
        return [(printed_letter(index), option) for index, option in enumerate(self.question.options)]

    @property
    def lettered_decisions(self):
        return [(printed_letter(index), choice) for index, choice in enumerate(self.question.decisions)]

    @property
    def numbered_sanctions(self):
        return list(enumerate(self.question.sanctions, start=1))


def printed_seed(session: ExamSession) -> int:
    """The one attempt seed of a session's printed copies: every paper candidate gets the same
    printed variant of a computed question, and the copy typed in later is graded against it."""
    return int(session.pk.int % (2**62))


def printed_questions(session: ExamSession, *, language: str) -> list[PrintedQuestion]:
    from questions import computed

    items = session.paper.items.select_related("version__question").order_by("position")
    seed = printed_seed(session)
    result = []
    for number, item in enumerate(items, start=1):
        question = ui_services.candidate_view(
            item.version, language=language, prefix=f"q{item.pk}-", uid=f"item-{item.pk}",
            variant_seed=computed.item_seed(seed, item.pk),
        )
        points = item.points.normalize()
        question = _with_points(question, int(points) if points == int(points) else float(points))
        result.append(PrintedQuestion(number=number, item=item, question=question))
    return result


def _with_points(question: CandidateQuestion, points) -> CandidateQuestion:
    import dataclasses

    return dataclasses.replace(question, points=points)


def _write_pdf(html: str) -> bytes:
    from weasyprint import HTML  # imported late: Pango is slow to load and only needed here

    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


def subject_pdf(session: ExamSession, *, large_print: bool = False, language: str = "fr") -> bytes:
    with translation.override(language):
        html = render_to_string(
            "grading/pdf/subject.html",
            {
                "session": session,
                "questions": printed_questions(session, language=language),
                "large_print": large_print,
                "generated_at": timezone.localtime(),
            },
        )
    return _write_pdf(html)


def answer_sheets_pdf(centre: Centre, *, language: str = "fr") -> bytes:
    """One answer sheet per active candidate of the centre, each page carrying their code.

    Each sheet is laid out on its own so that its pages are numbered "page X / Y" within the
    sheet, then the sheets are bound into one PDF for the centre."""
    from weasyprint import HTML

    session = centre.session
    registrations = list(centre.registrations.active().select_related("candidate").order_by("anonymity_code"))
    questions = printed_questions(session, language=language)
    documents = []
    with translation.override(language):
        for registration in registrations or [None]:
            html = render_to_string(
                "grading/pdf/answer_sheets.html",
                {
                    "session": session,
                    "centre": centre,
                    "registrations": [registration] if registration else [],
                    "questions": questions,
                },
            )
            documents.append(HTML(string=html, base_url=str(settings.BASE_DIR)).render())
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf()


class EntryRefused(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


def enter_copy(*, registration: Registration, answers: dict[int, dict], actor) -> Registration:
    """Store a paper copy typed in by a grader, then submit it so that it is graded like online ones."""
    from django.utils.translation import gettext as _

    if registration.centre.is_online:
        raise EntryRefused(_("Ce candidat a composé en ligne : sa copie n'est pas à saisir."))
    with transaction.atomic():
        locked = (
            Registration.objects.select_for_update(of=("self",))
            .select_related("attempt")
            .get(pk=registration.pk)
        )
        attempt = locked.attempt
        if attempt is not None and not attempt.is_open:
            raise EntryRefused(_("Cette copie est déjà saisie et remise."))
        if attempt is None:
            attempt = engine.start_attempt(
                paper=locked.session.paper, candidate=locked.candidate, actor=actor,
                seed=printed_seed(locked.session),
            )
            locked.attempt = attempt
            locked.save(update_fields=["attempt"])
        sequence = engine.server_sequence()
        for item_id, answer in answers.items():
            engine.save_response(attempt=attempt, item_id=item_id, answer=answer, sequence=sequence)
        engine.submit_attempt(attempt=attempt, actor=actor)
        log_action(
            actor=actor,
            action=AuditEntry.Action.PAPER_ENTRY,
            target=locked,
            session=locked.session,
            details={
                "code": locked.anonymity_code,
                "answered": sum(1 for answer in answers.values() if presentation.is_answered(answer)),
            },
        )
    return locked
