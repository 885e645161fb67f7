"""The pages that show or add a question's image are valid HTML (the W3C Nu validator)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery import services as delivery
from delivery.models import Purpose
from tests.conftest import client_for
from tests.delivery.exposure_fixtures import paper_of
from tests.quality.test_html_validity import pytestmark as needs_java
from tests.quality.test_html_validity import validate
from tests.questions.media_samples import published_with_image

pytestmark = [needs_java, pytest.mark.django_db]


def test_the_editor_and_the_attempt_page_with_an_image_are_valid_html(
    trainer, other_trainer, trainee, tmp_path
):
    question = published_with_image("uvr-valid-image", trainer, other_trainer)
    attempt = delivery.start_attempt(paper=paper_of([question.current_version], purpose=Purpose.PRACTICE),
                                     candidate=trainee)
    pages = {
        "editor": client_for(trainer).get(reverse("questions:edit", args=[question.uid])),
        "attempt": client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])),
        "detail": client_for(other_trainer).get(reverse("questions:detail", args=[question.uid])),
    }
    files = []
    for name, response in pages.items():
        assert response.status_code == 200
        assert b"[image:" not in response.content or name == "editor"
        files.append(tmp_path / f"{name}.html")
        files[-1].write_bytes(response.content)
    assert [(error["url"].rsplit("/", 1)[-1], error["message"]) for error in validate(files)] == []
