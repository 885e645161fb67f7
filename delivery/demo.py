"""The demo's practice paper: five published questions of the bank, open to every trainee."""

from __future__ import annotations

from decimal import Decimal

from django.db import transaction
from django.utils import timezone

from delivery import exposure
from delivery.models import Feedback, Paper, PaperItem, Purpose
from questions.models import Question, Status

DEMO_PAPER_TITLE = "Entraînement de découverte — 5 questions"
DEMO_PAPER_SIZE = 5


def ensure_demo_practice_paper(*, author=None) -> Paper | None:
    """Create the demo practice paper once; None while the bank has too few published questions."""
    existing = Paper.objects.filter(title=DEMO_PAPER_TITLE, purpose=Purpose.PRACTICE).first()
    if existing is not None:
        return existing
    questions = list(
        Question.objects.filter(status=Status.PUBLISHED, current_version__isnull=False)
        .exclude(current_version__type="open")  # corrected at once: no hand grading in the demo
        .exclude(pk__in=exposure.reserved_questions())  # never an exam's question
        .select_related("current_version").order_by("uid")[:DEMO_PAPER_SIZE]
    )
    if len(questions) < DEMO_PAPER_SIZE:
        return None
    with transaction.atomic():
        paper = Paper.objects.create(
            title=DEMO_PAPER_TITLE, purpose=Purpose.PRACTICE, unit="UVR", duration=None,
            feedback=Feedback.IMMEDIATE, shuffle_options=True, created_by=author,
            locked_at=timezone.now(), locked_by=author,
        )
        for position, question in enumerate(questions, start=1):
            version = question.current_version
            PaperItem.objects.create(paper=paper, position=position, version=version,
                                     points=Decimal(version.points))
    return paper


PAIRING_PAPER_TITLE = "Entraînement UVT — apparier une ronde au système suisse"
PAIRING_UIDS = (
    "uvt-appariement-ronde-3",
    "uvt-appariement-forfait-abandon",
    "uvt-appariement-deux-rondes",
    "uvt-appariement-livre-4-3",
)


def ensure_demo_pairing_paper(*, author=None) -> Paper | None:
    """The demo's UVT practice set of pairing questions (issue 20), corrected when handed in:
    each trainee gets tournaments of their own. None while the bank does not have them."""
    existing = Paper.objects.filter(title=PAIRING_PAPER_TITLE, purpose=Purpose.PRACTICE).first()
    if existing is not None:
        return existing
    questions = list(
        Question.objects.filter(uid__in=PAIRING_UIDS, status=Status.PUBLISHED, current_version__isnull=False)
        .exclude(pk__in=exposure.reserved_questions())
        .select_related("current_version")
        .order_by("uid")
    )
    if not questions:
        return None
    with transaction.atomic():
        paper = Paper.objects.create(
            title=PAIRING_PAPER_TITLE,
            purpose=Purpose.PRACTICE,
            unit="UVT",
            duration=None,
            feedback=Feedback.AT_END,
            shuffle_options=False,
            created_by=author,
            locked_at=timezone.now(),
            locked_by=author,
        )
        for position, question in enumerate(questions, start=1):
            version = question.current_version
            PaperItem.objects.create(
                paper=paper, position=position, version=version, points=Decimal(version.points)
            )
    return paper
