"""GET /api/certificates/<code> and /api/certificates/public-key."""

from __future__ import annotations

from django.test import Client

from certificates import services, signing


def test_it_returns_the_public_facts_as_json(certificate):
    body = Client().get(f"/api/certificates/{certificate.code}").json()
    assert (body["status"], body["holder"], body["awarded"]["en"]) == (
        "valid",
        "Camille Durand-Lefèvre",
        "UVR — Laws of Chess",
    )
    assert body["statement"] == certificate.statement


def test_it_gives_the_revocation_date_but_not_the_reason(certificate, exam_staff):
    services.revoke(certificate=certificate, actor=exam_staff, reason="Fraude constatée")
    response = Client().get(f"/api/certificates/{certificate.code}")
    assert response.json()["status"] == "revoked"
    assert "Fraude" not in response.content.decode()


def test_it_answers_404_in_our_error_shape_for_an_unknown_code(db):
    response = Client().get("/api/certificates/ABCD-EFGH-JKMN-PQRS")
    assert response.status_code == 404
    assert response.json()["error"]["field"] == "code"


def test_it_is_rate_limited(certificate, settings):
    settings.CERTIFICATE_LOOKUPS_PER_MINUTE = 1
    client = Client()
    client.get(f"/api/certificates/{certificate.code}")
    assert client.get(f"/api/certificates/{certificate.code}").status_code == 429


def test_it_publishes_the_public_key(db):
    body = Client().get("/api/certificates/public-key").json()
    assert (body["pem"], body["key_id"]) == (signing.public_key_pem(), signing.key_id())


def test_it_refuses_post(certificate):
    assert Client().post(f"/api/certificates/{certificate.code}").status_code == 405
