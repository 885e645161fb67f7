"""What a trainee's record page shows, for the trainee and for exam staff."""

from __future__ import annotations

from django.utils import timezone

from exams import eligibility, services
from exams.models import Title


def records_context(user) -> dict:
    today = timezone.localdate()
    file = services.candidate_file(user)
    titles = [
        {"title": title, "decision": eligibility.title_eligibility(file, title=title, on=today)}
        for title in (Title.AFJ, Title.AFC, Title.AFO)
    ]
    return {
        "person": user,
        "today": today,
        "stages": user.stage_records.all(),
        "unit_passes": user.unit_passes.select_related("session"),
        "asp_records": user.asp_records.all(),
        "technical_reports": user.technical_reports.all(),
        "title_awards": user.title_awards.select_related("awarded_by"),
        "title_eligibility": titles,
    }
