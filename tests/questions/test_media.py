"""Images of questions: checked by their content, stored once, frozen with the published version."""

from __future__ import annotations

import pytest

from questions import services
from questions.content import validate_content
from questions.media import ImageRefused, QuestionImage, inspect_image, store_image
from questions.models import FrozenVersionError
from questions.ui_services import candidate_view
from tests.questions import core_samples
from tests.questions.media_samples import png_bytes, published_with_image, with_image

pytestmark = pytest.mark.django_db


def test_it_reads_the_type_and_dimensions_from_the_content():
    assert inspect_image(png_bytes(30, 20)) == ("image/png", 30, 20)


def test_it_refuses_an_svg_with_a_french_reason():
    with pytest.raises(ImageRefused, match="SVG"):
        inspect_image(b'<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')


def test_it_refuses_a_file_named_png_that_is_not_one():
    with pytest.raises(ImageRefused, match="PNG, JPEG, GIF ou WebP"):
        inspect_image(b"GIF-ish but really a text file")


def test_it_refuses_a_truncated_image():
    with pytest.raises(ImageRefused, match="tronquée"):
        inspect_image(png_bytes()[:80])


def test_it_refuses_an_image_over_the_size_limit():
    with pytest.raises(ImageRefused, match="2 048 Ko"):
        inspect_image(b"\x89PNG\r\n\x1a\n" + b"\0" * (2 * 1024 * 1024))


def test_the_same_bytes_are_stored_once():
    data = png_bytes()
    assert store_image(data=data).pk == store_image(data=data).pk
    assert QuestionImage.objects.count() == 1


def test_a_stored_image_never_changes():
    image = store_image(data=png_bytes())
    image.width = 1
    with pytest.raises(FrozenVersionError):
        image.save()


def test_an_image_a_published_version_shows_cannot_be_deleted(trainer, other_trainer):
    question = published_with_image("uvr-image-frozen", trainer, other_trainer)
    image = QuestionImage.objects.get(sha256=question.current_version.media[0]["sha256"])
    with pytest.raises(FrozenVersionError):
        image.delete()


def test_a_revision_keeps_the_images_and_the_published_version_stays_frozen(trainer, other_trainer):
    question = published_with_image("uvr-image-revised", trainer, other_trainer)
    content = question.current_version.content()
    content["media"] = []
    for language in ("fr", "en"):
        content[f"stem_{language}"] = content[f"stem_{language}"].replace("[image:pendule.png]", "")
    services.save_draft(question=question, user=trainer, content=content)
    question.refresh_from_db()
    assert question.current_version.media and question.draft.media == []


def test_the_alternative_text_in_french_is_required():
    content = with_image(core_samples.single(), data=png_bytes(), alt_fr="")
    problems = validate_content(content, check_citations=False)[1]
    assert [problem.field for problem in problems] == ["media.0.alt_fr"]


def test_a_stem_cannot_place_an_image_the_question_does_not_have():
    content = core_samples.single()
    content["stem_fr"] += "\n\n[image:absente.png]"
    problems = validate_content(content, check_citations=False)[1]
    assert "absente.png" in str(problems[0])


def test_an_image_not_in_the_bank_is_refused():
    content = with_image(core_samples.single(), data=png_bytes())
    QuestionImage.objects.all().delete()
    problems = validate_content(content, check_citations=False)[1]
    assert [problem.field for problem in problems] == ["media.0.sha256"]


def test_a_question_without_images_keeps_its_content_hash(trainer):
    question = services.create_question(author=trainer, content=core_samples.single(), uid="uvr-no-image")
    assert "media" not in question.draft.content()


def test_the_candidate_sees_the_image_where_the_stem_places_it_with_its_alt_text(trainer, other_trainer):
    version = published_with_image("uvr-image-shown", trainer, other_trainer).current_version
    blocks = candidate_view(version, language="en").stem_paragraphs
    image = blocks[-1]
    assert image.alt == "White's clock at 0:30" and f"/questions/media/{version.pk}/" in image.url
    assert (image.width, image.height) == (120, 60)
