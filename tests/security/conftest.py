"""One dataset for the permission matrix and the object-level checks: an exam session sat by
the trainee and another candidate, copies distributed to graders, a rulebook, a practice paper,
a pending rulebook upload, a convocation batch. Every URL parameter is filled from it."""

from __future__ import annotations

import datetime
import json
from pathlib import Path
from types import SimpleNamespace

import pytest
from django.contrib.auth.tokens import default_token_generator
from django.test import RequestFactory
from django.utils import timezone
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from delivery import services as engine
from delivery.models import Feedback, Purpose
from exams.models import ConvocationBatch
from grading.models import Assignment
from managed_tournaments import services as managed_services
from managed_tournaments.imports import import_trf, read_trf
from managed_tournaments.models import ByeKind
from papers.models import Blueprint
from rules.models import Article, Chapter, EditionUpload
from rules.views import edition_export
from tests.delivery.conftest import make_paper
from tests.grading.conftest import (  # noqa: F401 (fixtures)
    centre,
    copies,
    distributed,
    exam_paper,
    other_candidate,
    reviewer,
    sat_session,
    second_grader,
    third_grader,
)
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, with_image
from tests.rules.conftest import rulebook  # noqa: F401 (fixture)

LIVRE_TRF = Path(__file__).parent.parent / "tournaments" / "data" / "livre_4_3.trf"


@pytest.fixture
def course_and_cohort(tmp_path, trainer, reviewer, trainee):  # noqa: F811
    """The tiny SC course of tests/courses, a cohort led by the trainer with the trainee in it."""
    from courses.folder import read_course, read_folder
    from courses.models import Cohort, Course
    from courses.services import enrol, sync_course
    from tests.courses.conftest import publish_practice_questions, write_course

    publish_practice_questions(trainer, reviewer)
    sync_course(data=read_course(read_folder(write_course(tmp_path / "courses")), folder="SC"))
    course = Course.objects.get(code="SC")
    today = timezone.localdate()
    cohort = Cohort.objects.create(course=course, name="Stage SC Lyon", place="Lyon", starts_on=today,
                                   ends_on=today + datetime.timedelta(days=10))
    cohort.trainers.add(trainer)
    enrol(course=course, trainee=trainee, cohort=cohort)
    return SimpleNamespace(course=course, lesson=course.lessons.get(slug="toucher-jouer"),
                           module=course.modules.order_by("order").first(), cohort=cohort)


@pytest.fixture
def certificate_and_batch(tmp_path, settings, trainee, exam_staff, sat_session):  # noqa: F811
    """A certificate of the trainee's UVR pass (signed with a key of the test's own) and a batch."""
    from certificates import services as certificates
    from certificates import signing
    from certificates.models import CertificateBatch
    from exams.models import UnitPass

    settings.CERTIFICATE_SIGNING_KEY_FILE = tmp_path / "certificate_signing_key"
    settings.CERTIFICATE_RENDER_PROCESSES = 1
    signing._private_key_from.cache_clear()
    unit_pass = UnitPass.objects.create(candidate=trainee, unit="UVR", session=sat_session,
                                        passed_on=sat_session.date,
                                        expires_on=sat_session.date + datetime.timedelta(days=730))
    certificate = certificates.issue(source=unit_pass, actor=exam_staff, language="fr")
    batch = CertificateBatch.objects.create(scope=CertificateBatch.Scope.SESSION, session=sat_session,
                                            started_by=exam_staff)
    yield SimpleNamespace(certificate=certificate, batch=batch)
    signing._private_key_from.cache_clear()


@pytest.fixture
def dataset(
    course_and_cohort,
    certificate_and_batch,
    rulebook,  # noqa: F811
    distributed,  # noqa: F811
    sat_session,  # noqa: F811
    centre,  # noqa: F811
    exam_paper,  # noqa: F811
    trainee,
    trainer,
    reviewer,  # noqa: F811
    grader,
    exam_staff,
    other_candidate,  # noqa: F811
):
    own, others = distributed  # the trainee's registration, the other candidate's
    article = Article.objects.select_related("edition").order_by("pk").first()
    practice = make_paper(
        trainer,
        reviewer,
        # Its question shows an image: the trainee's practice gets it (questions:image).
        [("m-single", with_image(core_samples.single(), data=png_bytes()))],
        title="Entraînement",
        purpose=Purpose.PRACTICE,
        feedback=Feedback.IMMEDIATE,
        duration=None,
        locked_at=timezone.now(),
    )
    practice_attempt = engine.start_attempt(paper=practice, candidate=trainee)
    others_practice_attempt = engine.start_attempt(paper=practice, candidate=other_candidate)
    # Papers are locked before anyone sits them (the grading fixtures skip that step).
    exam_paper.locked_at = timezone.now()
    exam_paper.save(update_fields=["locked_at"])
    blueprint = Blueprint.objects.create(
        name="UVR standard", unit="UVR", duration_minutes=120, created_by=exam_staff
    )
    # A pending upload of an edition as its own export gives it (the format staff upload).
    exported = edition_export(RequestFactory().get("/"), article.edition.slug)
    upload = EditionUpload.objects.create(
        uploaded_by=exam_staff, filename="edition.json", payload=json.loads(exported.content)
    )
    batch = ConvocationBatch.objects.create(session=sat_session, started_by=exam_staff)
    assignment = Assignment.objects.filter(grader=grader).order_by("pk").first()
    others_assignment = Assignment.objects.exclude(grader=grader).order_by("pk").first()
    # The trainee's own managed tournament: the Livre's 4.3 after two rounds, a bye requested
    # for round 4 (another role must never reach it: 404).
    managed = import_trf(owner=trainee, trf=read_trf(LIVRE_TRF.read_bytes()).up_to(2))
    managed_bye = managed_services.request_bye(
        player=managed.players.get(number=1), round_number=4, kind=ByeKind.HALF
    )
    return SimpleNamespace(
        managed=managed,
        managed_bye=managed_bye,
        article=article,
        chapter=Chapter.objects.order_by("pk").first(),
        question=exam_paper.items.first().version.question,
        exam_paper=exam_paper,
        blueprint=blueprint,
        item=exam_paper.items.order_by("pk").first(),
        practice=practice,
        practice_attempt=practice_attempt,
        image_version=practice.items.get().version,
        image_sha256=practice.items.get().version.media[0]["sha256"],
        others_practice_attempt=others_practice_attempt,
        session=sat_session,
        centre=centre,
        registration=own,
        others_registration=others,
        exam_attempt=own.attempt,
        others_exam_attempt=others.attempt,
        assignment=assignment,
        others_assignment=others_assignment,
        upload=upload,
        batch=batch,
        trainee=trainee,
        other_candidate=other_candidate,
        reset_uid=urlsafe_base64_encode(force_bytes(trainee.pk)),
        reset_token=default_token_generator.make_token(trainee),
        course=course_and_cohort.course,
        lesson=course_and_cohort.lesson,
        module=course_and_cohort.module,
        cohort=course_and_cohort.cohort,
        certificate=certificate_and_batch.certificate,
        certificate_batch=certificate_and_batch.batch,
        mock_unit="UVR",
        one=1,
        two=2,
        session_transition="close_registrations",
        move_kind="lesson",
        move_direction="down",
    )
