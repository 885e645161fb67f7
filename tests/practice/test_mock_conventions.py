"""Mock exams as trainees see them: the size and pass mark are labelled platform conventions,
and the UVT mock holds its pairing part, or says it is unavailable."""

from __future__ import annotations

from django.urls import reverse

from practice import services
from practice.mocks import ensure_mock_blueprints
from tests.conftest import client_for
from tests.papers.conftest import publish


def test_the_shipped_uvt_mock_has_one_pairing_question_among_its_20(db):
    for number in range(25):
        publish(f"uvt-{number}", unit="UVT", article="C.04.1")
    uvt = {blueprint.unit: blueprint for blueprint in ensure_mock_blueprints()}["UVT"]
    assert (uvt.pairing_count, uvt.question_count()) == (1, 20)


def test_the_mix_of_the_uvt_mock_leaves_pairing_questions_to_the_part(db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    publish("uvt-pairing", unit="UVT", article="C.04.3", type_="pairing")
    uvt = {blueprint.unit: blueprint for blueprint in ensure_mock_blueprints()}["UVT"]
    assert "pairing" not in set(uvt.rules.values_list("question_type", flat=True))


def test_a_uvt_mock_includes_the_published_pairing_question(trainee, db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    publish("uvt-pairing", unit="UVT", article="C.04.3", type_="pairing")
    ensure_mock_blueprints()
    attempt = services.start_mock(trainee=trainee, unit="UVT")
    assert "uvt-pairing" in set(attempt.paper.items.values_list("version__question__uid", flat=True))


def test_a_uvt_mock_without_pairing_questions_starts_and_says_the_part_is_unavailable(trainee, db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    ensure_mock_blueprints()
    response = client_for(trainee).post(reverse("practice:mock", args=["UVT"]), follow=True)
    assert response.redirect_chain[-1][0].startswith("/")
    assert "Partie appariement indisponible" in response.content.decode()


def test_the_practice_home_says_the_pairing_part_is_unavailable(trainee, db):
    publish("uvt-vf", unit="UVT", article="C.04.1")
    ensure_mock_blueprints()
    content = client_for(trainee).get(reverse("practice:home")).content.decode()
    assert 'data-pairing-part="unavailable"' in content


def test_the_practice_home_shows_the_pass_mark_as_a_platform_convention(trainee, db):
    publish("uvr-vf", unit="UVR", article="9.2")
    ensure_mock_blueprints()
    content = client_for(trainee).get(reverse("practice:home")).content.decode()
    assert "seuil 50 % (convention de la plateforme)" in content
    assert "ni le RIDNA ne les fixent" in content


def test_the_dashboard_draws_the_pass_mark_only_when_every_mock_shares_it():
    from types import SimpleNamespace

    from practice.views import _common_pass_mark

    def attempt(mark):
        return SimpleNamespace(paper=SimpleNamespace(pass_mark=mark))

    assert (_common_pass_mark([attempt(60), attempt(60)]), _common_pass_mark([attempt(50), attempt(60)])) == (
        60,
        None,
    )
