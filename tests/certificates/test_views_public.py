"""The public pages: /verify/<code>/, /verify/ (upload), the public key. No login."""

from __future__ import annotations

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from certificates import services, signing
from tests.certificates.test_verification import with_title
from tests.conftest import client_for

ROLES = [None, "trainee", "trainer", "grader", "exam_staff", "administrator"]


@pytest.fixture
def person(request):
    return request.getfixturevalue(request.param) if request.param else None


@pytest.mark.parametrize("person", ROLES, indirect=True)
def test_everyone_sees_a_certificates_public_page(person, certificate):
    response = client_for(person).get(f"/verify/{certificate.code}/")
    assert response.status_code == 200
    assert b'data-status="valid"' in response.content


def test_the_page_shows_the_holder_and_the_award_in_both_languages(certificate):
    content = Client().get(f"/verify/{certificate.code}/").content.decode()
    for expected in ("Camille Durand-Lefèvre", "UVR — Règles du jeu", "UVR — Laws of Chess"):
        assert expected in content


def test_the_page_shows_nothing_else_personal(certificate):
    content = Client().get(f"/verify/{certificate.code}/").content.decode()
    for private in ("alice@example.org", "K12345", "1990"):
        assert private not in content


def test_a_revoked_certificate_shows_the_date_but_never_the_reason(certificate, exam_staff):
    services.revoke(certificate=certificate, actor=exam_staff, reason="Fraude constatée au centre")
    content = Client().get(f"/verify/{certificate.code}/").content.decode()
    assert 'data-status="revoked"' in content
    assert "Fraude constatée" not in content


def test_a_superseded_certificate_points_to_the_version_in_force(certificate, exam_staff):
    new = services.reissue(certificate=certificate, actor=exam_staff)
    content = Client().get(f"/verify/{certificate.code}/").content.decode()
    assert 'data-status="superseded"' in content
    assert f"/verify/{new.code}/" in content


def test_a_code_typed_in_lower_case_without_dashes_is_found(certificate):
    typed = certificate.code.replace("-", "").lower()
    assert Client().get(f"/verify/{typed}/").status_code == 200


def test_an_unknown_code_is_a_clear_404(db):
    response = Client().get("/verify/ABCD-EFGH-JKMN-PQRS/")
    assert response.status_code == 404
    assert b"data-not-found" in response.content


def test_lookups_are_rate_limited_per_address(certificate, settings):
    settings.CERTIFICATE_LOOKUPS_PER_MINUTE = 3
    client = Client()
    statuses = [client.get(f"/verify/{certificate.code}/").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    assert Client(REMOTE_ADDR="192.0.2.7").get(f"/verify/{certificate.code}/").status_code == 200


def test_the_code_page_refuses_post(certificate):
    assert Client().post(f"/verify/{certificate.code}/").status_code == 405


@pytest.mark.parametrize("person", ROLES, indirect=True)
def test_everyone_may_upload_a_pdf_to_check_it(person, certificate):
    upload = SimpleUploadedFile("c.pdf", bytes(certificate.pdf), content_type="application/pdf")
    response = client_for(person).post("/verify/", {"document": upload})
    assert response.status_code == 200
    assert b'data-outcome="valid"' in response.content


def test_an_uploaded_altered_copy_is_reported_as_such(certificate):
    upload = SimpleUploadedFile(
        "c.pdf", with_title(bytes(certificate.pdf), "x"), content_type="application/pdf"
    )
    response = Client().post("/verify/", {"document": upload})
    assert response.status_code == 422
    assert b'data-outcome="altered"' in response.content


def test_a_file_that_is_not_a_pdf_is_refused_in_french(db):
    upload = SimpleUploadedFile("c.pdf", b"hello", content_type="application/pdf")
    response = Client().post("/verify/", {"document": upload})
    assert response.status_code == 422
    assert "pas un PDF : seuls les certificats PDF" in response.content.decode()


def test_a_file_over_the_limit_is_refused(db, settings):
    settings.CERTIFICATE_MAX_UPLOAD_BYTES = 10
    upload = SimpleUploadedFile("c.pdf", b"%PDF-1.7 " + b"x" * 20, content_type="application/pdf")
    response = Client().post("/verify/", {"document": upload})
    assert response.status_code == 422
    assert "trop volumineux" in response.content.decode()


def test_an_empty_upload_says_what_to_do(db):
    response = Client().post("/verify/", {})
    assert response.status_code == 422
    assert "Choisissez le fichier PDF" in response.content.decode()


def test_the_verify_page_finds_a_typed_code(certificate):
    response = Client().get("/verify/", {"code": certificate.code.lower()})
    assert b'data-status="valid"' in response.content


def test_the_verify_page_refuses_a_malformed_code(db):
    response = Client().get("/verify/", {"code": "abc"})
    assert response.status_code == 422


def test_the_verify_page_refuses_put(db):
    assert Client().put("/verify/").status_code == 405


def test_the_public_key_is_published_as_pem(db):
    response = Client().get("/verify/public-key.pem")
    assert response.content.decode() == signing.public_key_pem()
    assert response["X-Key-Id"] == signing.key_id()


def test_the_public_key_refuses_post(db):
    assert Client().post("/verify/public-key.pem").status_code == 405
