"""Writing a computed question in the editor: the generator picker, its parameters, the sample
variants, and the parameters' errors in French (422)."""

from __future__ import annotations

import pytest
from django.urls import reverse

from questions.content import validate_content
from questions.models import Question
from tests.conftest import client_for
from tests.questions.computed_samples import computed
from tests.questions.conftest import editor_data

CREATE = reverse("questions:create")
SAMPLES = reverse("questions:computed_samples")
FORBIDDEN = ["trainee", "grader", "exam_staff", "stranger"]


def test_the_editor_offers_every_generator_and_its_parameters(trainer):
    html = client_for(trainer).get(CREATE).content.decode()
    assert 'value="swiss-buchholz"' in html and 'name="gp_swiss_buchholz_min_players"' in html


def test_it_saves_a_computed_question_exactly(trainer):
    content = computed("elo-change", {"min_games": 2, "max_games": 4, "profile": "junior"})
    response = client_for(trainer).post(CREATE, editor_data(content, uid="q-computed"))
    assert response.status_code == 302
    assert Question.objects.get(uid="q-computed").draft.content() == validate_content(content)[0]


def test_a_parameter_out_of_bounds_is_refused_in_french_with_422(trainer):
    data = editor_data(computed("berger-meeting"), uid="q-berger", gp_berger_meeting_max_players="40")
    response = client_for(trainer).post(CREATE, data)
    assert response.status_code == 422
    assert "« Nombre maximum de joueurs » est compris entre 3 et 20." in response.content.decode()


def test_a_computed_question_needs_a_generator(trainer):
    response = client_for(trainer).post(CREATE, editor_data(computed(), uid="q-none", generator=""))
    assert response.status_code == 422
    assert "Choisissez le générateur" in response.content.decode()


def test_editing_keeps_the_generator_version_the_question_was_written_with(trainer):
    client_for(trainer).post(CREATE, editor_data(computed("performance"), uid="q-perf"))
    html = client_for(trainer).get(reverse("questions:edit", args=["q-perf"])).content.decode()
    assert 'name="generator_pin" value="performance:1"' in html


def test_the_sample_button_draws_three_variants_with_their_solutions(trainer):
    response = client_for(trainer).post(SAMPLES, editor_data(computed("knockout-byes"), uid="q-ko"))
    html = response.content.decode()
    assert response.status_code == 200
    assert html.count("computed-sample-") == 6 and "Corrigé détaillé" in html


def test_the_sample_button_answers_422_to_impossible_parameters(trainer):
    data = editor_data(computed("sonneborn-berger"), uid="q-sb", gp_sonneborn_berger_min_players="5",
                       gp_sonneborn_berger_max_players="5")
    response = client_for(trainer).post(SAMPLES, data)
    assert response.status_code == 422
    assert "nombre pair de joueurs" in response.content.decode()


def test_the_live_preview_shows_a_sample_variant_with_its_table(trainer):
    response = client_for(trainer).post(reverse("questions:editor_preview"),
                                        editor_data(computed("swiss-buchholz"), uid="q-sw"))
    assert "Grille du tournoi" in response.content.decode()


def test_the_live_preview_of_a_computed_question_without_generator_lists_what_is_missing(trainer):
    # Right after choosing the type, no generator is chosen yet: the preview answered 500.
    data = editor_data(computed("berger-meeting"), uid="q-unfinished", generator="")
    response = client_for(trainer).post(reverse("questions:editor_preview"), data)
    assert response.status_code == 200
    assert response.context["problems"]


@pytest.mark.parametrize("role", FORBIDDEN)
def test_the_samples_are_refused_to_other_roles(request, role):
    data = editor_data(computed("knockout-byes"))
    assert client_for(request.getfixturevalue(role)).post(SAMPLES, data).status_code == 403


def test_the_samples_send_anonymous_visitors_to_login(db):
    assert client_for(None).post(SAMPLES, {}).status_code == 302


def test_the_samples_refuse_get(trainer):
    assert client_for(trainer).get(SAMPLES).status_code == 405


@pytest.mark.parametrize("role", ["trainer", "administrator"])
def test_the_samples_are_drawn_for_authors(request, role):
    data = editor_data(computed("prize-sharing"))
    assert client_for(request.getfixturevalue(role)).post(SAMPLES, data).status_code == 200
