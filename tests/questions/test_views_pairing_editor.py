"""Writing a pairing question in the editor: its body as the bank's JSON, checked like the
bank's (a clear French message on the field, 422), and read back when editing."""

from __future__ import annotations

import html
import json

from django.urls import reverse

from questions.content import validate_content
from questions.models import Question
from tests.conftest import client_for
from tests.questions.conftest import editor_data
from tests.questions.pairing_samples import pairing

CREATE = reverse("questions:create")


def test_it_saves_a_pairing_question_exactly(trainer):
    content = pairing()
    data = editor_data(content, uid="q-pairing", pairing_body=json.dumps(content["body"]))
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 302
    assert Question.objects.get(uid="q-pairing").draft.content() == validate_content(content)[0]


def test_a_body_that_is_not_json_is_refused_on_its_field(trainer):
    response = client_for(trainer).post(CREATE, editor_data(pairing(), uid="q-bad", pairing_body="{source"))
    assert response.status_code == 422 and "Ce n'est pas du JSON valide" in html.unescape(
        response.content.decode()
    )


def test_an_unreadable_trf_is_refused_in_french(trainer):
    body = json.dumps({"source": "trf", "trf": "001 nothing"})
    response = client_for(trainer).post(CREATE, editor_data(pairing(), uid="q-trf", pairing_body=body))
    assert response.status_code == 422 and "Le fichier TRF16 est illisible" in html.unescape(
        response.content.decode()
    )


def test_editing_shows_the_body_as_json(trainer):
    content = pairing()
    client_for(trainer).post(
        CREATE, editor_data(content, uid="q-edit", pairing_body=json.dumps(content["body"]))
    )
    page = html.unescape(client_for(trainer).get(reverse("questions:edit", args=["q-edit"])).content.decode())
    assert '"source": "generator"' in page
