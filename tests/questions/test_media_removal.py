"""Removing an image from a draft in the editor (questions:remove_image): the button of the image
panel sends the editor's form, so the draft is saved as typed, without the image and without its
``[image:NAME]`` lines."""

from __future__ import annotations

import re

import pytest
from django.test import Client
from django.urls import reverse

from questions import services
from questions.media import without_image
from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.conftest import editor_data
from tests.questions.media_samples import png_bytes, with_explanation_image, with_image

pytestmark = pytest.mark.django_db


def two_images() -> dict:
    """A stem showing "pendule.png", an explanation showing "feuille.png"."""
    return with_explanation_image(with_image(core_samples.single(), data=png_bytes()),
                                  data=png_bytes(colour="lightblue"))


@pytest.fixture
def draft(trainer):
    return services.create_question(author=trainer, content=two_images(), uid="uvr-two-images")


def typed(question, **changes) -> dict:
    """The editor's POST data for the question's latest version, with ``changes`` typed in."""
    content = {key: value for key, value in question.latest_version.content().items() if key != "media"}
    return editor_data({**content, **changes}, uid=question.uid, images_of=question.uid)


def remove(user, question, name: str, data: dict | None = None):
    data = typed(question) if data is None else data
    url = reverse("questions:remove_image", args=[question.uid])
    return client_for(user).post(url, {**data, "image": name})


def test_it_removes_the_image_and_its_lines_from_the_draft(trainer, draft):
    response = remove(trainer, draft, "feuille.png")
    draft.refresh_from_db()
    assert response.status_code == 302 and [item["name"] for item in draft.draft.media] == ["pendule.png"]
    assert draft.draft.explanation_fr == "Article 4.3.1 : la pièce touchée doit être jouée."
    assert draft.draft.explanation_en == "Article 4.3.1: the touched piece must be moved."


def test_it_goes_back_to_the_editor_saying_what_it_did(trainer, draft):
    response = client_for(trainer).post(reverse("questions:remove_image", args=[draft.uid]),
                                        {**typed(draft), "image": "feuille.png"}, follow=True)
    assert response.redirect_chain[-1][0] == reverse("questions:edit", args=[draft.uid]) + "#images"
    assert [str(message) for message in response.context["messages"]] == [
        "Image « feuille.png » retirée, avec ses lignes [image:feuille.png] ; brouillon enregistré."]


def test_what_was_typed_is_saved_with_it(trainer, draft):
    data = typed(draft, stem_fr="Un joueur touche son cavalier. Que doit-il faire ?\n\n[image:pendule.png]")
    remove(trainer, draft, "feuille.png", data)
    draft.refresh_from_db()
    assert draft.draft.stem_fr == "Un joueur touche son cavalier. Que doit-il faire ?\n\n[image:pendule.png]"


def test_it_fixes_a_save_refused_for_an_image_placed_nowhere(trainer, draft):
    data = typed(draft, explanation_fr="Article 4.3.1.", explanation_en="Article 4.3.1.")
    refused = client_for(trainer).post(reverse("questions:edit", args=[draft.uid]), data)
    removed = remove(trainer, draft, "feuille.png", data)
    draft.refresh_from_db()
    assert (refused.status_code, removed.status_code) == (422, 302)
    assert draft.draft.explanation_fr == "Article 4.3.1."


def test_a_published_question_keeps_the_image_in_its_published_version(trainer, other_trainer, draft):
    services.submit_for_review(question=draft, user=trainer)
    services.approve(question=draft, reviewer=other_trainer)
    draft.refresh_from_db()
    remove(trainer, draft, "pendule.png")
    draft.refresh_from_db()
    assert [item["name"] for item in draft.current_version.media] == ["pendule.png", "feuille.png"]
    assert [item["name"] for item in draft.draft.media] == ["feuille.png"]


def test_a_removal_that_cannot_be_saved_keeps_the_image_and_says_why(trainer, draft):
    response = remove(trainer, draft, "feuille.png", typed(draft, points="-1"))
    draft.refresh_from_db()
    assert response.status_code == 422 and len(draft.draft.media) == 2
    assert ("L'image « feuille.png » n'est pas retirée : corrigez d'abord les erreurs signalées, puis "
            "retirez-la de nouveau.") in response.context["form"].non_field_errors()


def test_an_image_the_draft_does_not_have_is_said_plainly(trainer, draft):
    response = client_for(trainer).post(reverse("questions:remove_image", args=[draft.uid]),
                                        {**typed(draft), "image": "absente.png"}, follow=True)
    assert [str(message) for message in response.context["messages"]] == [
        "Cette question n'a pas d'image « absente.png »."]


def test_someone_else_s_draft_is_not_found(other_trainer, draft):
    assert remove(other_trainer, draft, "feuille.png").status_code == 404


def test_a_question_in_review_is_refused(trainer, draft):
    services.submit_for_review(question=draft, user=trainer)
    draft.refresh_from_db()
    assert remove(trainer, draft, "feuille.png").status_code == 403


def test_a_trainee_is_refused(trainee, draft):
    assert remove(trainee, draft, "feuille.png").status_code == 403


def test_it_refuses_a_get(trainer, draft):
    assert client_for(trainer).get(reverse("questions:remove_image", args=[draft.uid])).status_code == 405


def test_it_requires_the_csrf_token(trainer, draft):
    client = Client(enforce_csrf_checks=True)
    client.force_login(trainer)
    url = reverse("questions:remove_image", args=[draft.uid])
    response = client.post(url, {**typed(draft), "image": "feuille.png"})
    assert response.status_code == 403


def test_the_editor_gives_each_image_a_button_that_sends_the_editor_s_form(trainer, draft):
    html = client_for(trainer).get(reverse("questions:edit", args=[draft.uid])).content.decode()
    buttons = re.findall(r'<button[^>]*formaction="([^"]+)"[^>]*>', html)
    assert buttons == [reverse("questions:remove_image", args=[draft.uid])] * 2
    assert 'form="question-form"' in html and 'name="image" value="feuille.png"' in html


def test_the_panel_says_where_each_image_is_placed(trainer, draft):
    data = typed(draft, explanation_fr="Article 4.3.1.", explanation_en="Article 4.3.1.")
    html = client_for(trainer).post(reverse("questions:edit", args=[draft.uid]), data).content.decode()
    assert "placée dans l'énoncé" in html and "placée nulle part" in html


# The lines go, and the blank line each leaves with them.

def test_it_removes_a_line_between_two_paragraphs():
    assert without_image("Avant.\n\n[image:a.png]\n\nAprès.", "a.png") == "Avant.\n\nAprès."


def test_it_removes_a_line_ending_the_text():
    assert without_image("Avant.\r\n\r\n[image:a.png]", "a.png") == "Avant."


def test_it_removes_a_line_beginning_the_text():
    assert without_image("[image:a.png]\n\nAprès.", "a.png") == "Après."


def test_it_keeps_the_lines_of_other_images():
    assert without_image("[image:b.png]\n[image: a.png ]\nTexte", "a.png") == "[image:b.png]\nTexte"
