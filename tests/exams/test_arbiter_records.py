"""The records exam staff enter from a document share one base (ArbiterRecord) and keep their names."""

from __future__ import annotations

import datetime

import pytest

from exams.models import OfficiatedTournament, Qualification, TechnicalReport


@pytest.mark.parametrize(
    ("model", "accessor"),
    [
        (TechnicalReport, "technical_reports"),
        (Qualification, "qualifications"),
        (OfficiatedTournament, "officiated_tournaments"),
    ],
)
def test_each_record_keeps_its_reverse_name_on_the_arbiter(model, accessor):
    assert model._meta.get_field("candidate").remote_field.get_accessor_name() == accessor


def test_deleting_the_arbiter_deletes_the_records_but_not_the_staff_who_entered_them(trainee, exam_staff):
    TechnicalReport.objects.create(candidate=trainee, tournament="Open de Caen",
                                   validated_on=datetime.date(2025, 5, 1), recorded_by=exam_staff)
    Qualification.objects.create(candidate=exam_staff, kind="asp", obtained_on=datetime.date(2025, 1, 1),
                                 recorded_by=trainee)
    trainee.delete()
    assert not TechnicalReport.objects.exists()
    assert Qualification.objects.get().recorded_by is None
