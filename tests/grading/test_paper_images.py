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
