"""The printed subject embeds a question's image (WeasyPrint reads it from a data: URI, never
over HTTP)."""

from __future__ import annotations

import io
from decimal import Decimal

import pytest
from pypdf import PdfReader

from delivery.models import PaperItem
from grading import paper
from tests.delivery.conftest import publish
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, with_image

pytestmark = pytest.mark.django_db


def test_the_printed_subject_embeds_the_question_s_image(sat_session, trainer, reviewer):
    content = with_image(core_samples.single(), data=png_bytes(200, 100, "yellow"))
    version = publish(content, "g-image", trainer, reviewer)
    PaperItem.objects.create(paper=sat_session.paper, position=3, version=version, points=Decimal(1))
    pdf = PdfReader(io.BytesIO(paper.subject_pdf(sat_session)))
    images = [image for page in pdf.pages for image in page.images]
    assert [image.image.size for image in images] == [(200, 100)]


def test_the_printed_subject_carries_the_bytes_not_the_image_s_address(sat_session, trainer, reviewer,
                                                                      monkeypatch):
    content = with_image(core_samples.single(), data=png_bytes())
    version = publish(content, "g-image-html", trainer, reviewer)
    PaperItem.objects.create(paper=sat_session.paper, position=3, version=version, points=Decimal(1))
    written = []
    monkeypatch.setattr(paper, "_write_pdf", lambda html: written.append(html) or b"")
    paper.subject_pdf(sat_session)
    assert "/questions/media/" not in written[0] and 'src="data:image/png;base64,' in written[0]


def paper_copy_with_image(sat_session, trainer, reviewer, exam_staff, graders):
    from exams.models import Centre, DeliveryMode, Registration
    from grading import services
    from tests.conftest import make_user

    content = with_image(core_samples.single(), data=png_bytes())
    version = publish(content, "g-image-entry", trainer, reviewer)
    PaperItem.objects.create(paper=sat_session.paper, position=3, version=version, points=Decimal(1))
    centre = Centre.objects.create(session=sat_session, name="Lyon", address="Lyon", capacity=5,
                                   regional_director=trainer, delivery_mode=DeliveryMode.PAPER)
    Registration.objects.create(session=sat_session, centre=centre, anonymity_code="UVR-IMGE-1111",
                                candidate=make_user("papier-image@example.org", "trainee"))
    services.configure(session=sat_session, graders=graders,
                       discrepancy_threshold=Decimal(20), borderline_margin=Decimal(5), actor=exam_staff)
    return version


def test_it_shows_the_question_s_image_to_the_grader_typing_a_paper_copy_in(sat_session, trainer, reviewer,
                                                                           exam_staff, grader, second_grader):
    import re

    from django.urls import reverse

    from tests.conftest import client_for

    paper_copy_with_image(sat_session, trainer, reviewer, exam_staff, [grader, second_grader])
    client = client_for(grader)
    entry = reverse("grading:entry", args=[sat_session.pk])
    page = client.get(entry, {"code": "UVR-IMGE-1111"}).content.decode()
    address = re.search(r'src="(/questions/media/[^"]+)"', page).group(1)
    assert client.get(address).status_code == 200


def test_it_hides_the_image_of_a_paper_copy_from_a_grader_who_is_not_on_the_session(
    sat_session, trainer, reviewer, exam_staff, grader, second_grader, third_grader
):
    from django.urls import reverse

    from tests.conftest import client_for

    version = paper_copy_with_image(sat_session, trainer, reviewer, exam_staff, [grader, second_grader])
    address = reverse("questions:image", args=[version.pk, version.media[0]["sha256"]])
    assert client_for(third_grader).get(address).status_code == 404
