"""An image placed nowhere (no stem and no explanation has its ``[image:NAME]`` line) is refused
wherever content is written (the editor, its live preview, review, the import, check_bank), naming
the image and how to fix it; a version stored before that rule never shows it with the question:
only the correction may (questions.media, questions.media_rendering, questions.media_access).

Deleting the explanation's line of an image used to show that image after the stem, to exam
candidates: the correction's image leaked with the question."""

from __future__ import annotations

import base64
import hashlib
import json
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse

from delivery import services as delivery
from delivery.models import Feedback, Purpose
from questions import services
from questions.content import ContentError, validate_content
from questions.formats.importer import ImportFailed, import_text
from questions.media_rendering import explanation_blocks, stem_paragraphs
from questions.models import QuestionVersion
from tests.conftest import client_for
from tests.delivery.exposure_fixtures import paper_of, release
from tests.questions import core_samples
from tests.questions.conftest import editor_data
from tests.questions.media_samples import png_bytes, with_explanation_image, with_image

pytestmark = pytest.mark.django_db

NOWHERE = ("L'image « feuille.png » n'est placée ni dans l'énoncé ni dans l'explication : ajoutez sa "
           "ligne [image:feuille.png] à l'énoncé (montrée avec la question) ou à l'explication "
           "(montrée avec la correction seulement), ou retirez l'image de la question.")


def without_line(content: dict, name: str = "feuille.png") -> dict:
    """``content`` whose texts no longer place the image ``name`` (its lines deleted)."""
    content = dict(content)
    for field in ("stem_fr", "stem_en", "explanation_fr", "explanation_en"):
        content[field] = content.get(field, "").replace(f"\n\n[image:{name}]", "")
    return content


def explained() -> dict:
    return with_explanation_image(core_samples.single(), data=png_bytes(colour="lightblue"))


# Refused wherever content is written.

def test_it_refuses_an_image_placed_nowhere_and_says_how_to_fix_it():
    _content, problems = validate_content(without_line(explained()), check_citations=False)
    assert [(problem.field, problem.message) for problem in problems] == [("media.0.name", NOWHERE)]


def test_an_image_placed_in_the_english_stem_only_is_placed():
    content = with_image(core_samples.single(), data=png_bytes())
    content["stem_fr"] = content["stem_fr"].replace("\n\n[image:pendule.png]", "")
    assert validate_content(content, check_citations=False)[1] == []


@pytest.fixture
def draft(trainer):
    return services.create_question(author=trainer, content=explained(), uid="uvr-line-deleted")


def save_without_line(trainer, draft):
    content = without_line({key: value for key, value in draft.draft.content().items() if key != "media"})
    return client_for(trainer).post(reverse("questions:edit", args=[draft.uid]),
                                    editor_data(content, uid=draft.uid, images_of=draft.uid))


def test_the_editor_refuses_to_save_a_draft_whose_image_s_line_was_deleted(trainer, draft):
    response = save_without_line(trainer, draft)
    draft.refresh_from_db()
    assert response.status_code == 422 and "[image:feuille.png]" in draft.draft.explanation_fr


def test_the_editor_says_which_image_without_the_bank_s_path(trainer, draft):
    errors = save_without_line(trainer, draft).context["form"].non_field_errors()
    assert list(errors) == [f"Images de la question : {NOWHERE}"]


def test_the_live_preview_says_it_before_the_save(trainer, draft):
    content = without_line({key: value for key, value in draft.draft.content().items() if key != "media"})
    response = client_for(trainer).post(reverse("questions:editor_preview"),
                                        {**editor_data(content, uid=draft.uid), "images_of": draft.uid})
    assert [problem.message for problem in response.context["problems"]] == [NOWHERE]


def stored_without_line(version: QuestionVersion) -> QuestionVersion:
    """``version`` as the bank may hold it from before the rule (written around the checks)."""
    content = without_line(version.content())
    QuestionVersion.objects.filter(pk=version.pk).update(
        explanation_fr=content["explanation_fr"], explanation_en=content["explanation_en"])
    version.refresh_from_db()
    return version


def test_such_a_draft_cannot_be_sent_to_review(trainer, draft):
    stored_without_line(draft.draft)
    with pytest.raises(ContentError) as refused:
        services.submit_for_review(question=draft, user=trainer)
    assert [problem.message for problem in refused.value.problems] == [NOWHERE]


def test_such_a_draft_cannot_be_published(trainer, other_trainer, draft):
    services.submit_for_review(question=draft, user=trainer)
    stored_without_line(draft.draft)
    with pytest.raises(ContentError):
        services.approve(question=draft, reviewer=other_trainer)


def bank_file(content: dict, uid: str = "uvr-imported-nowhere") -> str:
    data = png_bytes(colour="orange")
    sha256 = hashlib.sha256(data).hexdigest()
    content = {**content, "media": [{"name": "feuille.png", "sha256": sha256, "alt_fr": "Une feuille",
                                     "alt_en": "A scoresheet"}]}
    return json.dumps({"format": "arbitre-questions", "version": 1, "questions": [{"uid": uid, **content}],
                       "images": {sha256: base64.b64encode(data).decode("ascii")}})


def test_the_import_refuses_it_naming_the_question_and_the_image(trainer):
    with pytest.raises(ImportFailed) as failure:
        import_text(bank_file(core_samples.single()), format_name="json", author=trainer)
    assert str(failure.value) == f"#1 (uvr-imported-nowhere): media.0.name: {NOWHERE}"


def test_check_bank_reports_it(tmp_path):
    path = tmp_path / "bank.json"
    path.write_text(bank_file(core_samples.single()), encoding="utf-8")
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_bank", str(path), "--no-engine", stdout=out, stderr=StringIO())
    assert NOWHERE in out.getvalue()


def test_check_bank_lists_the_stored_versions_that_hold_one(trainer, other_trainer, legacy):
    out = StringIO()
    with pytest.raises(CommandError):
        call_command("check_bank", "--database", stdout=out, stderr=StringIO())
    assert f"uvr-legacy-nowhere v1: {NOWHERE}" in out.getvalue()


# A version stored before the rule never shows it with the question.

@pytest.fixture
def legacy(trainer, other_trainer) -> QuestionVersion:
    """A published question whose stem shows "pendule.png" and whose "feuille.png" is placed nowhere."""
    content = with_explanation_image(with_image(core_samples.single(), data=png_bytes()),
                                     data=png_bytes(colour="lightblue"))
    question = services.create_question(author=trainer, content=content, uid="uvr-legacy-nowhere")
    services.submit_for_review(question=question, user=trainer)
    services.approve(question=question, reviewer=other_trainer)
    question.refresh_from_db()
    return stored_without_line(question.current_version)


def url_of(version: QuestionVersion, name: str) -> str:
    sha256 = next(item["sha256"] for item in version.media if item["name"] == name)
    return reverse("questions:image", args=[version.pk, sha256])


def test_the_stem_never_shows_an_image_placed_nowhere(legacy):
    blocks = stem_paragraphs(legacy.stem_fr, legacy.content(), version_id=legacy.pk, language="fr")
    assert [block.name for block in blocks if getattr(block, "is_image", False)] == ["pendule.png"]


def test_the_stem_of_one_language_still_shows_an_image_the_other_places(legacy):
    content = legacy.content()
    content["stem_en"] = content["stem_en"].replace("\n\n[image:pendule.png]", "")
    blocks = stem_paragraphs(content["stem_en"], content, version_id=legacy.pk, language="en")
    assert [block.name for block in blocks if getattr(block, "is_image", False)] == ["pendule.png"]


def test_the_correction_shows_it_after_the_explanation(legacy):
    blocks = explanation_blocks(legacy.explanation_fr, legacy.content(), version_id=legacy.pk, language="fr")
    assert [getattr(block, "name", block) for block in blocks] == [
        "Article 4.3.1 : la pièce touchée doit être jouée.", "feuille.png"]


def test_a_closed_book_exam_candidate_neither_sees_nor_gets_it(trainee, legacy):
    attempt = delivery.start_attempt(paper=paper_of([legacy], purpose=Purpose.EXAM), candidate=trainee)
    client = client_for(trainee)
    html = client.get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert url_of(legacy, "feuille.png") not in html and url_of(legacy, "pendule.png") in html
    assert client.get(url_of(legacy, "feuille.png")).status_code == 403  # the closed book's gate


def test_an_open_book_exam_candidate_does_not_get_it(trainee, legacy):
    delivery.start_attempt(paper=paper_of([legacy], purpose=Purpose.EXAM, open_book=True), candidate=trainee)
    assert client_for(trainee).get(url_of(legacy, "feuille.png")).status_code == 404


def test_a_practising_trainee_gets_it_only_with_the_feedback(trainee, legacy):
    paper = paper_of([legacy], purpose=Purpose.PRACTICE)
    attempt = delivery.start_attempt(paper=paper, candidate=trainee)
    client = client_for(trainee)
    before = client.get(url_of(legacy, "feuille.png")).status_code
    delivery.check_response(attempt=attempt, item_id=paper.items.get().pk)
    assert (before, client.get(url_of(legacy, "feuille.png")).status_code) == (404, 200)


def test_the_released_correction_shows_it(trainee, legacy):
    attempt = release(paper_of([legacy], purpose=Purpose.EXAM, feedback=Feedback.ON_RELEASE), trainee)
    html = client_for(trainee).get(reverse("delivery:attempt", args=[attempt.pk])).content.decode()
    assert f'src="{url_of(legacy, "feuille.png")}"' in html


def test_the_staff_preview_does_not_show_it(other_trainer, legacy):
    page = client_for(other_trainer).get(reverse("questions:preview", args=[legacy.question.uid]))
    html = page.content.decode()
    assert url_of(legacy, "feuille.png") not in html and url_of(legacy, "pendule.png") in html


def test_the_correction_in_one_language_shows_an_image_only_the_other_s_explanation_places(trainer):
    content = explained()
    content["explanation_fr"] = content["explanation_fr"].replace("\n\n[image:feuille.png]", "")
    blocks = explanation_blocks(content["explanation_fr"], content, version_id=None, language="fr")
    assert [getattr(block, "name", block) for block in blocks] == [
        "Article 4.3.1 : la pièce touchée doit être jouée.", "feuille.png"]
