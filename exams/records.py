"""What a trainee's record page shows, for the trainee and for exam staff."""

from __future__ import annotations

from django.utils import timezone
from django.utils.translation import gettext as _

from exams import eligibility, services
from exams.models import Title


def records_context(user) -> dict:
    today = timezone.localdate()
    file = services.candidate_file(user)
    titles = [
        {"title": title, "decision": eligibility.title_eligibility(file, title=title, on=today)}
        for title in (Title.AFJ, Title.AFC, Title.AFO)
    ]
    titles.append(
        {"title": "AFO2", "label": _("AFO — niveau 2 (art. 11.1)"),
         "decision": eligibility.afo_level_2_eligibility(file, on=today)}
    )
    unit_passes = list(user.unit_passes.select_related("session"))
    for unit_pass in unit_passes:
        # The table says "valide" exactly when the titles' computation counts the unit.
        unit_pass.valid_today = unit_pass.is_valid_on(today)
    return {
        "person": user,
        "today": today,
        "stages": user.stage_records.all(),
        "unit_passes": unit_passes,
        "asp_records": user.asp_records.all(),
        "technical_reports": user.technical_reports.all(),
        "title_awards": user.title_awards.select_related("awarded_by"),
        "title_eligibility": titles,
        "activity": eligibility.title_activity(file, today),
        "qualifications": user.qualifications.all(),
        "officiated_tournaments": user.officiated_tournaments.all(),
    }
