"""What the editor's unsaved-work script relies on in the pages the server renders."""

from __future__ import annotations

from django.urls import reverse

from tests.conftest import client_for
from tests.questions import core_samples
from tests.questions.conftest import editor_data

CREATE = reverse("questions:create")


def test_a_new_question_keeps_its_work_under_the_person_and_new(trainer):
    html = client_for(trainer).get(CREATE).content.decode()
    assert f'data-autosave="{trainer.pk}:new"' in html


def test_an_existing_question_keeps_its_work_under_its_uid(trainer, draft_question):
    html = client_for(trainer).get(reverse("questions:edit", args=[draft_question.uid])).content.decode()
    assert f'data-autosave="{trainer.pk}:{draft_question.uid}"' in html


def test_the_restore_banner_stays_hidden_until_the_script_shows_it(trainer):
    html = client_for(trainer).get(CREATE).content.decode()
    assert '<div class="autosave-banner" data-autosave-banner role="status" hidden>' in html


def test_a_refused_save_marks_the_form_as_holding_unsaved_work(trainer):
    response = client_for(trainer).post(CREATE, editor_data(core_samples.single(), units=[]))
    assert response.status_code == 422
    assert "data-unsaved" in response.content.decode()


def test_the_page_after_a_save_marks_its_message_for_the_script(trainer):
    data = editor_data(core_samples.single(), uid="q-saved")
    response = client_for(trainer).post(CREATE, data, follow=True)
    assert 'class="message message--success" data-message="draft-saved"' in response.content.decode()


def test_the_editor_page_shows_no_template_comment(trainer):
    html = client_for(trainer).get(CREATE).content.decode()
    assert "{#" not in html and "#}" not in html
