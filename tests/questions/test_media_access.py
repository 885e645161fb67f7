"""An image reaches whoever may see its question, and nobody else (questions.media_access)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from delivery import services as delivery
from delivery.models import Purpose
from questions import services
from tests.conftest import client_for
from tests.delivery.exposure_fixtures import paper_of, register
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, published_with_image, with_image

pytestmark = pytest.mark.django_db


@pytest.fixture
def version(trainer, other_trainer):
    return published_with_image("uvc-image-clock", trainer, other_trainer).current_version


def image_url(version) -> str:
    return reverse("questions:image", args=[version.pk, version.media[0]["sha256"]])


def test_a_bank_user_gets_the_image_with_private_cache_headers(other_trainer, version):
    response = client_for(other_trainer).get(image_url(version))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert "private" in response["Cache-Control"] and response["X-Content-Type-Options"] == "nosniff"


def test_an_anonymous_visitor_is_sent_to_the_login_page(version):
    assert client_for(None).get(image_url(version)).status_code == 302


def test_a_trainee_who_never_met_the_question_gets_404(trainee, version):
    assert client_for(trainee).get(image_url(version)).status_code == 404


def test_a_trainee_whose_practice_shows_the_question_gets_the_image(trainee, version):
    paper = paper_of([version], purpose=Purpose.PRACTICE)
    delivery.start_attempt(paper=paper, candidate=trainee)
    assert client_for(trainee).get(image_url(version)).status_code == 200


def test_an_exam_reserved_question_s_image_stays_out_of_practice(trainee, version):
    services.set_exam_pool(question=version.question, exam_pool=True)
    paper = paper_of([version], purpose=Purpose.PRACTICE)
    delivery.start_attempt(paper=paper, candidate=trainee)
    assert client_for(trainee).get(image_url(version)).status_code == 404


def test_the_exam_candidate_gets_it_during_the_exam(trainee, version):
    services.set_exam_pool(question=version.question, exam_pool=True)
    paper = paper_of([version], purpose=Purpose.EXAM)
    delivery.start_attempt(paper=paper, candidate=trainee)
    assert client_for(trainee).get(image_url(version)).status_code == 200


def test_a_trainer_registered_for_the_session_does_not_get_it(other_trainer, exam_staff, version):
    paper = paper_of([version], purpose=Purpose.EXAM)
    register(other_trainer, paper, exam_staff)
    assert client_for(other_trainer).get(image_url(version)).status_code == 404


def test_a_sha256_the_version_does_not_show_is_404(other_trainer, version, trainer):
    other = services.create_question(author=trainer, content=with_image(
        core_samples.single(), data=png_bytes(colour="yellow")), uid="uvr-other-image")
    url = reverse("questions:image", args=[version.pk, other.draft.media[0]["sha256"]])
    assert client_for(other_trainer).get(url).status_code == 404


def test_an_unpublished_draft_s_image_is_only_its_author_s(trainer, other_trainer):
    content = with_image(core_samples.single(), data=png_bytes())
    draft = services.create_question(author=trainer, content=content, uid="uvr-draft-image")
    url = image_url(draft.draft)
    assert client_for(other_trainer).get(url).status_code == 404
    assert client_for(trainer).get(url).status_code == 200


def test_the_image_is_refused_to_a_post(other_trainer, version):
    assert client_for(other_trainer).post(image_url(version)).status_code == 405


def test_the_practice_page_shows_the_image_with_its_alt_text(trainee, version):
    paper = paper_of([version], purpose=Purpose.PRACTICE)
    attempt = delivery.start_attempt(paper=paper, candidate=trainee)
    html = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert f'src="{image_url(version)}"' in html and 'alt="Pendule des Blancs à 0:30"' in html


def test_a_closed_book_exam_opens_the_images_of_its_own_copy(trainee, version):
    paper = paper_of([version], purpose=Purpose.EXAM)
    delivery.start_attempt(paper=paper, candidate=trainee)
    assert client_for(trainee).get(image_url(version)).status_code == 200


def test_a_closed_book_exam_closes_the_images_of_other_questions(trainee, trainer, other_trainer, version):
    other = published_with_image("uvr-elsewhere", trainer, other_trainer, png_bytes(colour="grey"))
    practice = paper_of([other.current_version], purpose=Purpose.PRACTICE)
    delivery.start_attempt(paper=practice, candidate=trainee)
    delivery.start_attempt(paper=paper_of([version], purpose=Purpose.EXAM), candidate=trainee)
    assert client_for(trainee).get(image_url(other.current_version)).status_code == 403


def test_a_trainer_adds_an_image_with_its_alt_text_in_the_editor(trainer, draft_question):
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("Pendule finale.PNG", png_bytes(), content_type="image/png")
    client_for(trainer).post(reverse("questions:add_image", args=[draft_question.uid]),
                             {"file": upload, "alt_fr": "La pendule", "alt_en": "The clock"})
    draft_question.refresh_from_db()
    assert draft_question.draft.media[0]["name"] == "Pendule-finale.png"
    assert draft_question.draft.stem_fr.endswith("[image:Pendule-finale.png]")


def test_the_editor_refuses_an_svg_with_its_reason_and_keeps_the_draft(trainer, draft_question):
    from django.core.files.uploadedfile import SimpleUploadedFile

    svg = b'<svg xmlns="http://www.w3.org/2000/svg"/>'
    upload = SimpleUploadedFile("x.png", svg, content_type="image/png")
    response = client_for(trainer).post(reverse("questions:add_image", args=[draft_question.uid]),
                                        {"file": upload, "alt_fr": "x"}, follow=True)
    assert "SVG ne sont pas acceptées" in response.content.decode()
    draft_question.refresh_from_db()
    assert draft_question.draft.media == []


def test_saving_the_editor_keeps_the_images(trainer, draft_question):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_for(trainer)
    client.post(reverse("questions:add_image", args=[draft_question.uid]),
                {"file": SimpleUploadedFile("a.png", png_bytes()), "alt_fr": "La pendule"})
    page = client.get(reverse("questions:edit", args=[draft_question.uid]))
    assert "[image:a.png]" in page.content.decode()


def test_the_editor_s_preview_shows_the_images_of_the_question_being_edited(trainer, other_trainer, version):
    from tests.questions.conftest import editor_data

    data = editor_data({k: v for k, v in version.content().items() if k != "media"}, uid=version.question.uid)
    response = client_for(trainer).post(reverse("questions:editor_preview"),
                                        {**data, "images_of": version.question.uid})
    assert response.context["problems"] == [] and f'src="{image_url(version)}"' in response.content.decode()


def test_the_editor_s_preview_gives_no_image_of_a_question_one_may_not_read(trainer, other_trainer):
    from tests.questions.conftest import editor_data

    hidden = services.create_question(author=other_trainer, content=with_image(
        core_samples.single(), data=png_bytes(colour="red")), uid="uvr-someone-else")
    response = client_for(trainer).post(reverse("questions:editor_preview"),
                                        {**editor_data(core_samples.single()), "images_of": hidden.uid})
    assert response.status_code == 404


def test_the_correction_shows_the_image_and_the_candidate_still_gets_it(trainee, version):
    paper = paper_of([version], purpose=Purpose.PRACTICE)
    attempt = delivery.submit_attempt(attempt=delivery.start_attempt(paper=paper, candidate=trainee))
    client = client_for(trainee)
    html = client.get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert f'src="{image_url(version)}"' in html and client.get(image_url(version)).status_code == 200


def test_an_exam_copy_handed_in_before_the_release_no_longer_gets_it(trainee, version):
    paper = paper_of([version], purpose=Purpose.EXAM)
    delivery.submit_attempt(attempt=delivery.start_attempt(paper=paper, candidate=trainee))
    assert client_for(trainee).get(image_url(version)).status_code == 404


def test_the_staff_preview_of_a_question_shows_its_image(other_trainer, version):
    html = client_for(other_trainer).get(reverse("questions:preview", args=[version.question.uid])).content
    assert f'src="{image_url(version)}"' in html.decode()


def test_it_says_which_field_is_missing_when_no_image_is_sent(trainer, draft_question):
    response = client_for(trainer).post(reverse("questions:add_image", args=[draft_question.uid]),
                                        {"alt_fr": "La pendule"}, follow=True)
    messages = [str(message) for message in response.context["messages"]]
    assert messages == ["Image (PNG, JPEG, GIF ou WebP, 2 Mo au plus) : Ce champ est obligatoire."]


def test_it_refuses_an_eleventh_image_with_a_plain_french_message(trainer, draft_question):
    from django.core.files.uploadedfile import SimpleUploadedFile

    client = client_for(trainer)
    for number in range(11):
        response = client.post(reverse("questions:add_image", args=[draft_question.uid]),
                               {"file": SimpleUploadedFile(f"p{number}.png", png_bytes(100 + number)),
                                "alt_fr": "La pendule"}, follow=True)
    messages = [str(message) for message in response.context["messages"]]
    assert messages == ["Une question a 10 images au plus."]
