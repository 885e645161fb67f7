"""Holders' pages and downloads; exam staff's issuing, revoking, reissuing and batches."""

from __future__ import annotations

import io
import zipfile

import pytest
from django.test import Client

from certificates.models import Certificate, CertificateBatch, Status
from tests.conftest import client_for

FORBIDDEN_ROLES = ["trainee", "trainer", "grader"]
STAFF_ROLES = ["exam_staff", "administrator"]


@pytest.fixture
def person(request):
    return request.getfixturevalue(request.param) if request.param else None


def staff_urls(certificate, batch):
    return [
        "/certificats/equipe/",
        "/certificats/equipe/journal/",
        f"/certificats/equipe/dossiers/{certificate.holder_id}/",
        f"/certificats/equipe/{certificate.code}/",
        f"/certificats/equipe/lots/{batch.pk}/",
        f"/certificats/equipe/lots/{batch.pk}/certificats.zip",
    ]


@pytest.fixture
def batch(exam_staff, exam_session):
    from certificates import services

    batch = services.start_batch(actor=exam_staff, scope=CertificateBatch.Scope.SESSION, session=exam_session)
    return services.run_batch(batch, processes=1)


def test_anonymous_visitors_are_sent_to_login_from_staff_pages(certificate, batch):
    for url in staff_urls(certificate, batch):
        response = Client().get(url)
        assert response.status_code == 302, url
        assert "/accounts/login/" in response["Location"]


@pytest.mark.parametrize("person", FORBIDDEN_ROLES, indirect=True)
def test_people_without_the_exam_capability_are_refused_staff_pages(person, certificate, batch):
    client = client_for(person)
    assert [client.get(url).status_code for url in staff_urls(certificate, batch)] == [403] * 6


@pytest.mark.parametrize("person", STAFF_ROLES, indirect=True)
def test_exam_staff_see_every_staff_page(person, certificate, batch):
    client = client_for(person)
    assert [client.get(url).status_code for url in staff_urls(certificate, batch)] == [200] * 6


@pytest.mark.parametrize(
    "url", ["/certificats/equipe/", "/certificats/equipe/journal/", "/certificats/equipe/lots/1/"]
)
def test_staff_pages_refuse_post(url, exam_staff):
    assert client_for(exam_staff).post(url).status_code == 405


@pytest.mark.parametrize("suffix", ["revoquer/", "nouvelle-version/"])
def test_revoke_and_reissue_refuse_get(suffix, certificate, exam_staff):
    assert client_for(exam_staff).get(f"/certificats/equipe/{certificate.code}/{suffix}").status_code == 405


@pytest.mark.parametrize("person", FORBIDDEN_ROLES, indirect=True)
def test_only_exam_staff_issue_revoke_reissue_or_start_batches(person, certificate, unit_pass):
    client = client_for(person)
    posts = [
        (f"/certificats/equipe/dossiers/{unit_pass.candidate_id}/delivrer/", {"kind": "unit_pass"}),
        (f"/certificats/equipe/{certificate.code}/revoquer/", {"reason": "x"}),
        (f"/certificats/equipe/{certificate.code}/nouvelle-version/", {"language": "fr"}),
        ("/certificats/equipe/lots/", {"scope": "titles", "language": "holder"}),
    ]
    assert [client.post(url, data).status_code for url, data in posts] == [403] * 4


def test_staff_issue_a_certificate_one_by_one(unit_pass, exam_staff):
    response = client_for(exam_staff).post(
        f"/certificats/equipe/dossiers/{unit_pass.candidate_id}/delivrer/",
        {"kind": "unit_pass", "source_id": unit_pass.pk, "language": "both"},
    )
    issued = Certificate.objects.get(unit_pass=unit_pass)
    assert response["Location"] == f"/certificats/equipe/{issued.code}/"
    assert issued.language == "both"


def test_issuing_another_persons_record_through_the_wrong_holder_is_a_404(
    unit_pass, other_holder, exam_staff
):
    response = client_for(exam_staff).post(
        f"/certificats/equipe/dossiers/{other_holder.pk}/delivrer/",
        {"kind": "unit_pass", "source_id": unit_pass.pk, "language": "fr"},
    )
    assert response.status_code == 404


def test_issuing_twice_re_renders_the_page_with_a_422(certificate, exam_staff):
    response = client_for(exam_staff).post(
        f"/certificats/equipe/dossiers/{certificate.holder_id}/delivrer/",
        {"kind": "unit_pass", "source_id": certificate.unit_pass_id, "language": "fr"},
    )
    assert response.status_code == 422
    assert "nouvelle version" in response.content.decode()


def test_staff_revoke_with_a_reason(certificate, exam_staff):
    response = client_for(exam_staff).post(
        f"/certificats/equipe/{certificate.code}/revoquer/", {"reason": "Fraude constatée"}
    )
    certificate.refresh_from_db()
    assert response.status_code == 302
    assert certificate.status() == Status.REVOKED


def test_revoking_without_a_reason_is_a_422(certificate, exam_staff):
    response = client_for(exam_staff).post(
        f"/certificats/equipe/{certificate.code}/revoquer/", {"reason": ""}
    )
    assert response.status_code == 422
    assert "Indiquez le motif de la révocation." in response.content.decode()


def test_staff_reissue_a_new_version(certificate, exam_staff):
    response = client_for(exam_staff).post(
        f"/certificats/equipe/{certificate.code}/nouvelle-version/", {"language": "en"}
    )
    new = Certificate.objects.get(previous=certificate)
    assert response["Location"] == f"/certificats/equipe/{new.code}/"


def test_a_session_batch_runs_and_offers_its_zip(unit_pass, exam_session, exam_staff):
    client = client_for(exam_staff)
    response = client.post(
        "/certificats/equipe/lots/", {"scope": "session", "session": exam_session.pk, "language": "holder"}
    )
    batch = CertificateBatch.objects.get()
    assert response["Location"] == f"/certificats/equipe/lots/{batch.pk}/"
    archive = zipfile.ZipFile(
        io.BytesIO(client.get(f"/certificats/equipe/lots/{batch.pk}/certificats.zip").content)
    )
    assert archive.read(archive.namelist()[0]) == bytes(unit_pass.certificates.get().pdf)


def test_a_session_batch_without_its_session_is_a_422(exam_staff):
    response = client_for(exam_staff).post(
        "/certificats/equipe/lots/", {"scope": "session", "language": "fr"}
    )
    assert response.status_code == 422
    assert "Choisissez la session" in response.content.decode()


def test_htmx_polls_only_the_progress_fragment(exam_staff, exam_session):
    batch = CertificateBatch.objects.create(
        scope="session", session=exam_session, started_by=exam_staff, total=4
    )
    response = client_for(exam_staff).get(f"/certificats/equipe/lots/{batch.pk}/", HTTP_HX_REQUEST="true")
    content = response.content.decode()
    assert 'hx-trigger="every 2s"' in content
    assert "<html" not in content


def test_the_zip_waits_for_the_end_of_the_batch(exam_staff, exam_session):
    batch = CertificateBatch.objects.create(scope="session", session=exam_session, started_by=exam_staff)
    response = client_for(exam_staff).get(f"/certificats/equipe/lots/{batch.pk}/certificats.zip")
    assert response.status_code == 302


def test_the_published_jury_page_offers_the_session_batch(exam_staff, exam_session):
    from django.template.loader import render_to_string
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = exam_staff
    html = render_to_string(
        "certificates/staff/_session_batch.html", {"session": exam_session}, request=request
    )
    assert 'action="/certificats/equipe/lots/"' in html
    assert f'value="{exam_session.pk}"' in html


# --- Holders ------------------------------------------------------------------------


def test_a_holder_downloads_the_stored_bytes(certificate, holder):
    response = client_for(holder).get(f"/certificats/{certificate.code}.pdf")
    assert response.content == bytes(certificate.pdf)
    assert response["Content-Type"] == "application/pdf"


@pytest.mark.parametrize("person", ["other_holder", "trainer", "grader"], indirect=True)
def test_someone_elses_certificate_is_a_404(person, certificate):
    assert client_for(person).get(f"/certificats/{certificate.code}.pdf").status_code == 404


@pytest.mark.parametrize("person", STAFF_ROLES, indirect=True)
def test_exam_staff_download_any_certificate(person, certificate):
    assert client_for(person).get(f"/certificats/{certificate.code}.pdf").status_code == 200


def test_anonymous_visitors_must_log_in_to_download(certificate):
    assert Client().get(f"/certificats/{certificate.code}.pdf").status_code == 302


def test_downloading_refuses_post(certificate, holder):
    assert client_for(holder).post(f"/certificats/{certificate.code}.pdf").status_code == 405


def test_holders_find_their_certificates_on_their_profile_and_their_page(certificate, holder):
    client = client_for(holder)
    assert certificate.code in client.get("/accounts/profile/").content.decode()
    assert certificate.code in client.get("/certificats/").content.decode()


@pytest.mark.parametrize("person", ["trainer", "grader", "exam_staff", "administrator"], indirect=True)
def test_others_do_not_see_the_holders_certificates_on_their_own_list(person, certificate):
    assert certificate.code not in client_for(person).get("/certificats/").content.decode()


def test_the_holders_list_needs_a_login_and_refuses_post(holder):
    assert Client().get("/certificats/").status_code == 302
    assert client_for(holder).post("/certificats/").status_code == 405


def test_exam_staff_reach_certificates_from_the_navigation(exam_staff, trainee):
    assert 'data-nav="certificates"' in client_for(exam_staff).get("/").content.decode()
    assert 'data-nav="certificates"' not in client_for(trainee).get("/").content.decode()


def test_a_second_identical_batch_is_refused_while_one_runs(exam_staff, exam_session, unit_pass):
    CertificateBatch.objects.create(scope="session", session=exam_session, started_by=exam_staff)
    response = client_for(exam_staff).post(
        "/certificats/equipe/lots/", {"scope": "session", "session": exam_session.pk, "language": "fr"}
    )
    assert response.status_code == 422
    assert "déjà en cours" in response.content.decode()


def test_a_malformed_session_in_the_address_is_ignored(exam_staff):
    assert client_for(exam_staff).get("/certificats/equipe/?session=nope&scope=titles").status_code == 200


def test_the_exam_dossier_links_to_the_persons_certificates(holder, exam_staff):
    content = client_for(exam_staff).get(f"/examens/equipe/dossiers/{holder.pk}/").content.decode()
    assert f"/certificats/equipe/dossiers/{holder.pk}/" in content


def test_the_admin_lists_certificates_read_only(administrator, certificate):
    administrator.is_staff = administrator.is_superuser = True
    administrator.save()
    client = client_for(administrator)
    assert certificate.code in client.get("/admin/certificates/certificate/").content.decode()
    assert client.post(f"/admin/certificates/certificate/{certificate.pk}/delete/").status_code == 403
