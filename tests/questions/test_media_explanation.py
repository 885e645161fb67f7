"""An image placed in the explanation is part of the correction: shown with it, and reachable
only by whoever may see that correction (questions.media_access.can_see_image)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery import services as delivery
from delivery.models import Feedback, Purpose
from questions import services
from questions.content import validate_content
from questions.media_rendering import explanation_blocks, stem_paragraphs
from tests.conftest import client_for
from tests.delivery.exposure_fixtures import paper_of, release
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, published_with_explanation_image, with_explanation_image

pytestmark = pytest.mark.django_db


@pytest.fixture
def version(trainer, other_trainer):
    return published_with_explanation_image("uvr-explained-image", trainer, other_trainer,
                                            stem_image=True).current_version


def url_of(version, name: str) -> str:
    sha256 = next(item["sha256"] for item in version.media if item["name"] == name)
    return reverse("questions:image", args=[version.pk, sha256])


def explanation_url(version) -> str:
    return url_of(version, "feuille.png")


def stem_url(version) -> str:
    return url_of(version, "pendule.png")


def test_a_bank_user_gets_an_image_of_the_explanation(other_trainer, version):
    assert client_for(other_trainer).get(explanation_url(version)).status_code == 200


def test_a_practising_trainee_does_not_get_it_before_their_answer_is_corrected(trainee, version):
    delivery.start_attempt(paper=paper_of([version], purpose=Purpose.PRACTICE), candidate=trainee)
    client = client_for(trainee)
    assert client.get(explanation_url(version)).status_code == 404
    assert client.get(stem_url(version)).status_code == 200


def test_a_practising_trainee_gets_it_once_their_answer_is_corrected(trainee, version):
    paper = paper_of([version], purpose=Purpose.PRACTICE)
    attempt = delivery.start_attempt(paper=paper, candidate=trainee)
    delivery.check_response(attempt=attempt, item_id=paper.items.get().pk)
    assert client_for(trainee).get(explanation_url(version)).status_code == 200


def test_an_exam_candidate_does_not_get_it_during_the_exam(trainee, version):
    delivery.start_attempt(paper=paper_of([version], purpose=Purpose.EXAM), candidate=trainee)
    client = client_for(trainee)
    assert client.get(explanation_url(version)).status_code == 403  # the closed book's gate
    assert client.get(stem_url(version)).status_code == 200


def test_an_open_book_exam_candidate_does_not_get_it_either(trainee, version):
    paper = paper_of([version], purpose=Purpose.EXAM, open_book=True)
    delivery.start_attempt(paper=paper, candidate=trainee)
    assert client_for(trainee).get(explanation_url(version)).status_code == 404


def test_an_exam_copy_handed_in_does_not_get_it_before_the_release(trainee, version):
    paper = paper_of([version], purpose=Purpose.EXAM, feedback=Feedback.ON_RELEASE)
    delivery.submit_attempt(attempt=delivery.start_attempt(paper=paper, candidate=trainee))
    assert client_for(trainee).get(explanation_url(version)).status_code == 404


def test_the_candidate_gets_it_once_the_correction_is_released(trainee, version):
    release(paper_of([version], purpose=Purpose.EXAM, feedback=Feedback.ON_RELEASE), trainee)
    assert client_for(trainee).get(explanation_url(version)).status_code == 200


def test_an_image_placed_in_the_stem_and_the_explanation_is_the_stem_s(trainee, trainer, other_trainer):
    content = with_explanation_image(core_samples.single(), data=png_bytes(colour="pink"), name="both.png")
    content["stem_fr"] += "\n\n[image:both.png]"
    question = services.create_question(author=trainer, content=content, uid="uvr-both-places")
    services.submit_for_review(question=question, user=trainer)
    services.approve(question=question, reviewer=other_trainer)
    question.refresh_from_db()
    version = question.current_version
    delivery.start_attempt(paper=paper_of([version], purpose=Purpose.PRACTICE), candidate=trainee)
    assert client_for(trainee).get(url_of(version, "both.png")).status_code == 200


def test_the_practice_page_shows_it_only_with_the_feedback(trainee, version):
    paper = paper_of([version], purpose=Purpose.PRACTICE)
    attempt = delivery.start_attempt(paper=paper, candidate=trainee)
    page = reverse("delivery:attempt", args=[attempt.pk])
    client = client_for(trainee)
    before = client.get(page).content.decode()
    delivery.check_response(attempt=attempt, item_id=paper.items.get().pk)
    after = client.get(page).content.decode()
    assert explanation_url(version) not in before
    assert f'src="{explanation_url(version)}" alt="Feuille de partie signée"' in after


def test_the_released_correction_shows_it_in_english(trainee, version):
    attempt = release(paper_of([version], purpose=Purpose.EXAM, feedback=Feedback.ON_RELEASE), trainee)
    client = client_for(trainee)
    url = reverse("delivery:attempt", args=[attempt.pk])
    client.post(reverse("set_language"), {"language": "en", "next": url})
    html = client.get(url).content.decode()
    assert f'src="{explanation_url(version)}" alt="Signed scoresheet"' in html


def test_the_question_page_shows_it_in_the_answer_key(other_trainer, version):
    html = client_for(other_trainer).get(reverse("questions:detail", args=[version.question.uid])).content
    assert f'src="{explanation_url(version)}"'.encode() in html


def test_the_stem_never_shows_an_image_of_the_explanation(version):
    blocks = stem_paragraphs(version.stem_fr, version.content(), version_id=version.pk, language="fr")
    assert [block.name for block in blocks if getattr(block, "is_image", False)] == ["pendule.png"]


def test_the_explanation_places_its_image_after_its_text(version):
    content = version.content()
    blocks = explanation_blocks(version.explanation_fr, content, version_id=version.pk, language="fr")
    assert blocks[0] == "Article 4.3.1 : la pièce touchée doit être jouée."
    assert blocks[1].name == "feuille.png"


def test_an_explanation_may_not_place_an_image_the_question_does_not_have():
    content = core_samples.single(explanation_fr="Voir la feuille.\n\n[image:absente.png]")
    _content, problems = validate_content(content, check_citations=False)
    assert [problem.field for problem in problems] == ["explanation_fr"]


def test_the_editor_s_preview_shows_it_in_the_answer_key_from_the_version_s_address(trainer, version):
    from tests.questions.conftest import editor_data

    data = editor_data({k: v for k, v in version.content().items() if k != "media"}, uid=version.question.uid)
    response = client_for(trainer).post(reverse("questions:editor_preview"),
                                        {**data, "images_of": version.question.uid})
    html = response.content.decode()
    assert response.context["problems"] == [] and f'src="{explanation_url(version)}"' in html
