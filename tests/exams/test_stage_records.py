"""Stage attendance: entered in a form or imported from CSV (all or nothing, errors per line)."""

from __future__ import annotations

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from exams.models import AuditEntry, StageRecord
from tests.conftest import client_for


def upload(client, text: str | bytes, name="stages.csv"):
    data = text.encode() if isinstance(text, str) else text
    return client.post(reverse("exams:staff_stages_import"), {"file": SimpleUploadedFile(name, data)})


HEADER = "email;stage;date;lieu;formateur;heures\n"


def test_staff_enter_a_stage_in_the_form(exam_staff, trainee):
    client_for(exam_staff).post(
        reverse("exams:staff_stages"),
        {
            "candidate": trainee.email,
            "stage": "SC",
            "date": "2026-01-10",
            "place": "Brest",
            "trainer_name": "J. Bernard",
            "hours": "14",
        },
    )
    assert StageRecord.objects.get().candidate == trainee


def test_the_form_refuses_an_unknown_trainee(exam_staff):
    response = client_for(exam_staff).post(
        reverse("exams:staff_stages"),
        {
            "candidate": "ghost@example.org",
            "stage": "SC",
            "date": "2026-01-10",
            "place": "Brest",
            "trainer_name": "x",
            "hours": "14",
        },
    )
    assert response.status_code == 422


def test_a_valid_csv_imports_every_line(exam_staff, trainee, trainer):
    text = (
        HEADER
        + f"{trainee.email};SC;2026-01-10;Brest;J. Bernard;14\n"
        + f"{trainer.email};so;15/02/2026;Lyon;S. Leroy;7,5\n"
    )
    response = upload(client_for(exam_staff), text)
    assert response.status_code == 302
    assert StageRecord.objects.count() == 2


def test_a_csv_with_comma_separators_is_accepted(exam_staff, trainee):
    text = HEADER.replace(";", ",") + f"{trainee.email},SC,2026-01-10,Brest,J. Bernard,14\n"
    upload(client_for(exam_staff), text)
    assert StageRecord.objects.count() == 1


def test_one_bad_line_imports_nothing_and_names_the_line(exam_staff, trainee):
    text = (
        HEADER + f"{trainee.email};SC;2026-01-10;Brest;J. Bernard;14\n{trainee.email};XX;2026-13-45;;;abc\n"
    )
    response = upload(client_for(exam_staff), text)
    content = response.content.decode()
    assert response.status_code == 422
    assert StageRecord.objects.count() == 0
    assert "Ligne 3" in content and "stage « XX » inconnu" in content and "lieu manquant" in content


def test_an_unknown_address_is_reported(exam_staff):
    response = upload(client_for(exam_staff), HEADER + "ghost@example.org;SC;2026-01-10;Brest;x;14\n")
    assert "aucun compte n&#x27;a l&#x27;adresse" in response.content.decode()


def test_a_wrong_header_is_reported(exam_staff, trainee):
    response = upload(client_for(exam_staff), "mail;stage\n" + f"{trainee.email};SC\n")
    assert "En-tête attendu" in response.content.decode()


def test_a_line_already_recorded_is_refused(exam_staff, trainee):
    line = f"{trainee.email};SC;2026-01-10;Brest;J. Bernard;14\n"
    upload(client_for(exam_staff), HEADER + line)
    response = upload(client_for(exam_staff), HEADER + line)
    assert "déjà enregistré" in response.content.decode()


def test_a_duplicate_line_in_the_file_is_refused(exam_staff, trainee):
    line = f"{trainee.email};SC;2026-01-10;Brest;J. Bernard;14\n"
    response = upload(client_for(exam_staff), HEADER + line + line)
    assert "en double" in response.content.decode()


def test_a_future_date_is_refused(exam_staff, trainee):
    response = upload(client_for(exam_staff), HEADER + f"{trainee.email};SC;2099-01-10;Brest;J. B;14\n")
    assert "dans le futur" in response.content.decode()


def test_a_file_that_is_not_utf8_is_refused(exam_staff):
    response = upload(client_for(exam_staff), "email;stage;date;lieu;formateur;heures\né".encode("latin-1"))
    assert response.status_code == 422
    assert "UTF-8" in response.content.decode()


def test_a_file_over_the_size_limit_is_refused(exam_staff):
    response = upload(client_for(exam_staff), HEADER + "x" * 600_000)
    assert "512 Kio" in response.content.decode()


def test_an_empty_file_is_refused(exam_staff):
    response = upload(client_for(exam_staff), HEADER)
    assert response.status_code == 422


def test_an_import_is_logged(exam_staff, trainee):
    upload(client_for(exam_staff), HEADER + f"{trainee.email};SC;2026-01-10;Brest;J. Bernard;14\n")
    assert AuditEntry.objects.get(action=AuditEntry.Action.IMPORT).details["records"] == 1


def test_the_template_parses_as_a_valid_header(exam_staff):
    response = client_for(exam_staff).get(reverse("exams:staff_stages_template"))
    assert response.content.decode().splitlines()[0] == "email;stage;date;lieu;formateur;heures"
    assert response["Content-Disposition"].startswith("attachment")
