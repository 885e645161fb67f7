"""Paper mode: the subject and the answer sheets as PDF, and typing a paper copy in.

The printed subject keeps the paper's order of questions and options (no shuffling); options
carry letters A, B, C… which the candidate writes on the answer sheet. A question drawn per
candidate (a computed question's values, a pairing question's tournament) is drawn per printed
copy: each copy has its own seed, tied to its anonymity code (never to the candidate), so
neighbours in a paper centre never share a variant. The subject is then printed once per copy,
each page carrying the copy's code. The grader's entry screen shows the same inputs as the
candidate's online page, for that copy's variant; saving creates the copy in the engine with
that seed and submits it, so a paper copy is graded exactly like an online one.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django.conf import settings
from django.db import transaction
from django.template.loader import render_to_string
from django.utils import timezone, translation

from delivery import presentation
from delivery import services as engine
from delivery.models import PaperItem
from exams.audit import log_action
from exams.models import AuditEntry, Centre, ExamSession, Registration, SessionStatus
from questions import ui_services
from questions.models import QuestionType
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


# Question types whose printed text depends on the copy's seed.
DRAWN_PER_COPY = (QuestionType.COMPUTED, QuestionType.PAIRING)


def copy_seed(registration: Registration) -> int:
    """The attempt seed of one printed copy, from the session and the copy's anonymity code.

    A plain digest, not keyed by the site's secret: the copies are printed days before they
    are typed in, and a rotated secret must not change the variant a candidate already holds.
    Knowing the seed teaches a candidate nothing the printed copy does not show (the key is
    the engine's work on the printed data, done on the server only)."""
    text = f"paper-copy:{registration.session_id}:{registration.anonymity_code}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") % (2**62)


def printed_seed(registration: Registration) -> int:
    """The seed the copy was printed with: its attempt's once typed in (copies entered before
    seeds were drawn per copy keep theirs), else the copy's own."""
    attempt = registration.attempt if registration.attempt_id else None
    return attempt.seed if attempt is not None else copy_seed(registration)


def varies_per_copy(session: ExamSession) -> bool:
    return session.paper.items.filter(version__type__in=DRAWN_PER_COPY).exists()


def printed_questions(
    session: ExamSession, *, language: str, registration: Registration | None = None
) -> list[PrintedQuestion]:
    """The questions as printed on ``registration``'s copy. Without a copy, a question drawn
    per copy cannot be shown (there is no shared variant): it is printed from the paper's
    sample seed, which is only used where no copy is at stake (the entry screen before a code
    is typed)."""
    from questions import computed

    items = session.paper.items.select_related("version__question").order_by("position")
    seed = printed_seed(registration) if registration is not None else None
    result = []
    for number, item in enumerate(items, start=1):
        question = ui_services.candidate_view(
            item.version, language=language, prefix=f"q{item.pk}-", uid=f"item-{item.pk}",
            variant_seed=computed.item_seed(seed, item.pk) if seed is not None else None,
        )
        points = item.points.normalize()
        question = _with_points(question, int(points) if points == int(points) else float(points))
        result.append(PrintedQuestion(number=number, item=item, question=question))
    return result


def printable_copies(session: ExamSession, user) -> list[Registration]:
    """The paper copies ``user`` prints: those of the paper centres whose codes may be printed
    for them (``exams.anonymity.may_print_codes``: the mapping keepers every centre's, a centre's
    director or invigilator theirs, a grader none they may grade)."""
    from exams import anonymity

    centres = [centre for centre in session.centres.filter(delivery_mode="paper")
               if anonymity.may_print_codes(user, centre)]
    registrations = session.registrations.active().filter(centre__in=centres)
    return list(registrations.select_related("centre", "attempt").order_by("centre__name", "anonymity_code"))


def _with_points(question: CandidateQuestion, points) -> CandidateQuestion:
    import dataclasses

    return dataclasses.replace(question, points=points)


def _write_pdf(html: str) -> bytes:
    from weasyprint import HTML  # imported late: Pango is slow to load and only needed here

    return HTML(string=html, base_url=str(settings.BASE_DIR)).write_pdf()


def subject_pdf(
    session: ExamSession,
    *,
    large_print: bool = False,
    language: str = "fr",
    copies: list[Registration] | None = None,
) -> bytes:
    """The subject. When a question is drawn per copy, one subject per copy in ``copies``
    (each starting on a new page, every page carrying the copy's code, large print where the
    copy asks for it), bound into one PDF; otherwise the one subject every copy shares."""
    from weasyprint import HTML

    if not varies_per_copy(session):
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
    documents = []
    with translation.override(language):
        for registration in copies or [None]:
            html = render_to_string(
                "grading/pdf/subject.html",
                {
                    "session": session,
                    "copy": registration,
                    "questions": printed_questions(session, language=language, registration=registration)
                    if registration
                    else [],
                    "large_print": large_print or bool(registration and registration.large_print),
                    "generated_at": timezone.localtime(),
                },
            )
            documents.append(HTML(string=html, base_url=str(settings.BASE_DIR)).render())
    pages = [page for document in documents for page in document.pages]
    return documents[0].copy(pages).write_pdf()


def answer_sheets_pdf(centre: Centre, *, language: str = "fr") -> bytes:
    """One answer sheet per active candidate of the centre, each page carrying their code.

    Each sheet is laid out on its own so that its pages are numbered "page X / Y" within the
    sheet, then the sheets are bound into one PDF for the centre. A pairing question's sheet
    has as many boards as that copy's tournament needs."""
    from weasyprint import HTML

    session = centre.session
    registrations = list(
        centre.registrations.active().select_related("candidate", "attempt").order_by("anonymity_code")
    )
    documents = []
    with translation.override(language):
        for registration in registrations or [None]:
            html = render_to_string(
                "grading/pdf/answer_sheets.html",
                {
                    "session": session,
                    "centre": centre,
                    "registrations": [registration] if registration else [],
                    "questions": printed_questions(session, language=language, registration=registration),
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
        # As for correcting a copy typed in (paper_correction): once the jury has arrested the
        # results, a copy typed in now would change results it has arrested, or published.
        status = ExamSession.objects.filter(pk=locked.session_id).values_list("status", flat=True).get()
        if status in (SessionStatus.DELIBERATED, SessionStatus.PUBLISHED):
            raise EntryRefused(_("Le jury a arrêté les résultats : une copie ne peut plus être saisie."))
        if locked.present is False:
            # No copy to type: most likely a mistyped code landing on an absent candidate.
            raise EntryRefused(_(
                "Le candidat de la copie %(code)s a été noté absent à l'appel : vérifiez le code de la "
                "copie, ou faites corriger l'appel par le centre s'il a bien composé."
            ) % {"code": locked.anonymity_code})
        attempt = locked.attempt
        if attempt is not None and not attempt.is_open:
            raise EntryRefused(_("Cette copie est déjà saisie et remise."))
        if attempt is None:
            attempt = engine.start_attempt(
                paper=locked.session.paper, candidate=locked.candidate, actor=actor,
                seed=copy_seed(locked),
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
